//! The chapter pipeline on arbitrary text: no panic, every byte outside the
//! rewritten spans kept, and a second run that changes nothing (the
//! invariants of `tests/it/common/invariants.rs`, shared with the property
//! tests). The first byte of the input picks the mode (`remove` included,
//! where only no-panic and idempotence are checked), the renderer and
//! whether the chapter has a citation list; the second the claim unit and
//! confidence labels; the rest is the chapter. The store's items carry
//! passages in non-ASCII typography, so every rule that reads one runs.

#![no_main]

#[path = "../../tests/it/common/invariants.rs"]
#[allow(dead_code)]
mod invariants;

use libfuzzer_sys::fuzz_target;
use mdbook_evidence::session::Session;
use evidence_render::Target;
use std::sync::OnceLock;

const MODES: [&str; 4] = ["fail", "downgrade", "warn", "remove"];
const UNITS: [&str; 3] = ["blocks", "bullets", "sentences"];

/// One session per mode, renderer, claim unit and labels setting, built once;
/// index `((mode * 2 + target) * 3 + unit) * 2 + labels`.
fn setups() -> &'static [Session] {
    static SETUPS: OnceLock<Vec<Session>> = OnceLock::new();
    SETUPS.get_or_init(|| {
        let mut out = Vec::new();
        for mode in MODES {
            for target in [Target::Html, Target::Markdown] {
                for unit in UNITS {
                    for labels in [false, true] {
                        out.push(invariants::setup_with(mode, target, unit, labels));
                    }
                }
            }
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let [first, second, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (first, second) = (usize::from(*first), usize::from(*second));
    let mode_target = first % (MODES.len() * 2);
    let path = invariants::PATHS[(first / 8) % invariants::PATHS.len()];
    let unit_labels = second % (UNITS.len() * 2);
    let setup = &setups()[mode_target * UNITS.len() * 2 + unit_labels];
    invariants::check_any_chapter(setup, path, text);
});
