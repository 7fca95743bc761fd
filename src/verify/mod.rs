//! `mdbook-evidence verify`: asks a model, over an OpenAI-compatible
//! chat-completions API, whether each cited passage supports its claim,
//! and stores the answers as `support.v1` verdicts that every build then
//! enforces. The citations are those `export-claims` lists; a citation
//! that already has a verdict of this checker (model and prompt) for its
//! current texts is not sent again. The build itself never calls out.

mod client;
mod progress;
mod prompt;
mod verdicts;

pub use prompt::Prompt;

use crate::export::{Citation, book_citations};
use crate::report::inert_line;
use crate::store::Checker;
use client::{Client, Failure, Reply};
use progress::{Progress, Summary};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The arguments of `verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The book's root directory (where book.toml is), or a directory
    /// inside the book: the nearest book.toml above it is used.
    #[arg(default_value = ".")]
    pub book_dir: PathBuf,
    /// The API's base URL, before `/chat/completions`: Ollama's is
    /// http://localhost:11434/v1, OpenAI's https://api.openai.com/v1.
    #[arg(long, value_name = "URL")]
    pub api_base: String,
    /// The model, as the API names it (`bespoke-minicheck`, `gpt-4o-mini`).
    #[arg(long, value_name = "NAME")]
    pub model: String,
    /// The prompt: `minicheck` (Document/Claim, answered Yes or No) for
    /// MiniCheck models, `judge` for general chat models.
    #[arg(long, value_enum, default_value = "minicheck")]
    pub prompt: Prompt,
    /// Say how many citations would be sent, and send nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub jobs: usize,
    /// Seconds to wait for one answer.
    #[arg(long, default_value_t = 120, value_name = "SECS")]
    pub timeout: u64,
    /// Times a request is retried after a 429, a 5xx or a timeout.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub retries: u32,
    /// The environment variable holding the API key, sent as a bearer
    /// token when set (never read from book.toml, never printed).
    #[arg(long, default_value = "OPENAI_API_KEY", value_name = "NAME")]
    pub api_key_env: String,
}

/// Runs `verify`; returns the exit status: 0 every citation has a verdict,
/// 1 some answers could not be read (the others are stored), 2 the run
/// could not go on (book, endpoint, model, key; verdicts received before
/// are stored).
pub fn run(args: &VerifyArgs) -> u8 {
    match verify(args) {
        Ok(code) => code,
        Err(err) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: mdbook-evidence verify: {}",
                inert_line(&format!("{err:#}"))
            );
            2
        }
    }
}

/// What a run asks about: each distinct citation (claim and passage keys,
/// item) once.
fn distinct(citations: Vec<Citation>) -> Vec<Citation> {
    let mut seen = std::collections::HashSet::new();
    citations
        .into_iter()
        .filter(|c| {
            seen.insert((
                c.claim_key.clone(),
                c.evidence_id.clone(),
                c.passage_key.clone(),
            ))
        })
        .collect()
}

fn verify(args: &VerifyArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let (setup, citations) = book_citations(&args.book_dir)?;
    let checker = Checker {
        name: format!("{}/{}", args.model.trim(), args.prompt.name()),
        version: args.prompt.version().to_owned(),
    };
    if args.model.trim().is_empty() {
        anyhow::bail!("--model is empty; name the model as the API knows it");
    }
    let citations = distinct(citations);
    let total = citations.len();
    let (cached, to_send): (Vec<Citation>, Vec<Citation>) = citations
        .into_iter()
        .partition(|c| verdicts::has_verdict(&setup.store, c, &checker));
    let key = std::env::var(&args.api_key_env)
        .ok()
        .filter(|k| !k.trim().is_empty());
    let client = Client::new(
        &args.api_base,
        &args.model,
        key,
        Duration::from_secs(args.timeout.max(1)),
        args.retries,
    )
    .map_err(anyhow::Error::msg)?;
    let target = verdicts::target(&setup).map_err(anyhow::Error::msg)?;
    if args.dry_run {
        let _ = writeln!(
            std::io::stdout(),
            "{} citation(s) of a passage; {} have a verdict of `{} {}`; {} would be sent to {} (verdicts to {})",
            total,
            cached.len(),
            inert_line(&checker.name),
            checker.version,
            to_send.len(),
            inert_line(client.url()),
            inert_line(&target.display().to_string())
        );
        return Ok(0);
    }
    let mut summary = Summary {
        cached: cached.len(),
        ..Summary::default()
    };
    let progress = Progress::new(to_send.len());
    let asked = ask_all(&client, args, &to_send, &progress);
    progress.finish();
    let checked_at = jiff::Timestamp::now()
        .round(jiff::Unit::Second)
        .unwrap_or_else(|_| jiff::Timestamp::now())
        .to_string();
    let mut lines = String::new();
    for (citation, reply) in to_send.iter().zip(&asked.replies) {
        let Some(reply) = reply else { continue };
        summary.add_usage(reply.usage);
        match args.prompt.read(&reply.content) {
            Some(answer) => {
                summary.checked += 1;
                if answer.verdict == crate::store::SupportVerdict::Unsupported {
                    summary.unsupported += 1;
                }
                lines.push_str(&verdicts::line(citation, &answer, &checker, &checked_at));
            }
            None => {
                summary.unreadable += 1;
                progress.warn(&format!(
                    "{}:{}: `{}` answered {:?} about `{}`, which is not {}; not stored (run verify again to ask again)",
                    citation.file,
                    citation.line,
                    checker.name,
                    prompt::one_line(&reply.content, 80),
                    citation.evidence_id,
                    match args.prompt {
                        Prompt::Minicheck => "Yes or No",
                        Prompt::Judge => "SUPPORTED, PARTIALLY SUPPORTED or NOT SUPPORTED",
                    }
                ));
            }
        }
    }
    for (citation, why) in &asked.unreadable {
        summary.unreadable += 1;
        progress.warn(&format!(
            "{}:{}: no verdict on `{}`: {why}; not stored",
            citation.file, citation.line, citation.evidence_id
        ));
    }
    if !lines.is_empty() {
        verdicts::append(&setup, &target, &lines)?;
    }
    summary.elapsed = started.elapsed();
    let mut out = summary.line();
    if summary.checked > 0 {
        out.push_str(&format!("; verdicts added to {}", target.display()));
    }
    let _ = writeln!(std::io::stderr(), "{}", inert_line(&out));
    if let Some(fatal) = asked.fatal {
        anyhow::bail!(
            "{fatal}{}",
            if summary.checked > 0 {
                format!(
                    " ({} verdict(s) received before were stored)",
                    summary.checked
                )
            } else {
                String::new()
            }
        );
    }
    Ok(if summary.unreadable > 0 { 1 } else { 0 })
}

/// The answers of a run, by citation, and what stopped it.
struct Asked<'c> {
    /// The answer to each citation sent, in order; `None` when none came.
    replies: Vec<Option<Reply>>,
    /// Citations whose answer could not be read, and why.
    unreadable: Vec<(&'c Citation, String)>,
    /// Why the run stopped early, if it did.
    fatal: Option<String>,
}

/// Sends every citation, `--jobs` at a time; the first fatal failure stops
/// the requests not yet sent.
fn ask_all<'c>(
    client: &Client,
    args: &VerifyArgs,
    citations: &'c [Citation],
    progress: &Progress,
) -> Asked<'c> {
    let mut asked = Asked {
        replies: (0..citations.len()).map(|_| None).collect(),
        unreadable: Vec::new(),
        fatal: None,
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Result<Reply, Failure>)>();
    let jobs = args.jobs.clamp(1, 64).min(citations.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(citation) = citations.get(at) else {
                        break;
                    };
                    let messages = args.prompt.messages(&citation.claim, &citation.passage);
                    let result = client.ask(messages, args.prompt.max_tokens(), stop);
                    if matches!(result, Err(Failure::Fatal(_))) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if tx.send((at, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (at, result) in rx {
            progress.advance();
            match result {
                Ok(reply) => asked.replies[at] = Some(reply),
                Err(Failure::Answer(why)) => asked.unreadable.push((&citations[at], why)),
                Err(Failure::Fatal(why)) => {
                    stop.store(true, Ordering::Relaxed);
                    asked.fatal.get_or_insert(why);
                }
            }
        }
    });
    asked
}
