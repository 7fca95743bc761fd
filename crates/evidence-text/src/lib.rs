//! The text analysis mdbook-evidence's rules share: which blocks are
//! claims and how they split into sentences (`claims`,
//! `passage_sentences`), content words and stems (`content_words`,
//! `stems`, `overlap`, `passage_words`, `glued_words`), figures as people
//! write them (`number_parse`, `number_derive`), and the reading of two
//! passages that disagree (`disagreement`). Pure functions over text: no
//! rule, no I/O.

#![warn(missing_docs, unreachable_pub)]

pub mod claims;
pub mod content_words;
pub mod disagreement;
pub(crate) mod glued_words;
pub mod names;
pub mod number_derive;
pub mod number_parse;
pub mod overlap;
pub mod passage_sentences;
pub mod passage_window;
pub mod passage_words;
pub mod stems;
pub mod support_units;
