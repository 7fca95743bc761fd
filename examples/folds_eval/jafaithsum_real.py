#!/usr/bin/env python3
"""A thirteenth set of real reports nobody tuned on, for folds_eval, and the
first in Japanese: JaFaithSum (Tanaka, Keyaki and Komachi, *Constructing a
Dataset for Hallucination Detection in Japanese Summarization with
Fine-grained Faithfulness Labels*, EACL 2026 Student Research Workshop,
pp. 207-218; Hitotsubashi University), in which three LLMs (GPT-4o,
Llama-3.1-Swallow-8B-Instruct-v0.2, llm-jp-3-13b-instruct) each summarised
130 Japanese news articles of BBC News Japan (from XL-Sum), and six human
annotators read every summary sentence against its article and marked
those not faithful to it, with a type (Intrinsic Hallucination: contradicts
the article; Extrinsic Hallucination: adds what the article does not say;
Paraphrase Error: a rewording that distorts the meaning; Mixed). Turned
into the records of `realreports/dev.jsonl`, written into a corpus
directory of its own beside a link to the support corpus, so that

    J=JAFAITHSUM_MIRROR; mkdir -p SRC_DIR
    git --git-dir=$J show 5c9ec296d8ec94620de7552edd8faf2d32a98341:dataset.jsonl \\
        > SRC_DIR/dataset.jsonl
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/jafaithsum_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these summaries, and the same
figures for a tuning half and a held-out half. JAFAITHSUM_MIRROR is the git
directory of github.com/SDS-NLP/JaFaithSum, commit
5c9ec296d8ec94620de7552edd8faf2d32a98341 (branch `main`, "changed URL",
2026-04-28; the data came in with 193b6f75d0f741b090067542e1d3d0444b8cb9c6,
"Initial release", 2026-04-20, and is unchanged since: blob c95dc722),
file `dataset.jsonl` (3,019,166 bytes; SHA-256 in FILES below). Nothing of
it is kept in this repository.

Why this set: model-written text (summaries of a document the model was
given), a human label per sentence against exactly that document, six
annotators each, the document whole in the file, and Japanese, which none
of the twelve earlier sets is: kana and kanji with no spaces, full-width
brackets and quotes (`「」`, `（）`), numbers written `3万500人`, `6111件`,
`午前8時`, names in katakana (`スカラムーチ氏`). Not chosen: Mu-SHROOM
(SemEval-2025 task 3, Helsinki-NLP/shroom: LLM answers with human
hallucination spans in 14 languages, but no source passage: the models
answered from memory); K-HALU (J-Seo/K-HALU: Korean multiple-choice
statements, data on AI-Hub only); mFAVA (WorldHellow/mHallucinations-LLM,
`datasets/hallucination_detection/gold-languages/`: Arabic, Russian,
Turkish ..., but FAVA's LLM-inserted errors over machine-translated
Wikipedia text);
PsiloQA (s-nlp: spans labelled by GPT-4o, Hugging Face only); MSumBench
(DISL-Lab/MSumBench: English and Chinese, labels from a multi-agent LLM
debate); HalluDial, FactCHD and Poly-FEVER (synthetic or model-labelled
negatives, or human claims).

Licence: CC BY-NC-SA 4.0 (the README's "License" section; the repository
has no LICENSE file): the annotations and code are the authors', the
articles are XL-Sum's (CC BY-NC-SA 4.0, copyright of the BBC), no
copyright is claimed in the summaries. Research use, not commercial, and
nothing committed: this set stays outside the repository.

What the file holds, and what is used: one JSON object a summary (390),
with `example_id` (`{input_id:03d}_{model}`), `input_id` (0-129),
`source_url` (bbc.com/japanese), `source_text` (the article whole, ending
with the BBC's English headline line `（英語記事 ...）`), `model` (`GPT-4o`,
`Swallow`, `LLM-jp`), `summary_text`, `hallucination_present` (summary
label), `annotation_mode` (`validated` for articles 0-89, `independent`
for 90-129: the README does not say what differs, and the paper was not
to be had here; kept in the note), `xlsum_split`, `xlsum_summary` (not
used) and `sentences`: the release's own split, each with `text` (equal to
`summary_text[start_char:end_char]`), `hallucination_type` (the aggregate)
and `individual_annotations` (one `{annotator_id, label}` per annotator who
marked the sentence unfaithful; an annotator who read it as faithful leaves
no trace). The release's aggregate: none of the six marked it ->
`Not-hallucination`; one -> `Unresolved-Single`; two or more with a
majority type -> that type; two or more without -> `Unresolved-
Disagreement`. Its summary label counts both Unresolved kinds as faithful.

One record per kept sentence, one report per summary (`report_id`
`jafaithsum:` + 10 hex digits of the SHA-1 of `example_id`), records in
summary order. `claim` = the sentence with white space (the LLM-jp
summaries' line breaks) collapsed and a list marker (`・`, `-`, `1)`)
opening it removed. `citations` = the article: `n` 1, `title`
"JaFaithSum source article given to the summarizer" (English, lending the
claims no words), `url` empty, `passage` = `source_text` whole, as given.
Two readings, both binary (`unsupported` takes in what this corpus calls
`partial`): `label` = `label_read` = the release's, read as its summary
label reads it: `Not-hallucination`, `Unresolved-Single`, `Unresolved-
Disagreement` -> `supported`; `Intrinsic Hallucination`, `Extrinsic
Hallucination`, `Paraphrase Error`, `Mixed` -> `unsupported`. `label_strict`
= the plain majority of the six: four or more marked it -> `unsupported`,
two or fewer -> `supported`, three -> `split`. folds_eval scores the
records where the two agree: none or one marking (supported), or four or
more with a majority type (unsupported); a type two or three annotators
agreed on, and an Unresolved-Disagreement of three or more, are split.
`note` gives the example, model, mode, type and each marking.

Dropped: a remark about the task (`与えられた文章を要約します。`, "I will
summarise the given text"); a sentence repeating an earlier one of its
summary; a fragment (fewer than three words, counting a Latin word of two
letters or more as one and a kanji or kana as half, as `citecheck_real.py`
counts CJK: `corpus_out.why_dropped` counts Latin words only and would drop
every Japanese claim); a claim of `realreports/dev.jsonl`. Counts are
printed. Result: 390 summaries (1,949 sentences) read; 390 reports, 1,946
records, 1,711 supported, 235 unsupported (label_read); 1,835 agreed
(1,693 / 142), 111 split. Dropped 2 task remarks and 1 fragment
(`果たして……？`); no repeat, no claim of the developers' half. Agreed
supported / unsupported (split) by model, validated + independent:
GPT-4o 385/33 (32) + 193/5 (17), LLM-jp 431/34 (17) + 152/10 (12),
Swallow 356/52 (23) + 176/8 (10). Article length median 1,470 characters.

Odd in the data: some LLM-jp "summaries" copy the article's opening (and
`074_LLM-jp`, 31 sentences, copies headings `1) ...` and all); some stop
mid-sentence (a length limit: `...理由に挙げまし`); one `Mixed` sentence
(`106_GPT-4o` sentence 3) has a single marking though the README's rule
asks two. Japanese has no case: `score_halves.py` puts it with the
lower-case parts. The three summaries of an article cite the same passage,
so they fall in one half.
"""
import collections
import hashlib
import os
import re
import statistics

import corpus_out

FILES = {"dataset.jsonl": "012797a776e9de3d0d8683a2a7fe63f2cc8b6f6cfbaf1271396327e72bb1fddf"}
SUPPORTED = {"Not-hallucination", "Unresolved-Single", "Unresolved-Disagreement"}
UNSUPPORTED = {"Intrinsic Hallucination", "Extrinsic Hallucination", "Paraphrase Error", "Mixed"}
ANNOTATORS = 6
LIST_MARKER = re.compile(r"^(?:[-*・•]\s*|\d+[)）]\s*|\d+\.\s+)")
TASK_REMARK = re.compile(r"要約(?:します|しました|すると|は以下)|^(?:以下|次)(?:は|が).{0,12}要約")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")


def read_jsonl(src, name):
    """The rows of the release's file `name`, checked against FILES."""
    return corpus_out.read_pinned_jsonl(os.path.join(src, name), FILES[name])


def clean(text):
    """The sentence as a claim: white space collapsed, a list marker opening it removed."""
    text = re.sub(r"\s+", " ", text).strip()
    return LIST_MARKER.sub("", text).strip()


def why_dropped(claim, dev):
    """Why a cleaned sentence is left out, or None."""
    if TASK_REMARK.search(claim):
        return "remark about the task (与えられた文章を要約します。)"
    words = len(LATIN_WORD.findall(claim)) + len(JAPANESE.findall(claim)) / 2
    if words < 3:
        return "fragment of fewer than three words (a kanji or kana counted as half)"
    if claim in dev:
        return "record sharing a claim with the developers' half"
    return None


def readings(s):
    """`(label_read, label_strict, markings)` of a release sentence."""
    kind = s["hallucination_type"]
    marks = s["individual_annotations"]
    ids = [m["annotator_id"] for m in marks]
    if len(set(ids)) != len(ids) or len(ids) > ANNOTATORS:
        raise ValueError(f"annotators not distinct: {ids}")
    if kind in SUPPORTED:
        read = "supported"
    elif kind in UNSUPPORTED:
        read = "unsupported"
    else:
        raise ValueError(f"unknown hallucination_type {kind!r}")
    n = len(marks)
    expected = {"Not-hallucination": n == 0, "Unresolved-Single": n == 1, "Mixed": n >= 1}.get(kind, n >= 2)
    if not expected:
        raise ValueError(f"{kind} with {n} markings")
    strict = "unsupported" if 2 * n > ANNOTATORS else "supported" if 2 * n < ANNOTATORS else "split"
    return read, strict, marks


def main():
    strict_file, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "jafaithsum_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    rows = read_jsonl(src, "dataset.jsonl")
    dropped = collections.Counter()
    records = []
    reports = set()
    sentences_read = 0
    table = collections.defaultdict(collections.Counter)
    kinds = collections.Counter()
    lengths = []
    for row in rows:
        eid = row["example_id"]
        if eid != f"{row['input_id']:03d}_{row['model']}":
            raise ValueError(f"{eid}: id not input_id and model")
        rid = "jafaithsum:" + hashlib.sha1(eid.encode("utf-8")).hexdigest()[:10]
        citations = [{"n": 1, "title": "JaFaithSum source article given to the summarizer",
                      "url": "", "passage": row["source_text"]}]
        seen = set()
        for k, s in enumerate(row["sentences"]):
            sentences_read += 1
            if s["sentence_id"] != k or row["summary_text"][s["start_char"]:s["end_char"]] != s["text"]:
                raise ValueError(f"{eid} sentence {k}: id or offsets off")
            read, strict, marks = readings(s)
            claim = clean(s["text"])
            if claim in seen:
                dropped["sentence repeating an earlier one of its summary"] += 1
                continue
            seen.add(claim)
            why = why_dropped(claim, dev)
            if why:
                dropped[why] += 1
                continue
            marked = ", ".join(f"{m['annotator_id']}: {m['label']}" for m in marks) or "none"
            records.append({
                "id": f"{rid}:s{k + 1}",
                "source": "jafaithsum",
                "report_id": rid,
                "claim": claim,
                "citations": citations,
                "label": read,
                "label_by": "dataset",
                "note": f"JaFaithSum {eid} ({row['model']}, {row['annotation_mode']} annotation), sentence "
                        f"{k + 1}: {s['hallucination_type']}; {len(marks)} of six annotators marked it unfaithful "
                        f"({marked}); label_read = the release's (Unresolved read as faithful), label_strict = majority of six",
                "label_read": read,
                "label_strict": strict,
            })
            reports.add(rid)
            kinds[s["hallucination_type"]] += 1
            table[(row["model"], row["annotation_mode"])][read if read == strict else "split"] += 1
        lengths.append(len(row["source_text"]))
    corpus_out.refine_binary(records, strict_file)
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict_file,
        f"JaFaithSum summaries read: {len(rows)} ({sentences_read} sentences)", len(reports), dropped,
    )
    print("kept records by release type:", dict(kinds.most_common()))
    print("model mode: supported unsupported split (split: the two readings differ)")
    for (model, mode), row in sorted(table.items()):
        print(model, mode, row["supported"], row["unsupported"], row["split"])
    print("article length (characters) median:", statistics.median(lengths))
    print(f"{len(reports)} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
