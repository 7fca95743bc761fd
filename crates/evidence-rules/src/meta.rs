//! What a rule file declares about its rule (its `META`): the
//! [`RuleMeta`] type and the [`guide_page!`] macro; and the [`Violation`]
//! a marker-resolution check (`markers/`, `sources/`) returns. It is kept
//! apart from the registry, which lists every rule's `META`, so that a rule
//! file's import does not lead back to the list of all rules.

use evidence_core::rule::Rule;
use std::ops::Range;

/// What one rule says about itself; each rule's file holds its `META`.
pub(crate) struct RuleMeta {
    /// The rule's id.
    pub(crate) rule: Rule,
    /// One line telling the author how to fix a violation.
    pub(crate) help: &'static str,
    /// What a violation is, in full, one line per element (SARIF's
    /// `fullDescription` joins them).
    pub(crate) doc: &'static [&'static str],
    /// The rule's page of the guide, in markdown, built into the binary.
    pub(crate) guide_page: &'static str,
    /// The book.toml keys (of `[preprocessor.evidence]`) the rule reads,
    /// its `Options` (a table's key dotted: `quality.coverage`); empty for
    /// none. A test checks each is a key the config accepts and that the
    /// guide page names it (read only by that test).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) options: &'static [&'static str],
    /// What the terminal shows of a violation besides its message, if the
    /// rule says more there.
    pub(crate) terminal: Option<Terminal>,
    /// The file that holds the rule (`file!()`), which a test checks is
    /// named after the rule's id (read only by that test).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) file: &'static str,
}

/// What the terminal (`check`, the build's log) shows of a rule's
/// violation besides its message: the page's marks and the machine formats
/// repeat the message only.
pub(crate) struct Terminal {
    /// The words under the violation's span (`this claim needs evidence`).
    pub(crate) label: &'static str,
    /// More help for the violation with this message at this span of the
    /// chapter's source, where its text calls for it.
    pub(crate) help: fn(chapter: &str, span: Range<usize>, message: &str) -> Option<&'static str>,
}

/// The rule's guide page (`guide/src/rules/<id>.md`), built into the binary.
macro_rules! guide_page {
    ($id:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../guide/src/rules/",
            $id,
            ".md"
        ))
    };
}
pub(crate) use guide_page;

/// A rule an item violates, and the message: what each check of
/// `resolution` (in its rule's file) returns.
pub(crate) type Violation = (Rule, String);
