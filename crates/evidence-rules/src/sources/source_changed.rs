//! `source-changed`: `fetch --recheck` found that a passage the claims
//! citing an item rest on no longer stands on its page (white space,
//! quotes and case set aside): the page was edited since it was fetched.

use crate::meta::{RuleMeta, guide_page};
use evidence_core::rule::Rule;
use evidence_core::store::{EvidenceItem, RecheckOutcome};

/// What `source-changed` is, how to fix it, and its page in the guide.
pub(crate) const META: RuleMeta = RuleMeta {
    rule: Rule::SourceChanged,
    help: "read the page again: if the claim still holds, `mdbook-evidence fetch --all` stores the new text; if not, correct the claim or cite another source",
    doc: &[
        "`fetch --recheck` found that a passage the claims citing the item",
        "rest on no longer stands on its page.",
    ],
    guide_page: guide_page!("source-changed"),
    options: &[],
    terminal: None,
    file: file!(),
};

/// The most of a passage quoted in the message, in characters.
const QUOTED: usize = 200;

/// The finding's message for item `id`, when a passage of its page changed.
pub(crate) fn message(id: &str, item: &EvidenceItem) -> Option<String> {
    let recheck = item.fetch.as_ref()?.recheck.as_ref()?;
    if recheck.outcome != RecheckOutcome::Changed {
        return None;
    }
    let first = recheck.changed.first()?;
    let now = if first.now.trim().is_empty() {
        "nothing like it".to_owned()
    } else {
        format!("\"{}\"", shortened(&first.now))
    };
    let more = match recheck.changed.len() {
        1 => String::new(),
        2 => " (1 more passage changed too)".to_owned(),
        n => format!(" ({} more passages changed too)", n - 1),
    };
    Some(format!(
        "the page of evidence `{id}` changed since it was fetched (rechecked {}): it said \"{}\", and now says {now}{more}",
        recheck.checked_at,
        shortened(&first.passage)
    ))
}

/// `text` on one line, cut to [`QUOTED`] characters.
fn shortened(text: &str) -> String {
    let line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(QUOTED) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line,
    }
}
