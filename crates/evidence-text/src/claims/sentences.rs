//! Sentences: a block cut into the sentences that are claims, each with
//! its markers, and the sentence splitter the support rules share.

use crate::claims::{Claim, after_abstention, classify_text};
use evidence_core::markers::{Block, InlineSpan, Scan};
use std::ops::Range;

/// The sentences of one block that are claims, with their markers: a
/// marker belongs to the sentence it stands in (markup included: one
/// inside an emphasis or HTML element that the next sentence opens with
/// is that sentence's), or to the sentence whose closing punctuation it
/// follows. A table row is one, whole.
pub fn sentence_claims(
    scan: &Scan,
    index: usize,
    markers: &[usize],
    min_words: usize,
) -> Vec<Claim> {
    let block = &scan.blocks[index];
    if block.row.is_some() {
        // A table row is one unit: its cells are not sentences.
        return vec![Claim {
            block: index,
            span: block.span.clone(),
            text: block.text.trim().to_owned(),
            markers: markers.to_vec(),
        }];
    }
    let sentences = source_sentences(block);
    let mut out: Vec<Claim> = Vec::new();
    // Each marker goes to the last sentence starting in the chapter before
    // it, its opening markup included (the first when none does): found
    // by a binary search over the sentences' starts, which rise, so that a
    // block of many sentences and markers stays linear. By the text alone,
    // `A b. *[EVID:x] C d.*` gave the marker to `A b.` though the second
    // sentence, taken out, takes it with its emphasis.
    let mut markers_of: Vec<Vec<usize>> = vec![Vec::new(); sentences.len()];
    if !sentences.is_empty() {
        for &m in markers {
            let at = scan.markers[m].span.start;
            let i = sentences[1..].partition_point(|s| s.source.start <= at);
            markers_of[i].push(m);
        }
    }
    let prose = block.prose();
    for (sentence, own) in sentences.into_iter().zip(markers_of) {
        let text = block.text[sentence.text.clone()].trim();
        if classify_text(text, &prose[sentence.text.clone()], min_words).is_some() {
            continue;
        }
        let mut span = sentence.source;
        // The first sentence starts where its block does (before the `*`
        // of an emphasis that opens with a marker, as the block claim).
        if block.text[..sentence.text.start].trim().is_empty() {
            span.start = span.start.min(block.span.start);
        }
        for &m in &own {
            let marker = &scan.markers[m].span;
            span.start = span.start.min(marker.start);
            span.end = span.end.max(marker.end);
        }
        let mut claim = Claim {
            block: index,
            span,
            text: text.to_owned(),
            markers: own,
        };
        after_abstention(scan, &mut claim, sentence.text);
        out.push(claim);
    }
    out
}

/// A sentence of a block: its text, and the part of the chapter that is
/// the sentence.
struct SourceSentence {
    /// Range in [`Block::text`].
    text: Range<usize>,
    /// Range in the chapter.
    source: Range<usize>,
}

/// The sentences of a block as the chapter can cut them apart, so that
/// taking one out (or labelling it) leaves the markup around it whole:
/// - two sentences are cut apart only where no inline element (emphasis,
///   a link) runs across the cut and the cut has a place of its own in
///   the chapter (not inside a code span, an escape or an entity);
///   otherwise they are one (`*A b. C d.*`, `` `a. B c` ``, and
///   `[a. B](u) c d`);
/// - an inline element that opens or closes between a sentence and its
///   cuts is the sentence's, markup included (`A b. *C d.*`: the second
///   sentence is `*C d.*`).
///
/// Linear in the sentences and inline elements: the cuts rise, and the
/// elements are visited in order of their start and of their end.
fn source_sentences(block: &Block) -> Vec<SourceSentence> {
    let mut by_start: Vec<&InlineSpan> = block.inlines.iter().collect();
    by_start.sort_by_key(|inline| inline.text.start);
    let mut by_end = by_start.clone();
    by_end.sort_by_key(|inline| inline.text.end);
    // Whether an element runs across `at`: of those starting before it,
    // the furthest end lies after it. `at` rises from call to call.
    let (mut opened, mut furthest) = (0, 0);
    let mut runs_across = |at: usize| {
        while let Some(inline) = by_start.get(opened).filter(|i| i.text.start < at) {
            furthest = furthest.max(inline.text.end);
            opened += 1;
        }
        furthest > at
    };
    let mut texts: Vec<Range<usize>> = Vec::new();
    // The cut before each sentence, and one after the last.
    let mut cuts = vec![0];
    for sentence in sentences(&block.text) {
        let Some(last) = texts.last_mut() else {
            texts.push(sentence);
            continue;
        };
        let gap = last.end..sentence.start;
        let cut = block.text[gap.clone()]
            .char_indices()
            .map(|(i, _)| gap.start + i)
            .chain([gap.end])
            .find(|&at| !runs_across(at) && block.maps_exactly(at));
        match cut {
            Some(at) => {
                cuts.push(at);
                texts.push(sentence);
            }
            None => last.end = sentence.end,
        }
    }
    cuts.push(block.text.len());
    let (mut starts, mut ends) = (0, 0);
    let mut out: Vec<SourceSentence> = Vec::with_capacity(texts.len());
    for (i, text) in texts.into_iter().enumerate() {
        let (before, after) = (cuts[i], cuts[i + 1]);
        // A sentence that starts inside a code span (`` ?` D`x ``: the
        // span's text opens with a space) starts with the span: mapped to
        // its end, it left the span to no sentence, and a label went after
        // it, where the next run, starting the claim there again, did not
        // find it at the claim's start and wrote another.
        let start = block.source_offset(block.piece_start(text.start));
        let mut source = start..block.source_offset(text.end);
        while let Some(inline) = by_start.get(starts).filter(|i| i.text.start <= text.start) {
            if inline.text.start >= before {
                source.start = source.start.min(inline.source.start);
            }
            starts += 1;
        }
        while let Some(inline) = by_end.get(ends).filter(|i| i.text.end <= after) {
            if inline.text.end >= text.end {
                source.end = source.end.max(inline.source.end);
            }
            ends += 1;
        }
        if source.end < source.start {
            source.end = source.start;
        }
        // The end of the text before an element that opens the next
        // sentence maps past the element's opening tag when no space
        // stands between (`today.<span …>[EVID:a] Then`, the citation
        // cut): the tag is the next sentence's.
        if let Some(previous) = out.last_mut() {
            let end = previous.source.end.min(source.start);
            previous.source.end = end.max(previous.source.start);
        }
        out.push(SourceSentence { text, source });
    }
    out
}

/// Abbreviations whose final period does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "mr.", "mrs.", "ms.", "dr.", "prof.", "st.",
    "inc.", "ltd.", "co.", "corp.", "no.", "fig.", "u.s.", "u.k.", "e.u.", "jan.", "feb.", "mar.",
    "apr.", "jun.", "jul.", "aug.", "sep.", "sept.", "oct.", "nov.", "dec.", "bros.", "jr.", "sr.",
    "gen.", "gov.", "sen.", "rep.", "col.", "capt.", "lt.", "sgt.", "rev.", "mt.", "ft.", "dept.",
    "vol.", "pp.",
];

/// The sentences of a text, as byte ranges from the first character to the
/// closing punctuation. A sentence ends at `.`, `!`, `?` or `…` (and any
/// closing quotes or brackets after it) followed by whitespace and a
/// character that is not a lowercase letter, unless the word before the
/// period is an abbreviation or an initial (`J. Powell`).
pub fn sentences(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if start.is_none() && !c.is_whitespace() {
            start = Some(i);
        }
        if !matches!(c, '.' | '!' | '?' | '…') {
            continue;
        }
        let mut end = i + c.len_utf8();
        while let Some(&(j, q)) = chars.peek() {
            if matches!(q, '"' | '\'' | '”' | '’' | ')' | ']' | '.' | '!' | '?') {
                end = j + q.len_utf8();
                chars.next();
            } else {
                break;
            }
        }
        let rest = &text[end..];
        let next = rest.trim_start();
        let ends = if next.is_empty() {
            true
        } else {
            rest.starts_with(char::is_whitespace)
                && !next.starts_with(char::is_lowercase)
                && !(c == '.' && is_abbreviation(&text[..i + 1]))
        };
        if ends && let Some(s) = start.take() {
            out.push(s..end);
        }
    }
    if let Some(s) = start {
        let end = s + text[s..].trim_end().len();
        if end > s {
            out.push(s..end);
        }
    }
    out
}

/// Whether the word that ends `before` (with its period) is an
/// abbreviation or a single-letter initial.
pub(crate) fn is_abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    // ASCII case folding is Unicode lowercasing here: the one non-ASCII
    // character that lowercases to ASCII is the Kelvin sign (to `k`),
    // and no abbreviation has a `k`.
    ABBREVIATIONS.iter().any(|a| a.eq_ignore_ascii_case(word))
        || (word.len() == 2 && word.starts_with(|c: char| c.is_ascii_uppercase()))
}
