//! `mdbook-evidence`: the mdBook preprocessor `evidence`.

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use mdbook_evidence::preprocess::run_and_report;
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::Book;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Grounds every claim of an mdBook report in stored evidence.
///
/// Run by mdBook as the `evidence` preprocessor: it reads the book as JSON on
/// stdin and writes it back, with citations rendered, on stdout.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Tells mdBook whether a renderer is supported (every renderer is).
    Supports {
        /// The renderer's name, e.g. `html`.
        renderer: String,
    },
    /// Sets a book up: book.toml and the citation-card assets.
    ///
    /// Adds [preprocessor.evidence] (after = ["links"], store = "evidence"
    /// unless set), watches the store's directory in `mdbook serve`
    /// (build.extra-watch-dirs), and copies the citation-card CSS and JS to
    /// theme/evidence/, listed in output.html.additional-css/-js. Keeps
    /// book.toml's comments and layout; running it again changes nothing.
    Install {
        /// The book's directory (the one holding book.toml).
        #[arg(default_value = ".")]
        book_dir: PathBuf,
        /// Replace card assets that differ from this version's.
        #[arg(long)]
        force: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Supports { .. }) => ExitCode::SUCCESS,
        Some(Command::Install { book_dir, force }) => install(&book_dir, force),
        None => match preprocess() {
            Ok(code) => code,
            Err(err) => {
                let _ = writeln!(std::io::stderr(), "error: mdbook-evidence: {err:#}");
                ExitCode::from(2)
            }
        },
    }
}

/// Runs `install` and says what it did.
fn install(book_dir: &Path, force: bool) -> ExitCode {
    match mdbook_evidence::install::install(book_dir, force) {
        Ok(done) => {
            let mut out = String::new();
            if done.changes.is_empty() {
                out.push_str("mdbook-evidence is installed; nothing changed\n");
            }
            for change in &done.changes {
                out.push_str(&format!("{change}\n"));
            }
            for note in &done.notes {
                out.push_str(&format!("note: {note}\n"));
            }
            let _ = std::io::stdout().write_all(out.as_bytes());
            ExitCode::SUCCESS
        }
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "error: mdbook-evidence install: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether the calling mdBook speaks the protocol of the mdBook this build
/// was compiled against: semver-compatible (same major, or same 0.minor).
fn is_compatible(caller: &semver::Version) -> bool {
    semver::Version::parse(mdbook_preprocessor::MDBOOK_VERSION).is_ok_and(|ours| {
        caller.major == ours.major && (ours.major > 0 || caller.minor == ours.minor)
    })
}

/// Reads the book from stdin, processes it, and writes it to stdout; nothing
/// is written to stdout unless the whole book was processed.
fn preprocess() -> anyhow::Result<ExitCode> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("cannot read the book from stdin (it must be UTF-8 JSON from mdBook)")?;
    let (ctx, mut book) = parse_input(&input)?;
    drop(input);

    if run_and_report(&ctx, &mut book)? {
        return Ok(ExitCode::from(1));
    }

    let mut out = Vec::with_capacity(book_size_hint(&book));
    serde_json::to_writer(&mut out, &book).context("cannot serialize the book")?;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(&out)
        .and_then(|()| stdout.flush())
        .context("cannot write the book to stdout")?;
    Ok(ExitCode::SUCCESS)
}

fn book_size_hint(book: &Book) -> usize {
    book.iter()
        .map(|item| match item {
            mdbook_preprocessor::book::BookItem::Chapter(ch) => ch.content.len() + 256,
            _ => 64,
        })
        .sum()
}

/// Parses mdBook's `[context, book]` input, checking the calling mdBook's
/// version first so that an mdBook 0.4 caller gets a clear message.
fn parse_input(input: &str) -> anyhow::Result<(PreprocessorContext, Book)> {
    #[derive(serde::Deserialize)]
    struct Probe {
        mdbook_version: Option<String>,
    }
    let (probe, _): (Probe, serde::de::IgnoredAny) = serde_json::from_str(input).context(
        "stdin is not the [context, book] JSON that mdBook sends to a preprocessor; run this through `mdbook build` or `mdbook serve`",
    )?;
    let Some(version) = probe.mdbook_version else {
        bail!("stdin has no `mdbook_version`: it was not written by mdBook");
    };
    let parsed = semver::Version::parse(&version)
        .with_context(|| format!("the calling mdBook's version {version:?} is not semver"))?;
    if parsed < semver::Version::new(0, 5, 0) {
        bail!(
            "this book is being built by mdBook {version}, but mdbook-evidence needs mdBook 0.5 or newer; upgrade with `cargo install mdbook --version ^0.5 --locked`"
        );
    }
    if !is_compatible(&parsed) {
        let _ = writeln!(
            std::io::stderr(),
            "warning: mdbook-evidence was built for mdBook {}, but is called by mdBook {version}; if the build misbehaves, update mdbook-evidence",
            mdbook_preprocessor::MDBOOK_VERSION
        );
    }
    serde_json::from_str(input).context("cannot read the book that mdBook sent on stdin")
}
