//! Bytes in lower-case hexadecimal: how every digest the tool writes is
//! spelled (citation ids, support keys, the cache's keys, manifests, import
//! records, report fingerprints).

use std::fmt::Write as _;

/// `bytes` in lower-case hexadecimal, two digits a byte.
pub fn lower_hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn two_lower_case_digits_a_byte() {
        assert_eq!(super::lower_hex(&[0, 0x0f, 0xa0, 0xff]), "000fa0ff");
        assert_eq!(super::lower_hex(&[]), "");
    }
}
