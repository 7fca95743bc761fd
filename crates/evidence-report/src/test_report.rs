//! A report the renderers' tests share.

use crate::{Diagnostic, Location, Report, SourceFile};
use evidence_core::rule::{Rule, Severity};

/// A report of one error in `src/brief.md`, at 3:3: the ungrounded claim
/// `The Fed held rates.`
pub(crate) fn one_ungrounded_claim() -> Report {
    let text = "# T\n\n- The Fed held rates.\n";
    Report {
        files: vec![SourceFile::new("src/brief.md".into(), text.into())],
        diagnostics: vec![Diagnostic {
            rule: Rule::UngroundedClaim,
            severity: Severity::Error,
            message: "claim cites no evidence".into(),
            location: Location::Chapter {
                file: 0,
                span: 7..25,
                line: 3,
                column: 3,
            },
            claim: Some("The Fed held rates.".into()),
            evidence_ids: vec![],
            removed: false,
            included_by: None,
        }],
        ..Report::default()
    }
}
