// mdbook-evidence: a card for each citation, on hover, on keyboard focus and
// on tap. The card reads the item's References entry (id="evidence-<id>"):
// the publisher, title and date its line shows, and the few attributes the
// line does not show (data-tier, data-paywall, data-snippet, data-passage),
// or the passage quoted under it. A book's own template may set data-publisher, data-title and
// data-date instead. Everything is read as text, never as markup. Without
// this script a citation is a plain link to its entry.
(function () {
    "use strict";

    var CARD_ID = "evidence-card";
    var card = null;
    var current = null;
    var hideTimer = null;
    var touchShown = null;
    var lastPointer = "mouse";
    var dismissed = null;

    function citationOf(node) {
        while (node && node.nodeType === 1) {
            if (node.classList.contains("evidence-cite") && node.hasAttribute("data-evidence")) {
                return node;
            }
            node = node.parentNode;
        }
        return null;
    }

    function el(tag, className, text) {
        var node = document.createElement(tag);
        node.className = className;
        if (text) {
            node.textContent = text;
        }
        return node;
    }

    function ensureCard() {
        if (card) {
            return card;
        }
        card = el("div", "evidence-card");
        card.id = CARD_ID;
        card.setAttribute("role", "tooltip");
        card.hidden = true;
        // The card stays while the pointer is over it, so it can be read.
        card.addEventListener("mouseenter", cancelHide);
        card.addEventListener("mouseleave", scheduleHide);
        document.body.appendChild(card);
        return card;
    }

    // The References entry of the cited item: the card's data is there, once
    // per item, not on every citation.
    function entryOf(cite) {
        var entry = document.getElementById("evidence-" + cite.getAttribute("data-evidence"));
        return entry && entry.classList.contains("evidence-ref") ? entry : null;
    }

    // The cited passage: the entry's data-passage, or the one quoted
    // under it (`search-passages = true`, or a book's own template).
    function passageOf(entry) {
        if (entry.hasAttribute("data-passage")) {
            return entry.getAttribute("data-passage");
        }
        var next = entry.nextElementSibling;
        return next && next.tagName === "BLOCKQUOTE" && next.classList.contains("evidence-passage")
            ? next.textContent.trim()
            : "";
    }

    // What the entry shows: publisher, title and date, from data-* when a
    // book's template sets them, else from the line itself, which starts
    // `[N] Publisher. "Title". Published Feb 10, 2026. ` before its link
    // (the publisher runs to the first `. "`, the title to the last `". `).
    function shown(entry) {
        var d = entry.dataset;
        var head = entry.firstChild && entry.firstChild.nodeType === 3 ? entry.firstChild.nodeValue : "";
        var line = /^\[\d+\] ([\s\S]*?)\. "([\s\S]*)"\. (?:Published ([^.]*)\. )?$/.exec(head) || ["", "", "", ""];
        return {
            publisher: d.publisher !== undefined ? d.publisher : line[1],
            title: d.title !== undefined ? d.title : line[2],
            date: d.date !== undefined ? d.date : (line[3] || "")
        };
    }

    // What each tier means, in the card's words: readers and screen
    // readers get the explanation, not a bare number.
    var TIERS = {
        "1": "official source",
        "2": "mainstream news",
        "3": "other source",
        "4": "Monitor-only source"
    };
    var TIER_SCALE = "Sources are graded from tier 1 (official: the body that decided or published it) " +
        "to tier 4 (monitor-only: watched, not relied on alone).";

    function badge(kind, text, explanation) {
        var node = el("span", "evidence-card-badge evidence-card-badge-" + kind, text);
        node.title = explanation;
        return node;
    }

    function fill(cite) {
        var body = ensureCard();
        body.textContent = "";
        var entry = entryOf(cite);
        if (!entry) {
            // No entry on this page (a book's own template): the citation's
            // title is all there is.
            body.appendChild(el("p", "evidence-card-title", cite.dataset.hover || cite.textContent));
            return;
        }
        var d = entry.dataset;
        var line = shown(entry);

        var meta = el("div", "evidence-card-meta");
        meta.appendChild(el("span", "evidence-card-publisher", line.publisher));
        if (line.date) {
            meta.appendChild(el("span", "evidence-card-date", line.date));
        }
        body.appendChild(meta);
        body.appendChild(el("p", "evidence-card-title", line.title || cite.dataset.hover || ""));

        var badges = el("div", "evidence-card-badges");
        // Tier 4 is also read from the entry's own tag, for a template
        // without data-tier.
        var tier = d.tier || (/\[Monitor-only source\]/.test(entry.textContent) ? "4" : "");
        if (TIERS[tier]) {
            badges.appendChild(badge("tier evidence-card-badge-tier-" + tier,
                "Tier " + tier + " \u00b7 " + TIERS[tier], TIER_SCALE));
        }
        // A citation in a block labelled speculation says so in its card.
        var block = cite.closest("p, li, td, th, blockquote, h1, h2, h3, h4, h5, h6");
        if (block && block.querySelector(".evidence-speculation")) {
            badges.appendChild(badge("speculation evidence-speculation", "Speculation", SPECULATION_MEANING));
        }
        if (d.paywall === "true") {
            badges.appendChild(badge("paywall", "Paywall",
                "The publisher's text is behind a paywall: only its title, date and a short snippet are shown."));
        }
        if (badges.childNodes.length) {
            body.appendChild(badges);
        }

        var text = passageOf(entry);
        var label = "Cited passage";
        if (!text && d.snippet) {
            text = d.snippet;
            label = d.paywall === "true" ? "Snippet of a paywalled source" : "Snippet";
        }
        if (text) {
            var quote = el("blockquote", "evidence-card-passage");
            quote.appendChild(el("span", "evidence-card-passage-label", label));
            quote.appendChild(document.createTextNode(text));
            body.appendChild(quote);
        }
    }

    function place(cite) {
        var rect = cite.getBoundingClientRect();
        var scrollX = window.pageXOffset;
        var scrollY = window.pageYOffset;
        var width = document.documentElement.clientWidth;
        card.style.left = "0px";
        card.style.top = "0px";
        var cardRect = card.getBoundingClientRect();
        var left = Math.max(8, Math.min(rect.left, width - cardRect.width - 8));
        var below = rect.bottom + 6;
        var top = below;
        // Above the citation when it would run off the bottom and fits above.
        if (below + cardRect.height > window.innerHeight && rect.top - cardRect.height - 6 > 0) {
            top = rect.top - cardRect.height - 6;
        }
        card.style.left = left + scrollX + "px";
        card.style.top = top + scrollY + "px";
    }

    function show(cite) {
        cancelHide();
        if (current === cite && !card.hidden) {
            return;
        }
        hide();
        fill(cite);
        current = cite;
        card.hidden = false;
        cite.setAttribute("aria-describedby", CARD_ID);
        place(cite);
    }

    function hide() {
        cancelHide();
        if (card) {
            card.hidden = true;
        }
        if (current) {
            current.removeAttribute("aria-describedby");
        }
        current = null;
        touchShown = null;
    }

    function cancelHide() {
        if (hideTimer !== null) {
            clearTimeout(hideTimer);
            hideTimer = null;
        }
    }

    function scheduleHide() {
        cancelHide();
        hideTimer = setTimeout(hide, 200);
    }

    // Each passage its entry carries (data-passage) becomes text under the
    // entry, as the stylesheet draws it without this script: text a reader
    // can select and copy and a screen reader reads, which generated
    // content is not. The page's markup, and so mdBook's build and search
    // index, stay as they are.
    function passagesAsText() {
        var entries = document.querySelectorAll(".evidence-ref[data-passage]");
        for (var i = 0; i < entries.length; i++) {
            var text = entries[i].getAttribute("data-passage");
            if (text && !entries[i].querySelector(".evidence-passage-text")) {
                entries[i].appendChild(el("q", "evidence-passage-text", text));
            }
        }
        document.documentElement.classList.add("evidence-passages-text");
    }

    // A citation never starts a line: the space before it becomes a
    // no-break space, in the page only (the chapter's markdown and the
    // built HTML keep the author's space, so a rerun changes nothing).
    function keepWithWordBefore() {
        var cites = document.querySelectorAll(".evidence-cites, .evidence-cite[data-evidence]");
        for (var i = 0; i < cites.length; i++) {
            var before = cites[i].previousSibling;
            if (!before || before.nodeType !== 3 || (cites[i].parentNode.closest &&
                    cites[i].parentNode.closest(".evidence-cites"))) {
                continue;
            }
            var text = before.nodeValue;
            var kept = text.replace(/\s+$/, "");
            if (kept !== text && (kept !== "" || before.previousSibling)) {
                before.nodeValue = kept + "\u00a0";
            }
        }
    }

    // What the label `[SPECULATION]` means: the page shows the label as
    // the preprocessor wrote it (span.evidence-speculation, this in its
    // title), and the card of a citation in its paragraph carries it too.
    var SPECULATION_MEANING = "Speculation: the author's own reading, " +
        "not a claim the cited sources support.";

    function init() {
        passagesAsText();
        keepWithWordBefore();
        var cites = document.querySelectorAll(".evidence-cite[data-evidence]");
        for (var i = 0; i < cites.length; i++) {
            // The card replaces the browser's title tooltip (a book's own
            // template may set one).
            var title = cites[i].getAttribute("title");
            if (title !== null) {
                cites[i].setAttribute("data-hover", title);
                cites[i].removeAttribute("title");
            } else {
                var entry = entryOf(cites[i]);
                if (entry) {
                    var line = shown(entry);
                    title = line.publisher + ": " + line.title;
                }
            }
            if (title !== null && !cites[i].hasAttribute("aria-label") && cites[i].tagName === "A") {
                cites[i].setAttribute("aria-label", "Citation " + cites[i].textContent + ": " + title);
            }
        }
        ensureCard();

        document.addEventListener("pointerdown", function (event) {
            lastPointer = event.pointerType || "mouse";
            if (card && !card.hidden && !card.contains(event.target) && !citationOf(event.target)) {
                hide();
            }
        });
        document.addEventListener("mouseover", function (event) {
            var cite = citationOf(event.target);
            if (cite && lastPointer !== "touch") {
                show(cite);
            }
        });
        document.addEventListener("mouseout", function (event) {
            var cite = citationOf(event.target);
            if (cite && cite === current && lastPointer !== "touch" && !cite.contains(event.relatedTarget)) {
                scheduleHide();
            }
        });
        document.addEventListener("focusin", function (event) {
            var cite = citationOf(event.target);
            if (cite && cite !== dismissed) {
                show(cite);
            }
        });
        document.addEventListener("focusout", function (event) {
            if (citationOf(event.target) === dismissed) {
                dismissed = null;
            }
            if (citationOf(event.target) === current) {
                hide();
            }
        });
        document.addEventListener("keydown", function (event) {
            if ((event.key === "Escape" || event.key === "Esc") && card && !card.hidden) {
                dismissed = current;
                hide();
                event.stopPropagation();
            }
        }, true);
        // On touch, the first tap shows the card and the second follows the link.
        document.addEventListener("click", function (event) {
            var cite = citationOf(event.target);
            if (!cite || lastPointer !== "touch") {
                return;
            }
            if (touchShown !== cite) {
                event.preventDefault();
                show(cite);
                touchShown = cite;
            }
        });
        // Fonts and images loading late move the citation.
        ["resize", "load"].forEach(function (type) {
            window.addEventListener(type, function () {
                if (current) {
                    place(current);
                }
            });
        });

        // `?evidence-demo` shows the first citation's card, and
        // `?evidence-demo=<id>` the first citation of that item (for
        // screenshots and browser tests).
        var demo = /[?&]evidence-demo(?:=([^&#]*))?/.exec(window.location.search);
        if (demo) {
            var want = demo[1] ? decodeURIComponent(demo[1]) : null;
            var links = document.querySelectorAll("a.evidence-cite[data-evidence]");
            for (var k = 0; k < links.length; k++) {
                if (!want || links[k].getAttribute("data-evidence") === want) {
                    links[k].scrollIntoView({ block: "nearest" });
                    links[k].focus({ preventScroll: true });
                    show(links[k]);
                    break;
                }
            }
        }
    }

    if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", init);
    } else {
        init();
    }
})();
