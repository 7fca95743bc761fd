//! Suppression comments: `<!-- evidence-disable-next-line RULE [RULE…]
//! reason="…" -->` silences the named rules for the block after it.

use super::Suppression;
use crate::syntax::SUPPRESSION_DIRECTIVE;
use std::ops::Range;

/// Parses an HTML block that is a suppression comment. The comment's range
/// covers the whole HTML block line(s).
pub(super) fn parse_suppression(html: &str, range: Range<usize>) -> Option<Suppression> {
    let body = html
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    let rest = body.strip_prefix(SUPPRESSION_DIRECTIVE)?;
    let (rules, reason) = match rest.find("reason=") {
        Some(at) => {
            let reason = rest[at + "reason=".len()..].trim();
            let reason = reason
                .strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .unwrap_or(reason);
            (
                &rest[..at],
                Some(reason.to_owned()).filter(|r| !r.trim().is_empty()),
            )
        }
        None => (rest, None),
    };
    Some(Suppression {
        span: range,
        rules: rules
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|r| !r.is_empty())
            .map(str::to_owned)
            .collect(),
        reason,
        target: None,
    })
}

/// Makes the block that starts at `block` the target of the comments just
/// before it that have none yet: the first block after a comment is the one
/// it silences.
pub(super) fn aim_pending(suppressions: &mut [Suppression], block: &Range<usize>) {
    for suppression in suppressions.iter_mut().rev() {
        if suppression.target.is_some() {
            break;
        }
        suppression.target = Some(block.clone());
    }
}
