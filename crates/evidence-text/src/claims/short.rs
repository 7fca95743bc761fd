//! Short sentences that are claims all the same: under `claim-min-words`,
//! a complete sentence states a claim whatever its length.

use crate::claims::{count_words, opens_pointing};

/// Whether `text`, shorter than `claim-min-words`, is still a complete
/// sentence, which states a claim whatever its length (`Stocks crashed.`):
/// two words or more ending with a full stop or an exclamation mark, or,
/// in a script written without spaces, four characters of it or more
/// ending with `。` or `！` (`株価が暴落した。`). A label, a heading-like
/// line or a list of links has no such ending.
pub(super) fn is_short_sentence(text: &str) -> bool {
    let body =
        without_tail(text).trim_end_matches(['"', '\'', '”', '’', ')', '」', '』', '*', '_']);
    // An ellipsis trails off; a short pointer (`See below.`) points.
    if body.ends_with("...") || opens_pointing(body) {
        return false;
    }
    if body.ends_with(['.', '!']) {
        // The verbs are English: in another script two words are read as
        // a sentence (a claim missed is worse than one asked to cite).
        return count_words(body) >= 2
            && (has_finite_verb(body) || !body.chars().any(is_latin_letter));
    }
    body.ends_with(['。', '！']) && body.chars().filter(|&c| is_unspaced_script(c)).count() >= 4
}

/// Whether a short sentence has a word that reads as a finite verb (a
/// word after the first ending in `-ed`, or a common auxiliary or
/// irregular verb of reports), which tells `Stocks crashed.` and `Rates
/// rose!` from a label ending with a full stop (`Intro line.`, `Key
/// figures.`).
fn has_finite_verb(text: &str) -> bool {
    const VERBS: [&str; 56] = [
        "is", "are", "was", "were", "be", "been", "has", "have", "had", "will", "would", "can",
        "could", "may", "might", "must", "shall", "should", "does", "did", "do", "rose", "rises",
        "rise", "fell", "falls", "fall", "held", "holds", "hold", "cut", "cuts", "grew", "grows",
        "hit", "hits", "won", "wins", "lost", "loses", "sank", "sinks", "said", "says", "left",
        "kept", "beat", "paid", "sold", "began", "slid", "slides", "soars", "gains", "jumps",
        "drops",
    ];
    text.split(|c: char| !evidence_core::gaps::is_word_char(c) && c != '\'')
        .filter(|w| !w.is_empty())
        .enumerate()
        .any(|(i, word)| {
            let word = word.to_lowercase();
            VERBS.contains(&word.as_str()) || (i > 0 && word.len() > 4 && word.ends_with("ed"))
        })
}

/// `text` without a bracketed tail after its sentence's end: `。［1］`,
/// `. (1)`, `。（出典）`, `! [note]` read as a citation (or a try at one),
/// which does not make the sentence before it any less complete.
pub(super) fn without_tail(text: &str) -> &str {
    const PAIRS: [(char, char); 6] = [
        ('(', ')'),
        ('[', ']'),
        ('（', '）'),
        ('［', '］'),
        ('【', '】'),
        ('〔', '〕'),
    ];
    let gap = |c: char| evidence_core::gaps::is_gap(c) || evidence_core::syntax::is_bidi_control(c);
    let whole = text.trim_end_matches(gap);
    let mut body = whole;
    // Each bracketed group from the end: short, holding no sentence end.
    while let Some(close) = body.chars().next_back() {
        let Some(&(open, _)) = PAIRS.iter().find(|(_, c)| *c == close) else {
            break;
        };
        let Some(at) = body.rfind(open) else {
            break;
        };
        let inner = &body[at + open.len_utf8()..body.len() - close.len_utf8()];
        if inner.chars().count() > 24 || inner.contains(['.', '。', '!', '！']) {
            break;
        }
        body = body[..at].trim_end_matches(gap);
    }
    if body.len() < whole.len() && body.ends_with(['.', '。', '!', '！', '．']) {
        body
    } else {
        whole
    }
}

/// Latin letters (ASCII and the Latin-1 and Extended-A/B blocks).
fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (c.is_alphabetic() && ('\u{c0}'..='\u{24f}').contains(&c))
}

/// Han, kana and Hangul: scripts whose sentences have no spaces between
/// words.
fn is_unspaced_script(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}'
        | '\u{ac00}'..='\u{d7af}' | '\u{f900}'..='\u{faff}' | '\u{20000}'..='\u{2fa1f}')
}
