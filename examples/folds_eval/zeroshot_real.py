#!/usr/bin/env python3
"""A ninth set of real reports nobody tuned on, for folds_eval: the
summaries of Ramprasad et al., *Evaluating the Factuality of Zero-shot
Summarizers Across Varied Domains* (EACL 2024; arXiv 2402.03509), in which
two instruction-following models of 2022-23, GPT-3.5 (OpenAI's
`text-davinci-003`, `system_id` "GPT 3.5") and Flan-T5-XL ("Flan T5"),
were each given a document whole ("Article: {document}\\nSummarize the above
article") and wrote a summary of it, in three domains: news (CNN/DailyMail
and XSum test articles), biomedical articles (PubMed) and US Congressional
bills (BillSum), 50 documents a domain, and two annotators with domain
expertise a domain read every summary against its document and marked each
sentence that is not supported by it (non-factual), with the error's type
(intrinsic, extrinsic), severity and a comment. Turned into the records of
`realreports/dev.jsonl`, written into a corpus directory of its own beside
a link to the support corpus, so that

    M=RAMPRASAD_MIRROR; mkdir -p SRC_DIR/annotations
    for d in news pubmed billsum; do
      git --git-dir=$M show 475052daca08f088b6cb951b1cab6093f6e7d434:annotations/${d}_annotations.csv \\
          > SRC_DIR/annotations/${d}_annotations.csv
    done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/zeroshot_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these summaries, and the same
figures for a tuning half and a held-out half. RAMPRASAD_MIRROR is the git
directory of github.com/sanjanaramprasad/factual_annotation_llm_summaries,
commit 475052daca08f088b6cb951b1cab6093f6e7d434 (branch `master`, "files",
2023-10-15; the default branch `main` holds only an empty README), files
`annotations/{news,pubmed,billsum}_annotations.csv`. SHA-256 of the three
files in FILES below. Nothing of it is kept in this repository. Checked:
the `article` and `summary` of every annotation row equal, character for
character, the `article` and `Generic_summary` of the generation files of
the same commit (`datasets/<domain>/{gpt3,flant5}_<domain>_<n>_generation_sample.csv`),
so the passage is the document as the model was given it (the authors kept
only documents whose prompt fits in 4,096 tokens, `dataset_creators/make_samples.py`,
so no document was cut).

Licence: the repository has no licence file and its README states none
(the data is published with the paper, for research). The documents are
CNN/DailyMail and XSum (BBC) news articles (research use), PubMed articles
of Cohan et al.'s `scientific_papers` corpus and BillSum bills (US
Government text, CC0). Research use, and nothing committed: this set stays
outside the repository. The summaries are the models' outputs.

What the files hold, and what is used: per summary (`summary_uuid`: the
document id + `_gpt3_gen` / `_flant5_gen`) one row if no sentence was marked
(`nonfactual_sentence` empty, both labels `factual`), else one row per
sentence that an annotator marked, with `nonfactual_sentence` (the sentence
as it stands in the summary), `label_type_ann1` and `label_type_ann2`
(`factual` or `non_factual`: each annotator's label of that sentence),
`error_type_ann*`, `inaccuracy_severity_ann*`, `comments_ann*`,
`error_factuality_ann*` (whether a non-factual sentence is true in the world
all the same: not used), `summary`, `article`, `summ_id`
(`cnndm_generic`, `xsum_generic`, `pubmed_generic`, `billsum_generic`) and
`system_id`. 100 summaries a domain (50 GPT-3.5, 50 Flan-T5). A sentence no
annotator marked is one both read as supported. PubMed's text is lower case
(the `scientific_papers` corpus lower-cased it), so its records fall in
`score_halves.py`'s lower-case parts.

One record per summary sentence, one report per summary (`report_id`
`zeroshot:` + 10 hex digits of the SHA-1 of `summary_uuid`), records in
the summary's order. Sentences: each marked sentence is found in the
summary as written and is a record as the annotators marked it; the text
between marked sentences (or the whole summary) is cut after `.`, `!` or
`?` followed by white space and a capital, digit or quote (or, in a
summary that opens in lower case, as Flan-T5's of lower-case PubMed text
do, a letter), not after a common abbreviation or a single letter
(`U.S.`, `H.R.`, `Dr.`, `e.g.`, `et al.`, `fig.`). `claim` =
the sentence with white space collapsed. `citations` = the document: `n` 1,
`title` "Source document given to the summarizer" (not the headline or
bill title, which would lend the claims words the passage may not have),
`url` empty, `passage` the `article` text whole, as given. Two readings:
`label_read` is annotator 1's (`label_type_ann1`), `label_strict` annotator
2's (`factual` -> `supported`, `non_factual` -> `unsupported`), `label` =
`label_read`; a sentence neither marked is `supported` in both. The
annotators' label is binary (supported by the document or not), so
`unsupported` here is "not fully supported" and takes in what this corpus
calls `partial`; folds_eval scores the records whose two readings agree
(the annotators' own agreement), and a record they disagree on is disputed
and left out of the scores. `note` gives the domain, the model and the two
annotators' labels, error types and severities.

Dropped: a sentence of fewer than three words (a splitter's leftover); a
sentence repeating an earlier sentence of the same summary word for word
(one degenerate Flan-T5 PubMed summary repeats one sentence fourteen
times; it is kept once); a record whose claim equals one of
`realreports/dev.jsonl` (`EVIDENCE_CORPUS_DIR`; none did). Counts are
printed. Result: 362 annotation rows read; 300 reports, 979 records,
`label_read` 866 supported, 113 unsupported (dropped 17 repeated
sentences); the two annotators agree on 897 (817 supported, 80
unsupported), 82 disputed. By domain and model (agreed supported /
agreed unsupported / disputed): news GPT-3.5 174/28/19, Flan-T5 83/11/6;
PubMed GPT-3.5 262/0/11, Flan-T5 86/2/5; BillSum GPT-3.5 176/34/32,
Flan-T5 36/5/9.

Halves: `score_halves.py` splits a corpus by the SHA-1 of a record's
passages; both models' summaries of a document cite the same passage, so
they fall in one half.
"""
import collections
import csv
import hashlib
import os
import re
import sys

import corpus_out

DOMAINS = ("news", "pubmed", "billsum")
FILES = {
    "annotations/news_annotations.csv":
        "6eaafdce48a27433edd983c71e48e1496de22f278747c5b8427b4cbd07796bb2",
    "annotations/pubmed_annotations.csv":
        "f79532b50d350e46b9c2fd088a81f6de425f960ead21ddf9c03ee240f09a5fc7",
    "annotations/billsum_annotations.csv":
        "dbced7628a01ebc56c35c404f5864ccd73e676caca2f72cd66866f2a6c5d2db1",
}
LABELS = {"factual": "supported", "non_factual": "unsupported"}
TITLE = "Source document given to the summarizer"
ORIGIN = {
    "cnndm_generic": "CNN/DailyMail news",
    "xsum_generic": "XSum (BBC) news",
    "pubmed_generic": "PubMed article",
    "billsum_generic": "BillSum bill",
}
# A cut after sentence-final punctuation, before a capital, digit or quote;
# in a summary that opens in lower case (Flan-T5's of lower-case PubMed text),
# before a letter, digit or quote.
CUT = re.compile(r"(?<=[.!?])[\"')\]\u201d\u2019]*\s+(?=[A-Z0-9\"'(\u201c\u2018])")
CUT_LOWER = re.compile(r"(?<=[.!?])[\"')\]\u201d\u2019]*\s+(?=[A-Za-z0-9\"'(\u201c\u2018])")
ABBREVIATION = re.compile(
    r"(?:\b[A-Za-z]|\bU\.S|\bH\.R|\bS|\bMr|\bMrs|\bMs|\bDr|\bSt|\bNo|\bSec|\bvs|\be\.g|\bi\.e|\bal|\bInc|\bCo|\bJr|\bSr|\bGov|\bSen|\bRep|\bfig|\bFig|\bfigs|\bapprox|\bca|\bcf|\bresp|\bref|\beq|\bno)\.$"
)


def read_csv(src, name):
    path = os.path.join(src, name)
    with open(path, "rb") as f:
        raw = f.read()
    if hashlib.sha256(raw).hexdigest() != FILES[name]:
        sys.exit(f"{path}: not the pinned file (SHA-256 differs)")
    csv.field_size_limit(1 << 30)
    return list(csv.DictReader(raw.decode("utf-8").splitlines(keepends=True)))


def split(text, lower):
    """Sentences of unmarked text: cut at CUT (CUT_LOWER in a summary
    that opens in lower case), not after an abbreviation."""
    out = []
    start = 0
    for m in (CUT_LOWER if lower else CUT).finditer(text):
        piece = text[start:m.start()].rstrip()
        if ABBREVIATION.search(piece):
            continue
        out.append(text[start:m.end()].strip())
        start = m.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


def sentences(summary, marked):
    """`(sentence, marked row or None)` in the summary's order: each marked
    sentence where it stands (every occurrence), the text between cut by
    `split`."""
    spans = []
    for sentence, row in marked.items():
        at = summary.find(sentence)
        if at < 0:
            raise ValueError(f"marked sentence not in its summary: {sentence[:60]!r}")
        while at >= 0:
            spans.append((at, at + len(sentence), row))
            at = summary.find(sentence, at + len(sentence))
    spans.sort(key=lambda s: s[0])
    lower = summary.strip()[:1].islower()
    out, pos = [], 0
    for start, end, row in spans:
        if start < pos:
            raise ValueError("marked sentences overlap")
        out.extend((s, None) for s in split(summary[pos:start], lower))
        out.append((summary[start:end].strip(), row))
        pos = end
    out.extend((s, None) for s in split(summary[pos:], lower))
    return out


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "zeroshot_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    dropped = collections.Counter()
    records = []
    rows_read = 0
    reports = 0
    by_part = collections.defaultdict(collections.Counter)
    for domain in DOMAINS:
        rows = read_csv(src, f"annotations/{domain}_annotations.csv")
        rows_read += len(rows)
        summaries = collections.OrderedDict()
        for row in rows:
            summaries.setdefault(row["summary_uuid"], []).append(row)
        for uuid, group in summaries.items():
            first = group[0]
            if any(r["summary"] != first["summary"] or r["article"] != first["article"] for r in group):
                raise ValueError(f"{uuid}: rows disagree on summary or article")
            marked = {}
            for r in group:
                if not r["nonfactual_sentence"].strip():
                    if len(group) != 1 or {r["label_type_ann1"], r["label_type_ann2"]} != {"factual"}:
                        raise ValueError(f"{uuid}: an unmarked row beside marked ones, or not factual")
                    continue
                if r["nonfactual_sentence"] in marked:
                    raise ValueError(f"{uuid}: a sentence marked twice")
                marked[r["nonfactual_sentence"]] = r
            system = first["system_id"]
            origin = ORIGIN[first["summ_id"]]
            rid = "zeroshot:" + hashlib.sha1(uuid.encode("utf-8")).hexdigest()[:10]
            passage = first["article"]
            seen = set()
            k = 0
            for sentence, row in sentences(first["summary"], marked):
                claim = re.sub(r"\s+", " ", sentence).strip()
                if claim in seen:
                    dropped["sentence repeating an earlier one of the same summary"] += 1
                    continue
                seen.add(claim)
                reason = corpus_out.why_dropped(claim, dev)
                if reason:
                    dropped[reason] += 1
                    continue
                if row is None:
                    one = two = "supported"
                    note = f"{origin}, {system}: no annotator marked this sentence"
                else:
                    one, two = LABELS[row["label_type_ann1"]], LABELS[row["label_type_ann2"]]
                    detail = [
                        "/".join(x for x in (row[f"error_type_ann{i}"], row[f"inaccuracy_severity_ann{i}"]) if x)
                        for i in (1, 2)
                    ]
                    note = (
                        f"{origin}, {system}: marked; annotator 1 {row['label_type_ann1']}"
                        f"{' (' + detail[0] + ')' if detail[0] else ''}, annotator 2 {row['label_type_ann2']}"
                        f"{' (' + detail[1] + ')' if detail[1] else ''}"
                    )
                k += 1
                records.append(
                    {
                        "id": f"{rid}:s{k}",
                        "source": f"zeroshot-{domain}",
                        "report_id": rid,
                        "claim": claim,
                        "citations": [{"n": 1, "title": TITLE, "url": "", "passage": passage}],
                        "label": one,
                        "label_by": "dataset",
                        "note": note + " (label_read: annotator 1, label_strict: annotator 2)",
                        "label_read": one,
                        "label_strict": two,
                    }
                )
                by_part[f"{domain} {system}"][one if one == two else "disputed"] += 1
            if k:
                reports += 1
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict,
        f"Ramprasad et al. zero-shot summaries, annotation rows read: {rows_read}", reports, dropped,
    )
    print("domain model: supported unsupported disputed (agreed labels)")
    for part, c in sorted(by_part.items()):
        print(part, c["supported"], c["unsupported"], c["disputed"])
    print(f"{reports} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
