//! Suppression comments, `<!-- evidence-… RULE [RULE…] reason="…" -->`:
//! `evidence-disable-next-line` (the block after it), `evidence-disable-line`
//! (the block whose line it ends), `evidence-disable` … `evidence-enable`
//! (a range) and `evidence-disable-file` (the chapter). Any other comment
//! word starting with `evidence-` is kept, to be reported.

use crate::markers::{Block, Suppression, SuppressionKind};
use crate::syntax::{
    SUPPRESS_END, SUPPRESS_FILE, SUPPRESS_LINE, SUPPRESS_PREFIX, SUPPRESS_START,
    SUPPRESSION_DIRECTIVE,
};
use std::ops::Range;

/// Parses an HTML comment (a whole HTML block line, or inline HTML when
/// `inline`) that is a suppression comment; `None` for any other HTML.
pub(super) fn parse_suppression(
    html: &str,
    range: Range<usize>,
    inline: bool,
) -> Option<Suppression> {
    let body = html
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    let word = body.split_whitespace().next()?;
    if !word.starts_with(SUPPRESS_PREFIX) {
        return None;
    }
    let kind = match word {
        SUPPRESSION_DIRECTIVE => SuppressionKind::NextLine,
        SUPPRESS_LINE => SuppressionKind::Line,
        SUPPRESS_START => SuppressionKind::Disable,
        SUPPRESS_END => SuppressionKind::Enable,
        SUPPRESS_FILE => SuppressionKind::File,
        other => SuppressionKind::Unknown(other.to_owned()),
    };
    let rest = &body[word.len()..];
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
        kind,
        inline,
        rules: rules
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|r| !r.is_empty())
            .map(str::to_owned)
            .collect(),
        reason,
        target: None,
    })
}

/// Makes the block that starts at `block` the target of the
/// `evidence-disable-next-line` comments just before it that have none yet:
/// the first block after a comment is the one it silences.
pub(super) fn aim_pending(suppressions: &mut [Suppression], block: &Range<usize>) {
    for suppression in suppressions.iter_mut().rev() {
        if suppression.kind != SuppressionKind::NextLine || suppression.inline {
            continue;
        }
        if suppression.target.is_some() {
            break;
        }
        suppression.target = Some(block.clone());
    }
}

/// Gives every comment but `evidence-disable-next-line` its target once the
/// chapter (`len` bytes, its `blocks` in order) is scanned. A comment that
/// cannot be applied keeps none.
pub(super) fn resolve(suppressions: &mut [Suppression], blocks: &[Block], len: usize) {
    let mut open: Vec<usize> = Vec::new();
    for at in 0..suppressions.len() {
        let s = &suppressions[at];
        let target = match (&s.kind, s.inline) {
            (SuppressionKind::NextLine, false) => continue,
            (SuppressionKind::Line, true) => holding_block(blocks, s.span.start),
            (SuppressionKind::Disable, false) => {
                open.push(at);
                None
            }
            (SuppressionKind::Enable, false) => {
                let end = s.span.start;
                let ended = !open.is_empty();
                for start in open.drain(..) {
                    let from = suppressions[start].span.end;
                    suppressions[start].target = Some(from..end);
                }
                ended.then(|| suppressions[at].span.clone())
            }
            (SuppressionKind::File, _) => Some(0..len),
            _ => None,
        };
        suppressions[at].target = target;
    }
}

/// The innermost block whose lines hold `at` (a list item inside a quote
/// before the quote's paragraph): its whole extent, markup included.
fn holding_block(blocks: &[Block], at: usize) -> Option<Range<usize>> {
    blocks
        .iter()
        .filter(|b| b.outer.start <= at && at < b.outer.end)
        .min_by_key(|b| b.outer.end - b.outer.start)
        .map(|b| b.outer.clone())
}
