//! `numeric-claim` judges each figure with the citations of its own
//! sentence (issue 44, item 7): a paragraph whose first sentence cites a
//! tier-1 item and whose second cites a blog is not "two publishers" for
//! the blog's figure. Run through the binary as mdBook feeds it, with
//! non-ASCII text around the figures.

use crate::common::{Run, TestBook};

/// A tier-1 statistics office and two blogs of different publishers, each
/// passage holding the figures the chapters state.
const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "ine", "publisher": "Instituto Nacional de Estadística", "tier": 1},
    {"source_id": "blog_a", "publisher": "Blog Ä", "tier": 3},
    {"source_id": "blog_b", "publisher": "ブログ B", "tier": 3}
  ],
  "evidence": [
    {"id": "ine_ipc", "source_id": "ine", "url": "https://www.ine.es/ipc", "title": "IPC",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Los precios en Zaragoza subieron un 4,4% y el índice 2.9% en enero; 東京 3.1%."}},
    {"id": "blog_a1", "source_id": "blog_a", "url": "https://blog-a.example/p", "title": "Post",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Rents in Zaragoza rose 7.5% and the café’s prices 12% 🎉 this year."}},
    {"id": "blog_b1", "source_id": "blog_b", "url": "https://blog-b.example/p", "title": "投稿",
     "published_at": "2026-02-10T09:00:00Z",
     "quote_span": {"text": "Rents in Zaragoza rose 7.5% and the café’s prices 12% 🎉 this year."}}
  ]
}"#;

fn run(chapter: &str) -> Run {
    TestBook::with_store("as-of = \"2026-02-12\"\n", STORE, &[("brief.md", chapter)]).run("html")
}

/// The `numeric-claim` diagnostics of a run's stderr.
fn numeric(run: &Run) -> Vec<&str> {
    run.stderr
        .lines()
        .filter(|l| l.contains("[numeric-claim]"))
        .collect()
}

#[test]
fn a_blog_figure_beside_an_official_sentence_is_still_a_blog_figure() {
    let chapter = "# Précios\n\n\
Según el INE, el índice subió 2.9% en enero [EVID:ine_ipc]. \
Rents in Zaragoza\u{a0}rose 7.5% and the café’s prices 12% 🎉 [EVID:blog_a1].\n";
    let out = run(chapter);
    let found = numeric(&out);
    assert_eq!(found.len(), 1, "{}", out.stderr);
    assert!(found[0].contains("`7.5%`"), "{}", found[0]);
    assert!(found[0].contains("its sentence cites"), "{}", found[0]);
    assert_eq!(out.code, 1, "numeric-claim is an error by default");
}

#[test]
fn each_sentence_corroborated_on_its_own_passes() {
    for ok in [
        // Each sentence credible: a tier-1 item; two publishers.
        "# P\n\nEl índice subió 2.9% en enero [EVID:ine_ipc]. \
Rents in Zaragoza rose 7.5% this year [EVID:blog_a1][EVID:blog_b1].\n",
        // The blog sentence states no figure.
        "# P\n\nEl índice subió 2.9% en enero [EVID:ine_ipc]. \
The café\u{301} owners were unhappy, said the blog 🎉 [EVID:blog_a1].\n",
        // A sentence without a marker of its own rests on the claim's.
        "# P\n\nIn 東京 prices rose 3.1%\u{3000}again. \
The office said so [EVID:ine_ipc].\n",
        // One sentence citing both: corroborated as before.
        "# P\n\n- Rents rose 7.5% and prices 2.9% \u{200f}in enero [EVID:blog_a1][EVID:ine_ipc]\n",
    ] {
        let out = run(ok);
        assert!(numeric(&out).is_empty(), "{ok}: {}", out.stderr);
        assert_eq!(out.code, 0, "{ok}: {}", out.stderr);
    }
}

#[test]
fn a_claim_of_blogs_alone_is_reported_as_before() {
    let out = run("# P\n\n- Rents in Zaragoza rose ７.５%, or 7.5% [EVID:blog_a1]\n");
    let found = numeric(&out);
    assert_eq!(found.len(), 1, "{}", out.stderr);
    assert!(found[0].contains("but cites neither"), "{}", found[0]);
}
