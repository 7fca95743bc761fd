//! Disagreement between cited passages, detected rather than declared:
//! `conflicting-evidence` reports two cited items that the store says
//! contradict each other, and two whose passages disagree.
//!
//! Three checks, each conservative (a false disagreement puts a CAUTION
//! note on a correct page, so a pair is reported only when the passages
//! plainly speak of the same measure or subject at the same time):
//!
//! * `figures`: different figures for the same measure (factual);
//! * `negation`: one passage states what the other denies (factual);
//! * `temporal`: one claim cites the same measure for different dates
//!   as if one (temporal).
//!
//! A cited item's passages are read once (`Read::new`) into their
//! comparable figures and statements, and kept in the build's analyses, so a store
//! is read once a build however many chapters cite it; a passage with
//! neither is not kept (it cannot disagree), nor is its plain text, which
//! only a finding's quote needs (read again then). Comparing two read
//! passages is pure; it allocates for a finding's quotes and a claim's
//! periods only.

mod figures;
mod negation;
mod periods;
mod reading;
mod temporal;
#[cfg(test)]
mod tests;

use self::periods::{Dates, Period, compare as compare_periods, periods_at};
use self::reading::Sentence;
pub use self::reading::plain;
use crate::passage_sentences::passage_sentences;
use std::ops::Range;

/// Two passages whose publication days are at most this far apart are
/// taken to speak of the same time when neither names a period.
const SAME_TIME_DAYS: i64 = 7;

/// Characters of a passage's sentence quoted in a message.
const QUOTE_CHARS: usize = 160;

/// How two passages disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Different figures for the same measure at the same time.
    Figures,
    /// One states what the other denies.
    Negation,
    /// The same measure for different dates, cited by one claim as one.
    Temporal,
}

impl Kind {
    /// The type of disagreement, as citation-alignment pipelines type
    /// them: `factual` (the passages state different facts) or `temporal`
    /// (one measure for different times).
    pub fn contract_type(self) -> &'static str {
        match self {
            Kind::Figures | Kind::Negation => "factual",
            Kind::Temporal => "temporal",
        }
    }

    /// The check's name: `figures`, `negation` or `temporal`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Figures => "figures",
            Kind::Negation => "negation",
            Kind::Temporal => "temporal",
        }
    }

    /// What the two passages do, in words (after `they`).
    pub fn description(self) -> &'static str {
        match self {
            Kind::Figures => "give different figures for the same measure",
            Kind::Negation => "state opposite things about the same subject",
            Kind::Temporal => "give the same measure for different dates, cited as one",
        }
    }
}

/// A disagreement found between two passages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// How they disagree.
    pub kind: Kind,
    /// The sentence of each passage that says it (whitespace collapsed,
    /// cut at `QUOTE_CHARS` characters), in the order the passages were
    /// given.
    pub quotes: [String; 2],
}

/// A passage read for comparing with another: its plain text, its
/// comparable figures and statements.
#[derive(Debug, Clone, Default)]
pub struct Passage {
    text: String,
    read: Read,
}

/// What a passage has to compare: its figures and statements (its plain
/// text is only quoted, and read again then).
#[derive(Debug, Clone, Default)]
pub struct Read {
    figures: Box<[figures::FigureFact]>,
    statements: Box<[negation::Statement]>,
    /// The day its item was published (days since 1970-01-01), if known.
    published: Option<i64>,
}

impl Passage {
    /// Reads `text`, published on `published` (days since 1970-01-01),
    /// if known.
    pub fn new(text: &str, published: Option<i64>) -> Passage {
        let text = plain(text);
        let read = Read::new(&text, published);
        Passage { text, read }
    }

    /// How many figures and statements it has to compare.
    pub fn comparable(&self) -> usize {
        self.read.figures.len() + self.read.statements.len()
    }
}

impl Read {
    /// Reads `text` (a plain passage), published on `published`.
    pub fn new(text: &str, published: Option<i64>) -> Read {
        let sentences: Vec<Sentence> = passage_sentences(text)
            .into_iter()
            .map(|s| Sentence::new(text, s))
            .collect();
        let periods = periods_at(text);
        Read {
            figures: figures::read(text, &sentences, &periods).into(),
            statements: negation::read(text, &sentences, &periods).into(),
            published,
        }
    }

    /// Whether it has nothing to compare.
    pub fn is_empty(&self) -> bool {
        self.figures.is_empty() && self.statements.is_empty()
    }

    /// How the periods `a` (of this passage) and `b` (of `other`) compare;
    /// when neither passage names any, their publication days stand for
    /// them.
    fn dates(&self, other: &Read, a: &[Period], b: &[Period]) -> Dates {
        if a.is_empty() && b.is_empty() {
            return match (self.published, other.published) {
                (Some(x), Some(y)) if (x - y).abs() <= SAME_TIME_DAYS => Dates::Overlap,
                _ => Dates::Unknown,
            };
        }
        compare_periods(a, b)
    }
}

/// The sentence of `text` (a plain passage) at `range`, for a message:
/// whitespace collapsed; a sentence longer than [`QUOTE_CHARS`] characters
/// is cut to the words around `at` (the figure or the predicate), with `…`
/// where cut.
fn quote(text: &str, range: &Range<usize>, at: usize) -> String {
    let sentence = &text[range.clone()];
    let words: Vec<(usize, &str)> = sentence
        .split_whitespace()
        .map(|w| {
            (
                range.start + (w.as_ptr() as usize - sentence.as_ptr() as usize),
                w,
            )
        })
        .collect();
    let Some(focus) = words.iter().rposition(|(start, _)| *start <= at) else {
        return String::new();
    };
    let chars = |w: &str| w.chars().count() + 1;
    let (mut first, mut last) = (focus, focus);
    let mut used = chars(words[focus].1);
    loop {
        let grew_right = last + 1 < words.len() && used + chars(words[last + 1].1) <= QUOTE_CHARS;
        if grew_right {
            last += 1;
            used += chars(words[last].1);
        }
        let grew_left = first > 0 && used + chars(words[first - 1].1) <= QUOTE_CHARS;
        if grew_left {
            first -= 1;
            used += chars(words[first].1);
        }
        if !grew_left && !grew_right {
            break;
        }
    }
    let body: Vec<&str> = words[first..=last].iter().map(|(_, w)| *w).collect();
    let mut out = String::new();
    if first > 0 {
        out.push_str("… ");
    }
    out.extend(body.join(" ").chars().take(QUOTE_CHARS));
    if last + 1 < words.len() {
        out.push_str(" …");
    }
    out
}

/// Where two passages disagree, before quoting: how, and in each passage
/// the sentence and where the figure or predicate starts.
pub struct Found {
    kind: Kind,
    at: [(Range<usize>, usize); 2],
}

impl Found {
    /// The disagreement, quoting `a` and `b` (the two passages' plain texts).
    pub fn quoted(self, a: &str, b: &str) -> Disagreement {
        let [(x, i), (y, j)] = self.at;
        Disagreement {
            kind: self.kind,
            quotes: [quote(a, &x, i), quote(b, &y, j)],
        }
    }
}

/// What a quote of a figure keeps: its sentence and where it starts.
fn figure(f: &figures::FigureFact) -> (Range<usize>, usize) {
    (f.sentence.clone(), f.at)
}

/// How passages `a` and `b` disagree, if they do: different figures, then
/// a negation, then (only when one claim cites both: `claim` is its text)
/// the same measure for different dates.
pub fn compare(a: &Passage, b: &Passage, claim: Option<&str>) -> Option<Disagreement> {
    compare_claimed(&a.read, &b.read, || claim).map(|found| found.quoted(&a.text, &b.text))
}

/// [`compare`], with the claim's text asked for only when the temporal
/// check needs it, and nothing quoted.
pub fn compare_claimed<'c>(
    a: &Read,
    b: &Read,
    claim: impl FnOnce() -> Option<&'c str>,
) -> Option<Found> {
    let found =
        |kind: Kind, x: (Range<usize>, usize), y: (Range<usize>, usize)| Found { kind, at: [x, y] };
    let dates = |p: &[Period], q: &[Period]| a.dates(b, p, q);
    if let Some((i, j)) = figures::find(&a.figures, &b.figures, Dates::Overlap, dates) {
        return Some(found(
            Kind::Figures,
            figure(&a.figures[i]),
            figure(&b.figures[j]),
        ));
    }
    if let Some((i, j)) = negation::find_negation(&a.statements, &b.statements, dates) {
        let (s, t) = (&a.statements[i], &b.statements[j]);
        return Some(found(
            Kind::Negation,
            (s.sentence.clone(), s.at),
            (t.sentence.clone(), t.at),
        ));
    }
    let (i, j) = temporal::find_temporal(&a.figures, &b.figures, claim)?;
    Some(found(
        Kind::Temporal,
        figure(&a.figures[i]),
        figure(&b.figures[j]),
    ))
}

/// An item's passages, read for comparing (kept in the build's
/// build's analyses: read once a build): those with figures or statements to compare, each with its
/// place among [`EvidenceItem::passages`] (its plain text is read again
/// for a quote). A passage with nothing to compare never disagrees.
///
/// [`EvidenceItem::passages`]: evidence_core::store::EvidenceItem::passages
#[derive(Debug, Clone, Default)]
pub struct ItemPassages(pub Box<[(usize, Read)]>);
