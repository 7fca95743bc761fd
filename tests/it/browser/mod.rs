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
use std::path::Path;

mod card;
mod phone;
mod targets;

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
