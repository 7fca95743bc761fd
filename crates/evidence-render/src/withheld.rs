//! What a team writes for itself stays out of the rendered chapter: the
//! reasons of its suppression comments and the importer's record
//! (with its hashes) are in the markdown source, not in the page's HTML
//! or what another renderer gets.
//!
//! A suppression comment keeps its word and rule ids, with a fixed reason
//! in place of the author's: taken out whole, it would no longer silence
//! its rules when the rendered chapter is read again, and a second run
//! would judge (in `remove` mode, take out) what the first kept. The
//! record (one line or several) is taken out whole: nothing but `import`
//! and the disclosure read it.

use crate::Edit;
use evidence_core::markers::Suppression;
use evidence_core::syntax::WITHHELD_REASON;

/// The edits that take the team's own notes out of the chapter `text`,
/// whose scan found `suppressions` (in order, free of overlaps).
pub fn withheld_edits(text: &str, suppressions: &[Suppression]) -> Vec<Edit> {
    let mut edits: Vec<Edit> = suppressions
        .iter()
        .filter_map(|s| without_reason(text, s))
        .collect();
    if let Some(record) = evidence_core::import_record::import_record_range(text) {
        edits.push(Edit {
            range: record,
            text: String::new(),
        });
    }
    edits
}

/// The comment of `s` with the reason withheld, when it gives one of its
/// own (or any other words after its rule ids).
fn without_reason(text: &str, s: &Suppression) -> Option<Edit> {
    let written = text.get(s.span.clone())?;
    let open = written.find("<!--")?;
    let close = written.rfind("-->")? + 3;
    if close < open + 7 {
        return None;
    }
    let body = written[open + 4..close - 3].trim();
    let word = body.split_whitespace().next()?;
    let mut comment = format!("<!-- {word}");
    for rule in &s.rules {
        comment.push(' ');
        comment.push_str(rule);
    }
    if s.reason.is_some() {
        comment.push_str(&format!(" reason=\"{WITHHELD_REASON}\""));
    }
    comment.push_str(" -->");
    if written[open..close] == comment {
        return None;
    }
    let start = s.span.start + open;
    Some(Edit {
        range: start..s.span.start + close,
        text: comment,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use evidence_core::markers::MarkdownFlags;

    fn edited(text: &str) -> String {
        let found = crate::syntax_tests::scan_with(text, MarkdownFlags::default(), false);
        let mut edits = withheld_edits(text, &found.suppressions);
        crate::splice(text, &mut edits)
    }

    #[test]
    fn reasons_and_the_record_stay_in_the_source() {
        let text = "# T\n\n<!-- evidence-disable-next-line ungrounded-claim reason=\"internal: the desk lawyer asked\" -->\nA claim here, unsupported.\n\nAnother line <!-- evidence-disable-line ungrounded-claim, numeric-claim reason=\"秘密 ✓\" -->\n\n```\n<!-- evidence-disable-next-line x reason=\"code stays\" -->\n```\n\n<!-- mdbook-evidence import of a.json: chapter sha256:ab, fragment f.json sha256:cd -->\n";
        let out = edited(text);
        assert!(!out.contains("lawyer") && !out.contains("秘密"), "{out}");
        assert!(!out.contains("sha256"), "{out}");
        assert!(out.contains("reason=\"code stays\""), "{out}");
        assert!(out.contains(
            "<!-- evidence-disable-next-line ungrounded-claim reason=\"given in the chapter's source\" -->\nA claim"
        ));
        assert!(out.contains(
            "Another line <!-- evidence-disable-line ungrounded-claim numeric-claim reason="
        ));
        assert_eq!(edited(&out), out);
    }

    #[test]
    fn a_record_on_several_lines_stays_in_the_source() {
        let text = "# 東京\n\nText\u{a0}[1].\n\n<!-- mdbook-evidence import of a.json:\nchapter sha256:ab,\nfragment f.json\nsha256:cd,\ndrafted by m\n(API)\non 2026-01-01 -->\n";
        let out = edited(text);
        assert_eq!(out, "# 東京\n\nText\u{a0}[1].\n\n");
        assert_eq!(edited(&out), out);
    }

    #[test]
    fn a_record_inside_a_code_block_is_code() {
        let text = "```\n<!-- mdbook-evidence import of a.json: chapter sha256:ab -->\n";
        assert_eq!(edited(text), text);
    }
}
