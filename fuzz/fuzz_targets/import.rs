//! `import` on hostile answers. An input that starts with `{` is a whole
//! response (the recorded samples of `../shared/corpora/apis` are seeds
//! as they are); any other is an answer in one of the vendor shapes the
//! importer knows, picked by its first byte: the next eight bytes are four
//! offsets (little-endian `u16`, at and past the text's ends), the rest is
//! the answer's text (lossy UTF-8), cited at those offsets the way that
//! vendor cites.
//!
//! Invariants, on every answer that imports:
//! - no panic, and the same chapter and fragment on a second import;
//! - the fragment loads as a store;
//! - no directive is expanded: mdBook's own `links` preprocessor (rooted
//!   nowhere, so that only an absolute path could be read) and the crate's
//!   copy of it, made to read a file for every path, leave the chapter as
//!   they do when nothing can be read, and set no title; no
//!   `{{#evidence-index}}` placeholder is left;
//! - every marker the checker reads (with the citation list, under every
//!   setting of the markdown extensions) is a number of that list, and
//!   there are no more of them than the API's citations.

#![no_main]

#[path = "../../tests/it/common/import_fuzz.rs"]
mod import_fuzz;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    import_fuzz::check(data);
});
