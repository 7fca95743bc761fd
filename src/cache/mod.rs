//! Per-chapter results kept between runs, so that `mdbook serve` and a
//! check in CI judge (and render) again only the chapters that changed.
//!
//! An entry holds what judging a chapter found and, for a build, the
//! chapter as rendered. It is stored under the SHA-256 of everything the
//! result is made from that a run shares (this binary, the book's whole
//! configuration, the templates and markdown options, the source registry
//! and the support verdicts) and of the chapter itself (its path, its text,
//! its citation list). The store items the chapter names are checked on
//! every hit: the entry lists them with the hash of their state (each
//! item, its source, whether it is stale or expired at the as-of date,
//! and every id of the store when one is missing), and a hit whose items
//! changed is a miss. Book-level results (the evidence index, the
//! report's totals and quality metrics, the store's own findings) are
//! made from every chapter's result, cached or not, on every run.
//!
//! The directory (`.mdbook-evidence-cache` in the book's root, or the
//! `cache` key) is written only through the safe writer, one whole file at
//! a time, renamed into place: two runs at once each leave whole entries.
//! Entries are read through the size-limited reader; one that is
//! truncated, altered or of another version is a miss, never an error.
//!
//! Nothing a checkout brings decides a verdict: every entry is
//! authenticated with a key kept outside the book and the checkout
//! (`secret.rs`), so one committed to the repository or written on
//! another machine is a miss, said once per run; and a directory git
//! tracks (committed with the book) is not read at all (`tracked.rs`).

mod entry;
mod key;
mod secret;
mod tracked;

use evidence_core::config::Config;
use evidence_core::limits;
use evidence_core::markers::Scan;
use evidence_core::safe_write::SafeWriter;
use evidence_core::store::{CitationList, Store};
use evidence_report::ChapterFindings;
use evidence_rules::Resolved;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// The most bytes of entries kept: beyond it, the entries this run did
/// not use are deleted, oldest first.
const MAX_BYTES: u64 = 512 << 20;

/// The file that marks the directory as a cache (the name and first line
/// backup tools look for).
const TAG: &str = "CACHEDIR.TAG";

/// The name of an entry file: its key and this suffix.
const SUFFIX: &str = ".entry";

/// The cache of one run.
#[derive(Debug)]
pub(crate) struct Cache {
    /// The directory, as configured (relative to the book's root).
    shown: PathBuf,
    /// The directory, to read entries from.
    dir: PathBuf,
    /// Writes inside the directory only.
    writer: SafeWriter,
    /// The part of every key the run shares.
    run: String,
    /// A check, which renders nothing: an entry without the rendered
    /// chapter is a hit.
    judge_only: bool,
    /// The keys read or written in this run: never pruned.
    used: Mutex<HashSet<String>>,
    /// The entries of chapters judged in this run, by chapter key, waiting
    /// for their chapter's rendering (held here, not in the render plan,
    /// so that the renderer knows nothing of the cache).
    waiting: Mutex<HashMap<String, Pending>>,
    /// Each store item's state, hashed once.
    items: key::ItemMemo,
    /// Authenticates every entry written and read.
    secret: secret::Secret,
    hits: AtomicUsize,
    misses: AtomicUsize,
    /// Entries found whose MAC did not verify.
    foreign: AtomicUsize,
}

/// A chapter the cache had.
pub(crate) struct Hit<'s> {
    /// What judging it found.
    pub(crate) findings: ChapterFindings,
    /// The chapter as rendered (not for a check).
    pub(crate) rendered: Option<String>,
    /// The items its References list.
    pub(crate) published: Vec<Resolved<'s>>,
}

/// A chapter just judged, whose entry is written once it is rendered.
#[derive(Debug)]
pub(crate) struct Pending {
    header: entry::Header,
}

impl Cache {
    /// The cache of the book at `root` with `config`, protecting `inputs`
    /// (never inside the source or build directory, a store, or a
    /// directory `mdbook serve` watches). `None` when `cache = false`, or
    /// (with a warning on stderr) when the directory cannot be used: a
    /// cache never stops a build.
    pub(crate) fn open(
        root: &Path,
        config: &Config,
        store: &Store,
        book_config: &str,
        setup: &str,
        inputs: &evidence_report::ReportInputs,
    ) -> Option<Cache> {
        let shown = config.cache.clone()?;
        let opened = secret::load(root).and_then(|secret| {
            Cache::open_dir(root, &shown, inputs).map(|(dir, writer)| (secret, dir, writer))
        });
        match opened {
            Ok((secret, dir, writer)) => Some(Cache {
                run: key::run_key(&key::binary_identity(), book_config, setup, store),
                shown,
                dir,
                writer,
                judge_only: false,
                used: Mutex::new(HashSet::new()),
                waiting: Mutex::new(HashMap::new()),
                items: key::ItemMemo::default(),
                secret,
                hits: AtomicUsize::new(0),
                misses: AtomicUsize::new(0),
                foreign: AtomicUsize::new(0),
            }),
            Err(why) => {
                eprintln!(
                    "mdbook-evidence: warning: the cache is off for this run: {}",
                    evidence_core::display::stream::inert_line(&why)
                );
                None
            }
        }
    }

    fn open_dir(
        root: &Path,
        shown: &Path,
        inputs: &evidence_report::ReportInputs,
    ) -> Result<(PathBuf, SafeWriter), String> {
        let dir = root.join(shown);
        let mut outer = SafeWriter::new(root).map_err(|e| e.to_string())?;
        inputs.protect_in(&mut outer);
        // Checked as the place of a file in it: inside the book, on no
        // input, through no symlink outside.
        outer
            .check(&dir.join(".gitignore"))
            .map_err(|e| e.to_string())?;
        if std::fs::symlink_metadata(&dir).is_err() {
            outer.create_dir_all(&dir).map_err(|e| e.to_string())?;
        }
        // The directory itself, not a link to one: what is deleted and
        // written in it must be what the user sees at its name.
        let meta = std::fs::symlink_metadata(&dir).map_err(|e| e.to_string())?;
        if !meta.file_type().is_dir() {
            return Err(format!(
                "refusing {}: it is {}, where a directory is needed; delete it, or set `cache` to another directory",
                shown.display(),
                if meta.file_type().is_symlink() {
                    "a symlink"
                } else {
                    limits::file_kind(&meta)
                }
            ));
        }
        // One the checkout brought is never read, whatever its entries
        // carry (tracked.rs says why).
        if let Some(checkout) = std::fs::canonicalize(&dir)
            .ok()
            .and_then(|real| tracked::tracked_in(&real))
        {
            return Err(format!(
                "refusing {}: git tracks files in it (it was committed to the repository in {}), and a cache that comes with a checkout is never read; take it out of the repository (`git rm -r --cached {}`)",
                shown.display(),
                checkout.display(),
                shown.display()
            ));
        }
        // A directory of the user's is never taken over (its files would be
        // hidden from version control, and could be pruned): it must be
        // ours (tagged) or empty.
        let tag = dir.join(TAG);
        let empty = std::fs::read_dir(&dir)
            .map_err(|e| e.to_string())?
            .next()
            .is_none();
        if !empty && std::fs::symlink_metadata(&tag).is_err() {
            return Err(format!(
                "refusing {}: it holds files and no {TAG}, so it is not a cache of mdbook-evidence; set `cache` to a new directory",
                shown.display()
            ));
        }
        let writer = SafeWriter::new(&dir).map_err(|e| e.to_string())?;
        // Kept out of version control and backups, like a build directory;
        // written once, never over a file of the user's.
        for (name, text) in [
            (
                ".gitignore",
                "# Written by mdbook-evidence: its cache.\n*\n",
            ),
            (
                TAG,
                "Signature: 8a477f597d28d172789f06886806bc55\n# The cache of mdbook-evidence: delete it at any time.\n",
            ),
        ] {
            let path = dir.join(name);
            if std::fs::symlink_metadata(&path).is_err() {
                writer
                    .write(&path, text.as_bytes())
                    .map_err(|e| e.to_string())?;
            }
        }
        Ok((dir, writer))
    }

    /// Makes this the cache of a check: nothing is rendered, so an entry
    /// is a hit without the rendered chapter, and one is written without
    /// it.
    pub(crate) fn judge_only(&mut self) {
        self.judge_only = true;
    }

    /// Whether entries are written as soon as their chapter is judged.
    pub(crate) fn is_judge_only(&self) -> bool {
        self.judge_only
    }

    /// The key of a chapter: see [`key::chapter_key`].
    pub(crate) fn key(
        &self,
        path: &str,
        checked: bool,
        content: &str,
        list: Option<&CitationList>,
    ) -> String {
        key::chapter_key(&self.run, path, checked, content, list)
    }

    /// The chapter stored under `key`, whose path is `path` and text
    /// `content`, if its entry is whole and its store items are as they
    /// were. Counts a hit or a miss.
    pub(crate) fn lookup<'s>(
        &self,
        key: &str,
        path: &Path,
        content: &str,
        store: &'s Store,
        config: &Config,
    ) -> Option<Hit<'s>> {
        let hit = self.read(key, path, content, store, config);
        let counter = if hit.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if hit.is_some() {
            self.use_key(key);
        }
        hit
    }

    /// Counts a chapter judged without a look at the cache (one whose
    /// result depends on more than the key covers).
    pub(crate) fn bypass(&self) {
        self.misses.fetch_add(1, Ordering::Relaxed);
    }

    fn read<'s>(
        &self,
        key: &str,
        path: &Path,
        content: &str,
        store: &'s Store,
        config: &Config,
    ) -> Option<Hit<'s>> {
        let file = self.dir.join(format!("{key}{SUFFIX}"));
        let bytes = limits::read_file(&file, limits::Limit::file()).ok()?;
        let (header, rendered) = match entry::decode(&bytes, &self.secret) {
            entry::Decoded::Entry(header, rendered) => (*header, rendered),
            entry::Decoded::Foreign => {
                self.foreign.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            entry::Decoded::NotAnEntry => return None,
        };
        if header.key != key || (rendered.is_none() && !self.judge_only) {
            return None;
        }
        if key::deps_hash(&header.ids, store, config, &self.items) != header.deps {
            return None;
        }
        let published = header
            .published
            .iter()
            .map(|id| evidence_rules::resolve_id(id, store, config).ok())
            .collect::<Option<Vec<Resolved<'s>>>>()?;
        let findings = header.findings(path, content)?;
        Some(Hit {
            findings,
            rendered,
            published,
        })
    }

    /// The store ids a chapter names, read from its `scan` (before
    /// rendering consumes it) and its citation `list`: the items its
    /// entry's validity is checked against.
    pub(crate) fn ids_of(scan: &Scan, list: Option<&CitationList>) -> Vec<String> {
        key::cited_ids(scan, list)
    }

    /// The entry of a chapter judged under `key` that names the store
    /// items `ids`, found `found` and lists `published`.
    pub(crate) fn pending(
        &self,
        key: String,
        ids: Vec<String>,
        found: &ChapterFindings,
        published: Vec<String>,
        store: &Store,
        config: &Config,
    ) -> Pending {
        let deps = key::deps_hash(&ids, store, config, &self.items);
        Pending {
            header: entry::Header::of(key, ids, deps, found, published),
        }
    }

    /// Holds `pending`, the entry of the chapter keyed `chapter`, until
    /// [`Cache::put_rendered`] has the chapter as rendered.
    pub(crate) fn wait(&self, chapter: String, pending: Pending) {
        // A panic elsewhere cannot leave the map half-changed.
        let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        waiting.insert(chapter, pending);
    }

    /// Writes the waiting entry of the chapter keyed `chapter` (if any)
    /// with the chapter as `rendered`.
    pub(crate) fn put_rendered(&self, chapter: &str, rendered: &str) {
        let pending = (self.waiting.lock())
            .unwrap_or_else(PoisonError::into_inner)
            .remove(chapter);
        if let Some(pending) = pending {
            self.put(pending, Some(rendered));
        }
    }

    /// Writes `pending`'s entry, with the chapter as rendered (none for a
    /// check). A write that fails costs the next run a miss, nothing more.
    pub(crate) fn put(&self, pending: Pending, rendered: Option<&str>) {
        let key = pending.header.key.clone();
        let bytes = entry::encode(pending.header, rendered, &self.secret);
        let path = self.dir.join(format!("{key}{SUFFIX}"));
        if self.writer.write(&path, &bytes).is_ok() {
            self.use_key(&key);
        }
    }

    fn use_key(&self, key: &str) {
        if let Ok(mut used) = self.used.lock() {
            used.insert(key.to_owned());
        }
    }

    /// The line that says what the cache saved, for the run's summary.
    pub(crate) fn summary(&self) -> String {
        let hits = self.hits.load(Ordering::Relaxed);
        let misses = self.misses.load(Ordering::Relaxed);
        let total = hits + misses;
        format!(
            "mdbook-evidence: re-checked {misses} of {total} {}; {hits} unchanged, from the cache in {} (delete it, or set `cache = false`, to check every chapter)",
            if total == 1 { "chapter" } else { "chapters" },
            evidence_core::display::stream::inert_line(&self.shown.display().to_string())
        )
    }

    /// Ends the run: says, once, how many entries were not this user's
    /// (whatever `verbose` says: it may be an attempt to pass a chapter
    /// unjudged); when the entries outgrow the bound, deletes those this
    /// run did not use, oldest first. Only files named as entries are
    /// ever deleted.
    pub(crate) fn finish(&self) {
        let foreign = self.foreign.load(Ordering::Relaxed);
        if foreign > 0 {
            eprintln!(
                "mdbook-evidence: note: {foreign} {} in {} did not verify with this user's cache key (written on another machine or by another user, committed to the repository, or altered) and {} not used; {} judged again. Keep the cache out of version control; to share it between CI runs, keep the key with it (see `{}` in the guide's configuration)",
                if foreign == 1 {
                    "cache entry"
                } else {
                    "cache entries"
                },
                evidence_core::display::stream::inert_line(&self.shown.display().to_string()),
                if foreign == 1 { "was" } else { "were" },
                if foreign == 1 {
                    "its chapter was"
                } else {
                    "their chapters were"
                },
                secret::KEY_FILE_VAR
            );
        }
        if let Ok(used) = self.used.lock() {
            prune(&self.dir, &used, MAX_BYTES);
        }
    }
}

/// Deletes the entries in `dir` that are not `used`, oldest first, until
/// the entries take at most `max` bytes.
fn prune(dir: &Path, used: &HashSet<String>, max: u64) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut total = 0u64;
    let mut old: Vec<(std::time::SystemTime, u64, PathBuf)> = Vec::new();
    for item in read.flatten() {
        let name = item.file_name();
        let Some(key) = name.to_str().and_then(|n| n.strip_suffix(SUFFIX)) else {
            continue;
        };
        let Ok(meta) = std::fs::symlink_metadata(item.path()) else {
            continue;
        };
        if !meta.file_type().is_file() || !is_key(key) {
            continue;
        }
        total += meta.len();
        if !used.contains(key) {
            let time = meta.modified().unwrap_or(std::time::UNIX_EPOCH);
            old.push((time, meta.len(), item.path()));
        }
    }
    old.sort();
    for (_, len, path) in old {
        if total <= max {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            total -= len;
        }
    }
}

/// Whether `name` is a key as this cache writes them: 64 hex digits.
fn is_key(name: &str) -> bool {
    name.len() == 64 && name.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pruning_deletes_unused_entries_oldest_first_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let key = |n: u8| format!("{n:064x}");
        let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        for n in 0..4u8 {
            let path = dir.path().join(format!("{}{SUFFIX}", key(n)));
            std::fs::write(&path, [0u8; 100]).unwrap();
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(old + std::time::Duration::from_secs(u64::from(n)))
                .unwrap();
        }
        std::fs::write(dir.path().join("notes.entry"), [0u8; 1000]).unwrap();
        std::fs::write(dir.path().join(".gitignore"), "*\n").unwrap();
        // Entry 0 (the oldest) was used by this run: 1 and 2 go.
        let used: HashSet<String> = [key(0)].into();
        prune(dir.path(), &used, 200);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        let mut expected = vec![
            ".gitignore".to_owned(),
            format!("{}{SUFFIX}", key(0)),
            format!("{}{SUFFIX}", key(3)),
            "notes.entry".to_owned(),
        ];
        expected.sort();
        assert_eq!(left, expected);
    }
}
