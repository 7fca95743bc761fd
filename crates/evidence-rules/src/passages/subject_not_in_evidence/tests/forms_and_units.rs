//! A name in another form than the passage's: a people's adjective for
//! its place, initials for words in lower case; and a scale after
//! `degrees`, which is a unit.

use super::*;

#[test]
fn a_peoples_adjective_is_held_by_its_place() {
    let passage = "The ancient Tuscan town of Castelmora, 40 miles south of Genoa, was filmed by a drone. It is the most famous abandoned place in Italy. The Tuscan town dates to the 11th century, and the Tuscan hills hide it.";
    assert_eq!(
        check(
            "A drone filmed the abandoned Italian town of Castelmora, 40 miles south of Genoa.",
            passage,
        ),
        None
    );
    // Without its place in the passage, the adjective is a name put where
    // the passage names another.
    assert_eq!(
        check(
            "A drone filmed the ancient Italian town of Castelmora, 40 miles south of Genoa.",
            "The ancient Spanish town of Castelmora, 40 miles south of Girona, was filmed by a drone. The Spanish town dates to the 11th century.",
        ),
        Some(("Italian".into(), "Spanish".into()))
    );
    // A longer word the stem begins is no place of it.
    assert!(!super::super::parts::place_of_a_people(
        "japanesque",
        "japan"
    ));
}

#[test]
fn initials_of_words_in_lower_case_are_held() {
    let passage = "Nursultan Nazarbayev has ruled the nation since 1989. Nazarbayev won 97 per cent of the vote. Growth is forecast to slow to 1.5 percent. Gross domestic product may shrink if oil prices drop, officials said. Nazarbayev thanked voters.";
    assert_eq!(
        check(
            "Officials said that GDP may shrink if oil prices drop below $50 a barrel.",
            passage,
        ),
        None
    );
    assert_eq!(
        check(
            "The council will review the MOU and any later agreements with the arena's owner.",
            "Speaker 2: The resolution asks the council to review the memorandum of understanding and any later agreements. Speaker 2: The Sonics arena needs it. Speaker 2: The Sonics will return.",
        ),
        None
    );
    // Initials nothing in the passage spells out are not held.
    assert_eq!(
        check(
            "Officials said that OPEC may shrink output if oil prices drop below $50 a barrel.",
            passage,
        ),
        Some(("OPEC".into(), "Nursultan Nazarbayev".into()))
    );
    // Function words spell initials by chance: `for an audit` is no `FAA`.
    assert_eq!(
        check(
            "The FAA grounded the jets for an audit after the crash.",
            "Boeing grounded the jets for an audit after the crash. Boeing said the audit would take weeks. Boeing shares fell.",
        ),
        Some(("The FAA".into(), "Boeing".into()))
    );
}

#[test]
fn a_scale_after_degrees_is_a_unit() {
    assert_eq!(
        check(
            "The forecast suggests cold temperatures around 14 degrees Fahrenheit in Steubenville that night.",
            "Forecast for the City Of Steubenville. Tonight...Considerable cloudiness. Lows around 14. West winds 5 to 10 mph. Thursday...Mostly cloudy. Highs in the mid 20s.",
        ),
        None
    );
}

#[test]
fn a_roman_numeral_with_a_french_ordinal_ending_is_no_name() {
    // `XVe` (fifteenth) is a century's number; `Ier` (the First) a king's.
    assert_eq!(
        check(
            "La fin du Moyen Âge est généralement située entre le XVe et le XVIe siècle.",
            "La fin du Moyen Âge est généralement située entre la Renaissance et la Réforme.",
        ),
        None
    );
    assert_eq!(
        check(
            "Le château fut agrandi sous François Ier.",
            "Le château fut agrandi sous François Premier.",
        ),
        None
    );
    // A name that only looks like one is still a name: a river, a battle,
    // a beach (`Ver`, `Cer`, `Leme`), a surname.
    for (claim, passage, name) in [
        (
            "The River Ver flows through St Albans.",
            "The River Lea flows through St Albans.",
            "The River Ver",
        ),
        (
            "The Battle of Cer was won in 1914.",
            "The Battle of Kolubara was won in 1914.",
            "The Battle of Cer",
        ),
    ] {
        assert_eq!(
            check(claim, passage).map(|found| found.0),
            Some(name.into()),
            "{claim}"
        );
    }
    assert_eq!(
        check(
            "The climate talks were led by Xie Zhenhua for China.",
            "The climate talks were led by John Kerry for China.",
        ),
        Some(("Xie Zhenhua".into(), "John".into()))
    );
}
