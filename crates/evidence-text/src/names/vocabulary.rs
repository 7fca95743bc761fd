//! A cited item's vocabulary, made once per item for its reader to keep:
//! its texts folded into one, for whether a claim's word is there, and —
//! read only when a name is missing — their words with the initials of
//! their runs of capitals.

use crate::names::lexicon::{FUNCTION_WORDS, JOINERS, is_in};
use crate::names::search;
use crate::names::{Word, fold_into, words_of};
use std::collections::HashSet;

/// The item's passages, title and publisher, folded into one text (a line
/// each), read once per build: whether a claim's name is there is a
/// search of it, with no word list to build.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ItemVocabulary {
    /// A boxed str, without a String's slack: it is kept all build.
    pub folded: Box<str>,
}

impl ItemVocabulary {
    /// The vocabulary of an item whose texts are `texts` (its passages, title and publisher).
    pub fn new(texts: &[&str]) -> ItemVocabulary {
        Self::read(texts, true)
    }

    /// The vocabulary of a claim: its words as written (a claim is written
    /// by the report, not scraped, so no glued words are cut).
    pub fn of_claim(claim: &str) -> ItemVocabulary {
        Self::read(&[claim], false)
    }

    fn read(texts: &[&str], scraped: bool) -> ItemVocabulary {
        let mut folded = String::new();
        for text in texts {
            fold_into(text, &mut folded);
            folded.push('\n');
            if !scraped {
                continue;
            }
            // A name glued to the word before it on a scraped page
            // (`solversVariable-step`) is a word of the text.
            let before = folded.len();
            crate::glued_words::glued_parts(text, |part| {
                fold_into(part, &mut folded);
                folded.push(' ');
            });
            // On a line of their own, so that no phrase runs into the next text.
            if folded.len() > before {
                folded.push('\n');
            }
        }
        ItemVocabulary {
            folded: folded.into(),
        }
    }

    /// Whether `word` (folded) begins a word of the texts: the word itself,
    /// or a longer one (`Fed` in `Federal`, `Bellflower` in `bellflowers`).
    pub fn begins_a_word(&self, word: &str) -> bool {
        search::begins_a_word(&self.folded, word)
    }

    /// Whether the texts hold a word written `written` (folded `word`):
    /// one written in capitals (`WA`, `CNN`) only as a whole word or, of
    /// three letters or more, its plural (`CNNs`), not as the start of
    /// another (`was`, `Watson`:
    /// [`ItemWords::written_in_capitals`] reads a longer name in
    /// capitals, `UKIP`); another as
    /// [`holds_as_written`](Self::holds_as_written) reads it.
    pub fn holds_written(&self, word: &str, written: &str) -> bool {
        if in_capitals(written) {
            // Not `WA` by `was`.
            self.has_whole_word(word, word.chars().count() >= 3)
        } else {
            self.holds_as_written(word)
        }
    }

    /// Whether `word` (folded) is a whole word of the texts.
    pub fn has_word(&self, word: &str) -> bool {
        self.has_whole_word(word, false)
    }

    /// Whether `word` (folded) is a whole word of the texts, or, when
    /// `or_plural`, the start of one that is `word` and an `s`: one
    /// search, not one for each form.
    fn has_whole_word(&self, word: &str, or_plural: bool) -> bool {
        // Whether the word ends after `before` (the word, or its plural
        // `s`), at `rest`.
        let ends_a_word = |before: &str, rest: &str| {
            !(rest.starts_with(char::is_alphanumeric) && search::continues_word(before, rest))
        };
        !word.is_empty()
            && memchr::memmem::find_iter(self.folded.as_bytes(), word.as_bytes()).any(|at| {
                let rest = &self.folded[at + word.len()..];
                !search::continues_word(&self.folded[..at], word)
                    && (ends_a_word(word, rest)
                        || (or_plural
                            && rest.strip_prefix('s').is_some_and(|r| ends_a_word("s", r))))
            })
    }

    /// Whether the item's texts hold `word` (folded), as written or in a form of it.
    pub fn holds(&self, word: &str) -> bool {
        self.holds_as_written(word) || self.holds_a_form(word)
    }

    /// Whether `word` (folded) is a form of a word of the texts: the two
    /// share their first five letters (`Germany`, `German`).
    pub fn holds_a_form(&self, word: &str) -> bool {
        let prefix: String = word.chars().take(5).collect();
        word.chars().count() >= 6 && self.begins_a_word(&prefix)
    }

    /// Whether `word` (folded) begins a word of the texts, or its singular
    /// (a plural `s` taken off) is a whole word there, or its hyphenated
    /// parts each begin one.
    pub fn holds_as_written(&self, word: &str) -> bool {
        if self.begins_a_word(word) {
            return true;
        }
        if word.chars().count() > 3
            && let Some(singular) = word.strip_suffix('s')
            // The singular is a whole word: `GANs` is not held by `gang`.
            && self.has_word(singular)
        {
            return true;
        }
        if word.contains('-')
            && word
                .split('-')
                .filter(|p| !p.is_empty())
                .all(|p| self.begins_a_word(p))
        {
            return true;
        }
        false
    }
}

/// The words of an item's texts, capitalised ones with their written form,
/// and the initials of their runs of capitalised words (`Federal Emergency
/// Management Agency` gives `fema`). Read only when a claim's name is not
/// in the texts as written, which is seldom.
pub struct ItemWords {
    /// The words of the item's texts, in order.
    pub words: Vec<Word>,
    /// Where each text's words begin in `words`, one index a text.
    pub starts: Vec<usize>,
    /// The initials of each run of capitalised words, of its runs of three
    /// words or more, and of each two words side by side in it.
    pub initials: HashSet<String>,
}

impl ItemWords {
    /// The words and initials of an item whose texts are `texts`.
    pub fn new(texts: &[&str]) -> ItemWords {
        let mut words = Vec::new();
        let mut starts = Vec::with_capacity(texts.len());
        let mut initials = HashSet::new();
        for text in texts {
            starts.push(words.len());
            let mut these = words_of(text);
            // A text's first word follows no word of the text before it.
            if let Some(first) = these.first_mut() {
                first.joined = false;
            }
            let mut run = String::new();
            let end = Word {
                at: 0..0,
                folded: String::new(),
                capital: false,
                written: Box::default(),
                joined: false,
                opens_line: true,
            };
            for w in these.iter().chain(std::iter::once(&end)) {
                if w.capital && w.joined {
                    run.extend(w.folded.chars().next());
                } else if w.capital {
                    insert_initials(&run, &mut initials);
                    run.clear();
                    run.extend(w.folded.chars().next());
                } else if !is_in(JOINERS, &w.folded) || !w.joined {
                    insert_initials(&run, &mut initials);
                    run.clear();
                }
            }
            words.extend(these);
        }
        ItemWords {
            words,
            starts,
            initials,
        }
    }

    /// Whether words side by side in one text, spaces alone between them,
    /// none a function word but an `of` inside, begin with the letters of
    /// `initials` (folded, three or more) in order, whatever their case: a
    /// passage writes in lower case the words a claim writes as initials
    /// (`Gross domestic product may shrink` for `GDP`, `memorandum of
    /// understanding` for `MOU`). Function words would spell most initials
    /// by chance (`for a while and` for `FAA`).
    pub fn spell_out(&self, initials: &str) -> bool {
        let letters: Vec<char> = initials.chars().collect();
        let n = letters.len();
        n >= 3
            && self.words.windows(n).any(|run| {
                run[1..].iter().all(|w| w.joined)
                    && run.iter().zip(&letters).enumerate().all(|(i, (w, &c))| {
                        w.folded.starts_with(c)
                            && (!is_in(FUNCTION_WORDS, &w.folded)
                                || (w.folded == "of" && i > 0 && i + 1 < n))
                    })
            })
    }
}

/// Inserts the initials of a run of capitalised words (`bnyc` for
/// `Brooklyn New York City`), of each run of three words or more within
/// it (`nyc`): a passage runs a name into the place before it or the
/// word after it; and of each two words side by side (`ny`), which only
/// two capitals (`UK`) are looked for as.
fn insert_initials(run: &str, initials: &mut HashSet<String>) {
    // A longer run is a title or a list of names, not one name.
    const MAX_WORDS: usize = 8;
    let letters: Vec<char> = run.chars().collect();
    // Each two words side by side: `United Kingdom` is `uk`, `Prime
    // Minister Rishi Sunak` holds `pm`.
    for pair in letters.windows(2) {
        initials.insert(pair.iter().collect());
    }
    if letters.len() < 3 {
        return;
    }
    initials.insert(run.to_owned());
    if letters.len() > MAX_WORDS {
        return;
    }
    for start in 0..letters.len() {
        for end in start + 3..=letters.len() {
            if end - start < letters.len() {
                initials.insert(letters[start..end].iter().collect());
            }
        }
    }
}

impl ItemWords {
    /// Whether word `k` is the first of one of the item's texts: no word
    /// of the text before it stands beside it.
    pub fn starts_a_text(&self, k: usize) -> bool {
        self.starts.binary_search(&k).is_ok()
    }

    /// Whether a word of the texts starts with `written`, capitals as
    /// written (`UKIP` for `UK`; not `Watson` for `WA`).
    pub fn written_in_capitals(&self, written: &str) -> bool {
        self.words.iter().any(|w| w.written.starts_with(written))
    }
}

/// Whether a word is written in capitals: two letters or more, every
/// letter a capital (`WA`, `CEO`, `U.S.`).
pub fn in_capitals(written: &str) -> bool {
    // Most words fail at their second byte, a letter in lower case.
    if written
        .as_bytes()
        .get(1)
        .is_some_and(u8::is_ascii_lowercase)
    {
        return false;
    }
    let mut letters = written.chars().filter(|c| c.is_alphabetic());
    letters.clone().nth(1).is_some() && letters.all(char::is_uppercase)
}

#[cfg(test)]
mod tests {
    use super::ItemVocabulary;

    #[test]
    fn a_plural_is_held_by_its_singular_as_a_whole_word() {
        let vocabulary = ItemVocabulary::new(&["Gangs met the bellflower growers."]);
        assert!(vocabulary.holds_as_written("bellflowers"));
        assert!(vocabulary.holds_as_written("gang"));
        // `gans` is no plural of a word there: its singular `gan` only
        // begins `gangs`.
        assert!(!vocabulary.holds_as_written("gans"));
    }
}
