//! `ungrounded-claim`: every claim needs at least one marker that resolves.

use super::{Finding, Rule};
use crate::markers::Scan;

/// The claims of a scanned chapter that have no resolving marker.
/// `resolved[i]` says whether `scan.markers[i]` resolved.
pub fn ungrounded_claims(scan: &Scan, resolved: &[bool], numbered: bool) -> Vec<Finding> {
    let mut any = vec![false; scan.blocks.len()];
    let mut cited = vec![false; scan.blocks.len()];
    for (marker, ok) in scan.markers.iter().zip(resolved) {
        if let Some(block) = marker.block {
            cited[block] = true;
            any[block] |= *ok;
        }
    }
    scan.blocks
        .iter()
        .enumerate()
        .filter(|(i, block)| block.is_claim() && !any[*i])
        .map(|(i, block)| {
            let mut message = if cited[i] {
                "claim has no marker that resolves: every marker it carries is invalid".to_owned()
            } else {
                "claim cites no evidence".to_owned()
            };
            if !numbered && !cited[i] && has_bare_number(&block.text) {
                message.push_str(
                    " (`[N]` markers need a citation list for this chapter under `chapters` in the store)",
                );
            }
            Finding {
                rule: Rule::UngroundedClaim,
                message,
                span: block.span.clone(),
                block: Some(i),
                evidence_ids: Vec::new(),
            }
        })
        .collect()
}

/// Whether the text holds something like `[3]`.
fn has_bare_number(text: &str) -> bool {
    text.split('[').skip(1).any(|rest| {
        rest.split_once(']')
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::{MarkdownFlags, ScanOptions, scan};

    fn findings(text: &str, resolved: &[bool], numbered: bool) -> Vec<Finding> {
        let options = ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered,
            references_title: "References",
            claim_min_words: 3,
        };
        let scan = scan(text, &options);
        assert_eq!(scan.markers.len(), resolved.len());
        ungrounded_claims(&scan, resolved, numbered)
    }

    #[test]
    fn a_claim_with_one_resolving_marker_is_grounded() {
        assert!(
            findings(
                "Rates rose sharply [EVID:a] [EVID:b].\n",
                &[false, true],
                false
            )
            .is_empty()
        );
    }

    #[test]
    fn a_claim_without_markers_or_with_only_bad_ones_is_not() {
        let none = findings("Rates rose sharply today.\n", &[], false);
        assert_eq!(none.len(), 1);
        assert_eq!(none[0].message, "claim cites no evidence");
        assert_eq!(none[0].span, 0..25);
        let bad = findings("Rates rose sharply [EVID:a].\n", &[false], false);
        assert!(
            bad[0]
                .message
                .contains("every marker it carries is invalid")
        );
    }

    #[test]
    fn labels_and_exempt_blocks_need_nothing() {
        let text = "Key points:\n\n- [SPECULATION] Rates could fall next year.\n- [Insufficient evidence to assess this claim]\n";
        assert!(findings(text, &[], false).is_empty());
    }

    #[test]
    fn a_bare_number_in_an_unnumbered_chapter_gets_a_hint() {
        let f = findings("Rates rose sharply today [1].\n", &[], false);
        assert!(f[0].message.contains("citation list"), "{}", f[0].message);
    }
}
