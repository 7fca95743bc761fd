//! `MDBOOK_PREPROCESSOR__EVIDENCE__MODE=downgrade mdbook …` previews a
//! failing book downgraded: mdBook applies the override to the config it
//! hands the preprocessor. This file holds one test because it sets a
//! process-wide environment variable (each test file is its own process).

mod common;

use common::TestBook;

#[test]
fn the_mode_can_be_overridden_from_the_environment() {
    let book = TestBook::new(
        "",
        &[("bad.md", "# Bad\n\nThis claim cites no evidence at all.\n")],
    );
    assert!(book.build().is_err(), "fails by default");

    // SAFETY: this is the only test in this process.
    unsafe { std::env::set_var("MDBOOK_PREPROCESSOR__EVIDENCE__MODE", "downgrade") };
    book.build().expect("builds downgraded");
    assert!(book.html("bad.md").contains("Unverified Summary"));
}
