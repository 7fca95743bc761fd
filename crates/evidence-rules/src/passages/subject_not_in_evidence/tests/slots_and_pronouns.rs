//! Where a name stands beside its verb, a sentence's first word, and a
//! pronoun after the name.

use super::*;

#[test]
fn an_adverb_in_ly_between_a_name_and_its_verb_keeps_the_slot() {
    let passage = "He had good connections within the trade. The apothecary James Petiver eventually amassed the largest natural history collection in the world.";
    assert_eq!(
        check(
            "The collection that Warhol amassed was the largest natural history collection in his time.",
            passage,
        ),
        Some(("Warhol".into(), "Petiver".into()))
    );
    // The adverb on the claim's side, the same.
    assert_eq!(
        check(
            "The trader Warhol quietly amassed the largest natural history collection.",
            "The apothecary James Petiver amassed the largest natural history collection in the world.",
        ),
        Some(("Warhol".into(), "Petiver".into()))
    );
    // The right name, with or without the adverb, is held.
    assert_eq!(
        check(
            "The collection that Petiver amassed was the largest natural history collection in his time.",
            passage,
        ),
        None
    );
}

#[test]
fn a_sentences_first_word_is_placed_word_for_word() {
    // `Based` opens the sentence: `on the passages` does not place it
    // where `MARCO passages` has its name, as `Google reported` places
    // `Microsoft` of `Microsoft reported`.
    let texts = [
        "The Kia Sorento has a timing belt.",
        "MS MARCO passages retrieved for the question",
        "",
    ];
    let claim = "Based on the passages provided, the Kia Sorento is an interference engine.";
    assert_eq!(check_item(claim, &texts), None);
    assert_eq!(
        check(
            "Microsoft reported a loss for the quarter.",
            "In its filing Google reported a loss for the quarter.",
        ),
        Some(("Microsoft".into(), "Google".into()))
    );
}

#[test]
fn a_pronoun_after_the_name_speaks_of_the_name() {
    // `he` after `Richard Kraut` is Kraut's: the passage, about Criss
    // Oliva, is about another than the claim names.
    let passage = "Criss Oliva founded the band with his brother Jon Oliva. After two years of \
        jams, Criss Oliva asked the drummer to join. The band later became Savatage.";
    assert_eq!(
        check(
            "The offer was also extended to Richard Kraut who declined as he did not want to leave Savatage.",
            passage,
        ),
        Some(("Richard Kraut".into(), "Criss Oliva".into()))
    );
    assert_eq!(
        check(
            "The offer was also extended to Criss Oliva who declined as he did not want to leave Savatage.",
            passage,
        ),
        None
    );
    // Unless the claim speaks of the passage's subject by its kind, in
    // lower case, beside its own name (`this gloomy house` for the `House
    // with Chimeras`): its name is then another's, a spelling the passage
    // has otherwise (`Gorodezhkii`).
    let chimeras = "In 1901 the architect Vladislav Gorodezhkii put up the House with Chimeras. \
        Legends surround the House with Chimeras, and Kyiv's Chimeras draw visitors.";
    assert_eq!(
        check(
            "As a result, Horodecki went slightly mad and built this gloomy house in his daughter's memory.",
            chimeras,
        ),
        None
    );
}
