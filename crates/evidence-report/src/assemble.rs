//! From judged findings to located diagnostics: each finding is placed in
//! the file a person edits (through the include [`SourceMap`] when the
//! chapter's text came from several files), with its line and column.

use crate::{ChapterSummary, Diagnostic, Inclusion, Location, Note, Outcome, Report, SourceFile};
use evidence_core::config::Config;
use evidence_core::finding::Finding;
use evidence_core::rule::Severity;
use evidence_core::source_map::{SourceMap, Trace};
use evidence_rules::{Judged, StoreFinding};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The book a run is about, as reporting needs it: where its files are
/// (to place diagnostics and to write the report file) and how it is
/// configured.
#[derive(Debug, Clone, Copy)]
pub struct ReportContext<'a> {
    /// The book's root directory.
    pub root: &'a Path,
    /// The book's source directory relative to its root (`src`).
    pub src_dir: &'a Path,
    /// What the validation report is never written onto or into.
    pub report_inputs: &'a crate::ReportInputs,
    /// The book's configuration.
    pub config: &'a Config,
}

/// What judging one chapter found, before it is placed in files.
#[derive(Debug)]
pub struct ChapterFindings {
    /// The chapter's path relative to `src/`.
    pub path: PathBuf,
    /// Every finding that was not silenced, in document order.
    pub findings: Vec<Judged>,
    /// Findings silenced by a suppression comment, with its reason.
    pub suppressed: Vec<(Finding, String)>,
    /// The chapter's markdown as the preprocessor saw it (after mdBook's
    /// `{{#include}}` expansion); only needed, so only kept, when there is
    /// a finding to place in it.
    pub source: String,
    /// What the build did with the chapter.
    pub summary: ChapterSummary,
}

/// Builds the report of a run from each chapter's findings (in book order)
/// and the findings about the store, and decides whether the build stops.
pub fn assemble(
    context: &ReportContext<'_>,
    chapters: Vec<ChapterFindings>,
    store_findings: Vec<StoreFinding>,
) -> Outcome {
    let mut assembly = Assembly {
        context,
        report: Report {
            quality_targets: context.config.quality,
            ..Report::default()
        },
        file_index: HashMap::new(),
    };
    for chapter in chapters {
        assembly.add_chapter(chapter);
    }
    let mut report = assembly.report;
    for finding in store_findings {
        let Some(severity) = context.config.level(finding.rule).severity() else {
            continue;
        };
        report.diagnostics.push(Diagnostic {
            rule: finding.rule,
            severity,
            message: finding.message,
            location: Location::Store(finding.origin),
            claim: None,
            evidence_ids: Vec::new(),
            removed: false,
            included_by: None,
        });
    }
    Outcome::new(report, context.config.mode)
}

/// A report being built, chapter after chapter.
struct Assembly<'c, 'a> {
    context: &'c ReportContext<'a>,
    report: Report,
    /// The index in `report.files` of each included file already added,
    /// by its shown path: a file included by several chapters is one file.
    file_index: HashMap<String, usize>,
}

impl Assembly<'_, '_> {
    /// Places the chapter's findings and adds its summary.
    fn add_chapter(&mut self, chapter: ChapterFindings) {
        let has_diagnostics = !chapter.findings.is_empty() || !chapter.suppressed.is_empty();
        let (map, files) = if has_diagnostics {
            self.chapter_files(&chapter)
        } else {
            (None, Vec::new())
        };
        let place = Placement {
            texts: &self.report.files,
            map: map.as_ref(),
            files: &files,
        };
        let mut diagnostics = Vec::new();
        for judged in chapter.findings {
            diagnostics.push(place.diagnostic(judged.finding, judged.severity, judged.removed));
        }
        let mut suppressed = Vec::new();
        for (finding, reason) in chapter.suppressed {
            let severity = finding
                .rule
                .default_level()
                .severity()
                .unwrap_or(Severity::Warning);
            suppressed.push((place.diagnostic(finding, severity, false), reason));
        }
        self.report.diagnostics.extend(diagnostics);
        self.report.suppressed.extend(suppressed);
        self.report.chapters.push(chapter.summary);
    }

    /// The files the chapter's diagnostics point into, added to the report:
    /// the files its text came from when mdBook's `{{#include}}` expansion
    /// can be redone (with the map into them), else the text as the
    /// preprocessor saw it (with a note saying so when that text is not
    /// the chapter's file).
    fn chapter_files(&mut self, chapter: &ChapterFindings) -> (Option<SourceMap>, Vec<usize>) {
        let context = self.context;
        let file = context.root.join(context.src_dir).join(&chapter.path);
        let map = match SourceMap::trace(&file, &chapter.source) {
            Trace::Mapped(map) => map,
            trace => {
                self.report.files.push(SourceFile::new(
                    context.src_dir.join(&chapter.path).display().to_string(),
                    chapter.source.clone(),
                ));
                let index = self.report.files.len() - 1;
                if let Trace::Untraced(why) = trace {
                    self.report.notes.push(Note {
                        file: index,
                        message: format!(
                            "lines and columns of this chapter's diagnostics are in its text as mdBook handed it over, not in the files it came from: {why}"
                        ),
                    });
                }
                return (None, vec![index]);
            }
        };
        let mut files = Vec::with_capacity(map.files.len());
        for (path, text) in &map.files {
            let name = path_in_book(context.root, path);
            let files_so_far = &mut self.report.files;
            files.push(*self.file_index.entry(name.clone()).or_insert_with(|| {
                files_so_far.push(SourceFile::new(name, text.clone()));
                files_so_far.len() - 1
            }));
        }
        (Some(map), files)
    }
}

/// Where a chapter's findings go: its files in the report and, when its
/// text came from several files, the map into them.
struct Placement<'r> {
    /// The report's files so far.
    texts: &'r [SourceFile],
    map: Option<&'r SourceMap>,
    /// The report's index of each file of the map (of the chapter's text
    /// alone, without a map).
    files: &'r [usize],
}

impl Placement<'_> {
    /// The diagnostic of `finding`, located in the file it came from.
    fn diagnostic(&self, finding: Finding, severity: Severity, removed: bool) -> Diagnostic {
        let mut included_by = None;
        let (file, span) = match self.map {
            Some(map) => {
                let (file, span) = map.locate(finding.span.clone());
                if file != 0 {
                    included_by = map.included_at(finding.span.start).map(|at| {
                        let chapter = self.files[0];
                        let (line, column) = self.texts[chapter].line_column(at);
                        Inclusion {
                            file: chapter,
                            line,
                            column,
                        }
                    });
                }
                (self.files[file], span)
            }
            None => (self.files[0], finding.span.clone()),
        };
        let (line, column) = self.texts[file].line_column(span.start);
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
            included_by,
        }
    }
}

/// A file's path as diagnostics name it: relative to the book's root when
/// inside it (`src/snippets/quote.md`), else as it is.
fn path_in_book(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
