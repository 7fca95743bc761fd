//! `bench repeats --book DIR`: what "a passage once per book" would save and
//! what it would cost a reader (BENCHMARKS.md, "Page weight, round 3").
//!
//! DIR is an evidence book built with `mdbook build` (its `book/` holds the
//! pages). A passage is repeated when an item's entry carries it on a page
//! after the item's first citing page, in the order of `SUMMARY.md`. Held
//! once per book, a later entry would point at the first citing page, and a
//! reader's script would fetch that page to show the passage: so for each
//! page this counts the other pages it would fetch and their bytes.
//!
//! `bench repeats --rewrite IN OUT` writes that variant of a preprocessor's
//! output (IN, the book JSON mdbook-evidence printed): each repeated
//! passage replaced by a pointer to its first citing page, for
//! `bench/replay BOOK passage-once` to time mdBook on.

use anyhow::{Context, bail};
use regex::Regex;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// The attribute a later entry would carry instead of its passage, with a
/// path of the benchmark books' length.
const POINTER: &str = r#" data-passage-in="briefs/brief-00001.html""#;

pub fn run(book: &Path) -> anyhow::Result<()> {
    let summary = std::fs::read_to_string(book.join("src/SUMMARY.md"))
        .with_context(|| format!("{} has no src/SUMMARY.md", book.display()))?;
    let link = Regex::new(r"\]\(([^)]+)\.md\)")?;
    let entry = Regex::new(
        r#"<p class="evidence-ref" id="evidence-([^"]+)"[^>]*? data-passage="([^"]*)""#,
    )?;
    let mut pages = Vec::new();
    for caps in link.captures_iter(&summary) {
        let path = book.join("book").join(format!("{}.html", &caps[1]));
        let html = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {} (build the book first)", path.display()))?;
        pages.push(html);
    }
    let mut first: HashMap<String, usize> = HashMap::new();
    let (mut passage_bytes, mut saved) = (0usize, 0usize);
    let mut fetched_pages = Vec::new();
    let mut fetched_bytes = Vec::new();
    for (page, html) in pages.iter().enumerate() {
        let mut others = BTreeSet::new();
        for caps in entry.captures_iter(html) {
            let holder = *first.entry(caps[1].to_owned()).or_insert(page);
            passage_bytes += caps[2].len();
            if holder != page {
                saved +=
                    (caps[2].len() + r#" data-passage="""#.len()).saturating_sub(POINTER.len());
                others.insert(holder);
            }
        }
        fetched_pages.push(others.len());
        fetched_bytes.push(others.iter().map(|&p| pages[p].len()).sum::<usize>());
    }
    let n = pages.len().max(1);
    let mut sizes: Vec<usize> = pages.iter().map(String::len).collect();
    println!(
        "{} pages, median page {:.1} KB; passages on the pages {:.1} MB",
        pages.len(),
        median(&mut sizes) as f64 / 1e3,
        passage_bytes as f64 / 1e6
    );
    println!(
        "held once per book: {:.1} MB fewer bytes on the pages ({:.1} KB a page), and as many fewer in print.html",
        saved as f64 / 1e6,
        saved as f64 / n as f64 / 1e3
    );
    println!(
        "a reader's view of a page would fetch {} other pages (max {}), {:.1} KB (max {:.1} KB)",
        median(&mut fetched_pages),
        fetched_pages.iter().max().unwrap_or(&0),
        median(&mut fetched_bytes) as f64 / 1e3,
        *fetched_bytes.iter().max().unwrap_or(&0) as f64 / 1e3
    );
    Ok(())
}

/// Writes `output`: the book JSON in `input` with every passage after an
/// item's first citing chapter (in the book's order) replaced by a pointer
/// to that chapter's page.
pub fn rewrite(input: &Path, output: &Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(input)
        .with_context(|| format!("cannot read {}", input.display()))?;
    let mut book: serde_json::Value = serde_json::from_str(&text)?;
    let entry = Regex::new(
        r#"(<p class="evidence-ref" id="evidence-([^"]+)"[^>]*?) data-passage="[^"]*""#,
    )?;
    let mut first: HashMap<String, String> = HashMap::new();
    let mut pointers = 0usize;
    each_chapter(&mut book["items"], &mut |chapter| {
        let page = chapter["path"]
            .as_str()
            .unwrap_or_default()
            .replace(".md", ".html");
        let Some(content) = chapter["content"].as_str() else {
            return;
        };
        let rewritten = entry.replace_all(content, |caps: &regex::Captures| {
            match first.get(&caps[2]) {
                Some(holder) => {
                    pointers += 1;
                    format!(r#"{} data-passage-in="{holder}""#, &caps[1])
                }
                None => {
                    first.insert(caps[2].to_owned(), page.clone());
                    caps[0].to_owned()
                }
            }
        });
        chapter["content"] = serde_json::Value::String(rewritten.into_owned());
    });
    if pointers == 0 {
        // Nothing repeated: the variant would be the book itself.
        bail!(
            "{} repeats no passage (or holds no References entries)",
            input.display()
        );
    }
    eprintln!("{pointers} repeated passages replaced by a pointer");
    std::fs::write(output, serde_json::to_vec(&book)?)
        .with_context(|| format!("cannot write {}", output.display()))
}

/// Calls `f` on each chapter of mdBook's book JSON, in the book's order
/// (a chapter, then its sub-chapters).
fn each_chapter(items: &mut serde_json::Value, f: &mut impl FnMut(&mut serde_json::Value)) {
    let Some(items) = items.as_array_mut() else {
        return;
    };
    for item in items {
        if let Some(chapter) = item.get_mut("Chapter") {
            f(chapter);
            each_chapter(&mut chapter["sub_items"], f);
        }
    }
}

fn median(values: &mut [usize]) -> usize {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}
