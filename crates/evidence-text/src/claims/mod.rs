//! Claims: which blocks of a scanned chapter state something that needs
//! evidence (the claim heuristic, [`classify_block`]; for table rows,
//! `tables`), and which stretches of them need their own citation
//! (`claims = "blocks" | "bullets" | "sentences"`, `sections = [...]`).

use evidence_core::config::ClaimUnit;
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::markers::{Block, HIDDEN, Scan};
use evidence_core::rule::Rule;
use evidence_core::syntax::{SPECULATION_LABEL, is_banner, is_conflict_note};
use std::ops::Range;

pub(crate) use self::sentences::is_abbreviation;
pub use self::sentences::{sentence_claims, sentences};

mod abstain;
// The claims rules, one file per rule id.
pub mod sentences;
mod short;
mod tables;

/// A claim to check: a block, or one sentence of a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// Index into [`Scan::blocks`].
    pub block: usize,
    /// Byte range in the chapter: the claim's text and its markers.
    pub span: Range<usize>,
    /// The claim's text as a reader sees it, markers removed.
    pub text: String,
    /// Indices into [`Scan::markers`] of the markers that belong to it.
    pub markers: Vec<usize>,
}

impl Claim {
    /// The claim's text as a reader sees it, for what is stored and shown
    /// (`export-claims`, `verify.jsonl`, `review`): the space its text
    /// keeps where a marker was cut out before punctuation (`14°C [1].`
    /// reads `14°C .`) removed. [`Claim::text`] stays as it is: verdicts
    /// are keyed by it.
    pub fn as_read(&self) -> String {
        // Plain spaces only: French sets `;`, `!` and `?` apart with a
        // no-break space, which the writer meant.
        let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r');
        let is_closing = |c: char| {
            matches!(
                c,
                '.' | ','
                    | ';'
                    | ':'
                    | '!'
                    | '?'
                    | '…'
                    | ')'
                    | ']'
                    | '”'
                    | '’'
                    | '。'
                    | '、'
                    | '，'
                    | '！'
                    | '？'
                    | '）'
                    | '」'
                    | '』'
            )
        };
        let text = self.text.as_str();
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        while let Some(c) = text[at..].chars().next() {
            if !is_space(c) {
                out.push(c);
                at += c.len_utf8();
                continue;
            }
            let gap_end = text[at..]
                .find(|c| !is_space(c))
                .map_or(text.len(), |i| at + i);
            let after = &text[gap_end..];
            let closing = after.find(|c| !is_closing(c)).unwrap_or(after.len());
            let alone = closing > 0
                && after[closing..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace);
            if !alone {
                out.push_str(&text[at..gap_end]);
            }
            at = gap_end;
        }
        out
    }

    /// The first `max_words` words of the claim, with `…` when there are
    /// more, for diagnostics.
    ///
    /// A claim's text has its markers cut out, which leaves a space where
    /// one stood before punctuation (`cut [1].` reads `cut .`): punctuation
    /// that stands alone joins the word before it.
    pub fn excerpt(&self, max_words: usize) -> String {
        let is_closing = |c: char| {
            matches!(
                c,
                '.' | ',' | ';' | ':' | '!' | '?' | '…' | ')' | ']' | '»' | '”' | '’' | '"'
            )
        };
        let mut out = String::new();
        let mut words = 0;
        let mut more = false;
        for word in evidence_core::gaps::words(&self.text) {
            if !out.is_empty() && word.chars().all(is_closing) {
                out.push_str(word);
                continue;
            }
            if words == max_words {
                more = true;
                break;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
            words += 1;
        }
        if more {
            out.push('…');
        }
        out
    }
}

/// Why a block is not a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAClaim {
    /// Fewer words than `claim-min-words`.
    TooShort,
    /// Ends with a colon: it introduces what follows.
    LeadIn,
    /// Ends with a question mark.
    Question,
    /// All of its text is emphasis or link text, with no closing punctuation:
    /// a label such as `**Key figures**` or a navigation link.
    Label,
    /// Carries the `[SPECULATION]` label.
    Speculation,
    /// Carries an abstain phrase such as `[Insufficient evidence …]`.
    Abstain,
    /// The "Unverified Summary" banner itself.
    Banner,
    /// A conflicting-evidence note that this preprocessor wrote.
    Note,
    /// A row of a table that does not cite: no row holds a marker and no
    /// header cell names a column of sources.
    UncitedTable,
    /// Stands in a GitHub-style admonition (`> [!NOTE]`, `> [!WARNING]`):
    /// a note to the reader, not a finding.
    Admonition,
    /// Points the reader elsewhere: one sentence opening with "Read more",
    /// "See", "For more" … that ends with a link (`Read more in [the
    /// methodology](method.md).`).
    Pointer,
}

/// Why a scanned block is not a claim, or `None` when it is a claim that
/// needs evidence: see [`NotAClaim`] for each way out.
pub fn classify_block(block: &Block, min_words: usize) -> Option<NotAClaim> {
    if let Some(row) = &block.row {
        return tables::classify_row(block, row);
    }
    let text = block.text.trim();
    if is_banner(text) {
        return Some(NotAClaim::Banner);
    }
    // An admonition is what mdBook renders as one, a labelled box (the
    // scanner marks it: a quote whose first line is `[!NOTE]`, …); the
    // conflict note this preprocessor writes is one, and keeps its kind.
    // A `[!NOTE]` anywhere else is text on the page.
    if block.in_admonition {
        return Some(if is_conflict_note(text) {
            NotAClaim::Note
        } else {
            NotAClaim::Admonition
        });
    }
    let prose = block.prose();
    if let Some(own) = classify_text(text, prose.trim(), min_words) {
        return Some(own);
    }
    if is_pointer(block, text) {
        return Some(NotAClaim::Pointer);
    }
    // A sentence's end counts before a bracketed tail (`。［注］`) too.
    if !block.has_plain_words && !short::without_tail(text).ends_with(['.', '!', '…', '。', '！'])
    {
        return Some(NotAClaim::Label);
    }
    None
}

/// Whether a block of `scan` is a claim that needs evidence, by the
/// threshold the chapter was scanned with.
pub(crate) fn is_claim(scan: &Scan, block: &Block) -> bool {
    classify_block(block, scan.claim_min_words).is_none()
}

/// The parts of the claim heuristic that read only the text (also applied
/// to single sentences when each sentence is a claim). `prose` is the same
/// stretch of [`Block::prose`]: the `[SPECULATION]` label counts only
/// where the reader sees it as prose, and an ending only where the reader
/// sees the text end.
pub(crate) fn classify_text(text: &str, prose: &str, min_words: usize) -> Option<NotAClaim> {
    let text = text.trim();
    let prose = prose.trim();
    debug_assert_eq!(text.len(), prose.len());
    // Where the reader sees it end: hidden text after that (`<span
    // hidden>?</span>`, an image's alt text) adds no question mark or
    // colon, and breaks no sentence's end. Hidden text still counts as
    // words: it never makes a block too short to be a claim.
    let seen = prose
        .trim_end_matches(|c: char| c == HIDDEN || c.is_whitespace())
        .len();
    if find_phrase(prose, SPECULATION_LABEL).is_some() {
        return Some(NotAClaim::Speculation);
    }
    // An abstain phrase stands for its own claim: what follows it is
    // judged alone. It is read in all of the text, hidden or not: it
    // exempts only itself, and `remove` mode writes it where the claim
    // was, inside whatever element held it.
    let (text, shown) = match abstain::abstention_end(text) {
        Some(end) if abstain::states_nothing(&text[end..]) => return Some(NotAClaim::Abstain),
        Some(end) => (text[end..].trim(), text[end.min(seen)..seen].trim()),
        None => (text, &text[..seen]),
    };
    if count_words(text) < min_words
        && !short::is_short_sentence(text)
        && !short::is_short_sentence(shown)
    {
        return Some(NotAClaim::TooShort);
    }
    if shown.ends_with(':') && !has_sentence_end(&shown[..shown.len() - 1]) {
        return Some(NotAClaim::LeadIn);
    }
    if shown.ends_with('?') {
        return Some(NotAClaim::Question);
    }
    None
}

/// Whether `text` opens with a phrase that points the reader elsewhere
/// ("Read more", "See", "For details" …).
fn opens_pointing(text: &str) -> bool {
    const OPENINGS: [&str; 11] = [
        "read more",
        "see ",
        "for more",
        "for details",
        "for the details",
        "more in ",
        "more on ",
        "learn more",
        "find out more",
        "details in ",
        "further reading",
    ];
    OPENINGS.iter().any(|opening| {
        text.get(..opening.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(opening))
    })
}

/// Whether a block only points the reader elsewhere: one sentence that
/// opens with a pointing phrase and ends with a link or other inline
/// element (`See [the methodology](method.md).`).
fn is_pointer(block: &Block, text: &str) -> bool {
    let body = text.trim_end_matches(['.', '!', '…']);
    let opens = opens_pointing(body);
    // The link that ends it; the words before hold no figure, which a
    // claim dressed as a pointer ("See how rates rose 3% in …") would.
    // (An emphasis that ends it counts as well: `See *the appendix*.`)
    // A link the page does not show (in inline HTML) points nowhere.
    let shown = |inline: &&evidence_core::markers::InlineSpan| {
        !block
            .hidden
            .iter()
            .any(|h| h.start <= inline.text.start && inline.text.end <= h.end)
    };
    let last = block.inlines.iter().filter(shown).find(|inline| {
        block.text.get(inline.text.end..).is_some_and(|after| {
            after
                .trim()
                .trim_start_matches(['.', '!', '…'])
                .trim()
                .is_empty()
        })
    });
    let figure_before = last.is_some_and(|inline| {
        block
            .text
            .get(..inline.text.start)
            .is_none_or(|before| before.contains(|c: char| c.is_numeric()))
    });
    // A link named by a number (`See the source [1].`) reads as a
    // citation, not as a pointer to a page.
    let names_a_page = last.is_some_and(|inline| {
        block
            .text
            .get(inline.text.clone())
            .is_some_and(|name| name.contains(char::is_alphabetic))
    });
    opens && names_a_page && !figure_before && !has_sentence_end(body)
}

/// The first occurrence in `text` of `phrase`, which opens with `[`: each
/// `[` (a byte search) is checked for the phrase. A substring search builds
/// its tables for every call, seven times per block.
fn find_phrase(text: &str, phrase: &str) -> Option<usize> {
    debug_assert!(phrase.starts_with('['));
    text.match_indices('[')
        .map(|(at, _)| at)
        .find(|&at| text[at..].starts_with(phrase))
}

/// Whether the text holds a sentence end (`.`, `!` or `?` followed by a
/// gap, a no-break or ideographic space too): a lead-in is one sentence; a
/// paragraph of statements that ends with a colon still states things.
fn has_sentence_end(text: &str) -> bool {
    text.match_indices(['.', '!', '?'])
        .any(|(at, _)| text[at + 1..].starts_with(evidence_core::gaps::is_gap))
}

/// Words: tokens between gaps ([`evidence_core::gaps::words`]: white space and
/// blank glyphs) with at least one letter or digit.
fn count_words(text: &str) -> usize {
    if !text.is_ascii() {
        return evidence_core::gaps::words(text)
            .filter(|w| w.chars().any(evidence_core::gaps::is_word_char))
            .count();
    }
    // The same count a byte at a time (the ASCII whitespace of
    // `split_whitespace` includes U+000B, unlike `u8::is_ascii_whitespace`).
    let mut words = 0;
    let mut counted = false;
    for &b in text.as_bytes() {
        if matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r') {
            counted = false;
        } else if !counted && b.is_ascii_alphanumeric() {
            words += 1;
            counted = true;
        }
    }
    words
}

/// The claims of a scanned chapter, in document order.
pub fn claims(scan: &Scan, unit: ClaimUnit, sections: &[String], min_words: usize) -> Vec<Claim> {
    let mut markers_of: Vec<Vec<usize>> = vec![Vec::new(); scan.blocks.len()];
    for (i, marker) in scan.markers.iter().enumerate() {
        if let Some(block) = marker.block {
            markers_of[block].push(i);
        }
    }
    let mut out = Vec::new();
    for (index, block) in scan.blocks.iter().enumerate() {
        if !sections.is_empty() && !is_under(scan, block, sections) {
            continue;
        }
        // A table row is one claim, whatever the unit.
        let whole = block.row.is_some()
            || match unit {
                ClaimUnit::Blocks => true,
                ClaimUnit::Bullets => block.is_item,
                // Lines of cells that are no table are one claim: taking
                // a sentence out of them could change a line's cells and
                // make a table on the next run. An HTML block's text maps
                // to no offsets inside it: one claim.
                ClaimUnit::Sentences => block.lines_of_cells || block.html,
            };
        if whole {
            if is_claim(scan, block) {
                let markers = std::mem::take(&mut markers_of[index]);
                let mut claim = Claim {
                    block: index,
                    span: block.span.clone(),
                    text: block.text.trim().to_owned(),
                    markers,
                };
                after_abstention(scan, &mut claim, 0..block.text.len());
                out.push(claim);
            }
        } else if unit == ClaimUnit::Sentences {
            // Structural exemptions hold for the whole block; labels,
            // abstentions and length are judged sentence by sentence.
            if matches!(
                classify_block(block, scan.claim_min_words),
                Some(
                    NotAClaim::Banner
                        | NotAClaim::Note
                        | NotAClaim::Label
                        | NotAClaim::LeadIn
                        | NotAClaim::Admonition
                        | NotAClaim::Pointer
                )
            ) {
                continue;
            }
            out.extend(sentence_claims(scan, index, &markers_of[index], min_words));
        }
    }
    out.sort_by_key(|c| c.span.start);
    out
}

/// A claim that opens with abstain phrases starts after them (text
/// `range` of its block): taking it out keeps the phrase, which stands
/// for its own claim. A claim with a marker in the phrase stays whole; one
/// between the phrase and the claim's text starts the claim, and one
/// before the phrase is no marker of it.
fn after_abstention(scan: &Scan, claim: &mut Claim, range: Range<usize>) {
    let block = &scan.blocks[claim.block];
    if block.row.is_some() || block.lines_of_cells || block.html {
        // A table row is one claim, its cells judged by `tables`; so are
        // lines of cells that are no table (a delimiter row's `:---:`
        // would read as a label's colon before a phrase).
        return;
    }
    let Some(abstain::ClaimStart { at, source, phrase }) =
        abstain::claim_start(block, range.clone())
    else {
        return;
    };
    // A marker in the phrase keeps the claim whole: its span would reach
    // back over the phrase. One before the phrase (or the label that leads
    // to it) does not: the phrase opens the text all the same, and the
    // claim starts after it whether the marker is there or not (a marker
    // `remove` mode takes out is gone on the next run). One between the
    // phrase and the claim's text is the claim's: the claim starts at it,
    // where it starts on the next run too if `remove` mode takes the
    // marker out (at the label put there, or at the text after it).
    let before_text = || {
        (claim.markers.iter())
            .map(|&m| &scan.markers[m].span)
            .filter(|span| span.end > phrase.start && span.start < source)
    };
    if before_text().any(|span| span.start < phrase.end)
        || source < claim.span.start
        || source >= claim.span.end
    {
        return;
    }
    let source = before_text()
        .map(|span| span.start)
        .fold(source, usize::min);
    // A marker before the phrase cites none of the claim's text, and its
    // span holds none of it: taking the claim out (or marking it) would
    // leave it where it is, and the next run would read it again.
    claim
        .markers
        .retain(|&m| scan.markers[m].span.start >= source);
    claim.text = block.text[at..range.end].trim().to_owned();
    claim.span.start = source;
}

/// Whether a block lies under a heading whose title is in `sections`
/// (directly, or under one of its subheadings).
pub fn is_under(scan: &Scan, block: &Block, sections: &[String]) -> bool {
    let Some(mut at) = block.heading else {
        return false;
    };
    let mut level = u8::MAX;
    loop {
        let heading = &scan.headings[at];
        if heading.level < level {
            if sections
                .iter()
                .any(|s| s.trim().eq_ignore_ascii_case(&heading.title))
            {
                return true;
            }
            level = heading.level;
        }
        if at == 0 || level == 1 {
            return false;
        }
        at -= 1;
    }
}

/// A finding about a claim: at its span, with its first words.
pub fn claim_finding(
    claim: &Claim,
    rule: Rule,
    message: String,
    evidence_ids: Vec<String>,
) -> Finding {
    Finding {
        rule,
        message,
        span: claim.span.clone(),
        block: Some(BlockId(claim.block)),
        evidence_ids,
        excerpt: Some(claim.excerpt(8)),
    }
}

#[cfg(test)]
mod tests;
