//! The one driver of a run over a book: [`Session`] opens it (config,
//! store, cache, warnings), judges it, renders it and finishes it, for
//! mdBook's runs of the preprocessor (the binary's streamed book and
//! [`EvidencePreprocessor`] in process) and for the commands that read a
//! book (`check`, `export-claims`, `manifest`, `verify`, `review`,
//! `fetch`); finding a book on disk and loading it as `mdbook build` would,
//! for the commands that run on a book directory; and listing the book's
//! citations of a passage (`Session::citations`), which `export-claims`
//! writes and `verify`, `review`, `fetch` and `manifest` read.

mod citations;

use crate::preprocess;
use crate::preprocess::Setup;
use anyhow::Context;
use evidence_core::config::{Config, PREPROCESSOR_NAME};
use evidence_core::env::Environment;
use evidence_core::error::SetupError;
use evidence_core::limits;
use evidence_core::markers::{MarkdownFlags, Scan};
use evidence_core::store::{CitationList, Store};
use evidence_render::index::EvidenceIndex;
use evidence_render::template::Templates;
use evidence_render::{RenderPlan, Target};
use evidence_report as report;
use evidence_report::{Destination, Outcome, ReportContext, ReportEnvironment, ReportInputs};
use mdbook_driver::MDBook;
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::path::{Path, PathBuf};

/// A mutable borrow of the content of each chapter of a book's items (and
/// of their sub-chapters) that is judged, in book order.
pub use crate::preprocess::judged_contents_mut;

/// A run over one book: its setup, opened once, and the steps every
/// command takes through it, in order: open, judge, render, finish.
#[derive(Debug)]
pub struct Session {
    setup: Setup,
}

impl Session {
    /// Opens mdBook's run of the preprocessor (perhaps `mdbook serve`'s)
    /// on `book`, in `environment`: reads the config and loads the store,
    /// opens the cache, warns about outdated card assets, and refuses a
    /// book whose `{{#include}}`s are left for after us.
    pub fn open(
        ctx: &PreprocessorContext,
        book: &Book,
        environment: &Environment,
    ) -> Result<Session, SetupError> {
        let mut setup = Setup::load(ctx, environment)?;
        setup.open_cache(ctx, environment);
        preprocess::warn_outdated_assets(ctx);
        evidence_core::order::ensure_expanded(&ctx.config, book, &ctx.config.book.src)?;
        Ok(Session { setup })
    }

    /// Opens a `check` of a book it loaded itself (never the serve
    /// preview), in `environment`: the cache, if on, only judges.
    pub fn open_for_check(
        ctx: &PreprocessorContext,
        environment: &Environment,
    ) -> Result<Session, SetupError> {
        let mut setup = Setup::load_for_check(ctx, environment)?;
        setup.open_cache(ctx, environment);
        if let Some(cache) = &mut setup.cache {
            cache.judge_only();
        }
        Ok(Session { setup })
    }

    /// Opens a command that only reads a book it loaded itself
    /// (`export-claims`, `fetch`, `verify`, `review`), in `environment`:
    /// no cache, no preview.
    pub fn open_to_read(
        ctx: &PreprocessorContext,
        environment: &Environment,
    ) -> Result<Session, SetupError> {
        Ok(Session {
            setup: Setup::load_for_check(ctx, environment)?,
        })
    }

    /// A session over `config` and `store` for a book held in memory, at
    /// `root` (sources in `src/`, built into `book/`, the default
    /// templates), rendered for `target`, that writes no report onto
    /// `report_inputs`: no cache, no preview. For the tests, benchmarks
    /// and fuzz targets, which run the pipeline on a book they build.
    pub fn in_memory(
        config: Config,
        store: Store,
        root: PathBuf,
        target: Target,
        report_inputs: ReportInputs,
    ) -> Session {
        Session {
            setup: Setup::new(config, store, root, target, report_inputs),
        }
    }

    /// Loads the book in `dir` (or the book `dir` is inside: from `src/`
    /// as from its root) as `mdbook build` would, and opens a session that
    /// only reads it ([`Session::open_to_read`]) in `environment`.
    pub(crate) fn read_book(
        dir: &Path,
        environment: &Environment,
    ) -> anyhow::Result<(Session, Book)> {
        let found = book_root(dir);
        let (ctx, book) = load_book(found.as_deref().unwrap_or(dir))?;
        Ok((Session::open_to_read(&ctx, environment)?, book))
    }

    /// Loads the book in `dir` as `mdbook build` would, and opens a check
    /// of it ([`Session::open_for_check`]) in `environment`.
    pub(crate) fn check_book(
        dir: &Path,
        environment: &Environment,
    ) -> anyhow::Result<(Session, Book)> {
        let (ctx, book) = load_book(dir)?;
        Ok((Session::open_for_check(&ctx, environment)?, book))
    }

    /// The book's validated configuration.
    pub fn config(&self) -> &Config {
        &self.setup.config
    }

    /// The evidence store (and its support verdicts).
    pub fn store(&self) -> &Store {
        &self.setup.store
    }

    /// The book's root directory.
    pub fn root(&self) -> &Path {
        &self.setup.root
    }

    /// The book's source directory relative to its root (`src`).
    pub fn src_dir(&self) -> &Path {
        &self.setup.src_dir
    }

    /// The book's build directory relative to its root (`book`).
    pub fn build_dir(&self) -> &Path {
        &self.setup.build_dir
    }

    /// The Markdown options of the HTML renderer.
    pub fn markdown(&self) -> MarkdownFlags {
        self.setup.markdown
    }

    /// What the downstream renderer understands.
    pub fn target(&self) -> Target {
        self.setup.target
    }

    /// The citation and reference templates (the book's, else ours).
    pub fn templates(&self) -> &Templates {
        &self.setup.templates
    }

    /// What reporting needs of the session.
    pub fn report_context(&self) -> ReportContext<'_> {
        self.setup.report_context()
    }

    /// Scans a chapter as the judge reads it; with its citation list.
    pub fn scan_chapter(&self, path: &Path, content: &str) -> (Scan, Option<&CitationList>) {
        self.setup.scan_chapter(path, content)
    }

    /// Judges every chapter of `book` without reporting: the outcome, and
    /// each chapter's render plan in book order.
    pub fn judge_quietly(&self, book: &Book) -> (Outcome, Vec<RenderPlan<'_>>) {
        preprocess::judge_book(&self.setup, book)
    }

    /// Judges the book and reports on it in `environment` (stderr, GitHub
    /// annotations, the configured report file). Returns each chapter's
    /// render plan, or `None` when the build must stop.
    pub fn judge(
        &self,
        book: &Book,
        environment: &ReportEnvironment,
    ) -> Result<Option<Vec<RenderPlan<'_>>>, report::EmitError> {
        let setup = &self.setup;
        let (outcome, plans) = preprocess::judge_book(setup, book);
        let context = self.report_context();
        report::emit(&outcome, &context, Destination::Build, environment)?;
        let stopping = outcome
            .report
            .chapters
            .iter()
            .filter(|c| c.errors > 0)
            .count();
        if setup.preview && stopping > 0 {
            eprintln!(
                "mdbook-evidence: mdbook serve preview: `mdbook build` stops on {stopping} {}; the preview shows {} downgraded, with {} errors at the top",
                if stopping == 1 { "chapter" } else { "chapters" },
                if stopping == 1 { "it" } else { "them" },
                if stopping == 1 { "its" } else { "their" },
            );
        }
        Ok((!outcome.failed).then_some(plans))
    }

    /// The evidence index of `book`, if it has one, from every chapter's
    /// plan (before any is rendered).
    pub fn index<'s>(&self, book: &Book, plans: &[RenderPlan<'s>]) -> Option<EvidenceIndex<'s>> {
        EvidenceIndex::from_plans(book, plans, &self.setup.config)
    }

    /// Renders the chapters of `items` (a batch of the book, in order)
    /// from the next of `plans`, and places `index` where they ask for it.
    pub fn render_chapters<'s>(
        &self,
        items: &mut [BookItem],
        plans: &mut impl Iterator<Item = RenderPlan<'s>>,
        index: Option<&EvidenceIndex<'_>>,
    ) {
        preprocess::render_chapters(&self.setup, items, plans, index);
    }

    /// Renders the whole of `book`, held in memory, from its plans.
    pub fn render_book(&self, book: &mut Book, plans: Vec<RenderPlan<'_>>) {
        preprocess::render_book(&self.setup, book, plans);
    }

    /// Judges and renders every chapter of `book` in place, then places
    /// the evidence index, without reporting: the outcome.
    pub fn process(&self, book: &mut Book) -> Outcome {
        let (outcome, plans) = self.judge_quietly(book);
        self.render_book(book, plans);
        outcome
    }

    /// Ends the run: says what the cache saved when `verbose = true`, and
    /// bounds its size.
    pub fn finish(&self) {
        self.setup.finish_cache();
    }
}

/// The preprocessor, for use in process (`MDBook::with_preprocessor`).
/// The `mdbook-evidence` binary runs the same [`Session`], streaming the
/// book it writes.
#[derive(Debug, Default)]
pub struct EvidencePreprocessor;

impl Preprocessor for EvidencePreprocessor {
    fn name(&self) -> &str {
        PREPROCESSOR_NAME
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> anyhow::Result<Book> {
        let environment = environment();
        let session = Session::open(ctx, &book, &environment)?;
        let stop = match session.judge(&book, &report_environment(&environment))? {
            Some(plans) => {
                session.render_book(&mut book, plans);
                false
            }
            None => true,
        };
        session.finish();
        if stop {
            anyhow::bail!("evidence grounding failed");
        }
        Ok(book)
    }
}

/// The process's environment variables and current directory: THE read
/// of them, once where a run starts (the binary, [`EvidencePreprocessor`])
/// and passed to everything that needs them, which reads neither itself.
/// A current directory that cannot be read (deleted under the run) is
/// empty, where paths are shown as given.
pub fn environment() -> Environment {
    let current_dir = std::env::current_dir().unwrap_or_default();
    Environment::new(std::env::vars_os(), current_dir)
}

/// What reporting needs of `environment`: the variables GitHub Actions
/// sets, `NO_COLOR`, whether a CI system runs this, and the current
/// directory. A variable set to the empty string counts as unset.
pub fn report_environment(environment: &Environment) -> ReportEnvironment {
    let set = |name| environment.var(name).filter(|value| !value.is_empty());
    ReportEnvironment {
        github_actions: environment
            .var("GITHUB_ACTIONS")
            .is_some_and(|v| v == "true"),
        step_summary: set("GITHUB_STEP_SUMMARY").map(PathBuf::from),
        github_workspace: set("GITHUB_WORKSPACE").map(PathBuf::from),
        no_color: set("NO_COLOR").is_some(),
        on_ci: environment.on_ci(),
        current_dir: environment.current_dir().to_owned(),
    }
}

/// The nearest of `dir` and the directories above it that holds a
/// `book.toml`, written relative to `dir` (`src/..`); `None` when none does.
pub fn book_root(dir: &Path) -> Option<PathBuf> {
    let levels = std::fs::canonicalize(dir).ok()?.ancestors().count();
    let mut candidate = dir.to_path_buf();
    for _ in 0..levels {
        if candidate.join("book.toml").is_file() {
            return Some(candidate);
        }
        candidate.push("..");
    }
    None
}

/// Loads the book in `dir` as `mdbook build` would for the HTML renderer
/// (config with environment overrides, chapters with `{{#include}}`s
/// expanded by mdBook's links preprocessor), never creating a missing
/// chapter file.
pub(crate) fn load_book(dir: &Path) -> anyhow::Result<(PreprocessorContext, Book)> {
    let toml = dir.join("book.toml");
    let text = match limits::read_text(&toml, limits::Limit::file()) {
        Ok(text) => text,
        Err(e) if e.is_not_found() => anyhow::bail!(
            "neither {} nor a directory above it holds book.toml; pass the book's root directory (the one holding book.toml), e.g. `mdbook-evidence check docs`",
            dir.display()
        ),
        Err(e) => anyhow::bail!("cannot read {}: {}", toml.display(), e.reason()),
    };
    // TOML syntax first, in one line naming the place: the parser's own
    // message draws the line under a gutter, on several lines.
    if let Err(error) = toml_edit::Document::parse(text.as_str()) {
        let (line, column) = error.span().map_or((1, 1), |span| {
            evidence_core::source_map::line_column(&text, span.start)
        });
        anyhow::bail!(
            "{}:{line}:{column}: {}; fix book.toml's TOML syntax",
            toml.strip_prefix(".").unwrap_or(&toml).display(),
            error.message().trim_end()
        );
    }
    // As `MDBook::load` does (environment overrides included), but a check
    // never creates missing chapter files.
    let mut config: mdbook_driver::config::Config = text
        .parse()
        .with_context(|| format!("{} is not a valid book.toml", toml.display()))?;
    config.update_from_env()?;
    config.build.create_missing = false;
    // mdBook reads the chapters itself, with no check: its source
    // directory's markdown files are checked here first, so that a FIFO,
    // a device or an oversize file refuses the check instead of hanging it.
    limits::check_tree(&dir.join(&config.book.src), "md", limits::Limit::file())
        .map_err(|e| anyhow::anyhow!("cannot check the book: {e}"))?;
    let md = MDBook::load_with_config(dir, config)
        .with_context(|| format!("cannot load the book in {}", dir.display()))?;
    let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), "html".to_owned());
    // The build would see the chapters unexpanded: so does the check.
    let src = if dir == Path::new(".") {
        md.config.book.src.clone()
    } else {
        dir.join(&md.config.book.src)
    };
    evidence_core::order::ensure_expanded(&md.config, &md.book, &src)?;
    let book = mdbook_driver::builtin_preprocessors::LinkPreprocessor::new()
        .run(&ctx, md.book.clone())
        .context("cannot expand the book's {{#include}} directives")?;
    Ok((ctx, book))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading of each variable, from a table rather than the
    /// process's environment (which every test of the process shares).
    #[test]
    fn the_report_environment_reads_set_variables_and_not_empty_ones() {
        let of = |vars: &[(&str, &str)]| {
            report_environment(&Environment::new(vars.iter().copied(), PathBuf::new()))
        };
        assert_eq!(of(&[]), ReportEnvironment::default());
        let here = PathBuf::from("/work/東京 repo/docs");
        assert_eq!(
            report_environment(&Environment::new(
                [
                    ("GITHUB_ACTIONS", "true"),
                    ("GITHUB_STEP_SUMMARY", "/run/summary.md"),
                    ("GITHUB_WORKSPACE", "/work/東京 repo"),
                    ("NO_COLOR", "1"),
                ],
                here.clone()
            )),
            ReportEnvironment {
                github_actions: true,
                step_summary: Some(PathBuf::from("/run/summary.md")),
                github_workspace: Some(PathBuf::from("/work/東京 repo")),
                no_color: true,
                on_ci: true,
                current_dir: here,
            }
        );
        // Only `true` is GitHub Actions (any other value but `false` is
        // CI still); an empty value is no value.
        assert_eq!(
            of(&[
                ("GITHUB_ACTIONS", "1"),
                ("GITHUB_STEP_SUMMARY", ""),
                ("GITHUB_WORKSPACE", ""),
                ("NO_COLOR", ""),
            ]),
            ReportEnvironment {
                on_ci: true,
                ..ReportEnvironment::default()
            }
        );
    }
}
