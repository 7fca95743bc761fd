//! Where in a fetched page a claim rests: the window of one sentence, or
//! two consecutive ones, holding the most of the claim's content words,
//! read with the same words, stems and figures as the support rules read
//! them ([`super::overlap`]). `fetch` records it as the citation's
//! passage; a claim no window holds any word of gets none, and
//! `claim-not-in-evidence` then says so against the page's text.

use crate::overlap::{ClaimWords, ItemWords, overlap};
use std::ops::Range;

/// The byte range in `text` of the window that holds the most of
/// `claim`'s content words, if one holds any.
pub fn locate(claim: &str, text: &str) -> Option<Range<usize>> {
    let words = ItemWords::from_texts(&[text]);
    let found = overlap(&ClaimWords::new(claim), &[&words]);
    found
        .windows
        .into_iter()
        .find(|window| window.covered > 0)
        .map(|window| window.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_holding_the_claim_is_found() {
        let page = "Accept cookies to continue. Home › World › Asia.\n\
            Tokyo's core prices rose 2.4% in January, the statistics bureau said. \
            Economists had expected 2.2%.\n東京の物価は上がった。Related: ten photos of Mount Fuji.";
        let range = locate("Tokyo prices rose 2.4% in January [1].", page).unwrap();
        assert!(
            page[range.clone()].starts_with("Tokyo's core prices rose 2.4%"),
            "{:?}",
            &page[range]
        );
        assert!(!page[range].contains("cookies"));
        assert_eq!(locate("Zebras migrate north.", page), None);
    }
}
