//! The analyses of evidence items that rules memoise: each read once per
//! build, on first use, whatever the number of chapters and claims citing
//! the item. They belong to the rules that read them, not to the evidence
//! model: the store holds what its files say, and the session that drives
//! a build makes one [`Analyses`] per store and hands it to the judge.

use crate::Resolved;
use evidence_core::store::Store;
use evidence_text::disagreement::ItemPassages;
use evidence_text::names::vocabulary::ItemVocabulary;
use evidence_text::number_derive::PassageFigures;
use evidence_text::overlap::ItemWords;
use std::sync::OnceLock;

/// One [`ItemMemo`] per item of a store, by the item's index in it.
/// `Sync`: chapters are judged in parallel and share it, so each item is
/// read once per build.
#[derive(Debug, Default)]
pub struct Analyses {
    per_item: Vec<ItemMemo>,
}

/// The analyses of one item, each made the first time a rule asks.
#[derive(Debug, Default)]
pub struct ItemMemo {
    /// The item's passages as content words (`claim-not-in-evidence`,
    /// `claim-partly-in-evidence`).
    pub(crate) words: OnceLock<ItemWords>,
    /// The figures of the item's passages (the number rules).
    pub(crate) figures: OnceLock<PassageFigures>,
    /// The words of the item's passages, title and publisher as
    /// `subject-not-in-evidence` reads them.
    pub(crate) vocabulary: OnceLock<ItemVocabulary>,
    /// The item's passages as the disagreement checks of
    /// `conflicting-evidence` read them.
    pub(crate) passages: OnceLock<ItemPassages>,
}

impl Analyses {
    /// Empty memos for every item of `store`.
    pub fn for_store(store: &Store) -> Analyses {
        Analyses {
            per_item: std::iter::repeat_with(ItemMemo::default)
                .take(store.len())
                .collect(),
        }
    }

    /// The memo of the item at `index` in the store these analyses were
    /// made for (`Resolved::index`).
    pub fn item(&self, index: usize) -> &ItemMemo {
        &self.per_item[index]
    }

    /// Empty memos for every item `resolved` names (for unit tests, which
    /// judge one chapter against a store they do not keep).
    #[cfg(test)]
    pub(crate) fn for_resolved(resolved: &[Option<Resolved<'_>>]) -> Analyses {
        let len = resolved.iter().flatten().map(|r| r.index + 1).max();
        Analyses {
            per_item: std::iter::repeat_with(ItemMemo::default)
                .take(len.unwrap_or(0))
                .collect(),
        }
    }

    /// The memo of the cited item `item`.
    pub(crate) fn of(&self, item: &Resolved<'_>) -> &ItemMemo {
        self.item(item.index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{JudgeInput, judge_chapter};
    use evidence_core::config::Config;
    use evidence_core::markers::{MarkdownFlags, ScanOptions, scan};
    use std::path::PathBuf;

    #[test]
    fn shared_across_threads() {
        fn sync<T: Sync + Send>() {}
        sync::<Analyses>();
    }

    /// Two chapters judged with one `Analyses` read the item they both
    /// cite once: the second finds the first one's analyses (here for a
    /// passage and chapter in CJK, with a no-break space and full-width
    /// digits, which the analyses read like any other text).
    #[test]
    fn chapters_of_a_build_share_each_item_analyses() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("s.json"),
            r#"{"schema_version":"evidence.v1",
            "sources":[{"source_id":"fed","publisher":"Federal Reserve","tier":1}],
            "evidence":[
              {"id":"other","source_id":"fed","url":"https://fed.gov/o","title":"O",
               "published_at":"2026-02-10T14:00:00Z"},
              {"id":"a","source_id":"fed","url":"https://fed.gov/a","title":"利率",
               "published_at":"2026-02-10T14:00:00Z",
               "cited_text":"委员会将利率维持在４.５%。 Rates\u00a0held at 4.5% in January."}]}"#,
        )
        .unwrap();
        let store = evidence_core::store::load(dir.path(), &[PathBuf::from("s.json")]).unwrap();
        let config =
            Config::from_value(serde_json::json!({"store": "s", "as-of": "2026-02-20T00:00:00Z"}))
                .unwrap();
        let analyses = Analyses::for_store(&store);
        let options = ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: config.claim_min_words,
        };
        let mut seen = Vec::new();
        for text in [
            "Rates held at 4.5% in January, the committee said [EVID:a].\n",
            "委员会将利率维持在４.５%，据称 [EVID:a]。\n",
        ] {
            let scan = scan(text, &options);
            let judgement = judge_chapter(&JudgeInput {
                key: "c.md",
                text,
                scan: &scan,
                store: &store,
                list: None,
                config: &config,
                checked: true,
                analyses: &analyses,
                source: &crate::NoSource,
            });
            let cited = judgement.resolved.iter().flatten().next().unwrap();
            assert_eq!((cited.id, cited.index), ("a", 1));
            let memo = analyses.item(cited.index);
            let words = memo.words.get().expect("the words were read");
            let figures = memo.figures.get().expect("the figures were read");
            seen.push((std::ptr::from_ref(words), std::ptr::from_ref(figures)));
        }
        assert_eq!(seen[0], seen[1], "read once, for both chapters");
        assert!(
            analyses.item(0).words.get().is_none(),
            "an uncited item is never read"
        );
    }
}
