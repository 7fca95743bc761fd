//! German writes every noun with a capital, so a capitalised word the
//! passages lack is most often a paraphrase, not another name: it is
//! placed against a passage's word only word for word.

use super::*;

#[test]
fn a_german_noun_the_passage_words_otherwise_is_no_rival() {
    // Before the reading, `Voraussetzungen` was a name the passage lacks,
    // and `Bundesrepublik Deutschland` was named in its place.
    assert_eq!(
        check(
            "Die Bewerber müssen bestimmte Voraussetzungen erfüllen, wie das Mindestalter von 18 Jahren und die deutsche Staatsbürgerschaft.",
            "Bewerber müssen das 18. Lebensjahr vollendet haben und die Staatsangehörigkeit der Bundesrepublik Deutschland oder eines Mitgliedstaates besitzen.",
        ),
        None
    );
    assert_eq!(
        check(
            "Goldmedaillen bestehen in Wirklichkeit größtenteils aus Silber und sind nur vergoldet.",
            "In Fachkreisen ist bekannt, dass Goldmedaillen größtenteils aus Silber bestehen und nur vergoldet sind.",
        ),
        None
    );
}

#[test]
fn a_german_word_swapped_word_for_word_is_found() {
    assert_eq!(
        check(
            "Viele Antiviren-Programme nutzen Heuristiken, um auch unbekannte Viren zu identifizieren.",
            "Viele Antiviren-Programme nutzen Heuristiken, um auch unbekannte Malware zu identifizieren.",
        ),
        Some(("Viren".into(), "Malware".into()))
    );
}

#[test]
fn a_german_compound_naming_another_place_is_a_rival() {
    // South Sudan is another country than Sudan.
    assert_eq!(
        check(
            "Der Nil fließt durch Uganda, Sudan und Ägypten, und ist der längste Fluss.",
            "Der Nil fließt durch Uganda, Südsudan und Ägypten, und ist der längste Fluss.",
        ),
        Some(("Sudan".into(), "Südsudan".into()))
    );
}

#[test]
fn a_name_with_a_capital_inside_is_read_as_in_english() {
    // `McLaren` is a name whatever the language, even after a German noun
    // the passage words otherwise.
    assert_eq!(
        check(
            "Die Bewerber brauchen Voraussetzungen, und Fahrer fahren für McLaren seit 2020.",
            "Bewerber brauchen Kenntnisse im Sport. Fahrer fahren für Ferrari in der Formel 1.",
        ),
        Some(("McLaren".into(), "Ferrari".into()))
    );
}

#[test]
fn english_full_of_names_is_read_as_before() {
    // Not German: one German word (`die`) is not enough.
    assert_eq!(
        check(
            "Delta Japan is an album from Depeche Mode.",
            "Delta Machine is an album from Depeche Mode.",
        ),
        Some(("Japan".into(), "Machine".into()))
    );
}

#[test]
fn two_capitalised_words_in_a_row_are_a_name_in_german_too() {
    // German writes a lower-case word between two common nouns, so
    // `James Cameron` is a name, read as in English: the passage's subject
    // names another.
    assert_eq!(
        check(
            "Der Film Titanic wurde von James Cameron gedreht und kam 1997 in die Kinos.",
            "Der Film Titanic wurde 1997 von Steven Spielberg in Kalifornien gedreht, und die Kritiker lobten ihn.",
        ),
        Some(("James Cameron".into(), "Steven".into()))
    );
    // Not a noun and a name in the genitive, nor nouns a word joins, nor
    // the sentence's first word.
    for (claim, passage) in [
        (
            "Lilla Karlsö ist eine schwedische Insel vor der Küste Gotlands.",
            "Lilla Karlsö ist eine kleine schwedische Insel westlich von Gotland in der Ostsee.",
        ),
        (
            "Zur Herstellung von Polyestern werden Diole und Dicarbonsäuren verwendet.",
            "Polyester werden aus Diolen und Dicarbonsäuren durch Polykondensation hergestellt.",
        ),
    ] {
        assert_eq!(check(claim, passage), None, "{claim}");
    }
}
