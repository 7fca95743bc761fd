//! `subject-not-in-evidence`: a claim naming one subject cites a passage
//! that names another in its place — Hurricane *Idalia* citing the page of
//! Hurricane *Ida*, a company's results in *Austria* citing a passage on
//! *Germany*. The topic words are all there, so word overlap lets it
//! pass.
//!
//! A claim's names are its runs of capitalised words (a lone word opening
//! a sentence is not one; `of`, `de`, `van`… join a run), without
//! function words, class words (`Hurricane`, `University`, `River`…),
//! months, and tokens holding digits or dotted initials (`Q3`, `U.S.`). A
//! name is found in an item when one of its words is among the words of
//! the item's passages, title or publisher (letters folded: case,
//! accents, a plural `s`, a possessive), a word sharing its first five
//! letters (`Greece`/`Greek`), or when the name's initials are a word
//! there (`FEMA`), or the name is initials of a run of capitalised words
//! there. A missing name alone is not reported: passages often leave a
//! name out that a claim may state. It is reported when the passage names
//! something else *in the same place*: a capitalised word of the passage,
//! not in the claim, after the same word or before the same word as the
//! claim's name (`Hurricane Ida made landfall` for `Hurricane Idalia made
//! landfall`).

use super::claim_not_in_evidence::cited_items;
use super::support_units::SupportUnit;
use super::{BlockId, ClaimId, Finding, Resolved, Rule};
use std::collections::HashSet;

/// Function words and sentence adverbs: never names, never a slot.
const FUNCTION_WORDS: &[&str] = &[
    "a",
    "about",
    "according",
    "additionally",
    "after",
    "also",
    "although",
    "an",
    "and",
    "another",
    "are",
    "as",
    "at",
    "be",
    "because",
    "before",
    "both",
    "but",
    "by",
    "can",
    "consequently",
    "could",
    "despite",
    "during",
    "each",
    "either",
    "every",
    "finally",
    "first",
    "for",
    "from",
    "furthermore",
    "had",
    "has",
    "have",
    "he",
    "her",
    "here",
    "his",
    "how",
    "however",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "lastly",
    "many",
    "may",
    "meanwhile",
    "might",
    "moreover",
    "most",
    "must",
    "neither",
    "no",
    "not",
    "of",
    "on",
    "one",
    "or",
    "other",
    "our",
    "over",
    "overall",
    "second",
    "she",
    "should",
    "similarly",
    "since",
    "so",
    "some",
    "such",
    "that",
    "the",
    "their",
    "then",
    "there",
    "therefore",
    "these",
    "they",
    "third",
    "this",
    "those",
    "thus",
    "to",
    "under",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "why",
    "will",
    "with",
    "would",
    "yet",
    "you",
    "your",
];

/// Words that say what kind of thing a name is, not which one.
const CLASS_WORDS: &[&str] = &[
    "act",
    "agency",
    "bank",
    "battle",
    "central",
    "city",
    "college",
    "company",
    "corporation",
    "county",
    "cyclone",
    "department",
    "depression",
    "dr",
    "east",
    "eastern",
    "federal",
    "general",
    "great",
    "group",
    "hurricane",
    "inc",
    "institute",
    "international",
    "island",
    "islands",
    "king",
    "kingdom",
    "lake",
    "ltd",
    "ministry",
    "mount",
    "mr",
    "mrs",
    "ms",
    "national",
    "new",
    "north",
    "northern",
    "old",
    "president",
    "prince",
    "princess",
    "province",
    "queen",
    "republic",
    "river",
    "royal",
    "saint",
    "school",
    "sir",
    "south",
    "southern",
    "st",
    "state",
    "states",
    "storm",
    "treaty",
    "tropical",
    "typhoon",
    "united",
    "university",
    "war",
    "west",
    "western",
];

const MONTHS_AND_DAYS: &[&str] = &[
    "april",
    "august",
    "december",
    "february",
    "friday",
    "january",
    "july",
    "june",
    "march",
    "monday",
    "november",
    "october",
    "saturday",
    "september",
    "sunday",
    "thursday",
    "tuesday",
    "wednesday",
];

/// Lower-case words that join the words of a name (`Bank of England`).
const JOINERS: &[&str] = &[
    "&", "and", "de", "del", "der", "du", "la", "of", "van", "von",
];

/// One word of a text: its bytes, and its folded form.
#[derive(Debug, Clone, PartialEq)]
struct Word {
    at: std::ops::Range<usize>,
    folded: String,
    capital: bool,
    /// The word as written, kept for capitalised words of a passage (the
    /// rival name a finding shows).
    written: Box<str>,
    /// Whether only spaces lie between this word and the one before.
    joined: bool,
}

/// The words of `text`; only capitalised ones folded unless `fold_all`
/// (the claim's other words are folded only when a name is missing).
fn words(text: &str, fold_all: bool) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start = None;
    let mut last_end = 0;
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '-' | '&' | '\'' | '’' | '.');
    let push = |out: &mut Vec<Word>, range: std::ops::Range<usize>, last_end: &mut usize| {
        // Trailing dots, hyphens and a possessive are not the word's.
        let raw = &text[range.clone()];
        let mut trimmed = raw.trim_end_matches(['.', '-', '\'', '’']);
        for suffix in ["'s", "’s"] {
            trimmed = trimmed.strip_suffix(suffix).unwrap_or(trimmed);
        }
        let trimmed = trimmed.trim_start_matches(['.', '-', '\'', '’', '&']);
        if trimmed.is_empty() {
            return;
        }
        let begin = range.start + raw.find(trimmed).unwrap_or(0);
        let gap = &text[*last_end..begin];
        let capital = trimmed.chars().next().is_some_and(char::is_uppercase);
        out.push(Word {
            at: begin..begin + trimmed.len(),
            folded: if capital || fold_all {
                fold(trimmed)
            } else {
                String::new()
            },
            capital,
            written: Box::default(),
            joined: gap.chars().all(|c| c.is_whitespace()),
        });
        *last_end = begin + trimmed.len();
    };
    for (i, c) in text.char_indices() {
        match (start, is_word(c)) {
            (None, true) if c.is_alphanumeric() => start = Some(i),
            (Some(s), false) => {
                push(&mut out, s..i, &mut last_end);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        push(&mut out, s..text.len(), &mut last_end);
    }
    out
}

/// Lower case, common Latin accents taken off, dots dropped.
fn fold(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars().flat_map(char::to_lowercase) {
        let base = match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' => 'i',
            'ñ' | 'ń' | 'ň' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => 'o',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => 'u',
            'ý' | 'ÿ' => 'y',
            'š' | 'ś' | 'ş' => 's',
            'ž' | 'ź' | 'ż' => 'z',
            'ł' => 'l',
            'ř' => 'r',
            '’' => '\'',
            '.' => continue,
            c => c,
        };
        out.push(base);
    }
    out
}

fn is_in(list: &[&str], word: &str) -> bool {
    list.binary_search(&word).is_ok()
}

/// A name of the claim: its words (indices into the claim's words) and
/// the words that tell it apart.
struct Name {
    words: std::ops::Range<usize>,
    distinct: Vec<usize>,
}

fn names(text: &str, words: &[Word]) -> Vec<Name> {
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
        let before = text[..words[start].at.start].trim_end();
        let opens_sentence = before.is_empty()
            || before.ends_with(['.', '!', '?', ':', '"', '“', '(', '*', '#', '-', '|']);
        // A lone word opening a sentence is capitalised anyway; one after a
        // determiner is a role (`the Committee`, `the Contractor`).
        let after_determiner = start > 0
            && matches!(
                text[words[start - 1].at.clone()]
                    .to_ascii_lowercase()
                    .as_str(),
                "the" | "a" | "an" | "this" | "that" | "its" | "their" | "our" | "his" | "her"
            );
        if (opens_sentence || after_determiner) && end - start == 1 {
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
                    && !is_in(FUNCTION_WORDS, &word.folded)
                    && !is_in(CLASS_WORDS, &word.folded)
                    && !is_in(MONTHS_AND_DAYS, &word.folded)
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

/// `U.S`, `U.K`, `B.E`: dotted initials, which passages spell out.
fn is_initials(word: &str) -> bool {
    word.contains('.') && word.split('.').all(|p| p.chars().count() <= 1)
}

/// The item's passages, title and publisher, folded into one text (a line
/// each), read once per build: whether a claim's name is there is a
/// search of it, with no word list to build.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ItemVocabulary {
    folded: String,
}

impl ItemVocabulary {
    fn new(texts: &[&str]) -> ItemVocabulary {
        let mut folded = String::new();
        for text in texts {
            folded.push_str(&fold(text));
            folded.push('\n');
        }
        ItemVocabulary { folded }
    }

    /// Whether `word` (folded) begins a word of the texts: the word itself,
    /// or a longer one (`Fed` in `Federal`, `Bellflower` in `bellflowers`).
    fn begins_a_word(&self, word: &str) -> bool {
        !word.is_empty()
            && memchr::memmem::find_iter(self.folded.as_bytes(), word.as_bytes()).any(|at| {
                !self.folded[..at]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
            })
    }

    /// Whether `word` (folded) is a whole word of the texts.
    fn has_word(&self, word: &str) -> bool {
        !word.is_empty()
            && memchr::memmem::find_iter(self.folded.as_bytes(), word.as_bytes()).any(|at| {
                let end = at + word.len();
                !self.folded[..at]
                    .chars()
                    .next_back()
                    .is_some_and(char::is_alphanumeric)
                    && !self.folded[end..]
                        .chars()
                        .next()
                        .is_some_and(char::is_alphanumeric)
            })
    }

    fn holds(&self, word: &str) -> bool {
        if self.begins_a_word(word) {
            return true;
        }
        if word.chars().count() > 3
            && let Some(singular) = word.strip_suffix('s')
            && self.begins_a_word(singular)
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
        // A related form (`Greece`, `Greek`): the same first five letters.
        let prefix: String = word.chars().take(5).collect();
        word.chars().count() >= 6 && self.begins_a_word(&prefix)
    }
}

/// The words of an item's texts, capitalised ones with their written form,
/// and the initials of their runs of capitalised words (`Federal Emergency
/// Management Agency` gives `fema`). Read only when a claim's name is not
/// in the texts as written, which is seldom.
struct ItemWords {
    words: Vec<Word>,
    initials: HashSet<String>,
}

impl ItemWords {
    fn new(texts: &[&str]) -> ItemWords {
        let mut words = Vec::new();
        let mut initials = HashSet::new();
        for text in texts {
            let these = words_of(text);
            let mut run = String::new();
            let end = Word {
                at: 0..0,
                folded: String::new(),
                capital: false,
                written: Box::default(),
                joined: false,
            };
            for w in these.iter().chain(std::iter::once(&end)) {
                if w.capital && w.joined {
                    run.extend(w.folded.chars().next());
                } else if w.capital {
                    if run.chars().count() >= 3 {
                        initials.insert(std::mem::take(&mut run));
                    }
                    run.clear();
                    run.extend(w.folded.chars().next());
                } else if !is_in(JOINERS, &w.folded) || !w.joined {
                    if run.chars().count() >= 3 {
                        initials.insert(std::mem::take(&mut run));
                    }
                    run.clear();
                }
            }
            words.extend(these);
        }
        ItemWords { words, initials }
    }
}

/// The words of a passage, capitalised ones with their written form.
fn words_of(text: &str) -> Vec<Word> {
    let mut words = words(text, true);
    for word in words.iter_mut().filter(|w| w.capital) {
        word.written = text[word.at.clone()].into();
    }
    words
}

/// A cited item as the rule reads it: its folded texts, and the texts.
type CitedTexts<'a> = (&'a ItemVocabulary, Vec<&'a str>);

/// What names a claim and a passage disagree on: the claim's name, and
/// the passage's word in its place.
fn disagreement(claim: &str, cited: &[CitedTexts<'_>]) -> Option<(String, String)> {
    // Most claims name nothing but their first word.
    if !claim.char_indices().skip(1).any(|(_, c)| c.is_uppercase()) {
        return None;
    }
    let mut claim_words = words(claim, false);
    let mut details: Vec<Option<ItemWords>> = cited.iter().map(|_| None).collect();
    for name in names(claim, &claim_words) {
        let initials: String = name
            .words
            .clone()
            .filter(|&w| claim_words[w].capital)
            .filter_map(|w| claim_words[w].folded.chars().next())
            .collect();
        let long_initials = initials.chars().count() >= 3;
        let found = cited.iter().any(|(v, _)| {
            name.distinct
                .iter()
                .any(|&w| v.holds(&claim_words[w].folded))
                || (long_initials && v.has_word(&initials))
        });
        if found {
            continue;
        }
        for (detail, (_, texts)) in details.iter_mut().zip(cited) {
            let detail = detail.get_or_insert_with(|| ItemWords::new(texts));
            if long_initials && detail.initials.contains(&initials) {
                return None;
            }
        }
        // The slot's words are compared folded.
        for word in claim_words.iter_mut().filter(|w| w.folded.is_empty()) {
            word.folded = fold(&claim[word.at.clone()]);
        }
        if let Some(rival) = rival(claim, &claim_words, &name, &details) {
            return Some(rival);
        }
    }
    None
}

/// A capitalised word of a passage, not in the claim, in the place of the
/// claim's `name`: after the same word, or before the same word.
fn rival(
    claim: &str,
    claim_words: &[Word],
    name: &Name,
    details: &[Option<ItemWords>],
) -> Option<(String, String)> {
    let in_claim: HashSet<&str> = claim_words.iter().map(|w| w.folded.as_str()).collect();
    let left = name
        .words
        .start
        .checked_sub(1)
        .map(|w| &claim_words[w].folded);
    let right = claim_words.get(name.words.end).map(|w| &w.folded);
    let long_name = name
        .distinct
        .iter()
        .any(|&w| claim_words[w].folded.chars().count() >= 4);
    for detail in details.iter().flatten() {
        let words = &detail.words;
        for (k, word) in words.iter().enumerate() {
            if !word.capital
                || in_claim.contains(word.folded.as_str())
                || is_in(FUNCTION_WORDS, &word.folded)
                || is_in(CLASS_WORDS, &word.folded)
                || is_in(MONTHS_AND_DAYS, &word.folded)
            {
                continue;
            }
            let same_left = left.is_some_and(|l| k > 0 && words[k - 1].folded == *l);
            let same_right =
                right.is_some_and(|r| words.get(k + 1).is_some_and(|n| n.folded == *r));
            // A word like `from` or `in` is before many names: alone it
            // makes a place only for a name of four letters or more (not
            // an abbreviation such as `Fed`, which passages spell out).
            let telling =
                |w: Option<&String>| w.is_some_and(|w| !is_in(FUNCTION_WORDS, w)) || long_name;
            if (same_left && (same_right || telling(left))) || (same_right && telling(right)) {
                let named = &claim_words[name.words.clone()];
                let shown = claim[named[0].at.start..named[named.len() - 1].at.end].to_owned();
                return Some((shown, word.written.to_string()));
            }
        }
    }
    None
}

/// One finding per support unit whose cited passages name another subject
/// where the claim names its own.
pub(crate) fn subjects_not_in_evidence(
    units: &[SupportUnit],
    resolved: &[Option<Resolved<'_>>],
) -> Vec<(ClaimId, Finding)> {
    let mut findings = Vec::new();
    for SupportUnit { claim: c, unit } in units {
        let items = cited_items(unit, resolved);
        if !unit.text.chars().any(char::is_uppercase) || items.is_empty() {
            continue;
        }
        let cited: Vec<CitedTexts<'_>> = items
            .iter()
            .filter(|e| e.item.passages().next().is_some())
            .map(|e| {
                let mut texts: Vec<&str> = e.item.passages().collect();
                texts.push(e.title);
                texts.push(e.publisher());
                let vocabulary = e
                    .item
                    .vocabulary
                    .get_or_init(|| ItemVocabulary::new(&texts));
                (vocabulary, texts)
            })
            .collect();
        if cited.is_empty() {
            continue;
        }
        let Some((name, other)) = disagreement(&unit.text, &cited) else {
            continue;
        };
        let ids: Vec<String> = items.iter().map(|e| format!("`{}`", e.id)).collect();
        findings.push((
            *c,
            Finding {
                rule: Rule::SubjectNotInEvidence,
                message: format!(
                    "the claim names `{name}`, which the passages it cites ({}) do not; they name `{other}` in its place: the citation may be about another subject",
                    ids.join(", ")
                ),
                span: unit.span.clone(),
                block: Some(BlockId(unit.block)),
                evidence_ids: items.iter().map(|e| e.id.to_owned()).collect(),
                excerpt: Some(unit.excerpt(8)),
            },
        ));
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(claim: &str, passage: &str) -> Option<(String, String)> {
        disagreement(claim, &[(&ItemVocabulary::new(&[passage]), vec![passage])])
    }

    #[test]
    fn a_sibling_in_the_same_place_is_reported() {
        let got = check(
            "Relief reached Florida after Hurricane Idalia made landfall.",
            "Hurricane Ida made landfall in Louisiana in 2021.",
        );
        assert_eq!(got, Some(("Hurricane Idalia".into(), "Ida".into())));
        let got = check(
            "Sales in Austria rose for the third year.",
            "Sales in Germany rose for the third year.",
        );
        assert_eq!(got, Some(("Austria".into(), "Germany".into())));
    }

    #[test]
    fn names_found_in_some_form_pass() {
        for (claim, passage) in [
            (
                "Barack Obama served two terms.",
                "Obama served two terms as president.",
            ),
            (
                "The Federal Emergency Management Agency (FEMA) sent teams.",
                "FEMA sent teams.",
            ),
            (
                "FEMA sent teams to the coast.",
                "The Federal Emergency Management Agency sent teams.",
            ),
            (
                "Eudaimonia in Ancient Greece meant flourishing.",
                "For the Greek philosophers, eudaimonia in ancient times meant flourishing.",
            ),
            ("Growth in Zürich slowed.", "Growth in Zurich slowed."),
            ("Sales in the U.S. rose.", "Sales in Canada rose."),
            ("東京 grew in 2025.", "人口は増えた"),
            (
                "Sales of Q3 rose, said Apple.",
                "Sales of the quarter rose.",
            ),
        ] {
            assert_eq!(check(claim, passage), None, "{claim}");
        }
    }

    #[test]
    fn a_role_after_a_determiner_is_not_a_name() {
        assert_eq!(
            check(
                "Rates eased, helped by the Committee’s runoff.",
                "Rates eased, the European Central Bank said."
            ),
            None
        );
    }

    #[test]
    fn a_missing_name_without_a_rival_passes() {
        assert_eq!(
            check(
                "Horodecki built this house in Kyiv.",
                "The architect built this house."
            ),
            None
        );
    }

    #[test]
    fn word_lists_are_sorted_for_binary_search() {
        for list in [FUNCTION_WORDS, CLASS_WORDS, MONTHS_AND_DAYS, JOINERS] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
    }

    #[test]
    fn never_panics_on_odd_text() {
        for text in [
            "",
            "’s",
            "A.",
            "Ｆｕｌｌ　Ｗｉｄｔｈ Name",
            "\u{200f}Abc Def\u{200f}",
            "É́ Ö̈ 🙂 Name",
        ] {
            let _ = check(text, text);
            let _ = check(text, "Other Name here");
        }
    }
}
