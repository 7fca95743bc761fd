//! Citations and back-links as targets: at least 24×24 CSS px, focus rings
//! that do not reach a neighbour, the card driven by keyboard and by touch.

use super::*;
use crate::common::chromium::{chromium, skip};

#[test]
fn citations_are_targets_a_keyboard_and_a_finger_can_hit() {
    let Some(browser) = chromium() else {
        return skip(
            "citations_are_targets_a_keyboard_and_a_finger_can_hit",
            "no chromium on PATH",
        );
    };
    let book = card_book();
    let found = match probe(&browser, &book) {
        Ok(found) => found,
        Err(why) if why.starts_with("cannot start") => {
            return skip(
                "citations_are_targets_a_keyboard_and_a_finger_can_hit",
                &why,
            );
        }
        Err(why) => panic!("{why}"),
    };
    // Every citation and back-link is at least 24 by 24 CSS px: the single
    // digits of the group `[1, 2]` and the lettered back-links too.
    let targets = found["targets"].as_array().expect("targets");
    assert!(targets.len() >= 8, "{found}");
    for t in targets {
        let (w, h) = (t["w"].as_f64().unwrap(), t["h"].as_f64().unwrap());
        assert!(w >= 24.0 && h >= 24.0, "{t} is smaller than 24×24: {found}");
    }
    let texts: Vec<&str> = targets
        .iter()
        .map(|t| t["text"].as_str().unwrap())
        .collect();
    for text in ["1", "2", "↩\u{a0}a", "↩\u{a0}b", "↩\u{a0}c"] {
        assert!(texts.contains(&text), "{text}: {texts:?}");
    }
    // A focused member of a group is underlined, with no ring over its
    // neighbours; a tap on its ink reaches it; a single citation's ring is
    // inside its target.
    let rings = found["rings"].as_array().expect("rings");
    assert!(!rings.is_empty(), "{found}");
    for ring in rings {
        assert_eq!(ring["focusVisible"], true, "{found}");
        assert_eq!(ring["style"], "none", "{found}");
        assert_eq!(ring["underline"], "underline", "{found}");
        assert_eq!(ring["hitsItself"], true, "{found}");
    }
    assert_eq!(found["singleRing"]["style"], "solid", "{found}");
    assert!(
        found["singleRing"]["reach"].as_f64().unwrap() <= 0.0,
        "{found}"
    );
    // The ink of a group, and of a citation with the space before it and
    // the punctuation after it, sits as plain text would: no two
    // characters more than 2 px apart (no "[1] ." with a gap).
    let ink = found["ink"].as_array().expect("ink");
    assert!(ink.len() >= 4, "{found}");
    let texts: Vec<&str> = ink.iter().map(|i| i["text"].as_str().unwrap()).collect();
    for text in ["\u{a0}[1].", "\u{a0}[1, 2].", "\u{a0}[3],"] {
        assert!(texts.contains(&text), "{text}: {texts:?}");
    }
    for i in ink {
        assert!(i["gap"].as_f64().unwrap() <= 2.0, "{i}: {found}");
    }
    // Keyboard: focus opens the card (described by it), Escape closes it.
    assert_eq!(found["keyboard"]["shown"], true, "{found}");
    assert_eq!(found["keyboard"]["describedBy"], "evidence-card", "{found}");
    assert_eq!(found["keyboard"]["hiddenByEscape"], true, "{found}");
    // Touch: the first tap shows the card instead of following the link,
    // the second follows it.
    assert_eq!(found["touch"]["firstPrevented"], true, "{found}");
    assert_eq!(found["touch"]["shown"], true, "{found}");
    assert_eq!(found["touch"]["secondPrevented"], false, "{found}");
    // The passage under the entry: text (selectable, read by screen
    // readers), out of the search index, and not drawn twice; and the
    // citation's name for screen readers.
    assert!(
        found["passageText"]
            .as_str()
            .is_some_and(|c| c.starts_with("The Committee decided")),
        "{found}"
    );
    assert_eq!(found["passageSelected"], found["passageText"], "{found}");
    assert_eq!(found["passageDisplay"], "block", "{found}");
    assert_eq!(found["passageAfter"], "none", "{found}");
    assert!(
        found["citeLabel"]
            .as_str()
            .is_some_and(|l| l.starts_with("Citation ") && l.contains(": Federal Reserve: FOMC")),
        "{found}"
    );
    // `[SPECULATION]` is a label with its meaning, on the page and in the card.
    let speculation = &found["speculation"];
    assert_eq!(speculation["count"], 1, "{found}");
    assert_eq!(speculation["text"], "Speculation", "{found}");
    assert!(
        speculation["title"]
            .as_str()
            .is_some_and(|t| t.contains("not a claim the cited sources support")),
        "{found}"
    );
    assert!(
        speculation["inCode"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("[SPECULATION]")),
        "{found}"
    );
    assert_eq!(speculation["card"][0]["text"], "Speculation", "{found}");
    assert_eq!(
        speculation["card"][0]["title"], speculation["title"],
        "{found}"
    );
    // The tier badge says what the tier means, and explains the scale.
    let badges = found["badges"].as_array().expect("badges");
    assert_eq!(badges[0]["text"], "Tier 4 · Monitor-only source", "{found}");
    assert!(
        badges[0]["title"]
            .as_str()
            .is_some_and(|t| t.contains("tier 1 (official")),
        "{found}"
    );
}
