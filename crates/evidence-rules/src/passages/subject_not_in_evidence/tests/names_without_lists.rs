//! Names read without lists: initials wherever they stand, slots in the
//! singular or plural, a sentence's first word placing the name after it,
//! names glued on a scraped page.

use super::*;

#[test]
fn initials_are_names_wherever_they_stand() {
    // In parentheses, after a determiner, opening a sentence: a capital
    // after the first letter is written, not put there by the position.
    assert_eq!(
        check(
            "The algorithm should compute the time-to-collision (EEG) efficiently.",
            "The idea of computing a time-to-collision (TTC) was first suggested by Hayward.",
        ),
        Some(("EEG".into(), "TTC".into()))
    );
    assert_eq!(
        check(
            "Fewer than 20% receive cognitive-behavioral therapy (NIH), the need is clear.",
            "Fewer than 20% of people receive cognitive-behavioral therapy (CBT), the most established.",
        ),
        Some(("NIH".into(), "CBT".into()))
    );
}

#[test]
fn initials_the_claim_spells_out_name_what_it_spells() {
    // `(NIH)` restates `National Institutes of Health`, which the claim
    // states itself; the passage naming its publisher is no rival.
    assert_eq!(
        check(
            "According to the National Institutes of Health (NIH), the allowance of magnesium for women is 310-320mg.",
            "Health Library Institutes & Departments Home / Health Library / Articles / Magnesium: Women: 310–320 mg",
        ),
        None
    );
    assert_eq!(
        check(
            "Follow the Web Content Accessibility Guidelines (WCAG) when you build a site.",
            "Stand by the guidelines when you build a site, says the World Wide Web Consortium.",
        ),
        None
    );
}

#[test]
fn a_slot_is_the_same_in_the_singular_and_the_plural() {
    assert_eq!(
        check(
            "Compared to halogen bulbs, FAA lamps use 80 percent less electricity.",
            "An LED lamp consumes up to 90 percent less electricity than a bulb.",
        ),
        Some(("FAA".into(), "LED".into()))
    );
}

#[test]
fn a_name_after_a_sentences_first_word_is_placed_by_two_words() {
    // `Jupiter` opens both sentences, so it tells no name alone; with the
    // `and` after it, it places the word after them.
    assert_eq!(
        check(
            "Jupiter and QuantumLeap are giant planets.",
            "Jupiter and Saturn are composed primarily of hydrogen and helium.",
        ),
        Some(("QuantumLeap".into(), "Saturn".into()))
    );
    assert_eq!(
        check(
            "Jupiter and Saturn are giant planets.",
            "Jupiter and Saturn are composed primarily of hydrogen and helium.",
        ),
        None
    );
}

#[test]
fn a_name_glued_to_the_word_before_it_is_held() {
    // A scraped page lost its spaces: `solversVariable-step` holds
    // `Variable-step`.
    assert_eq!(
        check(
            "Simulink offers Fixed-step continuous solvers and Variable-step discrete solvers.",
            "Improving Simulation Performance. Your choices includeFixed-step continuous solversVariable-step discrete solver.",
        ),
        None
    );
}

#[test]
fn a_lone_word_after_the_same_two_words_has_a_rival() {
    assert_eq!(
        check(
            "Keep open and clear communication with the Fallout about any change.",
            "Keep a record of all communication with the Contractor and file it.",
        ),
        Some(("Fallout".into(), "Contractor".into()))
    );
    assert_eq!(
        check(
            "Keep open and clear communication with the Contractor about any change.",
            "Keep a record of all communication with the Contractor and file it.",
        ),
        None
    );
}

#[test]
fn a_sentences_first_word_that_tells_places_the_word_after_it() {
    // `Fullerton` opens the sentence in both, so it does not hold the
    // name; the passage's word after it is in the place of `Blair`.
    assert_eq!(
        check(
            "Fullerton Blair and various school districts closed in anticipation.",
            "The Dodgers played. Fullerton College was closed as well, and schools across the county.",
        ),
        Some(("Blair".into(), "College".into()))
    );
}

#[test]
fn two_capitals_after_an_abbreviation_are_no_name() {
    // `a.m.` ends in a dot; `ET` after it is an abbreviation, not a name
    // the passage's title could rival.
    let texts = [
        "January 2026 | Feb. 13, 2026 | 08:30 AM",
        "Schedule of Releases for the Consumer Price Index",
        "",
    ];
    let claim = "January CPI is scheduled for release on Friday, February 13, at 8:30 a.m. ET.";
    assert_eq!(check_item(claim, &texts), None);
}

#[test]
fn what_places_a_name_is_more_than_function_words() {
    // A joiner before the missing word places nothing.
    assert_eq!(
        check(
            "Fullerton Blair of Smithville closed the plant.",
            "Fullerton is home to the University of Texas, which closed the plant.",
        ),
        None
    );
    // Two function words before a lone word are not its place.
    assert_eq!(
        check(
            "Officials met in the Pentagon.",
            "A bill passed in the Senate, and officials met later.",
        ),
        None
    );
    // A headline's capitals are not a name's.
    assert_eq!(
        check(
            "BREAKING: officials said the plant closed.",
            "URGENT: officials said the plant closed.",
        ),
        None
    );
}

#[test]
fn glued_parts_are_no_phrase_with_the_next_text() {
    let texts = ["He had to visitNew", "York Times, the paper"];
    let vocabulary = ItemVocabulary::new(&texts);
    assert!(vocabulary.has_word("new"));
    assert!(!vocabulary.has_word("new york"));
}

const PETIVER: &str = "James Petiver was an apothecary in London. He had good connections within \
    the slave trade. Petiver eventually amassed the largest natural history collection in the \
    world. By examining his letters, historians found that Petiver relied on ship surgeons.";

#[test]
fn a_name_where_the_passage_is_about_another_is_reported() {
    assert_eq!(
        check(
            "In his time, the collection Warhol owned was the largest natural history collection.",
            PETIVER,
        ),
        None,
        "a claim saying `his` before the name may mean the passage's subject"
    );
    // The pronoun keeps the passage's subject from being read, not the
    // words beside the name: `Warhol amassed` stands where the passage's
    // `Petiver eventually amassed` does.
    assert_eq!(
        check(
            "The collection that Warhol amassed was the largest natural history collection in his time.",
            PETIVER,
        ),
        Some(("Warhol".into(), "Petiver".into()))
    );
    assert_eq!(
        check(
            "The collection Warhol owned was the largest natural history collection of the era.",
            PETIVER,
        ),
        // `James` opens the passage, but is never written in lower case.
        Some(("Warhol".into(), "James Petiver".into()))
    );
    // The control: the right name is held.
    assert_eq!(
        check(
            "The collection Petiver amassed was the largest natural history collection of the era.",
            PETIVER,
        ),
        None
    );
}

#[test]
fn a_passage_not_about_one_name_places_nothing() {
    // Named once: not what the passage is about.
    assert_eq!(
        check(
            "The collection Warhol gathered was the largest of the era.",
            "James Petiver amassed the largest natural history collection in the world.",
        ),
        None
    );
    // The claim names a subject of the passage as often as the other.
    assert_eq!(
        check(
            "Sloane bought the collection Warhol built.",
            "Petiver sold it to Sloane. Petiver had amassed it; Sloane kept it in London, where \
             Sloane showed it.",
        ),
        None
    );
    // A word the passage also writes in lower case is no name.
    assert_eq!(
        check(
            "The collection Warhol amassed was the largest of the era.",
            "Natural history was in vogue. The Natural collections grew; natural cabinets, \
             says Natural, spread.",
        ),
        None
    );
}

#[test]
fn an_adjective_of_a_people_is_no_subject_put_in_the_passages_place() {
    assert_eq!(
        check(
            "The exchange of ideas between European countries shaped realistic techniques.",
            "Brunelleschi formalised perspective in Florence. Alberti wrote on it after \
             Brunelleschi; painters in Florence studied light.",
        ),
        None
    );
}

#[test]
fn a_title_or_publisher_names_the_page_not_its_subject() {
    // `Analysis` twice, in the title and the publisher's name: the
    // passage itself names nothing twice.
    let texts = [
        "Retail sales climbed to 6.96% in February, the report showed on Wednesday.",
        "Retail sales Analysis - February 2026",
        "U.S. Bureau of Economic Analysis",
    ];
    let claim = "Retail sales climbed on rate differentials with Europe.";
    assert_eq!(check_item(claim, &texts), None);
}

#[test]
fn a_pronoun_in_the_name_itself_is_no_pronoun_of_the_claim() {
    // `His` of `His Daughter` is the name's word, not the claim speaking
    // of someone unnamed.
    assert_eq!(
        check(
            "Critics praised His Daughter for its choreography.",
            "Square Two is a single album by Blackpink. Fans loved Square Two, which \
             topped the chart.",
        ),
        Some(("His Daughter".into(), "Square Two".into()))
    );
}

#[test]
fn a_word_only_opening_lines_is_no_subject() {
    // `Results` follows `Summary` across a line break only: a heading's
    // line ends there, and no line names it after another word.
    assert_eq!(
        check(
            "The trial by Warhol showed mixed outcomes.",
            "Summary\nResults were mixed.\nResults improved later.",
        ),
        None
    );
}

#[test]
fn a_word_written_as_a_name_follows_another_on_its_line() {
    use crate::passages::subject_not_in_evidence::slot::written_as_a_name;
    use evidence_text::names::words_of;
    // After a heading's line only: a line's first word, capitalised anyway.
    let words = words_of("Profile\nDonald was born in Queens.");
    assert!(!written_as_a_name("donald", &words));
    let words = words_of("Profile\nThe developer Donald was born in Queens.");
    assert!(written_as_a_name("donald", &words));
}

#[test]
fn a_name_after_that_is_a_name() {
    // `that` before a capitalised word is a conjunction or a relative, not
    // a determiner making the word a role (`the Contractor`): the name
    // is read as names are, and the passage places another where it is.
    let passage =
        "The production on Aaliyah's second album was ahead of its time, the editor argued.";
    assert_eq!(
        check(
            "The editor argued that Dusky's second album was ahead of its time.",
            passage
        ),
        Some(("Dusky".into(), "Aaliyah".into()))
    );
    assert_eq!(
        check(
            "The editor argued that Aaliyah's second album was ahead of its time.",
            passage
        ),
        None
    );
}

#[test]
fn a_lone_word_is_held_in_another_form_only_as_a_name() {
    // `quickly` shares `Quicksort`'s first five letters but is no form of
    // a name; `Québec` stands where the claim's word does.
    let passage = "Records were quickly lost. In the 1940s, the Québec government \
                   was responsible for the diagnoses.";
    assert_eq!(
        check(
            "In the 1940s, the Quicksort government was responsible for the diagnoses.",
            passage
        ),
        Some(("Quicksort".into(), "Québec".into()))
    );
    assert_eq!(
        check(
            "In the 1940s, the Quebec government was responsible for the diagnoses.",
            passage
        ),
        None
    );
    // A capitalised form holds it: `German` for `Germany`, so `Berlin`
    // in the same words is no rival.
    assert_eq!(
        check(
            "Officials said the Germany government approved the plan.",
            "Officials said the German government approved the plan. Later the Berlin \
             government approved it too."
        ),
        None
    );
}

#[test]
fn a_subject_written_more_often_than_a_shared_name_is_the_passages() {
    // `Gigantour` three times, `Megadeth` (which the claim names) twice:
    // the page is about the tour, not the band.
    let passage = "The tour was announced in May. Dave Mustaine said Gigantour would \
                   return with new bands. Megadeth headlined Gigantour again, and Megadeth \
                   fans filled every date of Gigantour.";
    assert_eq!(
        check(
            "The second Fallout began in the third quarter of 2006, with Megadeth headlining.",
            passage
        ),
        Some(("Fallout".into(), "Gigantour".into()))
    );
    assert_eq!(
        check(
            "The second Gigantour began in the third quarter of 2006, with Megadeth headlining.",
            passage
        ),
        None
    );
    // Written as often as the name the claim shares, it is not the
    // passage's alone.
    let even = format!("{passage} Megadeth closed the night.");
    assert_eq!(
        check(
            "The second Fallout began in the third quarter of 2006, with Megadeth headlining.",
            &even
        ),
        None
    );
}

#[test]
fn i_and_its_contractions_are_no_name() {
    // Always capitalised, often after another word: `I'm` would be a
    // transcript's most written name.
    let transcript = "Welcome back, I'm your host. Today I'm going to talk about apps, \
                      and I'm sure you'll like Anchor. So I'm starting now.";
    for word in ["I'd", "I'll", "I'm", "I've", "I’m", "Iʼm"] {
        assert!(tells_no_name(&fold(word)), "{word}");
    }
    assert_eq!(
        check(
            "The speaker recommends WordPress as a great app for starting a podcast.",
            transcript
        ),
        None
    );
}

#[test]
fn a_paraphrase_keeping_a_few_of_the_claims_words_places_the_name() {
    // Three of the eight content words around the claim's `Granby Zoo`
    // (`email`, `sales`, `representative`) stand around `Mike`: under
    // half, but enough.
    let passage = "In this email, my name is Mike and I work as a sales representative \
                   for AquaSonic. Our system saves time.";
    assert_eq!(
        check(
            "The email is from Granby Zoo, a sales representative of AquaSonic, introducing \
             their pool cleaning technology to the park.",
            passage
        ),
        Some(("Granby Zoo".into(), "Mike".into()))
    );
    assert_eq!(
        check(
            "The email is from Mike, a sales representative of AquaSonic, introducing their \
             pool cleaning technology to the park.",
            passage
        ),
        None
    );
}

#[test]
fn a_titles_name_is_not_amid_the_passage_before_it() {
    // Read as one run of words, the title's `Federal Reserve Analysis`
    // would follow the passage's `federal funds rate … financial
    // conditions`: each text is read on its own.
    let texts = [
        "The effective federal funds rate rose to 1.11% in February on tighter financial \
         conditions.",
        "The Federal Reserve Analysis - February 2026",
        "Financial Times",
    ];
    assert_eq!(
        check_item(
            "The effective federal funds rate rose to 1.11% last month on tighter financial \
             conditions and the Committee's balance-sheet runoff.",
            &texts
        ),
        None
    );
}

#[test]
fn a_titles_first_word_does_not_follow_the_passages_last() {
    // `said Reuters` is no slot: the title is its own text, not the line
    // after the passage's `analysts said`.
    let texts = [
        "Retail prices rose 3% in March, analysts said",
        "Reuters Poll on retail prices",
        "Thomson",
    ];
    assert_eq!(
        check_item("Retail prices rose 3% in March, said Smith.", &texts),
        None
    );
    // On one line, the same words place a name.
    assert_eq!(
        check(
            "Retail prices rose 3% in March, said Smith.",
            "Retail prices rose 3% in March, said Reuters in a note."
        ),
        Some(("Smith".into(), "Reuters".into()))
    );
}

#[test]
fn a_name_before_a_comma_is_held_in_another_form_only_as_a_name() {
    // `virgin` shares `Virginia`'s first five letters in lower case: it
    // does not hold the place a city after the comma would be placed by.
    let claim = "Exports from Virginia, Richmond rose.";
    let claim_words = words(claim, true);
    let at = claim_words
        .iter()
        .position(|w| w.folded == "richmond")
        .unwrap();
    for (passage, held) in [
        ("Exports of virgin olive oil rose.", false),
        ("Exports from Virginia rose.", true),
    ] {
        let vocabulary = ItemVocabulary::new(&[passage]);
        let cited = [(&vocabulary, vec![passage, "", ""])];
        let mut details = vec![None];
        assert_eq!(
            follows_held(claim, &claim_words, at, ",", &cited, &mut details),
            held,
            "{passage}"
        );
    }
}

#[test]
fn a_rivals_window_ends_where_its_text_does() {
    let claim = "The effective federal funds rate rose to 1.11% last month on tighter financial \
                 conditions and the Committee's balance-sheet runoff.";
    // Before the title's `Reserve` stands the passage, not the title.
    let title_after = [
        "The effective federal funds rate rose to 1.11% in February.",
        "Reserve Analysis on tighter financial conditions",
        "Financial Times",
    ];
    assert_eq!(check_item(claim, &title_after), None);
    // After the passage's last word `Reserve` stands the title, not the
    // passage.
    let passage_before = [
        "The effective federal funds rate rose to 1.11% in February, said the Reserve",
        "Tighter financial conditions and runoff",
        "Financial Times",
    ];
    assert_eq!(check_item(claim, &passage_before), None);
}
