//! Numbers written in words: `one hundred`, `twenty-five`, `a dozen`,
//! `three million`, `forty percent`, `two-thirds`, `half`.
//!
//! Read from passages, so that a claim's `100` matches a passage's "one
//! hundred members", and from claims ([`is_claim_figure`]: only those a
//! reader takes for a figure). English only; a word is compared without
//! allocating (ASCII, case-insensitive).

use crate::number_parse::{Number, NumberKind};

/// Scale words after `hundred`.
const SCALES: [(&str, f64); 4] = [
    ("thousand", 1e3),
    ("million", 1e6),
    ("billion", 1e9),
    ("trillion", 1e12),
];

/// Denominators of fractions (`two-thirds`, `a quarter`), singular and
/// plural.
const DENOMINATORS: [(&str, &str, f64); 9] = [
    ("half", "halves", 2.0),
    ("third", "thirds", 3.0),
    ("quarter", "quarters", 4.0),
    ("fourth", "fourths", 4.0),
    ("fifth", "fifths", 5.0),
    ("sixth", "sixths", 6.0),
    ("eighth", "eighths", 8.0),
    ("tenth", "tenths", 10.0),
    ("hundredth", "hundredths", 100.0),
];

/// One word of the text: its byte range.
#[derive(Clone, Copy)]
struct Word<'t> {
    text: &'t str,
    start: usize,
    end: usize,
}

/// The value of a word that is a number on its own: `seven`, `forty`,
/// `twenty-five`.
fn cardinal(word: &str) -> Option<f64> {
    if let Some(value) = single_cardinal(word) {
        return Some(value);
    }
    let (tens, unit) = word.split_once('-')?;
    let t = single_cardinal(tens).filter(|&t| t >= 20.0 && t % 10.0 == 0.0)?;
    let u = single_cardinal(unit).filter(|u| (1.0..10.0).contains(u))?;
    Some(t + u)
}

/// The value of `zero` to `nineteen` and of `twenty` to `ninety` by tens,
/// in any case: the word lowercased into an integer ([`key`]) and looked
/// up, with no list to walk (most words are turned away by their length
/// or first letter first).
fn single_cardinal(word: &str) -> Option<f64> {
    let bytes = word.as_bytes();
    if !(3..=9).contains(&bytes.len())
        || !matches!(
            bytes[0].to_ascii_lowercase(),
            b'z' | b'o' | b't' | b'f' | b's' | b'e' | b'n'
        )
    {
        return None;
    }
    let key = key(bytes);
    let at = CARDINALS.binary_search_by_key(&key, |&(k, _)| k).ok()?;
    Some(f64::from(CARDINALS[at].1))
}

/// A word of at most 16 ASCII letters, lowercased, as one integer: equal
/// for the same word in any case, different for different words.
const fn key(word: &[u8]) -> u128 {
    let mut key = 0u128;
    let mut i = 0;
    while i < word.len() {
        key = key << 8 | word[i].to_ascii_lowercase() as u128;
        i += 1;
    }
    key
}

/// The cardinals [`single_cardinal`] knows, by [`key`], in order.
const CARDINALS: [(u128, u8); 28] = sorted([
    (key(b"zero"), 0),
    (key(b"one"), 1),
    (key(b"two"), 2),
    (key(b"three"), 3),
    (key(b"four"), 4),
    (key(b"five"), 5),
    (key(b"six"), 6),
    (key(b"seven"), 7),
    (key(b"eight"), 8),
    (key(b"nine"), 9),
    (key(b"ten"), 10),
    (key(b"eleven"), 11),
    (key(b"twelve"), 12),
    (key(b"thirteen"), 13),
    (key(b"fourteen"), 14),
    (key(b"fifteen"), 15),
    (key(b"sixteen"), 16),
    (key(b"seventeen"), 17),
    (key(b"eighteen"), 18),
    (key(b"nineteen"), 19),
    (key(b"twenty"), 20),
    (key(b"thirty"), 30),
    (key(b"forty"), 40),
    (key(b"fifty"), 50),
    (key(b"sixty"), 60),
    (key(b"seventy"), 70),
    (key(b"eighty"), 80),
    (key(b"ninety"), 90),
]);

/// `table` sorted by key, at compile time.
const fn sorted<const N: usize>(mut table: [(u128, u8); N]) -> [(u128, u8); N] {
    let mut i = 1;
    while i < N {
        let mut j = i;
        while j > 0 && table[j - 1].0 > table[j].0 {
            let swap = table[j - 1];
            table[j - 1] = table[j];
            table[j] = swap;
            j -= 1;
        }
        i += 1;
    }
    table
}

/// Whether a number can start at `word`: an article (before a scale,
/// `dozen` or a denominator), `half`, a cardinal, or a cardinal before a
/// hyphen (`two-thirds`). [`read_at`] finds nothing at any other word, so
/// it is not called there.
fn may_start_number(word: &str) -> bool {
    let eq = |what: &str| word.eq_ignore_ascii_case(what);
    match word.as_bytes().first().map(|b| b | 0x20) {
        Some(b'a') => eq("a") || eq("an"),
        Some(b'h') => eq("half"),
        // No cardinal holds a hyphen: the word's, or its head's before one.
        Some(b'z' | b'o' | b't' | b'f' | b's' | b'e' | b'n') => {
            let head = word.split('-').next().unwrap_or(word);
            single_cardinal(head).is_some()
        }
        _ => false,
    }
}

fn is(word: &Word<'_>, what: &str) -> bool {
    word.text.eq_ignore_ascii_case(what)
}

/// The words of `text` made of ASCII letters and inner hyphens, read as
/// they are asked for and indexed from the first (`get(0)`); the words
/// before the one a number may start at are dropped, so that a text costs
/// one pass and no list of all its words.
struct Words<'t> {
    text: &'t str,
    /// Where reading goes on.
    at: usize,
    /// The index of `read[0]`.
    first: usize,
    /// The words read and not dropped.
    read: Vec<Word<'t>>,
}

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Words<'t> {
        Words {
            text,
            at: 0,
            first: 0,
            read: Vec::new(),
        }
    }

    /// The `k`th word, `None` past the last.
    fn get(&mut self, k: usize) -> Option<Word<'t>> {
        while self.first + self.read.len() <= k {
            let word = self.next_word()?;
            self.read.push(word);
        }
        self.read.get(k.checked_sub(self.first)?).copied()
    }

    /// Drops the words before the `k`th: they are never asked for again.
    fn drop_before(&mut self, k: usize) {
        let n = k.saturating_sub(self.first).min(self.read.len());
        if n == self.read.len() {
            self.read.clear();
        } else {
            self.read.drain(..n);
        }
        self.first += n;
    }

    fn next_word(&mut self) -> Option<Word<'t>> {
        let bytes = self.text.as_bytes();
        let mut i = self.at;
        while i < bytes.len() && !bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i >= bytes.len() {
            self.at = i;
            return None;
        }
        let start = i;
        while i < bytes.len()
            && (bytes[i].is_ascii_alphabetic()
                || bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
        {
            i += 1;
        }
        self.at = i;
        // A word glued to digits or other letters (`3rd`, `Ωone`) is no
        // number word: it is returned, and never matches.
        Some(Word {
            text: &self.text[start..i],
            start,
            end: i,
        })
    }
}

/// A word already read and not dropped (within a number being read).
impl<'t> std::ops::Index<usize> for Words<'t> {
    type Output = Word<'t>;

    fn index(&self, k: usize) -> &Word<'t> {
        &self.read[k - self.first]
    }
}

/// The numbers written in words in `text`, in order.
pub fn word_numbers_in(text: &str) -> Vec<Number> {
    let mut all = Words::new(text);
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        if all.read.is_empty() {
            // Nothing read ahead: a word no number starts at is not kept.
            let Some(word) = all.next_word() else { break };
            if !may_start_number(word.text) {
                i += 1;
                all.first = i;
                continue;
            }
            all.read.push(word);
        }
        let Some(word) = all.get(i) else { break };
        if may_start_number(word.text)
            && let Some((number, next)) = read_at(text, &mut all, i)
        {
            out.push(number);
            i = next;
        } else {
            i += 1;
        }
        all.drop_before(i);
    }
    out
}

/// Whether a number read by [`word_numbers_in`] is a figure in a claim: a
/// percentage, a scaled amount (`three million`) or at least a hundred
/// (`one hundred`). Small counts in words (`two terms`, `three players`)
/// are prose, not figures to check.
pub fn is_claim_figure(number: &Number) -> bool {
    number.kind == NumberKind::Percent && number.unscaled >= 1.0 || number.value >= 100.0
}

/// Whether `text` may hold a number in words that [`is_claim_figure`]
/// takes: one of at least a hundred needs `hundred`, `dozen` or a scale
/// (`thousand`, `…illion`), a percentage needs `percent`, `per cent`,
/// `percentage` or `pct` (fractions, which are percentages too, are
/// below one). Without any of these, a claim's words need no reading.
pub fn may_hold_claim_figure(text: &str) -> bool {
    let bytes = text.as_bytes();
    (0..bytes.len()).any(|i| {
        let rest = &bytes[i..];
        let starts = |w: &[u8]| {
            rest.get(..w.len())
                .is_some_and(|r| r.eq_ignore_ascii_case(w))
        };
        match bytes[i] | 0x20 {
            b'h' => starts(b"hundred"),
            b't' => starts(b"thousand"),
            b'i' => starts(b"illion"),
            b'd' => starts(b"dozen"),
            b'c' => starts(b"cent"),
            b'p' => starts(b"pct"),
            _ => false,
        }
    })
}

/// Whether `word` is glued to something that makes it no number word: a
/// digit or a letter outside ASCII right before or after.
fn glued(text: &str, word: &Word<'_>) -> bool {
    let around = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    around(text[..word.start].chars().next_back()) || around(text[word.end..].chars().next())
}

/// The number whose first word is `all[i]`, and the index of the word after it.
fn read_at(text: &str, all: &mut Words<'_>, i: usize) -> Option<(Number, usize)> {
    let first = all.get(i)?;
    if glued(text, &first) {
        return None;
    }
    // `a` / `an` only before a scale, `dozen` or a fraction's denominator.
    let article = is(&first, "a") || is(&first, "an");
    if let Some(found) = fraction(all, i, article) {
        return Some(found);
    }
    if is(&first, "half") {
        return Some((fraction_number(first.start, first.end, 0.5), i + 1));
    }
    let (mut total, mut current, mut j) = (0.0, 0.0, i);
    let mut any = false;
    let mut last_scale = 1.0;
    // The cardinal just read, when the last word was one: `twenty five`
    // goes on, `one two` does not.
    let mut previous: Option<f64> = None;
    if article {
        let next = all.get(i + 1)?;
        let scaled =
            is(&next, "hundred") || is(&next, "dozen") || SCALES.iter().any(|(s, _)| is(&next, s));
        if !scaled {
            return None;
        }
        current = 1.0;
        j += 1;
    }
    while let Some(word) = all.get(j) {
        if j > i && !is_gap(text, all[j - 1].end, word.start) || glued(text, &word) {
            break;
        }
        if let Some(v) = cardinal(word.text) {
            let goes_on = previous.is_none_or(|p| {
                p >= 20.0 && p % 10.0 == 0.0 && (1.0..10.0).contains(&v) && !word.text.contains('-')
            });
            if !goes_on || article && j == i + 1 {
                break;
            }
            current += v;
            previous = Some(v);
        } else if is(&word, "hundred") && current < 100.0 && (any || article) {
            current = current.max(1.0) * 100.0;
            previous = None;
        } else if is(&word, "dozen") && total == 0.0 && current < 100.0 && (any || article) {
            current = current.max(1.0) * 12.0;
            any = true;
            j += 1;
            break;
        } else if let Some(&(_, scale)) = SCALES.iter().find(|(s, _)| is(&word, s))
            && (any || article)
        {
            total += current.max(1.0) * scale;
            last_scale = scale;
            current = 0.0;
            previous = None;
        } else if is(&word, "and")
            && current >= 100.0
            && previous.is_none()
            && all.get(j + 1).and_then(|w| cardinal(w.text)).is_some()
        {
            // `two hundred and fifty`
        } else {
            break;
        }
        any = true;
        j += 1;
    }
    if !any {
        return None;
    }
    let value = total + current;
    let (kind, end, next) = percent_after(text, all, j);
    let end = end.unwrap_or(all[j - 1].end);
    Some((
        Number {
            span: first.start..end,
            value,
            unscaled: value / last_scale,
            kind,
        },
        next,
    ))
}

/// `percent`, `per cent` or `percentage points` after the words ending
/// before `all[j]`: the kind, where the unit ends, and the next word.
fn percent_after(text: &str, all: &mut Words<'_>, j: usize) -> (NumberKind, Option<usize>, usize) {
    let Some(word) = all.get(j) else {
        return (NumberKind::Quantity, None, j);
    };
    if !is_gap(text, all[j - 1].end, word.start) {
        return (NumberKind::Quantity, None, j);
    }
    if is(&word, "percent") || is(&word, "pct") {
        return (NumberKind::Percent, Some(word.end), j + 1);
    }
    let second = all.get(j + 1).filter(|w| is_gap(text, word.end, w.start));
    match second {
        Some(w) if is(&word, "per") && is(&w, "cent") => (NumberKind::Percent, Some(w.end), j + 2),
        Some(w) if is(&word, "percentage") && (is(&w, "point") || is(&w, "points")) => {
            (NumberKind::Percent, Some(w.end), j + 2)
        }
        _ => (NumberKind::Quantity, None, j),
    }
}

/// `two-thirds`, `a third`, `three quarters`, `one-fifth`: a fraction,
/// read as a percentage (its `unscaled` is the fraction itself).
fn fraction(all: &mut Words<'_>, i: usize, article: bool) -> Option<(Number, usize)> {
    let first = all.get(i)?;
    let numerator = if article {
        1.0
    } else if let Some((n, d)) = first.text.split_once('-') {
        let numerator = cardinal(n).filter(|v| (1.0..10.0).contains(v))?;
        let denominator = denominator(d, numerator)?;
        return Some((
            fraction_number(first.start, first.end, numerator / denominator),
            i + 1,
        ));
    } else {
        cardinal(first.text).filter(|v| (1.0..10.0).contains(v))?
    };
    let second = all.get(i + 1)?;
    if second.start != first.end + 1 {
        return None;
    }
    let denominator = denominator(second.text, numerator)?;
    Some((
        fraction_number(first.start, second.end, numerator / denominator),
        i + 2,
    ))
}

/// The denominator a word names, singular after one (`a third`), plural
/// after more (`two thirds`).
fn denominator(word: &str, numerator: f64) -> Option<f64> {
    DENOMINATORS.iter().find_map(|&(one, many, d)| {
        let name = if numerator == 1.0 { one } else { many };
        (word.eq_ignore_ascii_case(name) && numerator < d).then_some(d)
    })
}

fn fraction_number(start: usize, end: usize, fraction: f64) -> Number {
    Number {
        span: start..end,
        value: fraction * 100.0,
        unscaled: fraction,
        kind: NumberKind::Percent,
    }
}

/// Whether the text between two words is a single space (of any kind) or
/// a hyphen: they belong to one number.
fn is_gap(text: &str, end: usize, start: usize) -> bool {
    text.get(end..start)
        .is_some_and(|gap| matches!(gap, " " | "\u{a0}" | "\u{202f}" | "-"))
}

#[cfg(test)]
mod tests;
