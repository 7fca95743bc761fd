//! The whole pipeline over a book: config → store → scan → judge → render →
//! report, with chapters processed independently and in parallel.

use crate::config::{Config, ConfigError, PREPROCESSOR_NAME};
use crate::markers::{self, MarkdownFlags, ScanOptions};
use crate::render::{self, Target};
use crate::report::{self, ChapterFindings, ChapterSummary, Destination, Outcome, ReportContext};
use crate::rules;
use crate::store::{self, CitationList, Store, StoreError, chapter_key};
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use rayon::prelude::*;
use std::collections::HashSet;
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
    /// A `{{#include}}` left for mdBook's `links` to expand after us.
    #[error(transparent)]
    Unexpanded(#[from] crate::order::UnexpandedDirective),
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

    /// What reporting needs of the setup.
    pub fn report_context(&self) -> ReportContext<'_> {
        ReportContext {
            root: &self.root,
            src_dir: &self.src_dir,
            config: &self.config,
        }
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
    let mut chapters = judged_contents_mut(items);
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
    let chapters: Vec<(&Path, &str)> = book
        .iter()
        .filter_map(|item| match item {
            BookItem::Chapter(chapter) => chapter_path(chapter).map(|p| (p, &*chapter.content)),
            _ => None,
        })
        .collect();
    let (found, pending): (Vec<ChapterFindings>, Vec<Pending<'s>>) = chapters
        .par_iter()
        .map(|(path, content)| judge_chapter(setup, path, content))
        .unzip();
    let in_book: HashSet<String> = chapters.iter().map(|(p, _)| chapter_key(p)).collect();
    let in_store = setup
        .store
        .chapter_keys()
        .map(|(key, list)| (key, &list.origin));
    let store_findings = rules::unknown_chapters(in_store, &in_book);
    let outcome = report::assemble(&setup.report_context(), found, store_findings);
    (outcome, pending)
}

/// The path a chapter is checked and reported under; draft chapters (no
/// path) have nothing to check, and are neither judged nor rendered.
fn chapter_path(chapter: &Chapter) -> Option<&Path> {
    chapter.source_path.as_deref().or(chapter.path.as_deref())
}

/// A mutable borrow of the content of each chapter of `items` (and of
/// their sub-chapters) that is judged (not a draft), in book order. The one
/// mutable walk: mdBook's `Book::iter` only reads, and its `for_each_mut`
/// takes the whole book, where rendering and writing take batches of items.
pub fn judged_contents_mut(items: &mut [BookItem]) -> Vec<&mut String> {
    fn walk<'b>(items: &'b mut [BookItem], out: &mut Vec<&'b mut String>) {
        for item in items {
            if let BookItem::Chapter(chapter) = item {
                if chapter_path(chapter).is_some() {
                    out.push(&mut chapter.content);
                }
                walk(&mut chapter.sub_items, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(items, &mut out);
    out
}

/// Scans and judges one chapter.
fn judge_chapter<'s>(
    setup: &'s Setup,
    path: &Path,
    content: &str,
) -> (ChapterFindings, Pending<'s>) {
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
    let found = ChapterFindings {
        path: path.to_owned(),
        findings,
        suppressed,
        source,
        summary,
    };
    let mut scan = scan;
    compact(&mut scan, &mut judgement);
    (
        found,
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
    crate::order::ensure_expanded(&ctx.config, book, &ctx.config.book.src).map_err(Error::from)?;
    let Some(pending) = judge_and_report(&setup, book)? else {
        return Ok(true);
    };
    render_book(&setup, book, pending);
    Ok(false)
}

/// Judges the book and reports on it (stderr, GitHub annotations, the
/// configured report file). Returns what rendering each chapter needs, or
/// `None` when the build must stop.
pub fn judge_and_report<'s>(
    setup: &'s Setup,
    book: &Book,
) -> Result<Option<Vec<Pending<'s>>>, report::EmitError> {
    let (outcome, pending) = judge_book(setup, book);
    report::emit(&outcome, &setup.report_context(), Destination::Build)?;
    Ok((!outcome.failed).then_some(pending))
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
