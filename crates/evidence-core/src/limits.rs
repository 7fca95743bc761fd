//! The one reader of files ([`read_file`], [`read_text`]) and the hard
//! limits on what a run reads, so that an absurd input (a store or a book
//! of gigabytes, a template that is a FIFO, a symlink to `/dev/zero`)
//! fails with a clear message instead of hanging or exhausting memory.
//! Every file is checked by type before it is opened and read under a
//! named limit; each limit can be raised from the environment, for books
//! larger than those tried (the guide's configuration page lists the
//! variables).

use crate::env::Environment;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes read from all store files together.
pub(crate) const MAX_STORE_BYTES: u64 = 256 << 20;

/// The most bytes of book JSON read from stdin.
pub const MAX_BOOK_BYTES: u64 = 256 << 20;

/// The most bytes read from any one file that is not part of the store:
/// a template or asset, `book.toml`, `SUMMARY.md`, a chapter, an included
/// file, an answer or a map given to `import`.
pub(crate) const MAX_FILE_BYTES: u64 = 64 << 20;

/// The environment variable that overrides [`MAX_STORE_BYTES`] (a number of bytes).
pub(crate) const MAX_STORE_BYTES_VAR: &str = "MDBOOK_EVIDENCE_MAX_STORE_BYTES";

/// The environment variable that overrides [`MAX_FILE_BYTES`] (a number of bytes).
pub(crate) const MAX_FILE_BYTES_VAR: &str = "MDBOOK_EVIDENCE_MAX_FILE_BYTES";

/// The environment variable that overrides [`MAX_BOOK_BYTES`] (a number of bytes).
pub const MAX_BOOK_BYTES_VAR: &str = "MDBOOK_EVIDENCE_MAX_BOOK_BYTES";

/// Every `MDBOOK_EVIDENCE_*` variable this version reads, each a number of
/// bytes.
pub(crate) const VARIABLES: &[&str] =
    &[MAX_STORE_BYTES_VAR, MAX_BOOK_BYTES_VAR, MAX_FILE_BYTES_VAR];

/// The environment variable that names the cache's key file (read and
/// checked by `cache`; named here, where every `MDBOOK_EVIDENCE_*`
/// variable is known).
pub const CACHE_KEY_FILE_VAR: &str = "MDBOOK_EVIDENCE_CACHE_KEY_FILE";

/// The `MDBOOK_EVIDENCE_*` variables that are not limits: checked by the
/// module that reads them.
const OTHER_VARIABLES: &[&str] = &[CACHE_KEY_FILE_VAR, KEY_PASSPHRASE_VAR];

/// The passphrase of an encrypted signing key (`manifest --sign`).
pub const KEY_PASSPHRASE_VAR: &str = "MDBOOK_EVIDENCE_KEY_PASSPHRASE";

/// Each of [`VARIABLES`] with the default it overrides, for messages.
const DEFAULTS: [(&str, u64); 3] = [
    (MAX_STORE_BYTES_VAR, MAX_STORE_BYTES),
    (MAX_BOOK_BYTES_VAR, MAX_BOOK_BYTES),
    (MAX_FILE_BYTES_VAR, MAX_FILE_BYTES),
];

/// The prefix of the variables in [`VARIABLES`].
const PREFIX: &str = "MDBOOK_EVIDENCE_";

/// An `MDBOOK_EVIDENCE_*` environment variable that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("environment variable {variable}: {message}")]
pub struct EnvError {
    /// The variable's name.
    pub(crate) variable: String,
    /// What is wrong, and the form it accepts.
    pub message: String,
}

/// Checks every `MDBOOK_EVIDENCE_*` variable set in `environment`: each
/// must be one of `VARIABLES` (a misspelt one would otherwise be ignored)
/// and hold a whole number of bytes above 0. Runs before anything is read,
/// so that [`limit`] never meets a malformed value.
pub fn check_environment(environment: &Environment) -> Result<(), EnvError> {
    for name in environment.names().filter(|name| name.starts_with(PREFIX)) {
        if OTHER_VARIABLES.contains(&name) {
            continue;
        }
        if !VARIABLES.contains(&name) {
            let known = || VARIABLES.iter().chain(OTHER_VARIABLES).copied();
            let hint = crate::suggest::closest(name, known())
                .map(|near| format!(" (did you mean {near}?)"))
                .unwrap_or_default();
            return Err(EnvError {
                message: format!(
                    "mdbook-evidence reads no such variable{hint}; the variables are {}",
                    known().collect::<Vec<_>>().join(", ")
                ),
                variable: name.to_owned(),
            });
        }
        if let Some(value) = environment.var(name) {
            bytes(name, value, default_of(name))?;
        }
    }
    Ok(())
}

/// The default of one of [`VARIABLES`] (checked by the caller).
fn default_of(variable: &str) -> u64 {
    DEFAULTS
        .iter()
        .find(|(name, _)| *name == variable)
        .map_or(0, |&(_, default)| default)
}

/// A limit: `default`, or the value of `var` when it is set (checked by
/// [`check_environment`] first; a malformed value, which the binary
/// refuses before it gets here, leaves the default). Read from the
/// process when a file is read, not passed in: only the reader, itself
/// the I/O edge, asks, and every caller of the reader would otherwise
/// carry the limits to it.
pub fn limit(default: u64, var: &str) -> u64 {
    std::env::var_os(var)
        .and_then(|value| bytes(var, &value, default).ok())
        .unwrap_or(default)
}

/// The number of bytes `value` of `variable` says: ASCII digits (spaces
/// around them allowed), above 0.
fn bytes(variable: &str, value: &std::ffi::OsStr, default: u64) -> Result<u64, EnvError> {
    let shown = value.to_string_lossy();
    let parsed = value
        .to_str()
        .map(str::trim)
        .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|v| v.parse::<u64>().ok());
    match parsed {
        Some(n) if n > 0 => Ok(n),
        _ => Err(EnvError {
            variable: variable.to_owned(),
            message: format!(
                "expected a whole number of bytes above 0, such as {} for {} (the default is {}), found {shown:?}; fix it or unset it",
                1u64 << 29,
                size(1 << 29),
                size(default)
            ),
        }),
    }
}

/// Reads everything from `reader`, or `None` as soon as it has more than
/// `limit` bytes to give.
pub fn read_limited(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// Why a file was not read: each says what the path is and how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Nothing at the path.
    #[error("`{}` does not exist", .0.display())]
    NotFound(PathBuf),
    /// A directory, FIFO, socket or device (a symlink's target, when the
    /// path is a symlink): never opened, as opening a FIFO blocks until a
    /// writer comes and a device may never end.
    #[error("`{}` is {kind}, not a regular file; put a regular file there", path.display())]
    NotAFile {
        /// The path as given.
        path: PathBuf,
        /// `a directory`, `a FIFO (named pipe)`, … and, for a symlink,
        /// what it points at.
        kind: String,
    },
    /// Larger than the limit.
    #[error("`{}` is larger than {}, the limit for {what}; make it smaller or raise the limit with {var}=<bytes>", path.display(), size(*limit))]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// The limit, in bytes.
        limit: u64,
        /// What the limit is for.
        what: &'static str,
        /// The environment variable that raises it.
        var: &'static str,
    },
    /// Not UTF-8, where text was expected.
    #[error("`{}` is not UTF-8 (invalid byte at offset {offset}); save it as UTF-8", path.display())]
    NotUtf8 {
        /// The path as given.
        path: PathBuf,
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// Any other I/O error (permissions, …).
    #[error("cannot read `{}`: {source}", path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl ReadError {
    /// Whether nothing is at the path (a file that is optional is then
    /// skipped).
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::NotFound(_))
    }

    /// What is wrong, without the path, for messages that name the file
    /// already (`it is a FIFO (named pipe), not a regular file`).
    pub fn reason(&self) -> String {
        match self {
            ReadError::NotFound(_) => "it does not exist".to_owned(),
            ReadError::NotAFile { kind, .. } => format!("it is {kind}, not a regular file"),
            ReadError::TooLarge {
                limit, what, var, ..
            } => format!(
                "it is larger than {}, the limit for {what} (raise it with {var}=<bytes>)",
                size(*limit)
            ),
            ReadError::NotUtf8 { offset, .. } => {
                format!("it is not UTF-8 (invalid byte at offset {offset}); save it as UTF-8")
            }
            ReadError::Io { source, .. } => format!("cannot read it: {source}"),
        }
    }
}

/// A limit on one read: its size, what it is for and the variable that
/// raises it.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// The most bytes.
    pub(crate) bytes: u64,
    /// What it is for, for messages (`one file`, `all store files together`).
    pub(crate) what: &'static str,
    /// The environment variable that raises it.
    pub(crate) var: &'static str,
}

impl Limit {
    /// `MAX_FILE_BYTES`, or what `MAX_FILE_BYTES_VAR` sets.
    pub fn file() -> Limit {
        Limit {
            bytes: limit(MAX_FILE_BYTES, MAX_FILE_BYTES_VAR),
            what: "one file",
            var: MAX_FILE_BYTES_VAR,
        }
    }
}

/// Reads the file at `path`: THE reader of every file the tool reads.
/// The path must be a regular file (a symlink is followed and its target
/// checked), checked before it is opened; it is opened without blocking
/// (a FIFO put there after the check does not hang the run) and checked
/// again once open; then read up to `limit.bytes` and no further.
pub fn read_file(path: &Path, limit: Limit) -> Result<Vec<u8>, ReadError> {
    let (handle, len) = open_regular(path)?;
    let too_large = || ReadError::TooLarge {
        path: path.to_owned(),
        limit: limit.bytes,
        what: limit.what,
        var: limit.var,
    };
    if len > limit.bytes {
        return Err(too_large());
    }
    read_limited(handle, limit.bytes)
        .map_err(|source| io_error(path, source))?
        .ok_or_else(too_large)
}

/// Opens `path` for [`read_file`] and [`read_start`]: a regular file (by
/// its type before opening, and again once open), with its size.
fn open_regular(path: &Path) -> Result<(std::fs::File, u64), ReadError> {
    let io = |source| io_error(path, source);
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    let handle = open_nonblocking(path).map_err(io)?;
    let meta = handle.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    Ok((handle, meta.len()))
}

/// An I/O error reading `path`: [`ReadError::NotFound`] when nothing is
/// there.
fn io_error(path: &Path, source: std::io::Error) -> ReadError {
    match source.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound(path.to_owned()),
        _ => ReadError::Io {
            path: path.to_owned(),
            source,
        },
    }
}

/// Checks, without opening it, that `path` is a regular file (a symlink's
/// target) within `limit`: for files another program reads (mdBook reads
/// the chapters), which [`read_file`] cannot read for it.
pub(crate) fn check_file(path: &Path, limit: Limit) -> Result<(), ReadError> {
    let meta = std::fs::metadata(path).map_err(|source| io_error(path, source))?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    if meta.len() > limit.bytes {
        return Err(ReadError::TooLarge {
            path: path.to_owned(),
            limit: limit.bytes,
            what: limit.what,
            var: limit.var,
        });
    }
    Ok(())
}

/// `check_file` on every file named `*.{ext}` in the directory `dir`
/// and below (symlinked directories are not entered; a dangling symlink
/// is left to the reader, which reports it missing). Nothing to check
/// when `dir` is not a directory.
pub fn check_tree(dir: &Path, ext: &str, limit: Limit) -> Result<(), ReadError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            check_tree(&path, ext, limit)?;
        } else if path.extension().is_some_and(|e| e == ext) {
            match check_file(&path, limit) {
                Err(ReadError::NotFound(_)) | Ok(()) => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok(())
}

/// The first `len` bytes (or fewer) of the file at `path`, checked and
/// opened as [`read_file`] does: for telling what a file is from how it
/// starts, whatever its size.
pub fn read_start(path: &Path, len: u64) -> Result<Vec<u8>, ReadError> {
    let (handle, _) = open_regular(path)?;
    let mut start = Vec::new();
    handle
        .take(len)
        .read_to_end(&mut start)
        .map_err(|source| io_error(path, source))?;
    Ok(start)
}

/// [`read_file`] as UTF-8 text.
pub fn read_text(path: &Path, limit: Limit) -> Result<String, ReadError> {
    String::from_utf8(read_file(path, limit)?).map_err(|err| ReadError::NotUtf8 {
        path: path.to_owned(),
        offset: err.utf8_error().valid_up_to(),
    })
}

/// Opens `path` for reading; on Unix without blocking, which a regular
/// file ignores and a FIFO needs.
fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The refusal of `path`, whose target has the metadata `meta`.
fn not_a_file(path: &Path, meta: &std::fs::Metadata) -> ReadError {
    let mut kind = file_kind(meta).to_owned();
    if let Ok(target) = std::fs::read_link(path) {
        kind = format!("a symlink to `{}`, {kind}", target.display());
    }
    ReadError::NotAFile {
        path: path.to_owned(),
        kind,
    }
}

/// What a file that is not a regular one is, for messages.
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

/// `256 MiB`, for messages.
pub fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_limit_and_no_further() {
        assert_eq!(
            read_limited(&b"0123456789"[..], 10).unwrap().unwrap().len(),
            10
        );
        assert_eq!(read_limited(&b"0123456789x"[..], 10).unwrap(), None);
        assert_eq!(read_limited(std::io::repeat(0), 1000).unwrap(), None);
    }

    #[test]
    fn a_limit_is_a_whole_number_of_bytes_above_zero() {
        let var = MAX_STORE_BYTES_VAR;
        let ok = |v: &str| bytes(var, std::ffi::OsStr::new(v), MAX_STORE_BYTES);
        assert_eq!(ok("1024"), Ok(1024));
        assert_eq!(ok(" 536870912 "), Ok(1 << 29));
        for bad in [
            "-1",
            "0",
            "",
            " ",
            "1e9",
            "1.5",
            "+5",
            "512MiB",
            "０１",
            "١٢",
            "99999999999999999999",
        ] {
            let err = ok(bad).expect_err(bad);
            assert_eq!(err.variable, var);
            assert!(err.message.contains(&format!("found {bad:?}")), "{err}");
            assert!(err.to_string().starts_with("environment variable MDBOOK_EVIDENCE_MAX_STORE_BYTES: expected a whole number of bytes"), "{err}");
        }
    }

    #[test]
    fn every_variable_has_a_default() {
        let named: Vec<&str> = DEFAULTS.iter().map(|(name, _)| *name).collect();
        assert_eq!(named, VARIABLES);
    }

    #[test]
    fn a_bad_value_names_its_own_variable_s_default() {
        for (var, default) in [
            (MAX_STORE_BYTES_VAR, "256 MiB"),
            (MAX_BOOK_BYTES_VAR, "256 MiB"),
            (MAX_FILE_BYTES_VAR, "64 MiB"),
        ] {
            let err = bytes(var, std::ffi::OsStr::new("-1"), default_of(var)).unwrap_err();
            assert!(
                err.message.contains(&format!("(the default is {default})")),
                "{err}"
            );
        }
    }

    /// The variables checked are those of the environment passed in,
    /// never the process's.
    #[test]
    fn the_environment_check_reads_the_variables_given() {
        let check = |vars: &[(&str, &str)]| {
            check_environment(&Environment::new(vars.iter().copied(), PathBuf::new()))
        };
        assert_eq!(check(&[]), Ok(()));
        assert_eq!(
            check(&[
                (MAX_FILE_BYTES_VAR, "1024"),
                (KEY_PASSPHRASE_VAR, "東京 not a number"),
                (CACHE_KEY_FILE_VAR, "key"),
                ("MDBOOK_OUTPUT__HTML", "{}"),
            ]),
            Ok(())
        );
        let err = check(&[(MAX_BOOK_BYTES_VAR, "lots")]).unwrap_err();
        assert_eq!(err.variable, MAX_BOOK_BYTES_VAR);
        assert!(err.message.contains("found \"lots\""), "{err}");
        // Sorted by name: the misspelt one is met first.
        let err = check(&[
            (MAX_STORE_BYTES_VAR, "-1"),
            ("MDBOOK_EVIDENCE_MAX_FILE_BYTE", "1"),
        ])
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "environment variable MDBOOK_EVIDENCE_MAX_FILE_BYTE: mdbook-evidence reads no such variable (did you mean MDBOOK_EVIDENCE_MAX_FILE_BYTES?); the variables are MDBOOK_EVIDENCE_MAX_STORE_BYTES, MDBOOK_EVIDENCE_MAX_BOOK_BYTES, MDBOOK_EVIDENCE_MAX_FILE_BYTES, MDBOOK_EVIDENCE_CACHE_KEY_FILE, MDBOOK_EVIDENCE_KEY_PASSPHRASE"
        );
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(MAX_BOOK_BYTES), "256 MiB");
        assert_eq!(size(1000), "1000 bytes");
    }
}
