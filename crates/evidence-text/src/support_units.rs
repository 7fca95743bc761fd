//! What each citation supports: the sentence its marker closes.
//!
//! `claims` decides what must be cited (a paragraph, a bullet, a
//! sentence); the support rules judge each citation against the sentence
//! it belongs to, so that in a paragraph whose sentences cite different items
//! each sentence is compared with its own passages, not the paragraph with
//! all of them. A sentence that cites nothing has nothing to be compared
//! with; the claim rules already decided whether its claim needed a
//! citation.

use crate::claims::{Claim, sentence_claims};
use crate::passage_sentences::at_most_one_sentence;
use evidence_core::config::ClaimUnit;
use evidence_core::ids::ClaimId;
use evidence_core::markers::Scan;

/// A sentence (list item, table row) judged against the items its own
/// markers cite, and the claim it is part of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupportUnit {
    /// The claim the sentence belongs to: a finding about the sentence
    /// fails that claim.
    pub claim: ClaimId,
    /// The sentence, with its own markers.
    pub unit: Claim,
}

/// The support units of a chapter's claims, in document order: each claim
/// split into its sentences that hold markers (a claim that is one
/// sentence, or a sentence claim, is its own unit).
pub fn support_units(scan: &Scan, claims: &[Claim], unit: ClaimUnit) -> Vec<SupportUnit> {
    let mut out = Vec::with_capacity(claims.len());
    for (c, claim) in claims.iter().enumerate() {
        let id = ClaimId(c);
        if claim.markers.is_empty() {
            continue;
        }
        // A block of at most one sentence (most are) is its own unit: cut,
        // it would give the claim back.
        let whole = unit == ClaimUnit::Sentences
            || scan
                .blocks
                .get(claim.block)
                .is_none_or(|b| b.row.is_some() || at_most_one_sentence(&b.text));
        if whole {
            out.push(SupportUnit {
                claim: id,
                unit: claim.clone(),
            });
            continue;
        }
        cut_into_sentences(scan, id, claim, &mut out);
    }
    out
}

/// Pushes the units of a claim cut into its sentences that hold markers, or
/// the claim whole when cutting cannot place every marker or gives one
/// sentence back.
fn cut_into_sentences(scan: &Scan, id: ClaimId, claim: &Claim, out: &mut Vec<SupportUnit>) {
    let whole = |out: &mut Vec<SupportUnit>| {
        out.push(SupportUnit {
            claim: id,
            unit: claim.clone(),
        })
    };
    // Every sentence is kept, however short: `claim-overlap-min-words`
    // decides later whether it has words enough to be compared.
    let sentences = sentence_claims(scan, claim.block, &claim.markers, 0);
    let cited = sentences.iter().filter(|s| !s.markers.is_empty()).count();
    if cited <= 1 && sentences.len() <= 1 {
        whole(out);
        return;
    }
    let before = out.len();
    out.extend(
        sentences
            .into_iter()
            .filter(|s| !s.markers.is_empty())
            .map(|unit| SupportUnit { claim: id, unit }),
    );
    // Markers the sentences could not place (a label sentence holding
    // them) still cite: the claim is judged whole then.
    let placed: usize = out[before..].iter().map(|s| s.unit.markers.len()).sum();
    if placed != claim.markers.len() {
        out.truncate(before);
        whole(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};

    fn scanned(text: &str) -> Scan {
        let options = ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: 3,
        };
        scan(text, &options)
    }

    fn units(text: &str, unit: ClaimUnit) -> Vec<(String, usize)> {
        let scanned = scanned(text);
        let claims = crate::claims::claims(&scanned, unit, &[], 3);
        support_units(&scanned, &claims, unit)
            .into_iter()
            .map(|u| (u.unit.text, u.unit.markers.len()))
            .collect()
    }

    /// The units as they were cut before a block of one sentence was
    /// passed whole: every block claim cut by `sentence_claims`.
    fn cut_every_block(scan: &Scan, claims: &[Claim], unit: ClaimUnit) -> Vec<SupportUnit> {
        let mut out = Vec::new();
        for (c, claim) in claims.iter().enumerate() {
            let id = ClaimId(c);
            if claim.markers.is_empty() {
                continue;
            }
            let whole = |out: &mut Vec<SupportUnit>| {
                out.push(SupportUnit {
                    claim: id,
                    unit: claim.clone(),
                })
            };
            if unit == ClaimUnit::Sentences {
                whole(&mut out);
                continue;
            }
            cut_into_sentences(scan, id, claim, &mut out);
        }
        out
    }

    /// Pieces of chapters: sentences, markers, markup and the characters
    /// that test a reader (full-width digits, spaces of every kind, CJK,
    /// emoji, RTL and combining marks).
    const PIECES: &[&str] = &[
        "Rates held",
        " rose 5.25%",
        " in ２０２６",
        ". ",
        "! ",
        "? ",
        "… ",
        "。",
        "e.g. ",
        "U.S. ",
        "Dr. ",
        " [EVID:a]",
        "[EVID:b]",
        " [EVID:zz]",
        "*Next one.* ",
        "`a. B` ",
        "[a. B](u) ",
        "\u{a0}",
        "\u{2009}",
        "\u{3000}",
        "東京",
        "🎉",
        "\u{200f}",
        "cafe\u{301}",
        "Ölpreise",
        "\n",
        "\n\n",
        "\n- ",
        "| a | b [EVID:a] |\n|---|---|\n",
        "# Heading\n",
    ];

    proptest::proptest! {
        /// A block passed whole gives the units cutting it gave.
        #[test]
        fn units_as_when_every_block_was_cut(
            pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..30),
            unit in proptest::sample::select(vec![
                ClaimUnit::Blocks, ClaimUnit::Bullets, ClaimUnit::Sentences,
            ]),
        ) {
            let text: String = pieces.concat();
            let scanned = scanned(&text);
            let claims = crate::claims::claims(&scanned, unit, &[], 3);
            proptest::prop_assert_eq!(
                support_units(&scanned, &claims, unit),
                cut_every_block(&scanned, &claims, unit)
            );
        }
    }

    #[test]
    fn a_paragraph_is_judged_sentence_by_sentence() {
        let text =
            "Prices rose 3% in May [EVID:a]. Ça a changé à Zürich en juin 2025 [EVID:b][EVID:c].\n";
        let got = units(text, ClaimUnit::Blocks);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].1, 1);
        assert_eq!(got[1].1, 2);
        assert!(got[1].0.starts_with("Ça a changé"));
    }

    #[test]
    fn uncited_sentences_are_not_units_and_one_sentence_is_the_claim() {
        let got = units(
            "Context without a marker here. The figure is 4.4% [EVID:a].\n",
            ClaimUnit::Blocks,
        );
        assert_eq!(got.len(), 1);
        assert!(got[0].0.starts_with("The figure"));
        let got = units(
            "- Tokyo (東京) grew again in 2025 [EVID:a]\n",
            ClaimUnit::Bullets,
        );
        assert_eq!(got.len(), 1);
    }
}
