//! The syntax vocabulary: every string that the scanner reads and that the
//! renderer (or an author following the rules) writes, in one place.
//!
//! A chapter is processed again on every build, and output of an earlier run
//! may come back as input (a rendered chapter committed, a downgraded one
//! edited): whatever the renderer writes, the scanner must recognise. Both
//! sides name the constants below, and the tests at the bottom feed what
//! the writer produces to the reader.

/// What opens an evidence marker inside its brackets: `[EVID:<id>]`.
pub const EVIDENCE_MARKER_TAG: &str = "EVID:";

/// Whether `id` is a well-formed evidence id: ASCII letters, digits and
/// `_ . : / -`. Markers, anchors and HTML attributes are built from ids,
/// so the set is closed: no id needs escaping in any of them.
pub fn is_evidence_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'/' | b'-'))
}

/// Whether `c` is a bidirectional formatting character: the marks
/// (U+200E, U+200F, U+061C), embeddings and overrides (U+202A–U+202E) and
/// isolates (U+2066–U+2069). Invisible, they stand anywhere in a sentence
/// written beside right-to-left text; an override read from an input can
/// also turn the text after it around.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The anchor prefix of References entries: a citation links to
/// `#evidence-<id>`, and a link there is a citation of an earlier run.
pub const REFERENCE_ANCHOR_PREFIX: &str = "evidence-";

/// The class of a rendered citation in HTML output (read by the scanner on
/// a rerun, and by `templates/evidence.js` and `evidence.css`).
pub const CITE_CLASS: &str = "evidence-cite";

/// The class of the `<span>` that holds a group of adjacent citations in
/// HTML output, `[1, 2]` or `[1–3]`, each number its own citation (read by
/// the scanner on a rerun, and by `templates/evidence.css`).
pub const CITE_GROUP_CLASS: &str = "evidence-cites";

/// What separates the numbers of a group of citations: `[1, 2]`.
pub const CITE_GROUP_SEPARATOR: &str = ", ";

/// What joins the ends of a range of citations: `[1–3]` (an en dash).
pub const CITE_RANGE_DASH: &str = "–";

/// The class of the mark that stands where a marker that does not
/// resolve was written (`<span class="evidence-unverified" data-evidence=…
/// role="note" aria-label="Unverified: …">[unverified]</span>`): read back
/// as a marker of its id on a rerun, so it stays until the id resolves.
pub const UNVERIFIED_CLASS: &str = "evidence-unverified";

/// The visible text of an unverified mark.
pub(crate) const UNVERIFIED_TEXT: &str = "[unverified]";

/// How the mark `downgrade` mode writes before a claim that fails opens
/// (`<span class="evidence-unverified-claim" role="note" aria-label=…>⚠</span>`):
/// in an HTML block, where one stands before the text an earlier run
/// marked, the block's claim starts there, so that the next run finds it.
pub const CLAIM_MARK_OPEN: &str = "<span class=\"evidence-unverified-claim\"";

/// How the mark `downgrade` mode writes before a claim that fails opens
/// for renderers other than HTML: a link to no section, whose title says
/// why (`[⚠](#unverified-claim "Unverified claim: …")`).
pub const CLAIM_MARK_LINK_OPEN: &str = "[⚠](#unverified-claim \"";

/// What follows the opening tag of the mark `downgrade` mode writes for
/// the HTML renderer: its sign, and the tag that closes it.
pub const CLAIM_MARK_CLOSE: &str = "⚠</span>";

/// The length of the mark `downgrade` mode wrote before a claim that
/// opens `text`, in either form ([`CLAIM_MARK_OPEN`]`…>`[`CLAIM_MARK_CLOSE`],
/// or [`CLAIM_MARK_LINK_OPEN`]`…")`), the space after it left out. The
/// sign is no word of the claim, and the scanner reads the mark as no
/// text of it, as it reads a confidence label: the claim reads the same
/// before a build marks it and after (`2) …` still opens with list
/// numbering).
pub fn claim_mark_len(text: &str) -> Option<usize> {
    if let Some(rest) = text.strip_prefix(CLAIM_MARK_OPEN) {
        // The opening tag's attributes are escaped: no `>` inside them.
        let tag = rest.find('>')?;
        if !rest[..tag].is_empty() && !rest.starts_with(' ') {
            return None;
        }
        let after = rest[tag + 1..].strip_prefix(CLAIM_MARK_CLOSE)?;
        return Some(text.len() - after.len());
    }
    let rest = text.strip_prefix(CLAIM_MARK_LINK_OPEN)?;
    Some(CLAIM_MARK_LINK_OPEN.len() + rest.find("\")")? + 2)
}

/// The attribute of a rendered HTML citation that names the cited id.
pub const CITE_ID_ATTRIBUTE: &str = "data-evidence";

/// The class of the `<div>` that holds the HTML References entries.
pub const REFERENCES_CLASS: &str = "evidence-references";

/// The class of the quoted passage under a References entry (read by
/// `templates/evidence.js` for the citation card).
pub const PASSAGE_CLASS: &str = "evidence-passage";

/// The alert that opens the "Unverified Summary" banner.
pub const BANNER_ALERT: &str = "[!WARNING]";

/// The lines of the "Unverified Summary" banner of a downgraded chapter,
/// without line endings: a warning alert that tells the reader the
/// chapter's claims may not be grounded in evidence.
pub const BANNER_LINES: [&str; 2] = [
    "> [!WARNING]",
    "> This is an **Unverified Summary**. Claims may lack evidence grounding.",
];

/// The text of the banner's paragraph as a reader sees it (the second of
/// [`BANNER_LINES`] without quote marker and emphasis).
pub(crate) const BANNER_TEXT: &str =
    "This is an Unverified Summary. Claims may lack evidence grounding.";

/// Whether a block's text (as a reader sees it) is the banner's paragraph:
/// with admonitions on, the alert is not part of the text; with them off,
/// it opens it.
pub fn is_banner(text: &str) -> bool {
    let text = text.trim();
    text.strip_prefix(BANNER_ALERT).unwrap_or(text).trim_start() == BANNER_TEXT
}

/// The alert that opens the note of a chapter `remove` mode took claims
/// out of.
pub(crate) const REMOVAL_NOTE_ALERT: &str = "[!NOTE]";

/// How the sentence of a removal note opens, as a reader sees it.
pub(crate) const REMOVAL_NOTE_LEAD: &str = "Removed from this chapter:";

/// The lines of the removal note: `what` is what was taken out and why
/// (`2 claims that cite no evidence (ungrounded claim: 2)`).
pub fn removal_note_lines(what: &str) -> [String; 2] {
    [
        format!("> {REMOVAL_NOTE_ALERT}"),
        format!("> {REMOVAL_NOTE_LEAD} {what}."),
    ]
}

/// Whether a block's text (as a reader sees it) is a removal note.
pub(crate) fn is_removal_note(text: &str) -> bool {
    let text = text.trim();
    text.strip_prefix(REMOVAL_NOTE_ALERT)
        .unwrap_or(text)
        .trim_start()
        .starts_with(REMOVAL_NOTE_LEAD)
}

/// The alert that opens a conflicting-evidence note.
pub(crate) const CONFLICT_NOTE_ALERT: &str = "[!CAUTION]";

/// How the sentence of a conflicting-evidence note opens.
pub(crate) const CONFLICT_NOTE_LEAD: &str = "Conflicting evidence:";

/// The lines of a conflicting-evidence note whose sentence goes on with
/// `details` (markdown), without line endings.
pub fn conflict_note_lines(details: &str) -> [String; 2] {
    [
        format!("> {CONFLICT_NOTE_ALERT}"),
        format!("> {CONFLICT_NOTE_LEAD} {details}"),
    ]
}

/// Whether a block's text (as a reader sees it) is a conflicting-evidence
/// note: with admonitions on, the alert is not part of the text; with them
/// off, it opens it.
pub fn is_conflict_note(text: &str) -> bool {
    let text = text.trim();
    text.strip_prefix(CONFLICT_NOTE_ALERT)
        .unwrap_or(text)
        .trim_start()
        .starts_with(CONFLICT_NOTE_LEAD)
}

/// What replaces a claim that cites no evidence that resolves.
pub const INSUFFICIENT_EVIDENCE: &str = "[Insufficient evidence to support this claim]";

/// What replaces a claim that fails `numeric-claim`: it states a figure but
/// cites neither a tier 1-2 source nor two different publishers.
pub const INSUFFICIENT_CREDIBLE: &str = "[Insufficient credible evidence for this claim]";

/// What replaces a claim that fails `policy-claim`: it cites no official
/// source, though the chapter's evidence holds one.
pub const CITE_OFFICIAL: &str = "[Cite official source directly for policy claims]";

/// Abstain phrases: a block that carries one states the absence of
/// evidence, not a claim. A phrase matches text that starts with it, so the
/// first two cover every wording (`[Insufficient evidence to assess this
/// claim]` too), and each replacement phrase above matches one: a removed
/// claim does not count as a claim on the next run.
pub const ABSTAIN_PHRASES: &[&str] = &[
    "[Insufficient evidence",
    "[Insufficient credible evidence",
    "[Data not yet available as of ",
    "[Conflicting reports; unable to confirm]",
    "[No official statement found in available sources]",
    CITE_OFFICIAL,
];

/// What stands between two cells' text in a table row's
/// [`Block::text`](crate::markers::Block::text): the row reads as its
/// cells, in order, in diagnostics and to the rules.
pub const CELL_SEPARATOR: &str = " | ";

/// Header cells that name a column of sources: a table whose header has
/// one (other than its first column, which names what each row is about)
/// says that its rows cite, so a row of figures that cites nothing is
/// ungrounded even when no row of the table cites.
const SOURCE_HEADERS: &[&str] = &[
    "source",
    "sources",
    "evidence",
    "citation",
    "citations",
    "cite",
    "ref",
    "refs",
    "reference",
    "references",
];

/// Whether a header cell's text names a column of sources (see
/// `SOURCE_HEADERS`): the whole cell, trimmed, any case, with a
/// trailing `(s)` or colon allowed (`Source(s)`, `Evidence:`).
pub(crate) fn is_source_header(cell: &str) -> bool {
    let cell = cell.trim().trim_end_matches(':').trim_end();
    let cell = cell.strip_suffix("(s)").unwrap_or(cell);
    SOURCE_HEADERS.iter().any(|h| h.eq_ignore_ascii_case(cell))
}

/// The label that exempts speculative text from grounding: the author says
/// it is an opinion about what may happen, not a reported fact.
pub const SPECULATION_LABEL: &str = "[SPECULATION]";

/// The class of the element the HTML renderer writes for a
/// [`SPECULATION_LABEL`] ([`SPECULATION_ELEMENT`]).
pub const SPECULATION_CLASS: &str = "evidence-speculation";

/// The element the HTML renderer writes for a [`SPECULATION_LABEL`] the
/// reader sees as prose, its meaning in its title and accessible label (the
/// same words as the card's badge in `evidence.js`). The scanner reads
/// exactly this element as the label again, so that a second run judges
/// the text as the first did.
pub const SPECULATION_ELEMENT: &str = concat!(
    "<span class=\"evidence-speculation\" role=\"note\" ",
    "title=\"Speculation: the author's own reading, not a claim the cited sources support.\" ",
    "aria-label=\"Speculation: the author's own reading, not a claim the cited sources support.\">",
    "Speculation</span>"
);

/// The confidence labels (`confidence-labels = true`) a build writes at
/// the start of each grounded claim, strongest first.
pub const CONFIDENCE_LABELS: [&str; 3] = [
    "[HIGH CONFIDENCE]",
    "[MEDIUM CONFIDENCE]",
    "[LOW CONFIDENCE]",
];

/// The length of the confidence label, with the space after it, that
/// opens `text`: as a build writes it (`\[LOW CONFIDENCE\] `, escaped so
/// that it is no link) or as an author may (`[LOW CONFIDENCE] `). A later
/// build replaces it at a claim's start, and the scanner reads it as no
/// text of the claim: the claim reads the same before a build labels it
/// and after.
pub fn confidence_label_len(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('\\');
    let escaped = rest.is_some();
    let rest = rest.unwrap_or(text);
    CONFIDENCE_LABELS.iter().find_map(|label| {
        let word = rest.strip_prefix(&label[..label.len() - 1])?;
        let close = if escaped { "\\] " } else { "] " };
        word.starts_with(close)
            .then(|| text.len() - rest.len() + label.len() - 1 + close.len())
    })
}

/// Whether `text` ends with a confidence label, in either form of
/// [`confidence_label_len`] but for the space after it: the space that
/// follows is the label's, as the build writes it.
pub fn ends_with_confidence_label(text: &str) -> bool {
    CONFIDENCE_LABELS.iter().any(|label| {
        let word = &label[1..label.len() - 1];
        let plain = text.strip_suffix(']').and_then(|t| t.strip_suffix(word));
        let escaped = text.strip_suffix("\\]").and_then(|t| t.strip_suffix(word));
        plain.is_some_and(|t| t.ends_with('[')) || escaped.is_some_and(|t| t.ends_with("\\["))
    })
}

/// The HTML comment word that silences rules for the block after it:
/// `<!-- evidence-disable-next-line RULE [RULE…] reason="…" -->`.
pub const SUPPRESSION_DIRECTIVE: &str = "evidence-disable-next-line";

/// The comment word that silences rules for the block whose line it ends.
pub(crate) const SUPPRESS_LINE: &str = "evidence-disable-line";

/// The comment word that starts a range of silenced rules.
pub const SUPPRESS_START: &str = "evidence-disable";

/// The comment word that ends every open range.
pub const SUPPRESS_END: &str = "evidence-enable";

/// The comment word that silences rules for the whole chapter.
pub(crate) const SUPPRESS_FILE: &str = "evidence-disable-file";

/// What every suppression comment's word starts with: another word that
/// does is a mistyped one.
pub(crate) const SUPPRESS_PREFIX: &str = "evidence-";

/// How the importer's record starts: `<!-- mdbook-evidence import of
/// <answer>: chapter sha256:…, fragment <path> sha256:… -->`, the comment
/// ending an imported chapter (on one line or, one part to a line, on
/// several: `provenance::record`).
pub const IMPORT_RECORD_START: &str = "<!-- mdbook-evidence import of ";

/// What follows the fragment's hash in the record: `, drafted by <model>
/// (<vendor and API>) on <YYYY-MM-DD>` (the response's own date), or
/// `…), imported on <YYYY-MM-DD>` when the response gives none (the day
/// of the import); the model `-` when the response names none (records of
/// earlier versions end at the hash).
pub(crate) const IMPORT_RECORD_DRAFTED: &str = ", drafted by ";

/// In the record, before the day of the import when the response gives no
/// date of its own (see `IMPORT_RECORD_DRAFTED`).
pub const IMPORT_RECORD_IMPORTED_ON: &str = ", imported on";

/// The comment that opens a chapter's disclosure (`render::disclosure`),
/// by which a second run knows it is there. Not `evidence-…`: that is how
/// suppression comments start, and a mistyped one is reported.
pub const DISCLOSURE_COMMENT: &str = "<!-- mdbook-evidence disclosure -->";

/// The reason a suppression comment gives in the rendered chapter: the
/// author's own reason stays in the markdown source, out of the page.
pub const WITHHELD_REASON: &str = "given in the chapter's source";

/// Every suppression comment word, for did-you-mean.
pub const SUPPRESSION_WORDS: [&str; 5] = [
    SUPPRESSION_DIRECTIVE,
    SUPPRESS_LINE,
    SUPPRESS_START,
    SUPPRESS_END,
    SUPPRESS_FILE,
];
