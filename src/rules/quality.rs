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
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
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
    let sentences: usize = claims.iter().map(|c| sentence_count(&c.text)).sum();
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

/// How many sentences `text` holds (at least one). Most claims are one
/// sentence: one with no sentence end before its last character (`.`, `!`
/// or `?` then white space, or a CJK full stop; `3.5%` is none) is not
/// split.
fn sentence_count(text: &str) -> usize {
    let body = text.trim_end();
    let last = body.chars().next_back().map_or(0, char::len_utf8);
    let inner = &body[..body.len() - last];
    let ends = inner
        .as_bytes()
        .windows(2)
        .any(|w| matches!(w[0], b'.' | b'!' | b'?') && w[1].is_ascii_whitespace())
        || inner.contains(['。', '！', '？']);
    if ends {
        sentences(text).len().max(1)
    } else {
        1
    }
}

/// The authority of `tier` ([`TIER_AUTHORITY`]).
fn authority(tier: u8) -> f64 {
    TIER_AUTHORITY
        .iter()
        .find(|(t, _)| *t == tier)
        .map_or(0.0, |(_, a)| *a)
}

/// The host of an address, lower case, `www.` aside: what lies between
/// `://` and the path, without user or port. A cited item's address is a
/// checked absolute http(s) URL (`unsafe-url`), so no full parse is needed
/// (a parse of every cited address cost more than the rest of the
/// metrics).
fn host(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    let host = host.to_ascii_lowercase();
    (!host.is_empty()).then(|| host.strip_prefix("www.").map(str::to_owned).unwrap_or(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_sentence_counts() {
        assert_eq!(
            host("https://www.Reuters.com/a?b#c").as_deref(),
            Some("reuters.com")
        );
        assert_eq!(
            host("http://user@fed.gov:8080/x").as_deref(),
            Some("fed.gov")
        );
        assert_eq!(host("https://例え.jp/東京").as_deref(), Some("例え.jp"));
        assert_eq!(host("mailto:x"), None);
        assert_eq!(sentence_count("Rates rose 3.5% in 東京."), 1);
        assert_eq!(sentence_count("Rates rose. Stocks fell."), 2);
        // The shortcut never changes what the splitter says.
        for text in [
            "株価が下落した。円は上昇した。",
            "U.S. rates rose.",
            "Why? Because.",
        ] {
            assert_eq!(sentence_count(text), sentences(text).len().max(1), "{text}");
        }
        assert_eq!(sentence_count(""), 1);
    }
}
