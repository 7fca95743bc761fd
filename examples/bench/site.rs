//! End to end: `mdbook build` of the same book three ways, timed as whole
//! processes (mdBook and the preprocessor it spawns), and the size of the
//! site each writes.
//!
//! * **plain**: no preprocessor; the markers stay in the text as written.
//! * **evidence**: mdbook-evidence (the release binary as the
//!   preprocessor's `command`), with the card assets that
//!   `mdbook-evidence install` adds.
//! * **bib**: mdbook-bib on the same chapters with `{{#cite id}}` and a
//!   BibLaTeX file of the same items (`add-bib-in-chapters = true`).
//!
//! Wall and CPU time (user + system of mdBook and its children, from
//! `wait4`) are medians of interleaved runs after a warm-up, as for the
//! preprocessor-alone cases.

use crate::book::{Spec, Style};
use crate::measure::{RunArgs, Sample, mb, median, mib, run_command_quietly, wait_for_idle};
use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// An end-to-end case.
struct SiteCase {
    name: &'static str,
    chapters: usize,
    /// The store's items.
    items: usize,
    /// The book: `brief` (book.rs) or `bullets` (bullets.rs).
    shape: &'static str,
}

const SITE_CASES: [SiteCase; 4] = [
    SiteCase {
        name: "site-ch200",
        chapters: 200,
        items: crate::measure::ITEMS,
        shape: "brief",
    },
    SiteCase {
        name: "site-ch1000",
        chapters: 1000,
        items: crate::measure::ITEMS,
        shape: "brief",
    },
    SiteCase {
        name: "site-bullets-ch200",
        chapters: 200,
        // Each item cited in four chapters, as in the 1,000-chapter book:
        // with 20,000 items the plain book would index 16,000 distinct
        // markers, a baseline the larger book does not have.
        items: 4_000,
        shape: "bullets",
    },
    SiteCase {
        name: "site-bullets-ch1000",
        chapters: 1000,
        items: crate::measure::ITEMS,
        shape: "bullets",
    },
];

/// The tools of the end-to-end runs.
pub struct SiteTools {
    /// The `mdbook` binary (0.5).
    pub mdbook: PathBuf,
    /// mdbook-bib, when on PATH.
    pub bib: Option<PathBuf>,
}

/// What one build wrote.
#[derive(Clone, Copy, Default)]
struct SiteSize {
    total: u64,
    print: u64,
    search: u64,
    /// The mean size of a chapter's page.
    page: u64,
}

struct SiteRow {
    name: &'static str,
    chapters: usize,
    /// Per tool (plain, evidence, bib): median wall, CPU, peak RSS, size.
    tools: Vec<(&'static str, f64, f64, u64, SiteSize)>,
}

/// The end-to-end cases selected by `--only` (all when empty).
pub fn selected(only: &[String]) -> Vec<&'static str> {
    SITE_CASES
        .iter()
        .filter(|c| only.is_empty() || only.iter().any(|o| c.name.contains(o.as_str())))
        .map(|c| c.name)
        .collect()
}

/// Runs the selected end-to-end cases and prints their table and targets.
pub fn run(args: &RunArgs, tools: Option<&SiteTools>, names: &[&str]) -> anyhow::Result<()> {
    if names.is_empty() {
        return Ok(());
    }
    let Some(tools) = tools else {
        println!();
        println!(
            "end to end ({}): not measured, no mdbook 0.5 binary (bench/run looks on PATH and in target/tools/bin; \
             install with `cargo install mdbook@0.5.4 mdbook-bib@0.5.3 --locked --root target/tools`)",
            names.join(", ")
        );
        return Ok(());
    };
    let mut rows = Vec::new();
    for case in SITE_CASES.iter().filter(|c| names.contains(&c.name)) {
        rows.push(run_case(args, tools, case)?);
    }
    print_rows(&rows);
    Ok(())
}

fn run_case(args: &RunArgs, tools: &SiteTools, case: &SiteCase) -> anyhow::Result<SiteRow> {
    let spec = Spec {
        chapters: case.chapters,
        items: case.items,
        style: Style::Evid,
    };
    let base = args.work.join(case.name);
    eprintln!("== {}: generating {}", case.name, base.display());
    let evidence_book = base.join("evidence");
    let plain_book = base.join("plain");
    crate::measure::generate_shape(&spec, case.shape, &evidence_book)?;
    crate::measure::generate_shape(&spec, case.shape, &plain_book)?;
    std::fs::write(
        plain_book.join("book.toml"),
        "[book]\ntitle = \"Benchmark report\"\n",
    )?;
    let evidence = std::fs::canonicalize(&args.evidence)
        .with_context(|| format!("{} not found", args.evidence.display()))?;
    write_evidence_book(&evidence_book, &evidence, "")?;
    let mut books: Vec<(&'static str, PathBuf)> =
        vec![("plain", plain_book), ("evidence", evidence_book.clone())];
    // The same book under other settings or binaries: a copy of its
    // sources with another book.toml.
    let mut variant = |name: &'static str, binary: &Path, keys: &str| -> anyhow::Result<()> {
        let dir = base.join(name);
        copy_book(&evidence_book, &dir)?;
        write_evidence_book(&dir, binary, keys)?;
        books.push((name, dir));
        Ok(())
    };
    if let Some(before) = &args.evidence_before {
        let before = std::fs::canonicalize(before)
            .with_context(|| format!("{} not found", before.display()))?;
        variant("evidence-before", &before, "")?;
    }
    if args.site_variants {
        variant(
            "evidence-search-passages",
            &evidence,
            "search-passages = true\n",
        )?;
        variant(
            "evidence-compact",
            &evidence,
            "references-style = \"compact\"\n",
        )?;
    }
    if let Some(bib) = &tools.bib {
        // mdBook runs a relative command from the book's root.
        let bib =
            std::fs::canonicalize(bib).with_context(|| format!("{} not found", bib.display()))?;
        let bib = &bib;
        let bib_book = base.join("bib");
        let spec = Spec {
            style: Style::Cite,
            ..spec
        };
        crate::measure::generate_shape(&spec, case.shape, &bib_book)?;
        let toml = std::fs::read_to_string(bib_book.join("book.toml"))?.replace(
            "[preprocessor.bib]\n",
            &format!("[preprocessor.bib]\ncommand = {}\n", toml_string(bib)),
        );
        std::fs::write(bib_book.join("book.toml"), toml)?;
        books.push(("bib", bib_book));
    }
    match wait_for_idle(args.wait_idle) {
        Some(idle) => eprintln!("   CPUs {:.0}% idle before the runs", idle * 100.0),
        None => eprintln!("   CPU idleness unknown (no /proc/stat)"),
    }
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); books.len()];
    for run in 0..=args.runs {
        for (i, (tool, book)) in books.iter().enumerate() {
            let log = base.join(format!("build.{tool}"));
            let mut command = Command::new(&tools.mdbook);
            command.arg("build").arg(book);
            let (sample, _) = run_command_quietly(&mut command, &log, args.retries)?;
            if run > 0 {
                samples[i].push(sample);
            }
        }
        let walls: Vec<String> = samples
            .iter()
            .zip(&books)
            .filter_map(|(s, (tool, _))| s.last().map(|s| format!("{tool} {:.2}", s.wall)))
            .collect();
        eprintln!("   run {run}: {}", walls.join(", "));
    }
    let mut row = SiteRow {
        name: case.name,
        chapters: case.chapters,
        tools: Vec::new(),
    };
    for ((tool, book), s) in books.iter().zip(&samples) {
        row.tools.push((
            tool,
            median(s.iter().map(|s| s.wall).collect()),
            median(s.iter().map(|s| s.cpu).collect()),
            median(s.iter().map(|s| s.rss_kib as f64).collect()) as u64,
            site_size(&book.join("book"), case.chapters)?,
        ));
    }
    Ok(row)
}

/// Copies the book in `from` (book.toml, src/, evidence/, not the built
/// site) to `to`.
fn copy_book(from: &Path, to: &Path) -> anyhow::Result<()> {
    if to.exists() {
        std::fs::remove_dir_all(to)?;
    }
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        std::fs::create_dir_all(to.join(&rel))?;
        for entry in std::fs::read_dir(from.join(&rel))? {
            let entry = entry?;
            let name = rel.join(entry.file_name());
            if rel.as_os_str().is_empty() && entry.file_name() == "book" {
                continue;
            }
            if entry.file_type()?.is_dir() {
                stack.push(name);
            } else {
                std::fs::copy(entry.path(), to.join(&name))?;
            }
        }
    }
    Ok(())
}

/// The evidence book as `mdbook-evidence install` leaves it, with
/// `evidence` as the preprocessor's command and `keys` (TOML lines) added
/// to its table.
fn write_evidence_book(dir: &Path, evidence: &Path, keys: &str) -> anyhow::Result<()> {
    let assets = dir.join("theme/evidence");
    std::fs::create_dir_all(&assets)?;
    std::fs::write(assets.join("evidence.css"), mdbook_evidence::install::CSS)?;
    std::fs::write(assets.join("evidence.js"), mdbook_evidence::install::JS)?;
    std::fs::write(
        dir.join("book.toml"),
        format!(
            "[book]\ntitle = \"Benchmark report\"\n\n[preprocessor.evidence]\ncommand = {}\nafter = [\"links\"]\n\
             store = \"evidence/store.json\"\nas-of = \"2026-02-11\"\n{keys}\n[output.html]\n\
             additional-css = [\"theme/evidence/evidence.css\"]\nadditional-js = [\"theme/evidence/evidence.js\"]\n",
            toml_string(evidence)
        ),
    )?;
    Ok(())
}

/// `path` as a TOML basic string.
fn toml_string(path: &Path) -> String {
    let text = path.display().to_string();
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The sizes of the site under `dir`.
fn site_size(dir: &Path, chapters: usize) -> anyhow::Result<SiteSize> {
    let mut size = SiteSize::default();
    let mut pages = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| format!("{}", dir.display()))? {
            let entry = entry?;
            let meta = entry.metadata()?;
            let path = entry.path();
            if meta.is_dir() {
                stack.push(path);
                continue;
            }
            size.total += meta.len();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "print.html" {
                size.print = meta.len();
            } else if name.starts_with("searchindex") {
                size.search += meta.len();
            } else if name.starts_with("brief-") && name.ends_with(".html") {
                pages += meta.len();
            }
        }
    }
    if size.total == 0 {
        bail!("{} is empty", dir.display());
    }
    size.page = pages / chapters.max(1) as u64;
    Ok(size)
}

fn print_rows(rows: &[SiteRow]) {
    println!();
    println!(
        "| end to end (`mdbook build`) | chapters | build | wall s | CPU s | peak MiB | site MB | print.html MB | search index MB | chapter page KB | wall / plain | site / plain |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        let Some(&(_, plain_wall, _, _, plain_size)) = row.tools.first() else {
            continue;
        };
        for &(tool, wall, cpu, rss, size) in &row.tools {
            println!(
                "| {} | {} | {tool} | {wall:.2} | {cpu:.2} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2}x | {:.2}x |",
                row.name,
                row.chapters,
                mib(rss),
                mb(size.total),
                mb(size.print),
                mb(size.search),
                size.page as f64 / 1e3,
                wall / plain_wall,
                size.total as f64 / plain_size.total as f64,
            );
        }
    }
    println!();
    let verdict = |ok: bool| if ok { "met" } else { "NOT MET" };
    for row in rows {
        let find = |name: &str| row.tools.iter().find(|t| t.0 == name);
        let (Some(plain), Some(evidence)) = (find("plain"), find("evidence")) else {
            continue;
        };
        let ratio = evidence.1 / plain.1;
        let cpu_ratio = evidence.2 / plain.2;
        println!(
            "target mdbook build with evidence <= 1.5x plain ({}): {:.2} s vs {:.2} s = {ratio:.2}x (CPU {cpu_ratio:.2}x): {}",
            row.name,
            evidence.1,
            plain.1,
            verdict(ratio <= 1.5)
        );
        let size = evidence.4.total as f64 / plain.4.total as f64;
        println!(
            "target site <= 1.5x plain ({}): {:.1} MB vs {:.1} MB = {size:.2}x: {}",
            row.name,
            mb(evidence.4.total),
            mb(plain.4.total),
            verdict(size <= 1.5)
        );
        match find("bib") {
            Some(bib) => println!(
                "target mdbook build with evidence faster than with mdbook-bib ({}): {:.2} s vs {:.2} s (CPU {:.2} s vs {:.2} s): {}",
                row.name,
                evidence.1,
                bib.1,
                evidence.2,
                bib.2,
                verdict(evidence.1 < bib.1)
            ),
            None => println!(
                "target faster than mdbook-bib ({}): not measured (mdbook-bib not found)",
                row.name
            ),
        }
    }
}
