//! `mdbook-evidence install [BOOK_DIR]`: wires the preprocessor, the store
//! and the citation-card assets into a book's `book.toml`.
//!
//! `book.toml` is edited with `toml_edit`, so the user's comments, key order
//! and layout stay as they were; a key that is already set is left alone,
//! and a second run changes nothing.

use anyhow::{Context, bail};
use std::path::{Component, Path, PathBuf};
use toml_edit::{Array, DocumentMut, Item, Table, Value};

pub use crate::assets::{CSS, JS};
use crate::assets::{Copy, copy_of};

/// What [`install`] did and what the user should know.
#[derive(Debug, Default)]
pub struct Installed {
    /// Each change made, one line each (empty when nothing changed).
    pub changes: Vec<String>,
    /// Things left for the user to do or decide.
    pub notes: Vec<String>,
}

/// Installs mdbook-evidence into the book at `root`: `[preprocessor.evidence]`
/// (with `after = ["links"]` and `store = "evidence"` unless set),
/// `build.extra-watch-dirs` for the store's directories, and the card assets
/// copied into `<theme>/evidence/` and listed in `output.html.additional-css`
/// and `additional-js`. With `force`, assets that differ from this version's
/// are replaced; otherwise they are kept.
pub fn install(root: &Path, force: bool) -> anyhow::Result<Installed> {
    let toml_path = root.join("book.toml");
    let text = match evidence_core::limits::read_text(
        &toml_path,
        evidence_core::limits::Limit::file(),
    ) {
        Ok(text) => text,
        Err(e) if e.is_not_found() => bail!(
            "{} does not exist: pass the directory of a book (the one holding book.toml), or create the book with `mdbook init`",
            toml_path.display()
        ),
        Err(e) => bail!("cannot read {}: {}", toml_path.display(), e.reason()),
    };
    let mut doc: DocumentMut = text
        .parse()
        .with_context(|| format!("{} is not valid TOML", toml_path.display()))?;
    let mut done = Installed::default();
    let stores = add_preprocessor(&mut doc, &toml_path, &mut done)?;
    watch_store_dirs(&mut doc, root, &stores, &mut done)?;
    add_card_assets(&mut doc, root, force, &mut done)?;
    let out = doc.to_string();
    if out != text {
        write_whole(root, &toml_path, &out)?;
    }
    Ok(done)
}

/// `[preprocessor.evidence]` with `after = ["links"]` and a `store`;
/// returns the store paths.
fn add_preprocessor(
    doc: &mut DocumentMut,
    toml_path: &Path,
    done: &mut Installed,
) -> anyhow::Result<Vec<PathBuf>> {
    let evidence = table_at(doc.as_table_mut(), &["preprocessor", "evidence"])?;
    match evidence.get_mut("after") {
        None => {
            evidence.insert("after", toml_edit::value(Array::from_iter(["links"])));
            done.changes
                .push("set preprocessor.evidence.after = [\"links\"]".into());
        }
        Some(after) => {
            let array = after.as_array_mut().with_context(|| {
                format!("{}: preprocessor.evidence.after must be an array of preprocessor names, e.g. [\"links\"]", toml_path.display())
            })?;
            if push_missing(array, "links") {
                done.changes
                    .push("added \"links\" to preprocessor.evidence.after".into());
            }
        }
    }
    if !evidence.contains_key("store") {
        evidence.insert("store", toml_edit::value("evidence"));
        done.changes
            .push("set preprocessor.evidence.store = \"evidence\"".into());
    }
    store_paths(evidence.get("store")).with_context(|| {
        format!(
            "{}: preprocessor.evidence.store must be a path or an array of paths",
            toml_path.display()
        )
    })
}

/// `build.extra-watch-dirs`: the store's directories (created when
/// missing), so that `mdbook serve` rebuilds when the evidence changes.
fn watch_store_dirs(
    doc: &mut DocumentMut,
    root: &Path,
    stores: &[PathBuf],
    done: &mut Installed,
) -> anyhow::Result<()> {
    let src = doc
        .get("book")
        .and_then(|b| b.get("src"))
        .and_then(Item::as_str)
        .unwrap_or("src")
        .to_owned();
    let mut watch = Vec::new();
    for store in stores {
        let path = normalize(store);
        // A store path that does not exist yet names a file when its name
        // has an extension (`store.json`, `citations.jsonl`, `STORE.JSON`):
        // its directory is created, never a directory at the file's path.
        let is_file = root.join(&path).is_file()
            || (!root.join(&path).exists() && path.extension().is_some());
        let dir = if is_file {
            path.parent().map(Path::to_owned).unwrap_or_default()
        } else {
            path
        };
        if dir.as_os_str().is_empty() {
            done.notes.push(format!(
                "the store {} is in the book's root, which cannot be watched (the build directory is there too); move it into a directory such as evidence/ for `mdbook serve` to rebuild when it changes",
                store.display()
            ));
            continue;
        }
        if dir.starts_with(&src) {
            continue; // mdBook watches src/ already
        }
        if !root.join(&dir).exists() {
            evidence_core::safe_write::SafeWriter::new(root)?.create_dir_all(&root.join(&dir))?;
            done.changes.push(format!("created {}/", slash(&dir)));
            done.notes.push(format!(
                "put your evidence.v1 store files (*.json) in {}/",
                slash(&dir)
            ));
        }
        if !watch.contains(&dir) {
            watch.push(dir);
        }
    }
    if watch.is_empty() {
        return Ok(());
    }
    let build = table_at(doc.as_table_mut(), &["build"])?;
    let dirs = array_at(build, "extra-watch-dirs", "build")?;
    for dir in &watch {
        let already = dirs
            .iter()
            .filter_map(Value::as_str)
            .any(|d| normalize(Path::new(d)) == *dir);
        if !already && push_missing(dirs, &slash(dir)) {
            done.changes.push(format!(
                "added \"{}\" to build.extra-watch-dirs",
                slash(dir)
            ));
        }
    }
    Ok(())
}

/// The citation-card assets, copied into the theme and listed in
/// `output.html`, unless the book renders no HTML.
fn add_card_assets(
    doc: &mut DocumentMut,
    root: &Path,
    force: bool,
    done: &mut Installed,
) -> anyhow::Result<()> {
    let outputs = doc.get("output").and_then(Item::as_table_like);
    if outputs.is_some_and(|o| !o.is_empty() && o.get("html").is_none()) {
        done.notes.push(
            "the book has [output.*] tables but no [output.html], so it renders no HTML: the citation cards were not installed".into(),
        );
        return Ok(());
    }
    let html = table_at(doc.as_table_mut(), &["output", "html"])?;
    let theme = html
        .get("theme")
        .and_then(Item::as_str)
        .map_or_else(|| PathBuf::from("theme"), |t| normalize(Path::new(t)));
    let assets = theme.join(evidence_render::template::BOOK_TEMPLATE_DIR);
    for (key, name, content) in [
        ("additional-css", "evidence.css", CSS),
        ("additional-js", "evidence.js", JS),
    ] {
        let asset = assets.join(name);
        write_asset(root, &asset, content, force, done).with_context(|| {
            format!(
                "cannot copy the citation-card assets into `{}` under the theme directory `{}` (`output.html.theme` in book.toml, default \"theme\")",
                evidence_render::template::BOOK_TEMPLATE_DIR,
                slash(&theme)
            )
        })?;
        let list = array_at(html, key, "output.html")?;
        let already = list
            .iter()
            .filter_map(Value::as_str)
            .any(|a| normalize(Path::new(a)) == asset);
        if !already && push_missing(list, &slash(&asset)) {
            done.changes
                .push(format!("added \"{}\" to output.html.{key}", slash(&asset)));
        }
    }
    Ok(())
}

/// Writes an asset unless it is there already. An earlier version's copy,
/// as it was shipped, is updated; one the book's authors edited is kept
/// unless `force`.
fn write_asset(
    root: &Path,
    asset: &Path,
    content: &str,
    force: bool,
    done: &mut Installed,
) -> anyhow::Result<()> {
    let path = root.join(asset);
    let name = asset
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    match evidence_core::limits::read_text(&path, evidence_core::limits::Limit::file()) {
        Ok(existing) if existing == content => return Ok(()),
        Ok(existing) if copy_of(name, &existing) == Copy::Earlier => {
            write_whole(root, &path, content)?;
            done.changes
                .push(format!("updated {} from an earlier version", slash(asset)));
            return Ok(());
        }
        Ok(_) if !force => {
            done.notes.push(format!(
                "kept {}, which differs from this version's (run `mdbook-evidence install --force` to replace it)",
                slash(asset)
            ));
            return Ok(());
        }
        Ok(_) => {}
        // What is not a file (a FIFO, a directory, a device) or is too
        // large is never replaced, even with --force: it is not an asset
        // an earlier install wrote. Other failures (a path that cannot
        // hold a file) are the writer's to report.
        Err(
            e @ (evidence_core::limits::ReadError::NotAFile { .. }
            | evidence_core::limits::ReadError::TooLarge { .. }),
        ) => bail!("cannot install {}: {}", slash(asset), e.reason()),
        Err(_) => {}
    }
    write_whole(root, &path, content)?;
    done.changes.push(format!("wrote {}", slash(asset)));
    Ok(())
}

/// Writes a file of the book at `root` whole or not at all, with the one
/// safe writer (inside the book, never through a symlink).
fn write_whole(root: &Path, path: &Path, content: &str) -> anyhow::Result<()> {
    evidence_core::safe_write::SafeWriter::new(root)?.write(path, content.as_bytes())?;
    Ok(())
}

/// The table at `path` below `table`, created (implicit for the parents, so
/// that only `[a.b]` is written) when absent. Dotted keys and inline tables
/// are not tables to add keys to: they are reported.
fn table_at<'t>(mut table: &'t mut Table, path: &[&str]) -> anyhow::Result<&'t mut Table> {
    for (depth, key) in path.iter().enumerate() {
        let last = depth + 1 == path.len();
        let item = table.entry(key).or_insert_with(|| {
            let mut new = Table::new();
            new.set_implicit(!last);
            Item::Table(new)
        });
        table = match item {
            Item::Table(t) => t,
            _ => bail!(
                "book.toml: `{}` is not a table; write it as a [{}] table",
                path[..=depth].join("."),
                path[..=depth].join(".")
            ),
        };
    }
    Ok(table)
}

/// The array `key` of `table`, created empty when absent.
fn array_at<'t>(table: &'t mut Table, key: &str, parent: &str) -> anyhow::Result<&'t mut Array> {
    table
        .entry(key)
        .or_insert_with(|| toml_edit::value(Array::new()))
        .as_array_mut()
        .with_context(|| format!("book.toml: `{parent}.{key}` must be an array of paths"))
}

/// Appends `value` to `array` unless it holds it, in the array's own style:
/// one value a line stays so, and a comment after the last value stays with
/// it. Returns whether it was added.
fn push_missing(array: &mut Array, value: &str) -> bool {
    if array.iter().any(|v| v.as_str() == Some(value)) {
        return false;
    }
    let mut new = Value::from(value);
    let raw = |s: Option<&toml_edit::RawString>| {
        s.and_then(toml_edit::RawString::as_str)
            .unwrap_or("")
            .to_owned()
    };
    let single = array.len() == 1;
    if let Some(last) = array.len().checked_sub(1).and_then(|i| array.get_mut(i)) {
        let mut prefix = raw(last.decor().prefix());
        if single && !prefix.contains('\n') {
            // The first value's prefix is what follows `[`; after a comma
            // TOML is written with one space (`["a", "b"]`).
            prefix = " ".to_owned();
        }
        let suffix = raw(last.decor().suffix());
        let mut new_prefix = prefix.clone();
        if !suffix.contains('#') {
            // `"a"\n]` without a trailing comma: the line break moves on.
            last.decor_mut().set_suffix("");
            new.decor_mut().set_suffix(suffix);
        }
        let trailing = raw(Some(array.trailing()));
        if array.trailing_comma()
            && let Some(nl) = trailing.rfind('\n')
        {
            // What followed the last comma (a comment, the line break) now
            // follows the last value's comma still; the new value goes on a
            // line of its own, indented like the last.
            let indent = &prefix[prefix.rfind('\n').map_or(0, |i| i + 1)..];
            new_prefix = format!("{}{indent}", &trailing[..=nl]);
            array.set_trailing(format!("\n{}", &trailing[nl + 1..]));
        }
        new.decor_mut().set_prefix(new_prefix);
    }
    array.push_formatted(new);
    true
}

/// The `store` value as paths.
fn store_paths(item: Option<&Item>) -> Option<Vec<PathBuf>> {
    let value = item?.as_value()?;
    if let Some(path) = value.as_str() {
        return Some(vec![PathBuf::from(path)]);
    }
    value
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(PathBuf::from))
        .collect()
}

/// A relative path without `.` components or a trailing slash.
fn normalize(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

/// A path with `/` separators, as book.toml writes them.
fn slash(path: &Path) -> String {
    evidence_core::store::chapter_key(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(toml: &str) -> (String, Installed, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("book.toml"), toml).unwrap();
        let done = install(dir.path(), false).unwrap();
        let out = std::fs::read_to_string(dir.path().join("book.toml")).unwrap();
        (out, done, dir)
    }

    #[test]
    fn added_array_values_follow_the_arrays_spacing() {
        let (out, _, _dir) = run(
            "[book]\ntitle = \"T\"\n[output.html]\nadditional-js = [\"ferris.js\"]\nadditional-css = [ \"a.css\" ]\n[preprocessor.evidence]\nstore = \"ev/s.json\"\n",
        );
        assert!(
            out.contains("additional-js = [\"ferris.js\", \"theme/evidence/evidence.js\"]"),
            "{out}"
        );
        assert!(
            out.contains("additional-css = [ \"a.css\", \"theme/evidence/evidence.css\" ]"),
            "{out}"
        );
    }

    #[test]
    fn a_bare_book_gets_everything() {
        let (out, done, dir) = run("[book]\ntitle = \"T\"\n");
        assert_eq!(
            out,
            "[book]\ntitle = \"T\"\n\n[preprocessor.evidence]\nafter = [\"links\"]\nstore = \"evidence\"\n\n[build]\nextra-watch-dirs = [\"evidence\"]\n\n[output.html]\nadditional-css = [\"theme/evidence/evidence.css\"]\nadditional-js = [\"theme/evidence/evidence.js\"]\n"
        );
        assert!(dir.path().join("evidence").is_dir());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("theme/evidence/evidence.js")).unwrap(),
            JS
        );
        assert!(done.notes.iter().any(|n| n.contains("store files")));
    }

    #[test]
    fn existing_settings_and_multi_line_arrays_are_kept() {
        let toml = "[book]\nsrc = \"content\"\n\n[output.html]\ntheme = \"./my-theme\"\nadditional-css = [\n    \"custom.css\",\n]\n\n[preprocessor.evidence]\nafter = [\"links\", \"other\"]\nstore = [\"data/a.json\", \"content/b.json\"]\n";
        let (out, _, dir) = run(toml);
        assert!(
            out.contains(
                "additional-css = [\n    \"custom.css\",\n    \"my-theme/evidence/evidence.css\",\n]"
            ),
            "{out}"
        );
        assert!(out.contains("after = [\"links\", \"other\"]\n"), "{out}");
        assert!(out.contains("extra-watch-dirs = [\"data\"]"), "{out}");
        assert!(dir.path().join("my-theme/evidence/evidence.css").is_file());
    }

    #[test]
    fn a_store_in_the_root_is_not_watched_and_other_outputs_are_respected() {
        let (out, done, _) =
            run("[preprocessor.evidence]\nstore = \"store.json\"\n\n[output.markdown]\n");
        assert!(!out.contains("extra-watch-dirs"), "{out}");
        assert!(!out.contains("additional-css"), "{out}");
        assert_eq!(done.notes.len(), 2, "{:?}", done.notes);
    }

    #[test]
    fn values_join_arrays_in_their_style() {
        for (before, after) in [
            ("[]", "[\"x\"]"),
            ("[\"a\", \"b\"]", "[\"a\", \"b\", \"x\"]"),
            ("[ \"a\" ]", "[ \"a\", \"x\" ]"),
            ("[\n  \"a\"\n]", "[\n  \"a\",\n  \"x\"\n]"),
            (
                "[\n  \"a\", # c\n  # d\n]",
                "[\n  \"a\", # c\n  # d\n  \"x\",\n]",
            ),
        ] {
            let mut doc: DocumentMut = format!("k = {before}\n").parse().unwrap();
            push_missing(doc["k"].as_array_mut().unwrap(), "x");
            assert_eq!(doc.to_string(), format!("k = {after}\n"), "{before}");
            assert!(!push_missing(doc["k"].as_array_mut().unwrap(), "x"));
        }
    }

    #[test]
    fn bad_shapes_are_errors() {
        for toml in [
            "preprocessor = 3\n",
            "[preprocessor.evidence]\nafter = \"links\"\n",
            "[output.html]\nadditional-js = \"x.js\"\n",
            "not toml [",
        ] {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("book.toml"), toml).unwrap();
            let err = format!("{:#}", install(dir.path(), false).unwrap_err());
            assert!(err.contains("book.toml"), "{toml}: {err}");
            assert_eq!(
                std::fs::read_to_string(dir.path().join("book.toml")).unwrap(),
                toml
            );
        }
        let dir = tempfile::tempdir().unwrap();
        let err = install(dir.path(), false).unwrap_err().to_string();
        assert!(err.contains("mdbook init"), "{err}");
    }

    #[test]
    fn changed_assets_are_kept_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("book.toml"), "").unwrap();
        install(dir.path(), false).unwrap();
        let css = dir.path().join("theme/evidence/evidence.css");
        std::fs::write(&css, "/* mine */").unwrap();
        let done = install(dir.path(), false).unwrap();
        assert!(done.changes.is_empty(), "{:?}", done.changes);
        assert!(done.notes.iter().any(|n| n.contains("--force")));
        assert_eq!(std::fs::read_to_string(&css).unwrap(), "/* mine */");
        install(dir.path(), true).unwrap();
        assert_eq!(std::fs::read_to_string(&css).unwrap(), CSS);
    }
}
