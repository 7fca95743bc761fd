//! The one lexical path normaliser: `.` and `..` taken out as written,
//! without reading the file system (no symbolic link is followed), for the
//! safe writer, the importer, book.toml's checks and the paths the report
//! prints.

use std::path::{Component, Path, PathBuf};

/// What a `..` does when no component is left before it to take out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParentAtStart {
    /// It goes: `../a` is `a`, `/..` is `/` (where the path is about to be
    /// made absolute, or already is).
    Dropped,
    /// It stays: `../a` is `../a`, so a relative path that leaves its base
    /// still says so (as a shell's `cd` reads it).
    Kept,
}

/// `path` without `.` components, and with each `..` taking out the
/// component before it; a `..` with none before it is [`ParentAtStart`].
pub fn lexical(path: &Path, leading: ParentAtStart) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() && leading == ParentAtStart::Kept {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::ParentAtStart::{Dropped, Kept};

    #[test]
    fn dots_go_and_parents_take_out_the_component_before() {
        for leading in [Dropped, Kept] {
            let cases = [
                ("a/./b/../c", "a/c"),
                ("./a/b/..", "a"),
                ("/r/x/../y", "/r/y"),
                // Non-ASCII components are components like any other.
                ("書/./章/../節\u{a0}1", "書/節\u{a0}1"),
                ("e\u{301}/\u{200f}x/../🙂", "e\u{301}/🙂"),
            ];
            for (path, expected) in cases {
                assert_eq!(lexical(Path::new(path), leading), Path::new(expected));
            }
        }
    }

    #[test]
    fn a_parent_with_nothing_before_it_is_dropped_or_kept() {
        assert_eq!(lexical(Path::new("../a"), Dropped), Path::new("a"));
        assert_eq!(lexical(Path::new("../a"), Kept), Path::new("../a"));
        assert_eq!(lexical(Path::new("a/../../b"), Kept), Path::new("../b"));
        assert_eq!(lexical(Path::new("a/../.."), Dropped), Path::new(""));
        assert_eq!(lexical(Path::new("/.."), Dropped), Path::new("/"));
        assert_eq!(lexical(Path::new("/../x"), Kept), Path::new("/../x"));
    }
}
