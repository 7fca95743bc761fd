//! Figures read as people write them (issue 46): full-width digits
//! (`４.４％`, `１２３`) in a claim or a passage are figures; a passage's
//! figures in words, scores, scales, ranges and fractions (`scored two`,
//! `a five-point scale`, `from five to ten`, `a third`) agree with a
//! claim's digits; so do scale words of other languages (`435 ألف`,
//! `3 Millionen`, `5 लाख`). Through the binary as mdBook feeds it.

use crate::common::{Run, TestBook};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "web", "publisher": "Web", "tier": 2}],
  "evidence": [
    {"id": "osaka", "source_id": "web", "url": "https://example.org/osaka", "title": "大阪",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Prices rose ４.４％ and sales reached １２３ units in 大阪."}},
    {"id": "clinic", "source_id": "web", "url": "https://example.org/clinic", "title": "Clinic",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Patients rated the pain four on a five-point scale, scored two on the test, and waits ranged from five to ten days; a third of them, twenty-one people, came back."}},
    {"id": "roads", "source_id": "web", "url": "https://example.org/roads", "title": "Roads",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "From near Chicago, I-80 is a toll road. Aproximadamente 65\u00a0000 civiles murieron. अमिताभ बच्चन (जन्म-11 अक्टूबर, 1942) अभिनेता हैं।"}},
    {"id": "scales", "source_id": "web", "url": "https://example.org/scales", "title": "Scales",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "بلغ عدد السكان 435 ألف نسمة. Die Stadt hat 3 Millionen Einwohner. 5 लाख लोग आए। Costó 2 mil millones de dólares."}},
    {"id": "jobs", "source_id": "web", "url": "https://example.org/jobs", "title": "Arbeitsmarkt",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Die Zahl der Arbeitslosen ist um 5.000 auf 3,02 Millionen gestiegen, die Quote lag bei 6,4 Prozent. El paro bajó en 65.000 personas. In July it is 14/22° C."}},
    {"id": "osama", "source_id": "web", "url": "https://example.org/osama", "title": "Raid",
     "published_at": "2011-05-02T09:00:00Z",
     "quote_span": {"text": "US forces killed Osama bin Laden in Abbottabad."}}
  ]
}"#;

fn run(chapter: &str) -> Run {
    TestBook::with_store("as-of = \"2026-02-12\"\n", STORE, &[("r.md", chapter)]).run("html")
}

fn number_flags(run: &Run) -> Vec<&str> {
    run.stderr
        .lines()
        .filter(|l| {
            l.contains("[number-not-in-evidence]") || l.contains("[number-contradicts-evidence]")
        })
        .collect()
}

#[test]
fn full_width_figures_are_figures_in_claims_and_passages() {
    for ok in [
        "# R\n\nPrices rose 4.4% and sales reached 123 units in 大阪 [EVID:osaka].\n",
        "# R\n\nPrices rose ４.４％ and sales reached １２３\u{a0}units [EVID:osaka].\n",
    ] {
        let out = run(ok);
        assert!(number_flags(&out).is_empty(), "{ok}: {}", out.stderr);
        assert_eq!(out.code, 0, "{ok}: {}", out.stderr);
    }
    // A full-width figure the passage does not hold is read and reported,
    // shown as written.
    let out = run("# R\n\nPrices rose ５.５％ in 大阪 \u{200f}[EVID:osaka].\n");
    let flags = number_flags(&out);
    assert_eq!(flags.len(), 1, "{}", out.stderr);
    assert!(flags[0].contains("５.５％"), "{}", flags[0]);
}

#[test]
fn figures_in_words_scores_scales_ranges_and_fractions_agree() {
    for ok in [
        "# R\n\nPatients rated the pain 4 on a 5-point scale [EVID:clinic].\n",
        "# R\n\nPatients scored 2 on the test 🎉 [EVID:clinic].\n",
        "# R\n\nWaits ranged from 5 to 10 days [EVID:clinic].\n",
        "# R\n\nAbout 33% of them, 21 people, came back [EVID:clinic].\n",
        "# R\n\nAbout ３３％ of them came back [EVID:clinic].\n",
    ] {
        let out = run(ok);
        assert!(number_flags(&out).is_empty(), "{ok}: {}", out.stderr);
    }
    // What the passage does not hold stays a flag.
    let out = run("# R\n\nAbout 40% of them, 22 people, came back [EVID:clinic].\n");
    assert_eq!(number_flags(&out).len(), 1, "{}", out.stderr);
}

#[test]
fn a_figure_written_in_an_identifier_or_grouped_by_spaces_is_held() {
    for ok in [
        "# R\n\nNear Chicago, Interstate 80 is a toll road [EVID:roads].\n",
        "# R\n\nMurieron aproximadamente 65 000 civiles [EVID:roads].\n",
        "# R\n\nअमिताभ बच्चन का जन्म 11 अक्टूबर, 1942 को हुआ था। [EVID:roads]\n",
    ] {
        let out = run(ok);
        assert!(number_flags(&out).is_empty(), "{ok}: {}", out.stderr);
    }
    // Another identifier's figure, or the group's first part alone, is not
    // the figure.
    for bad in [
        "# R\n\nRoute 80 is a toll road near Chicago [EVID:roads].\n",
        // A word opening the sentence, or a function word, is no name.
        "# R\n\nIn 80 days the toll road near Chicago was built [EVID:roads].\n",
        "# R\n\nMurieron aproximadamente 65 civiles [EVID:roads].\n",
    ] {
        let out = run(bad);
        assert_eq!(number_flags(&out).len(), 1, "{bad}: {}", out.stderr);
    }
}

#[test]
fn scale_words_of_other_languages_are_read() {
    for ok in [
        "# R\n\nThe population reached 435,000 [EVID:scales].\n",
        "# R\n\nThe city has 3,000,000 inhabitants [EVID:scales].\n",
        "# R\n\n500,000 लोग आए। [EVID:scales]\n",
        "# R\n\nIt cost $2 billion [EVID:scales].\n",
        // The figure as the passage writes it, without its scale, still agrees.
        "# R\n\nThe population reached 435 thousand [EVID:scales].\n",
    ] {
        let out = run(ok);
        assert!(number_flags(&out).is_empty(), "{ok}: {}", out.stderr);
    }
    let out = run("# R\n\nThe population reached 436,000 [EVID:scales].\n");
    assert_eq!(number_flags(&out).len(), 1, "{}", out.stderr);
    // A year, or a figure before a name, takes no scale word: `2011 bin`
    // is the year of the item, not 2,011,000.
    let out = run("# R\n\nIn 2011 bin Laden was killed in Abbottabad [EVID:osama].\n");
    assert!(number_flags(&out).is_empty(), "{}", out.stderr);
}

#[test]
fn decimal_commas_dots_between_thousands_and_slashed_ranges_are_read() {
    for ok in [
        "# R\n\nUnemployment rose by 5,000 to 3.02 million, a rate of 6.4% [EVID:jobs].\n",
        "# R\n\nDie Arbeitslosenzahl stieg auf 3,02 Millionen [EVID:jobs].\n",
        "# R\n\nUnemployment fell by 65,000 [EVID:jobs].\n",
        "# R\n\nIn July it ranges from 14°C to 22°C [EVID:jobs].\n",
    ] {
        let out = run(ok);
        assert!(number_flags(&out).is_empty(), "{ok}: {}", out.stderr);
    }
    // Figures the passage does not hold, written as Europe writes them.
    for bad in [
        "# R\n\nDie Zahl stieg auf 2,5 Millionen [EVID:jobs].\n",
        "# R\n\nDie Quote lag bei 5,4 Prozent [EVID:jobs].\n",
    ] {
        let out = run(bad);
        assert_eq!(number_flags(&out).len(), 1, "{bad}: {}", out.stderr);
    }
}
