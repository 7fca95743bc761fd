//! The citation-card assets `install` copies into a book's theme
//! (`<theme>/evidence/evidence.css` and `evidence.js`), and what a copy in a
//! book is: this version's, an earlier version's as it was shipped (which
//! the build warns about and `install` updates), or edited by the book's
//! authors (kept, and never warned about).

use evidence_core::hex::lower_hex as hex;
use sha2::{Digest, Sha256};
use std::path::Path;

/// The card stylesheet, as shipped.
pub const CSS: &str = include_str!("../templates/evidence.css");
/// The card script, as shipped.
pub const JS: &str = include_str!("../templates/evidence.js");

/// Each asset: its file name and this version's content.
pub(crate) const ASSETS: [(&str, &str); 2] = [("evidence.css", CSS), ("evidence.js", JS)];

/// The SHA-256 of every earlier version of each asset that a release or a
/// commit of this repository shipped. When an asset changes, add the hash
/// of its previous content here (`git show HEAD:templates/evidence.css |
/// sha256sum`); `tests/it/install.rs` checks the list against the history.
const EARLIER: [(&str, &[&str]); 2] = [
    (
        "evidence.css",
        &[
            "0d4afde3b775358b39a7793211f36adfd3e89df9a19af0c90b6aca4b7f88e97e",
            "127f955d4831e2936635be4db6e1db43204f4e6ce61f4f8ed04474688ca20520",
            "3401769ce1d6f3bc2cd97cf682183403f34c4a13cc656f053b87ea16faea8b33",
            "3c6c25a54e3737b1d685708dc3b0079599be5802a917c2f2ae98855eb9aed652",
            "c7558c6bcd55549e54444d0d8a4a706a0c8d01fa533627559ba3dd594144050c",
            "de2d2a83affa6535a1f567716f6cea45a1539b4bd14cea2e66d1ff111f4b773a",
        ],
    ),
    (
        "evidence.js",
        &[
            "115a1ff2dba50df5027d76437540f5bce3eb0568d2fa4ec31c4eae46a92b8e6d",
            "12235eb05878162847c79ffe20ac502a9c2c496e320658b5cc39f65a0fa2128f",
            "2f2264358debeaa98308717ce033cc2916c5502a526fa1d94ea8727b533c67c8",
            "35d62b4a26da4f7875d2ab0aff71a925bb30d8d3bba26ea93a36789032b8a166",
            "5d702b00243d637cb3f0b87224058b2256c53a72c4cd6d4b327ec0b3b9624daf",
            "7d71b92c9ddc4018f1efd73468fa09f8b67deacbb4b99083a94fba32d355f902",
            "96b19c765d482e06335b44303df86893f1f686d1996f138ce8964b027d1cadf5",
            "ca891f362dc7154d29713be2bace2ea9ffa6f44a3927e35f0ca58e14abb93f9c",
        ],
    ),
];

/// What a book's copy of an asset is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Copy {
    /// This version's.
    Current,
    /// An earlier version's, unedited: safe to replace.
    Earlier,
    /// Neither: the book's authors edited it.
    Edited,
}

/// What `content`, a book's copy of the asset `name`, is.
pub(crate) fn copy_of(name: &str, content: &str) -> Copy {
    let current = ASSETS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c);
    if current == Some(content) {
        return Copy::Current;
    }
    let hash = hex(&Sha256::digest(content.as_bytes()));
    let earlier = EARLIER
        .iter()
        .find(|(n, _)| *n == name)
        .is_some_and(|(_, hashes)| hashes.contains(&hash.as_str()));
    if earlier { Copy::Earlier } else { Copy::Edited }
}

/// A warning for each asset in `dir` (the book's `<theme>/evidence/`) that
/// an earlier version installed and nobody edited since: its cards may not
/// match the pages this version writes.
pub(crate) fn outdated(dir: &Path, shown_as: &Path) -> Vec<String> {
    ASSETS
        .iter()
        .filter(|(name, _)| {
            evidence_core::limits::read_text(&dir.join(name), evidence_core::limits::Limit::file())
                .is_ok_and(|content| copy_of(name, &content) == Copy::Earlier)
        })
        .map(|(name, _)| {
            format!(
                "{} is an earlier version's: run `mdbook-evidence install` to update it",
                shown_as.join(name).display()
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_are_told_apart() {
        assert_eq!(copy_of("evidence.css", CSS), Copy::Current);
        assert_eq!(
            copy_of("evidence.css", &format!("{CSS}/* mine */")),
            Copy::Edited
        );
        assert_eq!(copy_of("evidence.js", ""), Copy::Edited);
        for (name, hashes) in EARLIER {
            let current = ASSETS.iter().find(|(n, _)| *n == name).unwrap().1;
            assert!(!hashes.contains(&hex(&Sha256::digest(current.as_bytes())).as_str()));
        }
    }
}
