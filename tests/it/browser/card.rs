//! The citation card in headless Chromium, and the speculation label
//! without JavaScript.

use super::*;
use crate::common::chromium::{chromium, skip};

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
