//! Chapters the pipeline properties found failing, each checked every run
//! in every mode, target and path (`pipeline.rs` holds the earlier ones).

use super::pipeline::hold_in_every_setup;

/// A malformed marker between an abstain phrase never closed and the
/// claim after it (`[Insufficient evidence[EVID:],[EVID:a]1 2 t`) kept the
/// claim whole, labelled before the phrase; `remove` mode took the marker
/// out, and the next run, starting the claim after the phrase, wrote a
/// second label there. A marker between the phrase and the claim's text
/// is the claim's: the claim starts at it, where the next run starts it
/// too once the marker is gone.
#[test]
fn a_marker_after_an_abstain_phrase_starts_the_claim() {
    for text in [
        "[Insufficient evidence[EVID:],[EVID:a]1 2 t",
        "[Insufficient evidence[EVID:gone], 東京 rates rose [EVID:a] 😀",
        "[Insufficient evidence] [EVID:gone] Rates rose\u{a0}5% [EVID:a].",
        "[Insufficient evidence] [EVID:a] Rates rose 5%.",
        "- [EVID:a, b.2:x/y-z]\nTerm\n: [Insufficient evidence]<http://e.org>[EVID:a]4.4\u{a0}percent",
    ] {
        hold_in_every_setup(text, &["blocks", "bullets", "sentences"], &[false, true]);
    }
}
