//! Output that does not depend on how it was computed: the number of
//! threads (a rayon pool in process, `RAYON_NUM_THREADS` for the binary)
//! and the order in which a store directory lists its files.

use super::*;
use crate::common::invariants::{self, IDS};
use evidence_render::Target;
use proptest::sample::select;
use std::path::Path;

fn process_in_pool(
    threads: usize,
    setup: &mdbook_evidence::session::Session,
    chapters: &[(String, String)],
) -> (Vec<String>, String) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let chapters: Vec<(&str, &str)> = chapters
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let (out, outcome) = pool.install(|| invariants::process(setup, &chapters));
    (out, format!("{:?}", outcome.report))
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn output_and_report_do_not_depend_on_the_thread_count(
        chapters in chapters(),
        mode in select(&["fail", "downgrade", "warn"][..]),
    ) {
        let setup = invariants::setup(mode, Target::Html);
        let one = process_in_pool(1, &setup, &chapters);
        let two = process_in_pool(2, &setup, &chapters);
        let four = process_in_pool(4, &setup, &chapters);
        prop_assert_eq!(&one, &two);
        prop_assert_eq!(&one, &four);
    }
}

/// One store file: items whose ids are drawn from a small set (so files
/// sometimes collide), and sometimes a citation list.
fn store_file() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(select(IDS), 0..4),
        prop::option::of(prop::collection::vec(select(IDS), 1..3)),
        any::<bool>(),
    )
        .prop_map(|(ids, list, source)| {
            let items: Vec<String> = ids
                .iter()
                .enumerate()
                .map(|(i, id)| {
                    // Every other item carries passages in non-ASCII
                    // typography, with spans into its content.
                    let passages = if i % 2 == 1 {
                        r#", "quote_span": {"text": "4.4\u00a0percent 日本", "start": 0, "end": 14}, "content": "4.4\u00a0percent 日本 \u3000", "cited_text": "3\u2009% e\u0301", "snippet_span": {"text": "\uff14 \u200f"}"#
                    } else {
                        ""
                    };
                    format!(
                        r#"{{"id": "{id}", "source_id": "fed", "url": "https://e.org/{id}", "title": "T {id}", "published_at": "2026-02-10T00:00:00Z"{passages}}}"#
                    )
                })
                .collect();
            let sources = if source {
                r#"[{"source_id": "fed", "publisher": "Fed", "tier": 1}]"#
            } else {
                "[]"
            };
            let chapters = match list {
                Some(list) => format!(r#"{{"numbered.md": {}}}"#, serde_json::to_string(&list).unwrap()),
                None => "{}".to_owned(),
            };
            format!(
                r#"{{"schema_version": "evidence.v1", "sources": {sources}, "evidence": [{}], "chapters": {chapters}}}"#,
                items.join(", ")
            )
        })
}

/// Loads the store directory `evidence` under `root` and processes the
/// chapters: the outputs and report, or the store error.
fn run_with_store_dir(
    root: &Path,
    chapters: &[(String, String)],
) -> Result<(Vec<String>, String), String> {
    let store =
        evidence_core::store::load(root, &["evidence".into()]).map_err(|e| e.to_string())?;
    let setup = invariants::setup_with_store("warn", Target::Html, "blocks", false, store);
    let chapters: Vec<(&str, &str)> = chapters
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let (out, outcome) = invariants::process(&setup, &chapters);
    Ok((out, format!("{:?}", outcome.report.diagnostics)))
}

proptest! {
    #![proptest_config(cases(48))]

    #[test]
    fn output_does_not_depend_on_the_order_a_store_directory_lists_its_files(
        (files, shuffled) in prop::collection::vec(store_file(), 1..5).prop_flat_map(|files| {
            let order: Vec<usize> = (0..files.len()).collect();
            (Just(files), Just(order).prop_shuffle())
        }),
        chapters in chapters(),
    ) {
        // The same files created in three orders (the order many file
        // systems list a directory in).
        let names: Vec<String> = (0..files.len()).map(|i| format!("s{i}.json")).collect();
        let results: Vec<_> = [(0..files.len()).collect::<Vec<_>>(), shuffled, (0..files.len()).rev().collect()]
            .into_iter()
            .map(|creation_order| {
                let dir = tempfile::tempdir().unwrap();
                std::fs::create_dir(dir.path().join("evidence")).unwrap();
                for i in creation_order {
                    std::fs::write(dir.path().join("evidence").join(&names[i]), &files[i]).unwrap();
                }
                run_with_store_dir(dir.path(), &chapters)
            })
            .collect();
        prop_assert_eq!(&results[0], &results[1]);
        prop_assert_eq!(&results[0], &results[2]);
    }
}

proptest! {
    #![proptest_config(cases(6))]

    #[test]
    fn the_binary_answers_the_same_on_one_thread_and_on_two(
        chapters in chapters(),
        mode in select(&["fail", "downgrade", "warn"][..]),
    ) {
        let chapters: Vec<(&str, &str)> = chapters
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect();
        let book = crate::common::TestBook::with_store(
            &format!("mode = \"{mode}\"\nas-of = \"2026-02-11\""),
            invariants::STORE,
            &chapters,
        );
        let stdin = book.stdin("html");
        let [one, two] = ["1", "2"].map(|threads| {
            assert_cmd::Command::new(crate::common::binary())
                .current_dir(book.root())
                .env("RAYON_NUM_THREADS", threads)
                .env("NO_COLOR", "1")
                .write_stdin(stdin.clone())
                .output()
                .unwrap()
        });
        prop_assert_eq!(one.status.code(), two.status.code());
        prop_assert_eq!(one.stdout, two.stdout);
        prop_assert_eq!(String::from_utf8_lossy(&one.stderr), String::from_utf8_lossy(&two.stderr));
    }
}
