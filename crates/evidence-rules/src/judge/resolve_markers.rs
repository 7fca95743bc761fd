//! The first phase: resolve each marker against the store, and gather the
//! distinct items the chapter cites.

use crate::judge::FindingSubject;
use crate::resolution::Unresolved;
use crate::{Resolved, resolve};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::ids::MarkerId;
use evidence_core::markers::{MarkerKind, Scan};
use evidence_core::store::{CitationList, Store};
use std::collections::HashMap;

/// The markers of a chapter, resolved.
pub(super) struct MarkerResolution<'s> {
    /// The resolution of each marker of the scan, by [`MarkerId`].
    pub resolved: Vec<Option<Resolved<'s>>>,
    /// One finding for each marker that does not resolve.
    pub findings: Vec<(Finding, FindingSubject)>,
}

/// Resolves every marker of the scan against the store and the chapter's
/// citation list.
pub(super) fn resolve_markers<'s>(
    scan: &Scan,
    store: &'s Store,
    list: Option<&'s CitationList>,
    config: &Config,
) -> MarkerResolution<'s> {
    let mut resolved = Vec::with_capacity(scan.markers.len());
    let mut findings = Vec::new();
    // Why each id that does not resolve fails, found once: the message
    // names the store's nearest id, a search of every id of the store,
    // which a chapter citing the same missing id thousands of times would
    // otherwise repeat for each marker.
    let mut failed: HashMap<&str, Unresolved> = HashMap::new();
    for (i, marker) in scan.markers.iter().enumerate() {
        let outcome = match &marker.kind {
            MarkerKind::Evidence(id) | MarkerKind::Rendered(id) => match failed.get(id.as_str()) {
                Some(failure) => Err(failure.clone()),
                None => resolve(&marker.kind, store, list, config).inspect_err(|failure| {
                    failed.insert(id, failure.clone());
                }),
            },
            _ => resolve(&marker.kind, store, list, config),
        };
        match outcome {
            Ok(ok) => resolved.push(Some(ok)),
            Err((rule, message, id)) => {
                let finding = Finding {
                    rule,
                    message,
                    span: marker.span.clone(),
                    block: marker.block.map(BlockId),
                    evidence_ids: id.into_iter().collect(),
                    excerpt: None,
                };
                findings.push((finding, FindingSubject::Marker(MarkerId(i))));
                resolved.push(None);
            }
        }
    }
    MarkerResolution { resolved, findings }
}

/// The distinct items a chapter cites, in order of first citation.
pub(super) struct CitedItems<'s> {
    /// The items.
    pub items: Vec<Resolved<'s>>,
    /// Each item's first resolving marker, and the item, by evidence id.
    first: HashMap<&'s str, (MarkerId, Resolved<'s>)>,
}

impl<'s> CitedItems<'s> {
    /// The items of `resolved` (the resolution of each marker).
    pub(super) fn new(resolved: &[Option<Resolved<'s>>]) -> Self {
        let mut items = Vec::new();
        let mut first = HashMap::new();
        for (i, r) in resolved.iter().enumerate() {
            if let Some(r) = r
                && !first.contains_key(r.id)
            {
                first.insert(r.id, (MarkerId(i), *r));
                items.push(*r);
            }
        }
        CitedItems { items, first }
    }

    /// The first marker citing the item `id`, and the item, if the
    /// chapter cites it.
    pub(super) fn first_citation(&self, id: &str) -> Option<(MarkerId, Resolved<'s>)> {
        self.first.get(id).copied()
    }
}
