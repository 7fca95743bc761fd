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
