//! The citation card and the citations in a real browser: headless
//! Chromium (Debian's `chromium` package) loads a built page and dumps the
//! DOM after the scripts ran. A probe script, added to the built page by
//! the test, measures the citations and back-links (at least 24×24 CSS px,
//! focus rings that do not reach a neighbour), drives the card with the
//! keyboard and by touch, and writes what it found into the page as JSON.
//!
//! `.ci/run` installs Chromium when it is missing and sets
//! `EVIDENCE_REQUIRE_BROWSER`, so CI runs these tests and fails without a
//! browser. Elsewhere they are skipped, saying so, when Chromium is not
//! installed or cannot start (`apt-get install -y chromium`, or set
//! `CHROMIUM`).

use crate::common::TestBook;
use crate::common::chromium::{chromium, skip};
use std::path::Path;

/// The DOM of `page` after its scripts ran, or why there is none.
fn dump_dom(browser: &Path, page: &str) -> Result<String, String> {
    dump_dom_at(browser, page, "1200,900")
}

/// The DOM of `page` in a window of `size` (`"width,height"`).
fn dump_dom_at(browser: &Path, page: &str, size: &str) -> Result<String, String> {
    crate::common::chromium::dump_dom(browser, page, size, &[])
}

/// A built book with the card assets, whose chapter `c.md` cites a
/// paywalled and a hostile (tier 4) source side by side, and the FOMC item
/// three times.
fn card_book() -> TestBook {
    let book = TestBook::with_store(
        "mode = \"warn\"",
        crate::common::stores::HOSTILE_STORE,
        &[
            (
                "c.md",
                "# Card\n\nA paywalled source is cited for this claim [EVID:ev_ft].\n\n\
             Two sources, side by side, are cited for this claim [EVID:ev_ft][EVID:ev_evil].\n\n\
             The committee held the range [EVID:ev_fomc], as it said [EVID:ev_fomc] and repeated [EVID:ev_fomc].\n\n\
             [SPECULATION] Rates may fall later in the year [EVID:ev_fomc].\n\n\
             `[SPECULATION]` in code stays as written.\n",
            ),
            ("sources.md", "# Sources\n\n{{#evidence-index}}\n"),
        ],
    );
    mdbook_evidence::install::install(book.root(), false).expect("install");
    book.build().expect("builds");
    book
}

/// The page of `c.md` as a `file://` URL with `query`.
fn page(book: &TestBook, name: &str, query: &str) -> String {
    format!(
        "file://{}?{query}",
        book.root().join("book").join(name).display()
    )
}

/// The probe: measures targets and focus rings, drives the card by
/// keyboard and touch, and writes the results as JSON into
/// `<pre id="probe">`.
const PROBE: &str = r#"
function chars(node, out) {
    var walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    var text = node.nodeType === 3 ? node : walker.nextNode();
    for (; text; text = walker.nextNode()) {
        for (var i = 0; i < text.nodeValue.length; i++) {
            var range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            var r = range.getBoundingClientRect();
            out.push({ch: text.nodeValue[i], left: r.left, right: r.right, top: r.top});
        }
    }
    return out;
}
// Every citation or group outside a group, with the last character before it.
function topCitations() {
    var all = document.querySelectorAll(".evidence-cites, .evidence-cite[data-evidence]");
    return Array.prototype.filter.call(all, function (el) {
        return !el.parentNode.closest(".evidence-cites") && el.closest("main") && !el.closest(".evidence-ref");
    });
}
function inkGaps() {
    return topCitations().map(function (el) {
        var list = [];
        var before = el.previousSibling;
        if (before && before.nodeType === 3) {
            var mine = chars(before, []);
            if (mine.length) { list.push(mine[mine.length - 1]); }
        }
        chars(el, list);
        var after = el.nextSibling;
        if (after && after.nodeType === 3 && after.nodeValue) {
            list.push(chars(after, [])[0]);
        }
        var widest = 0, text = "";
        for (var i = 0; i < list.length; i++) {
            text += list[i].ch;
            if (i > 0) { widest = Math.max(widest, list[i].left - list[i - 1].right); }
        }
        return {text: text, gap: widest};
    });
}
// Whether a citation starts a line: its first character is lower than the
// character before it.
function startsLine() {
    return topCitations().map(function (el) {
        var before = el.previousSibling;
        var prev = before && before.nodeType === 3 ? chars(before, []) : [];
        var mine = chars(el, []);
        if (!prev.length || !mine.length) { return {text: el.textContent, alone: false}; }
        var last = prev[prev.length - 1];
        return {text: last.ch + el.textContent, alone: mine[0].top > last.top + 2};
    });
}
window.addEventListener("load", function () {
    var out = {};
    function box(el) { var r = el.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; }
    var targets = document.querySelectorAll("a.evidence-cite, .evidence-ref a[href^='#']");
    out.targets = Array.prototype.map.call(targets, function (el) {
        var b = box(el); return {text: el.textContent, w: b.w, h: b.h};
    });
    // The focus mark of each member of a group: drawn close around its
    // own ink (an underline), not a ring over the padding it shares with
    // its neighbours; and a tap on a number's ink reaches that number.
    out.rings = [];
    var groups = document.querySelectorAll(".evidence-cites");
    Array.prototype.forEach.call(groups, function (group) {
        var links = group.querySelectorAll("a.evidence-cite");
        for (var i = 0; i < links.length; i++) {
            links[i].focus();
            var style = getComputedStyle(links[i]);
            var ink = chars(links[i], []);
            var x = (ink[0].left + ink[ink.length - 1].right) / 2;
            var hit = document.elementFromPoint(x, ink[0].top + 8);
            out.rings.push({focusVisible: links[i].matches(":focus-visible"), style: style.outlineStyle,
                underline: style.textDecorationLine, hitsItself: !!hit && hit.closest("a.evidence-cite") === links[i]});
        }
    });
    // A single citation's ring is drawn inside its target.
    var single = document.querySelector("main a.evidence-cite[data-evidence='ev_ft']");
    single.focus();
    var singleStyle = getComputedStyle(single);
    out.singleRing = {style: singleStyle.outlineStyle,
        reach: parseFloat(singleStyle.outlineOffset) + parseFloat(singleStyle.outlineWidth)};
    single.blur();
    // The ink: each character's box (its advance) in a citation or a
    // group, with the one before and the one after it.
    out.ink = inkGaps();
    // `[SPECULATION]` is a label saying what it means, outside code, and
    // the card of a citation in its paragraph says so too.
    var labels = document.querySelectorAll("main .evidence-speculation");
    out.speculation = {count: labels.length, text: labels.length ? labels[0].textContent : null,
        title: labels.length ? labels[0].title : null,
        inCode: Array.prototype.map.call(document.querySelectorAll("main code"), function (c) { return c.textContent; })};
    var speculative = labels.length ? labels[0].parentNode.querySelector("a.evidence-cite") : null;
    var card = document.getElementById("evidence-card");
    if (speculative) {
        speculative.focus();
        out.speculation.card = Array.prototype.map.call(card.querySelectorAll(".evidence-speculation"),
            function (b) { return {text: b.textContent, title: b.title}; });
        speculative.blur();
    }
    var first = document.querySelector("a.evidence-cite[data-evidence='ev_ft']");
    // Keyboard: focus shows the card, Escape hides it.
    first.focus();
    out.keyboard = {shown: !card.hidden, describedBy: first.getAttribute("aria-describedby")};
    document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape", bubbles: true}));
    out.keyboard.hiddenByEscape = card.hidden;
    first.blur();
    // Touch: the first tap shows the card, the second follows the link.
    var evil = document.querySelector("a.evidence-cite[data-evidence='ev_evil']");
    function tap(el) {
        el.dispatchEvent(new PointerEvent("pointerdown", {pointerType: "touch", bubbles: true}));
        var click = new MouseEvent("click", {bubbles: true, cancelable: true});
        el.dispatchEvent(click);
        return click.defaultPrevented;
    }
    out.touch = {firstPrevented: tap(evil), shown: !card.hidden, text: card.textContent};
    out.touch.secondPrevented = tap(evil);
    var badges = card.querySelectorAll(".evidence-card-badge");
    // The script makes each entry's passage text under it (the stylesheet's
    // ::after, for a page without the script, is then off); the
    // citation's accessible name comes from the entry.
    var fomc = document.getElementById("evidence-ev_fomc");
    out.passageAfter = getComputedStyle(fomc, "::after").content;
    var quote = fomc.querySelector("q.evidence-passage-text");
    out.passageText = quote ? quote.textContent : null;
    out.passageDisplay = quote ? getComputedStyle(quote).display : null;
    // Selectable: a range over the quote's text is the passage.
    if (quote) {
        var range = document.createRange();
        range.selectNodeContents(quote);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
        out.passageSelected = window.getSelection().toString();
        window.getSelection().removeAllRanges();
    }
    out.citeLabel = document.querySelector("a.evidence-cite[data-evidence='ev_fomc']").getAttribute("aria-label");
    out.badges = Array.prototype.map.call(badges, function (b) { return {text: b.textContent, title: b.title}; });
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
});
"#;

/// In a frame, hands the probe's findings to the page holding it.
const RELAY: &str = r#"
var relay = setInterval(function () {
    var found = document.getElementById("probe");
    if (found && window.parent !== window) {
        clearInterval(relay);
        window.parent.postMessage(found.textContent, "*");
    }
}, 50);
"#;

/// The probe's findings on the built page `c.html` (a copy of it with the
/// probe script added).
fn probe(browser: &Path, book: &TestBook) -> Result<serde_json::Value, String> {
    probe_page(browser, book, "c.html", PROBE, "1200,900")
}

/// What `script` (a probe writing `<pre id="probe">`) finds on the built
/// page `name` in a window of `size`.
fn probe_page(
    browser: &Path,
    book: &TestBook,
    name: &str,
    script: &str,
    size: &str,
) -> Result<serde_json::Value, String> {
    let dir = book.root().join("book");
    let html = std::fs::read_to_string(dir.join(name)).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("probe.js"), script).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("relay.js"), RELAY).map_err(|e| e.to_string())?;
    let probed = html.replace(
        "</body>",
        "<script src=\"probe.js\"></script><script src=\"relay.js\"></script></body>",
    );
    std::fs::write(dir.join("probed.html"), probed).map_err(|e| e.to_string())?;
    // Chromium's window is at least about 500 px wide: a narrower page is
    // a frame of that width, whose probe posts its findings to the page.
    let dom = match size.split_once(',') {
        Some((width, height)) if width.parse::<u32>().is_ok_and(|w| w < 500) => {
            let phone = format!(
                "<!doctype html><html><body style=\"margin:0\">\
                 <iframe src=\"probed.html\" style=\"width:{width}px;height:{height}px;border:0\"></iframe>\
                 <script>window.addEventListener(\"message\", function (e) {{ var pre = document.createElement(\"pre\"); \
                 pre.id = \"probe\"; pre.textContent = e.data; document.body.appendChild(pre); }});</script></body></html>"
            );
            std::fs::write(dir.join("phone.html"), phone).map_err(|e| e.to_string())?;
            dump_dom(browser, &page(book, "phone.html", ""))?
        }
        _ => dump_dom_at(browser, &page(book, "probed.html", ""), size)?,
    };
    crate::common::chromium::probe_output(&dom)
}

#[test]
fn the_card_shows_in_headless_chromium() {
    let Some(browser) = chromium() else {
        return skip("the_card_shows_in_headless_chromium", "no chromium on PATH");
    };
    let book = card_book();
    let dom = match dump_dom(&browser, &page(&book, "c.html", "evidence-demo=ev_ft")) {
        Ok(dom) => dom,
        Err(why) => return skip("the_card_shows_in_headless_chromium", &why),
    };
    let card_at = dom
        .find("id=\"evidence-card\"")
        .unwrap_or_else(|| panic!("no card in the DOM (did evidence.js load?): {dom}"));
    let card = &dom[dom[..card_at].rfind('<').unwrap()..];
    let card = &card[..card.find("</blockquote>").expect("a passage") + 13];
    assert!(card.contains("role=\"tooltip\""), "{card}");
    assert!(!card.contains(" hidden"), "the card is shown: {card}");
    for part in [
        "Financial Times",
        "Feb 9, 2026",
        "Is the Fed over-tightening?",
        "Tier 2 · mainstream news",
        "Paywall",
        "Snippet of a paywalled source",
        "Economists debate whether the Fed went too far",
    ] {
        assert!(card.contains(part), "{part}: {card}");
    }
    assert!(!dom.contains("SECRET"), "{dom}");
    assert!(
        dom.contains("aria-describedby=\"evidence-card\""),
        "the citation points at the card: {dom}"
    );

    // Store text stays text in the card too.
    let dom = dump_dom(&browser, &page(&book, "c.html", "evidence-demo=ev_evil")).expect("page");
    let card = &dom[dom.find("id=\"evidence-card\"").expect("card")..];
    assert!(
        card.contains("&lt;script&gt;alert(\"pub\")&lt;/script&gt; &amp; Co's"),
        "{card}"
    );
    assert!(card.contains("Tier 4 · Monitor-only source"), "{card}");
    assert!(
        card.contains("&lt;/a&gt;&lt;script&gt;alert('quote')"),
        "{card}"
    );
    assert!(!dom.contains("<img src=\"x\""), "{dom}");
    assert!(!dom.contains("<script>alert"), "{dom}");
}

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

/// Without JavaScript, on a phone (390 px wide): `[SPECULATION]` is the
/// label the preprocessor wrote into the page (styled by the stylesheet,
/// its meaning in its title), inside the screen, and the bracketed word
/// is left only in code. The page is a frame that may not run scripts
/// (`sandbox` without `allow-scripts`), which the page holding it reads.
#[test]
fn the_speculation_label_needs_no_javascript() {
    let Some(browser) = chromium() else {
        return skip(
            "the_speculation_label_needs_no_javascript",
            "no chromium on PATH",
        );
    };
    let book = card_book();
    let dir = book.root().join("book");
    let holder = r#"<!doctype html><html><body style="margin:0">
<iframe id="page" sandbox="allow-same-origin" src="c.html" style="width:390px;height:800px;border:0"></iframe>
<script>
document.getElementById("page").addEventListener("load", function () {
    var doc = this.contentDocument, win = this.contentWindow;
    var out = {viewport: doc.documentElement.clientWidth, scripted: !!doc.getElementById("evidence-card")};
    out.labels = Array.prototype.map.call(doc.querySelectorAll("main .evidence-speculation"), function (l) {
        var r = l.getBoundingClientRect(), style = win.getComputedStyle(l);
        return {text: l.textContent, title: l.title, left: r.left, right: r.right,
            border: style.borderTopStyle, caps: style.fontVariantCaps};
    });
    var walker = doc.createTreeWalker(doc.querySelector("main"), NodeFilter.SHOW_TEXT);
    out.bracketed = [];
    for (var t = walker.nextNode(); t; t = walker.nextNode()) {
        if (t.nodeValue.indexOf("[SPECULATION]") >= 0) { out.bracketed.push(t.parentNode.tagName); }
    }
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
});
</script></body></html>"#;
    std::fs::write(dir.join("nojs.html"), holder).unwrap();
    let dom = match crate::common::chromium::dump_dom(
        &browser,
        &page(&book, "nojs.html", ""),
        "1200,900",
        &["--allow-file-access-from-files"],
    ) {
        Ok(dom) => dom,
        Err(why) if why.starts_with("cannot start") => {
            return skip("the_speculation_label_needs_no_javascript", &why);
        }
        Err(why) => panic!("{why}"),
    };
    let found = crate::common::chromium::probe_output(&dom).expect("probe");
    assert_eq!(found["viewport"], 390, "{found}");
    assert_eq!(found["scripted"], false, "evidence.js ran: {found}");
    let labels = found["labels"].as_array().expect("labels");
    assert_eq!(labels.len(), 1, "{found}");
    let label = &labels[0];
    assert_eq!(label["text"], "Speculation", "{found}");
    assert_eq!(
        label["title"],
        "Speculation: the author's own reading, not a claim the cited sources support.",
        "{found}"
    );
    assert_eq!(label["border"], "solid", "styled by evidence.css: {found}");
    assert_eq!(label["caps"], "all-small-caps", "{found}");
    assert!(label["left"].as_f64().unwrap() >= 0.0, "{found}");
    assert!(label["right"].as_f64().unwrap() <= 390.0, "{found}");
    assert_eq!(found["bracketed"], serde_json::json!(["CODE"]), "{found}");
}
