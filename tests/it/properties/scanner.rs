//! The marker scanner on generated chapters: it finds the well-formed
//! spans and nothing else.

use super::*;
use evidence_core::markers;

proptest! {
    #![proptest_config(cases(512))]

    #[test]
    fn the_scanner_finds_well_formed_spans(text in chapter(), numbered in any::<bool>()) {
        let scan = markers::scan(&text, &options(numbered));
        let mut previous: Option<std::ops::Range<usize>> = None;
        for marker in &scan.markers {
            let span = &marker.span;
            // The markers of one written marker (`[1, 2]`, `[1-3]`) share
            // its bytes: each has its part, or (in a range) the same part.
            let shares = previous.as_ref().is_some_and(|p| p == span);
            let end = previous.as_ref().map_or(0, |p| p.end);
            prop_assert!(shares || span.start >= end, "overlapping or unordered markers: {:?}", scan.markers);
            prop_assert!(span.start < span.end && span.end <= text.len());
            let source = &text[span.clone()]; // panics off a char boundary
            prop_assert!(
                shares || span.start == end || source.starts_with(['[', '(', '<']),
                "marker source {source:?}"
            );
            if let Some(block) = marker.block {
                prop_assert!(block < scan.blocks.len());
            }
            previous = Some(span.clone());
        }
        for block in &scan.blocks {
            prop_assert!(block.span.start <= block.span.end && block.span.end <= text.len());
            prop_assert!(text.is_char_boundary(block.span.start));
        }
        prop_assert!(text.is_char_boundary(scan.banner_offset));
        if let Some(references) = &scan.references {
            prop_assert!(references.start <= references.end && references.end <= text.len());
            let _ = &text[references.clone()];
        }
        // The scanner is a pure function of the text.
        prop_assert_eq!(markers::scan(&text, &options(numbered)), scan);
    }
}
