//! The text analysis mdbook-evidence's rules share: which blocks are
//! claims and how they split into sentences (`claims`,
//! `passage_sentences`), the sentence each citation supports
//! (`support_units`), content words and stems (`content_words`, `stems`,
//! `overlap`, `passage_words`, `glued_words`), the window of a fetched
//! page that holds a claim (`passage_window`), figures as people write
//! them (`number_parse`, `number_derive`, `number_forms`), the reading of
//! two passages that disagree (`disagreement`), and names: the runs of
//! capitalised words a text names and the words that tell them apart
//! (`names`). Pure functions over text: no rule, no I/O.

#![warn(missing_docs, unreachable_pub)]

pub mod claims;
pub mod content_words;
pub mod disagreement;
pub(crate) mod glued_words;
pub mod names;
pub mod number_derive;
pub mod number_forms;
pub mod number_parse;
pub mod overlap;
pub mod passage_sentences;
pub mod passage_window;
pub mod passage_words;
pub mod stems;
pub mod support_units;
