//! `mdbook-evidence`: the mdBook preprocessor `evidence`.

use anyhow::{Context, bail};
use clap::{Parser, Subcommand};
use evidence_core::env::Environment;
use evidence_core::limits;
use evidence_report::{self as report, inert_json, inert_line};
use mdbook_evidence::cli_values::FormatArg;
use mdbook_evidence::session::{Session, environment, judged_contents_mut, report_environment};
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::{Book, BookItem};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

// A run allocates and frees hundreds of thousands of small strings (store
// items, rendered citations) from several threads; mimalloc spends far less
// of that in the kernel than glibc's malloc (BENCHMARKS.md has the figures).
mod import_command;

use crate::import_command::{ImportArgs, run_import};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    #[command(hide = true)]
    Supports {
        /// The renderer's name, e.g. `html`.
        renderer: String,
    },
    /// Checks a book the way `mdbook build` would, without rendering it.
    ///
    /// Exit status: 0 clean, 1 violations at error severity (or, with
    /// --deny-removals, a removed claim; with --deny warnings, a warning),
    /// 2 the check could not run
    /// (config, store, template or book; reported in the chosen format
    /// too). Files are named relative to the current directory.
    Check {
        /// The book's root directory (where book.toml is), or a directory
        /// inside the book: the nearest book.toml above it is used.
        #[arg(default_value = ".")]
        book_dir: std::path::PathBuf,
        /// Output format.
        #[arg(long, default_value = "human", value_parser = clap::builder::TypedValueParser::map(clap::builder::EnumValueParser::<FormatArg>::new(), evidence_report::Format::from))]
        format: evidence_report::Format,
        /// Fail (exit status 1) when `remove` mode took a claim out; also
        /// `deny-removals = true` under [preprocessor.evidence].
        #[arg(long)]
        deny_removals: bool,
        /// `--deny warnings`: fail (exit status 1) on warnings too, for CI
        /// that keeps a book free of them.
        #[arg(long, value_enum, value_name = "LEVEL")]
        deny: Option<DenyLevel>,
        /// An earlier JSON report (`check --format json`, or the `report`
        /// file): its findings are known debt; only new ones are reported
        /// and fail the check.
        #[arg(long, value_name = "REPORT")]
        baseline: Option<std::path::PathBuf>,
        /// Write the json or sarif output to FILE instead of stdout, never
        /// through a symlink, into a hidden directory, onto the book's
        /// files or over a file no check wrote (for CI: a pull request's
        /// checkout may hold a link where `> FILE` would write).
        #[arg(long, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
    /// Prints a rule's page of the guide, or lists the rules.
    ///
    /// The page says what the rule checks, why, with examples, and how to
    /// fix a finding; it is built into the binary, so it reads the same
    /// offline. Without RULE, every rule with its default level.
    ///
    /// Exit status: 0 printed, 2 no rule has that id (the nearest is named).
    Explain {
        /// A rule id, as diagnostics print it (`ungrounded-claim`).
        rule: Option<String>,
    },
    /// Lists the book's citations of a passage, for a support checker.
    ///
    /// Writes every citation of a passage in the book to stdout, one JSON
    /// object a line (support-request.v1), for a support checker to judge:
    /// the claim, the item's passage, where the claim is, and the keys a
    /// support.v1 verdict is stored under. Exit status: 0 written, 2 the
    /// book could not be read (config, store or book).
    ExportClaims {
        /// The book's root directory (where book.toml is), or a directory
        /// inside the book: the nearest book.toml above it is used.
        #[arg(default_value = ".")]
        book_dir: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "jsonl")]
        format: ExportFormat,
    },
    /// Has a model judge each citation (a claim and its cited passage) and
    /// stores the verdicts (support.v1) that every build then enforces.
    ///
    /// Sends each claim that `export-claims` lists, with every passage it
    /// cites, to an OpenAI-compatible chat-completions API (Ollama, vLLM,
    /// llama.cpp, LM Studio, OpenAI); a claim that already has a verdict
    /// of this model and prompt, or a person's, for its current texts is
    /// not sent again. The API key, if any, is read
    /// from OPENAI_API_KEY (or --api-key-env). Exit status: 0 every
    /// citation has a verdict, 1 some answers could not be read, 2 the run
    /// could not go on (book, endpoint, model or key).
    Verify(mdbook_evidence::verify::VerifyArgs),
    /// Reads the page of every cited item that has no passage and stores
    /// its readable text with the book, for builds to judge claims against.
    ///
    /// Writes fetched.v1 records to fetched.jsonl in the store's directory:
    /// each page's text, the passage each citation rests on, and how the
    /// fetch went (fetched, gone, blocked, unreachable, too_large,
    /// unsupported_type, paywalled, refused). http and https only; an
    /// address on a loopback, private or link-local network is refused
    /// unless --allow-host names it. Builds never touch the network.
    /// With --recheck, asks for the pages stored before again and records
    /// which are gone or changed (source-gone, source-changed). Exit status: 0 done, 2 the run could not go on, 130 stopped by
    /// Ctrl-C (what was read is kept).
    Fetch(mdbook_evidence::fetch::FetchArgs),
    /// Stores a person's verdict on a claim and the passages it cites.
    ///
    /// At a terminal, without --at: walks the claims that need a person
    /// (a model found unsupported, a lexical rule flagged, or no checker
    /// judged; riskiest first), showing the claim, its passages with the
    /// claim's words marked and the models' verdicts; keys s, p, u
    /// (supported, partial, unsupported), n (note), k or space (skip), q
    /// (quit), ? (help). Each verdict is stored at once.
    ///
    /// `--at FILE:LINE[:COL]` names the claim as diagnostics do; the verdict
    /// (checker `human:NAME`, NAME from --reviewer or git's user.name)
    /// goes where `verify` keeps its own, overrides a model's on the same
    /// claim and passages, is never replaced by a later `verify`, and goes
    /// stale when the claim or a passage is edited.
    Review(mdbook_evidence::verify::ReviewArgs),
    /// Turns a model's cited answer into a chapter with `[N]` markers and an
    /// evidence store fragment.
    ///
    /// Reads the responses of Anthropic, OpenAI (Responses and Chat
    /// Completions), Gemini (and its Interactions API), Perplexity (Sonar
    /// and Agent), Cohere v2, Amazon Bedrock, xAI, Mistral, Groq compound,
    /// Azure OpenAI On Your Data and Alibaba DashScope; the answers of
    /// Tavily, Exa, You.com, Brave and Google Discovery Engine (Vertex AI
    /// Search); and saved event streams. The vendor is recognised from the
    /// response unless named. Writes `--chapter` and `--store`, or into the
    /// book at `--book`.
    Import(Box<ImportArgs>),
    /// Writes the manifest of what was checked: JSON naming the tool's
    /// version, the configuration's hash, each chapter's source hash, its
    /// claims with their citations and verdicts, the findings and the
    /// build's verdict, and each store file's (and built page's) hash.
    ///
    /// Deterministic: the same book gives the same bytes
    /// (schema/manifest.v1.schema.json). With --sign, FILE.sig is an SSH
    /// signature `ssh-keygen -Y verify -n mdbook-evidence` checks. Exit
    /// status: 0 written, 2 the book could not be read or the file written.
    Manifest(mdbook_evidence::provenance::command::ManifestArgs),
    /// Checks that a book, or a built site, is the one a manifest
    /// describes, and names every chapter, claim, passage, store file or
    /// page that differs.
    ///
    /// Exit status: 0 the same (and, with --verify, a good signature by an
    /// allowed signer), 1 something differs or the signature is refused,
    /// 2 the audit could not run.
    Audit(mdbook_evidence::provenance::command::AuditArgs),
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

/// What `check --deny` makes fail besides errors.
#[derive(Clone, Copy, clap::ValueEnum)]
enum DenyLevel {
    /// Every warning fails the check.
    Warnings,
}

/// The formats `export-claims` writes.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ExportFormat {
    /// JSON Lines: one support-request.v1 object a line.
    Jsonl,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The one read of the process's variables and current directory.
    let environment = environment();
    match cli.command {
        Some(Command::Supports { .. }) => ExitCode::SUCCESS,
        Some(Command::Check {
            book_dir,
            format,
            deny_removals,
            deny,
            baseline,
            output,
        }) => {
            let options = mdbook_evidence::check::CheckOptions {
                format,
                deny_removals,
                deny_warnings: matches!(deny, Some(DenyLevel::Warnings)),
                baseline,
                output,
            };
            let status = mdbook_evidence::check::check(&book_dir, &options, &environment);
            ExitCode::from(status.code())
        }
        Some(Command::Explain { rule }) => match mdbook_evidence::explain::explain(rule.as_deref())
        {
            Ok(page) => {
                // A reader that stops reading (`| head`) is no error.
                let _ = std::io::stdout().lock().write_all(page.as_bytes());
                ExitCode::SUCCESS
            }
            Err(message) => {
                let _ = writeln!(std::io::stderr(), "error: {message}");
                ExitCode::from(2)
            }
        },
        Some(Command::Install { book_dir, force }) => install(&book_dir, force),
        Some(Command::Manifest(args)) => ExitCode::from(
            mdbook_evidence::provenance::command::run_manifest(&args, &environment),
        ),
        Some(Command::Audit(args)) => ExitCode::from(
            mdbook_evidence::provenance::command::run_audit(&args, &environment),
        ),
        Some(Command::ExportClaims { book_dir, format }) => {
            export_claims(&book_dir, format, &environment)
        }
        Some(Command::Verify(args)) => {
            ExitCode::from(mdbook_evidence::verify::run(&args, &environment))
        }
        Some(Command::Fetch(args)) => {
            ExitCode::from(mdbook_evidence::fetch::run(&args, &environment))
        }
        Some(Command::Review(args)) => {
            ExitCode::from(mdbook_evidence::verify::review(&args, &environment))
        }
        Some(Command::Import(args)) => match run_import(*args, &environment) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "error: mdbook-evidence import: {}",
                    inert_line(&format!("{err:#}"))
                );
                ExitCode::from(2)
            }
        },
        // A person who runs the binary with no command gets its help;
        // mdBook always pipes the book in.
        None if std::io::IsTerminal::is_terminal(&std::io::stdin()) => {
            let _ = <Cli as clap::CommandFactory>::command().print_help();
            ExitCode::from(2)
        }
        None => {
            let reporting = report_environment(&environment);
            match preprocess(&environment, &reporting) {
                Ok(code) => code,
                Err(err) => {
                    // mdBook runs preprocessors in the book's root: the files
                    // at fault are named from there (and, on GitHub Actions,
                    // annotated from the repository's root).
                    let root = Path::new(".");
                    let failure = report::Failure::new(&err, root, &environment);
                    let destination = report::Destination::Build;
                    let _ = report::emit_failure(&failure, root, destination, &reporting);
                    ExitCode::from(2)
                }
            }
        }
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
                out.push_str(&format!("{}\n", inert_line(change)));
            }
            for note in &done.notes {
                out.push_str(&format!("note: {}\n", inert_line(note)));
            }
            let _ = std::io::stdout().write_all(out.as_bytes());
            ExitCode::SUCCESS
        }
        Err(err) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: mdbook-evidence install: {}",
                inert_line(&format!("{err:#}"))
            );
            ExitCode::from(2)
        }
    }
}

/// Runs `export-claims` in `environment`: the records go to stdout in one
/// write, once the whole book is read, so a failure leaves nothing
/// half-written there.
fn export_claims(book_dir: &Path, format: ExportFormat, environment: &Environment) -> ExitCode {
    let ExportFormat::Jsonl = format;
    match mdbook_evidence::export::export_claims(book_dir, environment) {
        Ok((records, count)) => {
            let mut stdout = std::io::stdout().lock();
            if let Err(err) = stdout
                .write_all(inert_json(records).as_bytes())
                .and_then(|()| stdout.flush())
            {
                let _ = writeln!(
                    std::io::stderr(),
                    "error: mdbook-evidence export-claims: cannot write to stdout: {err}"
                );
                return ExitCode::from(2);
            }
            let _ = writeln!(
                std::io::stderr(),
                "mdbook-evidence: exported {} of a passage",
                evidence_report::counted(count, "citation", "citations")
            );
            ExitCode::SUCCESS
        }
        Err(err) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: mdbook-evidence export-claims: {}",
                inert_line(&format!("{err:#}"))
            );
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

/// Reads the book from stdin, processes it in `environment`, and writes it
/// to stdout; nothing is written to stdout unless the whole book was
/// processed. Reports in `reporting`.
fn preprocess(
    environment: &Environment,
    reporting: &report::ReportEnvironment,
) -> anyhow::Result<ExitCode> {
    limits::check_environment(environment)?;
    let limit = limits::limit(limits::MAX_BOOK_BYTES, limits::MAX_BOOK_BYTES_VAR);
    let Some(input) = limits::read_limited(std::io::stdin().lock(), limit)
        .context("cannot read the book from stdin")?
    else {
        bail!(
            "the book on stdin is larger than {} (the limit); raise it with {}=<bytes>",
            limits::size(limit),
            limits::MAX_BOOK_BYTES_VAR
        );
    };
    let input = String::from_utf8(input)
        .context("cannot read the book from stdin (it must be UTF-8 JSON from mdBook)")?;
    let (ctx, mut book) = parse_input(&input)?;
    drop(input);

    let session = Session::open(&ctx, &book, environment)?;
    let Some(plans) = session.judge(&book, reporting)? else {
        session.finish();
        return Ok(ExitCode::from(1));
    };
    // Every chapter is judged and the build goes on: each batch of chapters
    // is rendered from its plans, streamed to stdout and dropped, so neither
    // the rendered book (several times the input) nor its JSON is ever held
    // whole. The evidence index, if the book has one, comes from every
    // chapter's plan, before any is rendered. Serializing cannot fail (the
    // paths came from JSON, so they are UTF-8); only writing can.
    let index = session.index(&book, &plans);
    let mut plans = plans.into_iter();
    let mut stdout = std::io::stdout().lock();
    write_book(&mut book, &mut stdout, |batch| {
        session.render_chapters(batch, &mut plans, index.as_ref());
    })
    .and_then(|()| stdout.flush())
    .context("cannot write the book to stdout")?;
    session.finish();
    Ok(ExitCode::SUCCESS)
}

/// Top-level book items serialized at a time, in parallel: enough for both
/// cores, few enough that the JSON of a batch stays small.
const WRITE_BATCH: usize = 64;

/// Writes `book` exactly as `serde_json::to_writer` does (`{"items":[…]}`),
/// with the items of each batch serialized in parallel and written in order:
/// escaping the chapters' JSON is most of the work of writing a book.
/// `prepare` runs on each batch just before it is serialized; each batch's
/// chapter texts are freed once written.
fn write_book(
    book: &mut Book,
    out: &mut impl Write,
    mut prepare: impl FnMut(&mut [BookItem]),
) -> std::io::Result<()> {
    use rayon::prelude::*;
    out.write_all(b"{\"items\":[")?;
    for (b, batch) in book.items.chunks_mut(WRITE_BATCH).enumerate() {
        prepare(batch);
        let parts: Vec<Vec<u8>> = batch
            .par_iter()
            .map(serde_json::to_vec)
            .collect::<Result<_, _>>()?;
        for (i, part) in parts.iter().enumerate() {
            if b > 0 || i > 0 {
                out.write_all(b",")?;
            }
            out.write_all(part)?;
        }
        free_contents(batch);
    }
    out.write_all(b"]}")
}

/// Empties the chapter texts of `items`, once they are written.
fn free_contents(items: &mut [BookItem]) {
    for content in judged_contents_mut(items) {
        *content = String::new();
    }
}

/// Parses mdBook's `[context, book]` input and checks the calling mdBook's
/// version; input that does not parse is probed for the version first, so
/// that an mdBook 0.4 caller gets a clear message.
fn parse_input(input: &str) -> anyhow::Result<(PreprocessorContext, Book)> {
    // One pass on the happy path; the probe only runs to explain a failure.
    let (version, parsed) = match serde_json::from_str::<(PreprocessorContext, Book)>(input) {
        Ok(parsed) => (parsed.0.mdbook_version.clone(), Ok(parsed)),
        Err(err) => {
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
            (version, Err(err))
        }
    };
    let caller = semver::Version::parse(&version)
        .with_context(|| format!("the calling mdBook's version {version:?} is not semver"))?;
    if caller < semver::Version::new(0, 5, 0) {
        bail!(
            "this book is being built by mdBook {version}, but mdbook-evidence needs mdBook 0.5 or newer; upgrade with `cargo install mdbook --version ^0.5 --locked`"
        );
    }
    if !is_compatible(&caller) {
        let _ = writeln!(
            std::io::stderr(),
            "warning: mdbook-evidence was built for mdBook {}, but is called by mdBook {}; if the build misbehaves, update mdbook-evidence",
            mdbook_preprocessor::MDBOOK_VERSION,
            inert_line(&version)
        );
    }
    parsed.context("cannot read the book that mdBook sent on stdin")
}

#[cfg(test)]
mod tests {
    use crate::*;
    use mdbook_preprocessor::book::{Chapter, SectionNumber};

    #[test]
    fn write_book_writes_what_serde_json_writes() {
        let chapter = |n: usize| {
            let mut ch = Chapter::new(
                &format!("Ch \"{n}\" é"),
                format!("# T{n}\n\n- a \"q\" \\ <b> \u{1} ✓ [1]\r\n"),
                format!("dir/c{n}.md"),
                vec!["Part".into()],
            );
            ch.number = Some(SectionNumber::new(vec![1, n as u32]));
            ch
        };
        for items in [0, 1, WRITE_BATCH, WRITE_BATCH + 1, 3 * WRITE_BATCH + 7] {
            let mut book = Book::new();
            for n in 0..items {
                match n % 5 {
                    3 => book.push_item(BookItem::Separator),
                    4 => book.push_item(BookItem::PartTitle(format!("Part {n}"))),
                    _ => {
                        let mut ch = chapter(n);
                        ch.sub_items.push(BookItem::Chapter(chapter(n + 1000)));
                        book.push_item(ch)
                    }
                };
            }
            let expected = serde_json::to_string(&book).unwrap();
            let mut ours = Vec::new();
            write_book(&mut book, &mut ours, |_| {}).unwrap();
            assert_eq!(String::from_utf8(ours).unwrap(), expected, "{items} items");
        }
    }
}
