//! `mdbook-evidence verify`: asks a model, over an OpenAI-compatible
//! chat-completions API, whether the passages a claim cites support it,
//! and stores the answers as `support.v1` verdicts that every build then
//! enforces. Each claim is asked about once with all its passages
//! ([`units`]); one that already has a verdict of this checker (model and
//! prompt) for its current texts is not sent again. The build itself
//! never calls out.

mod budget;
use evidence_verify::client;
use evidence_verify::prompt::judge_json;
mod progress;
use evidence_verify::prompt;
mod review;
mod review_at;
mod review_queue;
mod review_screen;
mod review_tui;
use evidence_verify::units;
mod verdicts;

pub use self::budget::{Only, Price, parse_price};
pub use self::review::{ReviewArgs, ReviewVerdict, run as review};
pub use evidence_verify::prompt::Prompt;

use crate::session::Session;
use crate::verify::progress::{Progress, Summary};
use evidence_core::display::counted;
use evidence_core::display::stream::inert_line;
use evidence_core::env::Environment;
use evidence_core::store::Checker;
use evidence_core::store::CitationRecord;
use evidence_verify::client::{Client, Failure, Reply};
use evidence_verify::units::Unit;
use mdbook_preprocessor::book::Book;
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
    // This doc comment is also the option's `--help` text, printed as
    // written: the URLs stay bare there.
    #[allow(rustdoc::bare_urls)]
    #[arg(long, value_name = "URL")]
    pub api_base: String,
    /// The model, as the API names it (`bespoke-minicheck`, `gpt-4o-mini`).
    #[arg(long, value_name = "NAME")]
    pub model: String,
    /// The prompt profile: `minicheck` (Document/Claim, answered Yes or
    /// No) for Ollama's bespoke-minicheck, `bespoke-minicheck` for the
    /// model served from its card (vLLM), `granite-guardian` for IBM
    /// Granite Guardian's groundedness check, `judge` (two lines) or
    /// `judge-json` (a JSON object, by structured output) for general chat
    /// models.
    #[arg(long, default_value = "minicheck", value_parser = clap::builder::TypedValueParser::map(clap::builder::EnumValueParser::<crate::cli_values::PromptArg>::new(), Prompt::from))]
    pub prompt: Prompt,
    /// Say what would be sent (claims, requests, estimated tokens, and
    /// the cost with --price-per-mtok), and send nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// `flagged`: send only the claims a lexical rule flagged and those no
    /// checker has judged yet.
    #[arg(long, value_enum, value_name = "WHICH")]
    pub only: Option<Only>,
    /// Send at most N requests, riskiest claims first (flagged by a
    /// lexical rule, then judged by no checker, then the rest); the
    /// others wait for a later run.
    #[arg(long, value_name = "N")]
    pub max_requests: Option<usize>,
    /// Prices in dollars per million tokens in and out (`0.15,0.60`), for
    /// the cost in the dry run and the summary; overrides the book's
    /// `[preprocessor.evidence.verify] price-per-mtok = [IN, OUT]`.
    #[arg(long, value_name = "IN,OUT", value_parser = parse_price)]
    pub price_per_mtok: Option<Price>,
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
/// are stored). The book, and the key, are read in `environment`.
pub fn run(args: &VerifyArgs, environment: &Environment) -> u8 {
    match verify(args, environment) {
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

fn verify(args: &VerifyArgs, environment: &Environment) -> anyhow::Result<u8> {
    let started = Instant::now();
    let (session, book) = Session::read_book(&args.book_dir, environment)?;
    let citations = session.citations(&book);
    if args.model.trim().is_empty() {
        anyhow::bail!("--model is empty; name the model as the API knows it");
    }
    let checker = Checker {
        name: format!("{}/{}", args.model.trim(), args.prompt.name()),
        version: args.prompt.version().to_owned(),
    };
    let plan = plan(args, &session, &book, citations, &checker)?;
    let key = client::api_key(&args.api_key_env, environment.var(&args.api_key_env))
        .map_err(anyhow::Error::msg)?;
    let client = Client::new(
        &args.api_base,
        &args.model,
        key,
        Duration::from_secs(args.timeout.max(1)),
        args.retries,
    )
    .map_err(anyhow::Error::msg)?;
    let target = verdicts::target(&session).map_err(anyhow::Error::msg)?;
    // --price-per-mtok, else the book's `verify.price-per-mtok`.
    let price = args.price_per_mtok.or(session
        .config()
        .verify
        .price_per_mtok
        .map(|[input, output]| Price { input, output }));
    if args.dry_run {
        let line = plan.dry_run_line(args.prompt, price, &checker, client.url(), &target);
        let _ = writeln!(std::io::stdout(), "{}", inert_line(&line));
        return Ok(0);
    }
    let Plan {
        cached,
        cached_unsupported,
        by_person,
        to_send,
        left_out,
        ..
    } = plan;
    let progress = Progress::new(to_send.len());
    if client.sends_key_in_clear() && !to_send.is_empty() {
        progress.warn(&format!(
            "the API key goes to {} over plain http, readable on the way; use https",
            client.url()
        ));
    }
    let mut record = Recorder {
        session: &session,
        target: &target,
        checker: &checker,
        prompt: args.prompt,
        progress: &progress,
        summary: Summary {
            cached,
            cached_unsupported,
            by_person,
            left_out,
            price,
            ..Summary::default()
        },
        checked_at: now(),
        pending: String::new(),
        pending_count: 0,
        stored: 0,
    };
    let mut fatal = ask_all(&client, args, &to_send, |unit, result| {
        record.answer(unit, result)
    });
    progress.finish();
    if let Err(err) = record.flush() {
        fatal.get_or_insert(format!("{err:#}"));
    }
    record.summary.elapsed = started.elapsed();
    let mut out = record.summary.line();
    if record.stored > 0 {
        out.push_str(&format!("; verdicts added to {}", target.display()));
    }
    let _ = writeln!(std::io::stderr(), "{}", inert_line(&out));
    if let Some(fatal) = fatal {
        let kept = match record.stored {
            0 => String::new(),
            n => format!(
                " ({} received before {} stored)",
                counted(n, "verdict", "verdicts"),
                if n == 1 { "was" } else { "were" }
            ),
        };
        anyhow::bail!("{fatal}{kept}");
    }
    Ok(if record.summary.unreadable > 0 { 1 } else { 0 })
}

/// What a run will do: the claims, those with a verdict already, and
/// those it sends, riskiest first.
struct Plan {
    total: usize,
    cached: usize,
    /// Of the cached, those whose verdict is unsupported.
    cached_unsupported: usize,
    /// Of the cached, those a person judged (never sent to a model), and
    /// of those the unsupported; the people, sorted, once each.
    by_person: usize,
    by_person_unsupported: usize,
    people: std::collections::BTreeSet<String>,
    to_send: Vec<Unit>,
    /// Neither cached nor sent (`--only`, `--max-requests`).
    left_out: usize,
}

/// The units of `citations`, each cached or to send (flagged by a lexical
/// rule first, then judged by no checker, then the rest), cut to
/// `--only` and `--max-requests`.
fn plan(
    args: &VerifyArgs,
    session: &Session,
    book: &Book,
    citations: Vec<CitationRecord>,
    checker: &Checker,
) -> anyhow::Result<Plan> {
    let units = units::units(citations, session.store());
    let total = units.len();
    let flagged = budget::flagged(session, book, &units);
    let (mut cached, mut cached_unsupported) = (0, 0);
    let (mut by_person, mut by_person_unsupported) = (0, 0);
    let mut people = std::collections::BTreeSet::new();
    let mut candidates = Vec::new();
    for (unit, flagged) in units.into_iter().zip(flagged) {
        let judged = verdicts::judged(session.store(), &unit, checker);
        match judged.cached {
            Some(unsupported) => {
                cached += 1;
                cached_unsupported += usize::from(unsupported);
                if !judged.people.is_empty() {
                    by_person += 1;
                    by_person_unsupported += usize::from(unsupported);
                    people.extend(judged.people);
                }
            }
            None if flagged => candidates.push((unit, budget::Risk::Flagged)),
            None if !judged.by_anyone => candidates.push((unit, budget::Risk::Unjudged)),
            None => candidates.push((unit, budget::Risk::Judged)),
        }
    }
    let (to_send, left_out) = budget::choose(candidates, args.prompt, args.only, args.max_requests);
    Ok(Plan {
        total,
        cached,
        cached_unsupported,
        by_person,
        by_person_unsupported,
        people,
        to_send,
        left_out,
    })
}

impl Plan {
    /// What `--dry-run` prints: the claims, the requests, the estimated
    /// tokens, and the cost when prices are given.
    fn dry_run_line(
        &self,
        prompt: Prompt,
        price: Option<Price>,
        checker: &Checker,
        url: &str,
        target: &std::path::Path,
    ) -> String {
        let estimate = budget::Estimate::of(&self.to_send, prompt);
        let mut line = format!(
            "{} citing a passage; {}; {} would be sent to {} in {} at most, about {} in and at most {} out",
            counted(self.total, "claim", "claims"),
            self.judged(checker),
            self.to_send.len(),
            url,
            counted(estimate.requests, "request", "requests"),
            counted(estimate.tokens_in as usize, "token", "tokens"),
            estimate.tokens_out
        );
        if let Some(price) = price {
            line.push_str(&format!(
                ", about {} at ${}/${} per million tokens",
                budget::dollars(estimate.cost(price)),
                price.input,
                price.output
            ));
        }
        if self.left_out > 0 {
            line.push_str(&format!("; {} left for a later run", self.left_out));
        }
        line.push_str(&format!(" (verdicts to {})", target.display()));
        line
    }
}

impl Plan {
    /// Who judged the claims not sent, by kind: `4 judged by a person (Ana
    /// Ruiz; 3 unsupported), 0 by `model/minicheck 1``. A person's verdict
    /// is never counted as the model's.
    fn judged(&self, checker: &Checker) -> String {
        let by_model = self.cached - self.by_person;
        let model = format!(
            "by `{} {}` ({} unsupported)",
            checker.name,
            checker.version,
            self.cached_unsupported - self.by_person_unsupported
        );
        if self.by_person == 0 {
            return format!("{by_model} judged {model}");
        }
        let who: Vec<&str> = self.people.iter().map(String::as_str).collect();
        format!(
            "{} judged by {} ({}; {} unsupported), {by_model} {model}",
            self.by_person,
            if who.len() == 1 { "a person" } else { "people" },
            who.join(", "),
            self.by_person_unsupported
        )
    }
}

/// Now, to the second, as `checked_at` is written.
fn now() -> String {
    let now = jiff::Timestamp::now();
    now.round(jiff::Unit::Second).unwrap_or(now).to_string()
}

/// Verdicts added to the file at a time, so that a long run stopped
/// midway (Ctrl-C, a failing server) keeps what it was told.
const WRITE_EVERY: usize = 20;

/// Reads each answer as it comes, and stores the verdicts.
struct Recorder<'r> {
    session: &'r Session,
    target: &'r std::path::Path,
    checker: &'r Checker,
    prompt: Prompt,
    progress: &'r Progress,
    summary: Summary,
    checked_at: String,
    /// Verdict lines not written yet, and how many.
    pending: String,
    pending_count: usize,
    /// Verdicts written.
    stored: usize,
}

impl Recorder<'_> {
    /// Takes one claim's outcome; returns why the run must stop, if it
    /// must.
    fn answer(&mut self, unit: &Unit, result: Result<Reply, Failure>) -> Option<String> {
        self.progress.advance();
        let reply = match result {
            Ok(reply) => reply,
            Err(Failure::Fatal(why)) => return Some(why),
            Err(Failure::Answer(why)) => {
                self.summary.unreadable += 1;
                self.progress.warn(&format!(
                    "{}:{}: no verdict on `{}`: {why}; not stored",
                    unit.file,
                    unit.line,
                    unit.named()
                ));
                return None;
            }
        };
        self.summary.add_usage(reply.usage);
        let Some(answer) = self.prompt.read(&reply.content) else {
            self.summary.unreadable += 1;
            self.progress.warn(&format!(
                "{}:{}: `{}` answered {:?} about `{}`, which is not {}; not stored (run verify again to ask again)",
                unit.file,
                unit.line,
                self.checker.name,
                prompt::one_line(&reply.content, 80),
                unit.named(),
                self.prompt.expected()
            ));
            return None;
        };
        if self.prompt == Prompt::JudgeJson {
            let passages: Vec<&str> = unit.cited.iter().map(|c| c.passage.as_str()).collect();
            if !judge_json::quote_found(&reply.content, &passages) {
                self.summary.unreadable += 1;
                self.progress.warn(&format!(
                    "{}:{}: `{}` found `{}` supported, quoting words that are not in its passages; not stored (run verify again, or judge it with `review`)",
                    unit.file,
                    unit.line,
                    self.checker.name,
                    unit.named()
                ));
                return None;
            }
        }
        self.summary.checked += 1;
        if answer.verdict == evidence_core::store::SupportVerdict::Unsupported {
            self.summary.unsupported += 1;
        }
        self.pending.push_str(&verdicts::line(
            unit,
            &answer,
            self.checker,
            &self.checked_at,
        ));
        self.pending_count += 1;
        if self.pending_count >= WRITE_EVERY
            && let Err(err) = self.flush()
        {
            return Some(format!("{err:#}"));
        }
        None
    }

    /// Appends the verdicts not written yet to the file.
    fn flush(&mut self) -> anyhow::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        verdicts::append(self.session, self.target, &self.pending)?;
        self.stored += self.pending_count;
        self.pending.clear();
        self.pending_count = 0;
        Ok(())
    }
}

/// Asks about one claim: its one request, or (MiniCheck) its chunks in
/// turn until one supports the claim; the answer that decides, with the
/// tokens of every request sent for it.
fn ask_unit(
    client: &Client,
    prompt: Prompt,
    unit: &Unit,
    stop: &AtomicBool,
) -> Result<Reply, Failure> {
    let requests = prompt.requests(unit);
    let last = requests.len().saturating_sub(1);
    let mut usage: Option<client::Usage> = None;
    for (n, request) in requests.into_iter().enumerate() {
        let mut reply = client.ask(request, prompt.max_tokens(), stop)?;
        if let Some(more) = reply.usage.take() {
            let sum = usage.get_or_insert_with(client::Usage::default);
            sum.prompt += more.prompt;
            sum.completion += more.completion;
        }
        let decided = prompt
            .read(&reply.content)
            .is_none_or(|a| a.verdict == evidence_core::store::SupportVerdict::Supported);
        if decided || n == last {
            reply.usage = usage;
            return Ok(reply);
        }
    }
    Err(Failure::Answer("nothing to ask".into()))
}

/// Sends every claim, `--jobs` at a time, handing each outcome to `take`
/// as it comes; the first fatal failure (met by a request, or returned by
/// `take`) stops the requests not yet sent, and is returned.
fn ask_all(
    client: &Client,
    args: &VerifyArgs,
    citations: &[Unit],
    mut take: impl FnMut(&Unit, Result<Reply, Failure>) -> Option<String>,
) -> Option<String> {
    let mut fatal: Option<String> = None;
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
                    let result = ask_unit(client, args.prompt, citation, stop);
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
            if let Some(why) = take(&citations[at], result) {
                stop.store(true, Ordering::Relaxed);
                fatal.get_or_insert(why);
            }
        }
    });
    fatal
}
