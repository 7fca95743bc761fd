//! Suppression comments as people write them, through the real binary on
//! books mdBook loaded: `evidence-disable-line` at the end of a claim's
//! line, `evidence-disable` … `evidence-enable` ranges, a chapter's
//! `evidence-disable-file`, any other `evidence-` word reported with a
//! did-you-mean; and admonitions and "read more" lines, which are no
//! claims. Reasons are non-ASCII; every chapter comes out as written, but
//! for the comments' reasons, which stay in the markdown source.

use crate::common::{Run, TestBook};

fn run(chapter: &str) -> Run {
    TestBook::new("", &[("brief.md", chapter)]).run("html")
}

fn count(run: &Run, rule: &str) -> usize {
    run.stderr.matches(&format!("[{rule}]")).count()
}

/// The chapter comes out with its text as written, comments included
/// (run in `warn` mode, which publishes it), each comment's reason
/// withheld: the author's reason stays in the markdown source.
fn kept(chapter: &str) {
    let out = TestBook::new("mode = \"warn\"", &[("brief.md", chapter)]).run("html");
    let out = out.chapter("brief.md");
    for line in chapter.lines().filter(|l| l.contains("<!--")) {
        let (before, reason) = line.split_once(" reason=").unwrap_or((line, ""));
        assert!(out.contains(before), "{line:?} lost from:\n{out}");
        if !reason.is_empty() {
            assert!(!out.contains(reason), "{reason} published:\n{out}");
            assert!(
                out.contains(&format!(
                    "{before} reason=\"given in the chapter's source\" -->"
                )),
                "{line:?}:\n{out}"
            );
        }
    }
}

#[test]
fn disable_line_silences_the_claim_whose_line_it_ends() {
    let chapter = "# Brief\n\n\
        - Les marchés ont salué la décision sans réserve. <!-- evidence-disable-line ungrounded-claim reason=\"opinion de la rédaction — « éditorial »\" -->\n\
        - Nobody cited anything for this statement either.\n";
    let out = run(chapter);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(out.stderr.contains("Nobody cited"), "{}", out.stderr);
    assert_eq!(count(&out, "invalid-suppression"), 0, "{}", out.stderr);
    kept(chapter);

    // On a line of its own it silences nothing and says why.
    let alone = "# Brief\n\n<!-- evidence-disable-line ungrounded-claim reason=\"编辑意见\" -->\n\
        - Nobody cited anything for this statement here.\n";
    let out = run(alone);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert_eq!(count(&out, "invalid-suppression"), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("it stands on a line of its own"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_range_silences_what_is_between_disable_and_enable() {
    let chapter = "# Brief\n\n\
        <!-- evidence-disable ungrounded-claim reason=\"cadre historique, sans source — déjà relu\" -->\n\n\
        The first uncited statement stands inside the range.\n\n\
        - The second uncited statement stands inside it too.\n\n\
        <!-- evidence-enable -->\n\n\
        This uncited statement comes after the range ends.\n";
    let out = run(chapter);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("after the range ends"),
        "{}",
        out.stderr
    );
    assert_eq!(count(&out, "invalid-suppression"), 0, "{}", out.stderr);
    kept(chapter);

    // A range never ended, and an end with no range, are reported.
    let open = "# Brief\n\n<!-- evidence-disable ungrounded-claim reason=\"ok\" -->\n\n\
        An uncited statement after an open range.\n\n<!-- evidence-enable -->\n\n<!-- evidence-enable -->\n";
    let out = run(open);
    assert_eq!(count(&out, "ungrounded-claim"), 0, "{}", out.stderr);
    assert_eq!(count(&out, "invalid-suppression"), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("no `evidence-disable` before it"),
        "{}",
        out.stderr
    );
    let unended = "# Brief\n\n<!-- evidence-disable ungrounded-claim reason=\"ok\" -->\n\n\
        An uncited statement after an open range.\n";
    let out = run(unended);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("no `evidence-enable` after it"),
        "{}",
        out.stderr
    );
}

#[test]
fn disable_file_silences_the_chapter_and_needs_a_reason() {
    let chapter = "# Brief\n\nThe first uncited statement of the chapter.\n\n\
        - Another uncited statement, further down.\n\n\
        <!-- evidence-disable-file ungrounded-claim reason=\"annexe méthodologique ✓\" -->\n";
    let out = run(chapter);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(count(&out, "ungrounded-claim"), 0, "{}", out.stderr);
    kept(chapter);

    let out = run(
        "# Brief\n\n<!-- evidence-disable-file ungrounded-claim -->\n\n\
        The first uncited statement of the chapter.\n",
    );
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("no `reason=\\\"…\\\"`") || out.stderr.contains("no `reason="),
        "{}",
        out.stderr
    );
}

#[test]
fn other_evidence_words_and_rule_ids_are_reported_with_a_suggestion() {
    let chapter = "# Brief\n\n<!-- evidence-disable-nextline ungrounded-claim reason=\"ok\" -->\n\
        - Nobody cited anything for this statement here.\n\n\
        <!-- evidence-ignore ungrounded-claim reason=\"ok\" -->\n\n\
        - Another uncited statement, the last one.\n";
    let out = run(chapter);
    assert_eq!(count(&out, "invalid-suppression"), 2, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "unknown word `evidence-disable-nextline`; did you mean `evidence-disable-next-line`?"
        ),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("unknown word `evidence-ignore` (the words are `evidence-disable-next-line`"),
        "{}",
        out.stderr
    );
    assert_eq!(count(&out, "ungrounded-claim"), 2, "{}", out.stderr);
    kept(chapter);

    let out = run(
        "# Brief\n\n<!-- evidence-disable-next-line ungrounded-claims reason=\"ok\" -->\n\
        - Nobody cited anything for this statement here.\n",
    );
    assert!(
        out.stderr
            .contains("unknown rule id `ungrounded-claims` (did you mean `ungrounded-claim`?)"),
        "{}",
        out.stderr
    );
    // An HTML comment of the author's own is nobody's business.
    let out = run("# Brief\n\n<!-- évidence: to do -->\n<!-- evidence -->\n\nShort label\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn admonitions_and_read_more_lines_are_not_claims() {
    let chapter = "# Brief\n\n\
        > [!NOTE]\n> This brief is written for the desk and is updated every morning.\n\n\
        > [!WARNING]\n> Figures from the weekend are provisional until Monday.\n\n\
        Read more in [the methodology](method.md).\n\n\
        For the details, see [how the desk picks its sources](sources.md).\n\n\
        See how the index rose 4% in [the market wrap](wrap.md).\n";
    let out = run(chapter);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(out.stderr.contains("rose 4%"), "{}", out.stderr);
    // With mdBook's admonitions off, `[!NOTE]` stays text: still no claim.
    let off = TestBook::new(
        "",
        &[(
            "brief.md",
            "# Brief\n\n> [!TIP]\n> Ask the desk before you quote any of these pages.\n",
        )],
    );
    std::fs::write(
        off.root().join("book.toml"),
        std::fs::read_to_string(off.root().join("book.toml")).unwrap()
            + "\n[output.html]\nadmonitions = false\n",
    )
    .unwrap();
    let out = off.run("html");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.chapter("brief.md").contains("> [!TIP]"));
    assert_eq!(count(&out, "ungrounded-claim"), 0, "{}", out.stderr);
}

#[test]
fn a_comment_written_over_two_lines_is_read_whole() {
    let chapter = "# Brief\n\n\
        <!-- evidence-disable-next-line ungrounded-claim\n     reason=\"la rédaction, relue — 編集部\" -->\n\
        - Nobody cited anything for this statement here.\n\n\
        > <!-- evidence-disable-nextline ungrounded-claim\n> reason=\"ok\" -->\n\
        > A quoted statement that cites nothing at all.\n";
    let out = run(chapter);
    assert_eq!(count(&out, "ungrounded-claim"), 1, "{}", out.stderr);
    assert!(out.stderr.contains("A quoted statement"), "{}", out.stderr);
    assert_eq!(count(&out, "invalid-suppression"), 1, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("did you mean `evidence-disable-next-line`?"),
        "{}",
        out.stderr
    );
    kept(chapter);
}
