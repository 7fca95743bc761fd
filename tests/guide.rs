//! The guide (`guide/`) is an mdBook: it builds, and every rule has its
//! page, which diagnostics and SARIF link to.

use std::path::Path;

#[test]
fn the_guide_builds_and_every_rule_has_a_page() {
    let guide = Path::new(env!("CARGO_MANIFEST_DIR")).join("guide");
    let out = tempfile::tempdir().expect("temp dir");
    let mut book = mdbook_driver::MDBook::load(&guide).expect("the guide loads");
    book.config.build.build_dir = out.path().to_owned();
    book.build().expect("the guide builds");
    for rule in mdbook_evidence::rules::Rule::ALL {
        let page = guide.join("src/rules").join(format!("{}.md", rule.id()));
        assert!(page.is_file(), "no guide page for rule `{}`", rule.id());
        let html = out.path().join("rules").join(format!("{}.html", rule.id()));
        assert!(html.is_file(), "{} not built", html.display());
    }
}
