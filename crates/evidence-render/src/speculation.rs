//! `[SPECULATION]` as a label on the page. Where the reader sees the
//! bracketed word as prose (where it exempts the text from grounding),
//! the HTML renderer writes the label element
//! ([`evidence_core::syntax::SPECULATION_ELEMENT`]: a class a stylesheet styles,
//! its meaning in its title) in its place, so that a page shows the label
//! without a script. The scanner reads that element as the label, so a
//! second run judges the text as the first did and changes nothing. Other
//! renderers get the bracketed word as written.

use crate::Edit;
use evidence_core::markers::{Scan, is_escaped};
use evidence_core::syntax::{SPECULATION_ELEMENT, SPECULATION_LABEL};
use std::ops::Range;

/// Where the chapter `text`, whose scan is `scan`, holds a label the
/// reader sees as prose, written as such (`[SPECULATION]` with no escape
/// or markup inside it: anything else stays as written).
pub(super) fn labels(text: &str, scan: &Scan) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for block in scan.blocks.iter().filter(|b| !b.html) {
        let prose = block.prose();
        for (at, label) in prose.match_indices(SPECULATION_LABEL) {
            // From its `]`, which maps exactly when it is written as is:
            // its first character maps to where an element around it
            // opens (`*[SPECULATION]*` from the `*`).
            let last = at + label.len() - 1;
            if !block.maps_exactly(last) {
                continue;
            }
            let end = block.source_offset(last) + 1;
            let start = end.saturating_sub(label.len());
            // Its `[` escaped (`\[SPECULATION]`, which the reader sees as
            // the label) stays as written too: the element after the
            // backslash would be text, its `<` escaped.
            if start >= block.source_offset(at)
                && text.get(start..end) == Some(label)
                && !is_escaped(text, start)
            {
                out.push(start..end);
            }
        }
    }
    out.sort_by_key(|r| r.start);
    out.dedup();
    out
}

/// The edits that write the label element over each of `labels` that no
/// edit of `others` reaches into (a claim `remove` mode takes out takes
/// its label with it).
pub(super) fn label_edits(labels: &[Range<usize>], others: &[Edit]) -> Vec<Edit> {
    labels
        .iter()
        .filter(|label| {
            !others
                .iter()
                .any(|e| e.range.start < label.end && e.range.end > label.start)
        })
        .map(|label| Edit {
            range: label.clone(),
            text: SPECULATION_ELEMENT.to_owned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use evidence_core::markers::MarkdownFlags;

    fn rendered(text: &str) -> String {
        let found = crate::syntax_tests::scan_with(text, MarkdownFlags::default(), false);
        let mut edits = label_edits(&labels(text, &found), &[]);
        crate::splice(text, &mut edits)
    }

    #[test]
    fn labels_the_reader_sees_become_elements_once() {
        let text = "[SPECULATION] Rates may fall.\n\n- *[SPECULATION]* 物価が上がる\u{3000}かもしれない\n\n\
                    | a | b |\n|---|---|\n| [SPECULATION] Cuts | 3 |\n\n\
                    `[SPECULATION]` in code, <b>[SPECULATION]</b> in HTML, \\[SPECULATION\\] escaped, \\[SPECULATION] too.\n";
        let out = rendered(text);
        assert_eq!(out.matches(SPECULATION_ELEMENT).count(), 3, "{out}");
        assert!(out.contains("`[SPECULATION]` in code"), "{out}");
        assert!(out.contains("<b>[SPECULATION]</b>"), "{out}");
        assert!(out.contains("\\[SPECULATION\\] escaped"), "{out}");
        // An element after the backslash would be text, its `<` escaped.
        assert!(out.contains("\\[SPECULATION] too"), "{out}");
        assert_eq!(rendered(&out), out);
    }

    #[test]
    fn an_edit_reaching_into_a_label_keeps_it_as_written() {
        let labels = [4..17, 30..43];
        let before = Edit {
            range: 4..4,
            text: "x".into(),
        };
        let inside = Edit {
            range: 0..5,
            text: String::new(),
        };
        let after = Edit {
            range: 17..17,
            text: "y".into(),
        };
        assert_eq!(label_edits(&labels, &[before, after]).len(), 2);
        let kept = label_edits(&labels, &[inside]);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].range, 30..43);
    }
}
