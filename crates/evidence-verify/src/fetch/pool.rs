//! Running the fetches: the pages grouped by host, `--jobs` hosts at
//! once, each host's pages one after the other with `--delay` between
//! them (one connection per host), a progress bar on a terminal, and
//! Ctrl-C stopping the run between requests with what was fetched kept.

use crate::fetch::http::{Body, Failure, Fetcher};
use evidence_core::display::stream::inert_line;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::IsTerminal as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The stack of a fetching thread: the extractor walks a page's tree
/// recursively, and a page may nest deep.
pub(crate) const STACK: usize = 256 << 20;

/// Set by Ctrl-C: no new request starts.
static STOP: AtomicBool = AtomicBool::new(false);

/// One page to fetch: the evidence id, its address, and the validators
/// of its last fetch when the request is a recheck.
#[derive(Debug, Clone)]
pub struct Job {
    /// The evidence id.
    pub id: String,
    /// The page's address.
    pub url: String,
    /// The `ETag` of its last fetch, for a recheck.
    pub etag: Option<String>,
    /// The `Last-Modified` of its last fetch, for a recheck.
    pub last_modified: Option<String>,
}

impl Job {
    /// The validators a conditional request sends.
    fn validators(&self) -> crate::fetch::http::Validators<'_> {
        crate::fetch::http::Validators {
            etag: self.etag.as_deref(),
            last_modified: self.last_modified.as_deref(),
        }
    }
}

/// What became of one job (`None`: not started, the run was stopped).
pub(crate) type Done = (Job, Option<Result<Body, Failure>>);

/// Fetches every job, `jobs` hosts at once, waiting `delay` between two
/// requests to one host; the results in the jobs' order.
pub fn run(fetcher: &Fetcher, work: Vec<Job>, jobs: usize, delay: Duration) -> Vec<Done> {
    stop_on_interrupt();
    let total = work.len();
    let mut hosts: BTreeMap<String, Vec<(usize, Job)>> = BTreeMap::new();
    for (n, job) in work.into_iter().enumerate() {
        let host = url::Url::parse(&job.url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
            .unwrap_or_default();
        hosts.entry(host).or_default().push((n, job));
    }
    let queue = Mutex::new(hosts.into_values().collect::<Vec<_>>());
    let results = Mutex::new(Vec::with_capacity(total));
    let bar = progress(total);
    let pause = |wait: Duration| sleep_unless_stopped(wait);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let work = || {
                // Through a function, so that the queue's lock is let go
                // before the host's pages are fetched.
                while let Some(host) = next_host(&queue) {
                    for (i, (n, job)) in host.into_iter().enumerate() {
                        let started =
                            !STOP.load(Ordering::SeqCst) && (i == 0 || sleep_unless_stopped(delay));
                        let outcome =
                            started.then(|| fetcher.get(&job.url, job.validators(), &pause));
                        if let Some(bar) = &bar {
                            bar.inc(1);
                        }
                        if let Ok(mut results) = results.lock() {
                            results.push((n, (job, outcome)));
                        }
                    }
                }
            };
            let worker = std::thread::Builder::new().stack_size(STACK);
            // A thread that cannot be made: its share is done here.
            if worker.spawn_scoped(scope, work).is_err() {
                work();
            }
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|(n, _)| *n);
    results.into_iter().map(|(_, done)| done).collect()
}

/// The next host's jobs, if any are left.
fn next_host(queue: &Mutex<Vec<Vec<(usize, Job)>>>) -> Option<Vec<(usize, Job)>> {
    queue.lock().ok()?.pop()
}

/// Whether Ctrl-C stopped the run.
pub fn stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// Sleeps `wait` in short steps; false (at once) when the run is stopping.
fn sleep_unless_stopped(wait: Duration) -> bool {
    let step = Duration::from_millis(50);
    let mut left = wait;
    while !left.is_zero() {
        if STOP.load(Ordering::SeqCst) {
            return false;
        }
        let now = left.min(step);
        std::thread::sleep(now);
        left -= now;
    }
    !STOP.load(Ordering::SeqCst)
}

/// The bar, when stderr is a terminal.
fn progress(total: usize) -> Option<ProgressBar> {
    (total > 0 && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} {bar:30} {pos}/{len} pages, {elapsed}")
        {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    })
}

/// Ctrl-C (SIGINT) sets [`STOP`] instead of ending the process, so that
/// the pages fetched so far are written; a second Ctrl-C ends it.
#[cfg(unix)]
fn stop_on_interrupt() {
    extern "C" fn on_interrupt(_: libc::c_int) {
        if STOP.swap(true, Ordering::SeqCst) {
            // SAFETY: `_exit` is async-signal-safe.
            unsafe { libc::_exit(130) };
        }
    }
    // SAFETY: the handler only touches an atomic and calls `_exit`, both
    // async-signal-safe.
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
        );
    }
}

#[cfg(not(unix))]
fn stop_on_interrupt() {}

/// A line for stderr, made inert.
pub fn say(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "{}", inert_line(line));
}
