//! Chapters the pipeline properties found failing, each checked every run
//! in every mode, target and path (`pipeline.rs` holds the earlier ones).

use super::pipeline::hold_in_every_setup;

/// Each of `texts` holds in every mode, target and path, with every claim
/// unit, labelled and not.
fn hold_everywhere(texts: &[&str]) {
    for text in texts {
        hold_in_every_setup(text, &["blocks", "bullets", "sentences"], &[false, true]);
    }
}

/// A malformed marker between an abstain phrase never closed and the
/// claim after it (`[Insufficient evidence[EVID:],[EVID:a]1 2 t`) kept the
/// claim whole, labelled before the phrase; `remove` mode took the marker
/// out, and the next run, starting the claim after the phrase, wrote a
/// second label there. A marker between the phrase and the claim's text
/// is the claim's: the claim starts at it, where the next run starts it
/// too once the marker is gone.
#[test]
fn a_marker_after_an_abstain_phrase_starts_the_claim() {
    hold_everywhere(&[
        "[Insufficient evidence[EVID:],[EVID:a]1 2 t",
        "[Insufficient evidence[EVID:gone], 東京 rates rose [EVID:a] 😀",
        "[Insufficient evidence] [EVID:gone] Rates rose\u{a0}5% [EVID:a].",
        "[Insufficient evidence] [EVID:a] Rates rose 5%.",
        "- [EVID:a, b.2:x/y-z]\nTerm\n: [Insufficient evidence]<http://e.org>[EVID:a]4.4\u{a0}percent",
    ]);
}

/// A marker before an abstain phrase that a label ending with a colon
/// opens (`[EVID:gone] Minority view: [Insufficient evidence] Rates rose
/// 5%.`; found as `- [EVID:a,]Rates\nTerm\n: [Insufficient
/// evidence][EVID:a12…`, one list item) stayed among the markers of the
/// claim after the phrase, though the claim's span starts after it.
/// `remove` mode replaced the claim, uncited, by its span, which left the
/// marker in place as the claim's, to be taken out on the next run. The
/// claim's markers are those in its span.
#[test]
fn a_marker_before_an_abstain_phrase_is_no_marker_of_the_claim_after_it() {
    hold_everywhere(&[
        "- [EVID:a,]Rates\nTerm\n: [Insufficient evidence][EVID:a12\u{2009}%Rates Rates\n",
        "[EVID:gone] Minority view: [Insufficient evidence] 東京 rates rose 5% 😀.",
        "[EVID:a] Minority view: [Insufficient evidence] Rates rose\u{a0}5%.",
    ]);
}

/// A marker in the label that leads to an abstain phrase (`- Rates[EVID:a,]\nTerm\n:
/// [Insufficient evidence]http://e.org\nRates[EVID:p]…`, one list item,
/// or `Minority [EVID:gone] view: [Insufficient evidence] …`) was taken
/// for one in or after the phrase, which keeps the claim whole: the
/// phrase was placed where the text starts, not at its `[`. The claim was
/// labelled before the label; `remove` mode took the marker out, and the
/// next run, starting the claim after the phrase, labelled it again
/// there. A marker before the phrase's `[` is before the phrase.
#[test]
fn a_marker_in_the_label_before_an_abstain_phrase_keeps_no_claim_whole() {
    hold_everywhere(&[
        "- Rates[EVID:a,]\nTerm\n: [Insufficient evidence]http://e.org\nRates[EVID:p]RatesRates\n",
        "Minority [EVID:gone] view: [Insufficient evidence] 東京 rates rose 5% [EVID:a] 😀.",
    ]);
}

/// Two runs of markers `remove` mode takes out right after a
/// strikethrough or emphasis opens (`~~[EVID:gone] [1-200] x~~`, in a
/// chapter with a citation list): the first took the space after it
/// along (`~~ x~~` would open nothing), and the second the space before
/// it, the same byte. The two removals overlapped, and the second was
/// dropped, so `[1-200]` stayed for the next run to take out. The second
/// run's text before it is where the first's removal leaves it: right
/// after the delimiters, its space gone, and it takes the spaces after it
/// in turn.
#[test]
fn runs_taken_out_after_an_emphasis_opens_share_no_space() {
    hold_everywhere(&[
        "- ~~[EVID:gone] [1-200]`[EVID:a]`\n-->~~",
        "~~[EVID:gone] [1-200] 東京 rates rose [EVID:a] 😀~~",
        "**[EVID:gone] [9] [EVID:] Rates\u{a0}rose [EVID:a].**",
    ]);
}
