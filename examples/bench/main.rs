//! The benchmark: generates synthetic report books and times whole
//! processes on them. Run it with `bench/run` (which builds everything in
//! release mode first); see BENCHMARKS.md.
//!
//! * `bench gen --chapters N --items M --style evid|numbered|cite --out DIR`
//!   writes a book (book.toml, src/, the store or .bib) and `DIR/stdin.json`,
//!   the `[context, book]` JSON that mdBook 0.5 sends a preprocessor for the
//!   HTML renderer, so no mdbook binary is needed to time one.
//! * `bench run --evidence BIN --nop BIN [--bib BIN] --work DIR` generates
//!   every case under DIR, runs each tool several times on the same stdin,
//!   and prints medians of wall time and peak RSS, the ratios, and the
//!   targets (issues 6, 18 and 32), then the pathological shapes of
//!   `pathological.rs` at two sizes each, with their growth.
//!   With `--mdbook BIN`, it also builds the same book with `mdbook build`
//!   three ways (plain, mdbook-evidence, mdbook-bib) and prints wall, CPU
//!   and the size of each site (`site.rs`).
//! * `bench gen-pathological --shape S --n N --out DIR` writes one of
//!   those.
//! * `bench repeats --book DIR` measures, on a built evidence book, what
//!   holding each passage once per book would save and cost (`repeats.rs`);
//!   `--rewrite IN OUT` writes that variant of a preprocessor's output.

mod book;
mod bullets;
mod import_answer;
mod measure;
mod pathological;
mod repeats;
mod site;

use anyhow::{Context, bail};
use book::{Spec, Style};
use clap::{Parser, Subcommand, ValueEnum};
use mdbook_preprocessor::PreprocessorContext;
use std::path::{Path, PathBuf};

#[derive(Parser)]
#[command(about = "Benchmark books and timings for mdbook-evidence")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Writes one synthetic book and its stdin.json.
    Gen {
        #[arg(long, default_value_t = 1000)]
        chapters: usize,
        #[arg(long, default_value_t = 20_000)]
        items: usize,
        #[arg(long, value_enum, default_value_t = StyleArg::Evid)]
        style: StyleArg,
        #[arg(long)]
        out: PathBuf,
        /// `bullets`: the book of `bullets.rs` (one sentence per bullet,
        /// every citation a distinct item) instead of the daily briefs.
        #[arg(long, value_enum, default_value_t = ShapeArg::Brief)]
        shape: ShapeArg,
    },
    /// Writes one pathological book and its stdin.json.
    GenPathological {
        #[arg(long, value_enum)]
        shape: pathological::Shape,
        #[arg(long)]
        n: usize,
        #[arg(long)]
        out: PathBuf,
    },
    /// Generates every case and times the tools on them.
    Run(measure::RunArgs),
    /// On a built evidence book: the bytes of repeated passages, and the
    /// pages a reader would fetch if each were held once per book.
    Repeats {
        /// An evidence book built with `mdbook build`.
        #[arg(long, required_unless_present = "rewrite")]
        book: Option<PathBuf>,
        /// IN OUT: writes OUT, mdbook-evidence's output IN with each
        /// repeated passage replaced by a pointer to its first citing page.
        #[arg(long, num_args = 2, value_names = ["IN", "OUT"], conflicts_with = "book")]
        rewrite: Option<Vec<PathBuf>>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ShapeArg {
    Brief,
    Bullets,
}

#[derive(Clone, Copy, ValueEnum)]
enum StyleArg {
    Evid,
    Numbered,
    Cite,
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Gen {
            chapters,
            items,
            style,
            out,
            shape,
        } => {
            let style = match style {
                StyleArg::Evid => Style::Evid,
                StyleArg::Numbered => Style::Numbered,
                StyleArg::Cite => Style::Cite,
            };
            let spec = Spec {
                chapters,
                items,
                style,
            };
            let stdin = match shape {
                ShapeArg::Brief => generate(&spec, &out)?,
                ShapeArg::Bullets => generate_bullets(&spec, &out)?,
            };
            eprintln!(
                "wrote {} ({} bytes)",
                stdin.display(),
                stdin.metadata()?.len()
            );
            Ok(())
        }
        Command::GenPathological { shape, n, out } => {
            let stdin = pathological::generate(shape, n, &out)?;
            eprintln!("wrote {}", stdin.display());
            Ok(())
        }
        Command::Run(args) => measure::run(&args),
        Command::Repeats {
            rewrite: Some(paths),
            ..
        } => repeats::rewrite(&paths[0], &paths[1]),
        Command::Repeats { book, .. } => repeats::run(&book.unwrap_or_default()),
    }
}

/// Writes the book of `spec` under `dir` (replacing what was there) and
/// returns the path of its `stdin.json`.
pub fn generate(spec: &Spec, dir: &Path) -> anyhow::Result<PathBuf> {
    if spec.items < book::CITED_PER_CHAPTER * 2 {
        bail!("--items must be at least {}", book::CITED_PER_CHAPTER * 2);
    }
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("briefs"))?;
    let preprocessor = if spec.style == Style::Cite {
        std::fs::write(src.join("refs.bib"), book::bib(spec))?;
        "[preprocessor.bib]\nbibliography = \"refs.bib\"\nadd-bib-in-chapters = true\n"
    } else {
        std::fs::create_dir_all(dir.join("evidence"))?;
        std::fs::write(dir.join("evidence/store.json"), book::store_json(spec))?;
        "[preprocessor.evidence]\nafter = [\"links\"]\nstore = \"evidence/store.json\"\nas-of = \"2026-02-11\"\n"
    };
    std::fs::write(
        dir.join("book.toml"),
        format!("[book]\ntitle = \"Benchmark report\"\n\n{preprocessor}"),
    )?;
    std::fs::write(src.join("SUMMARY.md"), book::summary(spec))?;
    for c in 0..spec.chapters {
        std::fs::write(src.join(book::chapter_path(c)), book::chapter(spec, c))?;
    }
    write_stdin(dir)
}

/// Writes the book of `bullets.rs` with `spec`'s chapters, items and style
/// under `dir` (replacing what was there) and returns its `stdin.json`.
pub fn generate_bullets(spec: &Spec, dir: &Path) -> anyhow::Result<PathBuf> {
    if spec.items < bullets::BULLETS * 2 {
        bail!("--items must be at least {}", bullets::BULLETS * 2);
    }
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    bullets::write(dir, spec.chapters, spec.items, spec.style)?;
    let preprocessor = if spec.style == Style::Cite {
        "[preprocessor.bib]\nbibliography = \"refs.bib\"\nadd-bib-in-chapters = true\n"
    } else {
        "[preprocessor.evidence]\nafter = [\"links\"]\nstore = \"evidence/store.json\"\nas-of = \"2026-02-11\"\n"
    };
    std::fs::write(
        dir.join("book.toml"),
        format!("[book]\ntitle = \"Benchmark report\"\n\n{preprocessor}"),
    )?;
    write_stdin(dir)
}

/// Writes `DIR/stdin.json` for the book in `dir`, exactly what mdBook sends
/// a preprocessor for the HTML renderer (its own loader builds the book and
/// config), and returns its path.
pub fn write_stdin(dir: &Path) -> anyhow::Result<PathBuf> {
    let root = dir.canonicalize()?;
    let md = mdbook_driver::MDBook::load(&root)
        .map_err(|e| anyhow::anyhow!("mdBook cannot load {}: {e:#}", root.display()))?;
    let ctx = PreprocessorContext::new(root.clone(), md.config.clone(), "html".to_owned());
    let stdin = root.join("stdin.json");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&stdin)?);
    serde_json::to_writer(&mut file, &(ctx, &md.book))?;
    std::io::Write::flush(&mut file)?;
    Ok(stdin)
}
