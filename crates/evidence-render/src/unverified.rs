//! Markers that do not resolve, shown as what they are: an "unverified"
//! mark where the marker was written, whose accessible label says why,
//! never the marker's raw text (`[EVID:ev_made_up]` looks like a citation).
//! The mark names the id it stands for, so that a rerun reads it back as a
//! marker of that id: it stays until the id resolves.

use crate::Target;
use evidence_core::escape;
use evidence_core::markers::{Marker, MarkerKind};
use evidence_core::syntax::{CITE_ID_ATTRIBUTE, REFERENCE_ANCHOR_PREFIX, UNVERIFIED_CLASS};
use evidence_rules::{Judged, Resolved};

/// What a run shows for a marker it keeps (one that does not resolve).
#[derive(Debug)]
pub(super) enum KeptMarker {
    /// A marker of an evidence id: shown as an unverified mark.
    Unverified {
        /// The id it names.
        id: String,
        /// Why it does not resolve (the finding's message).
        reason: String,
    },
    /// A marker with no id to name (`[N]`, malformed): kept as written.
    Plain(String),
}

impl KeptMarker {
    /// Whether it changes the page (an unverified mark does).
    pub(super) fn is_mark(&self) -> bool {
        matches!(self, KeptMarker::Unverified { .. })
    }

    /// Appends its text for `target` to `out`.
    pub(super) fn render(&self, target: Target, out: &mut String) {
        match self {
            KeptMarker::Plain(text) => out.push_str(text),
            KeptMarker::Unverified { id, reason } => {
                out.push_str(&mark(target, Some(id), reason));
            }
        }
    }
}

/// The generic reason, when no finding says why (its rule is off, or a
/// comment suppresses it).
const NO_REASON: &str = "no item of the evidence store matches this citation";

/// An unverified mark for `target`: `id` the id it stands for (read back
/// on a rerun; `None` for a claim's mark, which stands for no marker),
/// `reason` why it is shown, escaped here.
pub(super) fn mark(target: Target, id: Option<&str>, reason: &str) -> String {
    let label = format!("Unverified: {}", reason.replace('`', ""));
    match target {
        Target::Html => {
            let mut out = format!("<span class=\"{UNVERIFIED_CLASS}\"");
            if let Some(id) = id {
                out.push_str(&format!(" {CITE_ID_ATTRIBUTE}=\"{}\"", escape::html(id)));
            }
            out.push_str(" role=\"note\" aria-label=\"");
            escape::html_into(&mut out, &label);
            out.push_str("\" title=\"");
            escape::html_into(&mut out, &label);
            // No bracket in the source: a `[unverified]: url` definition
            // cannot make a link of it.
            out.push_str("\">&#91;unverified&#93;</span>");
            out
        }
        Target::Markdown => match id {
            Some(id) => format!(
                "[\\[unverified\\]](#{REFERENCE_ANCHOR_PREFIX}{} \"{}\")",
                escape::html(id),
                // No `<` either: a renderer that copies the title as
                // it stands writes no tag (entities are decoded in titles).
                escape::markdown_title(&label).replace('<', "&lt;")
            ),
            None => format!("\\[unverified: {}\\]", escape::markdown(reason)),
        },
    }
}

/// What each marker that does not resolve is kept as, by marker index
/// (`None` for a marker that resolves): its finding's message says why.
/// `findings` are sorted by position.
pub(super) fn kept_markers(
    markers: &[Marker],
    resolved: &[Option<Resolved<'_>>],
    findings: &[Judged],
) -> Vec<Option<KeptMarker>> {
    let mut reasons: Vec<Option<&str>> = vec![None; markers.len()];
    for judged in findings {
        let span = &judged.finding.span;
        let i = markers.partition_point(|m| m.span.start < span.start);
        if let Some(marker) = markers.get(i)
            && marker.span == *span
            && reasons[i].is_none()
        {
            reasons[i] = Some(&judged.finding.message);
        }
    }
    markers
        .iter()
        .zip(resolved)
        .zip(reasons)
        .map(|((marker, resolved), reason)| {
            if resolved.is_some() {
                return None;
            }
            Some(match &marker.kind {
                MarkerKind::Evidence(id) | MarkerKind::Rendered(id) => KeptMarker::Unverified {
                    id: id.clone(),
                    reason: reason.unwrap_or(NO_REASON).to_owned(),
                },
                MarkerKind::Number(n) => KeptMarker::Plain(format!("[{n}]")),
                MarkerKind::Malformed(written) => KeptMarker::Plain(written.clone()),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_escapes_its_reason_and_holds_no_bracket() {
        let html = mark(
            Target::Html,
            Some("ev_x"),
            "evidence `ev_x` <b>\"東京\"</b> | {{#include a}} \u{200f}é\u{301}",
        );
        assert!(html.starts_with("<span class=\"evidence-unverified\" data-evidence=\"ev_x\" role=\"note\" aria-label=\"Unverified: evidence ev_x &lt;b&gt;&quot;東京&quot;&lt;/b&gt; &#124; &#123;&#123;#include a}} \u{200f}é\u{301}\""), "{html}");
        assert!(!html.contains('['), "{html}");
        let md = mark(Target::Markdown, Some("ev_x"), "a \"b\" | c");
        assert_eq!(
            md,
            "[\\[unverified\\]](#evidence-ev_x \"Unverified: a \\\"b\\\" &#124; c\")"
        );
    }
}
