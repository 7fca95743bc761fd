//! Confidence labels (`confidence-labels = true`): each grounded claim is
//! prefixed with a label computed from its citations.
//!
//! With P the number of distinct publishers a claim cites and T the best
//! (lowest) tier among its items:
//! - `[HIGH CONFIDENCE]`: P ≥ 2 and T = 1, or P ≥ 3 and T ≤ 2;
//! - `[MEDIUM CONFIDENCE]`: otherwise, T ≤ 2 or P ≥ 2;
//! - `[LOW CONFIDENCE]`: a single publisher of tier 3 or 4.

use crate::Resolved;

/// Every label, strongest first.
pub const LABELS: [&str; 3] = evidence_core::syntax::CONFIDENCE_LABELS;

/// The label of a claim citing `cited` (not empty).
pub(crate) fn label(cited: &[&Resolved<'_>]) -> &'static str {
    let p = crate::publisher_count(cited);
    let best = cited.iter().map(|r| r.source.tier).min().unwrap_or(u8::MAX);
    if (p >= 2 && best == 1) || (p >= 3 && best <= 2) {
        LABELS[0]
    } else if best <= 2 || p >= 2 {
        LABELS[1]
    } else {
        LABELS[2]
    }
}
