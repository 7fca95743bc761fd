//! `numeric-claim`: a claim that states a number, a percentage or a specific
//! date needs a tier 1-2 citation, or citations from two different publishers.
//!
//! A figure is any number of [`numbers_in`] (the one definition, in the
//! number parser, shared with `number-not-in-evidence`) except a year on its
//! own: quantities (`2.9`, `1,200`, `$3.2bn`), percentages, ranges
//! (`5.25-5.50%`, one figure), days next to a month (`March 12`), times and
//! numeric dates (`2026-02-10`). Not figures: a year alone (`in 2025`),
//! ordinals, digits in a word or name (`Q4`, `G7`, `COVID-19`), a bracketed
//! citation number (`[3]`), numbers in words.
//!
//! Each figure is judged with the citations of its own sentence: in a
//! paragraph whose first sentence cites a tier-1 item and whose second a
//! blog, the second sentence's figures rest on the blog alone. A sentence
//! without a marker of its own (context before the cited sentence) is
//! judged with the whole claim's citations.

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::finding::Finding;
use evidence_core::markers::Scan;
use evidence_core::rule::Rule;
use evidence_text::claims::claim_finding;
use evidence_text::claims::{Claim, sentence_claims};
use evidence_text::number_parse::first_figure;
use evidence_text::number_parse::{Number, first_figure_of, numbers_in};
use evidence_text::passage_sentences::at_most_one_sentence;
use std::cell::OnceCell;
use std::ops::Range;

/// What `numeric-claim` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::NumericClaim,
    help: "cite a tier 1 or 2 source for the figure, or corroborate it with a second publisher",
    doc: &[
        "A claim states a number, a percentage or a date, and cites neither a",
        "tier 1-2 item nor items of two different publishers.",
    ],
    guide_page: guide_page!("numeric-claim"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// What replaces a claim failing `numeric-claim` in `remove` mode: what it
/// lacks.
pub(crate) const REPLACEMENT: &str = evidence_core::syntax::INSUFFICIENT_CREDIBLE;

/// The numbers of each block of a chapter ([`numbers_in`] its text), read
/// once when first asked for: numeric-claim reads a claim's, and the
/// number rules the same block's again.
pub(crate) struct BlockNumbers<'a> {
    scan: &'a Scan,
    numbers: Vec<OnceCell<Vec<Number>>>,
}

/// A figure whose sentence's citations are not credible enough: the
/// figure, the ids of those citations, and whether the claim's other
/// sentences cite more (the message then says the figure's sentence).
pub(crate) struct Uncorroborated {
    pub(crate) figure: String,
    pub(crate) ids: Vec<String>,
    pub(crate) in_sentence: bool,
}

impl<'a> BlockNumbers<'a> {
    pub(crate) fn new(scan: &'a Scan) -> BlockNumbers<'a> {
        BlockNumbers {
            scan,
            numbers: scan.blocks.iter().map(|_| OnceCell::new()).collect(),
        }
    }

    /// The numbers of block `index`'s text.
    pub(crate) fn of(&self, index: usize) -> &[Number] {
        self.numbers[index].get_or_init(|| numbers_in(&self.scan.blocks[index].text))
    }

    /// The first figure of `claim` that the citations of its sentence do
    /// not corroborate ([`is_corroborated`]). `cites` are the claim's
    /// resolving citations, `resolved` each marker's resolution.
    pub(crate) fn uncorroborated(
        &self,
        claim: &Claim,
        cites: &[&Resolved<'_>],
        resolved: &[Option<Resolved<'_>>],
    ) -> Option<Uncorroborated> {
        let figure = self.first_figure(claim)?;
        let ids = |cites: &[&Resolved<'_>]| cites.iter().map(|r| r.id.to_owned()).collect();
        if !is_corroborated(cites) {
            return Some(Uncorroborated {
                figure: claim.text[figure].to_owned(),
                ids: ids(cites),
                in_sentence: false,
            });
        }
        // A sentence's citations are some of the claim's: only a claim
        // that is corroborated as a whole can have a sentence that is not.
        let block = &self.scan.blocks[claim.block];
        if block.row.is_some() || at_most_one_sentence(&block.text) {
            return None;
        }
        let sentences = sentence_claims(self.scan, claim.block, &claim.markers, 0);
        let placed: usize = sentences.iter().map(|s| s.markers.len()).sum();
        if sentences.len() <= 1 || placed != claim.markers.len() {
            return None;
        }
        sentences.iter().find_map(|sentence| {
            let figure = first_figure(&sentence.text)?;
            let own: Vec<&Resolved<'_>> = sentence
                .markers
                .iter()
                .filter_map(|&m| resolved.get(m)?.as_ref())
                .collect();
            // A sentence that cites nothing of its own rests on the claim's
            // citations, which corroborate it.
            (!own.is_empty() && !is_corroborated(&own)).then(|| Uncorroborated {
                figure: sentence.text[figure].to_owned(),
                ids: ids(&own),
                in_sentence: true,
            })
        })
    }

    /// [`first_figure`] of `claim`'s text: from its block's numbers when
    /// the claim is its block's text trimmed (spaces around a text change
    /// none of its numbers), else read from the claim.
    pub(crate) fn first_figure(&self, claim: &Claim) -> Option<Range<usize>> {
        let text = &self.scan.blocks[claim.block].text;
        if claim.text != text.trim() {
            return first_figure(&claim.text);
        }
        let lead = text.len() - text.trim_start().len();
        let figure = first_figure_of(text, self.of(claim.block))?;
        let shifted = figure.start.wrapping_sub(lead)..figure.end.wrapping_sub(lead);
        // Always in the claim (a property test holds it); read from the
        // claim if not, rather than point outside it.
        if claim.text.get(shifted.clone()).is_some() {
            Some(shifted)
        } else {
            first_figure(&claim.text)
        }
    }
}

/// Whether cited evidence is credible enough for a figure: a tier 1-2
/// item, or items from at least two different publishers.
pub(crate) fn is_corroborated(cited: &[&Resolved<'_>]) -> bool {
    if cited.iter().any(|r| r.source.tier <= 2) {
        return true;
    }
    crate::publisher_count(cited) >= 2
}

/// The finding of `claim`, whose figure its citations do not corroborate.
pub(crate) fn finding(claim: &Claim, found: Uncorroborated) -> Finding {
    let whose = if found.in_sentence {
        "its sentence cites"
    } else {
        "cites"
    };
    let message = format!(
        "claim states `{}` but {whose} neither a tier 1-2 source nor two different publishers",
        found.figure
    );
    claim_finding(claim, META.rule, message, found.ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(text: &str) -> Option<&str> {
        first_figure(text).map(|r| &text[r])
    }

    #[test]
    fn numbers_percentages_and_dates_are_figures() {
        assert_eq!(figure("Q4 GDP grew 2.9%, above consensus."), Some("2.9%"));
        assert_eq!(
            figure("The Fed held rates at 5.25-5.50%."),
            Some("5.25-5.50%")
        );
        assert_eq!(figure("Oil rose $3 a barrel."), Some("3"));
        assert_eq!(figure("Payrolls added 1,200,000 jobs."), Some("1,200,000"));
        assert_eq!(figure("Debt hit 3bn dollars."), Some("3bn"));
        assert_eq!(figure("Next CPI release on March 12."), Some("March 12"));
        assert_eq!(figure("Due 12 March, as scheduled."), Some("12 March"));
        assert_eq!(
            figure("Published Feb. 10, 2026 by the Fed."),
            Some("Feb. 10, 2026")
        );
        assert_eq!(figure("The meeting is on 2026-03-18."), Some("2026-03-18"));
        assert_eq!(figure("Markets fell 2 points - a drop."), Some("2"));
    }

    #[test]
    fn years_ordinals_names_and_brackets_are_not() {
        for text in [
            "Growth slowed in 2025 across the region.",
            "The 2026 outlook is uncertain.",
            "The Fed's 3rd meeting of the year and the 21st session.",
            "Q4 results and the G7 summit on COVID-19 policy.",
            "Airbus delivered more A320 jets.",
            "As noted before [3], rates rose.",
            "Three officials dissented.",
            "In May officials may act.",
            "The 5G rollout continued.",
        ] {
            assert_eq!(figure(text), None, "{text}");
        }
    }

    #[test]
    fn the_main_figure_is_named_before_a_date() {
        assert_eq!(
            figure("On July 9, 2025 Paris had a high of 16°C."),
            Some("16")
        );
        assert_eq!(
            figure("On March 14, 2025 the stock closed at $167.62."),
            Some("167.62")
        );
        assert_eq!(figure("2025年7月9日の最高気温は16度。"), Some("16"));
        assert_eq!(figure("At 8:30 on July 9 it rained 4 mm."), Some("4"));
        assert_eq!(
            figure("会議は2025年7月9日に開かれた。"),
            Some("2025年7月9日")
        );
    }

    #[test]
    fn may_is_a_month_only_with_a_capital() {
        assert_eq!(figure("The vote on May 3 passed."), Some("May 3"));
    }
}
