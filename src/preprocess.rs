//! The whole pipeline over a book: config → store → scan → judge → render →
//! report, with chapters processed independently and in parallel.

use crate::config::{Config, ConfigError, Mode, PREPROCESSOR_NAME};
use crate::markers::{self, MarkdownFlags, ScanOptions};
use crate::render::{self, Target};
use crate::report::json::ValidationReport;
use crate::report::{ChapterSummary, Diagnostic, Location, Report, SourceFile};
use crate::source_map::{SourceMap, line_column};
use crate::rules::{self, Finding, Judged, Rule, Severity, Verdict};
use crate::safe_write::SafeWriter;
use crate::store::{self, CitationList, Store, StoreError, chapter_key};
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A failure that stops the preprocessor before it judges any chapter.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad `[preprocessor.evidence]`.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A book's citation or reference template that cannot be used.
    #[error(transparent)]
    Template(#[from] crate::render::template::TemplateError),
    /// A store that cannot be loaded.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The validation report may not be written where it is asked.
    #[error(transparent)]
    Write(#[from] crate::safe_write::WriteError),
    /// The validation report cannot be written.
    #[error("cannot write the validation report {path}: {source}")]
    Report {
        /// Where it should go.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
}

/// Everything the build needs besides the book: validated config, loaded store.
#[derive(Debug)]
pub struct Setup {
    /// The configuration.
    pub config: Config,
    /// The evidence store.
    pub store: Store,
    /// Markdown options of the HTML renderer.
    pub markdown: MarkdownFlags,
    /// What the downstream renderer understands.
    pub target: Target,
    /// The book's root directory.
    pub root: PathBuf,
    /// The book's source directory relative to its root (`src`).
    pub src_dir: PathBuf,
    /// The citation and reference templates (the book's, else ours).
    pub templates: crate::render::template::Templates,
}

impl Setup {
    /// Reads the config and loads the store: the only I/O of a run.
    pub fn load(ctx: &PreprocessorContext) -> Result<Setup, Error> {
        let config = Config::from_book(&ctx.config)?;
        if let Some(report) = &config.report {
            let build = &ctx.config.build.build_dir;
            let src = &ctx.config.book.src;
            if report.starts_with(src) || report.starts_with(build) {
                return Err(ConfigError::Invalid {
                    key: "report".into(),
                    message: format!(
                        "{} is inside `{}`; put the report outside the source and build directories (e.g. \"evidence-report.json\") so that it is neither rendered nor wiped",
                        report.display(),
                        if report.starts_with(src) { src } else { build }.display()
                    ),
                }
                .into());
            }
        }
        let store = store::load(&ctx.root, &config.store)?;
        let markdown = match ctx.config.html_config() {
            Some(html) => MarkdownFlags {
                smart_punctuation: html.smart_punctuation,
                definition_lists: html.definition_lists,
                admonitions: html.admonitions,
            },
            None => MarkdownFlags::default(),
        };
        Ok(Setup {
            config,
            store,
            markdown,
            target: Target::for_renderer(&ctx.renderer),
            root: ctx.root.clone(),
            src_dir: ctx.config.book.src.clone(),
            templates: crate::render::template::Templates::load(&template_dir(ctx))?,
        })
    }
}

/// Where a book's templates live: `evidence/` in the HTML renderer's theme
/// directory (`output.html.theme`, default `theme`).
pub fn template_dir(ctx: &PreprocessorContext) -> PathBuf {
    let theme = match ctx.config.html_config() {
        Some(html) => html.theme_dir(&ctx.root),
        None => ctx.root.join("theme"),
    };
    theme.join(crate::render::template::BOOK_TEMPLATE_DIR)
}

/// The result of a run over a book.
#[derive(Debug)]
pub struct Outcome {
    /// Every diagnostic and the per-chapter summaries.
    pub report: Report,
    /// Whether the build must stop (`fail` mode with an error).
    pub failed: bool,
}

/// A chapter judged and not yet rendered: what [`render_chapters`] needs to
/// render it. Holding these instead of the rendered text keeps a run's
/// memory at the size of its input, since the output is several times it.
#[derive(Debug)]
pub struct Pending<'s> {
    scan: markers::Scan,
    judgement: rules::Judgement<'s>,
    list: Option<&'s CitationList>,
}

/// Judges and renders every chapter of `book` in place, then places the
/// evidence index.
pub fn process_book(setup: &Setup, book: &mut Book) -> Outcome {
    let (outcome, pending) = judge_book(setup, book);
    render_book(setup, book, pending);
    outcome
}

/// Renders every chapter of `book` from its judgement (as [`judge_book`]
/// returned them), then places the evidence index, which is read from the
/// rendered chapters.
pub fn render_book(setup: &Setup, book: &mut Book, pending: Vec<Pending<'_>>) {
    render_chapters(setup, &mut book.items, &mut pending.into_iter());
    render::index::apply(
        &mut book.items,
        &setup.store,
        &setup.config,
        setup.markdown,
        setup.target,
    );
}

/// Renders the chapters of `items` (and their sub-chapters) in parallel,
/// taking their judgements from `pending` in book order, as
/// [`judge_book`] returned them.
pub fn render_chapters<'s>(
    setup: &Setup,
    items: &mut [BookItem],
    pending: &mut impl Iterator<Item = Pending<'s>>,
) {
    let mut chapters = Vec::new();
    collect_chapters(items, &mut chapters);
    let batch: Vec<Pending<'s>> = pending.by_ref().take(chapters.len()).collect();
    // Judging and rendering pick chapters with the same `chapter_path`.
    assert_eq!(batch.len(), chapters.len(), "one judgement per chapter");
    chapters
        .par_iter_mut()
        .zip(batch)
        .for_each(|(content, pending)| {
            let edits = render::chapter_edits(
                content,
                &pending.scan,
                &pending.judgement,
                pending.list,
                setup.target,
                &setup.config,
                &setup.templates,
            );
            if let Some(mut edits) = edits {
                **content = render::splice(content, &mut edits);
            }
        });
}

/// Judges every chapter of `book` without rendering any: the report, the
/// verdict, and per chapter (in book order) what rendering it needs.
pub fn judge_book<'s>(setup: &'s Setup, book: &Book) -> (Outcome, Vec<Pending<'s>>) {
    let mut chapters = Vec::new();
    collect_chapter_texts(&book.items, &mut chapters);
    let (results, pending): (Vec<ChapterResult>, Vec<Pending<'s>>) = chapters
        .par_iter()
        .map(|(path, content)| judge_chapter(setup, path, content))
        .unzip();

    let mut report = Report::default();
    let known: HashSet<String> = chapters.iter().map(|(p, _)| chapter_key(p)).collect();
    let mut file_index: HashMap<String, usize> = HashMap::new();
    for result in results {
        let has_diagnostics = !result.findings.is_empty() || !result.suppressed.is_empty();
        // Where the diagnostics point: the files the chapter's text came
        // from when mdBook's `{{#include}}` expansion can be redone, else the
        // text as the preprocessor saw it.
        let mut files: Vec<usize> = Vec::new();
        let map = if has_diagnostics {
            source_map(setup, &result)
        } else {
            None
        };
        match &map {
            Some(map) => {
                for (path, text) in &map.files {
                    let name = display_path(setup, path);
                    files.push(*file_index.entry(name.clone()).or_insert_with(|| {
                        report.files.push(SourceFile {
                            name,
                            text: text.clone(),
                        });
                        report.files.len() - 1
                    }));
                }
            }
            None if has_diagnostics => {
                report.files.push(SourceFile {
                    name: result.display_name.clone(),
                    text: result.source.clone(),
                });
                files.push(report.files.len() - 1);
            }
            None => {}
        }
        let texts = &report.files;
        let diagnostic = |finding: Finding, severity: Severity, removed: bool| {
            let (file, span) = match &map {
                Some(map) => {
                    let (file, span) = map.locate(finding.span.clone());
                    (files[file], span)
                }
                None => (files[0], finding.span.clone()),
            };
            let (line, column) = line_column(&texts[file].text, span.start);
            let mut message = finding.message;
            if removed {
                message.push_str(" (removed)");
            }
            Diagnostic {
                rule: finding.rule,
                severity,
                message,
                location: Location::Chapter {
                    file,
                    span,
                    line,
                    column,
                },
                claim: finding.excerpt.filter(|e| !e.is_empty()),
                evidence_ids: finding.evidence_ids,
                removed,
            }
        };
        let mut diagnostics = Vec::new();
        for judged in result.findings {
            diagnostics.push(diagnostic(judged.finding, judged.severity, judged.removed));
        }
        let mut suppressed = Vec::new();
        for (finding, reason) in result.suppressed {
            let severity = finding
                .rule
                .default_level()
                .severity()
                .unwrap_or(Severity::Warning);
            suppressed.push((diagnostic(finding, severity, false), reason));
        }
        report.diagnostics.extend(diagnostics);
        report.suppressed.extend(suppressed);
        report.chapters.push(result.summary);
    }
    let mut unknown: Vec<_> = setup
        .store
        .chapter_keys()
        .filter(|(key, _)| !known.contains(*key))
        .collect();
    unknown.sort_by_key(|(key, _)| *key);
    for (key, list) in unknown {
        let Some(severity) = setup.config.level(Rule::UnknownChapter).severity() else {
            continue;
        };
        report.diagnostics.push(Diagnostic {
            rule: Rule::UnknownChapter,
            severity,
            message: format!(
                "the store lists citations for chapter `{key}`, which is not in the book"
            ),
            location: Location::Store(list.origin.clone()),
            claim: None,
            evidence_ids: Vec::new(),
            removed: false,
        });
    }
    let failed = report.chapters.iter().any(|c| c.verdict == Verdict::Failed)
        || (setup.config.mode == Mode::Fail && report.count(Severity::Error) > 0);
    (Outcome { report, failed }, pending)
}

/// The path a chapter is checked and reported under; draft chapters (no
/// path) have nothing to check, and are neither judged nor rendered.
fn chapter_path(chapter: &Chapter) -> Option<&Path> {
    chapter.source_path.as_deref().or(chapter.path.as_deref())
}

/// Gathers a mutable borrow of the content of each chapter with a
/// [`chapter_path`], in book order.
fn collect_chapters<'b>(items: &'b mut [BookItem], out: &mut Vec<&'b mut String>) {
    for item in items {
        if let BookItem::Chapter(chapter) = item {
            if chapter_path(chapter).is_some() {
                out.push(&mut chapter.content);
            }
            collect_chapters(&mut chapter.sub_items, out);
        }
    }
}

/// Gathers each chapter's [`chapter_path`] and content, in book order.
fn collect_chapter_texts<'b>(items: &'b [BookItem], out: &mut Vec<(&'b Path, &'b str)>) {
    for item in items {
        if let BookItem::Chapter(chapter) = item {
            if let Some(path) = chapter_path(chapter) {
                out.push((path, &chapter.content));
            }
            collect_chapter_texts(&chapter.sub_items, out);
        }
    }
}

/// The map from the chapter's expanded text to the files it came from, when
/// the chapter on disk is not the text the preprocessor saw and mdBook's
/// expansion of it can be redone exactly.
fn source_map(setup: &Setup, result: &ChapterResult) -> Option<SourceMap> {
    let file = setup.root.join(&setup.src_dir).join(&result.path);
    SourceMap::from_disk(&file, &result.source)
}

/// A path as diagnostics show it: relative to the book's root when inside
/// it (`src/snippets/quote.md`), else as it is.
fn display_path(setup: &Setup, path: &Path) -> String {
    path.strip_prefix(&setup.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// What processing one chapter produced.
struct ChapterResult {
    /// The chapter's path relative to `src/`.
    path: PathBuf,
    findings: Vec<Judged>,
    suppressed: Vec<(Finding, String)>,
    /// The chapter's markdown before rendering (for diagnostics).
    source: String,
    display_name: String,
    summary: ChapterSummary,
}

/// Scans and judges one chapter.
fn judge_chapter<'s>(setup: &'s Setup, path: &Path, content: &str) -> (ChapterResult, Pending<'s>) {
    let config = &setup.config;
    let list: Option<&CitationList> = setup.store.citation_list(path);
    let checked = config.is_checked(path);
    let scan = markers::scan(
        content,
        &ScanOptions {
            markdown: setup.markdown,
            numbered: list.is_some(),
            references_title: &config.references_title,
            claim_min_words: config.claim_min_words,
        },
    );
    let mut judgement = rules::judge(content, &scan, &setup.store, list, config, checked);
    let summary = ChapterSummary {
        path: chapter_key(path),
        checked,
        claims: judgement.claims.len(),
        grounded_claims: judgement.grounded,
        removed_claims: judgement.removed_claims.len(),
        markers: scan.markers.len(),
        resolved_markers: judgement.resolved.iter().filter(|r| r.is_some()).count(),
        errors: judgement.errors,
        warnings: judgement.findings.len() - judgement.errors,
        downgraded: judgement.downgrade,
        verdict: judgement.verdict,
        diversity: judgement.diversity.clone(),
    };
    let findings = std::mem::take(&mut judgement.findings);
    let suppressed = std::mem::take(&mut judgement.suppressed);
    let source = if findings.is_empty() && suppressed.is_empty() {
        String::new()
    } else {
        content.to_owned()
    };
    let result = ChapterResult {
        findings,
        suppressed,
        source,
        display_name: setup.src_dir.join(path).display().to_string(),
        path: path.to_owned(),
        summary,
    };
    let mut scan = scan;
    compact(&mut scan, &mut judgement);
    (
        result,
        Pending {
            scan,
            judgement,
            list,
        },
    )
}

/// Frees what rendering does not read: block and claim texts (a block's
/// text only matters to the conflict note), text segments, spare capacity.
fn compact(scan: &mut markers::Scan, judgement: &mut rules::Judgement<'_>) {
    let keep_text = !judgement.conflicts.is_empty();
    for block in &mut scan.blocks {
        if !keep_text {
            block.text = String::new();
        }
        block.segments = Vec::new();
    }
    for claim in &mut judgement.claims {
        claim.text = String::new();
        claim.markers.shrink_to_fit();
    }
    scan.blocks.shrink_to_fit();
    scan.markers.shrink_to_fit();
    judgement.claims.shrink_to_fit();
    judgement.resolved.shrink_to_fit();
}

/// Loads the setup, processes the book, and prints the diagnostics and the
/// verdict to stderr: the whole run, for in-process use. Returns whether the
/// build must stop.
pub fn run_and_report(ctx: &PreprocessorContext, book: &mut Book) -> anyhow::Result<bool> {
    let setup = Setup::load(ctx)?;
    let Some(pending) = judge_and_report(ctx, &setup, book)? else {
        return Ok(true);
    };
    render_book(&setup, book, pending);
    Ok(false)
}

/// Judges the book and reports on it (stderr, GitHub annotations, the
/// configured report file). Returns what rendering each chapter needs, or
/// `None` when the build must stop.
pub fn judge_and_report<'s>(
    ctx: &PreprocessorContext,
    setup: &'s Setup,
    book: &Book,
) -> anyhow::Result<Option<Vec<Pending<'s>>>> {
    let (outcome, pending) = judge_book(setup, book);
    let mut stderr = crate::report::stderr();
    outcome.report.emit_human(&mut stderr)?;
    crate::report::emit_summary(&outcome, setup.config.mode, &mut stderr)?;
    std::io::Write::flush(&mut stderr)?;
    if std::env::var_os("GITHUB_ACTIONS").is_some_and(|v| v == "true") {
        // The runner reads workflow commands from stderr too; stdout is the book.
        let base = github_base(&ctx.root);
        eprint!("{}", crate::report::formats::github(&outcome.report, &base));
        append_step_summary(&outcome.report, &base)?;
    }
    write_configured_report(&ctx.root, setup, &outcome)?;
    Ok((!outcome.failed).then_some(pending))
}

/// Writes the validation report when `report` is configured.
pub fn write_configured_report(root: &Path, setup: &Setup, outcome: &Outcome) -> Result<(), Error> {
    if let Some(path) = &setup.config.report {
        let report = ValidationReport::new(
            &outcome.report,
            setup.config.mode,
            setup.config.as_of,
            outcome.failed,
        );
        write_report(root, setup, &root.join(path), &report)?;
    }
    Ok(())
}

/// The directory annotation paths are relative to: the repository
/// (`GITHUB_WORKSPACE`) when the book is inside it, else the book root.
pub fn github_base(root: &Path) -> PathBuf {
    let root = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_owned());
    std::env::var_os("GITHUB_WORKSPACE")
        .and_then(|w| std::fs::canonicalize(w).ok())
        .and_then(|w| root.strip_prefix(&w).ok().map(Path::to_owned))
        .unwrap_or_default()
}

/// Appends the diagnostics table to `$GITHUB_STEP_SUMMARY`, when set.
pub fn append_step_summary(report: &Report, base: &Path) -> std::io::Result<()> {
    use std::io::Write as _;
    let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY") else {
        return Ok(());
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(crate::report::formats::step_summary(report, base).as_bytes())
}

/// Writes the validation report whole or not at all, with the one safe
/// writer: inside the book's root, never onto `book.toml`, a store, the
/// source or the build directory.
fn write_report(
    root: &Path,
    setup: &Setup,
    path: &Path,
    report: &ValidationReport<'_>,
) -> Result<(), Error> {
    let fail = |source: std::io::Error| Error::Report {
        path: path.to_owned(),
        source,
    };
    let mut json = serde_json::to_vec_pretty(report).map_err(|e| fail(e.into()))?;
    json.push(b'\n');
    let mut writer = SafeWriter::new(root)?;
    writer.protect(&root.join("book.toml"), "the book's book.toml");
    writer.protect(&root.join(&setup.src_dir), "the book's source directory");
    for store in &setup.config.store {
        writer.protect(&root.join(store), "an evidence store");
    }
    writer.write(path, &json)?;
    Ok(())
}

/// The preprocessor, for use in process (`MDBook::with_preprocessor`).
/// The `mdbook-evidence` binary uses the same pipeline.
#[derive(Debug, Default)]
pub struct EvidencePreprocessor;

impl Preprocessor for EvidencePreprocessor {
    fn name(&self) -> &str {
        PREPROCESSOR_NAME
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> anyhow::Result<Book> {
        if run_and_report(ctx, &mut book)? {
            anyhow::bail!("evidence grounding failed");
        }
        Ok(book)
    }
}
