//! The last phase: the severity each finding is printed with, and what the
//! build does with the chapter.

use crate::claims::removal_escalation;
use crate::judge::{Judged, Verdict};
use evidence_core::config::{Config, Escalate, Mode};
use evidence_core::rule::Level;
use evidence_core::rule::Severity;

/// What the build does with a chapter, and whether it gets the banner.
pub(super) struct Outcome {
    /// Whether the chapter gets the Unverified Summary banner.
    pub downgrade: bool,
    /// The verdict.
    pub verdict: Verdict,
}

/// What the judged findings mean for the build.
pub(super) struct Facts {
    /// Findings at level `error`, escalation not counted.
    pub errors: usize,
    /// Whether `removal-escalation` was raised at level `error` (at
    /// `warn` it is reported and changes nothing).
    pub(crate) escalated: bool,
    /// Whether `remove` mode took anything out.
    pub(crate) removed_any: bool,
    /// Whether the chapter already carries the banner.
    pub(crate) has_banner: bool,
}

/// Sets each finding's severity as printed: errors stop the build only in
/// `fail` mode, or in `remove` mode when escalation fails the build (and
/// then only the errors removal did not fix); everything else is a
/// warning.
pub(super) fn set_printed_severities(findings: &mut [Judged], escalated: bool, config: &Config) {
    let escalate = removal_escalation::Options::of(config).escalate;
    let escalate_fails = escalated && escalate == Escalate::Fail;
    for judged in findings {
        judged.severity = match config.mode {
            Mode::Fail => judged.severity,
            Mode::Warn | Mode::Downgrade => Severity::Warning,
            Mode::Remove if judged.removed => Severity::Warning,
            Mode::Remove if judged.level == Level::Error && escalate_fails => Severity::Error,
            Mode::Remove => Severity::Warning,
        };
    }
}

/// The chapter's outcome under the build's mode.
pub(super) fn outcome(facts: &Facts, config: &Config) -> Outcome {
    let Facts {
        errors,
        escalated,
        removed_any,
        has_banner,
    } = *facts;
    let escalate = removal_escalation::Options::of(config).escalate;
    let escalate_fails = escalated && escalate == Escalate::Fail;
    let downgrade = !has_banner
        && ((config.mode == Mode::Downgrade && errors > 0)
            || (escalated && escalate == Escalate::Downgrade));
    let verdict = if (config.mode == Mode::Fail && errors > 0) || escalate_fails {
        Verdict::Failed
    } else if downgrade || (has_banner && errors > 0 && config.mode == Mode::Downgrade) {
        Verdict::Downgraded
    } else if removed_any {
        Verdict::RemovedClaims
    } else {
        Verdict::Published
    };
    Outcome { downgrade, verdict }
}
