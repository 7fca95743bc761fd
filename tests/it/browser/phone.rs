//! A phone's width: citations never start a line, and the index, the
//! label and the card fit.

use super::*;
use crate::common::TestBook;
use crate::common::chromium::{chromium, skip};

/// On a phone (390 px wide) no citation wraps onto a line of its own: a
/// paragraph of sentences of every length, each ending in a citation or a
/// group after a space (ASCII, no-break, ideographic), in Latin, CJK, RTL
/// and emoji text, puts a citation at every place of a line.
#[test]
fn citations_never_start_a_line_on_a_phone() {
    let Some(browser) = chromium() else {
        return skip(
            "citations_never_start_a_line_on_a_phone",
            "no chromium on PATH",
        );
    };
    let words = [
        "growth",
        "évolué",
        "物価が上がった",
        "الأسعار",
        "prices🙂",
        "naïve",
        "cafe\u{301}",
        "１７０，０００",
    ];
    let mut chapter = String::from("# Phone\n\n");
    for n in 1..60 {
        let sentence: Vec<&str> = (0..n).map(|i| words[(i * 7 + n) % words.len()]).collect();
        let space = [" ", " ", "\u{3000}", " "][n % 4];
        let marker = if n % 3 == 0 {
            "[EVID:ev_ft][EVID:ev_evil]"
        } else {
            "[EVID:ev_fomc]"
        };
        chapter.push_str(&format!("{}{space}{marker}. ", sentence.join(" ")));
    }
    chapter.push('\n');
    let book = TestBook::with_store(
        "mode = \"warn\"",
        crate::common::stores::HOSTILE_STORE,
        &[("c.md", &chapter)],
    );
    mdbook_evidence::install::install(book.root(), false).expect("install");
    book.build().expect("builds");
    let script = PROBE.replace(
        "window.addEventListener(\"load\", function () {\n    var out = {};",
        "window.addEventListener(\"load\", function () {\n    var out = {lines: startsLine()};\n    var pre0 = document.createElement(\"pre\"); pre0.id = \"probe\"; pre0.textContent = JSON.stringify(out); document.body.appendChild(pre0); return;",
    );
    let found = match probe_page(&browser, &book, "c.html", &script, "390,800") {
        Ok(found) => found,
        Err(why) if why.starts_with("cannot start") => {
            return skip("citations_never_start_a_line_on_a_phone", &why);
        }
        Err(why) => panic!("{why}"),
    };
    let lines = found["lines"].as_array().expect("lines");
    assert!(lines.len() >= 59, "{found}");
    let alone: Vec<_> = lines.iter().filter(|l| l["alone"] == true).collect();
    assert!(alone.is_empty(), "citations starting a line: {alone:?}");
}

/// On a phone (390 px wide): the evidence index's tables fit the text
/// column (no sideways scrolling), the Speculation label stays on the
/// page, and the card of a citation fits the screen.
#[test]
fn the_index_the_label_and_the_card_fit_a_phone() {
    let Some(browser) = chromium() else {
        return skip(
            "the_index_the_label_and_the_card_fit_a_phone",
            "no chromium on PATH",
        );
    };
    let book = card_book();
    let index_probe = r#"
window.addEventListener("load", function () {
    var out = {viewport: window.innerWidth, tables: []};
    var tables = document.querySelectorAll("main table");
    Array.prototype.forEach.call(tables, function (t) {
        var column = t.parentNode.getBoundingClientRect();
        out.tables.push({width: t.getBoundingClientRect().width, column: column.width,
            right: t.getBoundingClientRect().right, fontSize: parseFloat(getComputedStyle(t).fontSize)});
    });
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
});
"#;
    let found = match probe_page(&browser, &book, "sources.html", index_probe, "390,800") {
        Ok(found) => found,
        Err(why) if why.starts_with("cannot start") => {
            return skip("the_index_the_label_and_the_card_fit_a_phone", &why);
        }
        Err(why) => panic!("{why}"),
    };
    let viewport = found["viewport"].as_f64().unwrap();
    assert_eq!(viewport, 390.0, "{found}");
    let tables = found["tables"].as_array().expect("tables");
    assert_eq!(tables.len(), 2, "the items and the quality table: {found}");
    for t in tables {
        assert!(t["right"].as_f64().unwrap() <= viewport, "{t}: {found}");
        assert!(t["fontSize"].as_f64().unwrap() >= 12.0, "{t}: {found}");
    }

    let page_probe = r#"
window.addEventListener("load", function () {
    var out = {viewport: document.documentElement.clientWidth};
    var label = document.querySelector("main .evidence-speculation");
    var r = label.getBoundingClientRect();
    out.label = {left: r.left, right: r.right};
    var cite = label.parentNode.querySelector("a.evidence-cite");
    cite.focus();
    var card = document.getElementById("evidence-card").getBoundingClientRect();
    out.card = {left: card.left, right: card.right, shown: !document.getElementById("evidence-card").hidden};
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
});
"#;
    let found = probe_page(&browser, &book, "c.html", page_probe, "390,800").expect("probe");
    let viewport = found["viewport"].as_f64().unwrap();
    assert!(found["label"]["left"].as_f64().unwrap() >= 0.0, "{found}");
    assert!(
        found["label"]["right"].as_f64().unwrap() <= viewport,
        "{found}"
    );
    assert_eq!(found["card"]["shown"], true, "{found}");
    assert!(found["card"]["left"].as_f64().unwrap() >= 0.0, "{found}");
    assert!(
        found["card"]["right"].as_f64().unwrap() <= viewport,
        "{found}"
    );
}
