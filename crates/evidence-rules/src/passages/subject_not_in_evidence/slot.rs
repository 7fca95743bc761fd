//! Where a name stands, read from the words around it rather than from a
//! list of known names: whether a passage writes a word as a proper name,
//! and whether a passage's capitalised word stands where the claim's name
//! does, next to the same content word (`Donald Trump was born` for
//! `Donald Chains was born`), beside the name's word of kind (`St Mirren`
//! for `St Thicket`), or said to be what the claim says it is
//! (`Renegades is the fourth studio album`).

use evidence_text::content_words::opens_unspaced;
use evidence_text::names::lexicon::{FUNCTION_WORDS, WORDS_OF_KIND, is_in};
use evidence_text::names::vocabulary::ItemWords;
use evidence_text::names::{Name, Word};

/// How many function words may lie between a name and the content word
/// that places it (`Trump was born`: one).
const MAX_GAP: usize = 2;

/// Whether the passages write `folded` as a proper name: it is there, and
/// always capitalised, once at least after a word on the same line (not
/// only where a sentence or a heading opens). A sentence's first word
/// (`Using ECharts`) is written in lower case elsewhere, or not at all.
pub(super) fn written_as_a_name(folded: &str, words: &[Word]) -> bool {
    written_as_a_name_in(folded, &[words])
}

/// [`written_as_a_name`], read over several items' words.
pub(super) fn written_as_a_name_in(folded: &str, passages: &[&[Word]]) -> bool {
    let mut inside = false;
    for words in passages {
        for (k, w) in words.iter().enumerate().filter(|(_, w)| w.folded == folded) {
            if !w.capital {
                return false;
            }
            inside |= after_a_word_on_its_line(words, k);
        }
    }
    inside
}

/// Whether word `k` follows another word on its line: apart by spaces
/// only, no line break (a heading's line ends before the line after it).
pub(super) fn after_a_word_on_its_line(words: &[Word], k: usize) -> bool {
    k > 0 && words[k].joined && !words[k].opens_line && !words[k - 1].folded.is_empty()
}

/// Where the first content word beside word `from` is (after it, or
/// before it), with at most [`MAX_GAP`] function words between; `None` at
/// a capitalised word, a break in the line, or the end.
fn content_word(words: &[Word], from: usize, forward: bool) -> Option<usize> {
    let mut k = from;
    for _ in 0..=MAX_GAP {
        let (next, joined) = if forward {
            let next = words.get(k + 1)?;
            (next, next.joined)
        } else {
            let next = words.get(k.checked_sub(1)?)?;
            (next, words[k].joined)
        };
        if !joined || next.capital || next.folded.is_empty() {
            return None;
        }
        k = if forward { k + 1 } else { k - 1 };
        if !is_in(FUNCTION_WORDS, &next.folded) {
            return Some(k);
        }
    }
    None
}

/// How closely a passage word's neighbours must be the claim's name's
/// for [`same_slot`].
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Placing {
    /// The same content word, past up to [`MAX_GAP`] function words and
    /// an adverb in `-ly` on either side ([`content_words`]).
    Loosely,
    /// The same content word after the same function words: for a
    /// sentence's first word, which is as often a verb or an adverb as a
    /// name (`Based on the passages` is not where `MARCO passages` has
    /// its name).
    WordForWord,
}

/// Whether passage word `k` stands where the claim's name (its words
/// `first..=last`) does: the same content word follows both, or precedes
/// both, placed as `placing` says. A content word of four letters or more
/// places a name (`born`, `served`, `founded`); shorter ones are too
/// common to.
pub(super) fn same_slot(
    claim_words: &[Word],
    (first, last): (usize, usize),
    words: &[Word],
    k: usize,
    placing: Placing,
) -> bool {
    let telling = |w: &str| w.chars().count() >= 4;
    let side = |forward: bool| {
        let from = if forward { last } else { first };
        if placing == Placing::Loosely {
            let claim_side = content_words(claim_words, from, forward);
            let passage_side = content_words(words, k, forward);
            if !claim_side.iter().flatten().any(|c| opens_unspaced(c)) {
                return claim_side
                    .iter()
                    .flatten()
                    .any(|c| telling(c) && passage_side.contains(&Some(*c)));
            }
            // Two characters of Chinese or Japanese place a name as a
            // word of four letters does.
            let passage_side = passage_side.map(|w| w.map(|w| beside(w, forward)));
            return claim_side.iter().flatten().any(|c| {
                let c = beside(c, forward);
                (telling(c) || c.chars().count() == 2 && opens_unspaced(c))
                    && passage_side.contains(&Some(c))
            });
        }
        let (Some(c), Some(p)) = (
            content_word(claim_words, from, forward),
            content_word(words, k, forward),
        ) else {
            return false;
        };
        // The words from the name to the content word, the name's left out.
        let range = |at: usize, to: usize| if forward { at + 1..to + 1 } else { to..at };
        telling(&claim_words[c].folded)
            && claim_words[range(from, c)]
                .iter()
                .map(|w| &w.folded)
                .eq(words[range(k, p)].iter().map(|w| &w.folded))
    };
    side(true) || side(false)
}

/// The two characters of a run of Chinese or Japanese text (a word of
/// those scripts, which write none between) next to the name: the run's
/// first after it (`forward`), its last before it; a claim and its
/// passage seldom cut such a run the same way (`他们还可以使用 CDN` for
/// `使用CDN`). Another word as it is.
fn beside(word: &str, forward: bool) -> &str {
    if !opens_unspaced(word) {
        return word;
    }
    let at = if forward {
        word.char_indices().nth(2).map_or(word.len(), |(i, _)| i)
    } else {
        word.char_indices().rev().nth(1).map_or(0, |(i, _)| i)
    };
    if forward { &word[..at] } else { &word[at..] }
}

/// The first content word beside word `from` ([`content_word`]), and when
/// it is an adverb in `-ly`, the one past it: `Petiver eventually amassed`
/// places its name where `Warhol amassed` does.
fn content_words(words: &[Word], from: usize, forward: bool) -> [Option<&str>; 2] {
    let Some(first) = content_word(words, from, forward) else {
        return [None, None];
    };
    let adverb = |w: &str| w.len() >= 5 && w.ends_with("ly");
    let past = if adverb(&words[first].folded) {
        content_word(words, first, forward).map(|k| words[k].folded.as_str())
    } else {
        None
    };
    [Some(words[first].folded.as_str()), past]
}

/// Whether two folded words are one word, or its singular and plural
/// (`lamp`, `lamps`): a slot is the same whatever the number.
pub(super) fn same_form(a: &str, b: &str) -> bool {
    let singular = |w: &'_ str| -> usize {
        let n = w.len();
        if n > 3 && w.ends_with('s') && !w.ends_with("ss") {
            n - 1
        } else {
            n
        }
    };
    a == b || a[..singular(a)] == b[..singular(b)]
}

/// The most words read on one side of a name for [`placed_by_a_phrase`].
const PHRASE: usize = 3;

/// Whether passage word `k` stands where the claim's name (its words
/// `first..=last`) does by a phrase: two words or more beside it, up to
/// [`PHRASE`], the same as beside the name on one side, one of them a
/// content word (`'Blackpink in Your Area'` for `'Mind in Your Area'`). A
/// phrase places a word the claim names elsewhere, which one content word
/// does not; but not a word of the name itself or a short form of one
/// (`The President signed` for `President Biden signed`, `the Fed` for
/// `the Federal Reserve`), nor one the claim also has beside that phrase
/// (`In 1994 Jones won the cup` for `In 1990 Smith won the cup, and in
/// 1994 Jones won the cup`), nor one right beside the name on the
/// phrase's other side ([`on_the_other_side`]).
pub(super) fn placed_by_a_phrase(
    claim_words: &[Word],
    (first, last): (usize, usize),
    words: &[Word],
    k: usize,
) -> bool {
    let word = &words[k].folded;
    let short_form = |w: &Word| {
        word.chars().count() >= 3
            && w.folded.len() > word.len()
            && w.folded.starts_with(word.as_str())
    };
    if claim_words[first..=last].iter().any(short_form) {
        return false;
    }
    [true, false].into_iter().any(|forward| {
        let from = if forward { last } else { first };
        same_phrase(claim_words, from, words, k, forward)
            && !claim_words.iter().enumerate().any(|(j, w)| {
                w.folded == *word
                    && ((first..=last).contains(&j)
                        || same_phrase(claim_words, from, claim_words, j, forward)
                        || on_the_other_side(claim_words, j, (first, last), forward))
            })
    })
}

/// Whether claim word `j` stands right beside the name on the side away
/// from the phrase read `forward` (before the name) or back (after it),
/// with function words only between (`Factories in Ohio added` against
/// `Factories added`): the passage leaves the name out, it names nothing
/// in its place.
fn on_the_other_side(
    claim_words: &[Word],
    j: usize,
    (first, last): (usize, usize),
    forward: bool,
) -> bool {
    let near = if forward {
        j < first && first - j <= MAX_GAP + 1
    } else {
        j > last && j - last <= MAX_GAP + 1
    };
    let gap = if forward { j + 1..first } else { last + 1..j };
    near && claim_words[gap]
        .iter()
        .all(|w| is_in(FUNCTION_WORDS, &w.folded))
}

/// Whether the words beside `a[from]` and `b[k]`, going `forward` or back,
/// agree for two words or more, up to [`PHRASE`], apart by spaces only
/// (so in one text of an item: its first word is joined to none),
/// holding a content word.
fn same_phrase(a: &[Word], from: usize, b: &[Word], k: usize, forward: bool) -> bool {
    let mut content = false;
    for step in 1..=PHRASE {
        let at = |from: usize| {
            if forward {
                from.checked_add(step)
            } else {
                from.checked_sub(step)
            }
        };
        let (Some(i), Some(j)) = (at(from), at(k)) else {
            return false;
        };
        let (Some(x), Some(y)) = (a.get(i), b.get(j)) else {
            return false;
        };
        // Each pair of words read, `later` the second, apart by spaces.
        let later = |n: usize| if forward { n } else { n + 1 };
        if x.folded.is_empty()
            || !same_form(&x.folded, &y.folded)
            || !a[later(i)].joined
            || !b[later(j)].joined
        {
            return false;
        }
        content |= !is_in(FUNCTION_WORDS, &x.folded) && x.folded.chars().count() >= 3;
        if content && step >= 2 {
            return true;
        }
    }
    false
}

/// Whether word `k`, a function word (`it`, `us`, `who`), is written as
/// initials: in capitals, of three letters at most, amid words that are
/// not (`IT solutions`), so not in a heading written in capitals; and not
/// a word written in capitals for stress (`NOT`, `MAY`, `MUST`).
pub(super) fn initials_amid_words(words: &[Word], k: usize) -> bool {
    const STRESSED: [&str; 12] = [
        "all", "and", "any", "but", "can", "may", "no", "nor", "not", "or", "the", "yes",
    ];
    let capitals = |w: &Word| {
        w.written.chars().count() >= 2
            && w.written
                .chars()
                .all(|c| c.is_uppercase() || !c.is_alphabetic())
    };
    capitals(&words[k])
        && words[k].written.chars().count() <= 3
        && !STRESSED.contains(&words[k].folded.as_str())
        && !k.checked_sub(1).is_some_and(|j| capitals(&words[j]))
        && !words.get(k + 1).is_some_and(capitals)
}

/// Words that say what a name is: `X is the …`, `X was a …`.
const COPULAS: [&str; 4] = ["is", "was", "are", "were"];

/// Words between a name and what the claim says it is (`"Renegades," the
/// band's fourth studio album`, `Renegades is the fourth studio album`,
/// `an album titled Renegades`).
const CONNECTORS: [&str; 10] = [
    "is", "was", "are", "were", "the", "a", "an", "titled", "named", "called",
];

/// Whether passage word `k`, a name's last word, is said to be what the
/// claim says its name is: `Renegades is the fourth studio album` for
/// `Their fourth studio album, "Silver," was released` or `"Silver," the
/// band's fourth studio album`. The passage's words after the copula (and
/// a determiner) begin with two words or three, one a content word, that
/// stand next to the claim's name with only connecting words, a possessive
/// after `the`, and punctuation other than a sentence's end between.
pub(super) fn defined_alike(
    claim: &str,
    claim_words: &[Word],
    (first, last): (usize, usize),
    words: &[Word],
    k: usize,
) -> bool {
    let said = |j: usize, of: &[&str]| {
        words
            .get(j)
            .is_some_and(|w| w.joined && !w.opens_line && of.contains(&w.folded.as_str()))
    };
    if !said(k + 1, &COPULAS) {
        return false;
    }
    let start = if said(k + 2, &["the", "a", "an"]) {
        k + 3
    } else {
        k + 2
    };
    let what: Vec<&Word> = words[start.min(words.len())..]
        .iter()
        .take(PHRASE)
        .take_while(|w| w.joined && !w.opens_line && !w.capital)
        .collect();
    let alike = |theirs: &[&Word]| {
        theirs.len() >= 2
            && theirs.len() <= what.len()
            && theirs
                .iter()
                .zip(&what)
                .all(|(a, b)| same_form(&a.folded, &b.folded))
            && theirs
                .iter()
                .any(|w| !is_in(FUNCTION_WORDS, &w.folded) && w.folded.chars().count() >= 3)
    };
    let after = described_after(claim, claim_words, last);
    // the words before the name say what it is only
    // through a connector (`an album titled Renegades`) or in apposition,
    // the name set off after it (`album, "Silver," was`), not as the
    // object of a preposition (`expense for Seattle residents`) nor a
    // speaker (`The biggest risk, Powell warned,`).
    let connected = first > 0 && CONNECTORS.contains(&claim_words[first - 1].folded.as_str());
    let closed = claim[claim_words[last].at.end..]
        .chars()
        .next()
        .is_none_or(|c| {
            matches!(
                c,
                ',' | '"' | '\u{201d}' | '\'' | '\u{2019}' | ')' | ';' | ':' | '.'
            )
        });
    let before = if connected || closed {
        described_before(claim, claim_words, first)
    } else {
        Vec::new()
    };
    (2..=PHRASE).any(|n| {
        after.get(..n).is_some_and(&alike)
            || before
                .len()
                .checked_sub(n)
                .is_some_and(|from| alike(&before[from..]))
    })
}

/// The claim's words after its name's last word `last` that say what it
/// is, past connecting words and a possessive after `the`, lower case,
/// up to [`PHRASE`].
fn described_after<'w>(claim: &str, claim_words: &'w [Word], last: usize) -> Vec<&'w Word> {
    let mut j = last + 1;
    while claim_words.get(j).is_some_and(|w| {
        CONNECTORS.contains(&w.folded.as_str()) && in_one_sentence(claim, claim_words, j)
    }) {
        j += 1;
    }
    // `the band's fourth studio album`.
    if j > last + 1
        && claim_words[j - 1].folded == "the"
        && claim_words
            .get(j)
            .is_some_and(|w| claim[w.at.end..].starts_with(['\'', '’']))
    {
        j += 1;
    }
    (j..claim_words.len())
        .take_while(|&i| in_one_sentence(claim, claim_words, i) && !claim_words[i].capital)
        .take(PHRASE)
        .map(|i| &claim_words[i])
        .collect()
}

/// The claim's words before its name's first word `first` that say what
/// it is, past connecting words, lower case, up to [`PHRASE`], in order.
fn described_before<'w>(claim: &str, claim_words: &'w [Word], first: usize) -> Vec<&'w Word> {
    let mut end = first;
    while end > 0
        && CONNECTORS.contains(&claim_words[end - 1].folded.as_str())
        && in_one_sentence(claim, claim_words, end)
    {
        end -= 1;
    }
    let mut from = end;
    while from > 0
        && end - from < PHRASE
        && in_one_sentence(claim, claim_words, from)
        && !claim_words[from - 1].capital
    {
        from -= 1;
    }
    claim_words[from..end].iter().collect()
}

/// Whether claim word `j` is in the sentence of the word before it: no
/// sentence's end or line break between them.
fn in_one_sentence(claim: &str, claim_words: &[Word], j: usize) -> bool {
    j > 0
        && j < claim_words.len()
        && !claim[claim_words[j - 1].at.end..claim_words[j].at.start]
            .contains(['.', ';', '!', '?', '\n'])
}

/// The name's words from its first word of kind to its first telling
/// word, and after its last telling word (`St` of `St Mirren`,
/// `University of` of `A University of Oxford team`, `College` of
/// `Fullerton College`), when they hold a word of kind: a class word that
/// is no title or adjective (`President`, `New`, `National` stand before
/// many names of one passage). It says what kind of thing is named, which
/// places a rival as a word beside it does.
pub(super) fn class_words_around<'w>(
    claim_words: &'w [Word],
    name: &Name,
) -> (&'w [Word], &'w [Word]) {
    let (Some(&first), Some(&last)) = (name.distinct.first(), name.distinct.last()) else {
        return (&[], &[]);
    };
    // The name's run may begin with a sentence's first word (`A`, `In`),
    // which is no part of the kind.
    let kind = |w: &Word| is_in(WORDS_OF_KIND, &w.folded);
    let first_kind = claim_words[name.words.start..first]
        .iter()
        .position(kind)
        .map_or(first, |p| name.words.start + p);
    let has_class = |words: &'w [Word]| {
        if words.iter().any(kind) { words } else { &[] }
    };
    (
        has_class(&claim_words[first_kind..first]),
        has_class(&claim_words[last + 1..name.words.end]),
    )
}

/// Whether the passage's word `k` has the name's class words beside it as
/// the claim's name has them (`St Mirren` for `St Thicket`, `Fullerton
/// College` for `Thicket College`), in one text and one line.
pub(super) fn beside_the_same_class(
    words: &[Word],
    k: usize,
    leading: &[Word],
    trailing: &[Word],
    detail: &ItemWords,
) -> bool {
    let n = leading.len();
    let before = n > 0
        && k >= n
        && leading.iter().enumerate().all(|(j, c)| {
            let at = k - n + j;
            same_form(&words[at].folded, &c.folded)
                && words[at + 1].joined
                && !words[at + 1].opens_line
                && !detail.starts_a_text(at + 1)
        });
    let m = trailing.len();
    let after = m > 0
        && k + m < words.len()
        && trailing.iter().enumerate().all(|(j, c)| {
            let at = k + 1 + j;
            same_form(&words[at].folded, &c.folded)
                && words[at].joined
                && !words[at].opens_line
                && !detail.starts_a_text(at)
        });
    before || after
}

/// Whether punctuation that sets words apart (`,`, `;`, `:`, a
/// parenthesis) lies between two words of the claim; quotation marks do
/// not.
pub(super) fn set_off_between(claim: &str, a: &Word, b: &Word) -> bool {
    claim[a.at.end..b.at.start].contains([',', ';', ':', '(', ')'])
}

/// The name that passage word `k` is in, as written (`Martin Brodeur`):
/// the capitalised words around it on its line, joined by spaces, but
/// none before it that is a function word or is written in lower case
/// elsewhere (a sentence's first word: `The`, `Using ECharts`); the word
/// alone in a longer run than [`LONGEST_RUN`] (a headline's, a title's).
pub(super) fn run_around(words: &[Word], k: usize) -> String {
    let in_run = |j: usize| words[j].capital && !words[j].written.is_empty();
    let mut start = k;
    while after_a_word_on_its_line(words, start)
        && in_run(start - 1)
        && !is_in(FUNCTION_WORDS, &words[start - 1].folded)
        && never_in_lower_case(&words[start - 1].folded, words)
    {
        start -= 1;
    }
    let mut end = k;
    while end + 1 < words.len() && after_a_word_on_its_line(words, end + 1) && in_run(end + 1) {
        end += 1;
    }
    if end - start >= LONGEST_RUN {
        return words[k].written.to_string();
    }
    let written: Vec<&str> = words[start..=end].iter().map(|w| &*w.written).collect();
    written.join(" ")
}

/// The most words [`run_around`] shows as one name.
const LONGEST_RUN: usize = 3;

/// Whether no word of the passages is `folded` written in lower case.
pub(super) fn never_in_lower_case(folded: &str, words: &[Word]) -> bool {
    words.iter().all(|w| w.capital || w.folded != folded)
}
