//! Hard limits on what a run reads, so that an absurd input (a store or a
//! book of gigabytes, a store path that is a device) fails with a clear
//! message instead of exhausting memory. Each can be raised from the
//! environment, for books larger than those tried (the guide's
//! configuration page lists the variables).

use std::io::Read;

/// The most bytes read from all store files together.
pub const MAX_STORE_BYTES: u64 = 256 << 20;

/// The most bytes of book JSON read from stdin.
pub const MAX_BOOK_BYTES: u64 = 256 << 20;

/// The environment variable that overrides [`MAX_STORE_BYTES`] (a number of bytes).
pub const MAX_STORE_BYTES_VAR: &str = "MDBOOK_EVIDENCE_MAX_STORE_BYTES";

/// The environment variable that overrides [`MAX_BOOK_BYTES`] (a number of bytes).
pub const MAX_BOOK_BYTES_VAR: &str = "MDBOOK_EVIDENCE_MAX_BOOK_BYTES";

/// Every `MDBOOK_EVIDENCE_*` variable this version reads, each a number of
/// bytes.
pub const VARIABLES: &[&str] = &[MAX_STORE_BYTES_VAR, MAX_BOOK_BYTES_VAR];

/// The prefix of the variables in [`VARIABLES`].
const PREFIX: &str = "MDBOOK_EVIDENCE_";

/// An `MDBOOK_EVIDENCE_*` environment variable that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("environment variable {variable}: {message}")]
pub struct EnvError {
    /// The variable's name.
    pub variable: String,
    /// What is wrong, and the form it accepts.
    pub message: String,
}

/// Checks every `MDBOOK_EVIDENCE_*` variable set: each must be one of
/// [`VARIABLES`] (a misspelt one would otherwise be ignored) and hold a
/// whole number of bytes above 0. Runs before anything is read, so that
/// [`limit`] never meets a malformed value.
pub fn check_environment() -> Result<(), EnvError> {
    let mut names: Vec<String> = std::env::vars_os()
        .filter_map(|(name, _)| name.into_string().ok())
        .filter(|name| name.starts_with(PREFIX))
        .collect();
    names.sort();
    for name in names {
        if !VARIABLES.contains(&name.as_str()) {
            let hint = crate::suggest::closest(&name, VARIABLES.iter().copied())
                .map(|near| format!(" (did you mean {near}?)"))
                .unwrap_or_default();
            return Err(EnvError {
                message: format!(
                    "mdbook-evidence reads no such variable{hint}; the variables are {}",
                    VARIABLES.join(", ")
                ),
                variable: name,
            });
        }
        if let Some(value) = std::env::var_os(&name) {
            bytes(&name, &value)?;
        }
    }
    Ok(())
}

/// A limit: `default`, or the value of `var` when it is set (checked by
/// [`check_environment`] first; a malformed value, which the binary
/// refuses before it gets here, leaves the default).
pub fn limit(default: u64, var: &str) -> u64 {
    std::env::var_os(var)
        .and_then(|value| bytes(var, &value).ok())
        .unwrap_or(default)
}

/// The number of bytes `value` of `variable` says: ASCII digits (spaces
/// around them allowed), above 0.
fn bytes(variable: &str, value: &std::ffi::OsStr) -> Result<u64, EnvError> {
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
                size(MAX_STORE_BYTES)
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
        let ok = |v: &str| bytes(var, std::ffi::OsStr::new(v));
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
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(MAX_BOOK_BYTES), "256 MiB");
        assert_eq!(size(1000), "1000 bytes");
    }
}
