//! Importers: turn a model API's cited answer into a chapter with `[N]`
//! markers and an `evidence.v1` store fragment holding the citations (the
//! API's citations become evidence items; the `[N]` numbers are
//! presentation).
//!
//! The vendor and API shape are recognised from the response (or named);
//! each vendor's module turns its citations into drafted items and places
//! in the answer's text (`Draft`); `chapter` splices the markers in and
//! `fragment` writes the items. An import reads everything and builds both
//! outputs in memory before it writes either, each through a temporary file
//! renamed into place, so a failed import leaves no half-written file.

#![warn(missing_docs, unreachable_pub)]

mod answer_text;
mod anthropic;
mod azure;
mod bedrock;
mod bedrock_kb;
mod book;
mod brave;
mod chapter;
mod cohere;
mod dashscope;
mod detect;
mod discovery_engine;
mod documents;
mod entities;
mod fragment;
mod gemini;
mod gemini_interactions;
mod groq;
mod guard;
mod json;
mod listed;
mod mistral;
mod notes;
mod offsets;
mod openai;
mod perplexity;
mod place;
mod read;
mod runs;
mod search_answers;
mod secure;
mod stream;
mod unread;
mod web;
mod you_com;

pub use crate::detect::Vendor;

use crate::documents::Documents;
use crate::fragment::{Cited, Sources};
use crate::json::{from_value, read_json};
use crate::web::{Sites, WebCite};
use anyhow::bail;
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

/// Where an import writes.
#[derive(Debug, Clone)]
pub enum Output {
    /// Exactly these two files.
    Files {
        /// The chapter.
        chapter: PathBuf,
        /// The store fragment.
        store: PathBuf,
    },
    /// Into the book at `root`: the chapter under its `src/`, the fragment
    /// in its store directory (see `book`).
    Book {
        /// The book's root (where book.toml is).
        root: PathBuf,
        /// The chapter's path under `src/` [default: the response's name
        /// with `.md`].
        chapter: Option<PathBuf>,
        /// The fragment's path under the book's root [default: in the
        /// book's store directory].
        store: Option<PathBuf>,
    },
}

/// What to import and where to write it.
#[derive(Debug, Clone)]
pub struct Options {
    /// The vendor, when named; else recognised from the response.
    pub vendor: Option<Vendor>,
    /// The response (JSON).
    pub response: PathBuf,
    /// The documents sent with the request (see `documents`).
    pub documents: Option<PathBuf>,
    /// Uploaded files by id (OpenAI `file_citation`), same entries.
    pub files: Option<PathBuf>,
    /// Metadata for web sources, keyed by URL prefix or host (see `web`).
    pub sources: Option<PathBuf>,
    /// `--title-for KEY TITLE`: titles for documents or pages the response
    /// gives none.
    pub titles: Vec<(String, String)>,
    /// Where to write.
    pub output: Output,
    /// The chapter's key in the store's `chapters` map; by default its path
    /// after `src/` (see `chapter_key_for`).
    pub chapter_key: Option<String>,
    /// A level-1 heading for the chapter.
    pub title: Option<String>,
    /// Whether the fragment registers the sources of the cited items
    /// (leave them out when the book's store already registers them).
    pub register_sources: bool,
    /// Whether to replace a chapter an import wrote that holds another
    /// response's import or was edited since, and an edited fragment (see
    /// `guard`; a chapter no import wrote is never replaced).
    pub force: bool,
    /// The process's environment, which the book's configuration is read
    /// in (read once by the command, never here).
    pub environment: evidence_core::env::Environment,
}

/// What an import produced.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The vendor and API shape read, e.g. `OpenAI Responses API`.
    pub shape: String,
    /// The chapter's markdown.
    pub chapter: String,
    /// The store fragment (`evidence.v1` JSON).
    pub store: String,
    /// Where the chapter was written.
    pub chapter_path: PathBuf,
    /// Where the fragment was written.
    pub store_path: PathBuf,
    /// How many citations the response carries.
    pub citations: usize,
    /// How many distinct items they became.
    pub items: usize,
    /// What the user should know or do next (one sentence each).
    pub notes: Vec<String>,
}

/// The inputs besides the response, read and checked.
pub(crate) struct Inputs {
    /// The response's file name, for messages.
    pub response: String,
    /// `--documents`.
    pub documents: Option<Documents>,
    /// `--files`.
    pub files: Option<Documents>,
    /// `--sources` and `--title-for`.
    pub(crate) sites: Sites,
}

/// An answer as a vendor module reads it: its text with its citations'
/// places, the items drafted, and the sources they need.
#[derive(Default)]
pub(crate) struct Draft {
    /// The answer.
    pub(crate) answer: chapter::Answer,
    /// The drafted items; the answer's citations index into them.
    pub(crate) cited: Vec<Cited>,
    /// The registry entries the items need.
    pub sources: Sources,
    /// The drafts of web items whose title was made from their address.
    pub(crate) addressed: Vec<usize>,
    /// How to get positions from this API, when some citation had none.
    pub(crate) unplaced_hint: Option<&'static str>,
    /// Citations left out, each said in one sentence (a support naming a
    /// chunk the response lacks, an address no browser could open).
    pub(crate) dropped: Vec<String>,
    /// Annotation or citation types the importer does not read, with how
    /// many of each were skipped.
    pub(crate) skipped: std::collections::BTreeMap<String, usize>,
    /// How many sources a list the answer cites by markers holds, when it
    /// cites none of them (so none was drafted).
    pub(crate) listed: usize,
}

impl Draft {
    /// Adds a drafted item; returns its index.
    pub(crate) fn push(&mut self, cited: Cited) -> usize {
        self.cited.push(cited);
        self.cited.len() - 1
    }

    /// Drafts the item of a cited web page; returns its index.
    pub(crate) fn web(
        &mut self,
        inputs: &Inputs,
        cite: WebCite,
        at: &str,
    ) -> anyhow::Result<usize> {
        let at = format!("{}: `{at}`", inputs.response);
        let (cited, addressed) = inputs.sites.item(cite, &mut self.sources, &at)?;
        let index = self.push(cited);
        if addressed {
            self.addressed.push(index);
        }
        Ok(index)
    }

    /// As [`Draft::web`], but a URL that is no address (not even once
    /// percent-encoded as a browser would) drops this citation only, with
    /// a note, rather than the answer.
    pub(crate) fn web_or_drop(
        &mut self,
        inputs: &Inputs,
        cite: WebCite,
        at: &str,
    ) -> anyhow::Result<Option<usize>> {
        match self.web(inputs, cite, at) {
            Ok(index) => Ok(Some(index)),
            Err(err) if err.downcast_ref::<web::NotAnAddress>().is_some() => {
                self.dropped
                    .push(format!("{err}: that citation is left out"));
                Ok(None)
            }
            Err(err) => Err(err),
        }
    }

    /// Records an annotation or citation of a type the importer does not
    /// read (`kind`, as the response names it), skipped with a note.
    pub(crate) fn skip(&mut self, kind: Option<&str>) {
        let kind = kind.map_or_else(|| "(no type)".to_owned(), |k| format!("{k:?}"));
        *self.skipped.entry(kind).or_default() += 1;
    }
}

/// Reads the response and the other inputs, converts them, and writes the
/// chapter and the store fragment (nothing is written unless both could be
/// built).
pub fn import(options: &Options) -> anyhow::Result<Imported> {
    let name = options.response.display().to_string();
    // A saved event stream is read as the response it streamed (a JSON
    // reader would take its first event for the whole).
    let bytes =
        evidence_core::limits::read_file(&options.response, evidence_core::limits::Limit::file())
            .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let value: serde_json::Value = if stream::is_stream(&text) {
        stream::assemble(&text, &name)?
    } else {
        read_json(&options.response, "response")?
    };
    let built = build(&value, options)?;
    let book_toml = built.plan.root.as_ref().map(|root| root.join("book.toml"));
    let inputs = [
        Some((options.response.as_path(), "the response being imported")),
        options
            .documents
            .as_deref()
            .map(|p| (p, "the --documents file")),
        options.files.as_deref().map(|p| (p, "the --files file")),
        options
            .sources
            .as_deref()
            .map(|p| (p, "the --sources file")),
        book_toml.as_deref().map(|p| (p, "the book's book.toml")),
    ];
    let mut inputs: Vec<(&Path, &str)> = inputs.into_iter().flatten().collect();
    inputs.extend(
        built
            .plan
            .protected
            .iter()
            .map(|(p, what)| (p.as_path(), what.as_str())),
    );
    write_together(
        built.plan.root.as_deref(),
        &[
            (&built.plan.chapter, &built.chapter),
            (&built.plan.store, &built.store),
        ],
        &inputs,
        || {
            guard::check_replace(
                &options.response,
                (&built.plan.chapter, &built.chapter),
                (&built.plan.store, &built.store),
                options.force,
                built.plan.root.is_some(),
            )
        },
    )?;
    Ok(Imported {
        shape: built.shape,
        items: built.items,
        chapter: built.chapter,
        store: built.store,
        chapter_path: built.plan.chapter,
        store_path: built.plan.store,
        citations: built.citations,
        notes: built.notes,
    })
}

/// A response converted in memory (see [`convert`]).
#[derive(Debug, Clone)]
pub struct Converted {
    /// The chapter's markdown.
    pub chapter: String,
    /// The store fragment (`evidence.v1` JSON).
    pub store: String,
    /// How many citations the response carries.
    pub citations: usize,
}

/// Converts a response (JSON bytes, or a saved event stream) in memory,
/// as [`import`] would with no other input and `--chapter answer.md
/// --store answer.json`, or says why not. Writes nothing; the `import` fuzz target calls it.
pub fn convert(response: &[u8], vendor: Option<Vendor>) -> anyhow::Result<Converted> {
    let text = std::str::from_utf8(response).map_err(|err| {
        anyhow::anyhow!(
            "the response is not UTF-8 (invalid byte at offset {}); save it as UTF-8",
            err.valid_up_to()
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A saved stream, as `import` reads it (so the fuzz target covers
    // their assembly too).
    let value: serde_json::Value = if stream::is_stream(text) {
        stream::assemble(text, "response.json")?
    } else {
        evidence_core::json_input::from_str(text).map_err(|err| {
            anyhow::anyhow!(
                "response.json:{}:{}: malformed JSON in response: {}",
                err.line,
                err.column,
                err.message
            )
        })?
    };
    let options = Options {
        vendor,
        response: PathBuf::from("response.json"),
        documents: None,
        files: None,
        sources: None,
        titles: Vec::new(),
        output: Output::Files {
            chapter: PathBuf::from("answer.md"),
            store: PathBuf::from("answer.json"),
        },
        chapter_key: None,
        title: None,
        register_sources: true,
        force: false,
        environment: evidence_core::env::Environment::default(),
    };
    let built = build(&value, &options)?;
    Ok(Converted {
        chapter: built.chapter,
        store: built.store,
        citations: built.citations,
    })
}

/// The model a response names (`model`, Gemini's `modelVersion`, a
/// stream's or a wrapper's `response.model`).
fn response_model(value: &serde_json::Value) -> Option<&str> {
    ["model", "modelVersion"]
        .iter()
        .find_map(|key| value.get(key))
        .or_else(|| value.get("response").and_then(|r| r.get("model")))
        .and_then(serde_json::Value::as_str)
        .filter(|model| !model.trim().is_empty())
}

/// The response's own creation time (`created_at` or `created`, Unix
/// seconds), if it gives one.
fn response_time(value: &serde_json::Value) -> Option<jiff::Timestamp> {
    ["created_at", "created"]
        .iter()
        .find_map(|key| value.get(key).and_then(serde_json::Value::as_i64))
        .and_then(|seconds| jiff::Timestamp::from_second(seconds).ok())
}

/// The day of `at` as `YYYY-MM-DD` in UTC, else today (the import's).
fn day_of(at: Option<jiff::Timestamp>) -> String {
    let at = at.unwrap_or_else(jiff::Timestamp::now);
    at.strftime("%Y-%m-%d").to_string()
}

/// What an import makes before it writes anything.
struct Built {
    shape: String,
    chapter: String,
    store: String,
    plan: book::Plan,
    citations: usize,
    items: usize,
    notes: Vec<String>,
}

/// Converts the response `value` and the other inputs of `options` into the
/// chapter and the fragment, and works out where they go.
fn build(value: &serde_json::Value, options: &Options) -> anyhow::Result<Built> {
    let name = options.response.display().to_string();
    let shape = detect::detect(value, options.vendor, &name)?;
    let inputs = Inputs {
        response: name.clone(),
        documents: options
            .documents
            .as_deref()
            .map(Documents::read)
            .transpose()?,
        files: options
            .files
            .as_deref()
            .map(Documents::read_files)
            .transpose()?,
        sites: Sites::new(options.sources.as_deref(), options.titles.clone())?,
    };
    let draft = read::draft(&shape, &inputs)?;
    let citations = draft.answer.citations();
    let unplaced = draft.answer.unplaced();
    let narrations = draft.answer.narrations();
    notes::something_to_import(&draft, shape.name(), &name)?;
    let plan = book::plan(&options.output, &options.response, &options.environment)?;
    let key = options
        .chapter_key
        .clone()
        .or_else(|| plan.key.clone())
        .unwrap_or_else(|| chapter_key_for(&plan.chapter));
    let (mut items, item_of) = fragment::finalize(draft.cited)?;
    // Sets: an answer may cite thousands of pages of thousands of sites.
    let addressed: HashSet<usize> = draft.addressed.iter().map(|&d| item_of[d]).collect();
    plan.keep_apart(&mut items);
    let (chapter, order) = chapter::build(draft.answer, &item_of, options.title.as_deref())
        .map_err(|err| anyhow::anyhow!("{name}: {err}"))?;
    let addressed = order.iter().filter(|i| addressed.contains(i)).count();
    let items: Vec<fragment::Item> = order.into_iter().map(|i| items[i].clone()).collect();
    let list: Vec<&str> = items.iter().map(|item| item.id.as_str()).collect();
    let written: Vec<&fragment::Item> = items.iter().filter(|i| !plan.has_item(i)).collect();
    let mut sources = draft.sources.into_vec();
    let missing = notes::missing(&items, &sources, addressed);
    let written_sources: HashSet<&str> = written.iter().map(|i| i.source_id.as_str()).collect();
    sources.retain(|source| {
        options.register_sources
            && !plan.has_source(&source.source_id)
            && written_sources.contains(source.source_id.as_str())
    });
    let store = fragment::to_json(&sources, &written, &list, &key)?;
    let created = response_time(value);
    let drafted = guard::Drafted {
        model: response_model(value),
        shape: shape.name(),
        date: day_of(created),
        dated_by_response: created.is_some(),
    };
    let chapter = guard::with_record(
        &chapter,
        &options.response,
        (&plan.chapter, &plan.store),
        &store,
        &drafted,
    );
    let mut notes = plan.notes(&key);
    if unplaced > 0 {
        notes.push(format!(
            "{} no place in the answer, so {}: {} in the store fragment and the chapter's citation list (numbered after the cited ones), not in its References; {}",
            evidence_core::display::counted(unplaced, "citation says", "citations say"),
            if unplaced == 1 {
                "it marks no sentence"
            } else {
                "they mark no sentence"
            },
            if unplaced == 1 {
                "its item is"
            } else {
                "their items are"
            },
            draft.unplaced_hint.unwrap_or("the response gives no positions")
        ));
    }
    if narrations > 0 {
        notes.push(format!(
            "{} of the model's narration around its tool calls (\"Let me search…\") {} kept as HTML comments, not as claims",
            evidence_core::display::counted(narrations, "passage", "passages"),
            if narrations == 1 { "is" } else { "are" }
        ));
    }
    notes.extend(notes::left_out(&draft.dropped, &draft.skipped));
    notes.extend(missing);
    Ok(Built {
        shape: shape.name().to_owned(),
        chapter,
        store,
        plan,
        citations,
        items: items.len(),
        notes,
    })
}

/// Writes every file or none, each whole, with the one safe writer: the
/// files stay under `root` (a book's root, where missing directories are
/// created), else in the directories named, which must exist; never
/// through a symlink, never onto one of the `inputs` (path, what it is) nor
/// both onto one file; a refused or failed file leaves the others unwritten.
/// `replaceable` decides, once every file passed those checks, whether
/// what is there may be replaced.
fn write_together(
    root: Option<&Path>,
    files: &[(&Path, &str)],
    inputs: &[(&Path, &str)],
    replaceable: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let root = match root {
        Some(root) => root.to_owned(),
        None => {
            let mut dirs = Vec::new();
            for (path, _) in files {
                let dir = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir,
                    _ => Path::new("."),
                };
                if !dir.is_dir() {
                    bail!(
                        "cannot write `{}`: directory `{}` does not exist",
                        path.display(),
                        dir.display()
                    );
                }
                dirs.push(std::fs::canonicalize(dir)?);
            }
            // The deepest directory holding every file.
            let mut root = dirs.first().cloned().unwrap_or_default();
            while !dirs.iter().all(|d| d.starts_with(&root)) && root.pop() {}
            root
        }
    };
    let bytes: Vec<(&Path, &[u8])> = files.iter().map(|(p, c)| (*p, c.as_bytes())).collect();
    let mut writer = evidence_core::safe_write::SafeWriter::new(&root)?;
    for (path, what) in inputs {
        writer.protect(path, *what);
    }
    let mut targets: Vec<(PathBuf, &Path)> = Vec::new();
    for (path, _) in files {
        let target = writer.check(path)?;
        if let Some((_, first)) = targets.iter().find(|(t, _)| *t == target) {
            return Err(evidence_core::safe_write::WriteError::SameFile {
                first: first.to_path_buf(),
                second: path.to_path_buf(),
            }
            .into());
        }
        targets.push((target, path));
    }
    replaceable()?;
    writer.write_all(&bytes)?;
    Ok(())
}

/// The key of a chapter written to `path` in the store's `chapters` map:
/// the path after its last `src` directory (`book/src/answers/q1.md` →
/// `answers/q1.md`), else the file name.
pub(crate) fn chapter_key_for(path: &Path) -> String {
    let parts: Vec<&str> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => part.to_str(),
            _ => None,
        })
        .collect();
    let after_src = parts
        .iter()
        .rposition(|part| *part == "src")
        .map_or(parts.len().saturating_sub(1), |i| i + 1);
    parts[after_src.min(parts.len())..].join("/")
}

#[cfg(test)]
mod tests {
    use crate::*;

    #[test]
    fn chapter_keys_are_relative_to_src() {
        assert_eq!(
            chapter_key_for(Path::new("book/src/answers/q1.md")),
            "answers/q1.md"
        );
        assert_eq!(chapter_key_for(Path::new("src/a.md")), "a.md");
        assert_eq!(
            chapter_key_for(Path::new("/tmp/out/answer.md")),
            "answer.md"
        );
        assert_eq!(chapter_key_for(Path::new("answer.md")), "answer.md");
    }
}
