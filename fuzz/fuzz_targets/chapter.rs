//! The chapter pipeline on arbitrary text: no panic, every byte outside the
//! rewritten spans kept, and a second run that changes nothing (the
//! invariants of `tests/common/invariants.rs`, shared with the property
//! tests). The first byte of the input picks the mode, the renderer and
//! whether the chapter has a citation list; the rest is the chapter.

#![no_main]

#[path = "../../tests/common/invariants.rs"]
#[allow(dead_code)]
mod invariants;

use libfuzzer_sys::fuzz_target;
use mdbook_evidence::preprocess::Setup;
use mdbook_evidence::render::Target;
use std::sync::OnceLock;

/// One setup per mode and renderer, built once.
fn setups() -> &'static [Setup] {
    static SETUPS: OnceLock<Vec<Setup>> = OnceLock::new();
    SETUPS.get_or_init(|| {
        ["fail", "downgrade", "warn"]
            .into_iter()
            .flat_map(|mode| [Target::Html, Target::Markdown].map(|t| invariants::setup(mode, t)))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let setups = setups();
    let setup = &setups[usize::from(selector) % setups.len()];
    let path = invariants::PATHS[usize::from(selector / 8) % invariants::PATHS.len()];
    invariants::check_any_chapter(setup, path, text);
});
