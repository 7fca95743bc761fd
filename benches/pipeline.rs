//! Micro-benchmarks of the stages: the store load, the marker scan, the
//! rendering of one chapter, the per-chapter stage over a book, and writing
//! the book out. Whole-process timings are `bench/run`'s (BENCHMARKS.md).
//!
//! `cargo bench --bench pipeline [-- <filter>]`

#[path = "../examples/bench/book/mod.rs"]
mod book;

use book::{Spec, Style};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use evidence_core::markers::{self, MarkdownFlags, ScanOptions};
use evidence_render::{self as render, Entry, Target};
use evidence_rules as rules;
use mdbook_evidence::session::Session;
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::{Book, Chapter};
use std::hint::black_box;
use std::path::PathBuf;

const SPEC: Spec = Spec {
    chapters: 100,
    items: 20_000,
    style: Style::Evid,
};

/// A book directory holding the store of `spec`, and its context.
fn context(spec: &Spec) -> (tempfile::TempDir, PreprocessorContext) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("evidence")).unwrap();
    std::fs::write(
        dir.path().join("evidence/store.json"),
        book::store_json(spec),
    )
    .unwrap();
    let config = "[book]\ntitle = \"Bench\"\n\n[preprocessor.evidence]\nstore = \"evidence/store.json\"\nas-of = \"2026-02-11\"\n"
        .parse()
        .unwrap();
    let ctx = PreprocessorContext::new(dir.path().to_owned(), config, "html".into());
    (dir, ctx)
}

fn the_book(spec: &Spec) -> Book {
    let mut book = Book::new();
    for c in 0..spec.chapters {
        book.push_item(Chapter::new(
            &book::chapter_title(c),
            book::chapter(spec, c),
            PathBuf::from(book::chapter_path(c)),
            Vec::new(),
        ));
    }
    book
}

/// The scan options of an `[EVID:]` chapter with the default config.
fn scan_options() -> ScanOptions<'static> {
    ScanOptions {
        markdown: MarkdownFlags::default(),
        numbered: false,
        references_title: "References",
        claim_min_words: 3,
    }
}

fn store_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("store");
    group.sample_size(20);
    for items in [20_000, 200_000] {
        let spec = Spec { items, ..SPEC };
        let (dir, _) = context(&spec);
        let paths = [PathBuf::from("evidence/store.json")];
        let bytes = std::fs::metadata(dir.path().join(&paths[0])).unwrap().len();
        group.throughput(Throughput::Bytes(bytes));
        group.bench_function(format!("load_{items}"), |b| {
            b.iter(|| evidence_core::store::load(dir.path(), black_box(&paths)).unwrap())
        });
    }
    group.finish();
}

fn scan(c: &mut Criterion) {
    let text = book::chapter(&SPEC, 7);
    let options = scan_options();
    let mut group = c.benchmark_group("scan");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("chapter", |b| {
        b.iter(|| markers::scan(black_box(&text), &options))
    });
    group.finish();
}

fn render_chapter(c: &mut Criterion) {
    let (_dir, ctx) = context(&SPEC);
    let setup = Session::open_to_read(&ctx, &Default::default()).unwrap();
    let text = book::chapter(&SPEC, 7);
    let options = scan_options();
    let scan = markers::scan(&text, &options);
    c.bench_function("render/chapter", |b| {
        b.iter(|| {
            // As the pipeline does: resolve each marker, render the
            // citation, then the References of the 40 items.
            let mut entries: Vec<Entry<'_>> = Vec::new();
            let mut citations = Vec::with_capacity(scan.markers.len());
            for marker in &scan.markers {
                let evidence =
                    rules::resolve(&marker.kind, setup.store(), None, setup.config()).unwrap();
                let entry = match entries.iter().position(|e| e.evidence.id == evidence.id) {
                    Some(i) => i,
                    None => {
                        let number = entries.len() as u32 + 1;
                        entries.push(Entry {
                            number,
                            evidence,
                            occurrences: 0,
                        });
                        entries.len() - 1
                    }
                };
                entries[entry].occurrences += 1;
                let e = &entries[entry];
                citations.push(render::citation(
                    setup.templates(),
                    Target::Html,
                    e.number,
                    &e.evidence,
                    e.occurrences,
                    false,
                ));
            }
            let references = render::references(
                setup.templates(),
                Target::Html,
                "References",
                &entries,
                "\n",
            );
            (citations, references)
        })
    });
}

fn chapters(c: &mut Criterion) {
    let (_dir, ctx) = context(&SPEC);
    let setup = Session::open_to_read(&ctx, &Default::default()).unwrap();
    let book = the_book(&SPEC);
    let mut group = c.benchmark_group("book");
    group.sample_size(20);
    group.throughput(Throughput::Elements(SPEC.chapters as u64));
    group.bench_function("process_100_chapters", |b| {
        b.iter_batched(
            || book.clone(),
            |mut book| setup.process(&mut book),
            BatchSize::LargeInput,
        )
    });
    let mut rendered = book.clone();
    setup.process(&mut rendered);
    let mut out = Vec::new();
    group.bench_function("write_100_chapters", |b| {
        b.iter(|| {
            out.clear();
            serde_json::to_writer(&mut out, black_box(&rendered)).unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, store_load, scan, render_chapter, chapters);
criterion_main!(benches);
