//! `mdbook-evidence fetch [BOOK]`: reads the page of every cited item that
//! has no passage (`--all`: every cited item), keeps its readable text in
//! the store as `fetched.v1` records (`fetched.jsonl` in the store's
//! directory), and records for each item the window of its page that the
//! claims citing it rest on. Builds read that file; only this command
//! touches the network.

use evidence_verify::fetch::http;
use evidence_verify::fetch::pool;
mod recheck;
use evidence_verify::fetch::text;

use crate::session::Session;
use evidence_core::store::CitationRecord;
use evidence_core::store::{
    FETCHED_V1, FetchStatus, FetchedRecord, PaywallPolicy, RecheckOutcome, parse_fetched,
};
use evidence_text::passage_window::locate;
use evidence_verify::fetch::http::{Fetcher, Settings};
use evidence_verify::fetch::pool::{Job, say};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file `fetch` writes in the store's directory.
pub const FETCHED_FILE: &str = "fetched.jsonl";

/// The arguments of `fetch`.
#[derive(Debug, clap::Args)]
pub struct FetchArgs {
    /// The book's root directory (where book.toml is), or a directory
    /// inside the book: the nearest book.toml above it is used.
    #[arg(default_value = ".")]
    pub book_dir: PathBuf,
    /// Fetch every cited item's page, those with a passage or fetched
    /// before too.
    #[arg(long)]
    pub all: bool,
    /// Fetch again the pages a run before could not read (gone, blocked,
    /// unreachable, too large, …); those read are kept.
    #[arg(long)]
    pub retry: bool,
    /// A host that may resolve to a loopback, private or link-local
    /// address (refused otherwise); repeat for more. A page refused
    /// before for its host is fetched again once its host is named.
    #[arg(long, value_name = "HOST")]
    pub allow_host: Vec<String>,
    /// Hosts fetched from at once.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub jobs: usize,
    /// Milliseconds between two requests to one host.
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pub delay: u64,
    /// Seconds one page may take, connecting included.
    #[arg(long, default_value_t = 30.0, value_name = "SECS")]
    pub timeout: f64,
    /// The most bytes of one page read (after decompression).
    #[arg(long, default_value_t = 10 << 20, value_name = "BYTES")]
    pub max_bytes: u64,
    /// Redirects followed for one page.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub max_redirects: usize,
    /// Ask for every page fetched before again (conditionally) and record
    /// whether it is gone or its passages changed, for the next build to
    /// report (`source-gone`, `source-changed`); fetches nothing new.
    #[arg(long, conflicts_with_all = ["all", "retry"])]
    pub recheck: bool,
}

/// Runs `fetch` on the book read in `environment`; the exit status: 0
/// done (whatever each page's status), 2 the run could not go on (book,
/// store, arguments, writing), 130 stopped by Ctrl-C (what was fetched is
/// written).
pub fn run(args: &FetchArgs, environment: &evidence_core::env::Environment) -> u8 {
    match fetch(args, environment) {
        Ok(code) => code,
        Err(err) => {
            say(&format!("error: mdbook-evidence fetch: {err:#}"));
            2
        }
    }
}

fn fetch(args: &FetchArgs, environment: &evidence_core::env::Environment) -> anyhow::Result<u8> {
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout <= 3600.0) {
        anyhow::bail!("--timeout must be a number of seconds above 0 and at most 3600");
    }
    let (session, book) = Session::read_book(&args.book_dir, environment)?;
    let citations = session.all_citations(&book);
    let target = target_file(&session)?;
    let mut records = earlier_records(session.root(), &target)?;
    let allowed_hosts = args
        .allow_host
        .iter()
        .map(|host| allowed_host(host))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let again = Again {
        all: args.all,
        retry: args.retry,
        allowed_hosts: &allowed_hosts,
    };
    let fetcher = Fetcher::new(Settings {
        allowed_hosts: allowed_hosts.clone(),
        timeout: Duration::from_secs_f64(args.timeout),
        max_bytes: args.max_bytes,
        max_redirects: args.max_redirects,
    });
    let now = jiff::Timestamp::now().to_string();
    let counts = if args.recheck {
        recheck_pages(&fetcher, &mut records, args, &now)
    } else {
        let (jobs, paywalled) = pages_to_fetch(&session, &citations, &records, &again);
        let mut counts = BTreeMap::new();
        for (id, url) in paywalled {
            *counts.entry(FetchStatus::Paywalled.as_str()).or_default() += 1;
            let detail = format!(
                "{url}: its source is metadata_only (behind a paywall or a login); its text is not stored"
            );
            let paywalled = record(id.clone(), url, FetchStatus::Paywalled, &now, detail);
            records.insert(id, paywalled);
        }
        fetch_pages(&fetcher, jobs, &mut records, args, &now, &mut counts);
        counts
    };
    let (with, without) = place_passages(&mut records, &citations);
    write_records(session.root(), &target, &records)?;
    let tally: Vec<String> = counts.iter().map(|(s, n)| format!("{n} {s}")).collect();
    say(&format!(
        "mdbook-evidence fetch: {}{}{}; {} on a located passage, {without} on a page where no passage holds the claim; wrote {}",
        if args.recheck { "rechecked " } else { "" },
        evidence_core::display::counted(counts.values().sum::<usize>(), "page", "pages"),
        if tally.is_empty() {
            String::new()
        } else {
            format!(": {}", tally.join(", "))
        },
        evidence_core::display::counted(with, "citation rests", "citations rest"),
        target.display()
    ));
    let not_read: usize = [
        FetchStatus::Unreachable,
        FetchStatus::Blocked,
        FetchStatus::TooLarge,
    ]
    .iter()
    .filter_map(|status| counts.get(status.as_str()))
    .sum();
    if not_read > 0 && !args.recheck {
        say(&format!(
            "mdbook-evidence fetch: `mdbook-evidence fetch --retry` asks again for the {} not read (later, or with a larger --timeout or --max-bytes)",
            evidence_core::display::counted(not_read, "page", "pages")
        ));
    }
    if pool::stopped() {
        say("mdbook-evidence fetch: stopped by Ctrl-C; the pages read so far are kept");
        return Ok(130);
    }
    Ok(0)
}

/// Fetches the pages of `jobs` into `records`, counting each status.
fn fetch_pages(
    fetcher: &Fetcher,
    jobs: Vec<Job>,
    records: &mut BTreeMap<String, FetchedRecord>,
    args: &FetchArgs,
    now: &str,
    counts: &mut BTreeMap<&'static str, usize>,
) {
    let done = pool::run(fetcher, jobs, args.jobs, Duration::from_millis(args.delay));
    for (job, outcome) in done {
        let Some(outcome) = outcome else { continue };
        let fetched = finish(job, outcome, now);
        *counts.entry(fetched.status.as_str()).or_default() += 1;
        if fetched.status != FetchStatus::Fetched {
            say(&format!(
                "{}: {}: {}",
                fetched.id,
                fetched.status.as_str(),
                fetched.detail
            ));
        }
        records.insert(fetched.id.clone(), fetched);
    }
}

/// Asks for every page read before again and records what each is now;
/// the count of each outcome.
fn recheck_pages(
    fetcher: &Fetcher,
    records: &mut BTreeMap<String, FetchedRecord>,
    args: &FetchArgs,
    now: &str,
) -> BTreeMap<&'static str, usize> {
    let jobs = recheck::jobs(records);
    let done = pool::run(fetcher, jobs, args.jobs, Duration::from_millis(args.delay));
    let mut counts = BTreeMap::new();
    for (job, outcome) in done {
        let (Some(outcome), Some(record)) = (outcome, records.get_mut(&job.id)) else {
            continue;
        };
        let found = recheck::compare(record, outcome, now);
        let name = match found.outcome {
            RecheckOutcome::Unchanged => "unchanged",
            RecheckOutcome::Changed => "changed",
            RecheckOutcome::Gone => "gone",
            RecheckOutcome::Failed => "not read",
        };
        *counts.entry(name).or_default() += 1;
        if found.outcome != RecheckOutcome::Unchanged {
            let detail = match &found.detail {
                d if d.is_empty() => {
                    format!(
                        "{} no longer on the page",
                        evidence_core::display::counted(found.changed.len(), "passage", "passages")
                    )
                }
                d => d.clone(),
            };
            say(&format!("{}: {name}: {detail}", job.id));
        }
        if let Some(to) = &found.moved_to {
            say(&format!("{}: moved to {to}", job.id));
        }
        record.recheck = Some(found);
    }
    counts
}

/// Where the records go: `fetched.jsonl` in the first directory of the
/// store (a file of the book, loaded with the store).
fn target_file(session: &Session) -> anyhow::Result<PathBuf> {
    session
        .config()
        .store
        .iter()
        .find(|path| session.root().join(path).is_dir())
        .map(|dir| dir.join(FETCHED_FILE))
        .ok_or_else(|| {
            anyhow::anyhow!(
                "the store ({}) has no directory for the fetched pages; make `store` a directory (store = \"evidence\") or add one (store = [\"…\", \"evidence\"]) in book.toml",
                session
                    .config()
                    .store
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// The records a run before wrote, by id; a file there that is not
/// `fetched.v1` is someone's and is never written over.
fn earlier_records(root: &Path, target: &Path) -> anyhow::Result<BTreeMap<String, FetchedRecord>> {
    let path = root.join(target);
    let text = match evidence_core::limits::read_text(&path, evidence_core::limits::Limit::file()) {
        Ok(text) => text,
        Err(err) if err.is_not_found() => return Ok(BTreeMap::new()),
        Err(err) => anyhow::bail!("cannot read {}: {}", target.display(), err.reason()),
    };
    if !text.trim().is_empty() && !evidence_core::store::is_fetched_text(&text) {
        anyhow::bail!(
            "{} exists and does not hold fetched.v1 records; it is not written over: move it, or rename it",
            target.display()
        );
    }
    let records = parse_fetched(target, &text)?;
    Ok(records.into_iter().map(|r| (r.id.clone(), r)).collect())
}

/// `--allow-host`'s value as the resolver compares hosts: an IP address
/// in its canonical form (brackets off), a name in lowercase ASCII
/// (IDNA: `bücher.example` is `xn--bcher-kva.example`, full-width
/// characters read as ASCII); an error for anything else (a scheme, a
/// port, a path).
fn allowed_host(written: &str) -> anyhow::Result<String> {
    let host = written.trim();
    let bracketed = if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host.to_owned()
    };
    match url::Host::parse(&bracketed) {
        Ok(parsed) => Ok(parsed.to_string().trim_matches(['[', ']']).to_owned()),
        Err(_) => anyhow::bail!(
            "--allow-host {written:?} is not a host name or IP address; give the host alone, without a scheme, port or path (--allow-host 127.0.0.1, --allow-host intranet.example)"
        ),
    }
}

/// Which pages a run before stored are asked for again.
struct Again<'a> {
    /// `--all`: every page.
    all: bool,
    /// `--retry`: every page that was not read.
    retry: bool,
    /// `--allow-host`: a page refused for its host is read once its host
    /// is allowed, as the refusal's own hint says.
    allowed_hosts: &'a [String],
}

impl Again<'_> {
    /// Whether the page `record` stores is asked for again.
    fn wants(&self, record: &FetchedRecord) -> bool {
        match record.status {
            _ if self.all => true,
            FetchStatus::Fetched | FetchStatus::Paywalled => false,
            FetchStatus::Refused if self.host_now_allowed(record) => true,
            _ => self.retry,
        }
    }

    /// Whether the http(s) address that was refused (where redirects led,
    /// or the item's own) is on a host `--allow-host` names now.
    fn host_now_allowed(&self, record: &FetchedRecord) -> bool {
        let refused = record.final_url.as_deref().unwrap_or(&record.url);
        url::Url::parse(refused).is_ok_and(|url| {
            matches!(url.scheme(), "http" | "https")
                && url.host_str().is_some_and(|host| {
                    let host = host.trim_matches(['[', ']']);
                    self.allowed_hosts.iter().any(|allowed| allowed == host)
                })
        })
    }
}

/// The cited items whose page is to be fetched (once each, in the order
/// first cited), and those of `metadata_only` sources, which are not.
fn pages_to_fetch(
    session: &Session,
    citations: &[CitationRecord],
    records: &BTreeMap<String, FetchedRecord>,
    again: &Again<'_>,
) -> (Vec<Job>, Vec<(String, String)>) {
    let (mut jobs, mut paywalled, mut seen) = (Vec::new(), Vec::new(), Vec::<&str>::new());
    for citation in citations {
        let id = citation.evidence_id.as_str();
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let Some(item) = session.store().item(id) else {
            continue;
        };
        let Some(url) = item.url.clone() else {
            continue;
        };
        let wanted = match records.get(id).filter(|r| r.url == url) {
            Some(stored) => again.wants(stored),
            // A passage of its own, not one `fetch` gave it.
            None => again.all || (item.cited_passage().is_none() && item.content.is_none()),
        };
        if !wanted {
            continue;
        }
        let metadata_only = item
            .source_id
            .as_deref()
            .and_then(|s| session.store().source(s))
            .is_some_and(|s| s.paywall_policy == PaywallPolicy::MetadataOnly);
        if metadata_only {
            paywalled.push((id.to_owned(), url));
        } else {
            jobs.push(Job {
                id: id.to_owned(),
                url,
                etag: None,
                last_modified: None,
            });
        }
    }
    (jobs, paywalled)
}

/// A record with no text.
fn record(
    id: String,
    url: String,
    status: FetchStatus,
    now: &str,
    detail: String,
) -> FetchedRecord {
    FetchedRecord {
        schema_version: FETCHED_V1.into(),
        id,
        url,
        status,
        http_status: None,
        final_url: None,
        content_type: None,
        fetched_at: now.to_owned(),
        detail,
        text: None,
        passages: Vec::new(),
        etag: None,
        last_modified: None,
        recheck: None,
    }
}

/// The record of one fetch.
fn finish(job: Job, outcome: Result<http::Body, http::Failure>, now: &str) -> FetchedRecord {
    match outcome {
        Err(failure) => FetchedRecord {
            http_status: failure.http_status,
            final_url: failure.final_url,
            ..record(job.id, job.url, failure.status, now, failure.detail)
        },
        Ok(body) => {
            let moved = (body.final_url != job.url).then(|| body.final_url.clone());
            let (status, detail, text) = match text::readable_text(&body) {
                Ok(text) => (FetchStatus::Fetched, String::new(), Some(text)),
                Err((status, detail)) => (status, detail, None),
            };
            FetchedRecord {
                http_status: Some(body.http_status),
                etag: body.etag.clone(),
                last_modified: body.last_modified.clone(),
                final_url: moved,
                content_type: Some(body.media_type),
                text,
                ..record(job.id, job.url, status, now, detail)
            }
        }
    }
}

/// Gives every fetched record the windows its item's citations rest on
/// (again each run: the chapters may have changed); how many citations
/// got one and how many found none.
fn place_passages(
    records: &mut BTreeMap<String, FetchedRecord>,
    citations: &[CitationRecord],
) -> (usize, usize) {
    let (mut with, mut without) = (0, 0);
    for record in records.values_mut() {
        let Some(text) = record.text.as_deref() else {
            record.passages.clear();
            continue;
        };
        let mut spans = Vec::new();
        for citation in citations.iter().filter(|c| c.evidence_id == record.id) {
            match locate(&citation.claim, text) {
                Some(bytes) => {
                    with += 1;
                    let start = text[..bytes.start].chars().count() as u64;
                    let end = start + text[bytes].chars().count() as u64;
                    spans.push([start, end]);
                }
                None => without += 1,
            }
        }
        spans.sort_unstable();
        spans.dedup();
        record.passages = spans;
    }
    (with, without)
}

/// Writes the records, one a line in id order, through the safe writer.
fn write_records(
    root: &Path,
    target: &Path,
    records: &BTreeMap<String, FetchedRecord>,
) -> anyhow::Result<()> {
    let mut out = String::new();
    for record in records.values() {
        out.push_str(&serde_json::to_string(record)?);
        out.push('\n');
    }
    let writer = evidence_core::safe_write::SafeWriter::new(root)?;
    writer.write(&root.join(target), out.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(url: &str, final_url: Option<&str>) -> FetchedRecord {
        FetchedRecord {
            final_url: final_url.map(str::to_owned),
            ..record(
                "ev_a".into(),
                url.into(),
                FetchStatus::Refused,
                "2026-01-01T00:00:00Z",
                String::new(),
            )
        }
    }

    #[test]
    fn allowed_hosts_are_read_as_the_resolver_compares_them() {
        for (written, host) in [
            ("127.0.0.1", "127.0.0.1"),
            (" ::1 ", "::1"),
            ("[::1]", "::1"),
            ("LocalHost", "localhost"),
            ("Bücher.Example", "xn--bcher-kva.example"),
            ("１２７．０．０．１", "127.0.0.1"),
        ] {
            assert_eq!(allowed_host(written).unwrap(), host, "{written}");
        }
        for bad in ["http://a.example", "a.example:80", "a.example/x", "", "a b"] {
            assert!(allowed_host(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_refused_page_is_asked_again_once_the_host_it_was_refused_at_is_allowed() {
        let allowed = ["::1".to_owned(), "xn--bcher-kva.example".to_owned()];
        let again = Again {
            all: false,
            retry: false,
            allowed_hosts: &allowed,
        };
        assert!(again.wants(&refused("http://[::1]:8080/a", None)));
        assert!(again.wants(&refused(
            "https://public.example/a",
            Some("http://bücher.example/b")
        )));
        // Refused where the redirect led, on a host still not allowed.
        assert!(!again.wants(&refused("http://[::1]/a", Some("http://10.0.0.1/b"))));
        // Not http(s): allowing a host changes nothing.
        assert!(!again.wants(&refused("ftp://[::1]/a", None)));
        let gone = FetchedRecord {
            status: FetchStatus::Gone,
            ..refused("http://[::1]/a", None)
        };
        assert!(!again.wants(&gone));
        assert!(
            Again {
                retry: true,
                ..again
            }
            .wants(&gone)
        );
    }
}
