//! The screenshots in the README and the guide (`guide/src/images/*.png`)
//! are taken here, from real builds of the books they depict: the book
//! that Getting started builds (its store and chapter read from
//! `guide/src/getting-started.md`) and `book-example/report`, each built by
//! mdBook with the real binary and opened in headless Chromium at a fixed
//! window size.
//!
//! Beside each picture is a text file saying what it shows
//! (`guide/src/images/NAME.txt`): every element in view with its own text
//! and its box, the theme and the element in focus. Pixels differ between
//! fonts and Chromium versions; that text does not, so the test compares
//! it (text exactly, boxes within [`SLACK`] px) and fails when a build
//! shows something else than the picture. `EVIDENCE_BLESS=1 cargo test
//! --test it screenshots::` takes the pictures again and rewrites the files.
//! The quoted phrases of each picture's alt text (README.md and the guide)
//! must be on the picture.
//!
//! Without Chromium the test says it was skipped, unless
//! `EVIDENCE_REQUIRE_BROWSER` is set (as `.ci/run` does).

use crate::common::binary;
use crate::common::chromium::{self, chromium, skip};
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// How far, in CSS px, a box may move or grow before the picture counts
/// as out of date: a font's metrics differ a little between versions.
const SLACK: i64 = 8;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One screenshot of the guide.
struct Shot {
    /// The file name in `guide/src/images/`, without `.png`.
    name: &'static str,
    /// The page of the built book and its query (`evidence-demo=<id>`
    /// opens the card of that item's first citation).
    page: &'static str,
    query: &'static str,
    /// The window, in CSS px.
    width: u32,
    height: u32,
    /// Whether the browser prefers a dark colour scheme (mdBook then
    /// picks its `navy` theme).
    dark: bool,
}

const GETTING_STARTED: Shot = Shot {
    name: "getting-started",
    page: "chapter_1.html",
    query: "evidence-demo=ev_reuters_0210",
    width: 1000,
    height: 700,
    dark: false,
};

const CARDS: [Shot; 2] = [
    Shot {
        name: "citation-card",
        page: "daily-brief.html",
        query: "evidence-demo=ev_ft_overtightening_0209",
        width: 1200,
        height: 900,
        dark: false,
    },
    Shot {
        name: "citation-card-navy",
        page: "daily-brief.html",
        query: "evidence-demo=ev_zh_deflation_0211",
        width: 1200,
        height: 1000,
        dark: true,
    },
];

/// The fenced block after the example mark `mark` on a guide page.
fn example(page: &str, mark: &str) -> String {
    let mut lines = page.lines().skip_while(|l| l.trim() != mark).skip(1);
    let fence = lines
        .by_ref()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_else(|| panic!("no {mark} in getting-started.md"));
    assert!(fence.starts_with("```"), "{mark}: {fence}");
    let body: Vec<&str> = lines.take_while(|l| *l != "```").collect();
    body.join("\n") + "\n"
}

/// The book Getting started builds: `mdbook init brief --title "Daily
/// brief"`, `mdbook-evidence install brief`, the page's store and its
/// first passing chapter.
fn getting_started_book() -> tempfile::TempDir {
    let page = std::fs::read_to_string(root().join("guide/src/getting-started.md"))
        .expect("getting-started.md");
    let dir = tempfile::tempdir().expect("temp dir");
    let book = dir.path();
    std::fs::create_dir_all(book.join("src")).unwrap();
    std::fs::write(
        book.join("book.toml"),
        format!(
            "[book]\ntitle = \"Daily brief\"\nlanguage = \"en\"\nsrc = \"src\"\n\n\
             [preprocessor.evidence]\ncommand = \"'{}'\"\n",
            binary().display()
        ),
    )
    .unwrap();
    std::fs::write(
        book.join("src/SUMMARY.md"),
        "# Summary\n\n- [Chapter 1](./chapter_1.md)\n",
    )
    .unwrap();
    mdbook_evidence::install::install(book, false).expect("install");
    std::fs::write(
        book.join("evidence/store.json"),
        example(&page, "<!-- example: store -->"),
    )
    .unwrap();
    std::fs::write(
        book.join("src/chapter_1.md"),
        example(&page, "<!-- example: passes -->"),
    )
    .unwrap();
    dir
}

/// Copies the directory `from` into `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A copy of `book-example/report` whose preprocessor is the binary under
/// test.
fn report_book() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_dir(&root().join("book-example/report"), dir.path());
    let toml = dir.path().join("book.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text.replace(
        "command = \"mdbook-evidence\"",
        &format!("command = \"'{}'\"", binary().display()),
    );
    std::fs::write(&toml, text).unwrap();
    dir
}

/// The probe: what the window shows, written as JSON into `<pre
/// id="probe">`. Each element laid out as a block (a heading, paragraph,
/// list item, quote, the card's parts) that is in view is one record: its
/// own text (inline elements' included, blocks inside it left to their
/// own records) and its box.
const PROBE: &str = r#"
function blockLike(el) {
    var display = getComputedStyle(el).display;
    return display.indexOf("inline") !== 0 && display !== "contents";
}
function kind(el) {
    var name = el.tagName.toLowerCase();
    if (el.classList.length) { name += "." + el.classList[0]; }
    return el.closest(".evidence-card") ? "card>" + name : name;
}
function inView(r) {
    return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 &&
        r.left < window.innerWidth && r.top < window.innerHeight;
}
function walk(node, record, out) {
    for (var child = node.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 3) {
            if (record) { record.text += child.nodeValue; }
            continue;
        }
        if (child.nodeType !== 1 || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(child.tagName)) { continue; }
        var style = getComputedStyle(child);
        if (style.display === "none" || style.visibility === "hidden") { continue; }
        if (blockLike(child)) {
            var r = child.getBoundingClientRect();
            var mine = {kind: kind(child), x: r.left, y: r.top, w: r.width, h: r.height, text: "", seen: inView(r)};
            out.push(mine);
            walk(child, mine, out);
        } else {
            walk(child, record, out);
        }
    }
}
function probe() {
    var records = [];
    walk(document.body, null, records);
    var shown = records.filter(function (r) {
        r.text = r.text.replace(/\s+/g, " ").trim();
        return r.seen && r.text;
    }).map(function (r) {
        return {kind: r.kind, x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h), text: r.text};
    });
    var focus = document.activeElement;
    var out = {
        width: window.innerWidth,
        height: window.innerHeight,
        theme: document.documentElement.className.replace(/\s+/g, " ").trim(),
        focus: focus && focus !== document.body ? kind(focus) + " " + JSON.stringify(focus.textContent.replace(/\s+/g, " ").trim()) : "none",
        records: shown
    };
    var pre = document.createElement("pre");
    pre.id = "probe";
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
}
window.addEventListener("load", probe);
"#;

/// The flags that set the window and the colour scheme of `shot`.
fn window_flags(shot: &Shot) -> Vec<&'static str> {
    if shot.dark {
        vec![
            "--force-dark-mode",
            "--blink-settings=preferredColorScheme=0",
        ]
    } else {
        vec!["--blink-settings=preferredColorScheme=1"]
    }
}

/// The `file://` address of `name` in the built book under `book`.
fn address(book: &Path, name: &str, query: &str) -> String {
    format!("file://{}?{query}", book.join("book").join(name).display())
}

/// What the probe finds in the window of `shot`.
fn probe_window(browser: &Path, book: &Path, shot: &Shot) -> Result<serde_json::Value, String> {
    let page = address(book, shot.page, shot.query);
    // Without `--screenshot`, Chromium takes room for a browser's frame
    // out of the window: the window grows by that much, so that the page
    // is laid out in the viewport the picture has.
    let mut height = shot.height;
    loop {
        let size = format!("{},{height}", shot.width);
        let dom = chromium::dump_dom(browser, &page, &size, &window_flags(shot))?;
        let found = chromium::probe_output(&dom)?;
        let inner = found["height"].as_u64().ok_or("no height")?;
        match u32::try_from(inner) {
            Ok(inner) if inner < shot.height && height == shot.height => {
                height += shot.height - inner;
            }
            _ => return Ok(found),
        }
    }
}

/// What `shot` shows of the built book under `book`, as the text file
/// records it.
fn what_it_shows(browser: &Path, book: &Path, shot: &Shot) -> Result<String, String> {
    // The probe goes into the page itself, which keeps its name: mdBook's
    // sidebar lists the headings of the chapter its address names.
    let dir = book.join("book");
    let html = std::fs::read_to_string(dir.join(shot.page)).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("shot-probe.js"), PROBE).map_err(|e| e.to_string())?;
    let probed = html.replace("</body>", "<script src=\"shot-probe.js\"></script></body>");
    std::fs::write(dir.join(shot.page), probed).map_err(|e| e.to_string())?;
    let found = probe_window(browser, book, shot);
    std::fs::write(dir.join(shot.page), html).map_err(|e| e.to_string())?;
    let found = found?;
    let mut text = format!(
        "What guide/src/images/{name}.png shows: {page}?{query} of a real build, in a \
         {w}×{h} window{dark}.\n\
         Written by tests/it/screenshots.rs: `EVIDENCE_BLESS=1 cargo test --test it screenshots::` \
         takes the picture and writes this file again.\n\
         Each element in view: its kind, left,top width×height (CSS px), its own text.\n\n\
         window: {fw}×{fh}\ntheme: {theme}\nfocus: {focus}\n",
        name = shot.name,
        page = shot.page,
        query = shot.query,
        w = shot.width,
        h = shot.height,
        dark = if shot.dark {
            ", dark colour scheme"
        } else {
            ""
        },
        fw = found["width"],
        fh = found["height"],
        theme = found["theme"].as_str().unwrap_or(""),
        focus = found["focus"].as_str().unwrap_or(""),
    );
    for r in found["records"].as_array().ok_or("no records")? {
        text.push_str(&format!(
            "{} {},{} {}×{}: {}\n",
            r["kind"].as_str().unwrap_or("?"),
            r["x"],
            r["y"],
            r["w"],
            r["h"],
            r["text"].as_str().unwrap_or("")
        ));
    }
    Ok(text)
}

/// The picture of `shot`, as PNG bytes.
fn take(browser: &Path, book: &Path, shot: &Shot) -> Result<Vec<u8>, String> {
    let out = tempfile::tempdir().map_err(|e| e.to_string())?;
    let png = out.path().join("shot.png");
    let mut args = vec![
        format!("--window-size={},{}", shot.width, shot.height),
        format!("--screenshot={}", png.display()),
    ];
    args.extend(window_flags(shot).into_iter().map(str::to_owned));
    let page = address(book, shot.page, shot.query);
    chromium::run(browser, &args, &page, Stdio::null())?;
    std::fs::read(&png).map_err(|e| format!("no screenshot: {e}"))
}

/// A record line split into its kind, its four numbers and its text;
/// `None` for the header lines.
fn record(line: &str) -> Option<(&str, [i64; 4], &str)> {
    let (head, text) = line.split_once(": ")?;
    let mut parts = head.split(' ');
    let kind = parts.next()?;
    let (x, y) = parts.next()?.split_once(',')?;
    let (w, h) = parts.next()?.split_once('×')?;
    if parts.next().is_some() {
        return None;
    }
    let numbers = [x, y, w, h].map(|n| n.parse::<i64>().ok());
    Some((kind, numbers.map(|n| n.unwrap_or(i64::MIN)), text))
        .filter(|(_, n, _)| !n.contains(&i64::MIN))
}

/// Where `found` differs from `recorded`: the first line that does (its
/// text, or a box more than [`SLACK`] px away), or a line too many.
fn drift(recorded: &str, found: &str) -> Option<String> {
    let (mut old, mut new) = (recorded.lines(), found.lines());
    for n in 1.. {
        match (old.next(), new.next()) {
            (None, None) => return None,
            (Some(o), Some(f)) if o == f => {}
            (Some(o), Some(f)) => match (record(o), record(f)) {
                (Some((ok, on, ot)), Some((fk, fnum, ft)))
                    if ok == fk
                        && ot == ft
                        && on.iter().zip(fnum).all(|(a, b)| (a - b).abs() <= SLACK) => {}
                _ => return Some(format!("line {n}:\n  recorded: {o}\n  the build: {f}")),
            },
            (o, f) => {
                return Some(format!(
                    "line {n}:\n  recorded: {}\n  the build: {}",
                    o.unwrap_or("(nothing)"),
                    f.unwrap_or("(nothing)")
                ));
            }
        }
    }
    None
}

/// The width and height a PNG's header gives.
fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    let header = png.get(..24)?;
    if &header[..8] != b"\x89PNG\r\n\x1a\n" || &header[12..16] != b"IHDR" {
        return None;
    }
    let word = |at: usize| u32::from_be_bytes(header[at..at + 4].try_into().unwrap());
    Some((word(16), word(20)))
}

/// The alt texts of the images `images/NAME.png` in the README and the
/// guide's pages, with where each is.
fn alt_texts(name: &str) -> Vec<(PathBuf, String)> {
    let target = format!("images/{name}.png)");
    let mut files = vec![root().join("README.md")];
    let mut dirs = vec![root().join("guide/src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines() {
            if let Some(alt) = line
                .strip_prefix("![")
                .and_then(|rest| rest.strip_suffix(&target))
                .and_then(|rest| rest.rsplit_once("]("))
            {
                out.push((file.clone(), alt.0.to_owned()));
            }
        }
    }
    out
}

/// Takes or checks every shot of `shots` of the book under `book`.
fn check_shots(browser: &Path, book: &Path, shots: &[Shot]) -> Result<(), String> {
    if let Err(e) = mdbook_driver::MDBook::load(book).and_then(|b| b.build()) {
        panic!("the book does not build: {e:#}");
    }
    let bless = std::env::var_os("EVIDENCE_BLESS").is_some();
    let images = root().join("guide/src/images");
    for shot in shots {
        let found = what_it_shows(browser, book, shot)?;
        let txt = images.join(format!("{}.txt", shot.name));
        let png = images.join(format!("{}.png", shot.name));
        if bless {
            std::fs::write(&png, take(browser, book, shot)?).unwrap();
            std::fs::write(&txt, &found).unwrap();
            eprintln!("recorded {} and {}", png.display(), txt.display());
        }
        let again = "If the page changed on purpose, take the picture again: \
                     `EVIDENCE_BLESS=1 cargo test --test it screenshots::` (rewrites the .png and the .txt; \
                     then make the alt texts in README.md and the guide say what it shows)";
        let recorded = std::fs::read_to_string(&txt)
            .unwrap_or_else(|e| panic!("{}: {e}. {again}", txt.display()));
        if let Some(difference) = drift(&recorded, &found) {
            panic!(
                "guide/src/images/{}.png is out of date: a build shows something else than {}, at {difference}\n{again}",
                shot.name,
                txt.display()
            );
        }
        let picture = std::fs::read(&png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
        assert_eq!(
            png_size(&picture),
            Some((shot.width, shot.height)),
            "{} is not the {}×{} picture its text file describes. {again}",
            png.display(),
            shot.width,
            shot.height
        );
        for (file, alt) in alt_texts(shot.name) {
            for phrase in alt.split('"').skip(1).step_by(2) {
                assert!(
                    found.contains(phrase),
                    "the alt text of {}.png in {} quotes \"{phrase}\", which the picture does not show:\n{found}",
                    shot.name,
                    file.display()
                );
            }
        }
    }
    Ok(())
}

/// Runs `check_shots`, or says why the test was skipped.
fn shots_of(test: &str, book: &Path, shots: &[Shot]) {
    let Some(browser) = chromium() else {
        return skip(test, "no chromium on PATH");
    };
    match check_shots(&browser, book, shots) {
        Ok(()) => {}
        Err(why) if why.starts_with("cannot start") => skip(test, &why),
        Err(why) => panic!("{test}: {why}"),
    }
}

#[test]
fn the_getting_started_picture_shows_what_its_book_builds() {
    let book = getting_started_book();
    shots_of(
        "the_getting_started_picture_shows_what_its_book_builds",
        book.path(),
        &[GETTING_STARTED],
    );
}

#[test]
fn the_card_pictures_show_what_the_example_report_builds() {
    let book = report_book();
    shots_of(
        "the_card_pictures_show_what_the_example_report_builds",
        book.path(),
        &CARDS,
    );
}

#[test]
fn records_drift_only_past_the_slack() {
    let recorded = "window: 1000×700\nli 165,137 560×23: Futures price [1, 2]\n";
    assert_eq!(drift(recorded, recorded), None);
    assert_eq!(
        drift(
            recorded,
            "window: 1000×700\nli 170,130 565×23: Futures price [1, 2]\n"
        ),
        None
    );
    for changed in [
        "window: 1000×700\nli 165,160 560×23: Futures price [1, 2]\n",
        "window: 1000×700\nli 165,137 560×23: Futures price [1]\n",
        "window: 1000×700\np 165,137 560×23: Futures price [1, 2]\n",
        "window: 1000×700\n",
        "window: 1000×700\nli 165,137 560×23: Futures price [1, 2]\nli 1,1 1×1: more\n",
        "window: 390×700\nli 165,137 560×23: Futures price [1, 2]\n",
    ] {
        assert!(drift(recorded, changed).is_some(), "{changed}");
    }
    // Non-ASCII text is compared as written.
    let cjk = "p 1,1 10×10: 物価\u{3000}１７０，０００ 🙂\n";
    assert_eq!(drift(cjk, cjk), None);
    assert!(drift(cjk, "p 1,1 10×10: 物価 １７０，０００ 🙂\n").is_some());
}
