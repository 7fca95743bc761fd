//! How heavy a rendered page is: `references-style` and `search-passages`.
//!
//! Every chapter's References repeat the metadata of each cited item and
//! the passage it cites, and mdBook copies every chapter into its print
//! page and its search index: what an entry carries is multiplied by the
//! size of the book three times over. These keys say what a reader gets.

use serde::Deserialize;

/// `references-style`: what each References entry carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ReferencesStyle {
    /// The reference line and, for full-text sources, the cited passage,
    /// shown under the entry and on the citation card.
    #[default]
    Full,
    /// The reference line only: no passage on the page or the card (the
    /// lightest page; a reader follows the link to the source).
    Compact,
}

/// How the References of a page are written (HTML).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PageOptions {
    /// What each entry carries.
    pub(crate) references_style: ReferencesStyle,
    /// Whether the passages are page text, found by mdBook's search (a
    /// `<blockquote>` under each entry), rather than an attribute of the
    /// entry that the stylesheet shows under it and the search skips.
    pub(crate) search_passages: bool,
}

impl PageOptions {
    /// Where the passage of a full-text source goes.
    pub fn passages(self) -> PassagePlace {
        match (self.references_style, self.search_passages) {
            (ReferencesStyle::Compact, _) => PassagePlace::Nowhere,
            (ReferencesStyle::Full, true) => PassagePlace::Text,
            (ReferencesStyle::Full, false) => PassagePlace::Attribute,
        }
    }
}

/// Where the cited passage of a full-text source goes in HTML.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassagePlace {
    /// In the entry's `{{passage}}` (the default template: `data-passage`),
    /// or quoted under the entry when the book's template does not use it.
    Attribute,
    /// Quoted under the entry (`<blockquote>`), as page text.
    Text,
    /// Not on the page.
    Nowhere,
}
