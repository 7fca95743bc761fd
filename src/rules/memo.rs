//! The analyses of evidence items that rules memoise: each read once per
//! build, on first use, whatever the number of chapters and claims citing
//! the item. They belong to the rules that read them, not to the evidence
//! model: the store holds what its files say, and the session that drives
//! a build makes one [`Analyses`] per store and hands it to the judge.

use super::Resolved;
use super::disagreement::ItemPassages;
use super::number_derive::PassageFigures;
use super::overlap::ItemWords;
use super::subject_not_in_evidence::ItemVocabulary;
use crate::store::Store;
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
    /// made for ([`Resolved::index`]).
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

    #[test]
    fn shared_across_threads() {
        fn sync<T: Sync + Send>() {}
        sync::<Analyses>();
    }
}
