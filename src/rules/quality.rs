//! What the contracts' five quality metrics are computed from, gathered
//! while a chapter is judged: sentences and the cited ones, the cited
//! items' hosts and tiers, claims whose cited items disagree. The metrics
//! themselves (shares, targets) are the report's ([`crate::report`]).

use super::Resolved;
use super::claims::{Claim, sentences};
use super::support_units::SupportUnit;
use std::collections::BTreeSet;

/// The authority of a source tier, from 1.0 (official) to 0.2
/// (monitor-only): the contract's authority score averages it over the
/// cited items.
pub const TIER_AUTHORITY: [(u8, f64); 4] = [(1, 1.0), (2, 0.8), (3, 0.5), (4, 0.2)];

/// The inputs of the quality metrics of a chapter (or, summed, a book).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QualityInputs {
    /// Sentences of the chapter's claims.
    pub sentences: usize,
    /// Those with a resolving citation.
    pub cited_sentences: usize,
    /// The hosts of the cited items' addresses (`www.` aside).
    pub hosts: BTreeSet<String>,
    /// The publishers of the cited items.
    pub publishers: BTreeSet<String>,
    /// The sum of the cited items' tier authority.
    pub authority_sum: f64,
    /// The distinct items cited.
    pub items: usize,
    /// Claims citing two items that contradict each other.
    pub disagreeing_claims: usize,
}

impl std::ops::AddAssign<&QualityInputs> for QualityInputs {
    fn add_assign(&mut self, other: &QualityInputs) {
        self.sentences += other.sentences;
        self.cited_sentences += other.cited_sentences;
        self.hosts.extend(other.hosts.iter().cloned());
        self.publishers.extend(other.publishers.iter().cloned());
        self.authority_sum += other.authority_sum;
        self.items += other.items;
        self.disagreeing_claims += other.disagreeing_claims;
    }
}

/// The quality inputs of a chapter: its `claims` and their support
/// `units` (the sentences holding markers), the resolution of each marker,
/// the distinct `items` it cites, and the pairs of cited items that
/// contradict each other.
pub(crate) fn inputs(
    claims: &[Claim],
    units: &[SupportUnit],
    resolved: &[Option<Resolved<'_>>],
    items: &[Resolved<'_>],
    conflicts: &[[&str; 2]],
) -> QualityInputs {
    let sentences: usize = claims.iter().map(|c| sentences(&c.text).len().max(1)).sum();
    let resolves = |m: &usize| resolved.get(*m).is_some_and(Option::is_some);
    let cited_sentences = units
        .iter()
        .filter(|u| u.unit.markers.iter().any(resolves))
        .count()
        .min(sentences);
    let disagreeing_claims = if conflicts.is_empty() {
        0
    } else {
        claims
            .iter()
            .filter(|c| {
                let ids: Vec<&str> = c
                    .markers
                    .iter()
                    .filter_map(|&m| resolved.get(m).copied().flatten().map(|r| r.id))
                    .collect();
                conflicts
                    .iter()
                    .any(|[a, b]| ids.contains(a) && ids.contains(b))
            })
            .count()
    };
    QualityInputs {
        sentences,
        cited_sentences,
        hosts: items.iter().filter_map(|r| host(r.url)).collect(),
        publishers: items.iter().map(|r| r.publisher().to_owned()).collect(),
        authority_sum: items.iter().map(|r| authority(r.source.tier)).sum(),
        items: items.len(),
        disagreeing_claims,
    }
}

/// The authority of `tier` ([`TIER_AUTHORITY`]).
fn authority(tier: u8) -> f64 {
    TIER_AUTHORITY
        .iter()
        .find(|(t, _)| *t == tier)
        .map_or(0.0, |(_, a)| *a)
}

/// The host of an http(s) address, lower case, `www.` aside.
fn host(url: &str) -> Option<String> {
    let host = url::Url::parse(url).ok()?.host_str()?.to_ascii_lowercase();
    Some(host.strip_prefix("www.").map(str::to_owned).unwrap_or(host))
}
