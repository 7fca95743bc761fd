use super::*;

/// Two passages published the same day, compared as cited by different
/// claims.
fn says(a: &str, b: &str) -> Option<Kind> {
    compare(&Passage::new(a, Some(0)), &Passage::new(b, Some(0)), None).map(|d| d.kind)
}

/// Two passages compared as cited by one claim, `claim`.
fn one_claim(claim: &str, a: &str, b: &str) -> Option<Kind> {
    compare(&Passage::new(a, None), &Passage::new(b, None), Some(claim)).map(|d| d.kind)
}

#[test]
fn different_figures_for_one_measure_disagree() {
    for (a, b) in [
        (
            "The consumer price index rose 3.1% in January from a year earlier.",
            "The consumer price index rose 3.4% in January from a year earlier, the agency said.",
        ),
        (
            "The unemployment rate was 4.1% in June.",
            "In June, the unemployment rate was 4.3%.",
        ),
        (
            "Hurricane Hilary's winds reached 145 mph on August 18.",
            "On August 18, Hurricane Hilary's winds reached 130 mph.",
        ),
        // Full-width digits and a no-break space.
        (
            "The unemployment rate was ４.１％ in June 2025.",
            "The unemployment rate was 4.4\u{a0}% in June 2025.",
        ),
    ] {
        assert_eq!(says(a, b), Some(Kind::Figures), "{a} / {b}");
        assert_eq!(says(b, a), Some(Kind::Figures), "{b} / {a}");
    }
}

#[test]
fn figures_that_agree_or_measure_otherwise_do_not() {
    for (a, b) in [
        // Rounded.
        (
            "The unemployment rate was 4.1% in June.",
            "The unemployment rate was 4% in June.",
        ),
        // Core against headline.
        (
            "Consumer prices rose 3.1% in January from a year earlier.",
            "Core consumer prices rose 3.9% in January from a year earlier.",
        ),
        // Month on month against year on year.
        (
            "Consumer prices rose 0.3% in January from the previous month.",
            "Consumer prices rose 3.1% in January from a year earlier.",
        ),
        // Another group.
        (
            "The unemployment rate was 4.1% in June.",
            "The unemployment rate for Black workers was 6.1% in June.",
        ),
        // Another month.
        (
            "The unemployment rate was 4.1% in June.",
            "The unemployment rate was 4.3% in July.",
        ),
        // The other passage writes both figures.
        (
            "The unemployment rate rose to 4.3% in July from 4.1% in June.",
            "The unemployment rate was 4.1% in June.",
        ),
        // A forecast, a bound, a range.
        (
            "Economists expected the unemployment rate to be 4.2% in June.",
            "The unemployment rate was 4.1% in June.",
        ),
        (
            "The unemployment rate was above 4% in June.",
            "The unemployment rate was 4.1% in June.",
        ),
        (
            "The unemployment rate was 4.0-4.2% in June.",
            "The unemployment rate was 4.1% in June.",
        ),
        // Adjusted earnings are another measure.
        (
            "Adjusted earnings from continuing operations were $127.1 million in the quarter.",
            "Earnings from continuing operations were $130.4 million in the quarter.",
        ),
        // Another currency.
        (
            "The fund raised $12 million in May.",
            "The fund raised €15 million in May.",
        ),
    ] {
        assert_eq!(says(a, b), None, "{a} / {b}");
        assert_eq!(says(b, a), None, "{b} / {a}");
    }
}

#[test]
fn a_figure_without_a_period_needs_the_same_publication_week() {
    let a = "The unemployment rate was 4.1%.";
    let b = "The unemployment rate was 4.4%.";
    let read = |text, day| Passage::new(text, day);
    assert!(compare(&read(a, Some(100)), &read(b, Some(103)), None).is_some());
    assert!(compare(&read(a, Some(100)), &read(b, Some(140)), None).is_none());
    assert!(compare(&read(a, None), &read(b, None), None).is_none());
}

#[test]
fn a_statement_and_its_denial_disagree() {
    for (a, b) in [
        ("Inflation is elevated.", "Inflation is not elevated."),
        (
            "In May, consumer prices rose.",
            "Consumer prices fell in May.",
        ),
        (
            "The Federal Reserve raised interest rates in July 2023.",
            "In July 2023, the Federal Reserve held interest rates steady.",
        ),
        ("Wage growth isn't slowing.", "Wage growth is slowing."),
        (
            "The senator won Pennsylvania.",
            "The senator lost Pennsylvania.",
        ),
    ] {
        assert_eq!(says(a, b), Some(Kind::Negation), "{a} / {b}");
        assert_eq!(says(b, a), Some(Kind::Negation), "{b} / {a}");
    }
}

#[test]
fn statements_about_other_subjects_times_or_hedged_do_not() {
    for (a, b) in [
        (
            "Core inflation is elevated.",
            "Headline inflation is not elevated.",
        ),
        (
            "Consumer prices rose in May.",
            "Consumer prices fell in June.",
        ),
        ("Energy prices fell in May.", "Food prices rose in May."),
        ("Prices did not rise in May.", "Prices fell in May."),
        (
            "Inflation is elevated.",
            "Inflation could be not elevated by June.",
        ),
        ("Inflation is elevated.", "Is inflation not elevated?"),
        (
            "The Fed held a meeting in July.",
            "The Fed raised rates in July.",
        ),
        (
            "The bill passed the Senate.",
            "The bill was rejected by the House.",
        ),
    ] {
        assert_eq!(says(a, b), None, "{a} / {b}");
        assert_eq!(says(b, a), None, "{b} / {a}");
    }
}

#[test]
fn one_claim_citing_one_measure_for_two_dates_is_temporal() {
    let january = "Consumer prices rose 3.1% in January 2024 from a year earlier.";
    let february = "Consumer prices rose 3.2% in February 2024 from a year earlier.";
    assert_eq!(
        one_claim(
            "Consumer prices rose about 3% from a year earlier.",
            january,
            february
        ),
        Some(Kind::Temporal)
    );
    // The claim keeps the dates apart.
    assert_eq!(
        one_claim(
            "Prices rose 3.1% in January and 3.2% in February.",
            january,
            february
        ),
        None
    );
    // Cited by different claims: two months of one chapter.
    assert_eq!(says(january, february), None);
    // Different measures for different dates: nothing.
    assert_eq!(
        one_claim(
            "Prices rose.",
            january,
            "Core consumer prices rose 3.9% in February 2024 from a year earlier."
        ),
        None
    );
}

#[test]
fn quotes_are_the_sentences_plain_and_short() {
    let long = format!(
        "The unemployment rate was 4.1% in June. {}",
        "Word ".repeat(80)
    );
    let found = compare(
        &Passage::new(&format!("Intro.\n{long}"), Some(0)),
        &Passage::new("The unemployment rate was\u{3000}4.4% in June.", Some(0)),
        None,
    )
    .expect("disagree");
    assert_eq!(found.quotes[0], "The unemployment rate was 4.1% in June.");
    assert_eq!(found.quotes[1], "The unemployment rate was 4.4% in June.");
    assert_eq!(found.kind.contract_type(), "factual");
    // A long sentence is cut around the figure.
    let long = format!(
        "{} the unemployment rate was 4.1% in June {}.",
        "Before ".repeat(40),
        "after ".repeat(40)
    );
    let found = compare(
        &Passage::new(&long, Some(0)),
        &Passage::new("The unemployment rate was 4.4% in June.", Some(0)),
        None,
    )
    .expect("disagree");
    assert!(
        found.quotes[0].starts_with("… Before"),
        "{}",
        found.quotes[0]
    );
    assert!(
        found.quotes[0].contains("the unemployment rate was 4.1% in June"),
        "{}",
        found.quotes[0]
    );
    assert!(found.quotes[0].ends_with(" …"), "{}", found.quotes[0]);
    assert!(
        found.quotes[0].chars().count() <= 164,
        "{}",
        found.quotes[0]
    );
    assert_eq!(Kind::Temporal.contract_type(), "temporal");
}

#[test]
fn text_without_spaces_or_figures_is_safe() {
    for text in [
        "",
        "東京の物価は上昇した。東京の物価は上昇しなかった。",
        "消費者物価指数は前年比３.１％上昇した。",
        "\u{200f}95%\u{200f} chance\u{3000}of a cut",
        "—5%— , , ; : ( ) 2024 Q3 Q9 May may March",
        "is not",
    ] {
        let p = Passage::new(text, None);
        let _ = compare(&p, &p, Some(text));
        let _ = compare(
            &p,
            &Passage::new("Inflation is not elevated.", None),
            Some(""),
        );
    }
}

#[test]
fn periods_compare_by_size() {
    use periods::{Dates, compare as periods, periods_in};
    let p = |t: &str| periods_in(t);
    assert_eq!(periods(&p("in May 2025"), &p("in May")), Dates::Overlap);
    assert_eq!(periods(&p("in May 2025"), &p("in June 2025")), Dates::Apart);
    assert_eq!(
        periods(&p("in 2024"), &p("in December 2024")),
        Dates::Unknown
    );
    assert_eq!(
        periods(&p("the third quarter of 2025"), &p("Q3 2025")),
        Dates::Overlap
    );
    assert_eq!(periods(&p("in Q3"), &p("in Q4")), Dates::Apart);
    assert_eq!(periods(&p("prices may rise"), &p("in May")), Dates::Unknown);
    assert_eq!(
        periods(&p("2026-02-10"), &p("February 2026")),
        Dates::Overlap
    );
}
