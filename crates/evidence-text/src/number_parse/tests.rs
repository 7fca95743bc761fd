//! Tests of the number parser.

use super::*;

/// `(text of the span, value, kind)` of each number (the other modules'
/// tests read numbers with it too).
pub(super) fn found(text: &str) -> Vec<(&str, f64, NumberKind)> {
    numbers_in(text)
        .into_iter()
        .map(|n| (&text[n.span.clone()], n.value, n.kind))
        .collect()
}

use NumberKind::*;

#[test]
fn plain_numbers_decimals_and_thousands_separators() {
    assert_eq!(
        found("Payrolls rose 143,000 and GDP grew 2.4 at a .5 pace; 1,234,567 in all."),
        [
            ("143,000", 143000.0, Quantity),
            ("2.4", 2.4, Quantity),
            (".5", 0.5, Quantity),
            ("1,234,567", 1234567.0, Quantity)
        ]
    );
}

#[test]
fn percentages_in_every_spelling() {
    for text in [
        "2.9%",
        "2.9 %",
        "2.9 percent",
        "2.9 per cent",
        "2.9 pct",
        "2.9pct",
        "2.9 percentage points",
        "2.9pp",
    ] {
        let numbers = numbers_in(text);
        assert_eq!(numbers.len(), 1, "{text}");
        assert_eq!(
            (numbers[0].value, numbers[0].kind),
            (2.9, Percent),
            "{text}"
        );
        assert_eq!(numbers[0].span, 0..text.len(), "{text}");
    }
}

#[test]
fn ranges_share_the_kind_of_their_second_number() {
    for text in [
        "held at 5.25-5.50%",
        "held at 5.25–5.50%",
        "held at 5.25%–5.50%",
        "held at 5.25 to 5.50 percent",
        "held between 5.25 and 5.50 percent",
    ] {
        let numbers = numbers_in(text);
        let got: Vec<_> = numbers.iter().map(|n| (n.value, n.kind)).collect();
        assert_eq!(got, [(5.25, Percent), (5.5, Percent)], "{text}");
    }
    assert_eq!(
        found("the meeting of March 17–18"),
        [("17", 17.0, Day), ("18", 18.0, Day)]
    );
}

#[test]
fn mixed_fractions_as_central_banks_write_them() {
    let got: Vec<_> = numbers_in("at 3-1/2 to 3-3/4 percent, then 5 1/4 and 4½")
        .iter()
        .map(|n| (n.value, n.kind))
        .collect();
    assert_eq!(
        got,
        [
            (3.5, Percent),
            (3.75, Percent),
            (5.25, Quantity),
            (4.5, Quantity)
        ]
    );
}

#[test]
fn scales_and_attached_units() {
    let got: Vec<_> = numbers_in("$1.2 trillion, 143k jobs, 3bn, 25bp, 25 basis points, 2x")
        .iter()
        .map(|n| (n.value, n.unscaled))
        .collect();
    assert_eq!(
        got,
        [
            (1.2e12, 1.2),
            (143e3, 143.0),
            (3e9, 3.0),
            (25.0, 25.0),
            (25.0, 25.0),
            (2.0, 2.0)
        ]
    );
    let a = numbers_in("143,000")[0].clone();
    let b = numbers_in("143 thousand")[0].clone();
    assert!(a.matches(&b) && b.matches(&a));
    assert!(numbers_in("5.50%")[0].matches(&numbers_in("5.5 percent")[0]));
    assert!(!numbers_in("5.50%")[0].matches(&numbers_in("5.05%")[0]));
}

#[test]
fn signs_are_ignored() {
    let got: Vec<_> = numbers_in("fell -0.3% or −0.3 percent, +143,000")
        .iter()
        .map(|n| n.value)
        .collect();
    assert_eq!(got, [0.3, 0.3, 143000.0]);
}

#[test]
fn years_days_times_and_dates() {
    assert_eq!(
        found("On February 10, 2026 at 8:30 the 2026-02-10 data for 2/13 and 10 Feb. came"),
        [
            ("10", 10.0, Day),
            ("2026", 2026.0, Year),
            ("8:30", 830.0, Time),
            ("2026-02-10", 20260210.0, Date),
            ("2/13", 213.0, Date),
            ("10", 10.0, Day)
        ]
    );
    // Not a year: grouped, decimal, out of range, or with a unit.
    assert_eq!(
        found("2,026 and 2026.5 and 1500 and 2026%"),
        [
            ("2,026", 2026.0, Quantity),
            ("2026.5", 2026.5, Quantity),
            ("1500", 1500.0, Quantity),
            ("2026%", 2026.0, Percent)
        ]
    );
    // A bare number is not a day.
    assert_eq!(found("rose 10 points"), [("10", 10.0, Quantity)]);
}

#[test]
fn identifiers_ordinals_and_structure_are_not_numbers() {
    for text in [
        "Q4 GDP and H1 results from the G7",
        "COVID-19 and mp3 and 10Y and 3D",
        "the 1st, 2nd, 3rd and 21st meetings",
        "as Section 3 and Table 1 and Figure 4 and page 12 show",
        "see § 4, No. 7 and #3 and chapter 2",
        "at https://example.com/2026/02/report-3.html today",
        "snake_case_2 and x2",
    ] {
        assert_eq!(found(text), [], "{text}");
    }
    assert_eq!(found("1. Rates rose 3."), [("3", 3.0, Quantity)]);
    assert_eq!(found("2) Rates held."), []);
    assert_eq!(found("1.5 percent"), [("1.5 percent", 1.5, Percent)]);
}

#[test]
fn years_in_quoted_titles_do_not_count_but_other_numbers_do() {
    assert_eq!(
        found("BEA's \"GDP, Fourth Quarter 2025\" shows 2.4%, per “Outlook 2026”."),
        [("2.4%", 2.4, Percent)]
    );
    assert_eq!(
        found("the \"2.9% rise\" in 2025"),
        [("2.9%", 2.9, Percent), ("2025", 2025.0, Year)]
    );
}

#[test]
fn spans_are_byte_ranges_of_the_text() {
    let text = "Prices — up 2,4 € — rose 3½% in 2025.";
    for n in numbers_in(text) {
        assert!(text.is_char_boundary(n.span.start) && text.is_char_boundary(n.span.end));
    }
    assert_eq!(found("rose 3½%"), [("3½%", 3.5, Percent)]);
}

/// Pieces of text around numbers: digits, separators, units, reference
/// words, quotes, and the non-ASCII characters typography and other
/// scripts put next to them (no-break, thin, narrow and ideographic
/// spaces, full-width and Arabic-Indic digits, RTL marks, a combining
/// accent, emoji, CJK, vulgar fractions).
const PIECES: &[&str] = &[
    "3", "12", "2026", "1,234", ".", ",", "-", "–", "/", ":", "%", " ", "\u{a0}", "\u{2009}",
    "\u{202f}", "\u{3000}", "\u{ff13}", "\u{663}", "\u{96f}", "\u{66b}", "\u{66a}", "\u{200f}",
    "\u{301}", "😀", "页", "½", "page", "per", "cent", "percent", "Feb", "k", "st", "[", "]", "\"",
    "“", "”", "§", "://", "é", "\n",
];

/// Every number of `text` is well formed: a non-empty span on char
/// boundaries, a finite value.
fn assert_well_formed(text: &str) {
    for n in numbers_in(text) {
        assert!(n.span.start < n.span.end, "{text:?}");
        assert!(text.is_char_boundary(n.span.start), "{text:?}");
        assert!(text.is_char_boundary(n.span.end), "{text:?}");
        assert!(n.value.is_finite(), "{text:?}");
    }
}

#[test]
fn non_ascii_spaces_and_digits_next_to_numbers_are_safe() {
    // The typography of real prose: a no-break space in "page 3" and
    // "4.4 percent", an ideographic space in CJK text.
    assert_eq!(found("page\u{a0}3"), []);
    assert_eq!(
        found("4.4\u{a0}percent"),
        [("4.4\u{a0}percent", 4.4, Percent)]
    );
    assert_eq!(
        found("增长\u{3000}3\u{3000}percent"),
        [("3", 3.0, Quantity)]
    );
    assert_eq!(
        found("rose\u{202f}5\u{202f}%"),
        [("5\u{202f}%", 5.0, Percent)]
    );
    assert_eq!(
        found("see\u{a0}https://e.org/2026 and 7"),
        [("7", 7.0, Quantity)]
    );
    // Full-width digits are read as the ASCII ones they stand for (NFKC);
    // other scripts' digits too (`cjk.rs`).
    assert_eq!(
        found("\u{ff13}\u{ff10}%"),
        [("\u{ff13}\u{ff10}%", 30.0, Percent)]
    );
}

#[test]
fn every_sequence_of_three_pieces_is_safe() {
    for a in PIECES {
        for b in PIECES {
            for c in PIECES {
                assert_well_formed(&format!("{a}{b}{c}"));
                assert_well_formed(&format!("{a}3{b}{c}"));
            }
        }
    }
}

#[test]
fn any_text_is_safe_and_spans_fall_on_char_boundaries() {
    // A deterministic walk over texts made of the pieces above and of
    // single characters the parser looks at, multi-byte ones included.
    let alphabet: Vec<char> = "0123456789.,-–/:%½ abcxkmptQ§#\"“”é€\u{a0}\u{3000}\u{2009}\n"
        .chars()
        .collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = next() % 24;
        let mut text = String::new();
        for _ in 0..len {
            if next() % 2 == 0 {
                text.push(alphabet[(next() % alphabet.len() as u64) as usize]);
            } else {
                text.push_str(PIECES[(next() % PIECES.len() as u64) as usize]);
            }
        }
        assert_well_formed(&text);
    }
}

#[test]
fn long_texts_take_linear_time() {
    // Each number looks only at its neighbourhood, so one long text
    // costs what its lines cost apart (an earlier version lowercased
    // the whole text before each number).
    let text =
        "Rates held at 3.50–3.75% in \"Outlook 2026\" between 4 and 5 in 2025. ".repeat(4_000);
    assert_eq!(numbers_in(&text).len(), 4_000 * 5);
    // One long word of numbers, and a long URL: each character is looked
    // at a bounded number of times (the URL test once scanned the whole
    // word for every digit in it).
    let word = "1-2/3,".repeat(20_000);
    assert!(!numbers_in(&word).is_empty());
    let url = format!("https://e.org/{}", "1/".repeat(20_000));
    assert_eq!(numbers_in(&url), []);
    let spaces = format!("{}{}", " ".repeat(50_000), "1 ".repeat(20_000));
    assert_eq!(numbers_in(&spaces).len(), 20_000);
}

#[test]
fn a_year_glued_to_the_next_word_is_read() {
    assert_eq!(
        found("Live, 30 JUN 2018Updated13:14, 3Com, 10GHz, 4Kb, 5G1"),
        [("30", 30.0, Day), ("2018", 2018.0, Year)]
    );
}

#[test]
fn full_width_figures_are_read_with_their_spans_in_the_text() {
    let text = "東京: ４.４％ and １２３ units in ２０２６, ｘ 5";
    let got: Vec<(&str, f64)> = numbers_in(text)
        .iter()
        .map(|n| (&text[n.span.clone()], n.value))
        .collect();
    assert_eq!(
        got,
        [
            ("４.４％", 4.4),
            ("１２３", 123.0),
            ("２０２６", 2026.0),
            ("5", 5.0)
        ]
    );
}

#[test]
fn a_figure_glued_to_a_word_is_read_in_a_passage_only() {
    let text = "Clear rate1 – Fewer than 100, COVID19, H2O, mp3";
    let values = |numbers: Vec<Number>| -> Vec<f64> { numbers.iter().map(|n| n.value).collect() };
    assert_eq!(values(passage_numbers_in(text)), [1.0, 100.0]);
    assert_eq!(values(numbers_in(text)), [100.0]);
}

#[test]
fn the_rest_of_a_figure_glued_to_a_word_is_no_figure_of_its_own() {
    // A claim quoting a scraped passage: the passage reads 143 000, the
    // claim skips the glued word and must not read `000` alone.
    let text = "Rates Zürich143\u{a0}000\u{200f}7 and X12\u{202f}500 units";
    let values = |numbers: Vec<Number>| -> Vec<f64> { numbers.iter().map(|n| n.value).collect() };
    assert_eq!(values(numbers_in(text)), [7.0]);
    assert_eq!(values(passage_numbers_in(text)), [143_000.0, 7.0]);
}

#[test]
fn a_season_written_with_a_slash_is_two_years() {
    assert_eq!(
        found("champions 2003/04 and 1988/89; not 2003/04/05 or 3/4"),
        [
            ("2003", 2003.0, Year),
            ("04", 2004.0, Year),
            ("1988", 1988.0, Year),
            ("89", 1989.0, Year),
        ][..]
            .iter()
            .copied()
            .chain(found("not 2003/04/05 or 3/4"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_range_of_years_written_with_two_hyphens_ends_in_a_year() {
    assert_eq!(
        found("Rage Against the Machine ( 1991 -- 2000 ; 2007 -- 11 ), not 2010-11-05"),
        [
            ("1991", 1991.0, Year),
            ("2000", 2000.0, Year),
            ("2007", 2007.0, Year),
            ("11", 2011.0, Year),
            ("2010-11-05", 20101105.0, Date),
        ]
    );
}

#[test]
fn the_second_year_of_a_season_is_a_year() {
    assert_eq!(
        found("in the 2018–19 season and 1997-98, not 2018-05 or 2019–12 or 2020-2021"),
        [
            ("2018", 2018.0, Year),
            ("19", 2019.0, Year),
            ("1997", 1997.0, Year),
            ("98", 1998.0, Year),
            ("2018-05", 201805.0, Date),
            ("2019", 2019.0, Year),
            ("12", 12.0, Quantity),
            ("2020", 2020.0, Year),
            ("2021", 2021.0, Year)
        ]
    );
}

#[test]
fn no_break_and_thin_spaces_separate_thousands() {
    for text in [
        "5\u{a0}000 people",
        "5\u{202f}000 people",
        "5\u{2009}000 people",
    ] {
        let numbers = numbers_in(text);
        assert_eq!(numbers.len(), 1, "{text:?}");
        assert_eq!(numbers[0].value, 5000.0, "{text:?}");
        assert_eq!(&text[numbers[0].span.clone()], &text[..text.len() - 7]);
    }
    // A plain or ideographic space does not: two numbers, or one.
    assert_eq!(numbers_in("5 000").len(), 2);
    assert_eq!(numbers_in("5\u{3000}000").len(), 2);
    // Full-width digits are read as ASCII ones; an RTL mark ends them.
    let numbers = numbers_in("\u{ff11}\u{ff12}\u{200f}%");
    assert_eq!(numbers.len(), 1);
    assert_eq!(numbers[0].value, 12.0);
}

/// `numbers_in` as it was: every byte looked at, quoted titles and URLs
/// found first by a character loop and `match_indices`. What the reader
/// that skips eight bytes at a time and finds quotes only for a year must
/// equal.
fn reference_numbers_in(text: &str) -> Vec<Number> {
    let bytes = text.as_bytes();
    let quoted = context::quoted_ranges(text);
    let mut urls: Vec<Range<usize>> = Vec::new();
    for (at, _) in text.match_indices("://") {
        if urls.last().is_some_and(|r| r.end > at) {
            continue;
        }
        // From the scheme to white space or wide punctuation.
        let mut start = at;
        while start > 0
            && matches!(text.as_bytes()[start - 1], b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'+' | b'-' | b'.')
        {
            start -= 1;
        }
        let end = text[at..]
            .char_indices()
            .find(|&(_, c)| {
                c.is_whitespace()
                    || ('\u{3000}'..='\u{303F}').contains(&c)
                    || ('\u{FF00}'..='\u{FFEF}').contains(&c)
                    || super::cjk::is_cjk(c)
            })
            .map_or(text.len(), |(i, _)| at + i);
        urls.push(start..end);
    }
    let mut out: Vec<Number> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit()
            || bytes[i] == b'.'
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                && !text[..i].ends_with(|c: char| c.is_ascii_digit());
        if !starts {
            i += 1;
            continue;
        }
        let (number, end) = read_number(text, i, &urls, false);
        i = end.max(i + 1);
        let Some(mut number) = number else { continue };
        if number.kind == NumberKind::Year && in_ranges(&quoted, number.span.start) {
            continue;
        }
        if let Some(previous) = out.last_mut() {
            let between = &text[previous.span.end..number.span.start];
            let head = text[..previous.span.start].trim_end();
            let after_between = head
                .len()
                .checked_sub(7)
                .and_then(|at| head.get(at..))
                .is_some_and(|word| word.eq_ignore_ascii_case("between"));
            // A season's `1988/89`; not a date's `2003/04/05`.
            let slash = between == "/"
                && !text[..previous.span.start].ends_with('/')
                && !text[number.span.end..].starts_with('/');
            if slash {
                if let Some(year) = short_year(previous, &number, &text[number.span.clone()]) {
                    number.value = year;
                    number.unscaled = year;
                    number.kind = NumberKind::Year;
                }
            } else if is_range_separator(between, after_between) {
                if let Some(year) = short_year(previous, &number, &text[number.span.clone()]) {
                    number.value = year;
                    number.unscaled = year;
                    number.kind = NumberKind::Year;
                } else if previous.kind == NumberKind::Quantity && number.kind != NumberKind::Year {
                    previous.kind = number.kind;
                } else if previous.kind == NumberKind::Day && number.kind == NumberKind::Quantity {
                    number.kind = NumberKind::Day;
                }
            }
        }
        out.push(number);
    }
    out
}

/// Pieces of prose with figures, in mixed scripts and spaces.
const PROSE: &[&str] = &[
    "2025",
    "2018",
    "–19",
    "143,000",
    "5.25",
    "-",
    "5.50%",
    ".5",
    "1.",
    "3-1/2",
    "½",
    "12",
    "1,2",
    "0.10.1",
    "127.0.0.1:7878",
    "u32",
    "Q4",
    "[3]",
    "Section",
    "Passage",
    "between",
    "and",
    "to",
    "February",
    "10",
    "8:30",
    "2026-02-10",
    "2/13",
    "percent",
    "million",
    "k",
    "\"",
    "“",
    "”",
    "GDP, Fourth Quarter",
    "https://x.org/2024/a",
    "https",
    "(",
    ")",
    ";",
    "。",
    "，",
    "：",
    "是",
    "a://b",
    ":",
    "//",
    " ",
    " ",
    " ",
    "\u{a0}",
    "\u{202f}",
    "\u{2009}",
    "\u{3000}",
    ". ",
    ", ",
    "\n",
    "\u{ff11}\u{ff12}",
    "東京",
    "🙂",
    "\u{200f}",
    "\u{301}",
    "Ünïcode",
    "rose",
    "the",
    "x",
];

proptest::proptest! {
    #[test]
    fn the_skipping_reader_reads_what_the_byte_reader_did(
        pieces in proptest::collection::vec(proptest::sample::select(PROSE), 0..40)
    ) {
        let text: String = pieces.concat();
        // The ASCII reader: full-width forms are folded before it.
        proptest::prop_assert_eq!(read_ascii_numbers(&text, false), reference_numbers_in(&text));
    }
}

proptest::proptest! {
    #[test]
    fn spaces_around_a_text_change_no_number(
        pieces in proptest::collection::vec(proptest::sample::select(PROSE), 0..40)
    ) {
        // A claim is its block's text trimmed: its numbers are the
        // block's, shifted (what lets numeric-claim share them).
        let text: String = pieces.concat();
        let lead = text.len() - text.trim_start().len();
        let mut shifted = numbers_in(text.trim());
        for n in &mut shifted {
            n.span = n.span.start + lead..n.span.end + lead;
        }
        proptest::prop_assert_eq!(numbers_in(&text), shifted);
    }
}
