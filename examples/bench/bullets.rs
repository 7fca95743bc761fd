//! The second benchmark book (issue 32): each chapter is 40 bullets of the
//! same sentence with two citations, every citation a distinct item (80
//! References entries per chapter, each item cited in four chapters of a
//! 1,000-chapter book of 20,000 items), and every rule passing. Its plain
//! text is cheap for mdBook to index (one sentence), so what the
//! preprocessor adds to each page shows.

use crate::book::{Style, item_id};
use std::fmt::Write as _;
use std::path::Path;

/// Bullets per chapter, each citing two items.
pub const BULLETS: usize = 40;
/// The sentence of every bullet; every item's passage states it, so every
/// claim is supported by both items it cites, and it has no number.
const SENTENCE: &str = "Officials said the outlook for the coming quarter was broadly unchanged from the previous assessment.";
/// What every passage adds after [`SENTENCE`].
const PASSAGE_TAIL: &str =
    " The statement gave no new projections and repeated the guidance of the last release.";

/// Sources: id, publisher, tier, host (none paywalled, none tier 4).
const SOURCES: [(&str, &str, u8, &str); 6] = [
    ("fed", "Federal Reserve", 1, "www.federalreserve.gov"),
    ("bls", "U.S. Bureau of Labor Statistics", 1, "www.bls.gov"),
    ("reuters", "Reuters", 2, "www.reuters.com"),
    ("ap", "Associated Press", 2, "apnews.com"),
    ("brookings", "Brookings Institution", 3, "www.brookings.edu"),
    ("piie", "Peterson Institute", 3, "www.piie.com"),
];

/// The item of the `k`th citation of chapter `c`: consecutive citations
/// are consecutive items (different sources), a chapter's 80 are distinct.
fn cited(c: usize, k: usize, items: usize) -> usize {
    (c * BULLETS * 2 + k) % items
}

fn title(i: usize) -> String {
    format!(
        "Quarterly outlook statement - February 2026, part {}",
        i % 97 + 1
    )
}

fn url(i: usize) -> String {
    format!(
        "https://{}/2026/02/quarterly-outlook-statement-{:05x}/",
        SOURCES[i % SOURCES.len()].3,
        i
    )
}

/// The markdown of chapter `c`.
pub fn chapter(c: usize, items: usize, style: Style) -> String {
    let cite = |k: usize| -> String {
        let id = item_id(cited(c, k, items));
        match style {
            Style::Cite => format!("{{{{#cite {id}}}}}"),
            _ => format!("[EVID:{id}]"),
        }
    };
    let mut out = format!("# Bullet Brief {}\n\n", c + 1);
    for b in 0..BULLETS {
        let _ = writeln!(out, "- {SENTENCE} {}{}", cite(2 * b), cite(2 * b + 1));
    }
    out
}

/// The store JSON (`evidence.v1`).
pub fn store_json(items: usize) -> String {
    let mut out = String::with_capacity(items * 600);
    out.push_str("{\n  \"schema_version\": \"evidence.v1\",\n  \"sources\": [\n");
    for (n, (id, publisher, tier, host)) in SOURCES.iter().enumerate() {
        let comma = if n + 1 < SOURCES.len() { "," } else { "" };
        let _ = writeln!(
            out,
            "    {{\"source_id\": \"{id}\", \"publisher\": \"{publisher}\", \"tier\": {tier}, \"paywall_policy\": \"full\", \"url_prefixes\": [\"https://{host}/\"], \"tags\": [\"macro\"]}}{comma}"
        );
    }
    out.push_str("  ],\n  \"evidence\": [\n");
    for i in 0..items {
        let (source_id, publisher, _, _) = SOURCES[i % SOURCES.len()];
        let _ = write!(
            out,
            "    {{\"id\": \"{}\", \"source_id\": \"{source_id}\", \"publisher\": \"{publisher}\", \
             \"doc_id\": \"doc_{i:08x}\", \"chunk_id\": \"chunk_{i:08x}_00\", \"url\": \"{}\", \
             \"title\": \"{}\", \"published_at\": \"2026-02-{:02}T09:00:00Z\", \
             \"fetched_at\": \"2026-02-{:02}T10:15:00Z\", \
             \"quote_span\": {{\"start\": 0, \"end\": {}, \"text\": \"{SENTENCE}{PASSAGE_TAIL}\"}}, \
             \"status\": \"active\", \"expires_at\": \"2027-02-10T00:00:00Z\", \"tags\": [\"markets\", \"{source_id}\"]}}",
            item_id(i),
            url(i),
            title(i),
            1 + i % 10,
            1 + i % 10,
            SENTENCE.len() + PASSAGE_TAIL.len(),
        );
        out.push_str(if i + 1 < items { ",\n" } else { "\n" });
    }
    out.push_str("  ],\n  \"chapters\": {}\n}\n");
    out
}

/// The BibLaTeX file of the same items, for mdbook-bib.
pub fn bib(items: usize) -> String {
    let mut out = String::with_capacity(items * 300);
    for i in 0..items {
        let _ = write!(
            out,
            "@online{{{},\n  author = {{{}}},\n  title = {{{}}},\n  date = {{2026-02-{:02}}},\n  url = {{{}}},\n}}\n\n",
            item_id(i),
            SOURCES[i % SOURCES.len()].1,
            title(i),
            1 + i % 10,
            url(i)
        );
    }
    out
}

/// The source path of chapter `c` (relative to `src/`); its page is
/// `brief-….html`, as the site table counts.
pub fn chapter_path(c: usize) -> String {
    format!("briefs/brief-{:05}.md", c + 1)
}

/// Writes the book's `SUMMARY.md`, chapters and store or .bib under `dir`
/// (book.toml is the caller's).
pub fn write(dir: &Path, chapters: usize, items: usize, style: Style) -> anyhow::Result<()> {
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("briefs"))?;
    if style == Style::Cite {
        std::fs::write(src.join("refs.bib"), bib(items))?;
    } else {
        std::fs::create_dir_all(dir.join("evidence"))?;
        std::fs::write(dir.join("evidence/store.json"), store_json(items))?;
    }
    let mut summary = String::from("# Summary\n\n");
    for c in 0..chapters {
        let _ = writeln!(summary, "- [Bullet Brief {}]({})", c + 1, chapter_path(c));
        std::fs::write(src.join(chapter_path(c)), chapter(c, items, style))?;
    }
    std::fs::write(src.join("SUMMARY.md"), summary)?;
    Ok(())
}
