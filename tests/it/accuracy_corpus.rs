//! The default threshold of `claim-not-in-evidence` against its targets,
//! on the development halves of the labelled support corpus (the same
//! measurement `cargo run --release --example support_eval` prints): at
//! most 2% of supported claims flagged, at least 93% of citations of an
//! item on another topic caught.
//!
//! The corpus is read from `../shared/corpora/support/` beside the clone,
//! or from `$EVIDENCE_CORPUS_DIR/support`. When neither `EVIDENCE_CORPUS_DIR`
//! nor `CI` is set and the default directory is absent (a plain clone), the
//! test says so on stderr and passes; otherwise a missing corpus fails it.

#[path = "../../examples/support_eval/corpus.rs"]
mod corpus;

use evidence_core::config::{DEFAULT_CLAIM_OVERLAP, DEFAULT_CLAIM_OVERLAP_MIN_WORDS};

#[test]
fn the_default_threshold_meets_its_targets_on_the_development_data() {
    let (dir, explicit) = corpus::corpus_dir();
    let rows = match corpus::read(&dir) {
        Ok(rows) => rows,
        Err(err) if !explicit && std::env::var_os("CI").is_none() => {
            crate::common::skip::note(
                "the support corpus (accuracy)",
                &format!("{err}; set EVIDENCE_CORPUS_DIR to the directory holding support/"),
            );
            return;
        }
        Err(err) => panic!("{err}; set EVIDENCE_CORPUS_DIR to the directory holding support/"),
    };
    assert_eq!(rows.len(), 4209, "the development halves changed");
    let (overlap, words) = (DEFAULT_CLAIM_OVERLAP, DEFAULT_CLAIM_OVERLAP_MIN_WORDS);
    let (flagged, supported) = corpus::share(&rows, |r| r.label == "supported", overlap, words);
    assert!(
        flagged * 100 <= 2 * supported,
        "{flagged} of {supported} supported claims flagged"
    );
    let (caught, swapped) = corpus::share(&rows, |r| r.set == "swapped", overlap, words);
    assert!(
        caught * 100 >= 93 * swapped,
        "{caught} of {swapped} wrong-item citations caught"
    );
    // The figures the guide and BENCHMARKS.md publish.
    assert_eq!((flagged, supported), (12, 904));
    assert_eq!((caught, swapped), (663, 698));
}
