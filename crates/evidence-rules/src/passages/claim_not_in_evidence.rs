//! `claim-not-in-evidence`: the passages a claim cites should hold its
//! words. A claim whose cited passages hold few of its content words may
//! cite the wrong item: a real source, but not the one that says it.
//!
//! A claim is checked when it has at least `claim-overlap-min-words`
//! distinct content words and one of the items it cites (through markers
//! that resolve) holds a passage: `cited_text`, `quote_span.text`,
//! `snippet_span.text` (a `citation.v1` record's `evidence_snippet`) or
//! `content`. Its overlap is measured by [`overlap`](evidence_text::overlap::overlap): the share of its
//! content words found in the best window (one sentence, or two
//! consecutive ones) of each cited item. Below `claim-overlap` percent, the
//! claim is flagged ([`flagged`], which stops comparing as soon as a claim
//! is certain to be found in its passages). The message never says the
//! claim is false: word overlap cannot tell a paraphrase from a
//! contradiction; it says where to look.

use crate::Resolved;
use crate::memo::Analyses;
use crate::meta::{RuleMeta, guide_page};
use crate::passages::claim_partly_in_evidence;
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::{BlockId, ClaimId};
use evidence_core::rule::Rule;
use evidence_text::claims::Claim;
use evidence_text::content_words::words_as_written;
use evidence_text::overlap::{Cited, ClaimWords, ItemWords, Overlap, flagged};
use evidence_text::passage_words::has_passage;
use evidence_text::stems::Stem;
use evidence_text::support_units::SupportUnit;

/// What `claim-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ClaimNotInEvidence,
    help: "check that the marker cites the item that says this: cite the right item, or store the passage that states it (the threshold is `claim-overlap`)",
    doc: &[
        "A claim's cited passages hold less than `claim-overlap` percent of",
        "its content words: the citation may point at the wrong item.",
    ],
    guide_page: guide_page!("claim-not-in-evidence"),
    options: &["claim-overlap", "claim-overlap-min-words"],
    terminal: None,
    file: file!(),
};

/// The settings of `claim-not-in-evidence` (`claim-overlap`,
/// `claim-overlap-min-words`): the only values of the configuration it
/// reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// A claim is flagged when less than this percentage of its content
    /// words are in the best window of its cited passages
    /// (`claim-overlap`).
    pub(crate) overlap: usize,
    /// Claims with fewer distinct content words are not checked
    /// (`claim-overlap-min-words`).
    pub(crate) min_words: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            overlap: config.claim_overlap,
            min_words: config.claim_overlap_min_words,
        }
    }
}

/// Most words of the claim named as not found, and most characters of
/// the window shown.
const MAX_MISSING_SHOWN: usize = 6;
const MAX_WINDOW_CHARS: usize = 160;

/// The passages of a cited item, read on first use and kept in the
/// build's [`Analyses`], so that each item is read once per build whatever
/// the number of chapters and claims citing it (the analyses are shared
/// by the threads judging chapters).
pub(crate) fn item_words<'a>(analyses: &'a Analyses, item: &Resolved<'_>) -> &'a ItemWords {
    analyses
        .of(item)
        .words
        .get_or_init(|| ItemWords::passages_of(item.item))
}

/// A cited item as the overlap reads it: the item and the analyses its
/// words are kept in.
#[derive(Clone, Copy)]
pub(crate) struct MemoisedItem<'a, 's> {
    pub(crate) item: &'a Resolved<'s>,
    pub(crate) analyses: &'a Analyses,
}

/// A cited item's passages and names are read when the overlap first
/// needs them (an item's publisher is the same wherever it is cited).
impl Cited for MemoisedItem<'_, '_> {
    fn passages(&self) -> &ItemWords {
        item_words(self.analyses, self.item)
    }

    fn names(&self) -> &[Stem] {
        item_words(self.analyses, self.item).names_of(self.item.item, self.item.publisher())
    }
}

/// The distinct items a claim cites through markers that resolve, in
/// order of first citation.
pub(crate) fn cited_items<'s>(
    claim: &Claim,
    resolved: &[Option<Resolved<'s>>],
) -> Vec<Resolved<'s>> {
    let mut items = Vec::new();
    cited_items_into(claim, resolved, &mut items);
    items
}

/// The items a claim's support is judged against: [`cited_items`], or
/// none when one of its markers does not resolve. Judged on part of its
/// evidence, a claim would draw warnings about the item that is missing
/// (`143,000` not in the passage left) beside the error that names it.
pub(crate) fn judged_items<'s>(
    claim: &Claim,
    resolved: &[Option<Resolved<'s>>],
) -> Vec<Resolved<'s>> {
    let mut items = Vec::new();
    judged_items_into(claim, resolved, &mut items);
    items
}

/// [`judged_items`] into `items` (cleared first).
pub(crate) fn judged_items_into<'s>(
    claim: &Claim,
    resolved: &[Option<Resolved<'s>>],
    items: &mut Vec<Resolved<'s>>,
) {
    items.clear();
    if claim.markers.iter().all(|&m| resolved[m].is_some()) {
        cited_items_into(claim, resolved, items);
    }
}

/// [`cited_items`] into `items` (cleared first).
fn cited_items_into<'s>(
    claim: &Claim,
    resolved: &[Option<Resolved<'s>>],
    items: &mut Vec<Resolved<'s>>,
) {
    items.clear();
    // Most claims cite a few items, compared in place; a claim citing
    // many (one run of thousands of markers) looks them up in a set, not
    // each against every item before it.
    const FEW: usize = 16;
    let mut seen: Option<std::collections::HashSet<&str>> = None;
    for &m in &claim.markers {
        let Some(r) = &resolved[m] else { continue };
        let new = match &mut seen {
            Some(seen) => seen.insert(r.id),
            None => !items.iter().any(|e| e.id == r.id),
        };
        if new {
            items.push(*r);
            if seen.is_none() && items.len() > FEW {
                seen = Some(items.iter().map(|e| e.id).collect());
            }
        }
    }
}

/// One finding per support unit (the sentence a citation belongs to)
/// whose cited passages hold too little of it, with the claim it fails:
/// `claim-not-in-evidence` when `not_in` is on, else (or when it passes)
/// `claim-partly-in-evidence` when `partly` is on. Both read the claim's
/// words once. `resolved[i]` is the resolution of marker `i` of the
/// chapter.
pub(crate) fn claims_not_in_evidence(
    units: &[SupportUnit],
    resolved: &[Option<Resolved<'_>>],
    analyses: &Analyses,
    config: &Config,
    (not_in, partly): (bool, bool),
) -> Vec<(ClaimId, Finding)> {
    let options = Options::of(config);
    let partly_options = claim_partly_in_evidence::Options::of(config);
    let mut findings = Vec::new();
    // Reused from claim to claim.
    let mut items = Vec::new();
    let mut claim_words = ClaimWords::default();
    for SupportUnit {
        claim: c,
        unit: claim,
    } in units
    {
        judged_items_into(claim, resolved, &mut items);
        if !items.iter().any(|e| has_passage(e.item)) {
            continue;
        }
        claim_words.read(&claim.text);
        let cited: Vec<MemoisedItem<'_, '_>> = items
            .iter()
            .map(|item| MemoisedItem { item, analyses })
            .collect();
        let found = not_in
            .then(|| flagged(&claim_words, &cited, options.overlap, options.min_words))
            .flatten();
        let finding = match found {
            Some(found) => Finding {
                rule: Rule::ClaimNotInEvidence,
                message: message(claim, &items, &found, options.overlap),
                span: claim.span.clone(),
                block: Some(BlockId(claim.block)),
                evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
                excerpt: Some(claim.excerpt(8)),
            },
            None if partly => {
                match claim_partly_in_evidence::finding(
                    claim,
                    &items,
                    &cited,
                    &claim_words,
                    &partly_options,
                ) {
                    Some(finding) => finding,
                    None => continue,
                }
            }
            None => continue,
        };
        findings.push((*c, finding));
    }
    findings
}

/// What the finding says: how much of the claim the passages hold, that
/// the citation may point at the wrong item, the closest window, and the
/// words not found.
fn message(claim: &Claim, items: &[Resolved<'_>], found: &Overlap, threshold: usize) -> String {
    let ids = items
        .iter()
        .map(|e| format!("`{}`", e.id))
        .collect::<Vec<_>>()
        .join(", ");
    let mut out = if found.covered == 0 {
        format!(
            "none of this claim's {} content words is in the passages it cites ({ids}): the citation may point at the wrong item",
            found.total
        )
    } else {
        format!(
            "the passages this claim cites ({ids}) hold {} of its {} content words ({}%; claim-overlap = {threshold}%): the citation may point at the wrong item",
            found.covered,
            found.total,
            found.percent()
        )
    };
    if let Some(window) = found.windows.first() {
        let item = &items[window.item];
        if let Some(text) = window
            .field
            .text(item.item)
            .and_then(|t| t.get(window.bytes.clone()))
        {
            out.push_str(&format!(
                "; closest passage, in `{}`: {}",
                item.id,
                excerpt(text)
            ));
        }
    }
    let missing = words_as_written(&claim.text, found.missing.iter().cloned());
    let shown: Vec<String> = missing
        .iter()
        .take(MAX_MISSING_SHOWN)
        .map(|w| format!("`{w}`"))
        .collect();
    if !shown.is_empty() {
        let more = if missing.len() > MAX_MISSING_SHOWN {
            ", …"
        } else {
            ""
        };
        out.push_str(&format!("; not found: {}{more}", shown.join(", ")));
    }
    out
}

/// A window for a message: whitespace collapsed, at most
/// [`MAX_WINDOW_CHARS`] characters (cut with `…`), quoted.
fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut chars = 0;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if chars > 0 && chars + 1 + len > MAX_WINDOW_CHARS {
            out.push_str(" …");
            break;
        }
        if chars > 0 {
            out.push(' ');
            chars += 1;
        }
        if len > MAX_WINDOW_CHARS {
            out.extend(word.chars().take(MAX_WINDOW_CHARS));
            out.push('…');
            break;
        }
        out.push_str(word);
        chars += len;
    }
    evidence_core::escape::quoted(&out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_units::with_units;

    const STORE: &str = r#"{"schema_version":"evidence.v1",
        "sources":[{"source_id":"bls","publisher":"BLS","tier":1}],
        "evidence":[
          {"id":"jobs","source_id":"bls","url":"https://bls.gov/a","title":"Jobs","published_at":"2026-02-06T13:30:00Z",
           "cited_text":"Total nonfarm payroll employment rose by 143,000 in January. The unemployment rate changed little at 4.0 percent."},
          {"id":"cpi","source_id":"bls","url":"https://bls.gov/b","title":"CPI","published_at":"2026-02-12T13:30:00Z",
           "quote_span":{"text":"The Consumer Price Index for All Urban Consumers increased 0.5 percent in January."}},
          {"id":"doc","source_id":"bls","url":"https://bls.gov/c","title":"Doc","published_at":"2026-02-12T13:30:00Z",
           "content":"Filler text about nothing. 利率维持不变。委员会决定。"},
          {"id":"bare","source_id":"bls","url":"https://bls.gov/d","title":"Bare","published_at":"2026-02-06T13:30:00Z"}
        ]}"#;

    fn check(text: &str, overlap: usize) -> Vec<Finding> {
        let config = serde_json::json!({ "claim-overlap": overlap });
        with_units(STORE, config, text, |_, units, resolved, config| {
            let analyses = Analyses::for_resolved(resolved);
            claims_not_in_evidence(units, resolved, &analyses, config, (true, false))
        })
        .into_iter()
        .map(|(_, f)| f)
        .collect()
    }

    #[test]
    fn claims_their_passages_hold_pass() {
        for claim in [
            "Payrolls rose by 143,000 in January [EVID:jobs].\n",
            "Employers added 143,000 jobs while unemployment held at 4.0% [EVID:jobs].\n",
            "Consumer prices increased 0.5 percent in January, and payroll employment rose [EVID:cpi][EVID:jobs].\n",
            "委员会决定利率维持不变 [EVID:doc].\n",
        ] {
            let found = check(claim, 18);
            assert!(found.is_empty(), "{claim}: {found:?}");
        }
    }

    #[test]
    fn a_claim_citing_the_wrong_item_is_flagged_with_the_closest_window() {
        let text = "Consumer prices increased 0.5 percent in January [EVID:jobs].\n";
        let found = check(text, 50);
        assert_eq!(found.len(), 1, "{found:?}");
        let f = &found[0];
        assert_eq!(f.rule, Rule::ClaimNotInEvidence);
        assert_eq!(
            f.message,
            "the passages this claim cites (`jobs`) hold 2 of its 6 content words (33%; claim-overlap = 50%): \
             the citation may point at the wrong item; closest passage, in `jobs`: \
             \"Total nonfarm payroll employment rose by 143,000 in January. The unemployment rate changed little at 4.0 percent.\"; \
             not found: `Consumer`, `prices`, `increased`, `0.5`"
        );
        assert_eq!(&text[f.span.clone()], text.trim_end());
        assert_eq!(f.evidence_ids, ["jobs"]);

        let found = check("Geranium holds three Michelin stars [EVID:cpi].\n", 18);
        assert!(
            found[0].message.starts_with(
                "none of this claim's 5 content words is in the passages it cites (`cpi`)"
            ),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn short_claims_and_claims_citing_no_passage_are_not_checked() {
        // Three content words are checked; two (fewer than
        // claim-overlap-min-words) are not.
        assert_eq!(
            check("Stars were awarded twice [EVID:cpi].\n", 100).len(),
            1
        );
        assert!(check("The stars were awarded to them [EVID:cpi].\n", 100).is_empty());
        assert!(check("Geranium holds three Michelin stars [EVID:bare].\n", 18).is_empty());
        assert!(check("Geranium holds three Michelin stars [EVID:nope].\n", 18).is_empty());
    }

    #[test]
    fn long_windows_are_cut_on_a_word() {
        let long = "word ".repeat(100);
        let shown = excerpt(&long);
        assert!(shown.ends_with(" …\""), "{shown}");
        assert!(shown.chars().count() <= MAX_WINDOW_CHARS + 4);
        let one = "x".repeat(400);
        assert_eq!(excerpt(&one).chars().count(), MAX_WINDOW_CHARS + 3);
        assert_eq!(excerpt("a\n\tb  c"), "\"a b c\"");
    }
}
