//! The checks an evidence item in the store passes before a marker citing
//! it resolves, in order (`deleted-evidence`, `invalid-evidence`,
//! `missing-field`, `unknown-source`, `unsafe-url`, `registry-mismatch`,
//! `stale-evidence`, `expired-evidence`), each in its rule's file
//! (`sources/`). The first that fails is the finding, so the order is part
//! of the output. `resolution` runs them after the marker checks.

use crate::meta::Violation;
use crate::resolved::Resolved;
use crate::sources::missing_field::Cited;
use crate::sources::{
    deleted_evidence, expired_evidence, invalid_evidence, missing_field, registry_mismatch,
    stale_evidence, unknown_source, unsafe_url,
};
use evidence_core::config::Config;
use evidence_core::store::{EvidenceItem, Store};

/// Checks the item at `index` in the store, whose id is `id`: the item
/// resolved, or the first check it fails.
pub(crate) fn check<'s>(
    index: usize,
    id: &'s str,
    item: &'s EvidenceItem,
    store: &'s Store,
    config: &Config,
) -> Result<Resolved<'s>, Violation> {
    if let Some(violation) =
        deleted_evidence::check(id, item).or_else(|| invalid_evidence::check(id, item))
    {
        return Err(violation);
    }
    let Cited {
        url,
        title,
        source_id,
    } = missing_field::required_fields(id, item)?;
    let Some(source) = store.source(source_id) else {
        return Err(unknown_source::violation(id, source_id, store));
    };
    if let Some(violation) = unsafe_url::check(id, item, url)
        .or_else(|| registry_mismatch::check(id, item, url, source_id, source))
        .or_else(|| stale_evidence::check(id, item, &stale_evidence::Options::of(config)))
        .or_else(|| expired_evidence::check(id, item, &expired_evidence::Options::of(config)))
    {
        return Err(violation);
    }
    Ok(Resolved {
        id,
        index,
        item,
        source,
        url,
        title,
        published_at: item.published_at,
    })
}

/// The item `id` names, when it is in the store and passes every check.
pub(crate) fn resolved<'s>(id: &str, store: &'s Store, config: &Config) -> Option<Resolved<'s>> {
    let (index, id, item) = store.indexed_entry(id)?;
    check(index, id, item, store, config).ok()
}
