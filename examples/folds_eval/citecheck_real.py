#!/usr/bin/env python3
"""An eleventh set of real reports nobody tuned on, for folds_eval, and the
first in Chinese: CiteCheck (Xu, Wei, Han, Jin, Yang, Li, Tan, Guo and
Wang, *CiteCheck: Towards Accurate Citation Faithfulness Detection*, 2025;
arXiv 2502.10881; Peking University and Huawei Noah's Ark Lab), in which a
retrieval-augmented generation (RAG) system answered Chinese questions
from web documents it retrieved, marking the statements of its answer
with the documents they cite, and human annotators judged whether each
cited statement is fully supported by the documents it cites (the
released task: "判断陈述是否完全得到参考文本的支撑", whether the statement
is fully supported by the reference text, `code/run_api.py`). Turned into
the records of `realreports/dev.jsonl`, written into a corpus directory of
its own beside a link to the support corpus, so that

    C=CITECHECK_MIRROR; mkdir -p SRC_DIR/dataset
    for s in dev test; do
      git --git-dir=$C show a76b3ec0ef0dadf43576a06b75866722886e47c8:dataset/$s.jsonl \\
          > SRC_DIR/dataset/$s.jsonl
    done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/citecheck_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these answers, and the same
figures for a tuning half and a held-out half. CITECHECK_MIRROR is the git
directory of github.com/xzy-xzy/CiteCheck, commit
a76b3ec0ef0dadf43576a06b75866722886e47c8 (branch `main`, "Update
README.md", 2025-02-18; the data files came in with
e2a90f5b64362c584295a85b166d0a786890bd2f, "Add files via upload",
2025-02-16, and are unchanged since), files `dataset/dev.jsonl` and
`dataset/test.jsonl`; their SHA-256 are in FILES below. Nothing of it is
kept in this repository. `dataset/train.jsonl` is not used: it is absent
from the snapshot (its blob is missing), and it mixes in negatives that GPT-4o
wrote (`method` `ch` / `del`), which are not the system's own statements.

Why this set: the answers are a real RAG system's, their statements cite
retrieved web documents (the product's genre: a model-written answer whose
sentences cite web pages), the labels are human, the cited text is in the
file, and the text is Chinese, which none of the ten earlier sets is, so
it measures the CJK path. Not chosen: WebCiteS (HarlynDN/WebCiteS: the
data is on Hugging Face only, the repository holds code), CiteEval's
CiteBench (amazon-science/CiteEval: human annotations on Google Drive
only), LongCite (THUDM/LongCite: LongBench-Cite is scored by GPT-4o, no
human labels in the repository), DelucionQA (boschresearch/DelucionQA:
sentence labels are there, but each retrieved context is released as a
list of word numbers that only a crawl of the live Jeep manual site turns
back into text), AIS (google-research-datasets/AIS: model outputs and
labels only; the QReCC and Wizard of Wikipedia passages must be fetched
from Zenodo and parl.ai, and its CNN/DM part is single-document
summaries), BEGIN (google/BEGIN-dataset: knowledge-grounded dialogue turns
of fine-tuned 2020-21 models, not answers citing documents), Summary of a
Haystack (salesforce/summary-of-a-haystack: the labels say whether a
bullet covers a reference insight, not whether its cited documents
support it), UKPLab/folt-shared-task-23-24 (sentence labels against an
expert's answer, not against cited passages), and WiCE (ryokamoi/wice:
passages and labels present, but the claims are human-written Wikipedia
sentences; a model-written set is preferred).

Licence: MIT (the repository's `LICENSE`, Copyright (c) 2025 Ziyao Xu).
The quotes are excerpts of third-party Chinese web pages (news, Q&A
sites, encyclopedias) that the RAG system retrieved; the answers are the
system's outputs. Research use, and nothing committed: this set stays
outside the repository.

What the files hold, and what is used: one JSON object a line, 1,000 a
split, with `idx` (the sample's number in the whole release), `query`
(the user's question), `answer` (the system's whole answer, its citation
marks removed), `statement` (one citation-marked statement of the answer,
its marks removed; a list item the release gives with a `。` added),
`quote` (the documents the statement cites, renumbered `[1] text [2]
text ...` in the order given: the system's own numbers are not kept, nor
any title or URL), `label` (1 fully supported by the quotes, 0 not) and
`method` (`none` for every dev and test row: the original samples). One
statement is released an answer (1,000 distinct queries a split, none
shared between dev and test), and each split is balanced by the authors,
500 labels 1 and 500 labels 0 (the paper's "two-stage manual
annotation" is said to balance positive and negative samples), so the
label mix is the authors' choice, not the system's. The
paper calls the test samples hard for state-of-the-art LLMs. The RAG
system is not named in the release; nor is each annotator's own label
kept. Both dev and test are read (neither was tuned on here).

One record per statement, one report per answer (`report_id`
`citecheck:` + 10 hex digits of the SHA-1 of `split:idx`). `claim` = the
statement with white space collapsed; `citations` = the quotes, split at
their `[N] ` marks (which must run 1, 2, ... in order, each after the
first preceded by white space): `n` = N, `title` "CiteCheck quote [N]
(web document retrieved by the RAG system)" (English, so that it lends the
Chinese claim no words), `url` empty, `passage` = the quote's text whole.
Labels: 1 -> `supported`, 0 -> `unsupported` (the label is binary, "fully
supported or not", so `unsupported` takes in what this corpus calls
`partial`). **One reading only**: the release keeps one label a statement,
so `label`, `label_read` and `label_strict` are that label and every record
counts as agreed; with `--strict READINGS.tsv` a second reading replaces
`label_strict` (and refines an `unsupported` to `partial` as
`corpus_out.refine_binary` does). `note` gives the split, `idx` and the
label's meaning.

Dropped: a fragment, which here is a statement of fewer than three
"words" counting a Latin word of two letters or more as one and a CJK
character as half (`corpus_out.why_dropped` counts Latin words only and
would drop every Chinese claim); a statement repeating an earlier one word
for word; a record whose claim equals one of `realreports/dev.jsonl`
(`EVIDENCE_CORPUS_DIR`). Counts are printed. Result: 2,000 rows read;
1,999 reports, 1,999 records, 999 supported, 1,000 unsupported (dropped
one fragment, the list item "-最佳女配角。" of test `idx` 10330); every
record agreed (one reading). By split (supported / unsupported): dev
500/500, test 499/500. Quotes a statement: 1,528 one, 310 two, 74 three,
58 four, 29 five; passage length (characters, one a quote) median 271.

Odd in the data: 9 statements are not verbatim in their answer (list
items, given with a `。` added at their end); a few quotes are
a single line of 17 to 60 characters (a page title or a question); some
statements cite a quote that is plainly off the point (a forum post of
someone else's question), labelled 0; Latin text (product names, `USB`,
`c++`) is set off by spaces in the answers (`海信40E2F有2个 USB接口`),
as the system wrote it; one statement keeps the system's garble
(test `idx` 4401: "...腾讯2022年全年营收为62 QQ亿元[QQ.com]。", labelled 0).

Halves: `score_halves.py` splits a corpus by the SHA-1 of a record's
passages; each statement has its own quotes, so the halves are near even.
"""
import collections
import hashlib
import os
import re
import statistics

import corpus_out

SPLITS = ("dev", "test")
FILES = {
    "dataset/dev.jsonl": "13761ec55cb0fc333d929ecc9044ce6de7f5aec7176fd736d1958b642d208b6f",
    "dataset/test.jsonl": "e2246a2a4a651cde480ad93aee6032c4f4fb615fc192f6be2f2a2c864826925b",
}
LABELS = {1: "supported", 0: "unsupported"}
MEANING = {1: "fully supported by the cited quotes", 0: "not fully supported by the cited quotes"}
MARK = re.compile(r"\[(\d+)\] ")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def read_jsonl(src, name):
    """The rows of the release's file `name`, checked against FILES."""
    return corpus_out.read_pinned_jsonl(os.path.join(src, name), FILES[name])


def quotes(text):
    """`[(N, passage)]` of a `quote` field: cut at its `[N] ` marks, which
    must run 1, 2, ... from the start, each after the first following
    white space."""
    marks = list(MARK.finditer(text))
    if not marks or marks[0].start() != 0:
        raise ValueError(f"quote not opening with [1]: {text[:40]!r}")
    out = []
    for i, m in enumerate(marks):
        n = int(m.group(1))
        if n != i + 1:
            raise ValueError(f"quote marks out of order: {[x.group(1) for x in marks]}")
        if i and not text[m.start() - 1].isspace():
            raise ValueError(f"quote mark [{n}] not after white space")
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        passage = text[m.end():end].strip()
        if not passage:
            raise ValueError(f"empty quote [{n}]")
        out.append((n, passage))
    return out


def why_dropped(claim, dev):
    """Why a claim is left out, or None: `corpus_out.why_dropped` with a
    CJK character counted as half a word, so that a Chinese fragment (a
    list item of a few characters) goes and a Chinese sentence stays."""
    words = len(LATIN_WORD.findall(claim)) + len(CJK.findall(claim)) / 2
    if words < 3:
        return "fragment of fewer than three words (a CJK character counted as half)"
    if claim in dev:
        return "record sharing a claim with the developers' half"
    return None


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "citecheck_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    dropped = collections.Counter()
    records = []
    rows_read = 0
    by_split = collections.defaultdict(collections.Counter)
    n_quotes = collections.Counter()
    lengths = []
    seen = set()
    for split in SPLITS:
        rows = read_jsonl(src, f"dataset/{split}.jsonl")
        rows_read += len(rows)
        for row in rows:
            if row["method"] != "none":
                raise ValueError(f"{split} {row['idx']}: an augmented sample ({row['method']})")
            label = int(row["label"])
            cited = quotes(row["quote"])
            claim = re.sub(r"\s+", " ", row["statement"]).strip()
            if claim in seen:
                dropped["statement repeating an earlier one"] += 1
                continue
            seen.add(claim)
            why = why_dropped(claim, dev)
            if why:
                dropped[why] += 1
                continue
            rid = "citecheck:" + hashlib.sha1(f"{split}:{row['idx']}".encode("utf-8")).hexdigest()[:10]
            citations = [
                {
                    "n": n,
                    "title": f"CiteCheck quote [{n}] (web document retrieved by the RAG system)",
                    "url": "",
                    "passage": passage,
                }
                for n, passage in cited
            ]
            records.append(
                {
                    "id": f"{rid}:s1",
                    "source": "citecheck",
                    "report_id": rid,
                    "claim": claim,
                    "citations": citations,
                    "label": LABELS[label],
                    "label_by": "dataset",
                    "note": f"CiteCheck {split} sample {row['idx']}: {MEANING[label]} "
                    "(one label: label_read = label_strict = the dataset's)",
                    "label_read": LABELS[label],
                    "label_strict": LABELS[label],
                }
            )
            by_split[split][LABELS[label]] += 1
            n_quotes[len(cited)] += 1
            lengths.extend(len(c["passage"]) for c in citations)
    corpus_out.refine_binary(records, strict)
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict, f"CiteCheck rows read: {rows_read}", len(records), dropped
    )
    print("split: supported unsupported")
    for split in SPLITS:
        print(split, by_split[split]["supported"], by_split[split]["unsupported"])
    print("quotes a statement:", dict(sorted(n_quotes.items())))
    print("passage length (characters) median:", statistics.median(lengths))
    print(f"{len(records)} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
