//! Compares two builds of a book, file by file: byte for byte, or with the
//! citations and the References sections of the second taken out first.

use regex::Regex;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// The title the marked books' References sections get: one no real book
/// uses, so that no section of the book is replaced.
pub const REFERENCES_TITLE: &str = "Sources of evidence";

/// A rendered citation (` <a class="evidence-cite" …>[n]</a>`, with the
/// space the marker was written after).
static CITATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#" <(a|span) class="evidence-cite"[^>]*>\[\d+\]</(a|span)>"#).expect("pattern")
});

/// A References section as mdBook renders it: the heading, then the block
/// of entries.
static REFERENCES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?s)\n<h2 id="[^"]*sources-of-evidence[^"]*">.*?</h2>\n<div class="evidence-references">.*?\n</div>\n"#,
    )
    .expect("pattern")
});

/// How two builds differ.
#[derive(Debug, Default)]
pub struct Differences {
    /// Files compared.
    pub files: usize,
    /// Files that differ (or exist in one build only), relative to the
    /// build directory, with the first differing line of each.
    pub differing: Vec<(PathBuf, String)>,
}

/// Compares the files under `a` and `b`; with `strip`, the citations and
/// References sections of `b`'s HTML files are taken out first.
pub fn compare(a: &Path, b: &Path, strip: bool) -> std::io::Result<Differences> {
    let mut names = BTreeSet::new();
    list(a, a, &mut names)?;
    list(b, b, &mut names)?;
    let mut out = Differences::default();
    for name in names {
        out.files += 1;
        let (left, right) = match (std::fs::read(a.join(&name)), std::fs::read(b.join(&name))) {
            (Ok(l), Ok(r)) => (l, r),
            _ => {
                out.differing.push((name, "in one build only".into()));
                continue;
            }
        };
        let right = if strip && name.extension().is_some_and(|e| e == "html") {
            without_evidence(&String::from_utf8_lossy(&right)).into_bytes()
        } else {
            right
        };
        if left != right {
            let (l, r) = (
                String::from_utf8_lossy(&left),
                String::from_utf8_lossy(&right),
            );
            let first = l
                .lines()
                .zip(r.lines())
                .find(|(x, y)| x != y)
                .map(|(x, y)| format!("-{:.200}\n+{:.200}", x.trim(), y.trim()))
                .unwrap_or_else(|| "(lengths differ)".into());
            out.differing.push((name, first));
        }
    }
    Ok(out)
}

/// An HTML page without the citations and References sections.
pub fn without_evidence(html: &str) -> String {
    let html = REFERENCES.replace_all(html, "");
    CITATION.replace_all(&html, "").into_owned()
}

/// Every file under `dir`, relative to `root`.
fn list(root: &Path, dir: &Path, out: &mut BTreeSet<PathBuf>) -> std::io::Result<()> {
    if !dir.exists() {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            list(root, &path, out)?;
        } else if let Ok(rest) = path.strip_prefix(root) {
            out.insert(rest.to_owned());
        }
    }
    Ok(())
}
