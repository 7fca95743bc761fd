//! A complete sentence states a claim whatever its length: `- Stocks
//! crashed.` is not published uncited. What is no sentence — a label, a
//! lead-in, a link list, a one-word answer — stays out. Each chapter goes
//! through a real build (fail mode) and through the binary twice (remove
//! mode).

use crate::common::{TestBook, run_twice};

const SHORT: [&str; 4] = [
    "Stocks crashed.",
    "Rates\u{a0}rose!",
    "株価が暴落した。",
    "“Yields jumped.”",
];

const NOT_CLAIMS: &str = "# Brief\n\n\
    **Key figures**\n\n\
    Summary:\n\n\
    - [Fed](https://www.federalreserve.gov/)\n\
    - Yes.\n\
    - 東京\n\
    - Wait...\n\n\
    See below.\n\n\
    Intro line.\n\n\
    Key figures.\n\n\
    The committee held rates steady this month, the statement said [EVID:ev_fomc].\n";

#[test]
fn a_short_sentence_needs_its_citation() {
    for sentence in SHORT {
        let chapter = format!(
            "# Brief\n\n- The committee held rates steady this month [EVID:ev_fomc].\n- {sentence}\n"
        );
        let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", &chapter)]);
        let (code, report) = book.check_json();
        assert_ne!(code, 0, "{sentence}");
        let rules: Vec<&str> = report["violations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["severity"] == "error")
            .map(|v| v["rule"].as_str().unwrap())
            .collect();
        assert_eq!(rules, ["ungrounded-claim"], "{sentence}");
        assert!(book.build().is_err(), "{sentence}");

        let remove = TestBook::new(
            "as-of = \"2026-02-11\"\nmode = \"remove\"",
            &[("c.md", &chapter)],
        );
        for renderer in ["html", "markdown"] {
            let run = run_twice(remove.root(), &remove.stdin(renderer));
            assert_eq!(run.code, 0, "{}", run.stderr);
            let page = run.chapter("c.md");
            let words = sentence.trim_matches(['“', '”', '.', '!', '。']);
            assert!(!page.contains(words), "{sentence} {renderer}: {page}");
        }
    }
}

#[test]
fn what_is_no_sentence_is_no_claim() {
    let book = TestBook::new("as-of = \"2026-02-11\"", &[("c.md", NOT_CLAIMS)]);
    let (code, report) = book.check_json();
    assert_eq!(code, 0, "{report}");
    book.build().unwrap();
}
