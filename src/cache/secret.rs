//! The key that authenticates cache entries, and where it lives.
//!
//! An entry's name and its body's hash are SHA-256 values of public
//! things (this binary, `book.toml`, the chapter, the store): anyone can
//! compute them, so they prove an entry whole, not who wrote it. A pull
//! request could commit `.mdbook-evidence-cache/` (`git add -f`) holding
//! an entry that says "no findings" for a chapter with an uncited claim,
//! and a check on a fresh CI clone would pass it. So every entry carries
//! an HMAC-SHA-256 under a key only this user's runs know, and an entry
//! whose MAC does not verify is a miss: it was written under another key
//! (another machine, another user), committed, or altered.
//!
//! The key is what must not come with a checkout, so it lives outside
//! the book: `$XDG_CACHE_HOME/mdbook-evidence/key` (else
//! `~/.cache/mdbook-evidence/key`, else `%LOCALAPPDATA%`), or the file
//! `MDBOOK_EVIDENCE_CACHE_KEY_FILE` names. That variable is not a
//! `book.toml` key nor an `MDBOOK_PREPROCESSOR__` override: the book
//! cannot choose it. A key path inside the book or inside the checkout
//! holding it (the nearest directory above the book with a `.git`) is
//! refused, as written and as resolved, as is a key file that is not a
//! regular file (a symlink could lead to a file the checkout brought),
//! that other users can read or write, or that another user owns. A
//! refused key turns the cache off for the run; nothing is trusted
//! instead.

use crate::cache::key::hex;
use evidence_core::limits;
use evidence_core::safe_write::SafeWriter;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// RustCrypto's HMAC over SHA-256.
type HmacSha256 = Hmac<Sha256>;
use evidence_core::paths::{ParentAtStart, lexical};
use std::path::{Path, PathBuf};

/// The environment variable that names the key file.
pub(super) use evidence_core::limits::CACHE_KEY_FILE_VAR as KEY_FILE_VAR;

/// The key's length, in bytes (SHA-256's output: more adds nothing).
const LEN: usize = 32;

/// The key of this user's cache entries.
pub(super) struct Secret([u8; LEN]);

impl std::fmt::Debug for Secret {
    // Never printed, even in a debug dump.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    /// A fixed key, for tests of what is keyed.
    #[cfg(test)]
    pub(super) fn fixed(byte: u8) -> Secret {
        Secret([byte; LEN])
    }

    /// The MAC of the concatenation of `parts`.
    pub(super) fn tag(&self, parts: &[&[u8]]) -> [u8; LEN] {
        hmac_sha256(&self.0, parts)
    }

    /// Whether `tag` is the MAC of `parts`, compared in constant time.
    pub(super) fn verifies(&self, parts: &[&[u8]], tag: &[u8]) -> bool {
        mac(&self.0, parts).verify_slice(tag).is_ok()
    }
}

/// HMAC-SHA-256 (RFC 2104) over the concatenation of `parts` under `key`.
fn mac(key: &[u8], parts: &[&[u8]]) -> HmacSha256 {
    // Any key length is valid for HMAC: new_from_slice cannot fail here.
    let mut mac = <HmacSha256 as KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!());
    for part in parts {
        mac.update(part);
    }
    mac
}

/// HMAC-SHA-256 of the concatenation of `parts` under `key`.
fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; LEN] {
    mac(key, parts).finalize().into_bytes().into()
}

/// This user's key, for the book at `root`: read, or made on first use.
/// The error says why the cache cannot be trusted in this run, and how
/// to fix it.
pub(super) fn load(root: &Path) -> Result<Secret, String> {
    let path = key_path()?;
    let shown = path.display();
    refuse_inside_checkout(&path, root)
        .map_err(|why| format!("its key {shown} is inside {why}; the key must not come with a checkout, so set {KEY_FILE_VAR} to a file outside the book and its repository"))?;
    if std::fs::symlink_metadata(&path).is_err() {
        create(&path).map_err(|why| format!("cannot make its key {shown}: {why}"))?;
    }
    read(&path).map_err(|why| format!("its key {shown} {why}"))
}

/// Where the key is: the file `MDBOOK_EVIDENCE_CACHE_KEY_FILE` names, or
/// `mdbook-evidence/key` in the user's cache directory.
fn key_path() -> Result<PathBuf, String> {
    if let Some(named) = std::env::var_os(KEY_FILE_VAR).filter(|v| !v.is_empty()) {
        let named = PathBuf::from(named);
        if !named.is_absolute() {
            return Err(format!(
                "{KEY_FILE_VAR} is {}, not an absolute path; set it to an absolute path outside the book and its repository, or unset it",
                named.display()
            ));
        }
        return Ok(named);
    }
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .or_else(|| absolute("LOCALAPPDATA"))
        .map(|base| base.join("mdbook-evidence").join("key"))
        .ok_or_else(|| {
            format!(
                "there is no place for its key: none of XDG_CACHE_HOME, HOME and LOCALAPPDATA is an absolute path; set {KEY_FILE_VAR} to a file outside the book"
            )
        })
}

/// Refuses `key` inside the book at `root` or inside the checkout that
/// holds the book, as written or once its symlinks are resolved: the
/// error names which.
fn refuse_inside_checkout(key: &Path, root: &Path) -> Result<(), String> {
    let book = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_owned());
    let checkout = crate::cache::tracked::checkout_of(&book);
    let written = lexical(key, ParentAtStart::Dropped);
    for place in [resolved(&written), resolved(key), written] {
        if place.starts_with(&book) || place.starts_with(root) {
            return Err(format!("the book {}", book.display()));
        }
        if let Some(checkout) = &checkout
            && place.starts_with(checkout)
        {
            return Err(format!("the repository {}", checkout.display()));
        }
    }
    Ok(())
}

/// `path` with its deepest existing ancestor's symlinks resolved.
fn resolved(path: &Path) -> PathBuf {
    let mut rest = Vec::new();
    let mut at = path;
    loop {
        if let Ok(real) = std::fs::canonicalize(at) {
            return rest.iter().rev().fold(real, |out, part| out.join(part));
        }
        match (at.parent(), at.file_name()) {
            (Some(up), Some(name)) => {
                rest.push(name.to_owned());
                at = up;
            }
            _ => return path.to_owned(),
        }
    }
}

/// Makes a new key at `path`: 32 bytes from the system's CSPRNG, as
/// hexadecimal, in a file only this user can read (0600), in a directory
/// made private (0700) when it is created. Created whole or not at all;
/// a key another run made meanwhile is kept.
fn create(path: &Path) -> Result<(), String> {
    let dir = path
        .parent()
        .ok_or_else(|| "it has no directory".to_owned())?;
    if std::fs::symlink_metadata(dir).is_err() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir).map_err(|e| e.to_string())?;
    }
    let mut bytes = [0u8; LEN];
    getrandom::fill(&mut bytes).map_err(|e| e.to_string())?;
    let writer = SafeWriter::new(dir).map_err(|e| e.to_string())?;
    writer
        .create_private(path, format!("{}\n", hex(&bytes)).as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The key in the file at `path`, if it is one this user alone holds.
fn read(path: &Path) -> Result<Secret, String> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| format!("cannot be read: {e}"))?;
    if !meta.file_type().is_file() {
        return Err(format!(
            "is {}, where a regular file is needed (a link could lead to a file a checkout brought); delete it and a new key is made",
            if meta.file_type().is_symlink() {
                "a symlink"
            } else {
                limits::file_kind(&meta)
            }
        ));
    }
    private_to_this_user(&meta)?;
    let bytes = limits::read_file(path, limits::Limit::file())
        .map_err(|e| format!("cannot be read: {e}"))?;
    let text = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
    let mut key = [0u8; LEN];
    if text.len() != 2 * LEN {
        return Err(not_a_key());
    }
    for (byte, pair) in key.iter_mut().zip(text.chunks_exact(2)) {
        let pair = std::str::from_utf8(pair).map_err(|_| not_a_key())?;
        *byte = u8::from_str_radix(pair, 16).map_err(|_| not_a_key())?;
    }
    Ok(Secret(key))
}

fn not_a_key() -> String {
    "is not a key of mdbook-evidence (64 hexadecimal digits and a newline); delete it and a new key is made".to_owned()
}

/// Refuses a key file another user owns or could read or write: whoever
/// can read it can forge entries, whoever can write it can choose it.
#[cfg(unix)]
fn private_to_this_user(meta: &std::fs::Metadata) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt as _;
    let mode = meta.mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(format!(
            "can be read or written by other users (mode {mode:04o}), who could forge cache entries; make it private (`chmod 600`), or delete it and a new key is made"
        ));
    }
    // SAFETY: geteuid takes nothing, cannot fail and touches no memory.
    let me = unsafe { libc::geteuid() };
    if meta.uid() != me {
        return Err(format!(
            "belongs to another user (uid {}, this run's is {me}); delete it and a new key is made",
            meta.uid()
        ));
    }
    Ok(())
}

/// Elsewhere, the key's directory is the user's own (`%LOCALAPPDATA%`).
#[cfg(not(unix))]
fn private_to_this_user(_: &std::fs::Metadata) -> Result<(), String> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231() {
        // Test cases 2 (a short key) and 6 (a key longer than a block).
        let tag = hmac_sha256(b"Jefe", &[b"what do ya want ", b"for nothing?"]);
        assert_eq!(
            hex(&tag),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        let tag = hmac_sha256(
            &[0xaa; 131],
            &[b"Test Using Larger Than Block-Size Key - Hash Key First"],
        );
        assert_eq!(
            hex(&tag),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn a_tag_verifies_only_its_own_message_under_its_own_key() {
        let secret = Secret([7; LEN]);
        let tag = secret.tag(&[b"entry"]);
        assert!(secret.verifies(&[b"en", b"try"], &tag));
        assert!(!secret.verifies(&[b"entry!"], &tag));
        assert!(!Secret([8; LEN]).verifies(&[b"entry"], &tag));
        assert!(!secret.verifies(&[b"entry"], &tag[..31]));
    }

    #[test]
    fn a_key_inside_the_book_or_its_repository_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let book = repo.join("docs");
        std::fs::create_dir_all(repo.join(".git")).unwrap();
        std::fs::create_dir_all(&book).unwrap();
        let inside = refuse_inside_checkout(&book.join(".k/key"), &book).unwrap_err();
        assert!(inside.starts_with("the book"), "{inside}");
        let beside = refuse_inside_checkout(&repo.join("key"), &book).unwrap_err();
        assert!(beside.starts_with("the repository"), "{beside}");
        // Spelled to look outside, and through a link leading back in.
        let dotted = dir.path().join("elsewhere/../repo/key");
        assert!(refuse_inside_checkout(&dotted, &book).is_err());
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&repo, &link).unwrap();
            assert!(refuse_inside_checkout(&link.join("new/key"), &book).is_err());
        }
        assert!(refuse_inside_checkout(&dir.path().join("keys/key"), &book).is_ok());
    }
}
