//! The names a text states: its words, the runs of capitalised words that
//! are names, and the words that tell one name from another (used by the
//! support rules). Reading names is text analysis and needs no rule; a
//! cited item's vocabulary (`vocabulary`) is made once and can be kept by
//! whoever reads it, once per item.

pub mod lexicon;
pub mod noun_capitals;
pub mod places;
pub mod search;
pub mod vocabulary;

use self::lexicon::{JOINERS, is_in, is_roman_ordinal, tells_no_name};
use crate::content_words::{is_unspaced, opens_unspaced};

/// One word of a text: its bytes, and its folded form.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    /// Its bytes in the text.
    pub at: std::ops::Range<usize>,
    /// The word folded (lower case, accents and quotes made plain).
    pub folded: String,
    /// Whether it starts with a capital letter.
    pub capital: bool,
    /// The word as written, kept for capitalised words of a passage (the
    /// rival name a finding shows).
    pub written: Box<str>,
    /// Whether only spaces lie between this word and the one before.
    pub joined: bool,
    /// Whether a line break lies between this word and the one before (or
    /// it is the text's first): a heading's line and the next are
    /// `joined`, but not one line.
    pub opens_line: bool,
}

/// A word of a text as [`words`] cuts it, not yet folded.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Its bytes in the text.
    pub at: std::ops::Range<usize>,
    /// Whether it starts with a capital letter.
    pub capital: bool,
    /// Whether only spaces lie between this word and the one before.
    pub joined: bool,
    /// Whether a line break lies before it, or it is the text's first.
    pub opens_line: bool,
}

/// The words of a text, one at a time: runs of letters and digits with
/// the `-`, `&`, `'`, `’` and `.` inside them, less trailing dots,
/// hyphens and a possessive. ASCII is read a byte at a time.
pub struct Tokens<'t> {
    text: &'t str,
    /// Where reading goes on.
    at: usize,
    /// Where the last word returned ends.
    last_end: usize,
}

/// The words of `text`, as [`Tokens`] reads them.
pub fn tokens(text: &str) -> Tokens<'_> {
    Tokens {
        text,
        at: 0,
        last_end: 0,
    }
}

impl Iterator for Tokens<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        while self.at < self.text.len() {
            let start = find_char(self.text, self.at, char::is_alphanumeric);
            let unspaced = opens_unspaced(&self.text[start..]);
            let end = find_char(self.text, start, |c| ends_word(c, unspaced));
            self.at = end;
            if start < end
                && let Some(token) = self.cut(start..end)
            {
                return Some(token);
            }
        }
        None
    }
}

impl Tokens<'_> {
    /// The word of the run `range`: trailing dots, hyphens and a possessive
    /// are not the word's.
    fn cut(&mut self, range: std::ops::Range<usize>) -> Option<Token> {
        let text = self.text;
        let trimmed = trim_run(&text[range.clone()]);
        if trimmed.is_empty() {
            return None;
        }
        // A run starts with a letter or digit, which stays: the word
        // starts where the run does.
        let begin = range.start;
        let gap = &text[self.last_end..begin];
        let capital = trimmed.chars().next().is_some_and(char::is_uppercase);
        let first = self.last_end == 0;
        self.last_end = begin + trimmed.len();
        Some(Token {
            at: begin..begin + trimmed.len(),
            capital,
            joined: gap.chars().all(|c| c.is_whitespace()),
            opens_line: first || gap.contains(['\n', '\r']),
        })
    }
}

/// Whether `c` may be inside a word: letters and digits, and `-`, `&`,
/// `'`, `’` and `.`.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '-' | '&' | '\'' | '’' | '.')
}

/// Whether `c` ends a word whose first character is of a script written
/// without spaces (`unspaced`) or not: a character that is not a word
/// character, or a letter of the other kind (`UI设计` is `UI` and `设计`:
/// Chinese puts no space after a Latin name).
fn ends_word(c: char, unspaced: bool) -> bool {
    if c.is_ascii() {
        return !is_word_char(c) || (unspaced && c.is_ascii_alphanumeric());
    }
    !is_word_char(c) || (c.is_alphanumeric() && is_unspaced(c) != unspaced)
}

/// The word of a run of word characters that starts with a letter or a
/// digit: trailing dots, hyphens and a possessive are not the word's.
fn trim_run(raw: &str) -> &str {
    let mut trimmed = raw.trim_end_matches(['.', '-', '\'', '’']);
    for suffix in ["'s", "’s"] {
        trimmed = trimmed.strip_suffix(suffix).unwrap_or(trimmed);
    }
    trimmed
}

/// The capitalised words of `text` as [`tokens`] cuts them, the others
/// passed over without being cut.
///
/// Capitals are few: each uppercase character is found, and taken when it
/// starts a word (`starts_word`); the words between are not cut.
pub fn capitals(text: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            let (start, c) = next_capital(text, at)?;
            if starts_word(text, start) {
                let end = word_end(text, start);
                at = end;
                return Some(trim_run(&text[start..end]));
            }
            at = start + c.len_utf8();
        }
    })
}

/// The first character from `at` that is uppercase and alphanumeric (a
/// word's first character), and where it is; ASCII skipped as bytes.
fn next_capital(text: &str, mut at: usize) -> Option<(usize, char)> {
    loop {
        at = crate::names::search::upper_or_other(text.as_bytes(), at);
        let c = text.get(at..)?.chars().next()?;
        if c.is_uppercase() && c.is_alphanumeric() {
            return Some((at, c));
        }
        at += c.len_utf8();
    }
}

/// Whether the alphanumeric character at `at` starts a word as
/// [`tokens`] cuts them: the text starts before it, or a character that
/// is not a word character does, with only word characters that are not
/// alphanumeric (`-`, `'`…) between (after an alphanumeric one, it
/// continues that word).
fn starts_word(text: &str, at: usize) -> bool {
    let unspaced = opens_unspaced(&text[at..]);
    for c in text[..at].chars().rev() {
        if c.is_alphanumeric() {
            return is_unspaced(c) != unspaced;
        }
        if !is_word_char(c) {
            return true;
        }
    }
    true
}

/// The end of the word that starts at `start`: the offset of the first
/// character that is not a word character, or the text's length. ASCII
/// word bytes are passed by a test of the byte (most words are ASCII).
fn word_end(text: &str, start: usize) -> usize {
    let bytes = text.as_bytes();
    let unspaced = opens_unspaced(&text[start..]);
    let mut at = start;
    while let Some(&b) = bytes.get(at) {
        if !b.is_ascii() {
            return find_char(text, at, |c| ends_word(c, unspaced));
        }
        if !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'&' | b'\'' | b'.')) {
            return at;
        }
        at += 1;
    }
    at
}

/// The offset of the first character from `at` that `wanted` takes, or
/// the text's length; ASCII bytes are tested without decoding.
fn find_char(text: &str, mut at: usize, wanted: impl Fn(char) -> bool) -> usize {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(at) {
        let c = if b.is_ascii() {
            char::from(b)
        } else {
            match text.get(at..).and_then(|rest| rest.chars().next()) {
                Some(c) => c,
                None => break,
            }
        };
        if wanted(c) {
            return at;
        }
        at += c.len_utf8();
    }
    bytes.len()
}

/// The words of `text`; only capitalised ones folded unless `fold_all`
/// (the claim's other words are folded only when a name is missing).
pub fn words(text: &str, fold_all: bool) -> Vec<Word> {
    tokens(text)
        .map(|t| Word {
            folded: if t.capital || fold_all {
                fold(&text[t.at.clone()])
            } else {
                String::new()
            },
            at: t.at,
            capital: t.capital,
            written: Box::default(),
            joined: t.joined,
            opens_line: t.opens_line,
        })
        .collect()
}

/// Lower case, common Latin accents taken off, dots dropped.
pub fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    fold_into(word, &mut out);
    out
}

/// [`fold`] onto the end of `out`. ASCII (most of any English text) is
/// found eight bytes at a time and folded a byte at a time (its dots
/// found by `memchr`); other characters as [`fold`] says. Every cited
/// item's texts are folded once per build.
pub fn fold_into(word: &str, out: &mut String) {
    let mut rest = word;
    while !rest.is_empty() {
        let ascii = crate::names::search::ascii_len(rest.as_bytes());
        let run = &rest[..ascii];
        let from = out.len();
        let mut piece = 0;
        for dot in memchr::memchr_iter(b'.', run.as_bytes()) {
            out.push_str(&run[piece..dot]);
            piece = dot + 1;
        }
        out.push_str(&run[piece..]);
        out[from..].make_ascii_lowercase();
        rest = &rest[ascii..];
        let Some(c) = rest.chars().next() else { break };
        fold_char(c, out);
        rest = &rest[c.len_utf8()..];
    }
}

/// One character outside ASCII, folded onto `out`.
fn fold_char(c: char, out: &mut String) {
    for c in c.to_lowercase() {
        let base = match c {
            // The right quote and the modifier apostrophe (`Iʼm`) are
            // written for `'`.
            '’' | 'ʼ' => '\'',
            '.' => continue,
            c => crate::content_words::without_accent(c),
        };
        out.push(base);
    }
}

/// A name of the claim: its words (indices into the claim's words) and
/// the words that tell it apart.
pub struct Name {
    /// Its words: a range of indices into the claim's words.
    pub words: std::ops::Range<usize>,
    /// The indices of the words that tell it from another name (not class words such as `University`).
    pub distinct: Vec<usize>,
}

/// The names of a claim: its runs of capitalised words (`words` are the claim's, from [`words`]), with the joiners inside them (`of`, `de`, `&`).
pub fn names(text: &str, words: &[Word]) -> Vec<Name> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if !words[i].capital {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i + 1;
        while end < words.len() && words[end].joined {
            if words[end].capital {
                end += 1;
            } else if is_in(JOINERS, &text[words[end].at.clone()].to_ascii_lowercase())
                && end + 1 < words.len()
                && words[end + 1].capital
                && words[end + 1].joined
            {
                end += 2;
            } else {
                break;
            }
        }
        i = end;
        let opens_sentence = opens_sentence(text, words[start].at.start);
        // A lone word opening a sentence is capitalised anyway; one after a
        // determiner is a role (`the Committee`, `the Contractor`), unless
        // it is written with capitals inside (`the FAA`, `(TTC)`).
        let after_determiner = follows_a_determiner(text, words, start);
        if (opens_sentence || after_determiner)
            && end - start == 1
            && !written_capitals(text, words, start)
        {
            continue;
        }
        // Capitals right after a figure are its unit or its hour's (`2:00
        // PM`, `14:00 GMT`, `5 GB`), not a name.
        if end - start == 1
            && (unit_after_a_figure(text, words, start) || scale_of_degrees(text, words, start))
        {
            continue;
        }
        let distinct: Vec<usize> = (start..end)
            .filter(|&w| {
                let word = &words[w];
                let text = &text[word.at.clone()];
                word.capital
                    && word.folded.chars().count() >= 2
                    && !text.chars().any(|c| c.is_ascii_digit())
                    && !is_initials(text)
                    && !is_roman_ordinal(text)
                    && !tells_no_name(&word.folded)
            })
            .collect();
        if !distinct.is_empty() {
            out.push(Name {
                words: start..end,
                distinct,
            });
        }
    }
    out
}

/// The lone capitalised words [`names`] leaves out, each with whether it
/// opens a sentence (else it follows a determiner): those that could
/// still be a name (not a function, class or calendar word, nor initials
/// or a token with digits).
pub fn lone_words(text: &str, words: &[Word]) -> Vec<(usize, bool)> {
    (0..words.len())
        .filter(|&w| {
            let word = &words[w];
            let in_a_run = words.get(w + 1).is_some_and(|n| n.capital && n.joined)
                || (w > 0 && words[w - 1].capital && word.joined);
            let written = &text[word.at.clone()];
            word.capital
                && !in_a_run
                && !written_capitals(text, words, w)
                && written.chars().count() >= 3
                && !written.chars().any(|c| c.is_ascii_digit())
                && !is_initials(written)
                && !is_roman_ordinal(written)
        })
        .filter_map(|w| {
            let opens = opens_sentence(text, words[w].at.start);
            (opens || follows_a_determiner(text, words, w)).then_some((w, opens))
        })
        .filter(|&(w, _)| !tells_no_name(&fold(&text[words[w].at.clone()])))
        .collect()
}

/// Whether word `w` follows a determiner (`the Committee`, `a Fire`).
/// Not `that`: before a capitalised word it is far more often a
/// conjunction or a relative (`announced that Microsoft`, `the collection
/// that Petiver amassed`) than a determiner.
fn follows_a_determiner(text: &str, words: &[Word], w: usize) -> bool {
    w > 0
        && matches!(
            text[words[w - 1].at.clone()].to_ascii_lowercase().as_str(),
            "the" | "a" | "an" | "this" | "its" | "their" | "our" | "his" | "her"
        )
}

/// Whether word `w`, after a determiner or an opening parenthesis, has
/// capitals it was written with, not put there by where it stands: it
/// is a name there (`the FAA`, `(TTC)`, `the UK`). At a sentence's start,
/// capitals are a headline's or a dateline's as often (`BREAKING:`,
/// `WASHINGTON –`); two capitals in parentheses a time zone's or an
/// hour's (`(ET)`, `(AM)`), so two count only after a determiner.
fn written_capitals(text: &str, words: &[Word], w: usize) -> bool {
    let written = &text[words[w].at.clone()];
    if follows_a_determiner(text, words, w) {
        capital_inside(written) || two_capitals(written)
    } else {
        text[..words[w].at.start].trim_end().ends_with('(') && capital_inside(written)
    }
}

/// Whether word `w`, written in capitals of four letters at most, follows
/// a figure apart by spaces only (`2:00 PM`, `3.5 GB`), not a year (`In
/// 2019 BBC reported`).
fn unit_after_a_figure(text: &str, words: &[Word], w: usize) -> bool {
    let written = &text[words[w].at.clone()];
    let figure = w.checked_sub(1).map(|v| &text[words[v].at.clone()]);
    let is_figure = |f: &str| {
        f.starts_with(|c: char| c.is_ascii_digit())
            && f.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    };
    let is_year =
        |f: &str| f.len() == 4 && f.parse::<u16>().is_ok_and(|y| (1000..=2100).contains(&y));
    words[w].joined
        && written.chars().count() <= 4
        && written.chars().all(char::is_uppercase)
        && figure.is_some_and(|f| is_figure(f) && !is_year(f))
}

/// Whether word `w` names the scale of the degrees before it (`14
/// degrees Fahrenheit`, `degrees Celsius`): a unit, not a name.
fn scale_of_degrees(text: &str, words: &[Word], w: usize) -> bool {
    words[w].joined
        && w.checked_sub(1).is_some_and(|v| {
            matches!(
                text[words[v].at.clone()].to_ascii_lowercase().as_str(),
                "degree" | "degrees"
            )
        })
}

/// Whether a word is two capital letters (`UK`, `EU`).
pub fn two_capitals(written: &str) -> bool {
    written.chars().count() == 2 && written.chars().all(char::is_uppercase)
}

/// Whether a word has a capital after its first letter, not for where it
/// stands: initials of three letters or more (`FAA`, `TTC`), or a capital
/// amid lower case (`TikTok`, `McDonald`). Two capitals (`ET`, `AM`) are
/// too often an abbreviation ([`written_capitals`]).
fn capital_inside(written: &str) -> bool {
    is_acronym(written)
        || (written.chars().any(char::is_lowercase)
            && written
                .chars()
                .filter(|c| c.is_alphabetic())
                .skip(1)
                .any(char::is_uppercase))
}

/// Whether a word is written as initials in capitals, three letters or
/// more (`NYC`, `CPI`), which passages may spell out.
pub fn is_acronym(written: &str) -> bool {
    written.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && written
            .chars()
            .all(|c| c.is_uppercase() || !c.is_alphabetic())
}

/// Whether the word at `at` opens a sentence (so is capitalised anyway).
pub fn opens_sentence(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    before.is_empty() || before.ends_with(['.', '!', '?', ':', '"', '“', '(', '*', '#', '-', '|'])
}

/// `U.S`, `U.K`, `B.E`: dotted initials, which passages spell out.
pub(crate) fn is_initials(word: &str) -> bool {
    word.contains('.') && word.split('.').all(|p| p.chars().count() <= 1)
}

/// The words of a passage, capitalised ones with their written form.
pub fn words_of(text: &str) -> Vec<Word> {
    let mut words = words(text, true);
    for word in words.iter_mut().filter(|w| w.capital) {
        word.written = text[word.at.clone()].into();
    }
    words
}
