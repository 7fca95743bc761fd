//! Whether the checkout brought a directory: git tracks a file in it.
//!
//! A cache directory committed to the repository (`git add -f`) is never
//! read, even when its entries' MACs verify: the key can leak (a CI cache
//! shared with jobs that run a pull request's code), and entries that
//! came with a checkout must not decide a verdict whatever they carry.
//!
//! Git is not run (a preprocessor starts no other program, and git in a
//! checkout reads that checkout's configuration): the checkout's index is
//! read instead, formats 2 to 4, SHA-1 or SHA-256 object ids. An index
//! that cannot be read or parsed answers "not tracked": the MAC still
//! guards every entry. A split index's shared part is not read.

use evidence_core::limits;
use std::path::{Path, PathBuf};

/// The checkout that holds `dir` (canonical): the nearest directory from
/// it upwards, itself included, that has a `.git`.
pub(super) fn checkout_of(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|at| std::fs::symlink_metadata(at.join(".git")).is_ok())
        .map(Path::to_owned)
}

/// The checkout whose index tracks a file inside `dir` (canonical), if
/// any.
pub(super) fn tracked_in(dir: &Path) -> Option<PathBuf> {
    let checkout = checkout_of(dir)?;
    let relative = dir.strip_prefix(&checkout).ok()?;
    let mut prefix = Vec::new();
    for part in relative.components() {
        prefix.extend_from_slice(part.as_os_str().as_encoded_bytes());
        prefix.push(b'/');
    }
    let index =
        limits::read_file(&git_dir(&checkout)?.join("index"), limits::Limit::file()).ok()?;
    let paths = [20, 32]
        .into_iter()
        .find_map(|hash| index_paths(&index, hash))?;
    paths
        .iter()
        .any(|path| path.starts_with(&prefix) || (path.ends_with(b"/") && prefix.starts_with(path)))
        .then_some(checkout)
}

/// The git directory of `checkout`: `.git`, or where a `.git` file
/// (a worktree's, a submodule's) says `gitdir: …`.
fn git_dir(checkout: &Path) -> Option<PathBuf> {
    let dot_git = checkout.join(".git");
    let meta = std::fs::symlink_metadata(&dot_git).ok()?;
    if meta.is_dir() {
        return Some(dot_git);
    }
    let text = limits::read_text(&dot_git, limits::Limit::file()).ok()?;
    let named = text.lines().next()?.strip_prefix("gitdir:")?.trim();
    Some(checkout.join(named))
}

/// Every path an index lists, read with object ids of `hash` bytes;
/// `None` when the bytes are not such an index.
fn index_paths(index: &[u8], hash: usize) -> Option<Vec<Vec<u8>>> {
    let header = index.get(..12)?;
    if &header[..4] != b"DIRC" {
        return None;
    }
    let word = |at: usize| Some(u32::from_be_bytes(index.get(at..at + 4)?.try_into().ok()?));
    let version = word(4)?;
    if !(2..=4).contains(&version) {
        return None;
    }
    let count = word(8)? as usize;
    let mut paths: Vec<Vec<u8>> = Vec::with_capacity(count.min(index.len() / 62));
    let mut at = 12;
    for _ in 0..count {
        // Stat data (40 bytes), the object id, then 16 bits of flags.
        let flags_at = at + 40 + hash;
        let flags = u16::from_be_bytes(index.get(flags_at..flags_at + 2)?.try_into().ok()?);
        let mut name_at = flags_at + 2;
        if flags & 0x4000 != 0 {
            if version < 3 {
                return None;
            }
            name_at += 2;
        }
        let (path, next) = if version == 4 {
            let (strip, suffix_at) = varint(index, name_at)?;
            let end = suffix_at + memchr::memchr(0, index.get(suffix_at..)?)?;
            let previous = paths.last().map_or(&[][..], Vec::as_slice);
            let kept = previous.len().checked_sub(usize::try_from(strip).ok()?)?;
            let mut path = previous[..kept].to_vec();
            path.extend_from_slice(&index[suffix_at..end]);
            (path, end + 1)
        } else {
            let end = name_at + memchr::memchr(0, index.get(name_at..)?)?;
            // One to eight NULs pad the entry to a multiple of eight bytes.
            let next = at + ((end - at + 8) & !7);
            if index.get(end..next)?.iter().any(|&b| b != 0) {
                return None;
            }
            (index[name_at..end].to_vec(), next)
        };
        let length = usize::from(flags & 0x0fff);
        if length < 0x0fff && length != path.len() {
            return None;
        }
        paths.push(path);
        at = next;
    }
    Some(paths)
}

/// Git's offset varint at `at` (each continuation adds one before the
/// shift), and where the bytes after it start.
fn varint(bytes: &[u8], mut at: usize) -> Option<(u64, usize)> {
    let mut byte = *bytes.get(at)?;
    let mut value = u64::from(byte & 0x7f);
    while byte & 0x80 != 0 {
        at += 1;
        byte = *bytes.get(at)?;
        value = value
            .checked_add(1)?
            .checked_mul(128)?
            .checked_add(u64::from(byte & 0x7f))?;
    }
    Some((value, at + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An index entry of format 2 or 3 for `path`, with `hash`-byte ids.
    fn entry(path: &str, hash: usize) -> Vec<u8> {
        let mut out = vec![0u8; 40 + hash];
        out.extend_from_slice(&(path.len() as u16).to_be_bytes());
        out.extend_from_slice(path.as_bytes());
        let len = out.len();
        out.resize((len + 8) & !7, 0);
        out
    }

    fn index(version: u32, entries: &[Vec<u8>]) -> Vec<u8> {
        let mut out = b"DIRC".to_vec();
        out.extend_from_slice(&version.to_be_bytes());
        out.extend_from_slice(&(entries.len() as u32).to_be_bytes());
        for e in entries {
            out.extend_from_slice(e);
        }
        out
    }

    #[test]
    fn paths_are_read_from_an_index_and_nothing_from_garbage() {
        let paths = [
            "book.toml",
            "docs/.mdbook-evidence-cache/a.entry",
            "报告/ü.md",
        ];
        for hash in [20, 32] {
            let bytes = index(2, &paths.map(|p| entry(p, hash)));
            let read = index_paths(&bytes, hash).unwrap();
            assert_eq!(read, paths.map(|p| p.as_bytes().to_vec()));
        }
        // Read with the wrong id length, or cut short: not an index.
        let bytes = index(2, &paths.map(|p| entry(p, 20)));
        assert!(index_paths(&bytes, 32).is_none());
        for cut in [3, 12, 40, bytes.len() - 1] {
            assert!(index_paths(&bytes[..cut], 20).is_none(), "{cut}");
        }
        assert!(index_paths(b"DIRC\0\0\0\x09\0\0\0\0", 20).is_none());
    }

    #[test]
    fn format_4_paths_share_their_prefix_with_the_one_before() {
        let mut entries = Vec::new();
        for (strip, suffix) in [(0u8, "a/b.md"), (4, "c.entry")] {
            let mut e = vec![0u8; 60];
            let full = if strip == 0 { 6 } else { 2 + 7 };
            e.extend_from_slice(&(full as u16).to_be_bytes());
            e.push(strip);
            e.extend_from_slice(suffix.as_bytes());
            e.push(0);
            entries.push(e);
        }
        let read = index_paths(&index(4, &entries), 20).unwrap();
        assert_eq!(read, [b"a/b.md".to_vec(), b"a/c.entry".to_vec()]);
        assert_eq!(varint(&[0x80, 0x00], 0), Some((128, 2)));
    }
}
