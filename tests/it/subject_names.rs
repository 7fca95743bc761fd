//! `subject-not-in-evidence` on names no list knows, through real builds:
//! a person, an organisation or a surname swapped in a claim is caught
//! from where the passage names another in its place (the given name it
//! writes as a name, the content word beside it), and the same claim with
//! the right name passes; in Latin script with accents, beside CJK and
//! right-to-left text, and with a no-break space inside the name.

use crate::common::TestBook;
use serde_json::{Value, json};

const CONFIG: &str = "store = \"evidence\"\nas-of = \"2026-02-20\"\n";

/// A store of one item per passage, `ev_1`, `ev_2`…
fn store(passages: &[&str]) -> String {
    let evidence: Vec<Value> = passages
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "id": format!("ev_{}", i + 1),
                "source_id": "press",
                "url": format!("https://example.org/{}", i + 1),
                "title": "Press release",
                "published_at": "2026-02-10T12:00:00Z",
                "quote_span": {"text": p},
            })
        })
        .collect();
    json!({
        "schema_version": "evidence.v1",
        "sources": [{"source_id": "press", "publisher": "Example Press", "tier": 1}],
        "evidence": evidence,
    })
    .to_string()
}

/// The `subject-not-in-evidence` findings of a chapter: line and message.
fn subject_flags(passages: &[&str], chapter: &str) -> Vec<(u64, String)> {
    let book = TestBook::with_store(CONFIG, &store(passages), &[("brief.md", chapter)]);
    let (_, report) = book.check_json();
    report["violations"]
        .as_array()
        .expect("a violations list")
        .iter()
        .filter(|v| v["rule"] == "subject-not-in-evidence")
        .map(|v| {
            (
                v["line"].as_u64().unwrap_or(0),
                v["message"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// Passages naming people and organisations, each cited by the claims
/// of the same number below.
const PASSAGES: [&str; 4] = [
    "Records show that the developer Donald Trump was born in Queens in 1946, and that Donald Trump later moved to Manhattan.",
    "The committee heard that Élodie Durand founded the clinic in Lyon; Élodie Durand still directs it.",
    "In its filing, the regulator said Northwind Holdings acquired the plant in March after a long review.",
    "El informe dice que José Ramírez presentó el plan; José Ramírez lo defendió ante el consejo.",
];

#[test]
fn a_swapped_surname_or_organisation_is_reported_and_the_right_one_passes() {
    let swapped = "# Brief\n\n\
- Donald Chains was born in Queens in 1946. [EVID:ev_1]\n\
- Élodie Marchetti founded the clinic in Lyon. [EVID:ev_2]\n\
- The regulator said Southgate Partners acquired the plant in March. [EVID:ev_3]\n\
- José Fernández presentó el plan ante el consejo. [EVID:ev_4]\n";
    let found = subject_flags(&PASSAGES, swapped);
    let lines: Vec<u64> = found.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, [3, 4, 5, 6], "{found:#?}");
    for ((_, message), (name, rival)) in found.iter().zip([
        ("Chains", "Trump"),
        ("Marchetti", "Durand"),
        ("Southgate Partners", "Northwind"),
        ("Fernández", "Ramírez"),
    ]) {
        assert!(
            message.contains(&format!("`{name}`")) && message.contains(&format!("`{rival}`")),
            "{message}"
        );
    }
    let right = "# Brief\n\n\
- Donald Trump was born in Queens in 1946. [EVID:ev_1]\n\
- Élodie Durand founded the clinic in Lyon. [EVID:ev_2]\n\
- The regulator said Northwind Holdings acquired the plant in March. [EVID:ev_3]\n\
- José Ramírez presentó el plan ante el consejo. [EVID:ev_4]\n\
- Trump was born in Queens. [EVID:ev_1]\n\
- Durand founded the clinic. [EVID:ev_2]\n\
- Northwind acquired the plant in March. [EVID:ev_3]\n";
    assert_eq!(subject_flags(&PASSAGES, right), [], "the right names pass");
}

#[test]
fn a_name_split_by_a_no_break_space_is_read_as_one() {
    let chapter = "# Brief\n\n\
- Donald\u{a0}Chains was born in Queens in 1946. [EVID:ev_1]\n\
- Donald\u{a0}Trump was born in Queens in 1946. [EVID:ev_1]\n";
    let found = subject_flags(&PASSAGES, chapter);
    let lines: Vec<u64> = found.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, [3], "{found:#?}");
}

#[test]
fn a_sentence_opening_word_the_passage_writes_in_lower_case_is_no_name() {
    // `Using` opens the claim and the passage; the passage writes it in
    // lower case too, so it holds no name: `Plotly` is read on its own, a
    // name the passage does not hold, with `ECharts` amid the same words.
    let passages = ["Using ECharts, the team drew the charts; using it saved time."];
    let chapter = "# Brief\n\n- Using Plotly, the team drew the charts. [EVID:ev_1]\n";
    let found = subject_flags(&passages, chapter);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].1.contains("`Plotly`") && found[0].1.contains("`ECharts`"),
        "{found:#?}"
    );
    let right = "# Brief\n\n- Using ECharts, the team drew the charts. [EVID:ev_1]\n";
    assert_eq!(subject_flags(&passages, right), []);
}

#[test]
fn cjk_and_right_to_left_names_raise_no_false_flag() {
    let passages = [
        "東京大学の山田太郎教授が新しい研究所を設立した。",
        "قال الدكتور أحمد خالد إن المستشفى افتتح في مارس.",
        "The index was compiled by 株式会社ノースウインド and published by Northwind Press.",
    ];
    let chapter = "# Brief\n\n\
- 東京大学の山田太郎教授が研究所を設立した。 [EVID:ev_1]\n\
- قال الدكتور أحمد خالد إن المستشفى افتتح. [EVID:ev_2]\n\
- \u{200f}The index was published by Northwind Press. [EVID:ev_3]\n\
- The index was compiled by 株式会社ノースウインド. [EVID:ev_3]\n";
    assert_eq!(subject_flags(&passages, chapter), []);
    // The same claims with a Latin name swapped in are caught, RTL mark and
    // all.
    let swapped = "# Brief\n\n\
- \u{200f}The index was published by Southgate in Tokyo. [EVID:ev_3]\n";
    let found = subject_flags(&passages, swapped);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].1.contains("`Northwind`"), "{found:#?}");
}

#[test]
fn a_book_with_a_swapped_name_still_builds_and_warns() {
    let chapter = "# Brief\n\n- Donald Chains was born in Queens in 1946. [EVID:ev_1]\n";
    let book = TestBook::with_store(CONFIG, &store(&PASSAGES), &[("brief.md", chapter)]);
    book.build().expect("a warning does not stop the build");
    let html = book.html("brief.md");
    assert!(html.contains("Donald Chains"), "the claim is kept");
}

#[test]
fn a_whole_name_swapped_in_a_list_is_reported() {
    let passages = ["Architects like Frida Escobedo and Tatiana Bilbao are changing Mexico City."];
    let swapped = "# Brief\n\n\
- Architects like Mike Johnson and Tatiana Bilbao are changing Mexico City. [EVID:ev_1]\n\
- Architects like Frida Escobedo and Tatiana Bilbao are changing Mexico City. [EVID:ev_1]\n";
    let found = subject_flags(&passages, swapped);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, 3);
    assert!(found[0].1.contains("`Mike Johnson`"), "{found:#?}");
}

#[test]
fn a_name_amid_the_claims_words_or_in_an_uncited_sentence_of_the_paragraph_is_read() {
    let passages = [
        "Quicksort is a sorting algorithm invented by Tony Hoare that has an average-case complexity of O(n log n).",
        "Hundreds of schoolgirls have fallen sick in Iran\u{2019}s holy city of Qom in recent months, and some parents suspect they were poisoned.",
    ];
    // No word beside the name is shared; the words around it are. In the
    // paragraph, the name is in the sentence before the one the marker
    // closes: the paragraph cites the item for both.
    let swapped = "# Brief\n\n\
The time complexity of the Buick algorithm in the average case is O(n log n). [EVID:ev_1]\n\n\
Hundreds of girls have fallen sick in schools in Iraq in recent months.\u{a0}Some parents suspect they were poisoned. [EVID:ev_2]\n";
    let found = subject_flags(&passages, swapped);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].1.contains("`Buick`") && found[0].1.contains("`Tony Hoare`"),
        "{found:#?}"
    );
    assert!(
        found[1].1.contains("`Iraq`") && found[1].1.contains("`Iran`"),
        "{found:#?}"
    );
    let right = "# Brief\n\n\
The time complexity of the Quicksort algorithm in the average case is O(n log n). [EVID:ev_1]\n\n\
Hundreds of girls have fallen sick in schools in Iran in recent months. Some parents suspect they were poisoned. [EVID:ev_2]\n";
    assert_eq!(subject_flags(&passages, right), []);
}
