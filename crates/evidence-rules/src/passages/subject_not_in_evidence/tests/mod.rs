use super::*;
use evidence_text::content_words::is_unspaced;
use evidence_text::names::lexicon::{JOINERS, TITLES_AND_QUALIFIERS, WORDS_OF_KIND};

/// What the rule reads of a claim citing one item whose texts are
/// `texts` (its passages, then its title and publisher).
pub(super) fn check_item(claim: &str, texts: &[&str]) -> Option<(String, String)> {
    disagreement(claim, &[(&ItemVocabulary::new(texts), texts.to_vec())])
}

/// What the rule reads of a claim citing one passage.
pub(super) fn check(claim: &str, passage: &str) -> Option<(String, String)> {
    // No title or publisher: their places are empty.
    disagreement(
        claim,
        &[(&ItemVocabulary::new(&[passage]), vec![passage, "", ""])],
    )
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
        (
            "The campus had the most crimes of any public NYC high school.",
            "New York City public schools logged crimes; the Prospect Heights High School campus topped the list.",
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
    for list in [
        FUNCTION_WORDS,
        WORDS_OF_KIND,
        MONTHS_AND_DAYS,
        JOINERS,
        restated::TITLES,
        TITLES_AND_QUALIFIERS,
    ] {
        assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
    }
    // A class word is listed once: a word of kind, or a title or qualifier.
    assert!(
        WORDS_OF_KIND
            .iter()
            .all(|w| !TITLES_AND_QUALIFIERS.contains(w))
    );
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

/// `words` as it was, a character at a time: what the token reader must
/// equal.
fn reference_words(text: &str, fold_all: bool) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start = None;
    let mut last_end = 0;
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '-' | '&' | '\'' | '’' | '.');
    let push = |out: &mut Vec<Word>, range: std::ops::Range<usize>, last_end: &mut usize| {
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
                reference_fold(trimmed)
            } else {
                String::new()
            },
            capital,
            written: Box::default(),
            joined: gap.chars().all(|c| c.is_whitespace()),
            opens_line: *last_end == 0 || gap.contains(['\n', '\r']),
        });
        *last_end = begin + trimmed.len();
    };
    // A word also ends at a letter of the other kind (Latin after Chinese,
    // Chinese after Latin), which starts the next.
    let kind = |at: usize| text[at..].chars().next().is_some_and(is_unspaced);
    for (i, c) in text.char_indices() {
        match (start, is_word(c)) {
            (None, true) if c.is_alphanumeric() => start = Some(i),
            (Some(s), true) if c.is_alphanumeric() && is_unspaced(c) != kind(s) => {
                push(&mut out, s..i, &mut last_end);
                start = Some(i);
            }
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

/// `fold` as it was, a character at a time.
fn reference_fold(word: &str) -> String {
    let mut out = String::new();
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
            '’' | 'ʼ' => '\'',
            '.' => continue,
            c => c,
        };
        out.push(base);
    }
    out
}

/// Pieces of claims and passages: names, their siblings, joiners,
/// possessives, initials, in mixed scripts and spaces.
const PIECES: &[&str] = &[
    "Hurricane",
    "Ida",
    "Idalia",
    "made",
    "landfall",
    "in",
    "Louisiana",
    "Florida",
    "Bank",
    "of",
    "England",
    "the",
    "Fed",
    "Federal",
    "Reserve",
    "FEMA",
    "U.S.",
    "Q3",
    "Zürich",
    "ZÜRICH",
    "Zurich",
    "Greece",
    "Greek",
    "Obama's",
    "Obama’s",
    "O'Neill",
    "AT&T",
    "-",
    ".",
    "'",
    "’",
    "&",
    "\u{130}stanbul",
    "\u{212a}elvin",
    "Ｆｕｌｌ",
    "東京",
    "🙂",
    "É\u{301}",
    "\u{200f}",
    " ",
    " ",
    " ",
    "\u{a0}",
    "\u{3000}",
    "\u{2009}",
    ", ",
    ". ",
    "\n",
    "12",
    "１２",
    "zz",
    "aza",
    "Zaza",
];

proptest::proptest! {
    #[test]
    fn the_token_reader_cuts_and_folds_as_before(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..30),
        fold_all: bool,
    ) {
        let text: String = pieces.concat();
        proptest::prop_assert_eq!(words(&text, fold_all), reference_words(&text, fold_all));
        proptest::prop_assert_eq!(fold(&text), reference_fold(&text));
        let capitalised: Vec<&str> = evidence_text::names::tokens(&text)
            .filter(|t| t.capital)
            .map(|t| &text[t.at])
            .collect();
        proptest::prop_assert_eq!(capitals(&text).collect::<Vec<_>>(), capitalised);
    }

    #[test]
    fn a_word_begins_a_word_as_the_substring_search_found(
        texts in proptest::collection::vec(
            proptest::collection::vec(proptest::sample::select(PIECES), 0..20), 0..3),
        word in proptest::collection::vec(proptest::sample::select(PIECES), 0..3),
    ) {
        let texts: Vec<String> = texts.iter().map(|t| t.concat()).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let vocabulary = ItemVocabulary::new(&texts);
        // Folded as the rule folds a claim's word (a needle may also hold
        // a space or a line break, which a word never does).
        let word = fold(&word.concat());
        proptest::prop_assert_eq!(
            vocabulary.begins_a_word(&word),
            begins_a_word_by_memmem(&vocabulary, &word)
        );
    }

    #[test]
    fn a_capital_after_the_first_character_is_found_as_before(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..20),
    ) {
        let text = pieces.concat();
        proptest::prop_assert_eq!(
            capital_after_first(&text),
            text.chars().skip(1).any(char::is_uppercase)
        );
    }

    #[test]
    fn capitals_are_skipped_to_as_byte_by_byte(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..30),
    ) {
        let text = pieces.concat();
        let bytes = text.as_bytes();
        for at in 0..=bytes.len() {
            let by_byte = (at..bytes.len())
                .find(|&i| bytes[i].is_ascii_uppercase() || !bytes[i].is_ascii())
                .unwrap_or(bytes.len());
            proptest::prop_assert_eq!(evidence_text::names::search::upper_or_other(bytes, at), by_byte);
            let ascii = bytes[at..].iter().take_while(|b| b.is_ascii()).count();
            proptest::prop_assert_eq!(evidence_text::names::search::ascii_len(&bytes[at..]), ascii);
        }
    }

    #[test]
    fn a_reported_name_is_the_claims_own_text(
        claim in proptest::collection::vec(proptest::sample::select(PIECES), 0..20),
        passage in proptest::collection::vec(proptest::sample::select(PIECES), 0..40),
    ) {
        // Long passages repeat names, so the passage's subject is read too.
        let (claim, passage) = (claim.concat(), passage.concat());
        let cited = [(&ItemVocabulary::new(&[&passage]), vec![passage.as_str(), "", ""])];
        if let Some((named, rival)) = disagreement(&claim, &cited) {
            proptest::prop_assert!(claim.contains(named.as_str()), "{named:?} in {claim:?}");
            proptest::prop_assert!(!rival.is_empty());
        }
    }

    #[test]
    fn the_shortcut_never_changes_the_answer(
        claim in proptest::collection::vec(proptest::sample::select(PIECES), 0..20),
        passage in proptest::collection::vec(proptest::sample::select(PIECES), 0..20),
    ) {
        let (claim, passage) = (claim.concat(), passage.concat());
        let cited = [(&ItemVocabulary::new(&[&passage]), vec![passage.as_str(), "", ""])];
        if all_capitals_cited(&claim, &[cited[0].0]) {
            proptest::prop_assert_eq!(named_disagreement(&claim, &cited, Capitals::MarkNames), None);
        }
    }
}

#[test]
fn a_swapped_word_of_a_name_the_passage_holds_in_part_is_reported() {
    for (claim, passage, want) in [
        (
            "She was elected to the Houston City Council in 2017.",
            "She was elected to the Dallas City Council in 2017.",
            ("Houston", "Dallas"),
        ),
        (
            "Swift worked again with Max Lee and Shellback on the album.",
            "Swift worked again with Max Martin and Shellback on the album.",
            ("Lee", "Martin"),
        ),
        (
            "It shut most oil production in the Gulf of Brazil.",
            "It shut most oil production in the Gulf of Mexico.",
            ("Brazil", "Mexico"),
        ),
    ] {
        assert_eq!(
            check(claim, passage),
            Some((want.0.into(), want.1.into())),
            "{claim}"
        );
    }
}

#[test]
fn a_given_name_left_out_or_a_form_of_the_name_passes() {
    for (claim, passage) in [
        // A title in the given name's place.
        (
            "In 2009 Sonia Sotomayor joined the Supreme Court.",
            "In 2009 Judge Sotomayor joined the Supreme Court.",
        ),
        // A sentence's first word joins a name by its capital only.
        (
            "Using ECharts Java, developers draw charts.",
            "Provides ECharts Java bindings so developers draw charts.",
        ),
        // Another form of the same word.
        (
            "Eudaimonia in Ancient Greece was the highest good.",
            "In Ancient Greek ethics eudaimonia was the highest good.",
        ),
    ] {
        assert_eq!(check(claim, passage), None, "{claim}");
    }
}

#[test]
fn a_place_of_the_same_kind_in_the_passage_is_reported() {
    for (claim, passage, want) in [
        (
            "Peaches are a top crop of Alabama growers.",
            "Georgia is known as the Peach State for its harvests.",
            ("Alabama", "Georgia"),
        ),
        (
            "Obama was the first black president in the history of the Canada.",
            "Obama became the first Black president of the United States.",
            ("Canada", "United States"),
        ),
        // Accents folded on both sides.
        (
            "Protests in Bogotá grew through the week.",
            "Lima saw protests grow through the week.",
            ("Bogotá", "Lima"),
        ),
    ] {
        assert_eq!(
            check(claim, passage),
            Some((want.0.into(), want.1.into())),
            "{claim}"
        );
    }
}

#[test]
fn a_wider_place_left_out_beside_one_the_passage_holds_passes() {
    for (claim, passage) in [
        // The state is there; the country and the city are other levels.
        (
            "The family moved back to the United States and settled in Flandreau, South Dakota.",
            "He grew up in Chicago; the family later settled in Flandreau, South Dakota.",
        ),
        // A place the passage leaves out, with no other place named.
        (
            "Factories in Ohio added 4,000 jobs.",
            "Factories added 4,000 jobs, the survey found.",
        ),
        // A place named by another form in the passage.
        (
            "Exports from Mexico rose 3 percent.",
            "Mexican exports rose 3 percent.",
        ),
    ] {
        assert_eq!(check(claim, passage), None, "{claim}");
    }
}

#[test]
fn what_names_a_held_name_again_passes() {
    for (claim, passage) in [
        // A title in apposition to a name the passage holds.
        (
            "She is a third cousin of Prince William, Duke of Cambridge, and Prince Harry, Duke of Sussex.",
            "Lady Amelia, granddaughter of the Duke of Kent, is a cousin of Prince William and Prince Harry.",
        ),
        // A subtitle after the title the passage holds.
        (
            "The band covered the song for the tribute album \"Maiden Heaven: A Tribute to Iron Maiden\".",
            "The arrival of Kerrang!'s \"Maiden Heaven\" CD coincides with the tour.",
        ),
        // The city a held place lies in.
        (
            "Gaskell was born in Lindsey Row, Chelsea, London, in 1810.",
            "Gaskell was born at Chelsea in 1810; her husband's work took the family to Manchester.",
        ),
        // Initials of part of a run of capitalised words, and a leading
        // `The` left out of a name's initials.
        (
            "It had the most crimes of any public NYC high school.",
            "The campus in Brooklyn New York City public schools logged 464 crimes; Prospect Heights High School topped the list.",
        ),
        (
            "The Federal Emergency Management Agency coordinated with state officials.",
            "WASHINGTON - FEMA coordinated with state officials.",
        ),
    ] {
        assert_eq!(check(claim, passage), None, "{claim}");
    }
}

#[test]
fn a_wider_country_or_a_listed_name_is_still_compared() {
    // Only a city is taken as where a held place lies: a country the
    // passage names otherwise is still a rival.
    assert_eq!(
        check(
            "Eise Eisinga built the planetarium in Franeker, Switzerland.",
            "The planetarium lies in the Frisian town of Franeker, a prominent city in the history of the Netherlands.",
        ),
        Some(("Switzerland".into(), "Netherlands".into()))
    );
    // A name after a comma in a list is not an apposition.
    assert_eq!(
        check(
            "He worked with Dave Grohl, Roger Smith and Nancy Wilson.",
            "He worked with Dave Grohl, Roger Taylor and Nancy Wilson.",
        ),
        Some(("Smith".into(), "Taylor".into()))
    );
}

/// `ItemVocabulary::begins_a_word` as it was: every occurrence the
/// substring search gives, tested for a word start.
fn begins_a_word_by_memmem(vocabulary: &ItemVocabulary, word: &str) -> bool {
    let folded = &*vocabulary.folded;
    !word.is_empty()
        && memchr::memmem::find_iter(folded.as_bytes(), word.as_bytes()).any(|at| {
            let unspaced = word.chars().next().is_some_and(is_unspaced);
            !folded[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() && is_unspaced(c) == unspaced)
        })
}

#[test]
fn a_word_after_a_rejected_occurrence_is_found_as_before() {
    // Occurrences overlap: the search skips past the end of one it found.
    let vocabulary = ItemVocabulary::new(&["xa-a-a", "a-a", "ba'a'a"]);
    for word in ["a-a", "a'a", "a", "aa", "x", "b", ""] {
        assert_eq!(
            vocabulary.begins_a_word(word),
            begins_a_word_by_memmem(&vocabulary, word),
            "{word:?}"
        );
    }
}

#[test]
fn a_surname_swapped_after_a_given_name_the_passage_writes_as_a_name() {
    let passage = "Records show that the developer Donald Trump was born in Queens, and Donald Trump later moved.";
    assert_eq!(
        check("Donald Chains was born in Queens.", passage),
        Some(("Chains".into(), "Trump".into()))
    );
    assert_eq!(check("Donald Trump was born in Queens.", passage), None);
    // A sentence's first word the passage writes in lower case is no given
    // name: `Using` does not hold `Using Plotly`, whose `Plotly` the
    // passage does not hold; it names `ECharts` amid the same words.
    assert_eq!(
        check(
            "Using Plotly, the team drew charts.",
            "Using ECharts, the team drew charts; using it saved time."
        ),
        Some(("Plotly".into(), "ECharts".into()))
    );
}

#[test]
fn a_name_in_the_slot_of_the_same_content_word_is_a_rival() {
    let passage =
        "In its filing, the regulator said Northwind Holdings quietly acquired the plant in March.";
    assert_eq!(
        check(
            "The regulator said Southgate Partners acquired the plant.",
            passage
        ),
        Some(("Southgate Partners".into(), "Northwind".into()))
    );
}

#[test]
fn a_given_name_and_surname_swapped_together_or_a_listed_name_is_reported() {
    let passage = "Architects like Frida Escobedo and Tatiana Bilbao are changing the city.";
    assert_eq!(
        check(
            "Architects like Mike Johnson and Tatiana Bilbao are changing it.",
            passage
        ),
        Some(("Mike Johnson".into(), "Frida".into()))
    );
    assert_eq!(
        check(
            "The colonies in Oceania and Africa were exploited.",
            "The colonies in Asia and Africa were exploited."
        ),
        Some(("Oceania".into(), "Asia".into()))
    );
    assert_eq!(
        check(
            "Architects like Frida Escobedo and Tatiana Bilbao are changing it.",
            passage
        ),
        None
    );
}
mod between_scripts;
mod forms_and_units;
mod german;
mod names_without_lists;
mod phrases_and_short_forms;
mod slots_and_pronouns;
