//! What `verify` asks about: each claim once, with every passage its
//! markers cite (the citations `export-claims` lists, one per item,
//! gathered back into their claim), keyed by the claim and the set of
//! passages ([`passages_key`]), so that a claim whose parts are stated by
//! different items is judged on all of them together.

use evidence_core::store::CitationRecord as Citation;
use evidence_core::store::{Store, passages_key};

/// A claim and the passages it cites, as one request asks about them.
#[derive(Debug, Clone)]
pub struct Unit {
    /// The chapter's path in the book.
    pub chapter: String,
    /// The file the claim is written in (an included file's own).
    pub file: String,
    /// The claim's line in that file.
    pub line: usize,
    /// Its column.
    pub column: usize,
    /// The claim as a reader sees it.
    pub claim: String,
    /// The key verdicts are stored under for this claim.
    pub claim_key: String,
    /// Its passages, in the order the claim cites them.
    pub cited: Vec<Cited>,
    /// [`passages_key`] of their passages (one passage's own key).
    pub key: String,
}

/// One cited item: its id, where it comes from, its passage.
#[derive(Debug, Clone)]
pub struct Cited {
    /// The cited item's id.
    pub evidence_id: String,
    /// The publisher and the title, as the judge is told them.
    pub source: String,
    /// The passage the claim cites.
    pub passage: String,
}

impl Unit {
    /// The ids of its items, sorted (as a verdict lists them).
    pub fn ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.cited.iter().map(|c| c.evidence_id.as_str()).collect();
        ids.sort_unstable();
        ids
    }

    /// How the unit is named in messages: `ev_a` or `ev_a + ev_b`.
    pub fn named(&self) -> String {
        self.ids().join(" + ")
    }
}

/// The distinct units of `citations` (in book order, a claim's citations
/// one after another, as `export-claims` writes them): one per claim and
/// set of passages.
pub fn units(citations: Vec<Citation>, store: &Store) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    let mut keys: Vec<Vec<String>> = Vec::new();
    for c in citations {
        let cited = Cited {
            source: source_of(store, &c.evidence_id),
            evidence_id: c.evidence_id,
            passage: c.passage,
        };
        let same = out.last().is_some_and(|u| {
            u.chapter == c.chapter
                && u.file == c.file
                && u.line == c.line
                && u.column == c.column
                && u.claim_key == c.claim_key
        });
        if same && let (Some(unit), Some(k)) = (out.last_mut(), keys.last_mut()) {
            unit.cited.push(cited);
            k.push(c.passage_key);
            continue;
        }
        out.push(Unit {
            chapter: c.chapter,
            file: c.file,
            line: c.line,
            column: c.column,
            claim: c.claim,
            claim_key: c.claim_key,
            cited: vec![cited],
            key: String::new(),
        });
        keys.push(vec![c.passage_key]);
    }
    let mut seen = std::collections::HashSet::new();
    out.into_iter()
        .zip(keys)
        .filter_map(|(mut unit, keys)| {
            unit.key = passages_key(&keys);
            seen.insert((unit.claim_key.clone(), unit.key.clone()))
                .then_some(unit)
        })
        .collect()
}

/// `Publisher, "Title"`, or what of it the item has, else its id.
fn source_of(store: &Store, id: &str) -> String {
    let Some(item) = store.item(id) else {
        return id.to_owned();
    };
    let publisher = item.publisher.clone().or_else(|| {
        item.source_id
            .as_deref()
            .and_then(|s| store.source(s))
            .map(|s| s.publisher.clone())
    });
    match (publisher, item.title.as_deref()) {
        (Some(p), Some(t)) => format!("{p}, \"{t}\""),
        (Some(p), None) => p,
        (None, Some(t)) => format!("\"{t}\""),
        (None, None) => id.to_owned(),
    }
}
