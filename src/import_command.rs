//! `mdbook-evidence import`: its command line, and what it says when done.

use anyhow::bail;
use evidence_core::env::Environment;
use evidence_core::limits;
use evidence_import::{self as import, Output, Vendor};
use evidence_report::{counted, inert_line};
use std::io::Write;
use std::path::{Path, PathBuf};

// The arguments of `import` (the subcommand's help is its variant's).
#[derive(clap::Args)]
pub(crate) struct ImportArgs {
    /// The vendor (anthropic, openai, gemini, perplexity, cohere, bedrock,
    /// xai, mistral, tavily, exa, groq, azure, brave, dashscope,
    /// discovery-engine, you), which may be left out, then the response
    /// (JSON).
    #[arg(value_name = "[VENDOR] RESPONSE", num_args = 1..=2, required = true)]
    inputs: Vec<PathBuf>,
    /// The documents sent with the request, in order, with their source
    /// metadata (JSON; see "Importing from model APIs" in the guide).
    #[arg(long, value_name = "DOCS.json")]
    documents: Option<PathBuf>,
    /// Uploaded files cited by id (OpenAI `file_citation`): a map of file
    /// id to the same metadata as a document.
    #[arg(long, value_name = "FILES.json")]
    files: Option<PathBuf>,
    /// Publisher, tier, date and title of web sources, keyed by URL prefix
    /// or host (JSON; see "Importing from model APIs" in the guide).
    #[arg(long, value_name = "SOURCES.json")]
    sources: Option<PathBuf>,
    /// A title for a document the response gives none: KEY is its index
    /// (`0`), its key, or a page's URL. May be repeated.
    #[arg(long, num_args = 2, value_names = ["KEY", "TITLE"], action = clap::ArgAction::Append)]
    title_for: Vec<String>,
    /// Where to write the chapter (with --book: its path under the book's
    /// source directory).
    #[arg(long, value_name = "OUT.md")]
    chapter: Option<PathBuf>,
    /// Where to write the evidence store fragment (with --book: its path
    /// under the book's root).
    #[arg(long, value_name = "OUT.json")]
    store: Option<PathBuf>,
    /// Write into this book: the chapter under its `src/`, the fragment in
    /// its store directory.
    #[arg(long, value_name = "DIR")]
    book: Option<PathBuf>,
    /// The chapter's path relative to the book's `src/` [default: the
    /// part of --chapter after `src/`, else its file name].
    #[arg(long, value_name = "PATH")]
    chapter_key: Option<String>,
    /// A level-1 heading for the chapter.
    #[arg(long)]
    title: Option<String>,
    /// Leave the source registry out of the store fragment (when the
    /// book's store already registers the sources).
    #[arg(long)]
    no_sources: bool,
    /// Replace a chapter an earlier import wrote that holds another
    /// response's import or was edited since, and an edited store fragment.
    /// A chapter no import wrote (no import record) and the book's other
    /// inputs are never replaced.
    #[arg(long)]
    force: bool,
}

/// Runs `import` (a book's configuration read in `environment`) and says
/// what it did.
pub(crate) fn run_import(args: ImportArgs, environment: &Environment) -> anyhow::Result<()> {
    let (vendor, response) = match args.inputs.as_slice() {
        [response] => (None, response.clone()),
        [vendor, response] => (Some(parse_vendor(vendor)?), response.clone()),
        _ => bail!("give the response (JSON), optionally after the vendor"),
    };
    let output = match (args.book, args.chapter, args.store) {
        (Some(root), chapter, store) => Output::Book {
            root,
            chapter,
            store,
        },
        (None, Some(chapter), Some(store)) => Output::Files { chapter, store },
        (None, _, _) => {
            bail!("say where to write: --chapter OUT.md and --store OUT.json, or --book DIR")
        }
    };
    let titles = args
        .title_for
        .chunks(2)
        .map(|pair| (pair[0].clone(), pair.get(1).cloned().unwrap_or_default()))
        .collect();
    let files_mode = matches!(output, Output::Files { .. });
    let done = import::import(&import::Options {
        vendor,
        response,
        documents: args.documents,
        files: args.files,
        sources: args.sources,
        titles,
        output,
        chapter_key: args.chapter_key,
        title: args.title,
        register_sources: !args.no_sources,
        force: args.force,
        environment: environment.clone(),
    })?;
    let mut out = format!(
        "mdbook-evidence: imported {} as {} ({}): chapter `{}`, store `{}`{}\n",
        counted(done.citations, "citation", "citations"),
        counted(done.items, "evidence item", "evidence items"),
        done.shape,
        inert_line(&done.chapter_path.display().to_string()),
        inert_line(&done.store_path.display().to_string()),
        if files_mode {
            store_hint(&done.store_path)
        } else {
            ""
        }
    );
    for note in &done.notes {
        out.push_str(&noted(note));
    }
    let bare = items_without_passage(&done.store);
    if bare > 0 {
        out.push_str(&noted(&without_passage(bare, done.items)));
    }
    let _ = std::io::stderr().write_all(out.as_bytes());
    Ok(())
}

/// A note as printed: `note: ` before its first line, every line made
/// inert (a note may quote the response's addresses).
fn noted(note: &str) -> String {
    let lines: Vec<String> = note.lines().map(inert_line).collect();
    format!("note: {}\n", lines.join("\n"))
}

/// The note on `bare` of the `items` imported that carry no passage.
fn without_passage(bare: usize, items: usize) -> String {
    let one = bare == 1;
    let which = match (bare == items, one) {
        (true, true) => "the imported item carries".to_owned(),
        (true, false) => format!("all {bare} imported items carry"),
        (false, _) => format!(
            "{bare} of the {} {}",
            counted(items, "item", "items"),
            if one { "carries" } else { "carry" }
        ),
    };
    format!(
        "{which} no passage (the answer cites {} by address alone), so the content rules and `verify` cannot judge the claims citing {}; `mdbook-evidence fetch` reads {} and gives {} its passage",
        if one { "its page" } else { "their pages" },
        if one { "it" } else { "them" },
        if one { "the page" } else { "the pages" },
        if one { "it" } else { "each" },
    )
}

/// How many items of an imported fragment have no passage to judge a
/// claim against (no `cited_text`, `quote_span` or `content`): those
/// `fetch` reads the page of.
fn items_without_passage(store: &str) -> usize {
    let Ok(fragment) = serde_json::from_str::<serde_json::Value>(store) else {
        return 0;
    };
    let empty = |item: &serde_json::Value, key: &str| item.get(key).is_none_or(|v| v.is_null());
    fragment["evidence"].as_array().map_or(0, |items| {
        items
            .iter()
            .filter(|item| {
                ["cited_text", "quote_span", "content"]
                    .iter()
                    .all(|k| empty(item, k))
            })
            .count()
    })
}

/// What to do with a store written by `import --store`: nothing when the
/// book in the current directory already reads it (it is, or is inside, a
/// path of its `store` key), else name it in `store`.
fn store_hint(store: &Path) -> &'static str {
    let Ok(text) = limits::read_text(Path::new("book.toml"), limits::Limit::file()) else {
        return " (name it in `store` under [preprocessor.evidence] of your book's book.toml)";
    };
    let document = toml_edit::Document::parse(text).ok();
    let store_key = document
        .as_ref()
        .and_then(|d| d.get("preprocessor")?.get("evidence")?.get("store"));
    let paths: Vec<PathBuf> = match store_key {
        Some(item) if item.is_str() => item.as_str().map(PathBuf::from).into_iter().collect(),
        Some(item) => item
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|v| v.as_str().map(PathBuf::from))
                    .collect()
            })
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let normal = |p: &Path| {
        p.components()
            .filter(|c| c.as_os_str() != ".")
            .collect::<PathBuf>()
    };
    let store = normal(store);
    if paths.iter().any(|p| store.starts_with(normal(p))) {
        ""
    } else {
        " (add it to `store` in book.toml)"
    }
}

/// The vendor named on the command line.
fn parse_vendor(name: &Path) -> anyhow::Result<Vendor> {
    use clap::ValueEnum;
    use mdbook_evidence::cli_values::VendorArg;
    let name = name.to_string_lossy();
    VendorArg::from_str(&name, true).map(Vendor::from).map_err(|_| {
        let known: Vec<String> = VendorArg::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_owned()))
            .collect();
        let hint = evidence_core::suggest::closest(&name, known.iter().map(String::as_str))
            .map(|k| format!("did you mean `{k}`? "))
            .unwrap_or_default();
        anyhow::anyhow!(
            "unknown vendor `{name}`: {hint}the vendors are {} (or give only the response to have its vendor recognised)",
            known.join(", ")
        )
    })
}
