//! Which claim `review --at` means: `FILE:LINE` or `FILE:LINE:COL` as
//! diagnostics print them, the file as `check BOOK` prints it (`rb/src/…`),
//! as `./src/…`, absolute, or from the book's root (`src/…`). One claim,
//! or a refusal that says exactly why and what to give instead.

use crate::session::Session;
use evidence_core::store::CitationRecord;
use evidence_verify::units::Unit;
use std::collections::BTreeSet;
use std::path::Path;

/// How many lines with claims a refusal names, nearest first.
const NEAREST: usize = 6;

/// A place as written: the file, the line, maybe the column.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Place {
    file: String,
    line: usize,
    column: Option<usize>,
}

/// The readings of `at`, preferred first: `FILE:LINE:COL`, then (a file
/// name may end in `:N`) `FILE:LINE`.
fn readings(at: &str) -> anyhow::Result<Vec<Place>> {
    let bad = || {
        anyhow::anyhow!(
            "--at {at:?} is not FILE:LINE or FILE:LINE:COL (e.g. src/brief.md:12, or src/brief.md:12:40 as diagnostics print it)"
        )
    };
    let number = |s: &str| -> Option<usize> {
        s.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| s.parse::<usize>().ok())
            .flatten()
            .filter(|n| *n > 0)
    };
    let at = at.trim();
    let (rest, last) = at.rsplit_once(':').ok_or_else(bad)?;
    let last = number(last).ok_or_else(bad)?;
    let mut out = Vec::new();
    if let Some((file, line)) = rest.rsplit_once(':')
        && let Some(line) = number(line)
        && !file.is_empty()
    {
        out.push(Place {
            file: file.replace('\\', "/"),
            line,
            column: Some(last),
        });
    }
    if !rest.is_empty() {
        out.push(Place {
            file: rest.replace('\\', "/"),
            line: last,
            column: None,
        });
    }
    if out.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

/// `file` as a path from the book's root, when it names a file of the
/// book: as written (`./` taken off), or resolved from the working
/// directory or from `book_dir` (`rb/src/…`, an absolute path).
fn from_root(file: &str, session: &Session, book_dir: &Path, known: &BTreeSet<&str>) -> String {
    let plain = file.trim_start_matches("./").to_owned();
    if known.contains(plain.as_str()) {
        return plain;
    }
    let root =
        std::fs::canonicalize(session.root()).unwrap_or_else(|_| session.root().to_path_buf());
    for base in [Path::new("."), book_dir, session.root()] {
        let Ok(full) = std::fs::canonicalize(base.join(file)) else {
            continue;
        };
        if let Ok(rel) = full.strip_prefix(&root) {
            let rel = rel.to_string_lossy().replace('\\', "/");
            if known.contains(rel.as_str()) || session.root().join(&rel).is_file() {
                return rel;
            }
        }
    }
    plain
}

/// The units `at` names: one claim (every set of passages it is judged
/// on), or an error saying why none, or which to choose. `all` is every
/// citation of the book, those of items with no passage too.
pub(super) fn claim_at<'u>(
    at: &str,
    units: &'u [Unit],
    all: &[CitationRecord],
    session: &Session,
    book_dir: &Path,
) -> anyhow::Result<Vec<&'u Unit>> {
    let known: BTreeSet<&str> = all.iter().map(|c| c.file.as_str()).collect();
    let places: Vec<Place> = readings(at)?
        .into_iter()
        .map(|p| Place {
            file: from_root(&p.file, session, book_dir, &known),
            ..p
        })
        .collect();
    // The first reading whose file the book cites from, else the first.
    let place = places
        .iter()
        .find(|p| known.contains(p.file.as_str()))
        .unwrap_or(&places[0]);
    let file = place.file.as_str();
    let in_file: Vec<&Unit> = units.iter().filter(|u| u.file == file).collect();
    if in_file.is_empty() {
        anyhow::bail!("{}", no_claims_in(file, session, &known));
    }
    let on_line: Vec<&Unit> = in_file
        .iter()
        .copied()
        .filter(|u| u.line == place.line)
        .collect();
    if on_line.is_empty() {
        anyhow::bail!("{}", no_claim_on(file, place.line, &in_file));
    }
    let columns: BTreeSet<usize> = on_line.iter().map(|u| u.column).collect();
    let column = match place.column {
        // A diagnostic inside a claim (a figure, a marker) names the
        // claim that starts last before it.
        Some(col) => match columns.range(..=col).next_back() {
            Some(&c) => c,
            None => anyhow::bail!(
                "no claim citing a passage starts at or before {file}:{}:{col}; on that line they start at {}",
                place.line,
                listing(file, place.line, &on_line)
            ),
        },
        None if columns.len() == 1 => *columns.first().unwrap_or(&0),
        None => anyhow::bail!(
            "{} claims citing a passage start on {file}:{}; give the one you judged as FILE:LINE:COL: {}",
            columns.len(),
            place.line,
            listing(file, place.line, &on_line)
        ),
    };
    Ok(on_line.into_iter().filter(|u| u.column == column).collect())
}

/// Each claim of `on_line` once: `FILE:LINE:COL "its first words…"`.
fn listing(file: &str, line: usize, on_line: &[&Unit]) -> String {
    let mut seen = BTreeSet::new();
    on_line
        .iter()
        .filter(|u| seen.insert(u.column))
        .map(|u| format!("{file}:{line}:{} \"{}\"", u.column, snippet(&u.claim)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A claim's first words, at most 40 characters.
fn snippet(claim: &str) -> String {
    const CHARS: usize = 40;
    let text = claim.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= CHARS {
        return text;
    }
    let cut: String = text.chars().take(CHARS).collect();
    format!("{}…", cut.trim_end())
}

/// Why `line` of `file` has no claim: the nearest lines that have one,
/// each once, in order.
fn no_claim_on(file: &str, line: usize, in_file: &[&Unit]) -> String {
    let lines: BTreeSet<usize> = in_file.iter().map(|u| u.line).collect();
    let mut nearest: Vec<usize> = lines.iter().copied().collect();
    nearest.sort_by_key(|l| (l.abs_diff(line), *l));
    nearest.truncate(NEAREST);
    nearest.sort_unstable();
    let shown: Vec<String> = nearest.iter().map(usize::to_string).collect();
    let more = if lines.len() > nearest.len() {
        format!(" (the nearest {} of {})", nearest.len(), lines.len())
    } else {
        String::new()
    };
    format!(
        "no claim citing a passage starts on line {line} of {file}; claims citing a passage start on {} {}{more}",
        if shown.len() == 1 { "line" } else { "lines" },
        shown.join(", ")
    )
}

/// Why `file` has no claim to review: it cites only items with no
/// passage, cites nothing, or is no chapter of the book.
fn no_claims_in(file: &str, session: &Session, known: &BTreeSet<&str>) -> String {
    if known.contains(file) {
        return format!(
            "{file} cites no passage: the items it cites hold no text to judge the claims by; run `mdbook-evidence fetch` to read their pages, then review"
        );
    }
    if session.root().join(file).is_file() {
        return format!("{file} has no claim that cites evidence");
    }
    match evidence_core::suggest::closest(file, known.iter().copied()) {
        Some(near) => format!(
            "{file} is no chapter of the book at {}; did you mean {near}?",
            session.root().display()
        ),
        None => format!(
            "{file} is no chapter of the book at {} (give the path as `check` prints it, e.g. {})",
            session.root().display(),
            known.iter().next().copied().unwrap_or("src/chapter.md")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_read_with_and_without_its_column() {
        let two = readings("src/a b.md:9:135").unwrap();
        assert_eq!(two[0].column, Some(135));
        assert_eq!((two[0].file.as_str(), two[0].line), ("src/a b.md", 9));
        assert_eq!((two[1].file.as_str(), two[1].line), ("src/a b.md:9", 135));
        let one = readings("src\\日報.md:7").unwrap();
        assert_eq!(
            one,
            [Place {
                file: "src/日報.md".into(),
                line: 7,
                column: None
            }]
        );
        for bad in ["src/a.md", "src/a.md:０", "src/a.md:0", ":5", "src/a.md:5:"] {
            assert!(readings(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_snippet_is_cut_on_characters() {
        assert_eq!(snippet("短い"), "短い");
        let long = "根拠".repeat(30);
        assert!(snippet(&long).ends_with('…'));
        assert_eq!(snippet(&long).chars().count(), 41);
    }
}
