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

/// A limit: `default`, or the value of `var` when it is set to a number of bytes.
pub fn limit(default: u64, var: &str) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(default)
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
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(MAX_BOOK_BYTES), "256 MiB");
        assert_eq!(size(1000), "1000 bytes");
    }
}
