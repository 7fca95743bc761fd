//! Labelled citations made into a real book, as the corpus README says:
//! one chapter per report, each claim its own paragraph on one line
//! followed by its markers, one evidence.v1 store file per chapter.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// One cited passage of a record.
#[derive(Clone)]
pub struct Citation {
    pub title: String,
    pub url: String,
    pub passage: String,
}

/// One labelled citation record (a claim and what it cites).
#[derive(Clone)]
pub struct Record {
    pub id: String,
    pub report: String,
    pub claim: String,
    pub citations: Vec<Citation>,
    /// The label against the stored passage (`label_read`, else `label`).
    pub label: String,
    /// The dataset's own label (`label`).
    pub label_dataset: String,
    /// The second reading of the real reports (`label_strict`; empty
    /// elsewhere).
    pub label_strict: String,
    /// Where the record came from (`expertqa`, `storm`, a support set,
    /// `swapped-name`).
    pub set: String,
}

/// Where each record's claim is in the book: its chapter file, line and
/// columns (1-based, in characters, the end excluded).
pub struct Placement {
    pub file: String,
    pub line: usize,
    pub columns: std::ops::Range<usize>,
}

/// How a report's claims are laid out.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Each claim its own paragraph (the corpus README's recipe).
    Lines,
    /// A report's claims one paragraph, as a model writes them.
    Paragraphs,
}

/// Reads `realreports/dev.jsonl` records.
pub fn read_real(path: &Path) -> Result<Vec<Record>, String> {
    read_lines(path, |v| {
        let citations = v["citations"]
            .as_array()
            .ok_or("no citations")?
            .iter()
            .map(|c| Citation {
                title: c["title"].as_str().unwrap_or_default().to_string(),
                url: c["url"].as_str().unwrap_or_default().to_string(),
                passage: c["passage"].as_str().unwrap_or_default().to_string(),
            })
            .collect();
        let label_dataset = text(v, "label")?;
        Ok(Record {
            id: text(v, "id")?,
            report: text(v, "report_id")?,
            claim: text(v, "claim")?,
            citations,
            label: v["label_read"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| label_dataset.clone()),
            label_dataset,
            label_strict: v["label_strict"].as_str().unwrap_or_default().to_string(),
            set: text(v, "source")?,
        })
    })
}

/// Reads a support-corpus file: each row a claim and one passage, made a
/// report of its own so no row is judged beside another.
pub fn read_support(path: &Path) -> Result<Vec<Record>, String> {
    read_lines(path, |v| {
        let id = text(v, "id")?;
        let label = text(v, "label")?;
        Ok(Record {
            report: id.clone(),
            id,
            claim: text(v, "claim")?,
            citations: vec![Citation {
                title: String::new(),
                url: String::new(),
                passage: text(v, "passage")?,
            }],
            label_dataset: label.clone(),
            label_strict: String::new(),
            label,
            set: text(v, "set")?,
        })
    })
}

/// Applies the labels read by hand (`relabels.tsv`: id, label, what the
/// passage lacks) to the records they name; returns how many it changed.
pub fn relabel(records: &mut [Record], table: &str) -> usize {
    let read: BTreeMap<&str, &str> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut cols = l.split('\t');
            Some((cols.next()?, cols.next()?))
        })
        .collect();
    let mut changed = 0;
    for r in records.iter_mut() {
        if let Some(&label) = read.get(r.id.as_str())
            && r.label != label
        {
            r.label = label.to_string();
            changed += 1;
        }
    }
    changed
}

fn read_lines(
    path: &Path,
    parse: impl Fn(&Value) -> Result<Record, String>,
) -> Result<Vec<Record>, String> {
    let data = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    data.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v: Value = serde_json::from_str(l)
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            parse(&v).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

fn text(v: &Value, key: &str) -> Result<String, String> {
    v[key]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no `{key}`"))
}

/// Writes the book of `records` into `dir` (claims by sentence when
/// `sentences`), and says where each record's claim is.
pub fn write(
    dir: &Path,
    records: &[Record],
    sentences: bool,
    layout: Layout,
) -> std::io::Result<Vec<Placement>> {
    let src = dir.join("src");
    let store = dir.join("evidence");
    std::fs::create_dir_all(&src)?;
    std::fs::create_dir_all(&store)?;
    let claims = if sentences {
        "claims = \"sentences\"\n"
    } else {
        ""
    };
    std::fs::write(
        dir.join("book.toml"),
        format!(
            "[book]\ntitle = \"Real reports\"\n\n[preprocessor.evidence]\nstore = \"evidence\"\nas-of = \"2023-12-31\"\nmode = \"warn\"\n{claims}"
        ),
    )?;
    let mut summary = String::from("# Summary\n\n");
    let mut hosts: BTreeMap<String, String> = BTreeMap::new();
    let mut placements = Vec::with_capacity(records.len());
    let mut start = 0;
    let mut chapter = 0;
    while start < records.len() {
        let report = &records[start].report;
        let end = start
            + records[start..]
                .iter()
                .take_while(|r| &r.report == report)
                .count();
        chapter += 1;
        let file = format!("r{chapter:04}.md");
        let (text, store_json) = chapter_of(
            &file,
            &records[start..end],
            &mut hosts,
            &mut placements,
            layout,
        );
        std::fs::write(src.join(&file), text)?;
        std::fs::write(
            store.join(format!("r{chapter:04}.json")),
            serde_json::to_string_pretty(&store_json).unwrap(),
        )?;
        writeln!(summary, "- [Report {chapter}]({file})").unwrap();
        start = end;
    }
    std::fs::write(src.join("SUMMARY.md"), summary)?;
    let sources: Vec<Value> = hosts
        .iter()
        .map(|(host, id)| json!({"source_id": id, "publisher": host, "tier": 2}))
        .collect();
    std::fs::write(
        store.join("sources.json"),
        serde_json::to_string_pretty(&json!({"schema_version": "evidence.v1", "sources": sources}))
            .unwrap(),
    )?;
    Ok(placements)
}

fn chapter_of(
    file: &str,
    records: &[Record],
    hosts: &mut BTreeMap<String, String>,
    placements: &mut Vec<Placement>,
    layout: Layout,
) -> (String, Value) {
    let stem = file.trim_end_matches(".md");
    let mut text = format!("# Report {}\n\n", &stem[1..]);
    let mut line = 3;
    let mut items: Vec<Value> = Vec::new();
    let mut numbers: BTreeMap<&str, usize> = BTreeMap::new();
    for record in records {
        let mut markers = String::new();
        for citation in &record.citations {
            let next = numbers.len() + 1;
            let n = *numbers.entry(citation.passage.as_str()).or_insert_with(|| {
                let url = if citation.url.starts_with("http") {
                    citation.url.clone()
                } else {
                    format!("https://example.org/{stem}/{next}")
                };
                let host = url.split('/').nth(2).unwrap_or("example.org").to_string();
                let count = hosts.len();
                let source = hosts
                    .entry(host)
                    .or_insert_with(|| format!("host{count}"))
                    .clone();
                let title = if citation.title.is_empty() {
                    format!("Passage {next}")
                } else {
                    citation.title.clone()
                };
                items.push(json!({
                    "id": format!("ev_{stem}_{next}"), "source_id": source, "url": url,
                    "title": title, "published_at": "2023-06-01T00:00:00Z",
                    "quote_span": {"text": citation.passage},
                }));
                next
            });
            write!(markers, "[{n}]").unwrap();
        }
        // One line, one paragraph: a line break inside a claim would move
        // its markers to another line.
        let claim = record
            .claim
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let line_start = text.rfind('\n').map_or(0, |i| i + 1);
        let column = text[line_start..].chars().count() + 1;
        write!(text, "{claim} {markers}").unwrap();
        let end = text[line_start..].chars().count() + 1;
        placements.push(Placement {
            file: format!("src/{file}"),
            line,
            columns: column..end,
        });
        match layout {
            Layout::Lines => {
                text.push_str("\n\n");
                line += 2;
            }
            Layout::Paragraphs => text.push(' '),
        }
    }
    if layout == Layout::Paragraphs {
        text.push('\n');
    }
    let list: Vec<String> = (1..=items.len())
        .map(|n| format!("ev_{stem}_{n}"))
        .collect();
    let store = json!({
        "schema_version": "evidence.v1",
        "evidence": items,
        "chapters": {file: list},
    });
    (text, store)
}
