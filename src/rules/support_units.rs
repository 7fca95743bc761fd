//! What each citation supports: the sentence its marker closes.
//!
//! `claims` decides what must be cited (a paragraph, a bullet, a
//! sentence); the support rules (`claim-not-in-evidence`, `number-…`,
//! `subject-not-in-evidence`) judge each citation against the sentence it
//! belongs to, so that in a paragraph whose sentences cite different items
//! each sentence is compared with its own passages, not the paragraph with
//! all of them. A sentence that cites nothing has nothing to be compared
//! with; the claim rules already decided whether its claim needed a
//! citation.

use super::ClaimId;
use super::claims::{Claim, sentence_claims};
use crate::config::ClaimUnit;
use crate::markers::Scan;

/// A sentence (list item, table row) judged against the items its own
/// markers cite, and the claim it is part of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SupportUnit {
    /// The claim the sentence belongs to: a finding about the sentence
    /// fails that claim.
    pub claim: ClaimId,
    /// The sentence, with its own markers.
    pub unit: Claim,
}

/// The support units of a chapter's claims, in document order: each claim
/// split into its sentences that hold markers (a claim that is one
/// sentence, or a sentence claim, is its own unit).
pub(crate) fn support_units(scan: &Scan, claims: &[Claim], unit: ClaimUnit) -> Vec<SupportUnit> {
    let mut out = Vec::with_capacity(claims.len());
    for (c, claim) in claims.iter().enumerate() {
        let id = ClaimId(c);
        if claim.markers.is_empty() {
            continue;
        }
        if unit == ClaimUnit::Sentences {
            out.push(SupportUnit {
                claim: id,
                unit: claim.clone(),
            });
            continue;
        }
        // Every sentence is kept, however short: `claim-overlap-min-words`
        // decides later whether it has words enough to be compared.
        let sentences = sentence_claims(scan, claim.block, &claim.markers, 0);
        let cited = sentences.iter().filter(|s| !s.markers.is_empty()).count();
        if cited <= 1 && sentences.len() <= 1 {
            out.push(SupportUnit {
                claim: id,
                unit: claim.clone(),
            });
            continue;
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
            out.push(SupportUnit {
                claim: id,
                unit: claim.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::{MarkdownFlags, ScanOptions, scan};

    fn units(text: &str, unit: ClaimUnit) -> Vec<(String, usize)> {
        let options = ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: 3,
        };
        let scanned = scan(text, &options);
        let claims = super::super::claims::claims(&scanned, unit, &[], 3);
        support_units(&scanned, &claims, unit)
            .into_iter()
            .map(|u| (u.unit.text, u.unit.markers.len()))
            .collect()
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
