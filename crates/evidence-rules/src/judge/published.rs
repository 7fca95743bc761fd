//! What the claim and passage rules read in `remove` mode: the claims as
//! the page will cite them. `remove` mode takes out of the claims it keeps
//! each marker that does not resolve at level `error`, and the next run
//! reads the page without it: the passage rules judge a sentence only when
//! every marker of it resolves, so there the sentence is judged against
//! the citations left, and `numeric-claim` cuts a claim into sentences by
//! the markers it holds. Judged here without those markers, a claim gets
//! the verdict the next run would give it, and a second run changes
//! nothing: judged with them, a claim whose other citation contradicts its
//! figure was kept by the first run and removed by the second.
//!
//! Which claims fail, and which markers go, is still decided on the
//! chapter's claims, markers and all.

use crate::Resolved;
use crate::claims::numeric_claim::BlockNumbers;
use crate::judge::evidence_findings::PassageInput;
use crate::judge::suppression::Suppressions;
use crate::judge::{FindingSubject, JudgeInput};
use evidence_core::config::{ClaimUnit, Config};
use evidence_core::finding::Finding;
use evidence_core::ids::MarkerId;
use evidence_core::markers::Scan;
use evidence_core::rule::Level;
use evidence_text::claims::Claim;
use evidence_text::support_units::{SupportUnit, support_units};
use std::borrow::Cow;
use std::collections::HashSet;

/// The markers `remove` mode takes out (unless the claim they stand in
/// goes): each marker that does not resolve whose finding (`findings`,
/// the marker phase's) is at level `error` and silenced by no suppression
/// comment, in document order; none unless `remove` (the mode is
/// `remove` and the chapter is checked).
pub(super) fn markers_taken_out(
    remove: bool,
    findings: &[(Finding, FindingSubject)],
    suppressions: &Suppressions,
    config: &Config,
) -> Vec<MarkerId> {
    if !remove {
        return Vec::new();
    }
    let mut errors: Vec<(Finding, FindingSubject)> = findings
        .iter()
        .filter(|(finding, subject)| {
            matches!(subject, FindingSubject::Marker(_))
                && config.level(finding.rule) == Level::Error
        })
        .cloned()
        .collect();
    suppressions.apply(&mut errors);
    let mut markers: Vec<MarkerId> = errors
        .into_iter()
        .filter_map(|(_, subject)| match subject {
            FindingSubject::Marker(m) => Some(m),
            _ => None,
        })
        .collect();
    markers.sort_unstable();
    markers
}

/// The claims and support units the rules judge: the chapter's,
/// or, when markers are taken out (`taken_out`, [`markers_taken_out`]),
/// the same claims without them and the units cut from those (a sentence
/// whose only marker goes is no unit; its figures go to the block's
/// other units, as on the next run).
pub(super) struct Published<'a> {
    /// The claims, with the ids of the chapter's.
    pub claims: Cow<'a, [Claim]>,
    /// Their support units.
    pub units: Cow<'a, [SupportUnit]>,
}

impl<'a> Published<'a> {
    /// The claims and units of a chapter (`claims`, `units`, cut by
    /// `unit`) without the markers of `taken_out`.
    pub(super) fn new(
        scan: &Scan,
        claims: &'a [Claim],
        units: &'a [SupportUnit],
        taken_out: &[MarkerId],
        unit: ClaimUnit,
    ) -> Self {
        if taken_out.is_empty() {
            return Published {
                claims: Cow::Borrowed(claims),
                units: Cow::Borrowed(units),
            };
        }
        let out: HashSet<usize> = taken_out.iter().map(|m| m.0).collect();
        let kept: Vec<Claim> = claims
            .iter()
            .map(|claim| {
                let mut claim = claim.clone();
                claim.markers.retain(|m| !out.contains(m));
                claim
            })
            .collect();
        let units = support_units(scan, &kept, unit);
        Published {
            claims: Cow::Owned(kept),
            units: Cow::Owned(units),
        }
    }

    /// The input of the passage rules: the chapter of `input` with these
    /// claims and units, `resolved` the resolution of each marker and
    /// `numbers` the numbers of each block.
    pub(super) fn passage_input<'p, 's>(
        &'p self,
        input: &JudgeInput<'p, 's>,
        resolved: &'p [Option<Resolved<'s>>],
        numbers: &'p BlockNumbers<'p>,
    ) -> PassageInput<'p, 's> {
        PassageInput {
            chapter: input.key,
            text: input.text,
            scan: input.scan,
            claims: &self.claims,
            units: &self.units,
            resolved,
            store: input.store,
            numbers,
            analyses: input.analyses,
        }
    }
}
