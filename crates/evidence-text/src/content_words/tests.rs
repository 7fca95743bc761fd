//! Tests of the parent module.

use super::*;

/// The content words of `text`, as the text of each.
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    content_words(text, |_, range| out.push(&text[range]));
    out
}

fn stems(text: &str) -> Vec<Stem> {
    let mut out = Vec::new();
    content_words(text, |stem, _| out.push(stem));
    out
}

#[test]
fn words_are_lowercased_stemmed_and_stop_words_dropped() {
    assert_eq!(
        words("The Committee held the rates at 5.25 percent in 2026."),
        ["Committee", "held", "rates", "5.25", "percent", "2026"]
    );
    assert_eq!(stems("rates RATED rate"), stems("rate rate rate"));
    assert_ne!(stems("rates"), stems("held"));
    // A number is not a word, whatever its digits spell.
    assert_ne!(stems("2026"), stems("a2026"));
}

#[test]
fn numbers_keep_their_decimals_and_drop_thousands_separators() {
    assert_eq!(stems("143,000"), stems("143000"));
    assert_ne!(stems("5.25"), stems("525"));
    assert_eq!(words("$0.13 per share."), ["0.13", "share"]);
    assert_eq!(words("Ends in 2026. Next"), ["Ends", "2026", "Next"]);
}

#[test]
fn digits_of_other_scripts_are_ascii_digits() {
    assert_eq!(stems("१९९७"), stems("1997"));
    assert_eq!(stems("٢٠٢٤"), stems("2024"));
}

#[test]
fn arabic_words_are_stemmed_as_arabic_and_its_stop_words_left_out() {
    // The article and `by`, `for` are written into the word.
    assert_eq!(stems("المحكمة"), stems("محكمة"));
    assert_eq!(stems("بالحكومة للحكومة"), stems("حكومة حكومة"));
    assert_eq!(words("قال إنه في المدينة"), ["قال", "المدينة"]);
}

#[test]
fn apostrophes_hyphens_and_initials() {
    assert_eq!(words("Aoki’s film"), ["Aoki’s", "film"]);
    assert_eq!(stems("Aoki’s"), stems("aoki's"));
    assert_eq!(stems("Aoki's"), stems("Aoki"));
    assert_eq!(words("Grammy-nominated"), ["Grammy", "nominated"]);
    assert_eq!(words("William O. Douglas"), ["William", "Douglas"]);
}

#[test]
fn full_width_forms_read_as_ascii() {
    assert_eq!(stems("２０２６ ＧＤＰ"), stems("2026 gdp"));
}

#[test]
fn scripts_without_spaces_are_read_in_pairs_of_characters() {
    assert_eq!(words("美联储维持"), ["美联", "联储", "储维", "维持"]);
    // A lone character is a word; Latin text beside it is read apart.
    assert_eq!(words("GDP增长 5% 率"), ["GDP", "增长", "5", "率"]);
    assert_eq!(words("東京タワー"), ["東京", "京タ", "タワ", "ワー"]);
    assert_eq!(stems("利率"), stems("利率"));
}

#[test]
fn other_scripts_marks_and_spaces() {
    // Combining marks stay in their word; NBSP, ideographic space,
    // RTL marks and emoji separate words.
    assert_eq!(
        words("cafe\u{301}\u{a0}crème\u{3000}Zürich\u{200f}שלום 🎉 emoji"),
        ["cafe\u{301}", "crème", "Zürich", "שלום", "emoji"]
    );
    assert_eq!(words("Ölpreise стали выше"), ["Ölpreise", "стали", "выше"]);
    assert!(words("").is_empty());
    assert!(words(" . , ' ’ 🎉").is_empty());
}

#[test]
fn a_virama_or_a_nukta_stays_in_its_word() {
    // Hindi joins consonants with a virama (`्`) and writes some with a
    // nukta (`़`); neither is a letter to `char::is_alphabetic`. Its
    // postpositions (`का`) are stop words.
    assert_eq!(
        words("प्रधानमंत्री नरेंद्र मोदी का जन्म हज़ार"),
        ["प्रधानमंत्री", "नरेंद्र", "मोदी", "जन्म", "हज़ार"]
    );
    assert_eq!(words("यह उनके लिए है"), Vec::<&str>::new());
    // Tamil's and Bengali's viramas, too; a danda ends the word.
    assert_eq!(words("சென்னை বন্ধু।"), ["சென்னை", "বন্ধু"]);
}

#[test]
fn eight_bytes_at_a_time_are_told_apart_as_one_at_a_time() {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for b in 0..=255u8 {
        for at in 0..8 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut eight = seed.to_le_bytes();
            eight[at] = b;
            let (alnum, letters) = ascii_kinds(u64::from_le_bytes(eight));
            for (i, &c) in eight.iter().enumerate() {
                let bit = 0x80u64 << (8 * i);
                assert_eq!(alnum & bit != 0, c.is_ascii_alphanumeric(), "{eight:?}");
                assert_eq!(letters & bit != 0, c.is_ascii_alphabetic(), "{eight:?}");
            }
            assert_eq!(alnum & !HIGH_BITS, 0);
        }
    }
}

/// Every character through the general path, none through the fast
/// ones: what [`content_words`] must equal.
fn one_character_at_a_time(text: &str) -> Vec<(Stem, Range<usize>)> {
    let mut out = Vec::new();
    let mut each = |stem, range| out.push((stem, range));
    MEMO.with_borrow_mut(|memo| {
        let mut reader = Reader::new(memo, false);
        for (at, c) in text.char_indices() {
            reader.other(text, c, at, at + c.len_utf8(), &mut each);
        }
        reader.end_word(text.len(), &mut each);
        reader.end_run(&mut each);
    });
    out
}

/// Pieces that meet every branch of the reader.
const PIECES: &[&str] = &[
    "Rates",
    "RATES",
    "rate",
    "the",
    "a",
    "x",
    "a3",
    "143",
    ",",
    "000",
    ".",
    "25",
    "'",
    "’",
    "s",
    "Federal",
    "Reserve",
    "unemployment",
    "ABCDEFGHI",
    "abcdefgh",
    "Aoki",
    "-",
    " ",
    "\u{a0}",
    "\u{3000}",
    "\u{200f}",
    "\u{301}",
    "２０２６",
    "१९९७",
    "٢",
    "٫",
    "٪",
    "ＧＤＰ",
    "．",
    "，",
    "Zürich",
    "crème",
    "стали",
    "利率",
    "東京",
    "タワー",
    "ไทย",
    "🎉",
    "\n",
    "%",
    "$",
    "9.07",
    "1.5bn",
    "2,026.5",
];

proptest::proptest! {
    #[test]
    fn fast_paths_read_as_the_general_path(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..30)
    ) {
        let text: String = pieces.concat();
        let mut fast = Vec::new();
        content_words(&text, |stem, range| fast.push((stem, range)));
        proptest::prop_assert_eq!(fast, one_character_at_a_time(&text));
    }
}

#[test]
fn stems_are_the_same_on_every_call_and_thread() {
    let text = "Payrolls rose by 143,000 in January, the release said.";
    let here = stems(text);
    let there = std::thread::spawn(move || stems(text)).join().unwrap();
    assert_eq!(here, there);
    assert_eq!(here, stems(text));
}
