//! The five quality metrics of the citation contract: what they are
//! computed from, gathered while a chapter is judged (sentences and the
//! cited ones, the cited items' hosts and tiers, claims whose cited items
//! disagree, the support figures), and the figures themselves, each with
//! its target, for a chapter or, summed, a book. The reports show the
//! figures (`evidence_report`); the target rules warn about a chapter that
//! misses one ([`target_violations`]).
//!
//! Each rule of the group reads its settings through the `Options` of its
//! own file. Two are shared, and each rule's `Options` holds its own copy:
//! `quality.min-claims` (the five target rules judge only a chapter with
//! that many claims) and `diversity.min-items` (the three diversity rules
//! judge only a chapter citing that many items). The figures (each with
//! its target, as the reports show it) are computed from the whole
//! `quality` table by `figures`, which the reports share.

// The quality rules, one file per rule id.
pub(crate) mod high_disagreement_rate;
pub(crate) mod low_citation_accuracy;
pub(crate) mod low_citation_coverage;
pub(crate) mod low_credibility_mix;
pub(crate) mod low_source_authority;
pub(crate) mod low_source_diversity;
pub(crate) mod monitor_only_share;
pub(crate) mod publisher_dominance;

use crate::Resolved;
use crate::diversity;
use crate::support_verdicts::SupportFigures;
use evidence_core::config::{Config, QualityTargets};
use evidence_core::rule::Rule;
use evidence_text::claims::{Claim, sentences};
use evidence_text::support_units::SupportUnit;
use std::collections::{BTreeMap, BTreeSet};

/// The inputs of the quality metrics of a chapter (or, summed, a book).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct QualityInputs {
    /// Sentences of the chapter's claims.
    pub(crate) sentences: usize,
    /// Those with a resolving citation.
    pub(crate) cited_sentences: usize,
    /// Claims.
    pub claims: usize,
    /// Claims with a resolving citation.
    pub(crate) cited_claims: usize,
    /// The hosts of the cited items' addresses (`www.` aside).
    pub(crate) hosts: BTreeSet<String>,
    /// The publishers of the cited items.
    pub(crate) publishers: BTreeSet<String>,
    /// The distinct items cited, by tier (tier 1 first).
    pub(crate) tiers: [usize; 4],
    /// The distinct items cited.
    pub items: usize,
    /// Claims citing two items that disagree (`disagreeing_pairs`).
    pub(crate) disagreeing_claims: usize,
    /// Citations checked against a passage ([`SupportFigures`]).
    pub citations_checked: usize,
    /// Claims flagged by `claim-not-in-evidence`.
    pub flagged_claims: usize,
    /// Citations with a current support verdict.
    pub verdicts: usize,
    /// Citations whose current verdict says `unsupported`.
    pub unsupported: usize,
    /// Citations with a current verdict, by checker (`name version`):
    /// who judged the accuracy figure. Optional when read back, as
    /// [`SupportFigures`]'s is (a cache entry is only read by the binary
    /// that wrote it).
    #[serde(default)]
    pub checkers: BTreeMap<String, usize>,
}

impl std::ops::AddAssign<&QualityInputs> for QualityInputs {
    fn add_assign(&mut self, other: &QualityInputs) {
        self.sentences += other.sentences;
        self.cited_sentences += other.cited_sentences;
        self.claims += other.claims;
        self.cited_claims += other.cited_claims;
        self.hosts.extend(other.hosts.iter().cloned());
        self.publishers.extend(other.publishers.iter().cloned());
        for (sum, count) in self.tiers.iter_mut().zip(other.tiers) {
            *sum += count;
        }
        self.items += other.items;
        self.disagreeing_claims += other.disagreeing_claims;
        self.citations_checked += other.citations_checked;
        self.flagged_claims += other.flagged_claims;
        self.verdicts += other.verdicts;
        self.unsupported += other.unsupported;
        for (checker, count) in &other.checkers {
            *self.checkers.entry(checker.clone()).or_default() += count;
        }
    }
}

/// What a chapter was judged to hold, that the metrics count.
pub(crate) struct Judged<'a, 's> {
    /// The chapter's claims.
    pub claims: &'a [Claim],
    /// Their support units (the sentences holding markers).
    pub(crate) units: &'a [SupportUnit],
    /// The resolution of each marker.
    pub resolved: &'a [Option<Resolved<'s>>],
    /// The distinct items cited.
    pub items: &'a [Resolved<'s>],
    /// Claims with a resolving citation.
    pub(crate) cited_claims: usize,
    /// The support figures of its citations.
    pub support: &'a SupportFigures,
    /// The pairs of cited items whose passages were found to disagree
    /// (`conflicting-evidence`'s detection, when that rule is on).
    pub(crate) detected: &'a [[&'s str; 2]],
}

/// The quality inputs of a chapter.
pub(crate) fn inputs(judged: &Judged<'_, '_>) -> QualityInputs {
    let Judged {
        claims,
        units,
        resolved,
        items,
        ..
    } = *judged;
    let sentences: usize = claims.iter().map(|c| sentence_count(&c.text)).sum();
    let resolves = |m: &usize| resolved.get(*m).is_some_and(Option::is_some);
    let cited_sentences = units
        .iter()
        .filter(|u| u.unit.markers.iter().any(resolves))
        .count()
        .min(sentences);
    let mut pairs = disagreeing_pairs(items);
    pairs.extend_from_slice(judged.detected);
    let disagreeing_claims = if pairs.is_empty() {
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
                pairs
                    .iter()
                    .any(|[a, b]| ids.contains(a) && ids.contains(b))
            })
            .count()
    };
    let mut tiers = [0; 4];
    for item in items {
        // A tier is 1 to 4 (the store refuses others).
        if let Some(count) = tiers.get_mut(usize::from(item.source.tier).wrapping_sub(1)) {
            *count += 1;
        }
    }
    let support = judged.support;
    QualityInputs {
        sentences,
        cited_sentences,
        claims: claims.len(),
        cited_claims: judged.cited_claims,
        hosts: items.iter().filter_map(|r| host(r.url)).collect(),
        publishers: items.iter().map(|r| r.publisher().to_owned()).collect(),
        tiers,
        items: items.len(),
        disagreeing_claims,
        citations_checked: support.citations_checked,
        flagged_claims: support.flagged_claims,
        verdicts: support.verdicts,
        unsupported: support.unsupported,
        checkers: support.checkers.clone(),
    }
}

/// The pairs of cited items the store declares disagree (an item's
/// `contradicts` naming another cited item, as `conflicting-evidence`
/// reads it, whatever that rule's level); the disagreement rate counts
/// them and the pairs whose passages were found to disagree.
pub(crate) fn disagreeing_pairs<'s>(items: &[Resolved<'s>]) -> Vec<[&'s str; 2]> {
    let mut pairs = Vec::new();
    for a in items {
        for other in &a.item.contradicts {
            if let Some(b) = items
                .iter()
                .find(|b| b.id == other.as_str() && b.id != a.id)
            {
                pairs.push([a.id, b.id]);
            }
        }
    }
    pairs
}

/// One metric of a chapter or a book.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Figure {
    /// The value, rounded to three decimals; `None` when nothing is
    /// measured.
    pub value: Option<f64>,
    /// The target, as the reports write it (`> 80%`).
    pub target: String,
    /// Whether the value meets it.
    pub(crate) meets: Option<bool>,
}

/// The five metrics.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Figures {
    /// Sentences with a resolving citation, over all sentences.
    pub(crate) coverage: Figure,
    /// Citations not found unsupported, over those with a current support
    /// verdict (a model's or a person's); nothing without verdicts.
    pub(crate) accuracy: Figure,
    /// The lexical screen: citations of a passage not flagged by
    /// `claim-not-in-evidence`, over those checked. Word overlap is no
    /// measure of accuracy (on the developers' half of the real reports
    /// it says 97.3% where 69% of the citations are supported), so it
    /// has no target and is never reported as accuracy.
    pub(crate) lexical_screen: Option<f64>,
    /// Distinct domains of the cited items.
    pub diversity: Figure,
    /// Mean tier authority of the distinct items cited.
    pub(crate) authority: Figure,
    /// Claims citing items that disagree, over all claims.
    pub(crate) disagreement: Figure,
}

/// The metrics of `inputs` against `targets`.
pub(crate) fn figures(inputs: &QualityInputs, targets: &QualityTargets) -> Figures {
    let share = |part: usize, whole: usize| (whole > 0).then(|| round(part as f64 / whole as f64));
    let coverage = share(inputs.cited_sentences, inputs.sentences);
    let supported = inputs.verdicts - inputs.unsupported.min(inputs.verdicts);
    let accuracy = share(supported, inputs.verdicts);
    let checked = inputs.citations_checked;
    let lexical_screen = share(checked - inputs.flagged_claims.min(checked), checked);
    let weights = targets.tier_authority.by_tier();
    let authority = (inputs.items > 0).then(|| {
        let sum: f64 = inputs
            .tiers
            .iter()
            .zip(weights)
            .map(|(&n, w)| n as f64 * w)
            .sum();
        round(sum / inputs.items as f64)
    });
    let domains = (inputs.items > 0).then_some(inputs.hosts.len() as f64);
    let disagreement = share(inputs.disagreeing_claims, inputs.claims);
    let above = |value: Option<f64>, target: f64| value.map(|v| v > target);
    Figures {
        coverage: Figure {
            value: coverage,
            target: format!("> {}", percent(targets.coverage)),
            meets: above(coverage, targets.coverage),
        },
        accuracy: Figure {
            value: accuracy,
            target: format!("> {}", percent(targets.accuracy)),
            meets: above(accuracy, targets.accuracy),
        },
        lexical_screen,
        diversity: Figure {
            value: domains,
            target: format!("> {}", targets.domains),
            meets: above(domains, targets.domains as f64),
        },
        authority: Figure {
            value: authority,
            target: format!("> {}", targets.authority),
            meets: above(authority, targets.authority),
        },
        disagreement: Figure {
            value: disagreement,
            target: format!("< {}", percent(targets.disagreement)),
            meets: disagreement.map(|v| v < targets.disagreement),
        },
    }
}

/// The target rules a chapter with `inputs` violates under `config`, each
/// with its message. A chapter with fewer than `min-claims` claims is not
/// judged (each rule's check says so): there one miss decides a figure,
/// and the rule that found the miss (`ungrounded-claim`,
/// `claim-not-in-evidence`, `conflicting-evidence`) has already said so.
pub fn target_violations(inputs: &QualityInputs, config: &Config) -> Vec<(Rule, String)> {
    let figures = figures(inputs, &config.quality);
    let checks: [(Rule, Option<String>); 5] = [
        (
            low_citation_coverage::META.rule,
            low_citation_coverage::check(
                inputs,
                &figures,
                &low_citation_coverage::Options::of(config),
            ),
        ),
        (
            low_citation_accuracy::META.rule,
            low_citation_accuracy::check(
                inputs,
                &figures,
                &low_citation_accuracy::Options::of(config),
            ),
        ),
        (
            low_source_diversity::META.rule,
            low_source_diversity::check(
                inputs,
                &figures,
                &low_source_diversity::Options::of(config),
            ),
        ),
        (
            low_source_authority::META.rule,
            low_source_authority::check(
                inputs,
                &figures,
                &low_source_authority::Options::of(config),
            ),
        ),
        (
            high_disagreement_rate::META.rule,
            high_disagreement_rate::check(
                inputs,
                &figures,
                &high_disagreement_rate::Options::of(config),
            ),
        ),
    ];
    checks
        .into_iter()
        .filter_map(|(rule, message)| Some((rule, message?)))
        .collect()
}

/// The diversity rules a chapter violates under `config`, given the
/// distinct items it cites in order of first citation (each rule judges
/// only a chapter citing at least `min-items`): each rule's check is in its
/// file under `quality/`, called in this order.
pub(crate) fn diversity_violations<'s>(
    items: &[Resolved<'s>],
    config: &Config,
) -> Vec<diversity::Violation<'s>> {
    let stats = diversity::stats(items);
    let checks = [
        publisher_dominance::check(items, &stats, &publisher_dominance::Options::of(config)),
        low_credibility_mix::check(items, &stats, &low_credibility_mix::Options::of(config)),
        monitor_only_share::check(items, &stats, &monitor_only_share::Options::of(config)),
    ];
    checks.into_iter().flatten().collect()
}

/// A share (0 to 1) as a percentage, to a tenth at most: `80%`, `90.9%`.
pub fn percent(share: f64) -> String {
    let tenths = (share * 1000.0).round() / 10.0;
    if tenths.fract() == 0.0 {
        format!("{tenths:.0}%")
    } else {
        format!("{tenths:.1}%")
    }
}

/// `n` things: `1 item`, `3 items`.
pub fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

/// `value` to three decimals, so reports compare as text.
fn round(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
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

    #[test]
    fn percentages_keep_a_tenth_and_targets_are_strict() {
        assert_eq!(percent(0.8), "80%");
        assert_eq!(percent(0.909), "90.9%");
        assert_eq!(percent(1.0 / 3.0), "33.3%");
        let targets = QualityTargets::default();
        let inputs = QualityInputs {
            sentences: 5,
            cited_sentences: 4,
            claims: 5,
            disagreeing_claims: 1,
            ..QualityInputs::default()
        };
        let figures = figures(&inputs, &targets);
        // 80% is not above 80%, 20% is not below 20%.
        assert_eq!(figures.coverage.value, Some(0.8));
        assert_eq!(figures.coverage.meets, Some(false));
        assert_eq!(figures.disagreement.meets, Some(false));
        assert_eq!(figures.coverage.target, "> 80%");
        // Nothing cited: no diversity, authority or accuracy to measure.
        assert_eq!(figures.diversity.value, None);
        assert_eq!(figures.authority.meets, None);
        assert_eq!(figures.accuracy.value, None);
        // Citations checked by word overlap alone: a screen, no accuracy.
        let screened = QualityInputs {
            citations_checked: 4,
            flagged_claims: 1,
            ..inputs.clone()
        };
        let figures = crate::quality::figures(&screened, &targets);
        assert_eq!(figures.lexical_screen, Some(0.75));
        assert_eq!(
            (figures.accuracy.value, figures.accuracy.meets),
            (None, None)
        );
        // Five claims: below `min-claims`, no rule judges the chapter.
        let config = Config::from_value(serde_json::json!({"store": "s"})).unwrap();
        assert!(target_violations(&inputs, &config).is_empty());
    }
}
