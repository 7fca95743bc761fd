//! `number-not-in-evidence`: a number in a claim should appear in the
//! passages the claim cites.
//!
//! A claim is checked when the items it cites (through markers that
//! resolve) hold at least one passage: `cited_text`, `quote_span.text` or
//! `snippet_span.text`. Each quantity, percentage and year of the claim
//! ([`numbers_in`]) must then match a number of one of those passages by
//! value, whatever the spelling (`5.25-5.50%` matches `5.25 to 5.50
//! percent` and `5-1/4 to 5-1/2 percent`; `143,000` matches `143
//! thousand`). A year may also match the year an item was published or a
//! year in its title. Days, times and numeric dates are not checked: a
//! passage rarely repeats its own date; nor are numbers in inline code
//! (`` `u32` ``, `` `0..10` ``), which is not prose. The finding points at
//! the first missing figure where the chapter writes it, and lists each
//! missing value once.

use crate::Resolved;
use crate::claims::numeric_claim::BlockNumbers;
use crate::memo::Analyses;
use crate::meta::{RuleMeta, guide_page};
use crate::numbers::number_contradicts_evidence;
use crate::numbers::number_contradicts_evidence::contradicted;
use crate::passages::claim_not_in_evidence::judged_items;
use evidence_core::finding::Finding;
use evidence_core::ids::{BlockId, ClaimId};
use evidence_core::markers::{Block, Scan};
use evidence_core::rule::Rule;
use evidence_text::claims::Claim;
use evidence_text::number_derive::{Figure, PassageFigures, as_an_ordinal, computed, restated};
use evidence_text::number_forms::{as_in_an_identifier, space_grouped};
use evidence_text::number_parse::{
    Number, NumberKind, NumberLookup, is_claim_figure, may_hold_claim_figure, numbers_in, unit_of,
    word_numbers_in,
};
use evidence_text::support_units::SupportUnit;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// What `number-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::NumberNotInEvidence,
    help: "check the figure against the cited passage: correct it, or cite evidence whose passage states it",
    doc: &[
        "A number in a claim appears in none of the passages (`cited_text`,",
        "`quote_span.text`, `snippet_span.text`) of the items it cites.",
    ],
    guide_page: guide_page!("number-not-in-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The claim a finding of this rule or of `number-contradicts-evidence`
/// is about: the claim its figure stands in, if any (`claims` are in
/// document order and apart).
pub(crate) fn claim_of(finding: &Finding, claims: &[Claim]) -> Option<ClaimId> {
    let at = finding.span.start;
    let i = claims.partition_point(|c| c.span.start <= at);
    i.checked_sub(1)
        .filter(|&c| claims[c].span.contains(&at))
        .map(ClaimId)
}

/// One finding per support unit (the sentence a citation belongs to)
/// with numbers that none of its cited passages holds or gives a reader,
/// at the first such number, and, when `contradictions` is on, one
/// `number-contradicts-evidence` finding per figure that a passage gives
/// otherwise. `text` is the chapter the scan is of; `resolved[i]` is the
/// resolution of `scan.markers[i]`. A figure is judged against the
/// passages of the sentence it stands in; a figure of a sentence that
/// cites nothing is not judged.
pub(crate) fn numbers_not_in_evidence(
    text: &str,
    scan: &Scan,
    units: &[SupportUnit],
    resolved: &[Option<Resolved<'_>>],
    analyses: &Analyses,
    block_numbers: &BlockNumbers<'_>,
    contradictions: bool,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    // The figures of each cited item's passages, found once per chapter
    // (an item is usually cited by more than one claim).
    let mut item_figures: HashMap<&str, Vec<Figure<'_>>> = HashMap::new();
    // The units of a block are consecutive: claims are in document order.
    for block_units in units.chunk_by(|a, b| a.unit.block == b.unit.block) {
        let index = block_units[0].unit.block;
        let block = &scan.blocks[index];
        let claim_numbers = claim_figures(text, block, block_numbers.of(index));
        if claim_numbers.is_empty() {
            continue;
        }
        for unit in block_units {
            let items = judged_items(&unit.unit, resolved);
            if !items.iter().any(|e| e.item.passages().next().is_some()) {
                continue;
            }
            // A block that is one unit keeps every figure, wherever the
            // chapter writes it; else each figure goes to its sentence.
            let numbers: Vec<Number> = claim_numbers
                .iter()
                .filter(|n| {
                    block_units.len() == 1
                        || unit
                            .unit
                            .span
                            .contains(&source_span(text, block, n.span.clone()).start)
                })
                .cloned()
                .collect();
            if numbers.is_empty() {
                continue;
            }
            // A figure a passage writes in digits passes whatever else the
            // passages hold: when all do, their other figures (in words,
            // with units) are not read.
            let found_in_digits = |n: &Number| {
                items.iter().any(|e| {
                    let figures = analyses
                        .of(e)
                        .figures
                        .get_or_init(|| PassageFigures::of(e.item));
                    figures.digits().iter().any(|m| m.matches(n))
                })
            };
            if numbers.iter().all(found_in_digits) {
                continue;
            }
            for e in &items {
                item_figures.entry(e.id).or_insert_with(|| {
                    let passages: Vec<&str> = e.item.passages().collect();
                    analyses
                        .of(e)
                        .figures
                        .get_or_init(|| PassageFigures::of(e.item))
                        .figures(e.id, &passages)
                });
            }
            let figures: Vec<&Figure<'_>> =
                items.iter().flat_map(|e| &item_figures[e.id]).collect();
            let judged = judge_claim(&block.text, &numbers, &figures, &items, contradictions);
            findings.extend(judged.findings(text, block, BlockId(index), &items));
        }
    }
    findings
}

/// A claim's figures: its numbers in digits (`digits`, [`numbers_in`] of
/// the block's text: quantities, percentages and years, outside inline
/// code and versions) and those in words that are figures
/// ([`is_claim_figure`]), in order.
fn claim_figures(text: &str, block: &Block, digits: &[Number]) -> Vec<Number> {
    let code = code_spans(text, block);
    let mut numbers: Vec<Number> = digits
        .iter()
        .filter(|n| {
            matches!(
                n.kind,
                NumberKind::Quantity | NumberKind::Percent | NumberKind::Year
            ) && !in_code(&code, n.span.start)
                && !is_version_after_code(&block.text, &code, n)
        })
        .cloned()
        .collect();
    if may_hold_claim_figure(&block.text) {
        numbers.extend(word_numbers_in(&block.text).into_iter().filter(|n| {
            is_claim_figure(n)
                && !in_code(&code, n.span.start)
                && !is_title_case(&block.text, &n.span)
        }));
    }
    numbers.sort_by_key(|n| n.span.start);
    numbers
}

/// Whether words at `span` are part of a name or a title rather than a
/// figure: a capital on a word after the first (`One in a Million`), or
/// on the first when it does not start a sentence.
fn is_title_case(text: &str, span: &Range<usize>) -> bool {
    let written = &text[span.clone()];
    let mut words = written.split([' ', '-', '\u{a0}', '\u{202f}']);
    let capital = |w: &str| w.starts_with(|c: char| c.is_uppercase());
    let first = words.next().is_some_and(capital);
    let head = text[..span.start].trim_end();
    let starts_sentence = head.is_empty() || head.ends_with(['.', '!', '?', ':']);
    first && !starts_sentence || words.any(capital)
}

/// What a claim's figures come to against its passages.
struct Judged<'c, 'f, 'p> {
    /// Figures in no passage, each value once.
    missing: Vec<&'c Number>,
    /// Figures a passage gives otherwise, with that passage figure.
    contradicted: Vec<(&'c Number, &'f Figure<'p>)>,
    /// How figures that no passage writes follow from one: said in the
    /// notes of the claim's findings.
    derived: Vec<String>,
}

/// Judges each figure of a claim (its text `claim`) against the figures of
/// its cited passages.
fn judge_claim<'c, 'f, 'p>(
    claim: &str,
    numbers: &'c [Number],
    figures: &[&'f Figure<'p>],
    items: &[Resolved<'_>],
    contradictions: bool,
) -> Judged<'c, 'f, 'p> {
    let mut passages = NumberLookup::new();
    for figure in figures {
        passages.push(&figure.number);
    }
    let years = if numbers.iter().any(|n| n.kind == NumberKind::Year) {
        item_years(items, figures)
    } else {
        HashSet::new()
    };
    let mut judged = Judged {
        missing: Vec::new(),
        contradicted: Vec::new(),
        derived: Vec::new(),
    };
    let mut listed = NumberLookup::new();
    // The passages' texts, listed for the first figure read as an ordinal
    // or an identifier's.
    let mut texts: Vec<&str> = Vec::new();
    for n in numbers {
        if passages.find(n, |_| true).is_some()
            || n.kind == NumberKind::Year && years.contains(&(n.value as i64))
            || listed.find(n, |m| m.kind == n.kind).is_some()
            || space_grouped(claim, n.span.start)
                .is_some_and(|whole| passages.find(&whole, |_| true).is_some())
        {
            continue;
        }
        // Each value once: `32` written three times is one missing figure.
        listed.push(n);
        let written = &claim[n.span.clone()];
        let unit = unit_of(claim, &n.span);
        // A contradiction outweighs arithmetic, which may meet a figure by
        // chance; not a rounding or a conversion.
        if let Some(how) = restated(n, written, unit, figures) {
            judged.derived.push(how);
        } else if let Some(figure) = contradictions
            .then(|| contradicted(claim, n, unit, figures))
            .flatten()
        {
            judged.contradicted.push((n, figure));
        } else if let Some(how) = {
            if texts.is_empty() {
                texts.extend(items.iter().flat_map(|e| e.item.passages()));
            }
            as_an_ordinal(claim, n, written, &texts)
                .or_else(|| as_in_an_identifier(claim, n, written, &texts))
        }
        .or_else(|| computed(n, written, figures))
        {
            judged.derived.push(how);
        } else {
            judged.missing.push(n);
        }
    }
    judged
}

/// The years a claim's year may match without a passage writing it
/// alone: the year each cited item was published, years in their titles,
/// and the years of the passages' numeric dates (`2018-06-30`).
fn item_years(items: &[Resolved<'_>], figures: &[&Figure<'_>]) -> HashSet<i64> {
    let mut years = HashSet::new();
    for e in items {
        if let Some(published) = e.published_at {
            years.insert(i64::from(published.day().year()));
        }
        years.extend(
            numbers_in(e.title)
                .iter()
                .filter(|n| n.kind == NumberKind::Year)
                .map(|n| n.value as i64),
        );
    }
    for figure in figures.iter().filter(|f| f.number.kind == NumberKind::Date) {
        let written = figure.written();
        if let Some(year) = written.get(..4).and_then(|y| y.parse::<i64>().ok())
            && (1800..2200).contains(&year)
        {
            years.insert(year);
        }
    }
    years
}

impl Judged<'_, '_, '_> {
    /// The findings of one claim (`block`, the `i`th of its chapter `text`).
    fn findings(
        &self,
        text: &str,
        block: &Block,
        id: BlockId,
        items: &[Resolved<'_>],
    ) -> Vec<Finding> {
        let written = |n: &Number| format!("`{}`", &block.text[n.span.clone()]);
        let note = if self.derived.is_empty() {
            String::new()
        } else {
            format!("; passed as derived: {}", self.derived.join("; "))
        };
        let mut out = Vec::new();
        for (n, figure) in &self.contradicted {
            out.push(number_contradicts_evidence::finding(
                written(n),
                figure,
                &note,
                source_span(text, block, n.span.clone()),
                id,
            ));
        }
        if let Some(first) = self.missing.first() {
            let list = self.missing.iter().map(|n| written(n)).collect::<Vec<_>>();
            let ids = items
                .iter()
                .map(|e| format!("`{}`", e.id))
                .collect::<Vec<_>>();
            out.push(Finding {
                rule: META.rule,
                message: format!(
                    "{} {} in none of the passages this claim cites ({}){note}",
                    join(&list),
                    if list.len() == 1 { "appears" } else { "appear" },
                    ids.join(", ")
                ),
                span: source_span(text, block, first.span.clone()),
                block: Some(id),
                evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
                excerpt: None,
            });
        }
        out
    }
}

/// Where `span` of the block's text is in the chapter `text`: exact when
/// the block's text there is the chapter's bytes; else the first
/// occurrence of the same characters from where that piece of text starts
/// (an escape or an entity before it), never before it (so `32` of `32
/// bits` is not found in an earlier `u32`); else the whole block.
fn source_span(text: &str, block: &Block, span: Range<usize>) -> Range<usize> {
    let needle = &block.text[span.clone()];
    let at = block.source_offset(span.start);
    if text.get(at..at + needle.len()) == Some(needle) {
        return at..at + needle.len();
    }
    text.get(at..block.span.end)
        .and_then(|rest| rest.find(needle))
        .map(|i| at + i..at + i + needle.len())
        .unwrap_or_else(|| block.span.clone())
}

/// The ranges of the block's text that come from inline code (`` `32` ``):
/// code is not prose, its numbers are not figures. A piece of the text is
/// code when its bytes in the chapter start with a backtick.
fn code_spans(text: &str, block: &Block) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for (i, segment) in block.segments.iter().enumerate() {
        if segment.verbatim || !text[segment.source_at.min(text.len())..].starts_with('`') {
            continue;
        }
        let end = block
            .segments
            .get(i + 1)
            .map_or(block.text.len(), |next| next.text_at);
        out.push(segment.text_at..end);
    }
    out
}

/// Whether `n` is a version written right after inline code that names
/// what it is the version of (`` `rand` 0.8 ``): a dotted number with only
/// spaces between it and the code.
///
/// `code` is in order: the spans that end before the number are read back
/// from the nearest, and only while the text between holds nothing but
/// spaces (an earlier span has that text between too), so that a block of
/// many code spans and figures stays linear.
fn is_version_after_code(text: &str, code: &[Range<usize>], n: &Number) -> bool {
    if !text[n.span.clone()].contains('.') {
        return false;
    }
    let before = code.partition_point(|c| c.end <= n.span.start);
    for c in code[..before].iter().rev() {
        let Some(between) = text.get(c.end..n.span.start) else {
            return false;
        };
        if !between.trim().is_empty() {
            return false;
        }
        if !between.is_empty() {
            return true;
        }
    }
    false
}

/// Whether `at` lies in one of the code spans `code` (in order, apart).
fn in_code(code: &[Range<usize>], at: usize) -> bool {
    let i = code.partition_point(|c| c.end <= at);
    code.get(i).is_some_and(|c| c.contains(&at))
}

/// `a`, `a and b`, `a, b and c`.
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_units::with_units;

    const STORE: &str = r#"{"schema_version":"evidence.v1",
            "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
            "evidence":[
              {"id":"fomc","source_id":"fed","url":"https://fed.gov/a","title":"FOMC statement, January 2026",
               "published_at":"2026-02-10T19:00:00Z",
               "quote_span":{"text":"The Committee decided to maintain the target range for the federal funds rate at 5-1/4 to 5-1/2 percent."}},
              {"id":"jobs","source_id":"fed","url":"https://fed.gov/b","title":"Jobs","published_at":"2026-02-06T13:30:00Z",
               "cited_text":"Total nonfarm payroll employment rose by 143,000 in January."},
              {"id":"snip","source_id":"fed","url":"https://fed.gov/c","title":"Prices","published_at":"2026-02-06T13:30:00Z",
               "snippet_span":{"text":"CPI up 2.9% over the year"}},
              {"id":"bare","source_id":"fed","url":"https://fed.gov/d","title":"Bare","published_at":"2026-02-06T13:30:00Z"},
              {"id":"prize","source_id":"fed","url":"https://fed.gov/e","title":"Prize","published_at":"2026-02-06T13:30:00Z",
               "cited_text":"This year marks its 46th year. On March 3rd, 2 people were killed in the blast. He drummed for them ( 1991 -- 2000 ; 2007 -- 11 )."},
              {"id":"titles","source_id":"fed","url":"https://fed.gov/f","title":"Titles","published_at":"2026-02-06T13:30:00Z",
               "cited_text":"The team won its 3rd title in March. The team has won 2 titles in all."}
            ]}"#;

    fn check(text: &str) -> Vec<Finding> {
        with_units(
            STORE,
            serde_json::json!({}),
            text,
            |scan, units, resolved, _| {
                let numbers = BlockNumbers::new(scan);
                let analyses = Analyses::for_resolved(resolved);
                numbers_not_in_evidence(text, scan, units, resolved, &analyses, &numbers, true)
            },
        )
    }

    #[test]
    fn numbers_found_in_a_cited_passage_in_another_spelling_pass() {
        for claim in [
            "The Fed held rates at 5.25-5.50% [EVID:fomc].",
            "The Fed held rates at 5.25%–5.50% [EVID:fomc].",
            "The Fed held rates at 5.25 to 5.50 percent [EVID:fomc].",
            "The Fed held rates at 5¼–5½ percent [EVID:fomc].",
            "Payrolls rose by 143 thousand in 2026 [EVID:jobs].",
            "Payrolls rose 143k while prices rose 2.9% [EVID:jobs][EVID:snip].",
            "Section 3 of the January statement held the range [EVID:fomc].",
        ] {
            let findings = check(claim);
            assert!(findings.is_empty(), "{claim}: {findings:?}");
        }
    }

    #[test]
    fn an_ordinal_holds_a_figure_before_its_noun_and_hides_no_contradiction() {
        let findings = check("The prize has run for 46 years [EVID:prize].");
        assert!(findings.is_empty(), "{findings:?}");
        // `3rd` is a date, not the dead: the passage's `2 people` says
        // otherwise.
        let findings = check("The blast killed 3 people [EVID:prize].");
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(findings[0].rule, Rule::NumberContradictsEvidence);
        // `3rd title` would hold `3 titles`, but `2 titles` says otherwise,
        // which comes first.
        let findings = check("The team has won 3 titles [EVID:titles].");
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!(findings[0].rule, Rule::NumberContradictsEvidence);
    }

    #[test]
    fn a_range_of_years_written_with_two_hyphens_holds_its_end() {
        let findings = check("He drummed for them until 2011 [EVID:prize].");
        assert!(findings.is_empty(), "{findings:?}");
        let findings = check("He drummed for them until 2012 [EVID:prize].");
        assert_eq!(findings.len(), 1, "{findings:?}");
    }

    #[test]
    fn a_number_in_no_passage_is_reported_at_the_number() {
        let text = "The Fed held rates at 5.25-5.75% [EVID:fomc].\n";
        let findings = check(text);
        assert_eq!(findings.len(), 1, "{findings:?}");
        let f = &findings[0];
        assert_eq!(f.rule, Rule::NumberNotInEvidence);
        assert_eq!(
            f.message,
            "`5.75%` appears in none of the passages this claim cites (`fomc`)"
        );
        assert_eq!(&text[f.span.clone()], "5.75%");

        let findings =
            check("Payrolls rose 150,000 and prices 3.1% in 2024 [EVID:jobs][EVID:snip].\n");
        assert_eq!(
            findings[0].message,
            "`150,000`, `3.1%` and `2024` appear in none of the passages this claim cites (`jobs`, `snip`)"
        );
    }

    #[test]
    fn the_caret_is_at_the_missing_figure_and_each_value_is_listed_once() {
        let text =
            "A `u32` is 32 bits and &amp; 32 bits again, 32 in all, and 7 more [EVID:jobs].\n";
        let findings = check(text);
        assert_eq!(findings.len(), 1, "{findings:?}");
        let f = &findings[0];
        assert_eq!(
            f.message,
            "`32` and `7` appear in none of the passages this claim cites (`jobs`)"
        );
        assert_eq!(f.span.start, text.find("32 bits").unwrap());
        assert_eq!(&text[f.span.clone()], "32");
        // After an entity, the figure is still found where it is written.
        let text = "Caf\u{e9} &amp; co. sold 12 cups, said the \u{200f}report [EVID:jobs].\n";
        let f = &check(text)[0];
        assert_eq!(&text[f.span.clone()], "12");
    }

    #[test]
    fn code_references_and_versions_are_not_checked() {
        for claim in [
            "Listing 2-6 and Table 3-1 show the `0..100` range [EVID:jobs].",
            "Version 0.10.1 listens on 127.0.0.1:7878 with `let x = 5;` [EVID:jobs].",
            "The ISO date 2026-02 and Rust 1.75 in the 2021 edition [EVID:jobs].",
            "Pinned to `rand` 0.8 and `serde` 1.0 here [EVID:jobs].",
        ] {
            let findings = check(claim);
            assert!(findings.is_empty(), "{claim}: {findings:?}");
        }
    }

    #[test]
    fn numbers_in_words_are_figures_unless_they_are_names() {
        let findings = check("Payrolls rose by one hundred forty thousand in all [EVID:jobs].\n");
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert!(
            findings[0]
                .message
                .starts_with("`one hundred forty thousand`")
        );
        for claim in [
            "Payrolls rose by one hundred forty-three thousand [EVID:jobs].",
            "Her album \"One in a Million\" sold well, as did Two Hundred Days [EVID:jobs].",
            "Two terms and three players came to the 143,000 [EVID:jobs].",
        ] {
            let findings = check(claim);
            assert!(findings.is_empty(), "{claim}: {findings:?}");
        }
    }

    #[test]
    fn claims_citing_no_passage_are_not_checked() {
        assert!(check("Something rose by 42% this year [EVID:bare].\n").is_empty());
        // An unresolved marker contributes nothing.
        assert!(check("Something rose by 42% this year [EVID:nope].\n").is_empty());
    }

    #[test]
    fn dates_are_not_checked_and_years_may_come_from_the_item() {
        assert!(
            check("On February 10 at 2:00 the range held at 5.25-5.50% [EVID:fomc].\n").is_empty()
        );
        // 2026: published; January 2026 is in the title.
        assert!(check("In 2026 the range held at 5.25-5.50% [EVID:fomc].\n").is_empty());
        assert_eq!(
            check("In 2027 the range held at 5.25-5.50% [EVID:fomc].\n").len(),
            1
        );
    }
}
