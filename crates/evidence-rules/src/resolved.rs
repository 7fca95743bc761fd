//! A marker that resolved: the item it cites, checked, and its source.

use evidence_core::store::{EvidenceItem, LinkStatus, PaywallPolicy, Published, Source};

/// A marker that resolved: the item it cites and the item's source.
#[derive(Debug, Clone, Copy)]
pub struct Resolved<'s> {
    /// The evidence id.
    pub id: &'s str,
    /// The item's index in the store (in load order): the key of its
    /// [`memo`](super::memo::Analyses).
    pub index: usize,
    /// The item.
    pub item: &'s EvidenceItem,
    /// The item's registry entry.
    pub source: &'s Source,
    /// The item's URL, checked to be absolute http(s).
    pub url: &'s str,
    /// The item's title (`title`, else `document_title`).
    pub title: &'s str,
    /// When the item was published; `None` only for `citation.v1` records,
    /// which carry no publication date.
    pub published_at: Option<Published>,
}

impl<'s> Resolved<'s> {
    /// The publisher: the item's own, else its source's.
    pub fn publisher(&self) -> &'s str {
        self.item
            .publisher
            .as_deref()
            .unwrap_or(&self.source.publisher)
    }

    /// Whether only metadata may be shown: the source is `metadata_only`, or
    /// the item's link check found a paywall.
    pub fn paywall_policy(&self) -> PaywallPolicy {
        match &self.item.link_check {
            Some(check) if check.status == LinkStatus::Paywalled => PaywallPolicy::MetadataOnly,
            _ => self.source.paywall_policy,
        }
    }
}
