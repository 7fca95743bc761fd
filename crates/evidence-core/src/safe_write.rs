//! The one way mdbook-evidence writes a file: the validation report,
//! imported chapters and stores, `install`'s `book.toml` and assets.
//!
//! Everything a run reads may come from an untrusted checkout, so a write
//! must not be steered anywhere else by it:
//! - the target stays inside the root it is written for (the book's root,
//!   or the directory `import` was asked to write into), with every
//!   existing component of its path resolved, symlinks included;
//! - the target is never a symlink, a directory or another special file,
//!   and never one of the run's inputs (however its path is spelled);
//! - the bytes go to a uniquely named temporary file in the target's
//!   directory, which is then renamed over the target: a reader sees the old
//!   file or the new one, and two runs writing the same file each leave it
//!   whole (the last rename wins);
//! - the file keeps the mode of the one it replaces, and a new one gets
//!   what the umask gives any new file (0666 less the umask), never the
//!   temporary file's private 0600.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Why a write was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The target, once its symlinks are resolved, is outside the root.
    #[error(
        "refusing to write {path}: it resolves to {resolved}, outside {root}; write inside the book"
    )]
    OutsideRoot {
        /// The path as asked.
        path: PathBuf,
        /// Where it resolves to.
        resolved: PathBuf,
        /// The root writes must stay in.
        root: PathBuf,
    },
    /// The target is a symlink, a directory or another non-regular file,
    /// or a directory on its way is not a directory.
    #[error(
        "refusing to write {}: {} {kind}, where {expected} is needed; choose another path",
        .path.display(),
        if .at == .path { "it is".to_owned() } else { format!("{} is", .at.display()) }
    )]
    NotAFile {
        /// The path as asked.
        path: PathBuf,
        /// The path at fault: the target, or a directory on its way.
        at: PathBuf,
        /// What it is (`a regular file`, `a symlink to …`, `a FIFO`, …).
        kind: String,
        /// What a write needs there (`a directory`, …).
        expected: &'static str,
    },
    /// The target is one of the run's inputs.
    #[error("refusing to write {path}: it is {what}, an input of this run; choose another path")]
    Input {
        /// The path as asked.
        path: PathBuf,
        /// Which input it is.
        what: String,
    },
    /// Two files of one [`SafeWriter::write_all`] are the same file, however
    /// their paths are spelled: the second would replace the first.
    #[error(
        "refusing to write {first} and {second}: they are the same file; give each its own path"
    )]
    SameFile {
        /// The first path as asked.
        first: PathBuf,
        /// The second path as asked.
        second: PathBuf,
    },
    /// The file system refused.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The path as asked.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Writes files inside one root directory, never onto the inputs it was
/// told about.
#[derive(Debug, Clone)]
pub struct SafeWriter {
    /// The root, canonical.
    root: PathBuf,
    /// Canonical paths that must not be written, with what they are. A
    /// directory protects everything below it.
    inputs: Vec<(PathBuf, String)>,
}

impl SafeWriter {
    /// A writer for files inside `root` (which must exist).
    pub fn new(root: &Path) -> Result<SafeWriter, WriteError> {
        let root = std::fs::canonicalize(root).map_err(|source| WriteError::Io {
            path: root.to_owned(),
            source,
        })?;
        Ok(SafeWriter {
            root,
            inputs: Vec::new(),
        })
    }

    /// Protects `path` (a file, or a directory and everything below it),
    /// described as `what` in the refusal. A path that does not exist
    /// protects the place where it would be; one that is a symlink protects
    /// both the link and what it leads to (a run reads an input through its
    /// links: `src` linked to `docs` makes `docs/x.json` a source file).
    pub fn protect(&mut self, path: &Path, what: impl Into<String>) {
        let what = what.into();
        let here = resolve(path).unwrap_or_else(|_| lexical(path));
        if let Ok(real) = std::fs::canonicalize(path)
            && real != here
        {
            self.inputs.push((real, what.clone()));
        }
        self.inputs.push((here, what));
    }

    /// Creates the directory `path` and its missing parents inside the
    /// root, never through a symlink or onto an input.
    pub fn create_dir_all(&self, path: &Path) -> Result<(), WriteError> {
        let target = self.check(path)?;
        self.create_dirs(path, &target)
    }

    /// Writes `bytes` to `path` whole, creating missing directories inside
    /// the root.
    pub fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
        let staged = self.stage(path, bytes)?;
        staged.commit()
    }

    /// Writes `bytes` to `path` whole as a new private file (0600 on Unix,
    /// as created for the temporary), unless a file is already there:
    /// `Ok(false)` then, and that file is left as it is. Two runs creating
    /// it at once: one wins, the other reads what the winner wrote. For
    /// secrets (the cache's key), which must never be replaced under a
    /// reader nor readable by other users.
    pub fn create_private(&self, path: &Path, bytes: &[u8]) -> Result<bool, WriteError> {
        let io = |source| WriteError::Io {
            path: path.to_owned(),
            source,
        };
        let target = self.check(path)?;
        let dir = target.parent().unwrap_or(&self.root);
        self.create_dirs(path, dir)?;
        let mut tmp = tempfile::Builder::new()
            .prefix(".mdbook-evidence.")
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(io)?;
        tmp.write_all(bytes).map_err(io)?;
        tmp.flush().map_err(io)?;
        match tmp.persist_noclobber(&target) {
            Ok(_) => Ok(true),
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(io(e.error)),
        }
    }

    /// Writes every file or none: all are checked and staged first, then
    /// renamed into place one after the other. Two paths naming one file
    /// are refused (the second would silently replace the first).
    pub fn write_all(&self, files: &[(&Path, &[u8])]) -> Result<(), WriteError> {
        let mut targets: Vec<(PathBuf, &Path)> = Vec::with_capacity(files.len());
        for (path, _) in files {
            let target = self.check(path)?;
            if let Some((_, first)) = targets.iter().find(|(t, _)| *t == target) {
                return Err(WriteError::SameFile {
                    first: first.to_path_buf(),
                    second: path.to_path_buf(),
                });
            }
            targets.push((target, path));
        }
        let staged = files
            .iter()
            .map(|(path, bytes)| self.stage(path, bytes))
            .collect::<Result<Vec<_>, _>>()?;
        for file in staged {
            file.commit()?;
        }
        Ok(())
    }

    /// Checks `path` and writes `bytes` to a temporary file beside it.
    fn stage(&self, path: &Path, bytes: &[u8]) -> Result<Staged, WriteError> {
        let io = |source| WriteError::Io {
            path: path.to_owned(),
            source,
        };
        let target = self.check(path)?;
        let dir = target.parent().unwrap_or(&self.root);
        self.create_dirs(path, dir)?;
        let mut tmp = temporary_beside(&target, dir).map_err(io)?;
        tmp.write_all(bytes).map_err(io)?;
        tmp.flush().map_err(io)?;
        Ok(Staged {
            tmp,
            target,
            asked: path.to_owned(),
        })
    }

    /// Where `path` would be written, once checked: inside the root, not an
    /// input, not a special file.
    pub fn check(&self, path: &Path) -> Result<PathBuf, WriteError> {
        let target = resolve(path).map_err(|source| WriteError::Io {
            path: path.to_owned(),
            source,
        })?;
        if !target.starts_with(&self.root) || target == self.root {
            return Err(WriteError::OutsideRoot {
                path: path.to_owned(),
                resolved: target,
                root: self.root.clone(),
            });
        }
        if let Some((_, what)) = self
            .inputs
            .iter()
            .find(|(input, _)| target.starts_with(input))
        {
            return Err(WriteError::Input {
                path: path.to_owned(),
                what: what.clone(),
            });
        }
        self.check_dirs(path, target.parent().unwrap_or(&self.root))?;
        match std::fs::symlink_metadata(&target) {
            Ok(meta) if !meta.file_type().is_file() => Err(WriteError::NotAFile {
                path: path.to_owned(),
                at: path.to_owned(),
                kind: kind_of(&target, &meta.file_type()),
                expected: "a regular file (or nothing)",
            }),
            _ => Ok(target),
        }
    }

    /// Checks that every existing component of `dir` (inside the root) is
    /// a directory, so that a write is refused before anything is staged,
    /// saying what stands in the way.
    fn check_dirs(&self, asked: &Path, dir: &Path) -> Result<(), WriteError> {
        let relative = dir.strip_prefix(&self.root).unwrap_or(Path::new(""));
        let mut at = self.root.clone();
        for part in relative.components() {
            at.push(part);
            match std::fs::symlink_metadata(&at) {
                Ok(meta) if meta.is_dir() => {}
                Ok(meta) => {
                    return Err(WriteError::NotAFile {
                        path: asked.to_owned(),
                        at: at.clone(),
                        kind: kind_of(&at, &meta.file_type()),
                        expected: "a directory",
                    });
                }
                Err(_) => break,
            }
        }
        Ok(())
    }

    /// Creates `dir` (already checked to be inside the root) and its missing
    /// parents, refusing to go through anything but directories.
    fn create_dirs(&self, asked: &Path, dir: &Path) -> Result<(), WriteError> {
        let relative = dir.strip_prefix(&self.root).unwrap_or(Path::new(""));
        let mut at = self.root.clone();
        for part in relative.components() {
            at.push(part);
            match std::fs::symlink_metadata(&at) {
                Ok(meta) if meta.is_dir() => {}
                Ok(meta) => {
                    return Err(WriteError::NotAFile {
                        path: asked.to_owned(),
                        at: at.clone(),
                        kind: kind_of(&at, &meta.file_type()),
                        expected: "a directory",
                    });
                }
                Err(_) => std::fs::create_dir(&at).map_err(|source| WriteError::Io {
                    path: asked.to_owned(),
                    source,
                })?,
            }
        }
        Ok(())
    }
}

/// A checked file written to its temporary name, waiting for its rename.
struct Staged {
    tmp: tempfile::NamedTempFile,
    target: PathBuf,
    asked: PathBuf,
}

impl Staged {
    /// Renames the temporary file over the target (a symlink that appeared
    /// there since the check is replaced, never followed).
    fn commit(self) -> Result<(), WriteError> {
        let asked = self.asked;
        self.tmp
            .persist(&self.target)
            .map(|_| ())
            .map_err(|e| WriteError::Io {
                path: asked,
                source: e.error,
            })
    }
}

/// A temporary file in `dir` for the contents of `target`, with the mode
/// the file will have once renamed into place: the mode of the file it
/// replaces (its permission bits: `book.toml` at 0644 stays 0644, a
/// script at 0755 stays 0755), or for a new file what any program
/// creating one gets, 0666 less the umask (the temporary file is created
/// with that mode, which the system restricts by the umask). Not 0600,
/// tempfile's default for a private temporary file.
fn temporary_beside(target: &Path, dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".mdbook-evidence.").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
        let tmp = builder.tempfile_in(dir)?;
        // The target was checked to be a regular file when it exists.
        if let Ok(meta) = std::fs::symlink_metadata(target)
            && meta.is_file()
        {
            let mode = meta.permissions().mode() & 0o777;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        Ok(tmp)
    }
    #[cfg(not(unix))]
    {
        let _ = target;
        builder.tempfile_in(dir)
    }
}

/// What the file at `path` is, for messages: `a regular file`, `a
/// directory`, `a symlink to <target>`, `a FIFO (named pipe)`, …
fn kind_of(path: &Path, file_type: &std::fs::FileType) -> String {
    if file_type.is_symlink() {
        return match std::fs::read_link(path) {
            Ok(target) => format!("a symlink to {}", target.display()),
            Err(_) => "a symlink".to_owned(),
        };
    }
    let kind = if file_type.is_file() {
        "a regular file"
    } else if file_type.is_dir() {
        "a directory"
    } else {
        special_kind(file_type)
    };
    kind.to_owned()
}

/// What a file that is neither a regular file, a directory nor a symlink is.
#[cfg(unix)]
fn special_kind(file_type: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt as _;
    if file_type.is_fifo() {
        "a FIFO (named pipe)"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_block_device() || file_type.is_char_device() {
        "a device"
    } else {
        "neither a file nor a directory"
    }
}

/// What a file that is neither a regular file, a directory nor a symlink is.
#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "neither a file nor a directory"
}

/// `path` made absolute with every existing ancestor canonicalized
/// (symlinks resolved) and the missing rest appended as written, `..`
/// and `.` resolved lexically. The last component itself is not resolved:
/// a symlink there is reported by the caller, never followed.
fn resolve(path: &Path) -> std::io::Result<PathBuf> {
    let absolute = if path.is_absolute() {
        path.to_owned()
    } else {
        std::env::current_dir()?.join(path)
    };
    let absolute = lexical(&absolute);
    let (Some(parent), Some(name)) = (absolute.parent(), absolute.file_name()) else {
        return Ok(absolute);
    };
    // The deepest existing ancestor, canonical, then the rest as written.
    let mut existing = parent.to_owned();
    let mut rest = Vec::new();
    loop {
        match std::fs::canonicalize(&existing) {
            Ok(real) => {
                let mut out = real;
                out.extend(rest.iter().rev());
                out.push(name);
                return Ok(out);
            }
            Err(err) => {
                let (Some(up), Some(last)) = (existing.parent(), existing.file_name()) else {
                    return Err(err);
                };
                rest.push(last.to_owned());
                existing = up.to_owned();
            }
        }
    }
}

/// `path` with `.` dropped and `..` taking out the component before it
/// (none left: it goes, as the paths here are absolute or about to be).
fn lexical(path: &Path) -> PathBuf {
    crate::paths::lexical(path, crate::paths::ParentAtStart::Dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> tempfile::TempDir {
        tempfile::tempdir().expect("temp dir")
    }

    #[test]
    fn writes_whole_files_and_creates_directories() {
        let dir = root();
        let writer = SafeWriter::new(dir.path()).expect("root");
        let path = dir.path().join("a/b/report.json");
        writer.write(&path, b"one").expect("written");
        writer.write(&path, b"two").expect("rewritten");
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("a/b"))
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["report.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_0600_and_never_replaces_one_there() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = root();
        let writer = SafeWriter::new(dir.path()).expect("root");
        let path = dir.path().join("k/key");
        assert!(writer.create_private(&path, b"first").expect("created"));
        assert!(!writer.create_private(&path, b"second").expect("kept"));
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let names: Vec<_> = std::fs::read_dir(dir.path().join("k"))
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["key"]);
        // Through a symlink planted at the name: refused, like any write.
        let link = dir.path().join("k/link");
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), &link).expect("link");
        assert!(writer.create_private(&link, b"x").is_err());
        assert!(!dir.path().join("elsewhere").exists());
    }

    #[test]
    fn refuses_paths_outside_the_root() {
        let dir = root();
        let writer = SafeWriter::new(&dir.path().join(".")).expect("root");
        for path in ["../x.json", "a/../../x.json"] {
            let err = writer.write(&dir.path().join(path), b"x").unwrap_err();
            assert!(
                matches!(err, WriteError::OutsideRoot { .. }),
                "{path}: {err}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn never_writes_through_a_symlink() {
        let dir = root();
        let outside = root();
        let victim = outside.path().join("victim");
        std::fs::write(&victim, "keep").expect("write");
        std::os::unix::fs::symlink(&victim, dir.path().join("report.json")).expect("symlink");
        std::os::unix::fs::symlink(outside.path(), dir.path().join("linked")).expect("symlink");
        let writer = SafeWriter::new(dir.path()).expect("root");
        let err = writer
            .write(&dir.path().join("report.json"), b"x")
            .unwrap_err();
        assert!(matches!(err, WriteError::NotAFile { .. }), "{err}");
        let err = writer
            .write(&dir.path().join("linked/new.json"), b"x")
            .unwrap_err();
        assert!(matches!(err, WriteError::OutsideRoot { .. }), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep");
        assert!(!outside.path().join("new.json").exists());
    }

    #[test]
    fn never_writes_onto_an_input() {
        let dir = root();
        std::fs::create_dir(dir.path().join("src")).expect("mkdir");
        std::fs::write(dir.path().join("book.toml"), "").expect("write");
        let mut writer = SafeWriter::new(dir.path()).expect("root");
        writer.protect(&dir.path().join("book.toml"), "the book's book.toml");
        writer.protect(&dir.path().join("src"), "the source directory");
        for path in ["book.toml", "./src/x.json", "src/../src/a/b.json"] {
            let err = writer.write(&dir.path().join(path), b"x").unwrap_err();
            assert!(matches!(err, WriteError::Input { .. }), "{path}: {err}");
        }
        assert_eq!(
            std::fs::read_to_string(dir.path().join("book.toml")).expect("read"),
            ""
        );
    }

    #[test]
    fn write_all_writes_nothing_when_one_file_is_refused() {
        let dir = root();
        let writer = SafeWriter::new(dir.path()).expect("root");
        std::fs::create_dir(dir.path().join("store.json")).expect("mkdir");
        let chapter = dir.path().join("chapter.md");
        let err = writer
            .write_all(&[
                (&chapter, b"text".as_slice()),
                (&dir.path().join("store.json"), b"{}".as_slice()),
            ])
            .unwrap_err();
        assert!(matches!(err, WriteError::NotAFile { .. }), "{err}");
        assert!(!chapter.exists());
        // One file named twice, spelled two ways: refused, nothing written.
        let again = dir.path().join("./sub/../chapter.md");
        let err = writer
            .write_all(&[(&chapter, b"a".as_slice()), (&again, b"b".as_slice())])
            .unwrap_err();
        assert!(matches!(err, WriteError::SameFile { .. }), "{err}");
        assert!(!chapter.exists());
    }
}
