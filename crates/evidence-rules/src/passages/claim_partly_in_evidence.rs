//! `claim-partly-in-evidence`: a long claim whose cited passages, read
//! whole, hold few of its words may say more than they do.
//!
//! `claim-not-in-evidence` compares a claim with the best window (a
//! sentence or two) of each cited passage, at a low threshold: it finds a
//! citation of an item on another topic. A model's claim more often goes
//! wrong another way: it paraphrases part of its passage and adds what the
//! passage does not say (a cause, a place, a second finding, a
//! recommendation). Such a claim shares some words with its passage, so
//! its best window passes; what gives it away is how many of its words
//! are nowhere in the passage. A short claim has too few words for the
//! share to mean much (one word of six is 17%), so only claims of at least
//! `claim-partial-min-words` distinct content words are read; below
//! `claim-partial-overlap` percent of them found anywhere in the cited
//! passages (or the items' titles and publishers), the claim is flagged.
//! A claim `claim-not-in-evidence` flags is not flagged again.
//!
//! In Chinese, Japanese, Thai and the other scripts written without
//! spaces, a content word is a pair of characters (a lone character is
//! one too, and counts as a pair here); the pairs that straddle
//! two words (`的主`) are lost by a paraphrase that keeps every word, so a
//! pair is asked [`PAIR_SHARE_LESS`] points less often than a word, and
//! two pairs count as one word toward `claim-partial-min-words`.

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::rule::Rule;
use evidence_text::claims::Claim;
use evidence_text::content_words::{Stem, content_words, opens_unspaced, words_as_written};
use evidence_text::overlap::{Cited, ClaimWords, add_word, has_word};
use std::sync::LazyLock;

/// What `claim-partly-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::ClaimPartlyInEvidence,
    help: "say only what the cited passage says, cite a second item for the rest, or store a passage that states all of it (the threshold is `claim-partial-overlap`)",
    doc: &[
        "A claim of at least `claim-partial-min-words` content words whose",
        "cited passages, read whole, hold less than `claim-partial-overlap`",
        "percent of them: the passages may state only part of it.",
    ],
    guide_page: guide_page!("claim-partly-in-evidence"),
    options: &["claim-partial-overlap", "claim-partial-min-words"],
    terminal: None,
    file: file!(),
};

/// The settings of `claim-partly-in-evidence` (`claim-partial-overlap`,
/// `claim-partial-min-words`): the only values of the configuration it
/// reads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    /// A claim is flagged when its cited passages hold less than this
    /// percentage of its content words (`claim-partial-overlap`).
    pub(crate) overlap: usize,
    /// Claims with fewer distinct content words are not read
    /// (`claim-partial-min-words`).
    pub(crate) min_words: usize,
}

impl Options {
    /// The rule's settings in `config`.
    pub(crate) fn of(config: &Config) -> Options {
        Options {
            overlap: config.claim_partial_overlap,
            min_words: config.claim_partial_min_words,
        }
    }
}

/// How many percentage points under `claim-partial-overlap` a claim's
/// character pairs are asked for (measured on the tuning half of a set of
/// Chinese answers: see the guide's Citation accuracy page).
const PAIR_SHARE_LESS: usize = 5;

/// Words that state no fact a passage could hold: connectives, hedges,
/// praise and the verbs of advice that model-written prose wraps around
/// what it reports ("it is essential to ensure a comprehensive
/// approach"). A passage need not say them, so they are not counted.
const FRAME_WORDS: &str = "additionally also furthermore moreover however therefore thus hence \
    overall ultimately essentially particularly especially significantly typically generally \
    often usually various several different certain specific specifics particular \
    important importance essential crucial critical vital key significant notable notably \
    necessary need needed needs ensure ensuring provide provides providing \
    help helps helping allow allows allowing enable enables approach approaches aspect aspects \
    role plays play way ways include includes including involve involves involving \
    comprehensive effective effectively potential potentially possible likely able ability \
    emphasize emphasizes highlight highlights underscore underscores underscored \
    step steps take taken making consider considering remember note noted context \
    regarding related relevant appropriate suitable addition instance example terms \
    factor factors manner means thing things case cases given due result results \
    better improve improving improved enhance enhancing greater largely \
    further additional serve serves offer offers focus focuses address addressing \
    achieve maintain contribute contributes contributing promote promoting overstated";

/// The stems of [`FRAME_WORDS`], as a claim's words are read, sorted.
static FRAME_STEMS: LazyLock<Vec<Stem>> = LazyLock::new(|| {
    let mut stems = Vec::new();
    content_words(FRAME_WORDS, |stem, _| stems.push(stem));
    stems.sort_unstable();
    stems.dedup();
    stems
});

/// Most words of the claim named as not found.
const MAX_MISSING_SHOWN: usize = 6;

/// How much of a claim is anywhere in its cited passages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Held {
    /// The claim's distinct content words found.
    covered: usize,
    /// The claim's distinct content words.
    total: usize,
    /// How many of them are character pairs (asked for less often).
    pairs: usize,
}

/// Marks in `found` (a bitset over the claim's stems, the frame words
/// already set) the claim's words that any passage, title or publisher of
/// `items` holds, and returns how many it marked; stops once `enough`
/// are: the claim is found well enough, whatever the rest says.
fn mark_held(claim: &ClaimWords, items: &[impl Cited], found: &mut [u64], enough: usize) -> usize {
    let mut covered = 0;
    for item in items {
        let sentences = item
            .passages()
            .passages
            .iter()
            .flat_map(|(_, p)| p.sentences());
        for stems in sentences.map(|(_, stems)| stems).chain([item.names()]) {
            for &stem in stems {
                if let Some(k) = claim.index(stem)
                    && add_word(found, k)
                {
                    covered += 1;
                }
            }
            if covered >= enough {
                return covered;
            }
        }
    }
    covered
}

/// The [`Held`] share of a claim this rule flags, with the bitset of the
/// words found (frame words included); `None` for a claim too short to
/// judge or found well enough.
fn partly_held(
    text: &str,
    claim: &ClaimWords,
    items: &[impl Cited],
    min_percent: usize,
    min_words: usize,
) -> Option<(Held, Vec<u64>)> {
    // Most claims are too short to be judged at all.
    if claim.len() < min_words.max(1) {
        return None;
    }
    // The frame words and the figures count as found: they are neither
    // asked of the passages nor counted against them (the number rules
    // judge figures, with their conversions and roundings).
    let mut found = vec![0u64; claim.width()];
    let (mut framing, mut pairs) = (0, 0);
    for (k, stem) in claim.stems.iter().enumerate() {
        let word = text.get(claim.words[k].clone()).unwrap_or_default();
        let figure = word.starts_with(|c: char| c.is_numeric());
        if figure || FRAME_STEMS.binary_search(stem).is_ok() {
            add_word(&mut found, k);
            framing += 1;
        } else if opens_unspaced(word) {
            pairs += 1;
        }
    }
    let total = claim.len() - framing;
    // A word of Chinese is a pair of characters or two (`主角`, `余占鳌`):
    // two pairs count as one word toward `claim-partial-min-words`.
    if total - pairs + pairs / 2 < min_words.max(1) {
        return None;
    }
    let pair_percent = min_percent.saturating_sub(PAIR_SHARE_LESS);
    let enough = (min_percent * (total - pairs) + pair_percent * pairs).div_ceil(100);
    let covered = mark_held(claim, items, &mut found, enough);
    (covered < enough).then_some((
        Held {
            covered,
            total,
            pairs,
        },
        found,
    ))
}

/// The finding on a support unit (the sentence a citation belongs to),
/// read as `words`, citing `items` (read through `cited`): when it has at least
/// `claim-partial-min-words` content words and its cited passages hold
/// fewer than `claim-partial-overlap` percent of them. Called by
/// [`claims_not_in_evidence`](super::claim_not_in_evidence::claims_not_in_evidence),
/// which reads the claim's words once for both rules, for a unit it did
/// not flag.
pub(crate) fn finding(
    unit: &Claim,
    items: &[Resolved<'_>],
    cited: &[impl Cited],
    words: &ClaimWords,
    options: &Options,
) -> Option<Finding> {
    let (held, found) = partly_held(&unit.text, words, cited, options.overlap, options.min_words)?;
    Some(Finding {
        rule: Rule::ClaimPartlyInEvidence,
        message: message(unit, items, words, held, &found, options),
        span: unit.span.clone(),
        block: Some(BlockId(unit.block)),
        evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
        excerpt: Some(unit.excerpt(8)),
    })
}

/// What the finding says: how much of the claim the passages hold, that
/// they may state only part of it, and the words not found.
fn message(
    claim: &Claim,
    items: &[Resolved<'_>],
    words: &ClaimWords,
    held: Held,
    found: &[u64],
    options: &Options,
) -> String {
    let ids = items
        .iter()
        .map(|e| format!("`{}`", e.id))
        .collect::<Vec<_>>()
        .join(", ");
    let pairs = if held.pairs > 0 {
        format!(
            ", {}% for character pairs",
            options.overlap.saturating_sub(PAIR_SHARE_LESS)
        )
    } else {
        String::new()
    };
    let mut out = format!(
        "the passages this claim cites ({ids}) hold {} of its {} content words anywhere ({}%; claim-partial-overlap = {}%{pairs}): they may state only part of what it says",
        held.covered,
        held.total,
        held.covered * 100 / held.total.max(1),
        options.overlap,
    );
    let missing: Vec<String> = words_as_written(
        &claim.text,
        (0..words.len())
            .filter(|&k| !has_word(found, k))
            .map(|k| words.words[k].clone()),
    )
    .into_iter()
    .map(|w| format!("`{w}`"))
    .collect();
    if !missing.is_empty() {
        let more = if missing.len() > MAX_MISSING_SHOWN {
            ", …"
        } else {
            ""
        };
        let shown = &missing[..missing.len().min(MAX_MISSING_SHOWN)];
        out.push_str(&format!("; not found: {}{more}", shown.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests;
