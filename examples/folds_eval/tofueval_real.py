#!/usr/bin/env python3
"""A seventh set of real reports nobody tuned on, for folds_eval: the
MeetingBank half of TofuEval (Tang et al., *TofuEval: Evaluating
Hallucinations of LLMs on Topic-Focused Dialogue Summarization*, NAACL
2024), in which LLMs of 2023 (five in the paper, a sixth, `Model-Extra`,
added later; the release names them `model_A` ... `model_E` and
`Model-Extra`, shuffled per topic) wrote short summaries of a city-council
meeting transcript they were given, each focused on a topic ("Summarize the
provided document focusing on ..."), and expert linguistic annotators
labelled every summary sentence factually consistent with the transcript or
not, with an explanation and error types for the inconsistent ones. Turned
into the records of `realreports/dev.jsonl`, written into a corpus
directory of its own beside a link to the support corpus, so that

    T=TOFUEVAL_MIRROR; D=DOCS_MIRROR; mkdir -p SRC_DIR/factual_consistency
    for s in dev test; do
      git --git-dir=$T show ade0f385448e0ad25936091ffbb3df73fa62aeee:factual_consistency/meetingbank_factual_eval_$s.csv \\
          > SRC_DIR/factual_consistency/meetingbank_factual_eval_$s.csv
      git --git-dir=$D show "ba3a7d6a8b84ae91faf870caef5fbd2c47b98f51:TofuEval Files/meetingbank_${s}_doc.csv" \\
          > SRC_DIR/meetingbank_${s}_doc.csv
    done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/tofueval_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these summaries, and the same
figures for a tuning half and a held-out half. TOFUEVAL_MIRROR is the git
directory of github.com/amazon-science/tofueval, commit
ade0f385448e0ad25936091ffbb3df73fa62aeee, files
`factual_consistency/meetingbank_factual_eval_{dev,test}.csv` (the labels).
TofuEval ships no documents, only their ids
(`document_ids_dev_test_split.json`) and a snippet that takes them from the
Hugging Face copy `lytang/MeetingBank-transcript`, which is out of reach
here; DOCS_MIRROR is github.com/AnPruch/summary_hallucinations, commit
ba3a7d6a8b84ae91faf870caef5fbd2c47b98f51, whose `TofuEval Files/
meetingbank_{dev,test}_doc.csv` are that snippet's output (`meeting_id`,
`source`), made by its `tofueval_analysis.py`: all 50 documents of the
MeetingBank half (35 dev, 15 test), each id of
`document_ids_dev_test_split.json` once. SHA-256 of the four files in
FILES below. Nothing of it is kept in this repository.

Licence: TofuEval's annotations are MIT No Attribution (`LICENSE` of
amazon-science/tofueval; its README adds that the benchmark is for
evaluation and should not be used to train models). The transcripts are
MeetingBank's (Hu et al., ACL 2023), CC BY-NC-SA 4.0 per
`THIRD-PARTY-LICENSES` of amazon-science/tofueval
(meetingbank.github.io/license): research use, not commercial, derivatives
under the same licence, so this set stays outside the repository.
AnPruch/summary_hallucinations is MIT for its own code. The MediaSum half of
TofuEval is left out: its documents (MediaSum's `news_dialogue.json`,
research use only) are in no snapshot here.

Not ClaimVerify (nelson-liu/evaluating-verifiability-in-generative-search-
engines, the first choice: Bing Chat, NeevaAI, perplexity.ai and YouChat
answers judged against the cited pages): its
`verifiability_judgments/*.jsonl.gz` and `human_evaluation_annotations.jsonl`
are files of 4 MiB and more, absent from every snapshot here, and
AttributionBench's copy gives the label away (see `hagrid_real.py`). Not
RAGTruth (its `dataset/*.jsonl` likewise absent), ALCE's human evaluation
(likewise), REVEAL (Hugging Face only), FELM (no passages: its evidence is
links), Factcheck-GPT (already the support corpus's `fcgpt`).

What the files hold, and what is used: per summary sentence `doc_id` (a
MeetingBank meeting id), `annotation_id`, `topic`, `model_name`,
`sent_idx` (1-based position in the summary), `summ_sent` (the sentence as
the model wrote it: TofuEval split the summaries into sentences), `sent_label`
(`yes`: consistent with the transcript; `no`: not), `exp` (the annotator's
explanation, not used) and `type` (error types of a `no` sentence:
Extrinsic Information, Mis-Referencing, Nuanced Meaning Shift, Reasoning
Error, Tense/Modality Error, Contradiction, Stating Opinion as Fact; kept in
the note). The transcripts are lines `Speaker N: words`, cased, with the
speech recogniser's punctuation, 3,206 to 5,926 characters each (median
4,554: the stretch of the meeting that MeetingBank-transcript keeps), given
whole.

One record per summary sentence, one report per summary (a document, a
topic and a model; `report_id` `tofueval:` + 10 hex digits of the SHA-1 of
the three), records in `sent_idx` order. `claim` = `summ_sent` with white
space collapsed; `citations` = the transcript: `n` 1, `title` "MeetingBank
source transcript (city council meeting)" (not the meeting id, whose city
name would lend the claims words the passage may not have), `url` empty,
`passage` the `source` text whole, as given. Label: `yes` -> `supported`,
`no` -> `unsupported`. TofuEval's label is binary (consistent or not), so
`unsupported` here is "not fully consistent" and takes in what this corpus
calls `partial` (most `no` sentences are Extrinsic Information: the
sentence adds what the transcript does not say); there is no `partial`
record unless a second reading says so. One label per sentence is released
(one annotation), so without `--strict READINGS.tsv` `label_strict` =
`label` (not an agreement of two readings; `note` says so); with it, as in
`hagrid_real.py`, a reading `partial` or `unsupported` of a `no` sentence
becomes its `label_read` and folds_eval scores the records whose two
readings agree.

Dropped: an exact repeat of a row (same document, topic, model, position and
sentence; one in the dev file), a sentence of fewer than three words, and a
record whose claim equals one of `realreports/dev.jsonl`
(`EVIDENCE_CORPUS_DIR`; none did). Counts are printed. Result: 884
reports, 2,398 records, 1,959 supported, 439 unsupported (2,401 rows read;
dropped 2 fragments, 1 repeat); TofuEval dev 617 reports (1,333 / 289),
test 267 (626 / 150).

Halves: `score_halves.py` splits a corpus by the SHA-1 of a record's
passages, so all the summaries of one transcript fall in one half; every
record here cites its one transcript, so the rule applies as it does to
FaithBench (TofuEval's own dev/test split, also by document, is in the
note).
"""
import collections
import csv
import hashlib
import os
import re
import sys

import corpus_out

FILES = {
    "factual_consistency/meetingbank_factual_eval_dev.csv":
        "f5923a9bf98503bee3eccc44cf4a9c31a6773d2a0a5c8c434f5670f5f0703f1d",
    "factual_consistency/meetingbank_factual_eval_test.csv":
        "9c7f3e03a01c3d077e891f6b7f5b75af9cf517d2b395f6ddf159b5ac9e84746d",
    "meetingbank_dev_doc.csv": "ca113d4c63b70db309e57f50f0922923d1114b1b6bdf1992a1f8aa002add27ab",
    "meetingbank_test_doc.csv": "3f17b34d0b8a93650e5b391bf7362cb9f2a4d4e9b240a12e3f6a9fe8acd65efb",
}
LABELS = {"yes": "supported", "no": "unsupported"}
TITLE = "MeetingBank source transcript (city council meeting)"


def read_csv(src, name):
    path = os.path.join(src, name)
    with open(path, "rb") as f:
        raw = f.read()
    if hashlib.sha256(raw).hexdigest() != FILES[name]:
        sys.exit(f"{path}: not the pinned file (SHA-256 differs)")
    csv.field_size_limit(1 << 30)
    return list(csv.DictReader(raw.decode("utf-8").splitlines(keepends=True)))


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "tofueval_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    docs = {}
    for split in ("dev", "test"):
        for row in read_csv(src, f"meetingbank_{split}_doc.csv"):
            docs[row["meeting_id"]] = row["source"]
    dropped = collections.Counter()
    summaries = collections.OrderedDict()
    rows_read = 0
    seen = set()
    for split in ("dev", "test"):
        for row in read_csv(src, f"factual_consistency/meetingbank_factual_eval_{split}.csv"):
            rows_read += 1
            key = (row["doc_id"], row["topic"], row["model_name"])
            whole = key + (row["sent_idx"], row["summ_sent"], row["sent_label"])
            if whole in seen:
                dropped["exact repeat of a row"] += 1
                continue
            seen.add(whole)
            if row["doc_id"] not in docs:
                dropped["sentence of a document not found"] += 1
                continue
            summaries.setdefault(key, (split, []))[1].append(row)
    records = []
    reports = 0
    by_model = collections.defaultdict(collections.Counter)
    by_split = collections.defaultdict(collections.Counter)
    for (doc_id, topic, model), (split, rows) in summaries.items():
        rid = "tofueval:" + hashlib.sha1("\n".join((doc_id, topic, model)).encode("utf-8")).hexdigest()[:10]
        out = []
        for row in sorted(rows, key=lambda r: int(r["sent_idx"])):
            claim = re.sub(r"\s+", " ", row["summ_sent"]).strip()
            reason = corpus_out.why_dropped(claim, dev)
            if reason:
                dropped[reason] += 1
                continue
            label = LABELS[row["sent_label"]]
            types = ", ".join(t.strip() for t in row["type"].split(",") if t.strip())
            note = (
                f"TofuEval MeetingBank {split}, {model}, sentence {row['sent_idx']}: "
                f"sent_label '{row['sent_label']}'" + (f" ({types})" if types else "")
                + "; one annotation (label_strict: a second reading with --strict, else the label)"
            )
            out.append(
                {
                    "id": f"{rid}:s{row['sent_idx']}",
                    "source": "tofueval",
                    "report_id": rid,
                    "claim": claim,
                    "citations": [{"n": 1, "title": TITLE, "url": "", "passage": docs[doc_id]}],
                    "label": label,
                    "label_by": "dataset",
                    "note": note,
                    "label_read": label,
                    "label_strict": label,
                }
            )
        if not out:
            dropped["summary with no record left"] += 1
            continue
        reports += 1
        records.extend(out)
        for r in out:
            by_model[model][r["label"]] += 1
            by_split[split][r["label"]] += 1
        by_model[model]["reports"] += 1
        by_split[split]["reports"] += 1
    corpus_out.write_binary(out_dir, records, corpora, strict, "TofuEval MeetingBank", rows_read, reports, dropped)
    if strict is not None:
        agreed = collections.Counter(r["label_read"] for r in records if r["label_read"] == r["label_strict"])
        print("agreed (label_read = label_strict):", sum(agreed.values()), dict(agreed))
    print("TofuEval split / model: reports supported unsupported")
    for name, row in sorted(by_split.items()) + sorted(by_model.items()):
        print(name, row["reports"], row["supported"], row["unsupported"])


if __name__ == "__main__":
    main()
