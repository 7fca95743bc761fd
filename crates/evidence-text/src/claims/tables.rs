//! Table rows as claims. A table's body row is one claim unit, whatever
//! `claims` says (a row is neither split into sentences nor exempt by
//! `claims = "bullets"`):
//! - a row that holds a marker is a claim: its markers resolve as any
//!   claim's, and its figures are checked against its passages;
//! - in a table that cites (some row holds a marker, or a header cell
//!   other than the first names a column of sources: `Source`,
//!   `Evidence`, …), a row that holds a figure and no marker is a claim,
//!   and so `ungrounded-claim`;
//! - other rows are not claims: rows of labels and words (no figure, no
//!   marker), and every row of a table that does not cite (a table of
//!   options or of reference data states nothing the author took from a
//!   source, as before rows were claims).
//!
//! The header row is no block at all (the scanner keeps it apart), nor is
//! a row in a footnote definition or the References section. The
//! claim-length, lead-in and question exemptions of paragraphs do not
//! apply: a row is short by nature (`| Unemployment | 4.4% |`). A row
//! labelled `[SPECULATION]`, or one with a cell that opens with an
//! abstain phrase, is not a claim.

use crate::claims::NotAClaim;
use crate::number_parse::first_figure;
use evidence_core::markers::{Block, TableRow};
use evidence_core::syntax::{ABSTAIN_PHRASES, CELL_SEPARATOR, SPECULATION_LABEL, is_banner};

/// Why a table row is not a claim, or `None` when it is one (see the
/// module's comment).
pub(super) fn classify_row(block: &Block, row: &TableRow) -> Option<NotAClaim> {
    let text = block.text.trim();
    if is_banner(text) {
        return Some(NotAClaim::Banner);
    }
    // Labels count where the reader sees them as prose.
    let prose = block.prose();
    let prose = prose.trim();
    if prose.contains(SPECULATION_LABEL) {
        return Some(NotAClaim::Speculation);
    }
    let abstains = prose.split(CELL_SEPARATOR).any(|cell| {
        let cell = cell.trim_start();
        ABSTAIN_PHRASES
            .iter()
            .any(|phrase| cell.starts_with(phrase))
    });
    if abstains {
        return Some(NotAClaim::Abstain);
    }
    if row.cites {
        return None;
    }
    if !row.table_cites && !row.source_column {
        return Some(NotAClaim::UncitedTable);
    }
    if !holds_figure(text) {
        return Some(NotAClaim::Label);
    }
    None
}

/// Whether a row's text holds a figure ([`first_figure`]; full-width
/// digits and signs, `４.４％`, common in CJK tables, and other scripts'
/// digits are read as their ASCII forms there).
fn holds_figure(text: &str) -> bool {
    first_figure(text).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::{ClaimUnit, claims, classify_block};
    use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};

    fn options() -> ScanOptions<'static> {
        ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: 3,
        }
    }

    /// Each block of `text` that is a table row: its text and why it is
    /// not a claim.
    fn rows(text: &str) -> Vec<(String, Option<NotAClaim>)> {
        let scan = scan(text, &options());
        scan.blocks
            .iter()
            .filter(|b| b.row.is_some())
            .map(|b| (b.text.trim().to_owned(), classify_block(b, 3)))
            .collect()
    }

    const BRIEF: &str = "| Indicator | Value | Cite |\n|:---|---:|---|\n\
        | Cut odds by June | 95% | [EVID:ev_reuters_0210] |\n\
        | Unemployment | 4.4% | |\n\
        | **Outlook** | *cautious* | |\n";

    #[test]
    fn cited_rows_and_figure_rows_of_a_citing_table_are_claims() {
        assert_eq!(
            rows(BRIEF),
            [
                ("Cut odds by June | 95%".to_owned(), None),
                ("Unemployment | 4.4%".to_owned(), None),
                ("Outlook | cautious".to_owned(), Some(NotAClaim::Label)),
            ]
        );
    }

    #[test]
    fn a_table_that_does_not_cite_holds_no_claim() {
        let text = "| Option | Default |\n|---|---|\n| `max-removed` | 3 |\n| claims | blocks |\n";
        assert_eq!(
            rows(text),
            [
                ("max-removed | 3".to_owned(), Some(NotAClaim::UncitedTable)),
                ("claims | blocks".to_owned(), Some(NotAClaim::UncitedTable)),
            ]
        );
        // A header naming a column of sources makes the table cite; one
        // naming what the rows are about (the first column) does not.
        let sourced =
            "| Indicator | Value | Source(s) |\n|---|---|---|\n| Unemployment | 4.4% | BLS |\n";
        assert_eq!(
            rows(sourced),
            [("Unemployment | 4.4% | BLS".to_owned(), None)]
        );
        let first = "| Source | Articles |\n|---|---|\n| Reuters | 12 |\n";
        assert_eq!(
            rows(first),
            [("Reuters | 12".to_owned(), Some(NotAClaim::UncitedTable))]
        );
    }

    #[test]
    fn full_width_figures_are_figures() {
        for (text, figure) in [
            ("失業率 | ４.４％", true),
            ("東京 | ９５％ 😀", true),
            ("GDP | ２０２５", false),
            ("見通し | 慎重", false),
            ("\u{200f}نسبة | 4.4%", true),
        ] {
            assert_eq!(holds_figure(text), figure, "{text}");
        }
    }

    #[test]
    fn labelled_and_abstaining_rows_are_not_claims() {
        let text = "| a | b | c |\n|---|---|---|\n\
            | Rates | 4% | [EVID:x] |\n\
            | [SPECULATION] Cuts | 3 by June | |\n\
            | CPI | [Data not yet available as of 2026-02-11] | |\n\
            | PPI | [Insufficient evidence to support this claim] |\n";
        let got: Vec<_> = rows(text).into_iter().map(|(_, why)| why).collect();
        assert_eq!(
            got,
            [
                None,
                Some(NotAClaim::Speculation),
                Some(NotAClaim::Abstain),
                Some(NotAClaim::Abstain)
            ]
        );
    }

    /// Non-ASCII cells, escaped pipes (in text and in inline code), a pipe
    /// in inline code (which GFM reads as a cell's end), fewer and more cells than the header, and
    /// tables in a list item and a quote: each row is one claim of every
    /// unit, its markers its own, and the header is none.
    #[test]
    fn every_row_is_one_claim_in_every_unit() {
        let text = "- Item text that states a claim [EVID:a].\n\n  \
            | 指標 [EVID:h] | 値 |\n  |---|---|\n  | 東京\u{200f} CPI | ９５％ 😀 [EVID:b] |\n  | x \\| y | 4.4% |\n\n\
            > | q | r | s |\n> |---|---|---|\n> | `a\\|b` c | 12 | [EVID:c] |\n> | `a|b` c | 12 |\n> | only one cell 7 |\n> | 1 | 2 | 3 | [EVID:d] |\n";
        let scan = scan(text, &options());
        for unit in [ClaimUnit::Blocks, ClaimUnit::Bullets, ClaimUnit::Sentences] {
            let got: Vec<(String, Vec<&str>)> = claims(&scan, unit, &[], 3)
                .into_iter()
                .map(|c| {
                    let markers = c
                        .markers
                        .iter()
                        .map(|&m| &text[scan.markers[m].span.clone()]);
                    (c.text, markers.collect())
                })
                .collect();
            assert_eq!(
                got,
                [
                    (
                        "Item text that states a claim .".to_owned(),
                        vec!["[EVID:a]"]
                    ),
                    ("東京\u{200f} CPI | ９５％ 😀".to_owned(), vec!["[EVID:b]"]),
                    ("x | y | 4.4%".to_owned(), vec![]),
                    ("a|b c | 12".to_owned(), vec!["[EVID:c]"]),
                    ("`a | b` c | 12".to_owned(), vec![]),
                    ("only one cell 7".to_owned(), vec![]),
                    ("1 | 2 | 3".to_owned(), vec![]),
                ],
                "{unit:?}"
            );
        }
        // The header's marker is in no block; the fourth cell of a row of
        // three is no cell (GFM drops it), and its marker no marker.
        let header = scan
            .markers
            .iter()
            .find(|m| text[m.span.clone()] == *"[EVID:h]");
        assert_eq!(header.map(|m| m.block), Some(None));
        assert!(
            !scan
                .markers
                .iter()
                .any(|m| text[m.span.clone()] == *"[EVID:d]")
        );
    }
}
