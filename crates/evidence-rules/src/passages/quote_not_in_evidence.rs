//! `quote-not-in-evidence`: text a claim puts in quotation marks stands,
//! word for word, in a passage the claim cites.
//!
//! A quotation is the text between a pair of quotation marks (straight or
//! curly, single or double, `«»`, `»«`, `„“`, `‚‘`, `‹›`, `「」`, `『』`);
//! an apostrophe inside a word (`don't`) or after one (`Reuters'`) opens
//! none. It is compared as words ([`words`]): case, accents, combining
//! marks, full-width forms, white space, punctuation, quote characters and
//! dashes do not count. An ellipsis (`…`, `...`, `. . .`, `[…]`) or an
//! editor's bracket (`[the bank]`) joins pieces that must stand in one
//! passage in order. Not checked, as not quotations of the passage:
//! quotations of fewer than [`MIN_WORDS`] words (scare quotes, terms), a
//! quotation after `titled`, `called`, `known as` … or written in title
//! case (the title of a work), and one the cited item's title holds. A
//! claim is checked only when every item it cites holds a passage (the
//! quotation may stand in one that does not).

use crate::Resolved;
use crate::meta::{RuleMeta, guide_page};
use crate::passages::claim_not_in_evidence::judged_items_into;
use evidence_core::finding::Finding;
use evidence_core::ids::{BlockId, ClaimId};
use evidence_core::rule::Rule;
use evidence_text::content_words::without_accent;
use evidence_text::passage_words::{PassageField, has_passage};
use evidence_text::support_units::SupportUnit;
use std::collections::HashMap;
use std::ops::Range;

/// What `quote-not-in-evidence` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::QuoteNotInEvidence,
    help: "quote the passage exactly (join pieces with `…`), or take the quotation marks off and paraphrase; if the passage is elsewhere, cite the item that holds it",
    doc: &[
        "Text a claim puts in quotation marks (three words or more, not a",
        "title) does not stand word for word in the passages it cites.",
    ],
    guide_page: guide_page!("quote-not-in-evidence"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// Fewer words than this in quotation marks is a term or a scare quote,
/// not a quotation (a character of a script written without spaces
/// counts as half a word).
const MIN_WORDS: usize = 3;
/// The furthest (in bytes) a closing mark is looked for.
const MAX_QUOTE_BYTES: usize = 2_000;
/// Words that name what follows them: a quotation after one is a title.
const TITLE_CUES: [&str; 9] = [
    "called",
    "dubbed",
    "entitled",
    "headlined",
    "named",
    "nicknamed",
    "subtitled",
    "tagged",
    "titled",
];
/// Words a title leaves in lower case (sorted).
const MINOR_WORDS: [&str; 24] = [
    "a", "an", "and", "as", "at", "but", "by", "de", "for", "from", "in", "into", "nor", "of",
    "on", "or", "over", "per", "the", "to", "up", "via", "vs", "with",
];
/// Most missing words named, and most characters of text shown.
const MAX_MISSING_SHOWN: usize = 6;
const MAX_SHOWN_CHARS: usize = 160;

/// A word of a quotation or a passage, folded for comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Word {
    folded: String,
    /// Its byte range in the text it was read from.
    bytes: Range<usize>,
    /// Whether an ellipsis or an editor's bracket stands before it (read
    /// in quotations only).
    gap_before: bool,
    /// A character of a script written without spaces, a word by itself.
    unspaced: bool,
}

/// The closing marks of a quotation opened by `open`, and whether the
/// marks are ambiguous (an apostrophe or a straight quote, which must
/// stand outside a word to open and close).
fn closers(open: char) -> Option<(&'static [char], bool)> {
    Some(match open {
        '"' => (&['"'], true),
        '\'' => (&['\''], true),
        '‘' => (&['’'], true),
        '“' => (&['”', '“'], false),
        '„' => (&['“', '”'], false),
        '‚' => (&['‘', '’'], false),
        '«' => (&['»'], false),
        '»' => (&['«'], false),
        '‹' => (&['›'], false),
        '「' => (&['」'], false),
        '『' => (&['』'], false),
        '〝' => (&['〞', '〟'], false),
        _ => return None,
    })
}

/// The byte ranges of the outermost quotations of `text` (inside the
/// marks). A quotation left open is not one.
fn quotations(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut prev: Option<char> = None;
    while let Some(open) = text[at..].chars().next() {
        let after = at + open.len_utf8();
        let Some((close, ambiguous)) = closers(open) else {
            prev = Some(open);
            at = after;
            continue;
        };
        let next = text[after..].chars().next();
        // An apostrophe or straight quote opens only outside a word, and
        // before one; `„`, `«`, `「` … open wherever they stand.
        let opens = next.is_some()
            && !(ambiguous
                && (prev.is_some_and(is_word_char) || next.is_some_and(char::is_whitespace)));
        let found = opens
            .then(|| closing(text, after, close, ambiguous))
            .flatten();
        match found {
            Some(end) => {
                out.push(after..end);
                prev = text[end..].chars().next();
                at = end + prev.map_or(1, char::len_utf8);
            }
            None => {
                prev = Some(open);
                at = after;
            }
        }
    }
    out
}

/// Where the quotation opened before `from` closes: the first of `close`
/// not inside a word (an apostrophe inside or after a word, for marks
/// that are ambiguous), within [`MAX_QUOTE_BYTES`].
fn closing(text: &str, from: usize, close: &[char], ambiguous: bool) -> Option<usize> {
    let mut prev: Option<char> = None;
    let mut chars = text[from..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if i > MAX_QUOTE_BYTES {
            return None;
        }
        if close.contains(&c) && prev.is_some() {
            let next = chars.peek().map(|&(_, n)| n);
            let inside = ambiguous && next.is_some_and(is_word_char);
            let spaced = ambiguous && prev.is_some_and(char::is_whitespace);
            if !inside && !spaced {
                return Some(from + i);
            }
        }
        prev = Some(c);
    }
    None
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c)
}

/// Combining marks (the common blocks): part of the word they follow,
/// and left out of its folded form, as accents are.
fn is_mark(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}' | '\u{3099}'..='\u{309A}')
}

/// Characters that neither end a word nor belong to it: joiners,
/// direction marks, soft hyphens, variation selectors.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}')
}

/// A character of a script written without spaces between words (Han,
/// kana, Thai, Lao, Khmer, Myanmar): each is a word of its own. Wider
/// than [`evidence_text::content_words::is_unspaced`], which reads content
/// words: a quotation's marks and signs (a Thai tone mark, `・`) are
/// its words too, and changing one misquotes it.
fn is_unspaced(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FFFF}' | '\u{0E00}'..='\u{0EFF}'
        | '\u{1000}'..='\u{109F}' | '\u{1780}'..='\u{17FF}' | '\u{FF66}'..='\u{FF9F}')
}

/// `c` folded onto `out`: full-width forms read as ASCII, lower case,
/// common Latin accents taken off ([`without_accent`]).
fn fold_char(c: char, out: &mut String) {
    let c = match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        c => c,
    };
    for c in c.to_lowercase() {
        out.push(without_accent(c));
    }
}

/// The words of `text`: runs of letters, digits and combining marks (an
/// apostrophe between letters joins them: `don't` is `dont`), folded
/// ([`fold_char`]). With `quoted`, an ellipsis or an editor's bracket
/// between words is a gap (`[T]he`, a bracket inside a word, is read as
/// the letters it holds).
fn words(text: &str, quoted: bool) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut current: Option<Word> = None;
    let (mut dots, mut gap) = (0, false);
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let end = i + c.len_utf8();
        let next = chars.peek().map(|&(_, n)| n);
        if is_invisible(c) {
            continue;
        }
        let apostrophe = matches!(c, '\'' | '’' | 'ʼ')
            && current.is_some()
            && next.is_some_and(char::is_alphanumeric);
        let bracket = quoted && c == '[' && current.is_none();
        if bracket {
            let close = text[end..].find(']').map(|j| end + j);
            let inside_word =
                close.is_some_and(|j| text[j + 1..].starts_with(char::is_alphanumeric));
            if let Some(j) = close.filter(|_| !inside_word) {
                gap = true;
                while chars.peek().is_some_and(|&(k, _)| k <= j) {
                    chars.next();
                }
                continue;
            }
        }
        if apostrophe || (quoted && matches!(c, '[' | ']') && current.is_some()) {
            continue;
        }
        if is_word_char(c) && !is_unspaced(c) {
            let word = current.get_or_insert_with(|| Word {
                folded: String::new(),
                bytes: i..end,
                gap_before: std::mem::take(&mut gap),
                unspaced: false,
            });
            if !is_mark(c) {
                fold_char(c, &mut word.folded);
            }
            word.bytes.end = end;
            dots = 0;
            continue;
        }
        out.extend(current.take().filter(|w| !w.folded.is_empty()));
        if is_unspaced(c) {
            let mut folded = String::new();
            fold_char(c, &mut folded);
            let gap_before = std::mem::take(&mut gap);
            out.push(Word {
                folded,
                bytes: i..end,
                gap_before,
                unspaced: true,
            });
            dots = 0;
            continue;
        }
        if quoted {
            dots = if c == '.' {
                dots + 1
            } else if c.is_whitespace() {
                dots
            } else {
                0
            };
            gap |= c == '…' || dots >= 3;
        }
    }
    out.extend(current.filter(|w| !w.folded.is_empty()));
    out
}

/// Whether a quotation is long enough to be one: [`MIN_WORDS`] words, a
/// character of an unspaced script counting half.
fn long_enough(quote: &[Word]) -> bool {
    let halves: usize = quote.iter().map(|w| if w.unspaced { 1 } else { 2 }).sum();
    halves >= 2 * MIN_WORDS
}

/// Whether the quotation at `range` of `text` names a work: it follows
/// a word in [`TITLE_CUES`] (or `known as`), or its words are in title
/// case (each word that is not in [`MINOR_WORDS`] starts with a capital).
fn is_title(text: &str, range: &Range<usize>) -> bool {
    let before = text[..range.start]
        .trim_end_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    let mut last = before.rsplit(|c: char| !c.is_alphanumeric());
    let cue = last.next().unwrap_or_default();
    if TITLE_CUES.contains(&cue) || (cue == "as" && last.next() == Some("known")) {
        return true;
    }
    let mut capitals = 0;
    let apostrophe = |c: char| matches!(c, '\'' | '’' | 'ʼ');
    for word in text[range.clone()].split(|c: char| !c.is_alphanumeric() && !apostrophe(c)) {
        let Some(first) = word.chars().next() else {
            continue;
        };
        if first.is_uppercase() {
            capitals += 1;
        } else if first.is_lowercase() && MINOR_WORDS.binary_search(&word).is_err() {
            return false;
        }
    }
    capitals >= 1
}

/// Whether the chapter's source of a sentence writes the quotation
/// `inner` in a code span (a command or a string, not a quotation) or in
/// italics (`*"…"*`, the title of a work): its text as a reader sees it
/// has lost both.
fn code_or_italics(source: &str, inner: &str) -> bool {
    if inner.trim().is_empty() {
        return false;
    }
    source.match_indices(inner).any(|(at, _)| {
        let before = source[..at].chars().rev().nth(1);
        let after = source[at + inner.len()..].chars().nth(1);
        let emphasis = |c: Option<char>| matches!(c, Some('*' | '_'));
        (emphasis(before) && emphasis(after)) || in_code_span(&source[..at])
    })
}

/// Whether the end of `before` is inside a code span: a run of backticks
/// opened and not closed by a run as long.
fn in_code_span(before: &str) -> bool {
    let mut open = 0;
    let bytes = before.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
        if run == 0 {
            i += 1;
            continue;
        }
        open = match open {
            0 => run,
            n if n == run => 0,
            n => n,
        };
        i += run;
    }
    open > 0
}

/// Whether the pieces of `quote` (cut at its gaps) stand in `passage` in
/// order, each word for word.
fn stands_in(quote: &[Word], passage: &[Word]) -> bool {
    let mut from = 0;
    for piece in quote.chunk_by(|_, b| !b.gap_before) {
        match find(piece, &passage[from.min(passage.len())..]) {
            Some(end) => from += end,
            None => return false,
        }
    }
    true
}

/// Where `piece` first ends in `passage` (the index after its last
/// word), found in one pass (Knuth-Morris-Pratt), so that a long passage
/// of repeated words costs no more than another.
fn find(piece: &[Word], passage: &[Word]) -> Option<usize> {
    let same = |a: &Word, b: &Word| a.folded == b.folded;
    // `border[i]`: the longest proper prefix of `piece[..=i]` that is
    // also its suffix.
    let mut border = vec![0; piece.len()];
    let mut k = 0;
    for i in 1..piece.len() {
        while k > 0 && !same(&piece[i], &piece[k]) {
            k = border[k - 1];
        }
        k += usize::from(same(&piece[i], &piece[k]));
        border[i] = k;
    }
    let mut k = 0;
    for (i, word) in passage.iter().enumerate() {
        while k > 0 && !same(word, &piece[k]) {
            k = border[k - 1];
        }
        k += usize::from(same(word, &piece[k]));
        if k == piece.len() {
            return Some(i + 1);
        }
    }
    None
}

/// The window of `passage`, as many words long as `quote`, that holds
/// most of its words: (how many, its first and last word's indices).
fn closest(quote: &[Word], passage: &[Word]) -> Option<(usize, Range<usize>)> {
    let n = quote.len().min(passage.len());
    if n == 0 {
        return None;
    }
    let mut wanted: HashMap<&str, isize> = HashMap::new();
    for w in quote {
        *wanted.entry(&w.folded).or_default() += 1;
    }
    // `held`: the quotation's words the window holds (repeats counted).
    let mut held = 0usize;
    let mut best = (0, 0..n);
    for (i, w) in passage.iter().enumerate() {
        if let Some(count) = wanted.get_mut(w.folded.as_str()) {
            held += usize::from(*count > 0);
            *count -= 1;
        }
        if i >= n {
            let out = &passage[i - n];
            if let Some(count) = wanted.get_mut(out.folded.as_str()) {
                *count += 1;
                held -= usize::from(*count > 0);
            }
        }
        if i + 1 >= n && held > best.0 {
            best = (held, i + 1 - n..i + 1);
        }
    }
    Some(best)
}

/// The texts a quotation of an item may stand in: its passages and its
/// title.
fn item_texts<'s>(item: &Resolved<'s>) -> impl Iterator<Item = &'s str> {
    let item = item.item;
    PassageField::ALL
        .iter()
        .filter_map(move |f| f.text(item))
        .chain(item.title.as_deref())
}

/// One finding per quotation of a support unit that stands in none of
/// the passages (nor titles) of the items the unit cites.
pub(crate) fn quotes_not_in_evidence(
    chapter: &str,
    units: &[SupportUnit],
    resolved: &[Option<Resolved<'_>>],
) -> Vec<(ClaimId, Finding)> {
    let mut findings = Vec::new();
    let mut items = Vec::new();
    // Each item's texts, read as words once per chapter, when a quotation
    // first needs them.
    let mut read: HashMap<*const evidence_core::store::EvidenceItem, Vec<Vec<Word>>> =
        HashMap::new();
    for SupportUnit { claim: c, unit } in units {
        let text = &unit.text;
        let source = chapter.get(unit.span.clone()).unwrap_or_default();
        let quotes: Vec<(Range<usize>, Vec<Word>)> = quotations(text)
            .into_iter()
            .filter(|r| !is_title(text, r) && !code_or_italics(source, &text[r.clone()]))
            .map(|r| {
                let w = words(&text[r.clone()], true);
                (r, w)
            })
            .filter(|(_, w)| long_enough(w))
            .collect();
        if quotes.is_empty() {
            continue;
        }
        judged_items_into(unit, resolved, &mut items);
        if items.is_empty() || !items.iter().all(|e| has_passage(e.item)) {
            continue;
        }
        for e in &items {
            read.entry(std::ptr::from_ref(e.item))
                .or_insert_with(|| item_texts(e).map(|t| words(t, false)).collect());
        }
        let texts: Vec<(&Resolved<'_>, &str, &[Word])> = items
            .iter()
            .flat_map(|e| {
                let read = &read[&std::ptr::from_ref(e.item)];
                item_texts(e)
                    .zip(read)
                    .map(move |(t, w)| (e, t, w.as_slice()))
            })
            .collect();
        for (range, quote) in quotes {
            if texts
                .iter()
                .any(|(_, _, passage)| stands_in(&quote, passage))
            {
                continue;
            }
            let finding = Finding {
                rule: Rule::QuoteNotInEvidence,
                message: message(&text[range], &quote, &items, &texts),
                span: unit.span.clone(),
                block: Some(BlockId(unit.block)),
                evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
                excerpt: Some(unit.excerpt(8)),
            };
            findings.push((*c, finding));
        }
    }
    findings
}

/// What the finding says: the quotation, the closest words of the cited
/// passages, and the quotation's words they lack.
fn message(
    shown: &str,
    quote: &[Word],
    items: &[Resolved<'_>],
    texts: &[(&Resolved<'_>, &str, &[Word])],
) -> String {
    let ids: Vec<String> = items.iter().map(|e| format!("`{}`", e.id)).collect();
    let mut out = format!(
        "the quotation {} does not stand word for word in the passages this claim cites ({})",
        excerpt(shown),
        ids.join(", ")
    );
    let best = texts
        .iter()
        .filter_map(|(e, t, p)| closest(quote, p).map(|(n, r)| (n, r, *e, *t, *p)))
        .max_by_key(|(n, ..)| *n)
        .filter(|(n, ..)| *n > 0);
    let Some((_, window, item, text, passage)) = best else {
        out.push_str("; none of its words is there");
        return out;
    };
    let bytes = passage[window.start].bytes.start..passage[window.end - 1].bytes.end;
    out.push_str(&format!(
        "; closest words, in `{}`: {}",
        item.id,
        excerpt(&text[bytes])
    ));
    let mut there: HashMap<&str, usize> = HashMap::new();
    for w in &passage[window] {
        *there.entry(&w.folded).or_default() += 1;
    }
    let missing: Vec<String> = quote
        .iter()
        .filter(|w| match there.get_mut(w.folded.as_str()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .map(|w| format!("`{}`", &shown[w.bytes.clone()]))
        .collect();
    if missing.is_empty() {
        out.push_str("; its words are there, in another order or with others between them");
    } else {
        let more = if missing.len() > MAX_MISSING_SHOWN {
            ", …"
        } else {
            ""
        };
        let shown: Vec<_> = missing.iter().take(MAX_MISSING_SHOWN).cloned().collect();
        out.push_str(&format!("; not in them: {}{more}", shown.join(", ")));
    }
    out
}

/// Text for a message: white space collapsed, at most
/// [`MAX_SHOWN_CHARS`] characters (cut with `…`), quoted and escaped.
fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if let Some((cut, _)) = out.char_indices().nth(MAX_SHOWN_CHARS) {
        out.truncate(cut);
        out.push('…');
    }
    evidence_core::escape::quoted(&out)
}

#[cfg(test)]
mod tests;
