//! Words glued together where a scraped page lost its spaces ("Clear
//! structural systemGood proportions", "rate1 – Fewer than 100", "30 JUN
//! 2018Updated"): a passage's word is also read as its parts, cut where a
//! lowercase run of three letters or more meets a capitalised word, where
//! a lowercase run of four letters or more meets digits, and where digits
//! meet a capitalised word of four letters or more. The whole word is read
//! too, so a word written that way in a claim is still found; names and
//! units with a short run (`iPhone`, `McDonald`, `mRNA`,
//! `kWh`, `H2O`, `5G`, `10km`, `5mg`, `COVID-19`) are not cut at all.
//! Only passages are read this way: a claim is written by the report.

use crate::content_words::{Stem, content_words};
use std::ops::Range;

/// [`content_words`] of a passage: each word, then, for a glued one, the
/// content words of its parts (their ranges inside the word's).
pub(super) fn passage_content_words(text: &str, mut each: impl FnMut(Stem, Range<usize>)) {
    // Most passages have no two characters that could meet at a cut: read
    // them as any text is read.
    if !may_be_glued(text.as_bytes()) {
        content_words(text, each);
        return;
    }
    let mut words: Vec<(Stem, Range<usize>, bool)> = Vec::new();
    content_words(text, |stem, range| {
        let glued = !cuts(&text.as_bytes()[range.clone()]).is_empty();
        words.push((stem, range, glued));
    });
    for (stem, range, glued) in words {
        each(stem, range.clone());
        if !glued {
            continue;
        }
        let mut start = range.start;
        let at = cuts(&text.as_bytes()[range.clone()]);
        for end in at.into_iter().map(|c| range.start + c).chain([range.end]) {
            content_words(&text[start..end], |stem, part| {
                each(stem, start + part.start..start + part.end);
            });
            start = end;
        }
    }
}

/// The parts of each word of `text` glued to a capitalised word
/// (`solvers` and `Variable` of `solversVariable`), for readers that look
/// a name up whole. Only a lowercase letter before a capital is looked at:
/// names begin with one.
pub(crate) fn glued_parts(text: &str, mut each: impl FnMut(&str)) {
    let bytes = text.as_bytes();
    // Most passages have no such meeting: asked of every pair without an
    // early exit, the question compiles to a vector loop.
    let meets = |(a, b): (&u8, &u8)| a.is_ascii_lowercase() & b.is_ascii_uppercase();
    if !bytes
        .iter()
        .zip(&bytes[1.min(bytes.len())..])
        .fold(false, |any, pair| any | meets(pair))
    {
        return;
    }
    let is_word = |c: char| c.is_alphanumeric();
    let mut done = 0;
    for i in 1..bytes.len() {
        if i < done || !(bytes[i - 1].is_ascii_lowercase() && bytes[i].is_ascii_uppercase()) {
            continue;
        }
        // The word around the meeting, letters of any script in it
        // (`ZürichBank`); cuts fall before an ASCII capital or digit, so
        // its parts are char boundaries.
        let start = text[..i]
            .char_indices()
            .rev()
            .find(|&(_, c)| !is_word(c))
            .map_or(0, |(at, c)| at + c.len_utf8());
        let end = text[i..]
            .find(|c| !is_word(c))
            .map_or(bytes.len(), |p| i + p);
        done = end;
        let word = &text[start..end];
        let at = cuts(word.as_bytes());
        let mut from = 0;
        for to in at
            .iter()
            .copied()
            .chain((!at.is_empty()).then_some(word.len()))
        {
            each(&word[from..to]);
            from = to;
        }
    }
}

/// Whether two adjacent bytes of `text` could meet at a cut: a lowercase
/// letter before a capital or a digit, or a digit before a capital.
fn may_be_glued(text: &[u8]) -> bool {
    text.windows(2).any(|pair| {
        let (a, b) = (pair[0], pair[1]);
        a.is_ascii_lowercase() && (b.is_ascii_uppercase() || b.is_ascii_digit())
            || a.is_ascii_digit() && b.is_ascii_uppercase()
    })
}

/// The byte offsets in `word` where glued words meet (empty for most).
fn cuts(word: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    if !may_be_glued(word) {
        return out;
    }
    // The length of the run of lowercase letters, and of digits, ending
    // before `i`.
    let (mut lower, mut digits) = (0, 0);
    let starts_lower = word.first().is_some_and(u8::is_ascii_lowercase);
    for i in 0..word.len() {
        let b = word[i];
        let capitalised = |min: usize| {
            b.is_ascii_uppercase()
                && word[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_lowercase())
                    .count()
                    + 1
                    >= min
        };
        if starts_lower && lower >= 3 && capitalised(3)
            || lower >= 4 && b.is_ascii_digit()
            || digits > 0 && capitalised(4)
        {
            out.push(i);
        }
        lower = if b.is_ascii_lowercase() { lower + 1 } else { 0 };
        digits = if b.is_ascii_digit() { digits + 1 } else { 0 };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(word: &str) -> Vec<&str> {
        let mut start = 0;
        let mut out = Vec::new();
        for c in cuts(word.as_bytes()).into_iter().chain([word.len()]) {
            out.push(&word[start..c]);
            start = c;
        }
        out
    }

    #[test]
    fn the_parts_of_glued_words_are_listed() {
        let mut got = Vec::new();
        glued_parts(
            "Your choices includeFixed-step solversVariable-step TikTok",
            |p| {
                got.push(p.to_owned());
            },
        );
        assert_eq!(got, ["include", "Fixed", "solvers", "Variable"]);
        glued_parts("No glue here, 東京 and iPhone", |p| {
            got.push(p.to_owned())
        });
        assert_eq!(got.len(), 4);
        // A word is letters of any script; one that opens with a capital
        // is not cut (`ZürichBank`, as `McDonald`), one in lower case is.
        got.clear();
        glued_parts(
            "東京Tokyo ZürichBank\u{a0}réseauNational naïveTest…spaceX",
            |p| {
                got.push(p.to_owned());
            },
        );
        assert_eq!(got, ["réseau", "National"]);
    }

    /// Pieces of scraped text in many scripts, for the property below.
    const PIECES: &[&str] = &[
        "solvers",
        "Variable",
        "step",
        "-",
        " ",
        "\u{a0}",
        "\u{3000}",
        "東京",
        "Tokyo",
        "É",
        "cole",
        "naïve",
        "Test",
        "…",
        "２０２６",
        "\u{200f}",
        "e\u{301}",
        "🙂",
        "rate",
        "1",
        "2018",
        "Updated",
        "iPhone",
        "McDonald",
        "TikTok",
        "x",
        "Q",
    ];

    proptest::proptest! {
        /// Whatever the text, its glued parts are pieces of one of its
        /// words, each cut where a lowercase letter met a capital or a digit.
        #[test]
        fn glued_parts_are_pieces_of_the_texts_words(
            pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..30)
        ) {
            let text: String = pieces.concat();
            let mut parts = Vec::new();
            glued_parts(&text, |part| parts.push(part.to_owned()));
            for part in &parts {
                proptest::prop_assert!(!part.is_empty() && text.contains(part.as_str()));
                proptest::prop_assert!(part.chars().all(char::is_alphanumeric));
            }
        }
    }

    #[test]
    fn scraped_glue_is_cut() {
        assert_eq!(parts("systemGood"), ["system", "Good"]);
        assert_eq!(parts("proportionsGood"), ["proportions", "Good"]);
        assert_eq!(parts("rate1"), ["rate", "1"]);
        assert_eq!(parts("2018Updated"), ["2018", "Updated"]);
        assert_eq!(parts("2018Updated13"), ["2018", "Updated", "13"]);
    }

    #[test]
    fn names_and_units_are_not() {
        for word in [
            "iPhone",
            "McDonald",
            "COVID",
            "H2O",
            "5G",
            "mRNA",
            "kWh",
            "10km",
            "5mg",
            "YouTube",
            "A320",
            "MP3",
            "utf",
            "JavaScript",
            "PowerPoint",
            "3Com",
            "10GHz",
            "4Kb",
            "Zürich",
            "東京",
            "２０２６",
        ] {
            assert_eq!(parts(word), [word], "{word}");
        }
    }

    #[test]
    fn parts_are_read_after_the_whole_word_within_it() {
        let text = "Clear structural systemGood order, rate1 – Fewer; café\u{301} 東京";
        let mut found = Vec::new();
        passage_content_words(text, |_, range| found.push(&text[range]));
        let at = found.iter().position(|w| *w == "systemGood").unwrap();
        assert_eq!(found[at + 1..at + 3], ["system", "Good"]);
        let at = found.iter().position(|w| *w == "rate1").unwrap();
        assert_eq!(found[at + 1..at + 3], ["rate", "1"]);
        let mut plain = Vec::new();
        content_words(text, |_, range| plain.push(&text[range]));
        // Two glued words, two parts each: nothing else is added.
        assert_eq!(found.len(), plain.len() + 4, "{found:?}");
    }
}
