//! The quality metrics of a report's chapters (the metrics themselves are
//! [`evidence_rules::quality_metrics`], which the page's table reads too).

use crate::ChapterSummary;
use evidence_core::config::QualityTargets;
use evidence_rules::quality_metrics::{Quality, quality};

/// The metrics of the checked chapters among `chapters` taken together
/// (one chapter, or the book).
pub(crate) fn of_chapters<'c>(
    chapters: impl IntoIterator<Item = &'c ChapterSummary>,
    targets: &QualityTargets,
) -> Quality {
    quality(
        chapters
            .into_iter()
            .filter(|c| c.checked)
            .map(|c| &c.quality),
        targets,
    )
}
