//! The store JSON (`evidence.v1`) and the BibLaTeX file: every item's
//! fields, written once for each.

use super::*;

/// The store JSON (`evidence.v1`): the registry, every item, and for the
/// numbered style each chapter's citation list.
pub fn store_json(spec: &Spec) -> String {
    let mut out = String::with_capacity(spec.items * 600);
    out.push_str("{\n  \"schema_version\": \"evidence.v1\",\n  \"sources\": [\n");
    for (i, (id, publisher, tier, paywalled, host)) in SOURCES.iter().enumerate() {
        let policy = if *paywalled { "metadata_only" } else { "full" };
        let comma = if i + 1 < SOURCES.len() { "," } else { "" };
        let _ = writeln!(
            out,
            "    {{\"source_id\": \"{id}\", \"publisher\": \"{publisher}\", \"tier\": {tier}, \"paywall_policy\": \"{policy}\", \"url_prefixes\": [\"https://{host}/\"], \"tags\": [\"macro\"]}}{comma}"
        );
    }
    out.push_str("  ],\n  \"evidence\": [\n");
    let good = citable(spec.items);
    for i in 0..spec.items {
        item_json(&mut out, i, i >= good);
        out.push_str(if i + 1 < spec.items { ",\n" } else { "\n" });
    }
    out.push_str("  ],\n  \"chapters\": {");
    if spec.style == Style::Numbered {
        for c in 0..spec.chapters {
            let ids: Vec<String> = chapter_items(spec, c)
                .into_iter()
                .map(|i| format!("\"{}\"", item_id(i)))
                .collect();
            let comma = if c + 1 < spec.chapters { "," } else { "" };
            let _ = write!(
                out,
                "\n    \"{}\": [{}]{comma}",
                chapter_path(c),
                ids.join(", ")
            );
        }
        out.push_str("\n  ");
    }
    out.push_str("}\n}\n");
    out
}

/// Item `i`'s fields (shared by the store and the .bib file).
pub(super) struct Item {
    id: String,
    source: usize,
    title: String,
    url: String,
    day: u64,
    hour: u64,
}

pub(super) fn item(i: usize) -> Item {
    let h = mix(i as u64 ^ 0xA5A5);
    // Consecutive items have different sources: a bullet citing two of
    // them has two publishers (numeric-claim).
    let source = source(i);
    let subject = topic(i).subject;
    let word = pick(&TITLE_WORDS, h >> 16);
    let title = format!("{subject} {word} - February 2026, part {}", i % 97 + 1);
    let slug: String = format!("{subject} {word}")
        .to_ascii_lowercase()
        .split(' ')
        .collect::<Vec<_>>()
        .join("-");
    let url = format!(
        "https://{}/2026/02/{slug}-{:05x}/",
        SOURCES[source].4,
        h & 0xfffff
    );
    Item {
        id: item_id(i),
        source,
        title,
        url,
        day: 1 + (h >> 24) % 10,
        hour: (h >> 32) % 24,
    }
}

pub(super) fn item_json(out: &mut String, i: usize, unusable: bool) {
    let it = item(i);
    let (source_id, publisher, tier, paywalled, _) = SOURCES[it.source];
    // Only official releases are tagged as macro data: a claim citing one
    // is a policy claim, and it cites the official source itself.
    let topic = if tier == 1 { "macro_data" } else { "markets" };
    let status = match (unusable, i % 3) {
        (false, _) => "active",
        (true, 0) => "deleted",
        (true, 1) => "invalid",
        (true, _) => "active",
    };
    let expires = if unusable && i % 3 == 2 {
        "2026-01-01T00:00:00Z"
    } else {
        "2027-02-10T00:00:00Z"
    };
    let doc = mix(i as u64 ^ 0xD0C) & 0xffff_ffff;
    let _ = write!(
        out,
        "    {{\"id\": \"{}\", \"source_id\": \"{source_id}\", \"publisher\": \"{publisher}\", \
         \"doc_id\": \"doc_{doc:08x}\", \"chunk_id\": \"chunk_{doc:08x}_{:02}\", \"url\": \"{}\", \
         \"title\": \"{}\", \"published_at\": \"2026-02-{:02}T{:02}:00:00Z\", \
         \"fetched_at\": \"2026-02-{:02}T{:02}:15:00Z\", ",
        it.id,
        i % 40,
        it.url,
        it.title,
        it.day,
        it.hour,
        it.day + 1,
        it.hour,
    );
    if paywalled {
        let _ = write!(out, "\"snippet_span\": {{\"text\": \"{}\"}}, ", snippet(i));
    } else {
        let text = passage(i);
        let start = (i % 900) * 7;
        let _ = write!(
            out,
            "\"quote_span\": {{\"start\": {start}, \"end\": {}, \"text\": \"{text}\"}}, ",
            start + text.chars().count(),
        );
    }
    let _ = write!(
        out,
        "\"status\": \"{status}\", \"expires_at\": \"{expires}\", \"tags\": [\"{topic}\", \"{source_id}\"]}}"
    );
}

/// The BibLaTeX file with every item, for mdbook-bib.
pub fn bib(spec: &Spec) -> String {
    let mut out = String::with_capacity(spec.items * 300);
    for i in 0..spec.items {
        let it = item(i);
        let _ = write!(
            out,
            "@online{{{},\n  author = {{{}}},\n  title = {{{}}},\n  date = {{2026-02-{:02}}},\n  url = {{{}}},\n}}\n\n",
            it.id, SOURCES[it.source].1, it.title, it.day, it.url
        );
    }
    out
}
