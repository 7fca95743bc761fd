//! Table rows as claims, through the real binary on books mdBook loaded
//! (and, where the page matters, through a whole `mdbook build`): a row
//! that cites is a claim whose figures are checked against its passages;
//! in a table that cites, a row of figures that cites nothing is
//! ungrounded; headers, label rows and tables that cite nothing are not
//! claims; every mode, suppressions and the report handle a row as a
//! claim, and a second run changes nothing.

use crate::common::{Run, TestBook, rerun};

const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
    {"source_id": "bls", "publisher": "Bureau of Labor Statistics", "tier": 1},
    {"source_id": "blog", "publisher": "Macro Blog", "tier": 3}
  ],
  "evidence": [
    {"id": "ev_reuters_0210", "source_id": "reuters", "url": "https://www.reuters.com/fed-odds",
     "title": "Traders lift June cut bets", "published_at": "2026-02-10T20:00:00Z",
     "cited_text": "Traders now price a 55% chance that the Fed cuts rates by June."},
    {"id": "ev_bls", "source_id": "bls", "url": "https://www.bls.gov/news.release/empsit.nr0.htm",
     "title": "The Employment Situation - January 2026", "published_at": "2026-02-06T13:30:00Z",
     "cited_text": "The unemployment rate was 4.4 percent in January, and payrolls rose by 130,000."},
    {"id": "ev_blog", "source_id": "blog", "url": "https://blog.example/cpi",
     "title": "CPI preview", "published_at": "2026-02-10T00:00:00Z",
     "cited_text": "We expect core CPI of 0.3% in January."}
  ]
}"#;

fn book(config: &str, chapter: &str) -> TestBook {
    TestBook::with_store(
        &format!("as-of = \"2026-02-12\"\n{config}"),
        STORE,
        &[("brief.md", chapter)],
    )
}

fn run(config: &str, chapter: &str) -> Run {
    book(config, chapter).run("html")
}

/// The diagnostics of `rule` on stderr: each one's first line.
fn lines<'r>(run: &'r Run, rule: &str) -> Vec<&'r str> {
    let tag = format!("[{rule}]");
    run.stderr.lines().filter(|l| l.contains(&tag)).collect()
}

const BRIEF: &str = "# Brief\n\n\
| Indicator | Value | Cite |\n\
|:---|---:|---|\n\
| Cut odds by June | 95% | [EVID:ev_reuters_0210] |\n\
| Unemployment | 4.4% | |\n\
| **Outlook** | *cautious* | |\n\
| Payrolls | 130,000 | [EVID:ev_bls] |\n";

// ---- which rows are claims ---------------------------------------------

#[test]
fn a_cited_row_with_a_wrong_figure_is_flagged_at_the_figure() {
    let out = run("", BRIEF);
    let numbers = lines(&out, "number-not-in-evidence");
    assert_eq!(numbers.len(), 1, "{}", out.stderr);
    assert!(numbers[0].contains("`95%`"), "{}", out.stderr);
    // At the cell that holds it: line 5, column 22.
    assert!(out.stderr.contains("src/brief.md:5:22"), "{}", out.stderr);
    // `130,000` is in its passage, and `4.4%` cites nothing.
    assert!(!out.stderr.contains("`130,000`"), "{}", out.stderr);

    let right = BRIEF.replace("95%", "55%");
    let out = run("", &right);
    assert!(
        lines(&out, "number-not-in-evidence").is_empty(),
        "{}",
        out.stderr
    );
}

#[test]
fn an_uncited_row_of_figures_in_a_citing_table_is_ungrounded() {
    let out = run("", BRIEF);
    let ungrounded = lines(&out, "ungrounded-claim");
    // The header and the label row (`**Outlook** | *cautious*`) are not.
    assert_eq!(ungrounded.len(), 1, "{}", out.stderr);
    assert!(out.stderr.contains("src/brief.md:6:3"), "{}", out.stderr);
    assert!(
        out.stderr.contains("claim: \"Unemployment | 4.4%\""),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 1, "ungrounded-claim is an error: {}", out.stderr);
    assert!(!out.stderr.contains("Outlook"), "{}", out.stderr);
    assert!(!out.stderr.contains("Indicator"), "{}", out.stderr);

    // Cited, the book builds.
    let cited = BRIEF.replace("| 4.4% | |", "| 4.4% | [EVID:ev_bls] |");
    let out = run("", &cited);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn a_table_that_cites_nothing_holds_no_claim_unless_its_header_names_sources() {
    let plain =
        "# Brief\n\n| Indicator | Value |\n|---|---|\n| Unemployment | 4.4% |\n| CPI | 0.3% |\n";
    let out = run("", plain);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(lines(&out, "ungrounded-claim").is_empty(), "{}", out.stderr);

    // A column of sources says the rows cite: one that names its source
    // in words only cites nothing.
    let sourced = "# Brief\n\n| Indicator | Value | Source |\n|---|---|---|\n| Unemployment | 4.4% | BLS |\n| Outlook | cautious | Fed |\n";
    let out = run("", sourced);
    assert_eq!(lines(&out, "ungrounded-claim").len(), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("claim: \"Unemployment | 4.4% | BLS\""),
        "{}",
        out.stderr
    );
}

#[test]
fn a_row_is_one_claim_whatever_the_claim_unit() {
    // A cited bullet with an uncited second sentence, and a table.
    let text = format!(
        "{BRIEF}\n- Rates held at the meeting [EVID:ev_reuters_0210]. Stocks then fell sharply.\n"
    );
    let count = |claims: &str| {
        let out = run(&format!("mode = \"warn\"\nclaims = \"{claims}\"\n"), &text);
        lines(&out, "ungrounded-claim").len()
    };
    // The row, and by sentence the second sentence too.
    assert_eq!(count("blocks"), 1);
    assert_eq!(count("bullets"), 1);
    assert_eq!(count("sentences"), 2);
}

#[test]
fn rows_of_every_shape_are_claims_with_their_own_markers() {
    // Non-ASCII cells (full-width figures, an RTL mark, emoji), an escaped
    // pipe, a pipe in inline code, fewer and more cells than the header,
    // tables in a list item and in a quote.
    let text = "# Brief\n\n\
- Markets moved on the day [EVID:ev_reuters_0210].\n\n  \
  | 指標 | 値 | 出典 |\n  |---|---|---|\n  | 東京\u{200f} CPI 😀 | 0.3% | [EVID:ev_blog] |\n  | 失業率 | ４.４％ |\n\n\
> | Item | Value |\n> |---|---|\n> | `a\\|b` x \\| y | 55% [EVID:ev_reuters_0210] |\n> | Payrolls | 130,000 | extra | [EVID:ev_bls] |\n";
    let b = book("mode = \"warn\"\n", text);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The blog's row: a figure from one tier-3 source; the last row's
    // marker is in a fourth cell of a table of two columns, which GFM
    // drops (with the third), so it cites nothing.
    assert_eq!(lines(&out, "numeric-claim").len(), 1, "{}", out.stderr);
    let ungrounded = lines(&out, "ungrounded-claim");
    assert_eq!(ungrounded.len(), 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("claim: \"失業率 | ４.４％\""),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("claim: \"Payrolls | 130,000\""),
        "{}",
        out.stderr
    );
    let ch = out.chapter("brief.md");
    assert!(
        ch.contains("| `a\\|b` x \\| y | 55% <a class=\"evidence-cite\""),
        "{ch}"
    );
    assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
    b.build().expect("builds");
    let html = b.html("brief.md");
    assert_eq!(html.matches("<table>").count(), 2, "{html}");
}

// ---- every mode ---------------------------------------------------------

/// The table of [`BRIEF`] on the page: its rows' first cells.
fn first_cells(html: &str) -> Vec<String> {
    let table = &html[html.find("<tbody>").expect("a table body")..];
    let table = &table[..table.find("</tbody>").unwrap()];
    table
        .split("<tr>")
        .skip(1)
        .map(|row| {
            let cell = &row[row.find("<td").unwrap()..];
            let cell = &cell[cell.find('>').unwrap() + 1..];
            cell[..cell.find("</td>").unwrap()].to_owned()
        })
        .collect()
}

#[test]
fn remove_mode_deletes_the_row_and_the_table_stays_a_table() {
    let b = book("mode = \"remove\"\nremoval = \"delete\"\n", BRIEF);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ch = out.chapter("brief.md");
    assert!(!ch.contains("Unemployment"), "{ch}");
    assert!(
        ch.contains("| **Outlook** | *cautious* | |\n| Payrolls |"),
        "{ch}"
    );
    assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
    b.build().expect("builds");
    let html = b.html("brief.md");
    assert_eq!(
        first_cells(&html),
        ["Cut odds by June", "<strong>Outlook</strong>", "Payrolls"]
    );
}

#[test]
fn remove_mode_replaces_the_row_by_the_phrase_in_one_cell() {
    let b = book("mode = \"remove\"\n", BRIEF);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ch = out.chapter("brief.md");
    assert!(
        ch.contains("\n| [Insufficient evidence to support this claim] |\n"),
        "{ch}"
    );
    assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
    b.build().expect("builds");
    let html = b.html("brief.md");
    assert_eq!(
        first_cells(&html),
        [
            "Cut odds by June",
            "[Insufficient evidence to support this claim]",
            "<strong>Outlook</strong>",
            "Payrolls"
        ]
    );
}

#[test]
fn remove_mode_deletes_rows_of_tables_in_quotes_and_lists_whole() {
    let text = "# Brief\n\n\
> | Indicator | Value |\n> |---|---|\n> | Unemployment | 4.4% |\n> | Cut odds | 55% [EVID:ev_reuters_0210] |\n> | CPI | 0.3% |\n\n\
- Markets moved on the day [EVID:ev_reuters_0210].\n\n  | Indicator | Value |\n  |---|---|\n  | CPI | 0.3% |\n  | Cut odds | 55% [EVID:ev_reuters_0210] |\n";
    for removal in ["delete", "replace"] {
        let config = format!("mode = \"remove\"\nremoval = \"{removal}\"\nmax-removed = 9\n");
        let b = book(&config, text);
        let stdin = b.stdin("html");
        let out = crate::common::run_stdin(b.root(), &stdin);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let ch = out.chapter("brief.md");
        assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
        assert!(!ch.contains("4.4%") && !ch.contains("0.3%"), "{ch}");
        if removal == "delete" {
            assert!(ch.contains("> |---|---|\n> | Cut odds |"), "{ch}");
            assert!(ch.contains("  |---|---|\n  | Cut odds |"), "{ch}");
        }
        b.build().expect("builds");
        let html = b.html("brief.md");
        assert_eq!(html.matches("<table>").count(), 2, "{html}");
        assert_eq!(html.matches("<blockquote>").count(), 1, "{html}");
    }
}

#[test]
fn downgrade_and_labels_treat_a_row_as_a_claim() {
    let b = book("mode = \"downgrade\"\nconfidence-labels = true\n", BRIEF);
    let stdin = b.stdin("html");
    let out = crate::common::run_stdin(b.root(), &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ch = out.chapter("brief.md");
    assert!(ch.contains("Unverified Summary"), "{ch}");
    // The grounded rows get their label in their first cell.
    assert!(
        ch.contains("| \\[MEDIUM CONFIDENCE\\] Cut odds by June | 95% |"),
        "{ch}"
    );
    assert!(
        ch.contains("| \\[MEDIUM CONFIDENCE\\] Payrolls | 130,000 |"),
        "{ch}"
    );
    // The failing row is marked in its first cell.
    assert!(
        ch.contains("\n| <span class=\"evidence-unverified-claim\" role=\"note\" aria-label=\"Unverified claim: claim cites no evidence\" title=\"Unverified claim: claim cites no evidence\">⚠</span> Unemployment | 4.4% | |\n"),
        "{ch}"
    );
    assert_eq!(rerun(b.root(), &stdin, &out).chapter("brief.md"), ch);
    b.build().expect("builds");
    assert_eq!(first_cells(&b.html("brief.md")).len(), 4);
}

#[test]
fn a_suppression_before_a_table_silences_its_rows() {
    let text = BRIEF.replace(
        "| Indicator",
        "<!-- evidence-disable-next-line ungrounded-claim reason=\"figures from the appendix\" -->\n| Indicator",
    );
    let out = run("", &text);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(lines(&out, "ungrounded-claim").is_empty(), "{}", out.stderr);
    // Other rules still apply to its rows.
    assert_eq!(
        lines(&out, "number-not-in-evidence").len(),
        1,
        "{}",
        out.stderr
    );
}

#[test]
fn the_report_counts_rows_as_claims() {
    let b = book(
        "mode = \"remove\"\nreport = \"reports/evidence.json\"\n",
        BRIEF,
    );
    let out = b.run("html");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(b.root().join("reports/evidence.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(json["totals"]["total_bullets"], 3);
    assert_eq!(json["totals"]["cited_bullets"], 2);
    assert_eq!(json["totals"]["removed_bullets"], 1);
    let violations = json["violations"].as_array().unwrap();
    let ungrounded = violations
        .iter()
        .find(|v| v["rule"] == "ungrounded-claim")
        .unwrap();
    assert_eq!(ungrounded["line"], 6);
    assert_eq!(ungrounded["column"], 3);
    assert_eq!(ungrounded["claim"], "Unemployment | 4.4%");
}
