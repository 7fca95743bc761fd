//! Whole-process timings: wall time and peak RSS of each tool on the same
//! stdin, several runs each, medians, ratios and the targets (issues 6 and 18).

use crate::book::{self, Spec, Style};
use anyhow::{Context, bail};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// `bench run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The mdbook-evidence binary (release build).
    #[arg(long)]
    pub(crate) evidence: PathBuf,
    /// The nop preprocessor (`examples/nop.rs`, release build).
    #[arg(long)]
    pub(crate) nop: PathBuf,
    /// mdbook-bib, timed on the `{{#cite}}` books when given.
    #[arg(long)]
    pub(crate) bib: Option<PathBuf>,
    /// The `mdbook` binary (0.5): when given, the end-to-end cases build
    /// each book with it (plain, with mdbook-evidence, with mdbook-bib).
    #[arg(long)]
    pub(crate) mdbook: Option<PathBuf>,
    /// End to end, also build the book with mdbook-evidence configured
    /// `search-passages = true` and `references-style = "compact"` (the
    /// levers of BENCHMARKS.md, one by one).
    #[arg(long)]
    pub(crate) site_variants: bool,
    /// End to end, also build the book with this (earlier) mdbook-evidence
    /// binary, interleaved with the others: before and after in one run.
    #[arg(long)]
    pub(crate) evidence_before: Option<PathBuf>,
    /// Where the books and outputs go.
    #[arg(long)]
    pub(crate) work: PathBuf,
    /// Timed runs per tool and case (after one untimed warm-up run).
    #[arg(long, default_value_t = 5)]
    pub(crate) runs: usize,
    /// Only the cases whose name contains one of these (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub(crate) only: Vec<String>,
    /// Before each case, wait up to this many seconds for the CPUs to be
    /// at least 80% idle (a shared machine; Linux only).
    #[arg(long, default_value_t = 60)]
    pub(crate) wait_idle: u64,
    /// Rerun a run up to this many times while other processes took CPU
    /// during it (Linux only).
    #[arg(long, default_value_t = 10)]
    pub(crate) retries: usize,
}

struct Case {
    name: &'static str,
    spec: Spec,
    /// Also time mdbook-bib on the equivalent `{{#cite}}` book.
    bib: bool,
    /// `brief` (book.rs) or `bullets` (bullets.rs).
    shape: &'static str,
}

pub(crate) const ITEMS: usize = 20_000;

fn cases() -> Vec<Case> {
    let case = |name, chapters, items, style, bib| Case {
        name,
        spec: Spec {
            chapters,
            items,
            style,
        },
        bib,
        shape: "brief",
    };
    vec![
        case("ch100", 100, ITEMS, Style::Evid, true),
        case("ch500", 500, ITEMS, Style::Evid, false),
        case("ch1000", 1000, ITEMS, Style::Evid, true),
        case("ch1000-numbered", 1000, ITEMS, Style::Numbered, false),
        case("ch5000", 5000, ITEMS, Style::Evid, false),
        case("ch1000-200k", 1000, 200_000, Style::Evid, false),
        case("store20k", 10, ITEMS, Style::Evid, false),
        case("store200k", 10, 200_000, Style::Evid, false),
        // The second book of #32, the preprocessor alone on it.
        Case {
            shape: "bullets",
            ..case("bullets-ch1000", 1000, ITEMS, Style::Evid, false)
        },
    ]
}

/// One run: wall seconds, CPU seconds (user + system, all threads) and
/// peak resident set in KiB.
#[derive(Clone, Copy)]
pub(crate) struct Sample {
    pub(crate) wall: f64,
    pub(crate) cpu: f64,
    pub(crate) rss_kib: u64,
}

/// Medians over the runs.
#[derive(Clone, Copy)]
struct Stats {
    wall: f64,
    cpu: f64,
    rss_kib: u64,
    out_bytes: u64,
}

struct Row {
    name: &'static str,
    spec: Spec,
    stdin_bytes: u64,
    nop: Stats,
    evidence: Stats,
    bib: Option<Stats>,
}

pub fn run(args: &RunArgs) -> anyhow::Result<()> {
    let selected: Vec<Case> = cases()
        .into_iter()
        .filter(|c| args.only.is_empty() || args.only.iter().any(|o| c.name.contains(o.as_str())))
        .collect();
    let pathological = crate::pathological::selected(&args.only);
    let site = crate::site::selected(&args.only);
    if selected.is_empty() && pathological.is_empty() && site.is_empty() {
        bail!("no case matches --only {:?}", args.only);
    }
    if args.runs == 0 {
        bail!("--runs must be at least 1");
    }
    let mut rows = Vec::new();
    for case in &selected {
        let dir = args.work.join(case.name);
        eprintln!("== {}: generating {}", case.name, dir.display());
        let stdin = generate_shape(&case.spec, case.shape, &dir)?;
        let cite = if case.bib && args.bib.is_some() {
            let spec = Spec {
                style: Style::Cite,
                ..case.spec
            };
            Some(generate(
                &spec,
                &args.work.join(format!("{}-cite", case.name)),
            )?)
        } else {
            None
        };
        let out = |tool: &str| dir.join(format!("out.{tool}.json"));
        let mut tools: Vec<(&str, &Path, &Path)> = vec![
            ("nop", &args.nop, &stdin),
            ("evidence", &args.evidence, &stdin),
        ];
        if let (Some(bib), Some(cite)) = (&args.bib, &cite) {
            tools.push(("bib", bib, cite));
        }
        match wait_for_idle(args.wait_idle) {
            Some(idle) => eprintln!("   CPUs {:.0}% idle before the runs", idle * 100.0),
            None => eprintln!("   CPU idleness unknown (no /proc/stat)"),
        }
        let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); tools.len()];
        let mut disturbed = 0;
        // Interleaved, after a warm-up, so that drift hits every tool alike.
        for run in 0..=args.runs {
            for (i, (tool, bin, input)) in tools.iter().enumerate() {
                let (sample, quiet) = run_quietly(bin, input, &out(tool), args.retries, 0)?;
                if run > 0 {
                    samples[i].push(sample);
                    disturbed += usize::from(!quiet);
                }
            }
        }
        eprintln!("   {}", progress(&tools, &samples));
        if disturbed > 0 {
            eprintln!(
                "   {disturbed} of {} runs had other processes taking CPU, even after {} retries",
                args.runs * tools.len(),
                args.retries
            );
        }
        let stats = |i: usize| -> anyhow::Result<Stats> {
            Ok(Stats {
                wall: median(samples[i].iter().map(|s| s.wall).collect()),
                cpu: median(samples[i].iter().map(|s| s.cpu).collect()),
                rss_kib: median(samples[i].iter().map(|s| s.rss_kib as f64).collect()) as u64,
                out_bytes: out(tools[i].0).metadata()?.len(),
            })
        };
        rows.push(Row {
            name: case.name,
            spec: case.spec,
            stdin_bytes: stdin.metadata()?.len(),
            nop: stats(0)?,
            evidence: stats(1)?,
            bib: if tools.len() > 2 {
                Some(stats(2)?)
            } else {
                None
            },
        });
    }
    if !rows.is_empty() {
        print_table(&rows);
        print_targets(&rows, args.bib.is_some());
    }
    let tools = args.mdbook.as_ref().map(|mdbook| crate::site::SiteTools {
        mdbook: mdbook.clone(),
        bib: args.bib.clone(),
    });
    crate::site::run(args, tools.as_ref(), &site)?;
    crate::pathological::run(args, &pathological)
}

/// The `cpu` line of `/proc/stat`: ticks (USER_HZ, 1/100 s) that all CPUs
/// spent idle (idle and iowait), and in all (user to steal).
fn cpu_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .take(8)
        .filter_map(|f| f.parse().ok())
        .collect();
    Some((fields.get(3)? + fields.get(4)?, fields.iter().sum()))
}

/// The fraction of CPU time spent idle over the last second.
fn idle_fraction() -> Option<f64> {
    let (idle0, total0) = cpu_ticks()?;
    std::thread::sleep(std::time::Duration::from_secs(1));
    let (idle1, total1) = cpu_ticks()?;
    Some((idle1 - idle0) as f64 / (total1 - total0).max(1) as f64)
}

/// Waits up to `seconds` for the CPUs to be 80% idle; returns the last
/// idleness seen.
pub(crate) fn wait_for_idle(seconds: u64) -> Option<f64> {
    let mut idle = idle_fraction()?;
    for _ in 1..seconds {
        if idle >= 0.8 {
            break;
        }
        idle = idle_fraction()?;
    }
    Some(idle)
}

/// Generates a book in a child process (`bench gen`): a child's peak RSS
/// counts the memory of the process that spawned it (the kernel carries the
/// parent's high-water mark across vfork and exec), so this process must
/// stay small to measure the tools fairly.
pub(crate) fn generate(spec: &Spec, dir: &Path) -> anyhow::Result<PathBuf> {
    generate_shape(spec, "brief", dir)
}

/// [`generate`] of the book of shape `shape` (`brief` or `bullets`).
pub(crate) fn generate_shape(spec: &Spec, shape: &str, dir: &Path) -> anyhow::Result<PathBuf> {
    let style = match spec.style {
        Style::Evid => "evid",
        Style::Numbered => "numbered",
        Style::Cite => "cite",
    };
    let status = Command::new(std::env::current_exe()?)
        .args(["gen", "--style", style, "--out"])
        .arg(dir)
        .args(["--chapters", &spec.chapters.to_string()])
        .args(["--items", &spec.items.to_string()])
        .args(["--shape", shape])
        .stderr(std::process::Stdio::null())
        .status()?;
    if !status.success() {
        bail!("generating {} failed", dir.display());
    }
    Ok(dir.canonicalize()?.join("stdin.json"))
}

fn progress(tools: &[(&str, &Path, &Path)], samples: &[Vec<Sample>]) -> String {
    tools
        .iter()
        .zip(samples)
        .map(|((tool, _, _), s)| {
            let walls: Vec<String> = s.iter().map(|s| format!("{:.3}", s.wall)).collect();
            format!("{tool}: {}", walls.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// CPU seconds that all processes have spent busy so far.
fn busy_seconds() -> Option<f64> {
    let (idle, total) = cpu_ticks()?;
    Some((total - idle) as f64 / 100.0)
}

/// [`run_once`], repeated (up to `retries` times, half a second apart)
/// while other processes took more than a little CPU during the run: on a
/// shared machine, builds and fuzzers would otherwise land in the medians.
/// Returns the sample and whether it was quiet.
pub(crate) fn run_quietly(
    bin: &Path,
    stdin: &Path,
    out: &Path,
    retries: usize,
    expect: i32,
) -> anyhow::Result<(Sample, bool)> {
    quietly(retries, || run_once(bin, stdin, out, expect))
}

/// Runs `command` (its output to `log.out` and `log.err`) as
/// [`run_quietly`] runs a preprocessor; it must exit with 0.
pub(crate) fn run_command_quietly(
    command: &mut Command,
    log: &Path,
    retries: usize,
) -> anyhow::Result<(Sample, bool)> {
    quietly(retries, || {
        let err_path = log.with_extension("err");
        command
            .stdin(std::process::Stdio::null())
            .stdout(File::create(log.with_extension("out"))?)
            .stderr(File::create(&err_path)?);
        timed(command, &err_path, 0)
    })
}

fn quietly(
    retries: usize,
    mut once: impl FnMut() -> anyhow::Result<Sample>,
) -> anyhow::Result<(Sample, bool)> {
    let mut attempt = 0;
    loop {
        let before = busy_seconds();
        let sample = once()?;
        let (Some(before), Some(after)) = (before, busy_seconds()) else {
            return Ok((sample, true));
        };
        let others = after - before - sample.cpu;
        let quiet = others <= 0.02 + 0.1 * sample.wall;
        if quiet || attempt == retries {
            return Ok((sample, quiet));
        }
        attempt += 1;
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

/// Runs `bin` with `stdin` as its standard input and `out` as its standard
/// output, as mdBook runs a preprocessor for the HTML renderer; it must
/// exit with `expect`.
fn run_once(bin: &Path, stdin: &Path, out: &Path, expect: i32) -> anyhow::Result<Sample> {
    let err_path = out.with_extension("stderr");
    let mut command = Command::new(bin);
    command
        .stdin(File::open(stdin)?)
        .stdout(File::create(out)?)
        .stderr(File::create(&err_path)?);
    timed(&mut command, &err_path, expect)
}

/// Spawns `command`, waits for it and returns its sample; it must exit
/// with `expect` (else the error holds `err_path`, its stderr).
fn timed(command: &mut Command, err_path: &Path, expect: i32) -> anyhow::Result<Sample> {
    let start = Instant::now();
    let child = command
        .spawn()
        .with_context(|| format!("cannot run {:?}", command.get_program()))?;
    let (status, cpu, rss_kib) = wait_with_rusage(child.id())?;
    let wall = start.elapsed().as_secs_f64();
    if status != expect {
        let stderr = std::fs::read_to_string(err_path).unwrap_or_default();
        bail!(
            "{:?} {:?} exited with status {status} (not {expect}):\n{stderr}",
            command.get_program(),
            command.get_args().collect::<Vec<_>>(),
        );
    }
    Ok(Sample { wall, cpu, rss_kib })
}

/// Waits for the child and returns its exit status, CPU seconds and peak
/// RSS (KiB), from `wait4`: the kernel's own accounting of that one process.
fn wait_with_rusage(pid: u32) -> anyhow::Result<(i32, f64, u64)> {
    let mut status = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills in; `pid` is our
    // child, which nothing else waits for (its `Child` handle is dropped
    // without waiting).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    if rc < 0 {
        bail!("wait4: {}", std::io::Error::last_os_error());
    }
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    // Linux reports KiB, macOS bytes.
    let rss = usage.ru_maxrss as u64;
    let rss_kib = if cfg!(target_os = "macos") {
        rss / 1024
    } else {
        rss
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    Ok((code, cpu, rss_kib))
}

pub(crate) fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

pub(crate) fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

pub(crate) fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

fn print_table(rows: &[Row]) {
    println!();
    println!(
        "| case | chapters | markers | items | stdin MB | nop s | evidence s | evidence/nop | evidence CPU s | nop MiB | evidence MiB | out MB | mdbook-bib s | mdbook-bib MiB | bib/evidence |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        let markers = row.spec.chapters * book::SECTIONS.len() * book::BULLETS_PER_SECTION * 2;
        let style = match row.spec.style {
            Style::Numbered => " `[N]`",
            _ => "",
        };
        let (bib_s, bib_m, bib_r) = match row.bib {
            Some(b) => (
                format!("{:.3}", b.wall),
                format!("{:.1}", mib(b.rss_kib)),
                format!("{:.1}x", b.wall / row.evidence.wall),
            ),
            None => ("".into(), "".into(), "".into()),
        };
        println!(
            "| {}{style} | {} | {} | {} | {:.1} | {:.3} | {:.3} | {:.2}x | {:.3} | {:.1} | {:.1} | {:.1} | {bib_s} | {bib_m} | {bib_r} |",
            row.name,
            row.spec.chapters,
            markers,
            row.spec.items,
            mb(row.stdin_bytes),
            row.nop.wall,
            row.evidence.wall,
            row.evidence.wall / row.nop.wall,
            row.evidence.cpu,
            mib(row.nop.rss_kib),
            mib(row.evidence.rss_kib),
            mb(row.evidence.out_bytes),
        );
    }
}

fn print_targets(rows: &[Row], bib_given: bool) {
    let find = |name: &str| rows.iter().find(|r| r.name == name);
    let verdict = |ok: bool| if ok { "met" } else { "NOT MET" };
    println!();
    if let Some(r) = find("ch1000") {
        let ratio = r.evidence.wall / r.nop.wall;
        println!(
            "target wall <= 4x nop (ch1000): {:.3} s vs {:.3} s = {ratio:.2}x (CPU {:.3} s vs {:.3} s): {}",
            r.evidence.wall,
            r.nop.wall,
            r.evidence.cpu,
            r.nop.cpu,
            verdict(ratio <= 4.0)
        );
        let rss = mib(r.evidence.rss_kib);
        println!(
            "target peak RSS <= 64 MiB (ch1000): {rss:.1} MiB: {}",
            verdict(rss <= 64.0)
        );
        match r.bib {
            Some(b) => {
                let speedup = b.wall / r.evidence.wall;
                println!(
                    "target >= 15x faster than mdbook-bib (ch1000): {:.3} s vs {:.3} s = {speedup:.1}x: {}",
                    b.wall,
                    r.evidence.wall,
                    verdict(speedup >= 15.0)
                );
            }
            None if !bib_given => {
                println!(
                    "target >= 15x faster than mdbook-bib: not measured (mdbook-bib not on PATH)"
                )
            }
            None => {}
        }
    }
    // #32: the preprocessor alone, on both books.
    for name in ["ch1000", "bullets-ch1000"] {
        if let Some(r) = find(name) {
            let (wall, cpu) = (r.evidence.wall / r.nop.wall, r.evidence.cpu / r.nop.cpu);
            let rss = mib(r.evidence.rss_kib);
            println!(
                "target preprocessor <= 8x nop, <= 64 MiB ({name}): wall {wall:.1}x, CPU {cpu:.1}x, {rss:.0} MiB: {}",
                verdict(wall <= 8.0 && cpu <= 8.0 && rss <= 64.0)
            );
        }
    }
    for (small, large, factor) in [("ch100", "ch1000", 10.0), ("ch500", "ch5000", 10.0)] {
        if let (Some(s), Some(l)) = (find(small), find(large)) {
            let growth = l.evidence.wall / s.evidence.wall;
            println!(
                "target {factor}x chapters <= 11x time ({small} -> {large}): {growth:.2}x: {}",
                verdict(growth <= 11.0)
            );
        }
    }
    for (small, large) in [("store20k", "store200k"), ("ch1000", "ch1000-200k")] {
        if let (Some(s), Some(l)) = (find(small), find(large)) {
            let growth = l.evidence.wall / s.evidence.wall;
            println!(
                "target 200k-item store <= 10x a 20k one ({small} -> {large}): {growth:.2}x: {}",
                verdict(growth <= 10.0)
            );
        }
    }
}
