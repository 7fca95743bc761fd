//! A phrase placing a name the claim states elsewhere; short forms:
//! initials written like a function word or in two capitals, a unit after
//! a figure, a name shortened word by word.

use super::*;

#[test]
fn a_phrase_places_a_name_the_claim_states_elsewhere() {
    // The claim names `Blackpink` too, but not before `in Your Area`,
    // where the passage writes it and the claim writes `Chemistry`.
    assert_eq!(
        check(
            "'Chemistry in Your Area' is a compilation album by Blackpink.",
            "Blackpink in Your Area is the first Japanese compilation album by girl group Blackpink.",
        ),
        Some(("Chemistry".into(), "Blackpink".into()))
    );
    assert_eq!(
        check(
            "SwiftHealthcare is presenting their GNC platform and Telehealth services to the EHR team.",
            "SwiftHealthcare offers its EHR platform and Telehealth services to clinics.",
        ),
        Some(("GNC".into(), "EHR".into()))
    );
}

#[test]
fn a_phrase_places_a_role_the_claim_states_elsewhere() {
    // `the Fallout`, a lone word after a determiner, stands where the
    // passage writes `the Contractor`, which the claim writes later.
    assert_eq!(
        check(
            "Keep clear communication with the Fallout, and consider recouping the amount from the Contractor.",
            "The Architect should keep clear communication with the Contractor during the works.",
        ),
        Some(("Fallout".into(), "Contractor".into()))
    );
}

#[test]
fn a_phrase_the_claim_has_beside_the_name_places_nothing() {
    // The passage leaves Smith's win out: `Jones` stands before `won the
    // cup` in the claim too, so it is no rival of `Smith`.
    assert_eq!(
        check(
            "In 1990 Smith won the cup, and in 1994 Jones won the cup.",
            "In 1994 Jones won the cup after a close final.",
        ),
        None
    );
    // The passage leaves `in Ohio` out between words the claim has.
    assert_eq!(
        check(
            "Factories in Ohio added 4,000 jobs.",
            "Factories added 4,000 jobs, the survey found.",
        ),
        None
    );
    // One content word beside a word the claim names elsewhere is too
    // little to place it (`crowned`).
    assert_eq!(
        check(
            "Queen Elizabeth I is the greatest English crowned monarch.",
            "Queen Elizabeth crowned the greatest ever monarch: Elizabeth I came top.",
        ),
        None
    );
    // The phrase stays in one text: a title's words do not continue the
    // passage's last.
    let texts = [
        "The tour was led by Blackpink in",
        "Your Area Tour notes",
        "",
    ];
    assert_eq!(
        check_item(
            "'Chemistry in Your Area' is a compilation album by Blackpink.",
            &texts
        ),
        None
    );
}

#[test]
fn a_function_word_in_capitals_amid_lower_case_is_initials() {
    // `IT` is initials, not `it`; in a heading of capitals it is the word.
    assert_eq!(
        check(
            "Coupling these principles with NIH solutions could provide value.",
            "By coupling these principles with IT solutions, the laboratory will provide value.",
        ),
        Some(("NIH".into(), "IT".into()))
    );
    assert_ne!(
        check(
            "Coupling these principles with NIH solutions could provide value.",
            "WHY IT SOLUTIONS MATTER. Coupling principles gives value.",
        ),
        Some(("NIH".into(), "IT".into()))
    );
}

#[test]
fn two_capitals_after_a_determiner_are_a_name() {
    // `the UK` is a name as `the FAA` is; in parentheses two capitals are
    // as often an hour's or a time zone's (`(ET)`), which names nothing.
    assert_eq!(
        check(
            "Epigenetic inheritance is not encoded in the UK sequence itself.",
            "Epigenetic inheritance is not encoded in the DNA sequence itself.",
        ),
        Some(("UK".into(), "DNA".into()))
    );
    assert_eq!(
        check(
            "The results are published at noon (ET) on weekdays.",
            "The results are published at noon (CET) on weekdays.",
        ),
        None
    );
}

#[test]
fn capitals_after_a_figure_are_its_unit() {
    // `PM` is the hour's, not a name the passage's `Several` could rival.
    assert_eq!(
        check(
            "A crash occurred on the A9 north of Berriedale around 2:00 PM.",
            "The crash occurred on the A9 north of Berriedale at about 14:00. Several people were hurt. Several hours later the road reopened.",
        ),
        None
    );
}

#[test]
fn a_name_shortened_word_by_word_is_held() {
    // `Lib Dems` is `Liberal Democrats`; `Tories` is no rival of it.
    let passage = "The Tories spent most. The Lib Dems spent 1,580,575 and lost all but one of their MEPs. The Tories won.";
    assert_eq!(
        check(
            "The Liberal Democrats spent 1,580,575 but lost their MEPs.",
            passage
        ),
        None
    );
}
