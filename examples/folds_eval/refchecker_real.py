#!/usr/bin/env python3
"""An eighth set of real reports nobody tuned on, for folds_eval: the
noisy-context (retrieval-augmented) half of the RefChecker benchmark (Hu et
al., *RefChecker: Reference-based Fine-grained Hallucination Checker and
Benchmark for Large Language Models*, arXiv 2405.14486, 2024), in which seven
LLMs of 2023 (GPT-4, GPT-3.5-Turbo, InstructGPT text-davinci-001, Claude 2,
Llama-2-70B-Chat, Falcon-40B-Instruct, Alpaca-7B) answered 100 MS MARCO
questions from the ten retrieved web passages they were given ("Please
answer the following question based on the provided passages", each passage
as `Passage i: text`), Claude 2 cut each answer into claim triplets
(subject, predicate, object), and human annotators labelled every triplet
against those passages: Entailment, Neutral (not stated) or Contradiction.
Turned into the records of `realreports/dev.jsonl`, written into a corpus
directory of its own beside a link to the support corpus, so that

    R=REFCHECKER_MIRROR; C=CONTEXTCHECKER_MIRROR
    mkdir -p SRC_DIR/refchecker SRC_DIR/contextchecker
    for m in alpaca_7B chatgpt claude2 davinci001 falcon_40B_instruct gpt4 llama2_70b_chat; do
      git --git-dir=$R show 1df1b25cee792ba2b171302e31ca4f768bd67703:benchmark/human_annotations_v1/noisy_context/msmarco_${m}_answers.json \\
          > SRC_DIR/refchecker/msmarco_${m}_answers.json
    done
    git --git-dir=$C show a778f4a48fd6b49e011afd6287d0edbc2218ac5d:data/noisy_context/msmarco_gpt4_answers.json \\
        > SRC_DIR/contextchecker/msmarco_gpt4_answers.json
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/refchecker_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these answers, and the same
figures for a tuning half and a held-out half. REFCHECKER_MIRROR is the git
directory of github.com/amazon-science/RefChecker, commit
1df1b25cee792ba2b171302e31ca4f768bd67703, files
`benchmark/human_annotations_v1/noisy_context/msmarco_<model>_answers.json`
(the answers and their labelled triplets: per answer `id` (the MS MARCO
query id), `response`, `claude2_response_kg`, a list of `triplet` and
`human_label`). RefChecker ships no passages, only the query ids
(`benchmark/data/noisy_context/msmarco_example_ids.json`) and a script
(`benchmark/data/gather_benchmark_data.py`) that takes them from the Hugging
Face copy of MS MARCO v2.1 (validation split), out of reach here.
CONTEXTCHECKER_MIRROR is github.com/Arthur-g-p/contextchecker, commit
a778f4a48fd6b49e011afd6287d0edbc2218ac5d ("added context to data"), whose
`data/noisy_context/msmarco_<model>_answers.json` are RefChecker's files
with that script's `question` and `context` (the query's passages, in
MS MARCO's order) added to each answer; only its GPT-4 file is read, for
the question and passages of each of the 100 ids. Checked: its `id`,
`response` and `claude2_response_kg` equal RefChecker's GPT-4 file item for
item (they do in all seven of its files, and every id's question and
passages are the same in all seven); the answers name passages by their
number ("Passage 3 is a Ripoff Report ...") and the numbered passage says
so. SHA-256 of the eight files in FILES below. Nothing of it is kept in
this repository.

Licence: RefChecker's human annotations are CC BY 4.0
(`benchmark/human_annotations_v1/LICENSE.txt`), its code Apache-2.0
(`LICENSE`). The passages are MS MARCO's (Microsoft; its terms allow
non-commercial research use only) and third-party web text;
Arthur-g-p/contextchecker has no licence file and states none (only the
passages, which are MS MARCO's text, are read from it). Research use, and
nothing committed: this set stays outside the repository. The answers are
the LLMs' outputs.

Left out: the accurate-context half (Databricks Dolly closed QA,
information extraction and summarisation: the best genre after this one),
whose documents are in `databricks/databricks-dolly-15k` on Hugging Face
only (the GitHub copies, databrickslabs/dolly's `data/` and
Wilderdbb/databricks-dolly-15k, are a 13 MB file absent from the snapshots
or a Git LFS pointer); the zero-context half (Natural Questions), in which
the models were given no passage (the annotators judged them against NQ's
long answer, which is not what the model cites). Not FELM (its references
are links, no text), ClaimVerify, RAGTruth or ALCE (files absent from the
snapshots; see `tofueval_real.py`).

One record per answer, one report per answer (`report_id` `refchecker:` +
10 hex digits of the SHA-1 of query id and model): the triplets are the
annotated unit, and the release does not say which sentence a triplet was
taken from (Claude 2 extracted them from the whole answer, resolving
pronouns across sentences and leaving out low-quality triplets, which the
annotators also removed), so the sentences of an answer cannot be labelled
one by one and the whole answer is the record. About a third of the kept
answers are a single sentence. `claim` = the response on one line: each
line's list marker (`*`, `-`, `1.`) removed, a list item without closing
punctuation given a full stop, lines joined with a space, white space
collapsed; the words are the model's. Some answers stop mid-sentence (the
collection's 300-token limit); they are kept as written, as annotated.
`citations` = the passages: `n` 1, `title` "MS MARCO passages retrieved for
the question (Passage 0 to Passage 9)", `url` empty, `passage` the passages
as the prompt gave them, one a line, each `Passage i: ` + its text (the
answers name them so), white space collapsed within a passage. A prompt
longer than a model's context was cut (`collector_base.py`); the
annotators judged against all the passages, and so does this record.

Label, from the answer's triplets: all Entailment -> `supported`; at
least one Entailment and at least one Neutral or Contradiction ->
`partial` (some of it is stated); no Entailment -> `unsupported` (none of
it is stated, or it is contradicted). `note` gives the question, the model
and the three counts. A triplet set does not always cover every word of an
answer (the "Based on the provided passages" frame, low-quality triplets
removed), so `supported` is "every labelled claim of it is entailed". One
label per triplet is released (23% of RefChecker's triplets were double
annotated, 95.0% agreement, per its README; the second labels are not
released), so without `--strict READINGS.tsv` `label_strict` = `label` (one
annotation, not an agreement of two readings; `note` says so) and every
record counts as agreed; with it, a record's reading is its `label_strict`
and folds_eval scores the records whose two readings agree.

Dropped: an answer with no labelled triplet (75: mostly "the passages do
not say" abstentions, a few answers of substance that the release gives no
triplet); an
answer whose text, after the clean-up above, equals an earlier model's
answer to the same question (kept once, under the first model in the order
of MODELS); a claim of fewer than three words; a record whose claim equals
one of `realreports/dev.jsonl` (`EVIDENCE_CORPUS_DIR`; none did). Counts
are printed. Result: 700 answers read, 616 reports and records from 100
questions, 341 supported, 195 partial, 80 unsupported (dropped 75 without
triplets, 8 repeated answers, 1 fragment: InstructGPT's bare list of
figures).

Halves: `score_halves.py` splits a corpus by the SHA-1 of a record's
passages; all the answers to one question cite the same passages, so a
question's seven answers fall in one half.
"""
import collections
import hashlib
import json
import os
import re
import sys

import corpus_out

MODELS = {
    "gpt4": "GPT-4",
    "chatgpt": "GPT-3.5-Turbo",
    "davinci001": "InstructGPT (text-davinci-001)",
    "claude2": "Claude 2",
    "llama2_70b_chat": "Llama-2-70B-Chat",
    "falcon_40B_instruct": "Falcon-40B-Instruct",
    "alpaca_7B": "Alpaca-7B",
}
FILES = {
    "refchecker/msmarco_alpaca_7B_answers.json":
        "b008e6f536625f44276fde732b07f18557a71442735f6d323450c53a8d14542d",
    "refchecker/msmarco_chatgpt_answers.json":
        "27e56a99ea2e2900363c6dc50b749fbbd73043dbe18e3466803aa40f91fe0482",
    "refchecker/msmarco_claude2_answers.json":
        "449e35ed53c86845b42d26a1190885df6357db6e5596b259b04a184069c2742b",
    "refchecker/msmarco_davinci001_answers.json":
        "3a6f21f92dbb8bfb741dc315aaead848701b17c8fba1c976426c434b7bc9325d",
    "refchecker/msmarco_falcon_40B_instruct_answers.json":
        "604d96ea2d06d6eb193c66b3d7fc489f7ee05f44ad60b8f600d5110be219ce00",
    "refchecker/msmarco_gpt4_answers.json":
        "7b36d338157af4c9cda284cebf8054d364dc4da138c0a6cd4d33202b784ee124",
    "refchecker/msmarco_llama2_70b_chat_answers.json":
        "2a819101fa3478f7ee3fe9f3d2e598e9ee7abd17ca7d16a24a6f4cc36f940e69",
    "contextchecker/msmarco_gpt4_answers.json":
        "32aa19e26df3bc96d6bee6201b528312b3f82667692cebf457514847b9d739ab",
}
TITLE = "MS MARCO passages retrieved for the question (Passage 0 to Passage 9)"
KINDS = ("Entailment", "Neutral", "Contradiction")
LIST_MARKER = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+")
CLOSED = re.compile(r"[.!?:;,][\"')\]\u201d\u2019]*$")


def read_json(src, name):
    path = os.path.join(src, name)
    with open(path, "rb") as f:
        raw = f.read()
    if hashlib.sha256(raw).hexdigest() != FILES[name]:
        sys.exit(f"{path}: not the pinned file (SHA-256 differs)")
    return json.loads(raw.decode("utf-8"))


def one_line(response):
    """The response on one line: list markers removed, a list item without
    closing punctuation closed with a full stop, white space collapsed."""
    lines = []
    for line in response.split("\n"):
        item = LIST_MARKER.match(line)
        text = re.sub(r"\s+", " ", line[item.end():] if item else line).strip()
        if not text:
            continue
        if item and not CLOSED.search(text):
            text += "."
        lines.append(text)
    return " ".join(lines)


def label_of(counts):
    if counts["Entailment"] == 0:
        return "unsupported"
    if counts["Neutral"] or counts["Contradiction"]:
        return "partial"
    return "supported"


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "refchecker_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    answers = {m: read_json(src, f"refchecker/msmarco_{m}_answers.json") for m in MODELS}
    contexts = read_json(src, "contextchecker/msmarco_gpt4_answers.json")
    if [(c["id"], c["response"], c["claude2_response_kg"]) for c in contexts] != [
        (a["id"], a["response"], a["claude2_response_kg"]) for a in answers["gpt4"]
    ]:
        sys.exit("contextchecker's GPT-4 file is not RefChecker's with passages added")
    questions = {c["id"]: (c["question"], c["context"]) for c in contexts}
    order = [c["id"] for c in contexts]
    by_id = {m: {a["id"]: a for a in rows} for m, rows in answers.items()}
    for m, rows in by_id.items():
        if set(rows) != set(order) or len(rows) != len(answers[m]):
            sys.exit(f"{m}: not the 100 query ids, once each")
    dropped = collections.Counter()
    records = []
    seen = set()
    passages_used = set()
    by_model = collections.defaultdict(collections.Counter)
    rows_read = 0
    for qid in order:
        question, context = questions[qid]
        passage = "\n".join(f"Passage {i}: " + re.sub(r"\s+", " ", p).strip() for i, p in enumerate(context))
        for model, name in MODELS.items():
            answer = by_id[model][qid]
            rows_read += 1
            kinds = [t["human_label"] for t in answer["claude2_response_kg"]]
            if any(k not in KINDS for k in kinds):
                raise ValueError(f"{model} {qid}: a triplet label outside {KINDS}")
            if not kinds:
                dropped["answer with no labelled triplet (abstention, or triplets all removed)"] += 1
                continue
            claim = one_line(answer["response"])
            if (qid, claim) in seen:
                dropped["answer equal to an earlier model's answer to the same question"] += 1
                continue
            seen.add((qid, claim))
            reason = corpus_out.why_dropped(claim, dev)
            if reason:
                dropped[reason] += 1
                continue
            counts = collections.Counter(kinds)
            label = label_of(counts)
            rid = "refchecker:" + hashlib.sha1(f"{qid}\n{model}".encode("utf-8")).hexdigest()[:10]
            note = (
                f"RefChecker noisy context, MS MARCO query {qid} ({question!r}), {name}: triplets "
                f"{counts['Entailment']} Entailment, {counts['Neutral']} Neutral, "
                f"{counts['Contradiction']} Contradiction; one annotation per triplet "
                "(label_strict: a second reading with --strict, else the label)"
            )
            records.append(
                {
                    "id": f"{rid}:r",
                    "source": "refchecker",
                    "report_id": rid,
                    "claim": claim,
                    "citations": [{"n": 1, "title": TITLE, "url": "", "passage": passage}],
                    "label": label,
                    "label_by": "dataset",
                    "note": note,
                    "label_read": label,
                    "label_strict": label,
                }
            )
            passages_used.add(passage)
            by_model[name][label] += 1
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict,
        f"RefChecker noisy context answers read: {rows_read}", len(records), dropped,
    )
    print(f"{len(passages_used)} questions (passage sets), {len(records)} reports -> {out_dir}")
    print("model: supported partial unsupported")
    for name in MODELS.values():
        row = by_model[name]
        print(name, row["supported"], row["partial"], row["unsupported"])


if __name__ == "__main__":
    main()
