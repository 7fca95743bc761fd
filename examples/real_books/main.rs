//! Real books through mdbook-evidence: run it with `bench/real-books`
//! (which builds everything in release mode and finds the books); the
//! guide's "Real books" section records what it printed.
//!
//! `real_books --evidence BIN --work DIR NAME=REPO[:BOOK_SUBDIR]…` copies
//! each book three times under `DIR/NAME/` and builds each copy with
//! mdBook (in process, `mdbook-driver`), with the book's own preprocessors
//! and other renderers left out (they are not installed here; all three
//! copies build alike):
//!
//! * `baseline`: the book as it is;
//! * `warn`: with mdbook-evidence in `warn` mode and no markers: its HTML
//!   must be byte-identical to the baseline's;
//! * `marked`: with a marker after every paragraph and tight list item,
//!   each citing its own item of a generated store: its HTML must be the
//!   baseline's once the citations and References sections are taken out.
//!
//! Then it times `mdbook-evidence check --format json` on the marked copy
//! and prints one table row per book.

mod compare;
mod includes;
mod mark;

use anyhow::{Context, bail};
use clap::Parser;
use evidence_core::source_map::SourceMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "Real mdBook books through mdbook-evidence")]
struct Cli {
    /// The mdbook-evidence binary (a release build).
    #[arg(long)]
    evidence: PathBuf,
    /// Where the copies go (outside the repository).
    #[arg(long)]
    work: PathBuf,
    /// Timed runs of `check` per book (after one untimed run).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// The books: `NAME=REPO` or `NAME=REPO:SUBDIR` (the book's root in
    /// the repository, e.g. `mdbook-guide=../mdBook:guide`).
    #[arg(required = true)]
    books: Vec<String>,
}

/// What one book gave.
struct Row {
    name: String,
    chapters: u64,
    claims: u64,
    marked: usize,
    in_book: usize,
    resolved: u64,
    warn_identical: compare::Differences,
    marked_identical: compare::Differences,
    check: Duration,
    diagnostics: Vec<(String, usize)>,
    notes: usize,
    includes: includes::IncludeMap,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let evidence = std::path::absolute(&cli.evidence)?;
    let mut rows = Vec::new();
    for spec in &cli.books {
        let (name, place) = spec
            .split_once('=')
            .with_context(|| format!("{spec}: expected NAME=REPO[:SUBDIR]"))?;
        let (repo, sub) = place.split_once(':').unwrap_or((place, ""));
        let repo = Path::new(repo);
        if !repo.join(sub).join("book.toml").is_file() {
            println!(
                "skipped {name}: no book.toml in {}",
                repo.join(sub).display()
            );
            continue;
        }
        let work = cli.work.join(name);
        eprintln!("== {name}");
        rows.push(run_book(name, repo, sub, &work, &evidence, cli.runs)?);
    }
    print_table(&rows);
    if rows
        .iter()
        .any(|r| !r.warn_identical.differing.is_empty() || !r.marked_identical.differing.is_empty())
    {
        bail!("some output differs (listed above)");
    }
    Ok(())
}

/// Copies, marks, builds, compares and times one book.
fn run_book(
    name: &str,
    repo: &Path,
    sub: &str,
    work: &Path,
    evidence: &Path,
    runs: usize,
) -> anyhow::Result<Row> {
    let _ = std::fs::remove_dir_all(work);
    let mut roots = Vec::new();
    for copy in ["baseline", "warn", "marked"] {
        copy_tree(repo, &work.join(copy))?;
        let root = work.join(copy).join(sub);
        let with_evidence = copy != "baseline";
        configure(&root, with_evidence.then_some(evidence))?;
        roots.push(root);
    }
    let includes = includes::check(&roots[0])?;
    for line in includes.untraced.iter().chain(&includes.wrong).take(20) {
        println!("{name} (include map): {line}");
    }
    let marked = mark_book(&roots[2])?;
    let in_book = includes::count_expanded(&roots[2], "[EVID:")?;
    eprintln!("   {marked} markers added, {in_book} in the expanded chapters");
    let mut builds = Vec::new();
    for root in &roots {
        let book = mdbook_driver::MDBook::load(root)
            .with_context(|| format!("cannot load {}", root.display()))?;
        let out = root.join(&book.config.build.build_dir);
        book.build()
            .with_context(|| format!("cannot build {}", root.display()))?;
        builds.push(out);
    }
    let warn_identical = compare::compare(&builds[0], &builds[1], false)?;
    let marked_identical = compare::compare(&builds[0], &builds[2], true)?;
    for (what, d) in [("warn", &warn_identical), ("marked", &marked_identical)] {
        for (file, first) in d.differing.iter().take(10) {
            println!("{name} ({what}): {} differs:\n{first}", file.display());
        }
    }
    let (check, report) = time_check(evidence, &roots[2], runs)?;
    let totals = &report["totals"];
    let mut diagnostics: Vec<(String, usize)> = Vec::new();
    for v in report["violations"].as_array().into_iter().flatten() {
        let rule = v["rule"].as_str().unwrap_or("?").to_owned();
        match diagnostics.iter_mut().find(|(r, _)| *r == rule) {
            Some((_, n)) => *n += 1,
            None => diagnostics.push((rule, 1)),
        }
    }
    Ok(Row {
        name: name.to_owned(),
        chapters: totals["chapters"].as_u64().unwrap_or(0),
        claims: totals["total_bullets"].as_u64().unwrap_or(0),
        marked,
        in_book,
        resolved: totals["resolved_markers"].as_u64().unwrap_or(0),
        warn_identical,
        marked_identical,
        check,
        diagnostics,
        notes: report["notes"].as_array().map_or(0, Vec::len),
        includes,
    })
}

/// Leaves the book's own preprocessors and renderers out (not installed
/// here), turns the search index off (it indexes the References too), and
/// with `evidence` adds mdbook-evidence in `warn` mode.
fn configure(root: &Path, evidence: Option<&Path>) -> anyhow::Result<()> {
    let path = root.join("book.toml");
    let mut doc: toml_edit::DocumentMut = std::fs::read_to_string(&path)?.parse()?;
    doc.remove("preprocessor");
    if let Some(output) = doc.get_mut("output").and_then(|o| o.as_table_like_mut()) {
        let others: Vec<String> = output
            .iter()
            .map(|(k, _)| k.to_owned())
            .filter(|k| k != "html")
            .collect();
        for key in others {
            output.remove(&key);
        }
    }
    doc["output"]["html"]["search"]["enable"] = toml_edit::value(false);
    if let Some(bin) = evidence {
        let table = &mut doc["preprocessor"]["evidence"];
        table["command"] = toml_edit::value(bin.display().to_string());
        table["after"] = toml_edit::value(toml_edit::Array::from_iter(["links"]));
        table["store"] = toml_edit::value("evidence-store.json");
        table["mode"] = toml_edit::value("warn");
        table["references-title"] = toml_edit::value(compare::REFERENCES_TITLE);
        std::fs::write(root.join("evidence-store.json"), store(0))?;
    }
    std::fs::write(&path, doc.to_string())?;
    Ok(())
}

/// Adds a marker to every paragraph of the book's chapters and of the
/// markdown files they `{{#include}}`, and writes a store with one item per
/// marker; returns the number of markers.
fn mark_book(root: &Path) -> anyhow::Result<usize> {
    let md = mdbook_driver::MDBook::load(root)?;
    let src = root.join(&md.config.book.src);
    let mut files = std::collections::BTreeSet::new();
    for item in md.book.iter() {
        let mdbook_preprocessor::book::BookItem::Chapter(chapter) = item else {
            continue;
        };
        let Some(path) = &chapter.source_path else {
            continue;
        };
        let file = src.join(path);
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let dir = file.parent().unwrap_or(&src).to_owned();
        let read = |p: &Path| std::fs::read_to_string(p).ok();
        let expansion = SourceMap::expand(&file, text, &dir, &read);
        files.extend(
            expansion
                .map
                .files
                .into_iter()
                .map(|(path, _)| path)
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                // A chapter may show the summary in a code block.
                .filter(|p| p.file_name().is_none_or(|n| n != "SUMMARY.md")),
        );
    }
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        let (marked, n) = mark::mark(&text, "ev_", count + 1);
        if n > 0 {
            std::fs::write(&file, marked)?;
            count += n;
        }
    }
    std::fs::write(root.join("evidence-store.json"), store(count))?;
    Ok(count)
}

/// A store of `n` items `ev_1` … `ev_n`, each with a passage that states
/// no number (so that `number-not-in-evidence` reports every figure it
/// finds in the prose), from ten tier-1 publishers in turn (so that no
/// chapter's evidence is dominated by one).
fn store(n: usize) -> String {
    let sources: Vec<serde_json::Value> = (0..10)
        .map(|s| serde_json::json!({"source_id": format!("ref{s}"), "publisher": format!("Reference {s}"), "tier": 1}))
        .collect();
    let items: Vec<serde_json::Value> = (1..=n)
        .map(|i| {
            serde_json::json!({
                "id": format!("ev_{i}"), "source_id": format!("ref{}", i % 10),
                "url": format!("https://example.org/evidence/{i}"),
                "title": format!("Evidence {i}"), "published_at": "2026-01-01T00:00:00Z",
                "cited_text": "A passage that states nothing numeric."
            })
        })
        .collect();
    serde_json::json!({
        "schema_version": "evidence.v1",
        "sources": sources,
        "evidence": items,
    })
    .to_string()
}

/// Runs `check --format json` once untimed and `runs` times timed; the
/// median wall time and the report.
fn time_check(
    evidence: &Path,
    root: &Path,
    runs: usize,
) -> anyhow::Result<(Duration, serde_json::Value)> {
    let run = || -> anyhow::Result<(Duration, Vec<u8>)> {
        let start = Instant::now();
        let out = std::process::Command::new(evidence)
            .args(["check", "--format", "json"])
            .arg(root)
            .env("NO_COLOR", "1")
            .output()?;
        let took = start.elapsed();
        if !matches!(out.status.code(), Some(0 | 1)) {
            bail!(
                "check failed on {}: {}",
                root.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok((took, out.stdout))
    };
    let (_, stdout) = run()?;
    let mut times = Vec::new();
    for _ in 0..runs {
        times.push(run()?.0);
    }
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    Ok((median, serde_json::from_slice(&stdout)?))
}

/// Copies `from` to `to`, without version-control and build directories.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let name = entry.file_name();
        if matches!(name.to_str(), Some(".git" | "target" | "node_modules")) {
            continue;
        }
        let target = to.join(&name);
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// One markdown table row per book.
fn print_table(rows: &[Row]) {
    println!();
    println!(
        "| book | chapters | claims | markers added (in the expanded chapters) | markers recognised and resolved | warn mode: files identical | marked: files identical apart from citations and References | `check` (median) | diagnostics | notes | chapters with includes: traced | included lines: mapped right |"
    );
    println!("|---|---:|---:|---:|---:|---|---|---:|---|---:|---|---|");
    for r in rows {
        let same =
            |d: &compare::Differences| format!("{} of {}", d.files - d.differing.len(), d.files);
        let diagnostics: Vec<String> = r
            .diagnostics
            .iter()
            .map(|(rule, n)| format!("{n} `{rule}`"))
            .collect();
        let map = &r.includes;
        println!(
            "| {} | {} | {} | {} ({}) | {} | {} | {} | {:.0} ms | {} | {} | {} of {} | {} of {} |",
            r.name,
            r.chapters,
            r.claims,
            r.marked,
            r.in_book,
            r.resolved,
            same(&r.warn_identical),
            same(&r.marked_identical),
            r.check.as_secs_f64() * 1000.0,
            if diagnostics.is_empty() {
                "none".to_owned()
            } else {
                diagnostics.join(", ")
            },
            r.notes,
            map.traced,
            map.with_includes,
            map.lines - map.wrong.len(),
            map.lines
        );
    }
}
