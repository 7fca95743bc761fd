//! Pathological books: the shapes that once made a run quadratic or hang,
//! each at two sizes ten times apart, so that the benchmark shows how the
//! time grows (linear: about 10x; the target is at most about 11x).
//!
//! * `uncited`: one chapter of N uncited paragraphs (N diagnostics).
//! * `suppressed`: the same, each paragraph under a suppression comment.
//! * `longline`: N sentence claims, all uncited, on one line of N × 11
//!   bytes (10,000 violations on a 110 KB line at the larger size).
//! * `lonecr`: one chapter with lone-CR line endings and N bullets, each
//!   citing an item.
//! * `fifo`: a FIFO as the store, and one inside a store directory of N
//!   files: refused by file type before any open, however many files.
//! * `removed`: `remove` mode on one line of N sentences in non-ASCII
//!   typography, each with a marker that does not resolve in both shapes
//!   (`[EVID:…]` and `(EVID:…)`): N claims and 2N markers taken out of one
//!   line, each removal looking at its neighbours on the line.
//! * `passages`: one line of N sentences in non-ASCII typography (NBSP,
//!   ideographic space, full-width digits, CJK, emoji), each citing an item
//!   whose passage lacks the sentence's figure and words: N
//!   `number-not-in-evidence` and N `claim-not-in-evidence` findings with
//!   columns counted in characters.
//! * `ranges`: a chapter with a citation list of 100 items and one line
//!   of N `[1-100]` ranges written next to each other: one run of 100·N
//!   markers (the line is 7·N bytes).
//! * `idrun`: one line of N `[EVID:…]` markers next to each other, each
//!   citing another item (a store of N items): one run of N citations of
//!   N distinct items, and a References section of N entries.
//! * `nested`: one line of N `[` then a marker and N `]` (`[[[[EVID:…]]]]`),
//!   with a marker that does not resolve in `remove` mode, whose removal
//!   looks for the brackets around it.
//! * `footnotes`: one line of N footnote references, each followed by a
//!   marker (`[^n] [EVID:…]`), and the N definitions, each citing too.
//! * `import`: not a book but `mdbook-evidence import` of an OpenAI
//!   Responses answer with N `url_citation` annotations in non-ASCII text
//!   (`import_answer.rs`), at 2,000, 20,000 and 40,000.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A pathological shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Shape {
    /// N uncited paragraphs in one chapter.
    Uncited,
    /// N uncited paragraphs, each under a suppression comment.
    Suppressed,
    /// N uncited sentences on one line.
    Longline,
    /// N citing bullets, lone-CR line endings.
    Lonecr,
    /// A store directory of N files and a FIFO.
    Fifo,
    /// N removed claims and 2N removed markers on one line.
    Removed,
    /// N sentences on one line, each citing a passage that lacks it.
    Passages,
    /// N `[1-100]` ranges next to each other on one line.
    Ranges,
    /// N markers of N distinct items next to each other on one line.
    Idrun,
    /// A marker in N pairs of brackets, removed.
    Nested,
    /// N footnote references on one line, each beside a marker.
    Footnotes,
    /// An answer with N annotations, imported.
    Import,
}

impl Shape {
    /// The exit code the preprocessor gives on this shape: 0, or 2 for the
    /// FIFO, which is refused.
    pub fn expected_exit(self) -> i32 {
        if self == Shape::Fifo { 2 } else { 0 }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Uncited => "uncited",
            Shape::Suppressed => "suppressed",
            Shape::Longline => "longline",
            Shape::Lonecr => "lonecr",
            Shape::Fifo => "fifo",
            Shape::Removed => "removed",
            Shape::Passages => "passages",
            Shape::Ranges => "ranges",
            Shape::Idrun => "idrun",
            Shape::Nested => "nested",
            Shape::Footnotes => "footnotes",
            Shape::Import => "import",
        }
    }
}

/// Items of the store: enough for the citing shapes.
const ITEMS: usize = 100;

/// The chapter of `shape` at size `n`.
fn chapter(shape: Shape, n: usize) -> String {
    let mut out = String::with_capacity(n * 64);
    match shape {
        Shape::Uncited | Shape::Fifo => {
            out.push_str("# Uncited\n\n");
            for i in 0..n {
                let _ = write!(out, "Rates rose by {i} points in this market today.\n\n");
            }
        }
        Shape::Suppressed => {
            out.push_str("# Suppressed\n\n");
            for i in 0..n {
                let _ = write!(
                    out,
                    "<!-- evidence-disable-next-line ungrounded-claim reason=\"a draft\" -->\nRates rose by {i} points in this market today.\n\n"
                );
            }
        }
        Shape::Longline => {
            out.push_str("# One line\n\n");
            for _ in 0..n {
                out.push_str("Rate up 5. ");
            }
            out.push('\n');
        }
        Shape::Removed => {
            out.push_str("# Removed\n\n");
            for i in 0..n {
                let _ = write!(
                    out,
                    "Rates rose 4.4\u{a0}% in 東京 😀 [EVID:gone_{i}] (EVID:gone_{i}). "
                );
            }
            out.push('\n');
        }
        Shape::Passages => {
            out.push_str("# Passages\n\n");
            for i in 0..n {
                let _ = write!(
                    out,
                    "Payrolls in 東京 grew \u{ff13}\u{3000}% 😀 to {i}\u{a0}000 jobs [EVID:ev_{:03}]. ",
                    i % ITEMS
                );
            }
            out.push('\n');
        }
        Shape::Ranges => {
            out.push_str("# Ranges\n\nRates rose in 東京 😀 ");
            for _ in 0..n {
                out.push_str("[1-100]");
            }
            out.push_str(".\n");
        }
        Shape::Idrun => {
            out.push_str("# One run\n\nRates rose in 東京 😀 ");
            for i in 0..n {
                let _ = write!(out, "[EVID:ev_{i:03}]");
            }
            out.push_str(".\n");
        }
        Shape::Nested => {
            out.push_str("# Nested\n\nRates rose in 東京 😀 ");
            out.push_str(&"[".repeat(n));
            out.push_str("[EVID:gone]");
            out.push_str(&"]".repeat(n));
            out.push_str(" and fell [EVID:ev_000].\n");
        }
        Shape::Footnotes => {
            out.push_str("# Footnotes\n\nRates rose in 東京 😀");
            for i in 0..n {
                let _ = write!(out, " [^n{i}] [EVID:ev_{:03}]", i % ITEMS);
            }
            out.push_str(".\n\n");
            for i in 0..n {
                let _ = writeln!(
                    out,
                    "[^n{i}]: Desk note {i} in 大阪 [EVID:ev_{:03}].",
                    i % ITEMS
                );
            }
        }
        // Not a book: `generate` writes the answer.
        Shape::Import => {}
        Shape::Lonecr => {
            out.push_str("# Lone CR\r\r");
            for i in 0..n {
                let _ = write!(
                    out,
                    "- Rates rose in market {i} as the desk said [EVID:ev_{:03}].\r",
                    i % ITEMS
                );
            }
        }
    }
    out
}

/// The store: `items` items from a tier-1 source, with a passage (in
/// non-ASCII typography) when `passages`, and the citation list of the
/// chapter, `c.md`, of the first `ITEMS` when `list`.
fn store_json(items: usize, passages: bool, list: bool) -> String {
    let passage = if passages {
        ", \"cited_text\": \"Inflation eased to 2.5\\u00a0percent in 大阪 🙂.\""
    } else {
        ""
    };
    let mut out = String::from(
        "{\"schema_version\": \"evidence.v1\", \"sources\": [{\"source_id\": \"fed\", \"publisher\": \"Federal Reserve\", \"tier\": 1}], \"evidence\": [",
    );
    for i in 0..items {
        let comma = if i + 1 < items { "," } else { "" };
        let _ = write!(
            out,
            "{{\"id\": \"ev_{i:03}\", \"source_id\": \"fed\", \"url\": \"https://e.org/{i}\", \"title\": \"Item {i}\", \"published_at\": \"2026-02-10T19:00:00Z\"{passage}}}{comma}"
        );
    }
    out.push(']');
    if list {
        let ids: Vec<String> = (0..ITEMS).map(|i| format!("\"ev_{i:03}\"")).collect();
        let _ = write!(out, ", \"chapters\": {{\"c.md\": [{}]}}", ids.join(", "));
    }
    out.push_str("}\n");
    out
}

/// Writes the book of `shape` at size `n` under `dir` (replacing what was
/// there) and returns the path of its `stdin.json` (for `import`, the
/// answer to import, `response.json`).
pub fn generate(shape: Shape, n: usize, dir: &Path) -> anyhow::Result<PathBuf> {
    if dir.exists() {
        std::fs::remove_dir_all(dir)?;
    }
    if shape == Shape::Import {
        std::fs::create_dir_all(dir)?;
        return crate::import_answer::write(dir, n);
    }
    std::fs::create_dir_all(dir.join("src"))?;
    std::fs::create_dir_all(dir.join("evidence"))?;
    let store = match shape {
        Shape::Fifo => {
            // N ordinary files, and a FIFO that nothing ever writes to: an
            // open of it would block forever.
            for i in 0..n {
                std::fs::write(
                    dir.join(format!("evidence/part-{i:06}.json")),
                    "{\"schema_version\": \"evidence.v1\", \"sources\": [], \"evidence\": []}\n",
                )?;
            }
            make_fifo(&dir.join("evidence/zz-fifo.json"))?;
            "evidence"
        }
        _ => {
            std::fs::write(
                dir.join("evidence/store.json"),
                store_json(
                    if shape == Shape::Idrun {
                        n.max(ITEMS)
                    } else {
                        ITEMS
                    },
                    shape == Shape::Passages,
                    shape == Shape::Ranges,
                ),
            )?;
            "evidence/store.json"
        }
    };
    std::fs::write(
        dir.join("book.toml"),
        format!(
            "[book]\ntitle = \"Pathological\"\n\n[preprocessor.evidence]\nafter = [\"links\"]\nstore = \"{store}\"\nas-of = \"2026-02-11\"\n{}",
            match shape {
                Shape::Longline | Shape::Passages => "mode = \"warn\"\nclaims = \"sentences\"\n",
                Shape::Removed =>
                    "mode = \"remove\"\nclaims = \"sentences\"\nmax-removed = 1000000\n",
                Shape::Nested => "mode = \"remove\"\n",
                Shape::Ranges => "mode = \"warn\"\ncitation-style = \"ranges\"\n",
                _ => "mode = \"warn\"\n",
            }
        ),
    )?;
    std::fs::write(
        dir.join("src/SUMMARY.md"),
        "# Summary\n\n- [Chapter](c.md)\n",
    )?;
    std::fs::write(dir.join("src/c.md"), chapter(shape, n))?;
    crate::write_stdin(dir)
}

/// Makes a FIFO at `path`.
fn make_fifo(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::ffi::OsStrExt as _;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes())?;
    // SAFETY: `name` is a valid NUL-terminated path.
    if unsafe { libc::mkfifo(name.as_ptr(), 0o600) } != 0 {
        anyhow::bail!(
            "mkfifo {}: {}",
            path.display(),
            std::io::Error::last_os_error()
        );
    }
    Ok(())
}

/// A pathological case: a shape at a size.
#[derive(Debug, Clone)]
pub struct Case {
    /// `uncited-10k`, …
    pub name: String,
    /// The shape.
    pub shape: Shape,
    /// Its size.
    pub n: usize,
}

/// Each shape at two sizes, ten times apart.
fn cases() -> Vec<Case> {
    let sizes = [
        (Shape::Uncited, 10_000),
        (Shape::Suppressed, 10_000),
        (Shape::Longline, 1_000),
        (Shape::Lonecr, 10_000),
        (Shape::Fifo, 1_000),
        (Shape::Removed, 1_000),
        (Shape::Passages, 1_000),
        (Shape::Ranges, 1_000),
        (Shape::Idrun, 1_000),
        (Shape::Nested, 1_000),
        (Shape::Footnotes, 1_000),
    ];
    let mut out = Vec::new();
    // The import's sizes: ten times apart, and the 40,000 of issue 40.
    let import = [(Shape::Import, 2_000), (Shape::Import, 20_000)];
    for (shape, small) in sizes.into_iter().chain(import) {
        let sizes: &[usize] = if (shape, small) == (Shape::Import, 20_000) {
            &[40_000]
        } else {
            &[small, small * 10]
        };
        for &n in sizes {
            out.push(Case {
                name: format!("{}-{}k", shape.name(), n / 1000),
                shape,
                n,
            });
        }
    }
    out
}

/// The cases whose name contains one of `only` (all when it is empty).
pub fn selected(only: &[String]) -> Vec<Case> {
    cases()
        .into_iter()
        .filter(|c| only.is_empty() || only.iter().any(|o| c.name.contains(o.as_str())))
        .collect()
}

/// Medians of one case.
struct Row {
    case: Case,
    stdin_bytes: u64,
    nop: f64,
    wall: f64,
    cpu: f64,
    rss_kib: u64,
    stderr_bytes: u64,
}

/// Times the nop and mdbook-evidence on each case (as `measure::run` times
/// the briefs), prints a table and each shape's growth over ten times the
/// input.
pub fn run(args: &crate::measure::RunArgs, cases: &[Case]) -> anyhow::Result<()> {
    use crate::measure::{median, run_quietly, wait_for_idle};
    let mut rows = Vec::new();
    for case in cases {
        let dir = args.work.join(format!("pathological-{}", case.name));
        eprintln!("== {}: generating {}", case.name, dir.display());
        let status = std::process::Command::new(std::env::current_exe()?)
            .args(["gen-pathological", "--shape", case.shape.name(), "--out"])
            .arg(&dir)
            .args(["--n", &case.n.to_string()])
            .stderr(std::process::Stdio::null())
            .status()?;
        anyhow::ensure!(status.success(), "generating {} failed", dir.display());
        let input = if case.shape == Shape::Import {
            "response.json"
        } else {
            "stdin.json"
        };
        let stdin = dir.canonicalize()?.join(input);
        if let Some(idle) = wait_for_idle(args.wait_idle) {
            eprintln!("   CPUs {:.0}% idle before the runs", idle * 100.0);
        }
        let (mut nop, mut evidence) = (Vec::new(), Vec::new());
        for run in 0..=args.runs {
            if case.shape == Shape::Import {
                let e = run_import(args, &dir, &stdin)?;
                if run > 0 {
                    // No nop to compare with: the import is no preprocessor.
                    nop.push(crate::measure::Sample {
                        wall: 0.0,
                        cpu: 0.0,
                        rss_kib: 0,
                    });
                    evidence.push(e.0);
                }
                continue;
            }
            let n = run_quietly(
                &args.nop,
                &stdin,
                &dir.join("out.nop.json"),
                args.retries,
                0,
            )?;
            let e = run_quietly(
                &args.evidence,
                &stdin,
                &dir.join("out.evidence.json"),
                args.retries,
                case.shape.expected_exit(),
            )?;
            if run > 0 {
                nop.push(n.0);
                evidence.push(e.0);
            }
        }
        let walls: Vec<String> = evidence.iter().map(|s| format!("{:.3}", s.wall)).collect();
        eprintln!("   evidence: {}", walls.join(" "));
        rows.push(Row {
            case: case.clone(),
            stdin_bytes: stdin.metadata()?.len(),
            nop: median(nop.iter().map(|s| s.wall).collect()),
            wall: median(evidence.iter().map(|s| s.wall).collect()),
            cpu: median(evidence.iter().map(|s| s.cpu).collect()),
            rss_kib: median(evidence.iter().map(|s| s.rss_kib as f64).collect()) as u64,
            stderr_bytes: dir.join(stderr_file(case.shape)).metadata()?.len(),
        });
    }
    print_rows(&rows);
    Ok(())
}

/// Where a case's stderr goes.
fn stderr_file(shape: Shape) -> &'static str {
    if shape == Shape::Import {
        "import.err"
    } else {
        "out.evidence.stderr"
    }
}

/// Times `mdbook-evidence import` of `response` into `dir` (a second run
/// replaces what the first wrote: the same response's import).
fn run_import(
    args: &crate::measure::RunArgs,
    dir: &Path,
    response: &Path,
) -> anyhow::Result<(crate::measure::Sample, bool)> {
    let mut command = std::process::Command::new(&args.evidence);
    command
        .arg("import")
        .arg("openai")
        .arg(response)
        .arg("--chapter")
        .arg(dir.join("answer.md"))
        .arg("--store")
        .arg(dir.join("answer.json"));
    crate::measure::run_command_quietly(&mut command, &dir.join("import.log"), args.retries)
}

fn print_rows(rows: &[Row]) {
    use crate::measure::{mb, mib};
    if rows.is_empty() {
        return;
    }
    println!();
    println!(
        "| pathological case | n | stdin MB | nop s | evidence s | evidence CPU s | evidence MiB | stderr KB |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {:.2} | {:.3} | {:.3} | {:.3} | {:.1} | {:.1} |",
            r.case.name,
            r.case.n,
            mb(r.stdin_bytes),
            r.nop,
            r.wall,
            r.cpu,
            mib(r.rss_kib),
            r.stderr_bytes as f64 / 1e3
        );
    }
    println!();
    for small in rows {
        let Some(large) = rows
            .iter()
            .find(|r| r.case.shape == small.case.shape && r.case.n == small.case.n * 10)
        else {
            continue;
        };
        // Wall time is what a user waits for; CPU time is steadier on a
        // shared machine, where other processes stretch the wall time.
        let growth = large.wall / small.wall;
        let cpu_growth = large.cpu / small.cpu;
        let verdict = |g: f64| if g <= 11.0 { "met" } else { "NOT MET" };
        println!(
            "target 10x input <= 11x time ({} -> {}): wall {:.3} s -> {:.3} s = {growth:.2}x: {}; CPU {:.3} s -> {:.3} s = {cpu_growth:.2}x: {}",
            small.case.name,
            large.case.name,
            small.wall,
            large.wall,
            verdict(growth),
            small.cpu,
            large.cpu,
            verdict(cpu_growth)
        );
    }
}
