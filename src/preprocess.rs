//! The whole pipeline over a book: config → store → scan → judge → render →
//! report, with chapters processed independently and in parallel.

use evidence_core::config::{Config, ConfigError, PREPROCESSOR_NAME};
use evidence_core::env::Environment;
use evidence_core::error::{SetupError, TemplateError};
use evidence_core::markers;
use evidence_core::markers::{MarkdownFlags, ScanOptions};
use evidence_core::store;
use evidence_core::store::{CitationList, Store, chapter_key};
use evidence_render as render;
use evidence_render::index::EvidenceIndex;
use evidence_render::template::Templates;
use evidence_render::{RenderPlan, Target};
use evidence_report as report;
use evidence_report::{ChapterFindings, ChapterSummary, Outcome, ReportContext};
use evidence_rules as rules;
use evidence_rules::memo::Analyses;
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::{Book, BookItem, Chapter};
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

mod neighbours;
mod serve;

use self::neighbours::{ChapterFile, reads_chapter_file};

/// Everything the build needs besides the book: validated config, loaded store.
#[derive(Debug)]
pub(crate) struct Setup {
    /// The configuration.
    pub(crate) config: Config,
    /// The evidence store.
    pub(crate) store: Store,
    /// Markdown options of the HTML renderer.
    pub(crate) markdown: MarkdownFlags,
    /// What the downstream renderer understands.
    pub(crate) target: Target,
    /// The book's root directory.
    pub(crate) root: PathBuf,
    /// The book's source directory relative to its root (`src`).
    pub(crate) src_dir: PathBuf,
    /// The book's build directory relative to its root (`book`).
    pub(crate) build_dir: PathBuf,
    /// What the validation report is never written onto or into.
    pub(crate) report_inputs: report::ReportInputs,
    /// The citation and reference templates (the book's, else ours).
    pub(crate) templates: Templates,
    /// The book's preprocessors that mdBook runs before this one (named
    /// when one of them escaped the markers).
    pub(crate) neighbours: Vec<String>,
    /// An `mdbook serve` preview of a book in `fail` mode: chapters that
    /// would stop the build are published downgraded, with their
    /// diagnostics at the top ([`serve`]).
    pub(crate) preview: bool,
    /// Per-chapter results of earlier runs ([`crate::cache`]); `None`
    /// when `cache = false` or its directory cannot be used.
    pub(crate) cache: Option<crate::cache::Cache>,
}

impl Setup {
    /// A setup of `config` and `store` for a book at `root` (sources in
    /// `src/`, built into `book/`, the default templates), rendered for
    /// `target`, that writes no report onto
    /// `report_inputs`: for running the pipeline on a book built in memory.
    pub(crate) fn new(
        config: Config,
        store: Store,
        root: PathBuf,
        target: Target,
        report_inputs: report::ReportInputs,
    ) -> Setup {
        Setup {
            config,
            store,
            markdown: MarkdownFlags::default(),
            target,
            root,
            src_dir: PathBuf::from("src"),
            build_dir: PathBuf::from("book"),
            report_inputs,
            templates: Templates::default(),
            neighbours: Vec::new(),
            preview: false,
            cache: None,
        }
    }

    /// Reads the config and loads the store: the only I/O of a run. For
    /// mdBook's runs of the preprocessor, which may be `mdbook serve`'s
    /// ([`serve`]).
    pub(crate) fn load(
        ctx: &PreprocessorContext,
        environment: &Environment,
    ) -> Result<Setup, SetupError> {
        Setup::load_as(ctx, true, environment)
    }

    /// As [`Setup::load`], for a command that reads the book itself
    /// (`check`, `export`, `verify`): never the serve preview, whatever the
    /// config or the environment says, so that a failing book fails.
    pub(crate) fn load_for_check(
        ctx: &PreprocessorContext,
        environment: &Environment,
    ) -> Result<Setup, SetupError> {
        Setup::load_as(ctx, false, environment)
    }

    fn load_as(
        ctx: &PreprocessorContext,
        may_preview: bool,
        environment: &Environment,
    ) -> Result<Setup, SetupError> {
        let mut config = Config::from_book(&ctx.config, environment)?;
        let preview = may_preview
            && config.mode == evidence_core::config::Mode::Fail
            && serve::is_serve(ctx, environment);
        if preview {
            config.mode = evidence_core::config::Mode::Downgrade;
        }
        let report_inputs = report::ReportInputs::of(ctx, &config, &template_dir(ctx));
        if let Some(report) = &config.report {
            check_report_location(ctx, &report_inputs, report, environment)?;
        }
        let mut store = store::load(&ctx.root, &config.store)?;
        store.load_support(&ctx.root, &config.support)?;
        let markdown = match ctx.config.html_config() {
            Some(html) => MarkdownFlags {
                smart_punctuation: html.smart_punctuation,
                definition_lists: html.definition_lists,
                admonitions: html.admonitions,
            },
            None => MarkdownFlags::default(),
        };
        let page = config.page;
        Ok(Setup {
            config,
            store,
            markdown,
            target: Target::for_renderer(&ctx.renderer),
            root: ctx.root.clone(),
            src_dir: ctx.config.book.src.clone(),
            build_dir: ctx.config.build.build_dir.clone(),
            report_inputs,
            templates: Templates {
                page,
                ..load_templates(&template_dir(ctx))?
            },
            neighbours: evidence_core::order::preprocessors_before_evidence(&ctx.config),
            preview,
            cache: None,
        })
    }

    /// Opens the cache (for a build or a check: not for the commands that
    /// only read the book), keyed by everything of this setup a chapter's
    /// result is made from besides the chapter and the store items it
    /// names; in `environment` (by default on only under `mdbook serve`).
    pub(crate) fn open_cache(&mut self, ctx: &PreprocessorContext, environment: &Environment) {
        self.cache = self.cache_of(ctx, environment);
    }

    fn cache_of(
        &self,
        ctx: &PreprocessorContext,
        environment: &Environment,
    ) -> Option<crate::cache::Cache> {
        self.config.cache.as_ref()?;
        if !self.config.cache_always && !serve::is_serve(ctx, environment) {
            return None;
        }
        let mut book_config = serde_json::to_value(&ctx.config).ok()?;
        // What only says where results are kept or how much is said
        // about them changes no result, nor do `verify`'s settings (the
        // build never calls a model).
        if let Some(ours) = book_config.pointer_mut(&format!("/preprocessor/{PREPROCESSOR_NAME}"))
            && let Some(table) = ours.as_object_mut()
        {
            table.remove("verbose");
            table.remove("verify");
        }
        let setup = format!(
            "{:?} {:?} {:?} {} {:?} {:?} {}",
            self.markdown,
            self.target,
            self.templates,
            self.preview,
            self.neighbours,
            self.src_dir,
            ctx.renderer
        );
        crate::cache::Cache::open(
            &self.root,
            &self.config,
            &self.store,
            &book_config.to_string(),
            &setup,
            &self.report_inputs,
        )
    }

    /// Ends the run's use of the cache: says what it saved when
    /// `verbose = true`, and bounds its size.
    pub(crate) fn finish_cache(&self) {
        if let Some(cache) = &self.cache {
            if self.config.verbose {
                eprintln!("{}", cache.summary());
            }
            cache.finish();
        }
    }

    /// Scans a chapter as the judge reads it (the book's markdown options;
    /// numbered markers when the store lists its citations); with its
    /// citation list.
    pub(crate) fn scan_chapter(
        &self,
        path: &Path,
        content: &str,
    ) -> (markers::Scan, Option<&CitationList>) {
        let config = &self.config;
        let list = self.store.citation_list(path);
        let scan = markers::scan(
            content,
            &ScanOptions {
                markdown: self.markdown,
                numbered: list.is_some(),
                references_title: &config.references_title,
                claim_min_words: config.claim_min_words,
            },
        );
        (scan, list)
    }

    /// What reporting needs of the setup.
    pub(crate) fn report_context(&self) -> ReportContext<'_> {
        ReportContext {
            root: &self.root,
            src_dir: &self.src_dir,
            report_inputs: &self.report_inputs,
            config: &self.config,
        }
    }
}

/// Refuses, before anything runs, a `report` path that the write would
/// refuse ([`evidence_report::check_report_path`]: inside the
/// book, a `.json` name, no hidden component, never onto the book's inputs
/// or over a file that is not an earlier report), however it is spelled.
/// The writer checks the same at write time (a symlink can appear in
/// between).
fn check_report_location(
    ctx: &PreprocessorContext,
    inputs: &report::ReportInputs,
    report: &Path,
    environment: &Environment,
) -> Result<(), ConfigError> {
    report::check_report_path(&ctx.root, inputs, report)
        .map_err(|refusal| ConfigError::invalid("report", refusal.to_string(), environment))
}

/// Where a book's templates live: `evidence/` in the HTML renderer's theme
/// directory (`output.html.theme`, default `theme`).
pub(crate) fn template_dir(ctx: &PreprocessorContext) -> PathBuf {
    let theme = match ctx.config.html_config() {
        Some(html) => html.theme_dir(&ctx.root),
        None => ctx.root.join("theme"),
    };
    theme.join(evidence_render::template::BOOK_TEMPLATE_DIR)
}

/// The templates of a book: each file of `dir` that exists
/// ([`Templates::FILE_NAMES`]), the default for the others. The files are
/// read here and checked by [`Templates::from_texts`]; a file that cannot
/// be read is reported after any earlier one that does not parse, as when
/// each was checked as it was read.
fn load_templates(dir: &Path) -> Result<Templates, TemplateError> {
    let mut texts: [Option<String>; 5] = Default::default();
    for (slot, name) in Templates::FILE_NAMES.iter().enumerate() {
        let path = dir.join(name);
        match evidence_core::limits::read_text(&path, evidence_core::limits::Limit::file()) {
            Ok(read) => texts[slot] = Some(read),
            Err(e) if e.is_not_found() => {}
            Err(e) => {
                Templates::from_texts(dir, &texts)?;
                return Err(TemplateError {
                    path,
                    line: 1,
                    column: 1,
                    message: e.reason(),
                });
            }
        }
    }
    Templates::from_texts(dir, &texts)
}

/// Warns on stderr, for the HTML renderer, about each citation-card asset
/// of the book's theme that an earlier version installed and nobody edited
/// since (`install` updates it): its cards may not fit this version's
/// pages. An edited copy is the authors' choice and is not warned about.
pub(crate) fn warn_outdated_assets(ctx: &PreprocessorContext) {
    if ctx.renderer != "html" {
        return;
    }
    let dir = template_dir(ctx);
    let shown = dir.strip_prefix(&ctx.root).unwrap_or(&dir);
    for warning in crate::assets::outdated(&dir, shown) {
        eprintln!(
            "mdbook-evidence: warning: {}",
            evidence_report::inert_line(&warning)
        );
    }
}

/// Renders every chapter of `book` from its plan (as [`judge_book`]
/// returned them), and places the evidence index.
pub(crate) fn render_book(setup: &Setup, book: &mut Book, plans: Vec<RenderPlan<'_>>) {
    let index = EvidenceIndex::from_plans(book, &plans, &setup.config);
    render_chapters(
        setup,
        &mut book.items,
        &mut plans.into_iter(),
        index.as_ref(),
    );
}

/// Renders the chapters of `items` (and their sub-chapters) in parallel,
/// taking their plans from `plans` in book order, as [`judge_book`]
/// returned them, then places `index` (built from every chapter's plan by
/// [`EvidenceIndex::from_plans`]) where they ask for it.
pub(crate) fn render_chapters<'s>(
    setup: &Setup,
    items: &mut [BookItem],
    plans: &mut impl Iterator<Item = RenderPlan<'s>>,
    index: Option<&EvidenceIndex<'_>>,
) {
    let mut chapters = judged_chapters_mut(items);
    let batch: Vec<RenderPlan<'s>> = plans.by_ref().take(chapters.len()).collect();
    // Judging and rendering pick chapters with the same `chapter_path`.
    assert_eq!(batch.len(), chapters.len(), "one render plan per chapter");
    chapters
        .par_iter_mut()
        .zip(batch)
        .for_each(|((key, content), mut plan)| {
            if let Some(rendered) = plan.cached.take() {
                **content = rendered;
                return;
            }
            let edits = render::chapter_edits(content, &plan, &setup.templates, setup.target);
            if let Some(mut edits) = edits {
                **content = render::splice(content, &mut edits);
            }
            if let Some(cache) = &setup.cache {
                cache.put_rendered(key, content);
            }
        });
    if let Some(index) = index {
        index.place(items, setup.markdown, setup.target);
    }
}

/// Judges every chapter of `book` without rendering any: the report, the
/// verdict, and per chapter (in book order) its render plan.
pub(crate) fn judge_book<'s>(setup: &'s Setup, book: &Book) -> (Outcome, Vec<RenderPlan<'s>>) {
    let chapters: Vec<(&Path, &str)> = book
        .iter()
        .filter_map(|item| match item {
            BookItem::Chapter(chapter) => chapter_path(chapter).map(|p| (p, &*chapter.content)),
            _ => None,
        })
        .collect();
    // One per build, shared by the chapters judged in parallel: each item
    // is analysed once however many chapters cite it.
    let analyses = Analyses::for_store(&setup.store);
    let (found, plans): (Vec<ChapterFindings>, Vec<RenderPlan<'s>>) = chapters
        .par_iter()
        .map(|(path, content)| judge_cached(setup, &analyses, path, content))
        .unzip();
    let in_book: HashSet<String> = chapters.iter().map(|(p, _)| chapter_key(p)).collect();
    let in_store = setup
        .store
        .chapter_keys()
        .map(|(key, list)| (key, &list.origin));
    let mut store_findings = rules::unknown_chapters(in_store, &in_book);
    store_findings.extend(rules::uncited_invalid_records(
        &setup.store,
        chapters.iter().map(|(_, text)| *text),
    ));
    let outcome = report::assemble(&setup.report_context(), found, store_findings);
    (outcome, plans)
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
    judged_chapters_mut(items)
        .into_iter()
        .map(|(_, content)| content)
        .collect()
}

/// [`judged_contents_mut`], each content with its chapter's key.
fn judged_chapters_mut(items: &mut [BookItem]) -> Vec<(String, &mut String)> {
    fn walk<'b>(items: &'b mut [BookItem], out: &mut Vec<(String, &'b mut String)>) {
        for item in items {
            if let BookItem::Chapter(chapter) = item {
                if let Some(path) = chapter_path(chapter) {
                    out.push((chapter_key(path), &mut chapter.content));
                }
                walk(&mut chapter.sub_items, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(items, &mut out);
    out
}

/// [`judge_chapter`], or what the cache holds of it: on a miss, the entry
/// is written once the chapter is rendered (by a check, at once).
fn judge_cached<'s>(
    setup: &'s Setup,
    analyses: &Analyses,
    path: &Path,
    content: &str,
) -> (ChapterFindings, RenderPlan<'s>) {
    let Some(cache) = &setup.cache else {
        let (found, plan, _) = judge_chapter(setup, analyses, path, content);
        return (found, plan);
    };
    // A chapter whose judgement reads its file from disk depends on more
    // than its key says.
    if reads_chapter_file(setup, path, content) {
        cache.bypass();
        let (found, plan, _) = judge_chapter(setup, analyses, path, content);
        return (found, plan);
    }
    let list = setup.store.citation_list(path);
    let checked = setup.config.is_checked(path);
    let key = cache.key(&chapter_key(path), checked, content, list);
    if let Some(hit) = cache.lookup(&key, path, content, &setup.store, &setup.config) {
        let mut plan = RenderPlan::cached(hit.rendered, hit.published);
        // The evidence index's quality table reads every chapter's inputs.
        let summary = &hit.findings.summary;
        plan.set_quality(
            summary.checked.then(|| summary.quality.clone()),
            hit.findings.findings.iter().map(|j| j.finding.rule),
        );
        return (hit.findings, plan);
    }
    let (found, plan, ids) = judge_chapter(setup, analyses, path, content);
    let published = plan.published().map(|r| r.id.to_owned()).collect();
    let pending = cache.pending(key, ids, &found, published, &setup.store, &setup.config);
    if cache.is_judge_only() {
        cache.put(pending, None);
    } else {
        cache.wait(chapter_key(path), pending);
    }
    (found, plan)
}

/// Scans and judges one chapter, and plans its rendering: the scan and the
/// judgement end here. With the cache on, also returns the store ids the
/// chapter names (what its result depends on in the store).
fn judge_chapter<'s>(
    setup: &'s Setup,
    analyses: &Analyses,
    path: &Path,
    content: &str,
) -> (ChapterFindings, RenderPlan<'s>, Vec<String>) {
    let config = &setup.config;
    let checked = config.is_checked(path);
    let (scan, list) = setup.scan_chapter(path, content);
    let ids = match &setup.cache {
        Some(_) => crate::cache::Cache::ids_of(&scan, list),
        None => Vec::new(),
    };
    let key = chapter_key(path);
    let judgement_source = ChapterFile { setup, path };
    let mut judgement = rules::judge_chapter(&rules::JudgeInput {
        key: &key,
        text: content,
        scan: &scan,
        store: &setup.store,
        list,
        config,
        checked,
        analyses,
        source: &judgement_source,
    });
    // Not judged when a preprocessor before this one escaped its markers.
    let checked = judgement.checked;
    let summary = ChapterSummary {
        path: key,
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
        support: judgement.support.clone(),
        quality: std::mem::take(&mut judgement.quality),
    };
    // Planned before the findings are taken: an unverified mark says why
    // from its marker's finding.
    // Read again after planning: whether a marker in a heading is taken out.
    let markers = if scan.markers.iter().any(|m| m.in_heading) {
        scan.markers.clone()
    } else {
        Vec::new()
    };
    let banner_at = scan.banner_offset;
    let mut plan = RenderPlan::new(content, scan, &judgement, list, config);
    plan.set_quality(
        checked.then(|| summary.quality.clone()),
        judgement.findings.iter().map(|j| j.finding.rule),
    );
    let facts = evidence_render::disclosure_facts::chapter_facts(
        &summary.path,
        content,
        summary.resolved_markers,
        &summary.support,
        &setup.store,
        &config.disclosure,
    );
    plan.disclose(banner_at, facts, &config.disclosure);
    if setup.preview {
        plan.preview_note(content, banner_at, &judgement.findings);
    }
    plan.plan_heading_ids(
        content,
        &markers,
        &judgement.resolved,
        &judgement.removed_markers,
        setup.markdown,
    );
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
    (found, plan, ids)
}
