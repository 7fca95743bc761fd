#!/usr/bin/env python3
"""A tenth set of real reports nobody tuned on, for folds_eval: STORYSUMM
(Subbiah, Ladhak, Mishra, Adams, Chilton and McKeown, *STORYSUMM: Evaluating
Faithfulness in Story Summarization*, EMNLP 2024; arXiv 2407.06501), in
which LLMs of 2022-24 (the release's `model`: OpenAI's `text-davinci-003`,
`chatGPT`, `gpt-3.5-turbo-instruct` and `gpt-4`, and Anthropic's `claude`)
were each given a short story (285 to 885 words, median 772) and wrote a
summary of it, 96 summaries of 32 stories (three models a story: see
below), and
human annotators labelled every summary sentence consistent with the story
or not, with an explanation of each inconsistency. Turned into the records
of `realreports/dev.jsonl`, written into a corpus directory of its own
beside a link to the support corpus, so that

    S=STORYSUMM_MIRROR; mkdir -p SRC_DIR
    git --git-dir=$S show 22d47af2bfb2a6b2d443b44dbcc81dd01ac742cb:storysumm.json \\
        > SRC_DIR/storysumm.json
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/storysumm_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these summaries, and the same
figures for a tuning half and a held-out half. STORYSUMM_MIRROR is the git
directory of github.com/melaniesubbiah/storysumm, commit
22d47af2bfb2a6b2d443b44dbcc81dd01ac742cb (branch `main`, "Update
storysumm.json", 2024-10-01), file `storysumm.json`; its SHA-256 is in
FILES below. Nothing of it is kept in this repository.

The file as committed is not valid JSON: one summary sentence ends `", "`
before its line break (`...challenging moment he has faced.", "` then
`"As he observes these apparitions, ...`), so the next sentence's opening
quote closes a stray string. The script replaces that one occurrence of
`", "` + line break by `",` + line break (and fails if there is not exactly
one), and reads the text with control characters allowed in strings
(`strict=False`: the stories keep their line breaks).

Not QAGS (W4ngatang/qags `data/mturk_{cnndm,xsum}.jsonl`, three
annotators a sentence, but summaries of 2019-20 models and text lower-cased
but for sentence starts, so names have no capitals), XSumFaith
(google-research-datasets/xsum_hallucination_annotations: lower-case
summaries, and the XSum documents are not in the repository), FRANK
(artidoro/frank: `benchmark_data.json` and `human_annotations_sentence.json`
absent from every snapshot here; `human_annotations.json` is per summary,
without text), FEQA (annotations never released), and
sanjanaramprasad/hallucination_severity_explorer (spans averaged over
annotators, lower-cased XSum documents).

Licence: MIT (the repository's `LICENSE`, Copyright (c) 2024 Melanie
Subbiah); the stories are third-party short fiction that the authors
collected, and the summaries are the models' outputs. Research use, and
nothing committed: this set stays outside the repository.

What the file holds, and what is used: an object keyed by summary id, each
with `story` (the source story, cased, with its line breaks), `summary`
(the summary as a list of sentences, the dataset's own split), `errors`
(one 0/1 a sentence: 0 inconsistent with the story, 1 consistent),
`explanations` (a reason for each 0, in order), `label` (the summary's:
1 if no sentence is inconsistent), `difficulty` (`easy` or `hard` for an
unfaithful summary, empty for a faithful one: the paper's grading of how
hard its errors are to find; kept in the note), `story-id`, `claims`
(atomic claims made by GPT-4: not used), `split` (`val` or `test`: not
used; both are read) and `model`. The repository has no generation
script, so the prompt the models were given is not known beyond the
paper's account (the story, then a request for a summary); the passage
is the `story` text whole, as stored. The paper's point is that any one
human annotation protocol misses errors, so its ground truth draws on
more than one; the release keeps one final label a sentence and no
annotator's own. The model raters' prompt (`evaluators/systemprompt.txt`)
says to ignore summary sentences that are only commentary on or
interpretation of the story, and the labels read the same way: a
sentence such as "The story concludes on a bittersweet note, ..." is
labelled consistent although the story does not say it.

One record per summary sentence, one report per summary (`report_id`
`storysumm:` + 10 hex digits of the SHA-1 of the summary id), records in
the summary's order. `claim` = the sentence with white space collapsed;
`citations` = the story: `n` 1, `title` "Source document given to the
summarizer" (not the story's title, which the release does not give, and
not a word such as "story" that the claims use and the passage lacks),
`url` empty, `passage` the `story` text whole, as stored. Labels:
`errors` 1 -> `supported`, 0 -> `unsupported` (the dataset's label is
binary, so `unsupported` here is "not consistent with the story" and takes
in what this corpus calls `partial`). **One reading only**: the release
keeps one merged label a sentence and no annotator's own, so `label`,
`label_read` and `label_strict` are all that label, every record counts as
agreed and there is no inter-annotator agreement to report. `note` gives
the model, the summary's difficulty and, for an inconsistent sentence, the
annotators' explanation.

Dropped: a sentence of fewer than three words (`corpus_out.why_dropped`);
a sentence repeating an earlier one of the same summary word for word; a
record whose claim equals one of `realreports/dev.jsonl`
(`EVIDENCE_CORPUS_DIR`); a summary whose labels do not line up: one
(`7911522387646974049i9mo1w`) has `label` 0 and an explanation but no
sentence marked 0, so the error cannot be placed; one
(`8167058533589479g1cebe`) lists 7 sentences against 6 labels (its third
sentence runs two together, "...solace.At the asylum..."), and is kept
only because its `label` is 1 and every label 1, so every sentence is
consistent whichever way they pair. Counts are printed. Result: 96
summaries read; 95 reports, 572 records, 486 supported, 86 unsupported
(one summary dropped, no sentence dropped). By model (supported /
unsupported): claude 235/27, gpt-4 116/17, gpt-3.5-turbo-instruct 54/19,
text-davinci-003 41/10, chatGPT 40/13. The 32 stories were each
summarized by three models: 21 by claude, gpt-4 and
gpt-3.5-turbo-instruct, 11 by chatGPT, claude and text-davinci-003.

Halves: `score_halves.py` splits a corpus by the SHA-1 of a record's
passages; the three summaries of a story cite the same passage, so they
fall in one half (32 stories: the halves are small).
"""
import collections
import hashlib
import json
import os
import re
import sys

import corpus_out

FILES = {
    "storysumm.json": "a5d33036b5a77e344912ea8c28dc831358ba91412217d9cdff3049f80e307cab",
}
TITLE = "Source document given to the summarizer"
LABELS = {1: "supported", 0: "unsupported"}
BROKEN = '", "\n'


def read(src):
    path = os.path.join(src, "storysumm.json")
    with open(path, "rb") as f:
        raw = f.read()
    if hashlib.sha256(raw).hexdigest() != FILES["storysumm.json"]:
        sys.exit(f"{path}: not the pinned file (SHA-256 differs)")
    text = raw.decode("utf-8")
    if text.count(BROKEN) != 1:
        raise ValueError("expected exactly one stray '\", \"' before a line break")
    return json.loads(text.replace(BROKEN, '",\n'), strict=False)


def labels(key, item):
    """Each sentence's 0/1 label, or None with the reason the summary is dropped."""
    errors = [int(e) for e in item["errors"]]
    summary = item["summary"]
    if int(item["label"]) != (0 not in errors):
        return None, "summary whose label disagrees with its sentence labels"
    if errors.count(0) != len(item["explanations"]):
        return None, "summary whose explanations do not match its 0 labels"
    if len(errors) != len(summary):
        if int(item["label"]) == 1 and set(errors) == {1}:
            return [1] * len(summary), None
        return None, "summary whose sentences and labels do not line up"
    return errors, None


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "storysumm_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    data = read(src)
    dropped = collections.Counter()
    records = []
    reports = 0
    by_model = collections.defaultdict(collections.Counter)
    for key, item in data.items():
        errors, reason = labels(key, item)
        if errors is None:
            dropped[reason] += 1
            continue
        rid = "storysumm:" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
        model = item["model"]
        difficulty = item["difficulty"] or "faithful"
        explanations = iter(item["explanations"])
        passage = item["story"]
        seen = set()
        k = 0
        for sentence, error in zip(item["summary"], errors):
            explanation = next(explanations) if error == 0 else ""
            claim = re.sub(r"\s+", " ", sentence).strip()
            if claim in seen:
                dropped["sentence repeating an earlier one of the same summary"] += 1
                continue
            seen.add(claim)
            why = corpus_out.why_dropped(claim, dev)
            if why:
                dropped[why] += 1
                continue
            label = LABELS[error]
            note = f"STORYSUMM, {model}, summary {difficulty}: " + (
                "consistent with the story" if error else f"inconsistent: {explanation}"
            )
            k += 1
            records.append(
                {
                    "id": f"{rid}:s{k}",
                    "source": "storysumm",
                    "report_id": rid,
                    "claim": claim,
                    "citations": [{"n": 1, "title": TITLE, "url": "", "passage": passage}],
                    "label": label,
                    "label_by": "dataset",
                    "note": note + " (one merged label: label_read = label_strict = the dataset's)",
                    "label_read": label,
                    "label_strict": label,
                }
            )
            by_model[model][label] += 1
        if k:
            reports += 1
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict, f"STORYSUMM summaries read: {len(data)}", reports, dropped
    )
    print("model: supported unsupported")
    for model, c in sorted(by_model.items()):
        print(model, c["supported"], c["unsupported"])
    print(f"{reports} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
