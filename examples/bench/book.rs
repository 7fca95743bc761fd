//! Synthetic report books for the benchmark: deterministic (no randomness
//! but a fixed-seed mixer), so every run and every machine measures the same
//! bytes.
//!
//! A chapter is a daily brief in the usual four-section shape: a title, a lead-in,
//! the four sections (Prevailing View, Counterarguments, Minority View, What
//! to Watch) of ten bullets each, every bullet citing two items, and a
//! method note whose code block and code span hold marker-like text that
//! must not be read as markers. Shared with `tests/bench_book.rs`.
//!
//! The text reads like a brief: each item has a topic (twelve, each with
//! its own vocabulary), and its passage is three or four sentences (about
//! 60 words; a headline for paywalled sources) on what moved, why, and
//! what the release added. A bullet paraphrases the passages of the two
//! items it cites, in one of four shapes, so that checking claims against
//! passages costs what it would on a real book.

#![allow(dead_code)]

use std::fmt::Write as _;

/// How a chapter cites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `[EVID:ev_…]` markers.
    Evid,
    /// `[N]` markers against the chapter's citation list in the store.
    Numbered,
    /// `{{#cite key}}` directives, for mdbook-bib.
    Cite,
}

/// What to generate.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// Number of chapters.
    pub chapters: usize,
    /// Number of evidence items in the store (at least [`CITED_PER_CHAPTER`]).
    pub items: usize,
    /// How chapters cite.
    pub style: Style,
}

/// The sections of a daily brief, each with [`BULLETS_PER_SECTION`] bullets.
pub const SECTIONS: [&str; 4] = [
    "Prevailing View",
    "Counterarguments",
    "Minority View",
    "What to Watch",
];
/// Bullets per section: 4 × 10 = 40 bullets per chapter.
pub const BULLETS_PER_SECTION: usize = 10;
/// Distinct items a chapter cites; each bullet cites two of them, so every
/// item is cited twice (80 markers per chapter).
pub const CITED_PER_CHAPTER: usize = 40;

/// A fixed-seed 64-bit mixer (splitmix64): deterministic variety without a
/// `rand` dependency.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn pick<'a>(words: &[&'a str], seed: u64) -> &'a str {
    words[(mix(seed) % words.len() as u64) as usize]
}

/// The source registry: ids, publishers, tiers, paywall policy, URL host.
const SOURCES: [(&str, &str, u8, bool, &str); 12] = [
    ("fed", "Federal Reserve", 1, false, "www.federalreserve.gov"),
    (
        "bls",
        "U.S. Bureau of Labor Statistics",
        1,
        false,
        "www.bls.gov",
    ),
    (
        "bea",
        "U.S. Bureau of Economic Analysis",
        1,
        false,
        "www.bea.gov",
    ),
    (
        "ecb",
        "European Central Bank",
        1,
        false,
        "www.ecb.europa.eu",
    ),
    ("reuters", "Reuters", 2, false, "www.reuters.com"),
    ("ap", "Associated Press", 2, false, "apnews.com"),
    ("ft", "Financial Times", 2, true, "www.ft.com"),
    ("wsj", "The Wall Street Journal", 2, true, "www.wsj.com"),
    (
        "brookings",
        "Brookings Institution",
        3,
        false,
        "www.brookings.edu",
    ),
    ("piie", "Peterson Institute", 3, false, "www.piie.com"),
    ("zh", "Zero Hedge", 4, false, "www.zerohedge.com"),
    ("substack", "Macro Substack", 4, false, "macro.substack.com"),
];

/// What an item is about: its title's subject, what its passage measures,
/// what moved it, and what the release added. Claims paraphrase the
/// passages of the items they cite, as a brief does.
struct Topic {
    /// The subject, as titles name it.
    subject: &'static str,
    /// What moved, as a sentence's subject.
    measure: &'static str,
    /// What drove the move (any two of them per passage).
    drivers: [&'static str; 4],
    /// What the release added.
    context: [&'static str; 3],
}

const TOPICS: [Topic; 12] = [
    Topic {
        subject: "The Federal Reserve",
        measure: "The effective federal funds rate",
        drivers: [
            "a firmer labor market",
            "sticky services inflation",
            "tighter financial conditions",
            "the Committee’s balance-sheet runoff",
        ],
        context: [
            "Policymakers said they would remain attentive to the risks to both sides of their mandate.",
            "Two members preferred a smaller adjustment at this meeting.",
            "Futures markets now price fewer cuts this year than they did in January.",
        ],
    },
    Topic {
        subject: "Core inflation",
        measure: "Core consumer prices",
        drivers: [
            "shelter costs",
            "car insurance premiums",
            "medical care services",
            "apparel and used vehicles",
        ],
        context: [
            "Energy and food prices, which are excluded from the core measure, were mixed.",
            "Economists had expected a slightly smaller increase.",
            "The three-month annualized pace remained above the central bank’s target.",
        ],
    },
    Topic {
        subject: "The ten-year Treasury yield",
        measure: "The ten-year Treasury yield",
        drivers: [
            "heavy corporate issuance",
            "a weak auction of new notes",
            "stronger retail sales data",
            "hawkish remarks from Fed officials",
        ],
        context: [
            "The curve between two- and ten-year notes steepened for a third week.",
            "Foreign demand at the auction was the lowest since November.",
            "Mortgage rates followed the move within days.",
        ],
    },
    Topic {
        subject: "Nonfarm payrolls",
        measure: "Nonfarm payroll employment",
        drivers: [
            "health care hiring",
            "government payrolls",
            "construction jobs",
            "leisure and hospitality",
        ],
        context: [
            "Average hourly earnings grew at a steady pace over the month.",
            "Revisions to the two prior months were small.",
            "The household survey showed a smaller gain than the payroll survey.",
        ],
    },
    Topic {
        subject: "The European Central Bank",
        measure: "The ECB’s deposit facility rate",
        drivers: [
            "slowing wage growth in the euro area",
            "weaker bank lending",
            "the stronger euro",
            "subdued manufacturing output in Germany",
        ],
        context: [
            "The Governing Council said future decisions would depend on incoming data.",
            "Staff projections put inflation close to two per cent next year.",
            "Several governors favoured a pause at the next meeting.",
        ],
    },
    Topic {
        subject: "Retail sales",
        measure: "Retail sales",
        drivers: [
            "online purchases",
            "spending at restaurants and bars",
            "lower gasoline station receipts",
            "furniture and electronics stores",
        ],
        context: [
            "Sales in the control group, which feeds into GDP, were firmer than the headline.",
            "Holiday-season returns weighed on department stores.",
            "Receipts were not adjusted for inflation.",
        ],
    },
    Topic {
        subject: "The dollar index",
        measure: "The dollar index",
        drivers: [
            "rate differentials with Europe",
            "safe-haven demand",
            "a rebound in the yen",
            "positioning by leveraged funds",
        ],
        context: [
            "Emerging-market currencies weakened against the dollar over the week.",
            "Options markets priced higher volatility for the coming month.",
            "The euro traded near its lowest level since autumn.",
        ],
    },
    Topic {
        subject: "Housing starts",
        measure: "Housing starts",
        drivers: [
            "single-family construction in the South",
            "fewer multifamily projects",
            "cold weather in the Northeast",
            "higher mortgage rates",
        ],
        context: [
            "Building permits, a guide to future construction, edged lower.",
            "Builders reported the weakest sentiment in a year.",
            "Completions outpaced new starts for a fourth month.",
        ],
    },
    Topic {
        subject: "Crude oil inventories",
        measure: "Commercial crude oil inventories",
        drivers: [
            "lower refinery runs",
            "higher imports from Canada",
            "strategic reserve purchases",
            "weaker gasoline demand",
        ],
        context: [
            "Stocks at the Cushing, Oklahoma, hub were little changed.",
            "Distillate inventories fell more than analysts expected.",
            "Brent crude futures reacted little to the report.",
        ],
    },
    Topic {
        subject: "Industrial production",
        measure: "Industrial production",
        drivers: [
            "utility output during the cold snap",
            "motor vehicle assembly",
            "mining and drilling activity",
            "aerospace equipment",
        ],
        context: [
            "Capacity utilization held near its long-run average.",
            "Manufacturing output alone was flat over the month.",
            "Revisions lowered the estimates for the prior two months.",
        ],
    },
    Topic {
        subject: "The unemployment rate",
        measure: "The unemployment rate",
        drivers: [
            "more people entering the labor force",
            "fewer temporary layoffs",
            "a rise in long-term joblessness",
            "higher participation among prime-age workers",
        ],
        context: [
            "The broader underemployment measure was unchanged.",
            "Continuing claims for jobless benefits drifted higher.",
            "Youth unemployment rose for a second month.",
        ],
    },
    Topic {
        subject: "Corporate credit spreads",
        measure: "Investment-grade credit spreads",
        drivers: [
            "record bond issuance",
            "strong demand from insurers",
            "downgrades in the retail sector",
            "falling default expectations",
        ],
        context: [
            "High-yield spreads moved by a similar amount.",
            "New issues were several times oversubscribed.",
            "Fund flows into credit turned positive again.",
        ],
    },
];
const VERBS: [&str; 8] = [
    "rose to",
    "fell to",
    "held steady at",
    "edged up to",
    "slipped to",
    "climbed to",
    "eased to",
    "was revised to",
];
const REPORTED: [&str; 4] = [
    "according to the latest release",
    "the report showed on Wednesday",
    "data released on Tuesday showed",
    "figures published on Friday showed",
];
const CAVEATS: [&str; 3] = [
    "Officials cautioned that a single month of data says little about the trend, and that revisions could be large.",
    "Analysts at several banks said the figures were broadly in line with their forecasts.",
    "The report was delayed by a day because of the holiday.",
];
const TITLE_WORDS: [&str; 10] = [
    "Outlook",
    "Statement",
    "Release",
    "Minutes",
    "Survey",
    "Update",
    "Analysis",
    "Projections",
    "Commentary",
    "Brief",
];

/// The id of item `i`: unique (the index) and hash-like (the suffix).
pub fn item_id(i: usize) -> String {
    format!("ev_{i:06}_{:04x}", mix(i as u64) & 0xffff)
}

/// Items the store holds but no chapter cites: the last 2% are deleted,
/// invalid or expired, as in a real store.
fn citable(items: usize) -> usize {
    items - items / 50
}

/// The items chapter `c` cites, in order: distinct within a chapter, spread
/// over the whole store, never one of the unusable ones, consecutive ones
/// from different sources, and at most [`MONITOR_ONLY_PER_CHAPTER`] of them
/// from tier-4 sources (the monitor-only-share rule allows 15%).
pub fn chapter_items(spec: &Spec, c: usize) -> Vec<usize> {
    let good = citable(spec.items);
    // A stride coprime with `good` makes consecutive indices map to
    // distinct items, scattered over the store.
    let stride = [7919, 7907, 7901, 7883]
        .into_iter()
        .find(|p| !good.is_multiple_of(*p))
        .unwrap_or(1);
    let candidates: Vec<usize> = (0..CITED_PER_CHAPTER)
        .map(|k| ((c * CITED_PER_CHAPTER + k) * stride) % good)
        .collect();
    let mut chosen: Vec<usize> = Vec::with_capacity(CITED_PER_CHAPTER);
    let mut monitor_only = 0;
    for (k, &item) in candidates.iter().enumerate() {
        if tier(item) < 4 || monitor_only < MONITOR_ONLY_PER_CHAPTER {
            monitor_only += usize::from(tier(item) == 4);
            chosen.push(item);
            continue;
        }
        // Another item near it, from a source that is neither tier 4 nor
        // that of the items cited beside it.
        let next = candidates.get(k + 1).copied();
        let replacement = (1..good)
            .map(|d| (item + d) % good)
            .find(|&j| {
                tier(j) < 4
                    && chosen.last().is_none_or(|&p| source(p) != source(j))
                    && next.is_none_or(|n| source(n) != source(j))
                    && !chosen.contains(&j)
                    && !candidates.contains(&j)
            })
            .expect("a store of more than 12 items has one");
        chosen.push(replacement);
    }
    chosen
}

/// At most this many of a chapter's items are monitor-only (10%).
const MONITOR_ONLY_PER_CHAPTER: usize = 4;

/// The source (index into [`SOURCES`]) of item `i`.
fn source(i: usize) -> usize {
    i % SOURCES.len()
}

/// The tier of item `i`'s source.
fn tier(i: usize) -> u8 {
    SOURCES[source(i)].2
}

/// The figure item `i`'s passage states, e.g. `3.47%`: a claim citing the
/// item states it too (number-not-in-evidence). Items of one topic give
/// the same figure and the same move (`verb`), as sources reporting one
/// release do: otherwise a chapter citing two of them would cite passages
/// that disagree (conflicting-evidence), and the benchmark measures a
/// publishing build.
fn figure(i: usize) -> String {
    let t = topic_index(i);
    format!("{}.{:02}%", t % 9 + 1, (t * 37 + 11) % 100)
}

/// The move of item `i`'s measure: its topic's.
fn verb(i: usize) -> &'static str {
    VERBS[topic_index(i) % VERBS.len()]
}

/// The index in [`TOPICS`] of item `i`'s topic.
fn topic_index(i: usize) -> usize {
    (mix(i as u64 ^ 0x70) % TOPICS.len() as u64) as usize
}

/// The topic of item `i`.
fn topic(i: usize) -> &'static Topic {
    &TOPICS[topic_index(i)]
}

/// The `n`th driver of item `i`'s move (each item takes the drivers of its
/// topic in its own order).
fn driver(i: usize, n: usize) -> &'static str {
    let drivers = &topic(i).drivers;
    drivers[(i + n) % drivers.len()]
}

/// `The ten-year …` as the middle of a sentence: `the ten-year …`.
fn lower_first(text: &str) -> String {
    match text.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => {
            let mut chars = text.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_lowercase().chain(chars).collect()
            })
        }
    }
}

/// The start of item `i`'s passage: what moved, and to what.
fn headline(i: usize) -> String {
    format!("{} {} {} in February", topic(i).measure, verb(i), figure(i))
}

/// The quoted passage of item `i` (full-text sources): three or four
/// sentences, about 60 words: the move and its source, what drove it, what
/// the release added, and sometimes a caveat.
fn passage(i: usize) -> String {
    let t = topic(i);
    let mut text = format!(
        "{}, {}. The move was driven mainly by {}, with {} also contributing, while {} pulled in the other direction. {}",
        headline(i),
        pick(&REPORTED, i as u64 ^ 5),
        driver(i, 0),
        driver(i, 1),
        driver(i, 2),
        t.context[i % t.context.len()],
    );
    if i.is_multiple_of(3) {
        text.push(' ');
        text.push_str(pick(&CAVEATS, i as u64 ^ 9));
    }
    text
}

/// The snippet of item `i` (paywalled sources): a headline.
fn snippet(i: usize) -> String {
    format!("{} on {}", headline(i), driver(i, 0))
}

/// A bullet's claim, paraphrasing the passages of items `a` and `b`, in
/// one of four shapes picked by `seed`.
fn claim(a: usize, b: usize, seed: u64) -> String {
    let (ta, tb) = (topic(a), topic(b));
    let (verb_a, verb_b) = (verb(a), verb(b));
    let (fa, fb) = (figure(a), figure(b));
    let measure_b = lower_first(tb.measure);
    match mix(seed ^ 0xC1A1) % 4 {
        0 => format!(
            "{} {verb_a} {fa} in February, driven mainly by {}, while {measure_b} {verb_b} {fb}.",
            ta.measure,
            driver(a, 0)
        ),
        1 => format!(
            "{} {verb_a} {fa} last month on {} and {}; {measure_b} {verb_b} {fb} over the same period.",
            ta.measure,
            driver(a, 0),
            driver(a, 1)
        ),
        2 => format!(
            "With {} weighing, {measure_b} {verb_b} {fb}, and {} {verb_a} {fa} in February.",
            driver(b, 2),
            lower_first(ta.measure)
        ),
        _ => format!(
            "{} reported that {} {verb_a} {fa}, helped by {}; separately, {measure_b} {verb_b} {fb}.",
            SOURCES[source(a)].1,
            lower_first(ta.measure),
            driver(a, 1)
        ),
    }
}

/// The source path of chapter `c` (relative to `src/`).
pub fn chapter_path(c: usize) -> String {
    format!("briefs/brief-{:05}.md", c + 1)
}

/// Chapter `c`'s title.
pub fn chapter_title(c: usize) -> String {
    format!("Daily Brief {}", c + 1)
}

/// The markdown of chapter `c`.
pub fn chapter(spec: &Spec, c: usize) -> String {
    let cited = chapter_items(spec, c);
    let cite = |k: usize| -> String {
        let k = k % CITED_PER_CHAPTER;
        match spec.style {
            Style::Evid => format!("[EVID:{}]", item_id(cited[k])),
            Style::Numbered => format!("[{}]", k + 1),
            Style::Cite => format!("{{{{#cite {}}}}}", item_id(cited[k])),
        }
    };
    let mut out = String::with_capacity(6 * 1024);
    let _ = write!(
        out,
        "# {}\n\nThe synthesis for day {} follows:\n\n",
        chapter_title(c),
        c + 1
    );
    let mut bullet = 0;
    for section in SECTIONS {
        let _ = write!(out, "## {section}\n\n");
        for _ in 0..BULLETS_PER_SECTION {
            let seed = ((c as u64) << 16) | bullet as u64;
            let claim = claim(
                cited[bullet % CITED_PER_CHAPTER],
                cited[(bullet + 1) % CITED_PER_CHAPTER],
                seed,
            );
            let _ = writeln!(out, "- {claim} {}{}", cite(bullet), cite(bullet + 1));
            bullet += 1;
        }
        out.push('\n');
    }
    // Marker-like text in code is never a marker.
    let fake = item_id(cited[0]);
    let _ = write!(
        out,
        "## Method\n\nThe raw pipeline output for this brief looked like this:\n\n\
         ```text\nclaim: rates held [EVID:{fake}] [1][2]\nclaim: see [EVID:ev_not_a_marker]\n```\n\n\
         Inline code such as `[EVID:{fake}]` or `[3]` is shown as written:\n"
    );
    out
}

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
struct Item {
    id: String,
    source: usize,
    title: String,
    url: String,
    day: u64,
    hour: u64,
}

fn item(i: usize) -> Item {
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

fn item_json(out: &mut String, i: usize, unusable: bool) {
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

/// `SUMMARY.md`: every chapter, in order.
pub fn summary(spec: &Spec) -> String {
    let mut out = String::from("# Summary\n\n");
    for c in 0..spec.chapters {
        let _ = writeln!(out, "- [{}]({})", chapter_title(c), chapter_path(c));
    }
    out
}
