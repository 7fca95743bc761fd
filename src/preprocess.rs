//! The whole pipeline over a book: config → store → scan → judge → render →
//! report, with chapters processed independently and in parallel.

use crate::config::{Config, ConfigError, Mode, PREPROCESSOR_NAME};
use crate::markers::{self, MarkdownFlags, Scan, ScanOptions};
use crate::render::{self, Edit, Entry, Target};
use crate::report::{ChapterSummary, Diagnostic, Location, Report, SourceFile, line_column};
use crate::rules::{self, Finding, Resolved, Rule, Severity};
use crate::store::{self, CitationList, Store, StoreError, chapter_key};
use mdbook_preprocessor::book::{Book, BookItem};
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
    /// A store that cannot be loaded.
    #[error(transparent)]
    Store(#[from] StoreError),
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
    /// The book's source directory relative to its root (`src`).
    pub src_dir: PathBuf,
}

impl Setup {
    /// Reads the config and loads the store: the only I/O of a run.
    pub fn load(ctx: &PreprocessorContext) -> Result<Setup, Error> {
        let config = Config::from_book(&ctx.config)?;
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
            src_dir: ctx.config.book.src.clone(),
        })
    }
}

/// The result of a run over a book.
#[derive(Debug)]
pub struct Outcome {
    /// Every diagnostic and the per-chapter summaries.
    pub report: Report,
    /// Whether the build must stop (`fail` mode with an error).
    pub failed: bool,
}

/// Judges and renders every chapter of `book` in place.
pub fn process_book(setup: &Setup, book: &mut Book) -> Outcome {
    let mut chapters = Vec::new();
    collect_chapters(&mut book.items, &mut chapters);
    let results: Vec<ChapterResult> = chapters
        .par_iter_mut()
        .map(|(path, content)| process_chapter(setup, path, content))
        .collect();

    let mut report = Report::default();
    let known: HashSet<String> = chapters.iter().map(|(p, _)| chapter_key(p)).collect();
    for result in results {
        let file = report.files.len();
        let mut has_diagnostics = false;
        for finding in result.findings {
            // Outside `fail` mode nothing stops the build, so violations are
            // printed as warnings; the chapter summary keeps the error count.
            let severity = match setup.config.mode {
                Mode::Fail => finding.rule.default_severity(),
                Mode::Downgrade | Mode::Warn => Severity::Warning,
            };
            let (line, column) = line_column(&result.source, finding.span.start);
            let claim = finding
                .block
                .map(|b| result.scan_excerpts[b].clone())
                .filter(|excerpt| !excerpt.is_empty());
            report.diagnostics.push(Diagnostic {
                rule: finding.rule,
                severity,
                message: finding.message,
                location: Location::Chapter {
                    file,
                    span: finding.span,
                    line,
                    column,
                },
                claim,
                evidence_ids: finding.evidence_ids,
            });
            has_diagnostics = true;
        }
        if has_diagnostics {
            report.files.push(SourceFile {
                name: result.display_name,
                text: result.source,
            });
        }
        report.chapters.push(result.summary);
    }
    let mut unknown: Vec<_> = setup
        .store
        .chapter_keys()
        .filter(|(key, _)| !known.contains(*key))
        .collect();
    unknown.sort_by_key(|(key, _)| *key);
    for (key, list) in unknown {
        report.diagnostics.push(Diagnostic {
            rule: Rule::UnknownChapter,
            severity: Rule::UnknownChapter.default_severity(),
            message: format!(
                "the store lists citations for chapter `{key}`, which is not in the book"
            ),
            location: Location::Store(list.origin.clone()),
            claim: None,
            evidence_ids: Vec::new(),
        });
    }
    let failed = setup.config.mode == Mode::Fail && report.count(Severity::Error) > 0;
    Outcome { report, failed }
}

/// Gathers each chapter's source path and a mutable borrow of its content,
/// in book order. Draft chapters (no path) have nothing to check.
fn collect_chapters<'b>(items: &'b mut [BookItem], out: &mut Vec<(PathBuf, &'b mut String)>) {
    for item in items {
        if let BookItem::Chapter(chapter) = item {
            let path = chapter.source_path.clone().or_else(|| chapter.path.clone());
            if let Some(path) = path {
                out.push((path, &mut chapter.content));
            }
            collect_chapters(&mut chapter.sub_items, out);
        }
    }
}

/// What processing one chapter produced.
struct ChapterResult {
    findings: Vec<Finding>,
    /// The chapter's markdown before rendering (for diagnostics).
    source: String,
    display_name: String,
    scan_excerpts: Vec<String>,
    summary: ChapterSummary,
}

/// Scans, judges and renders one chapter.
fn process_chapter(setup: &Setup, path: &Path, content: &mut String) -> ChapterResult {
    let config = &setup.config;
    let list: Option<&CitationList> = setup.store.citation_list(path);
    let checked = config.is_checked(path);
    let text = content.as_str();
    let scan = markers::scan(
        text,
        &ScanOptions {
            markdown: setup.markdown,
            numbered: list.is_some(),
            references_title: &config.references_title,
            claim_min_words: config.claim_min_words,
        },
    );

    // Judge: resolve every marker, then the claims.
    let mut findings = Vec::new();
    let mut resolved: Vec<Option<Resolved<'_>>> = Vec::with_capacity(scan.markers.len());
    for marker in &scan.markers {
        match rules::resolve(&marker.kind, &setup.store, list, config.as_of) {
            Ok(ok) => resolved.push(Some(ok)),
            Err((rule, message, id)) => {
                findings.push(Finding {
                    rule,
                    message,
                    span: marker.span.clone(),
                    block: marker.block,
                    evidence_ids: id.into_iter().collect(),
                });
                resolved.push(None);
            }
        }
    }
    let ok: Vec<bool> = resolved.iter().map(Option::is_some).collect();
    findings.extend(rules::ungrounded_claims(&scan, &ok, list.is_some()));
    findings.extend(rules::span_mismatches(&scan, &resolved));
    findings.extend(rules::numbers_not_in_evidence(text, &scan, &resolved));
    findings.sort_by_key(|f| (f.span.start, f.rule));
    if !checked {
        findings.clear();
    }
    let errors = findings
        .iter()
        .filter(|f| f.rule.default_severity() == Severity::Error)
        .count();
    let downgrade = config.mode == Mode::Downgrade && errors > 0 && !scan.has_banner;

    let edits = render_edits(setup, text, &scan, list, &resolved, downgrade);
    let claims = scan.blocks.iter().filter(|b| b.is_claim()).count();
    let ungrounded = findings
        .iter()
        .filter(|f| f.rule == Rule::UngroundedClaim)
        .count();
    let summary = ChapterSummary {
        path: chapter_key(path),
        checked,
        claims,
        grounded_claims: claims - ungrounded.min(claims),
        markers: scan.markers.len(),
        resolved_markers: ok.iter().filter(|&&ok| ok).count(),
        errors,
        downgraded: downgrade,
    };
    let scan_excerpts = if findings.is_empty() {
        Vec::new()
    } else {
        scan.blocks.iter().map(|b| b.excerpt(8)).collect()
    };
    let source = if findings.is_empty() {
        String::new()
    } else {
        content.clone()
    };
    if let Some(mut edits) = edits {
        *content = render::splice(content, &mut edits);
    }
    ChapterResult {
        findings,
        source,
        display_name: setup.src_dir.join(path).display().to_string(),
        scan_excerpts,
        summary,
    }
}

/// The edits that render a chapter, or `None` when nothing changes.
fn render_edits(
    setup: &Setup,
    text: &str,
    scan: &Scan,
    list: Option<&CitationList>,
    resolved: &[Option<Resolved<'_>>],
    downgrade: bool,
) -> Option<Vec<Edit>> {
    let newline = render::newline_of(text);
    // Numbers: the citation list's stand; other items follow in order of
    // first appearance.
    let mut numbers: HashMap<&str, u32> = HashMap::new();
    if let Some(list) = list {
        for (i, id) in list.ids.iter().enumerate() {
            numbers.entry(id.as_str()).or_insert(i as u32 + 1);
        }
    }
    let mut next = list.map_or(0, |l| l.ids.len() as u32) + 1;
    let mut entries: Vec<Entry<'_>> = Vec::new();
    let mut entry_of: HashMap<&str, usize> = HashMap::new();
    let mut edits = Vec::new();
    if downgrade {
        // First: at an offset shared with the References (a chapter whose
        // only heading is its last line) the banner goes before them.
        edits.push(render::banner_edit(text, scan.banner_offset, newline));
    }
    for (marker, resolved) in scan.markers.iter().zip(resolved) {
        let Some(evidence) = resolved else { continue };
        let number = *numbers.entry(evidence.id).or_insert_with(|| {
            next += 1;
            next - 1
        });
        let entry = *entry_of.entry(evidence.id).or_insert_with(|| {
            entries.push(Entry {
                number,
                evidence: *evidence,
                occurrences: 0,
            });
            entries.len() - 1
        });
        entries[entry].occurrences += 1;
        let occurrence = entries[entry].occurrences;
        let mut range = marker.span.clone();
        let mut cite = render::citation(
            setup.target,
            number,
            evidence,
            occurrence,
            marker.in_heading,
        );
        if setup.target == Target::Markdown && is_unescaped_bang_before(text, range.start) {
            // `![…](…)` would be an image: escape the author's `!`.
            range.start -= 1;
            cite.insert_str(0, "\\!");
        }
        edits.push(Edit { range, text: cite });
    }
    if !entries.is_empty() {
        entries.sort_by_key(|e| e.number);
        let section = render::references(
            setup.target,
            &setup.config.references_title,
            &entries,
            newline,
        );
        edits.push(render::references_edit(
            text,
            scan.references.clone(),
            scan.unclosed.as_deref(),
            section,
            newline,
        ));
    }
    // Markers inside an existing References section were not collected, so
    // no citation edit overlaps the section's replacement.
    (!edits.is_empty()).then_some(edits)
}

/// Whether the byte before `at` is a `!` that is not backslash-escaped.
fn is_unescaped_bang_before(text: &str, at: usize) -> bool {
    at > 0 && text.as_bytes()[at - 1] == b'!' && !markers::is_escaped(text, at - 1)
}

/// Loads the setup, processes the book, and prints the diagnostics and the
/// verdict to stderr: the whole run, for the binary and for in-process use.
/// Returns whether the build must stop.
pub fn run_and_report(ctx: &PreprocessorContext, book: &mut Book) -> anyhow::Result<bool> {
    let setup = Setup::load(ctx)?;
    let outcome = process_book(&setup, book);
    let mut stderr = crate::report::stderr();
    outcome.report.emit_human(&mut stderr)?;
    crate::report::emit_summary(&outcome, setup.config.mode, &mut stderr)?;
    Ok(outcome.failed)
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
