//! How `remove` mode takes a table row out. A row is one line of the
//! chapter, so its removal splices that line and nothing else: the table,
//! its header and the other rows stay as written.

use crate::plan::Replacement;
use evidence_core::config::Removal;
use evidence_core::markers::Block;

/// The edits that remove the table row `block`, a claim: with `removal =
/// "delete"`, its whole line, from the container markup before it (`> `,
/// a list item's indentation) to its line ending; else its content, from
/// its first `|` or cell to the end of the line, becomes `| <phrase> |`,
/// a row of one cell, which GFM pads with empty cells. Cells past the
/// table's columns (which GFM drops, markers included) go with it, so that
/// none of them moves into a column on the next run.
pub(in crate::plan) fn row_removal(
    text: &str,
    block: &Block,
    phrase: &'static str,
    removal: Removal,
) -> Vec<Replacement> {
    let outer = &block.outer;
    let end = outer.end.min(text.len());
    let content_end = text[..end]
        .trim_end_matches(['\n', '\r'])
        .len()
        .max(outer.start);
    if removal == Removal::Replace {
        return vec![
            Replacement {
                range: outer.start..outer.start,
                text: "| ",
            },
            Replacement {
                range: outer.start..content_end,
                text: phrase,
            },
            Replacement {
                range: content_end..content_end,
                text: " |",
            },
        ];
    }
    let start = text[..outer.start]
        .rfind(['\n', '\r'])
        .map_or(0, |at| at + 1);
    // With its line ending: a blank line left would end the table.
    let rest = &text[content_end..];
    let ending = ["\r\n", "\n", "\r"]
        .iter()
        .find(|e| rest.starts_with(**e))
        .map_or(0, |e| e.len());
    vec![Replacement {
        range: start..content_end + ending,
        text: "",
    }]
}
