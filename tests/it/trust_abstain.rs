//! An abstain phrase stands for its own claim only (issue 28, item 3): a
//! sentence after it needs its own citation; the phrase alone, or after a
//! label and a colon, stays exempt. Through the binary on the stdin mdBook
//! makes of a real book (twice: a second run changes nothing) and through
//! a real `mdbook build`.

use crate::common::{Run, TestBook, run_twice};

use crate::common::stores::FED_STATEMENT as STORE;

/// The phrase, then an uncited claim; the phrase alone; a label, a colon
/// and a phrase; a cited claim. `{claim}` is the uncited claim.
fn chapter(claim: &str) -> String {
    format!(
        "# Brief\n\n\
         - [Data not yet available as of Feb 12, 2026] {claim}\n\
         - [Data not yet available as of Feb 12, 2026]\n\
         - Minority view: [Conflicting reports; unable to confirm]\n\
         - The Fed held rates steady this week. [EVID:fed_stmt]\n"
    )
}

const ASCII: &str = "The Fed cut rates to zero and stocks crashed.";
const NON_ASCII: &str = "Le marché a chuté de façon brutale à 東京 aujourd’hui 😀.";

fn run(config: &str, claim: &str, unit: &str) -> (TestBook, Run) {
    let book = TestBook::with_store(
        &format!("as-of = \"2026-02-12\"\nclaims = \"{unit}\"\n{config}"),
        STORE,
        &[("brief.md", &chapter(claim))],
    );
    let run = run_twice(book.root(), &book.stdin("html"));
    (book, run)
}

/// The claim's first three words.
fn opening(claim: &str) -> String {
    claim.split(' ').take(3).collect::<Vec<_>>().join(" ")
}

fn ungrounded(run: &Run) -> usize {
    run.stderr.matches("[ungrounded-claim]").count()
}

#[test]
fn the_sentence_after_an_abstain_phrase_needs_its_own_citation() {
    for claim in [ASCII, NON_ASCII] {
        for unit in ["blocks", "bullets", "sentences"] {
            let (_, run) = run("mode = \"fail\"\n", claim, unit);
            assert_ne!(run.code, 0, "{unit}: {}", run.stderr);
            assert_eq!(ungrounded(&run), 1, "{unit}: {}", run.stderr);
            // The diagnostic quotes the claim, not the phrase.
            assert!(
                run.stderr.contains(&opening(claim)),
                "{unit}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn the_phrase_alone_or_after_a_label_stays_exempt() {
    let book = TestBook::with_store(
        "as-of = \"2026-02-12\"\nmode = \"fail\"\n",
        STORE,
        &[(
            "brief.md",
            "# Brief\n\n\
             - [Data not yet available as of Feb 12, 2026]\n\
             - [Data not yet available as of Feb 12, 2026].\n\
             - Minority view: [Conflicting reports; unable to confirm]\n\
             - Vue minoritaire à 東京 : [Insufficient evidence to assess this claim]\n\
             - [Insufficient evidence to support this claim] [Data not yet available as of Feb 12, 2026]\n",
        )],
    );
    let run = run_twice(book.root(), &book.stdin("html"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(ungrounded(&run), 0, "{}", run.stderr);
}

#[test]
fn remove_mode_keeps_the_phrase_and_takes_out_the_claim() {
    for claim in [ASCII, NON_ASCII] {
        for unit in ["blocks", "sentences"] {
            let (book, out) = run("mode = \"remove\"\n", claim, unit);
            assert_eq!(out.code, 0, "{unit}: {}", out.stderr);
            let page = out.chapter("brief.md");
            assert!(
                page.contains(
                    "- [Data not yet available as of Feb 12, 2026] \
                     [Insufficient evidence to support this claim]\n\
                     - [Data not yet available as of Feb 12, 2026]\n"
                ),
                "{unit}: {page}"
            );
            assert!(!page.contains(&opening(claim)), "{unit}: {page}");
            assert!(
                page.contains("Minority view: [Conflicting reports"),
                "{page}"
            );
            assert!(page.contains("The Fed held rates steady"), "{page}");

            let (_, out) = run("mode = \"remove\"\nremoval = \"delete\"\n", claim, unit);
            assert_eq!(out.code, 0, "{unit}: {}", out.stderr);
            let page = out.chapter("brief.md");
            assert!(!page.contains(&opening(claim)), "{unit}: {page}");
            assert!(!page.contains("Insufficient evidence to support"), "{page}");
            assert_eq!(
                page.matches("- [Data not yet available as of Feb 12, 2026]")
                    .count(),
                2,
                "{unit}: {page}"
            );

            book.build().unwrap();
            let html = book.html("brief.md");
            assert!(!html.contains(&opening(claim)), "{unit}: {html}");
            assert!(
                html.contains("[Data not yet available as of Feb 12, 2026] [Insufficient evidence to support this claim]"),
                "{unit}: {html}"
            );
        }
    }
}
