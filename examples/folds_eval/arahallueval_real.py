#!/usr/bin/env python3
"""A fourteenth set of real reports nobody tuned on, for folds_eval, and the
first in Arabic: the summarization half of AraHalluEval (Alansari and
Luqman, *AraHalluEval: A Fine-grained Hallucination Evaluation Framework
for Arabic LLMs*, Third Arabic NLP Conference (ArabicNLP 2025), pp.
148-161; arXiv 2509.04656; KFUPM / SDAIA-KFUPM Joint Research Center for
AI), in which eight LLMs (Arabic: ALLaM-7B-Instruct `Allam`, Fanar-1-9B,
Jais-family-6.7B, Noon-7B; multilingual: Gemma-3-4B-pt, Llama-3-8B,
Qwen2.5-7B, BLOOM-7B) were each given a BBC Arabic news article of XL-Sum
("لخص النص الآتي في جملة واحدة فقط، وأجب باللغة العربية", summarise the
text in one sentence only, answer in Arabic) and their summaries were
annotated by hand against the article with yes/no hallucination indicators
and a 1-5 faithfulness rating. Turned into the records of
`realreports/dev.jsonl`, written into a corpus directory of its own beside
a link to the support corpus, so that

    A=ARAHALLUEVAL_MIRROR; K=c7497bfec35958d617add12f303f0b9bdac3c1a7; mkdir -p SRC_DIR
    for f in summ_annotations.csv summ_merged_predictions.csv; do
      git --git-dir=$A show $K:$f > SRC_DIR/$f
    done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/arahallueval_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these summaries, and the same
figures for a tuning half and a held-out half. ARAHALLUEVAL_MIRROR is the
git directory of github.com/aishaalansari57/AraHalluEval, commit
c7497bfec35958d617add12f303f0b9bdac3c1a7 ("Add files via upload",
2025-07-27: the annotations came in there; the predictions, blob ed9d10ba,
with 08a043693596d6b085ca0de73965c65aef296d97 the day before). Both files
are unchanged up to 4a1e9120f7d96f113520e5323c525863a7f523bf (2026-05-04),
which adds `AraHalluEval_Summarization.csv`, the paper's release file; its
blob (1a1f54c4) is absent from the snapshot and from the index, and the
next commits delete the two files read here and add a README (HEAD
93ba85bb9b72f3c8376ac754a540dfd02d11e7e0). SHA-256 in FILES below.
Nothing of it is kept in this repository.

Why this set: model-written text (one-sentence summaries of an article the
model was given), a human label per summary against exactly that article
(the README: "Manually annotated hallucination labels"), the article whole
in the files, and Arabic, which none of the thirteen earlier sets is:
right-to-left script, no case, clitics written onto the word (`والتي`,
`بالشراكة`, `لمضيفيه`), optional short vowels (`حُكم`), alef and ya
variants (`أ`/`ا`, `ى`/`ي`), names transliterated more than one way
(`ماكينزي`/`ماكنزي`). Not chosen: ViHallu (DSC 2025, Vietnamese: GPT-4o
answers to factual, noisy and adversarial prompts over UIT-ViQuAD passages,
adversarial prompts built to elicit hallucination and the three classes
no/intrinsic/extrinsic balanced by sampling; no full copy found on GitHub,
one participant's repository holds four example rows);
AraHalluEval's own QA half (closed-book TyDiQA questions: no passage given);
PublicHearingBR (unicamp-dl, Portuguese: `PublicHearingBR_NLI.jsonl`, 56
MB, on Hugging Face); mFACE (Google Drive); mfact-summ (yfqiu-nlp:
translated classification data on Hugging Face); HalluVerse25 / M3,
PerHalluEval, Turk-LettuceDetect (LLM-injected or machine-translated
hallucinations); Halwasa and HalluScore (Arabic, no source passage).

Licence: none stated (no LICENSE file; the README states none; data
published with the paper for research). The articles are XL-Sum's (CC
BY-NC-SA 4.0, copyright of the BBC). Research use, not commercial, and
nothing committed: this set stays outside the repository.

What the files hold, and what is used. `summ_merged_predictions.csv`: 300
XL-Sum articles (`id`, `url`, `title`, `text`, `summary` = XL-Sum's
reference, not used) with one column per model holding its output, cut by
the authors' script at the first `.`, `!` or `؟` (so one sentence, no final
stop; a decimal point cuts too: `... مقابل 1`). `summ_annotations.csv`: 798
rows, one per (article, model) annotated, for 100 of the articles (`sample_index`
= the row of the predictions file; Jais lacks row 66, BLOOM row 50),
with `text` and `summary` (equal to the predictions row's, checked), `model`
and the annotation: `Context Inconsistency`, `Instruction Inconsistency`,
`Temporal/Number Error`, `Named-Entity Error`, `Fabrication`, `Inference`,
`Code-switch`, `Grammar Error` (each `Yes`/`No`), `Other/comment` (one
row), `factual_claims` and `hallucination_density` (origin not documented:
not used) and `Summary Rating` (`5 - Fully Faithful`, `4 - Mostly
Faithful: all major facts correct; minor issues only`, `3 - Partially
Faithful`, `2 - Mostly Unfaithful`, `1 - Completely Unfaithful`). The
annotations file does not repeat the summary, so the summary is the
predictions file's column of that model; that these are what was read is
borne out by `Code-switch` (33 of its 40 `Yes` are outputs with Latin
words, 15 of 758 `No`). The release does not say how many people annotated
or whether the four API models of the paper were annotated on the same
footing; one label set a summary is released.

One record per kept summary, one report per summary (`report_id`
`arahallueval:` + 10 hex digits of the SHA-1 of `article id:model`),
`claim` = the output with white space collapsed and a list marker (`-`,
`1-`, `(1)`, `أ-`) opening it removed. `citations` = the article: `n` 1,
`title` "AraHalluEval source article given to the summarizer" (English,
lending the claims no words), `url` empty, `passage` = `text` whole, as
given (the Hugging Face models' prompt was cut to their context length;
median article 2,200 characters). Label, from the annotation's own words:
no support indicator (`Context Inconsistency`, `Temporal/Number Error`,
`Named-Entity Error`, `Fabrication`, `Inference`) and rated 3 to 5 ->
`supported` (a low rating with nothing flagged is an omission, which is no
support failure); an indicator and rated 3 or 4 ("partially" / "mostly
faithful") -> `partial`; an indicator and rated 1 or 2 ("mostly" /
"completely unfaithful") -> `unsupported`. One reading: `label_read` =
`label_strict` = `label` (`--strict READINGS.tsv` replaces `label_strict`,
as in `citecheck_real.py`); `note` gives the model, the flags and the
rating.

Dropped: a summary with no indicator but rated 1 or 2 (the two marks
disagree: mostly off-task text, a page of Chinese or English, "translation
is the process of ...", flagged only `Instruction Inconsistency`); a
summary equal to an earlier model's of the same article (kept once, in
MODELS order); a fragment (fewer than three words, a word being a run of
two or more Arabic or Latin letters: `corpus_out.why_dropped` counts Latin
words only); a claim of `realreports/dev.jsonl`. Counts are printed.
Result: 798 summaries (100 articles) read; 754 reports and records, 315
supported, 248 partial, 191 unsupported; dropped 37 unflagged summaries
rated 1 or 2, 6 repeats (same label as the kept one) and 1 fragment
(`- احتفالات مختلفة`). Supported / partial / unsupported by model: Allam
72/26/2, Fanar 19/42/36, Jais 44/21/28, Noon 33/47/20, Gemma 32/31/32,
Llama 39/33/23, Qwen 59/33/6, BLOOM 17/15/44. Median article 2,007
characters, median claim 23 words (one sentence, often long, joined with
`و` and commas).

Odd in the data: several models are base models (Gemma-3-4b-pt,
Llama-3-8B, Qwen2.5-7B, BLOOM-7B), so many outputs are off-task (a
headline list, "English version of the article", a student's answer, three
kept claims in English); the cut at the first full stop leaves numbers
half-written (`... مقابل 1` for 1.x billion); a rating of 4 with a wrong
figure flagged still reads `partial` here. The release file of the paper
is missing, so these labels are those of July 2025. Arabic has no case:
`score_halves.py` puts it with the lower-case parts. The eight summaries of
an article cite the same passage, so they fall in one half.
"""
import collections
import csv
import hashlib
import io
import os
import re
import statistics

import corpus_out

FILES = {
    "summ_annotations.csv": "ff3f71f58403a7a3d57f9a3ae3ba49c19912bc0130a1cf85e6601f519bb420bf",
    "summ_merged_predictions.csv": "9a9bf2cc8e84537bc6c6ed285c2b0d82d1a80a168972d9689b36ff6237ccc504",
}
MODELS = ["Allam", "Fanar", "Jais-6.7b", "Noon", "Gemma", "llama", "qwen2.5-7b", "bloom-7b"]
SUPPORT_FLAGS = ["Context Inconsistency", "Temporal/Number Error", "Named-Entity Error", "Fabrication", "Inference"]
OTHER_FLAGS = ["Instruction Inconsistency", "Code-switch", "Grammar Error"]
LIST_MARKER = re.compile(r"^(?:[-*•]+\s*|\d+\s*[-.)]\s*|\([\dأبج]\)\s*|[أبج]\s*-\s*)+")
WORD = re.compile(r"[\u0621-\u063A\u0641-\u064A\u0671-\u06D3A-Za-z][\u0621-\u063A\u0641-\u065F\u0670-\u06D3A-Za-z]+")


def read_csv(src, name):
    """The rows of the file `name`, checked against FILES."""
    raw = corpus_out.read_pinned(os.path.join(src, name), FILES[name])
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


def clean(text):
    """The output as a claim: white space collapsed, a list marker opening it removed."""
    text = re.sub(r"\s+", " ", text).strip()
    return LIST_MARKER.sub("", text).strip()


def why_dropped(claim, dev):
    """Why a cleaned summary is left out, or None."""
    if len(WORD.findall(claim)) < 3:
        return "fragment of fewer than three words (Arabic or Latin)"
    if claim in dev:
        return "record sharing a claim with the developers' half"
    return None


def reading(row):
    """`(label or None, flags, rating)` of an annotation row."""
    flags = [k for k in SUPPORT_FLAGS if row[k] == "Yes"]
    for k in SUPPORT_FLAGS + OTHER_FLAGS:
        if row[k] not in ("Yes", "No"):
            raise ValueError(f"{k} = {row[k]!r}")
    rating = int(row["Summary Rating"][0])
    if not 1 <= rating <= 5:
        raise ValueError(f"rating {row['Summary Rating']!r}")
    if not flags:
        return ("supported" if rating >= 3 else None), flags, rating
    return ("partial" if rating >= 3 else "unsupported"), flags, rating


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "arahallueval_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    ann = read_csv(src, "summ_annotations.csv")
    pred = read_csv(src, "summ_merged_predictions.csv")
    seen_pairs = set()
    rows = []
    for r in ann:
        i, model = int(r["sample_index"]), r["model"]
        p = pred[i]
        if r["text"] != p["text"] or r["summary"] != p["summary"] or model not in MODELS:
            raise ValueError(f"annotation row {i} {model}: not the predictions row")
        if (i, model) in seen_pairs:
            raise ValueError(f"annotation row {i} {model} twice")
        seen_pairs.add((i, model))
        rows.append((i, MODELS.index(model), model, p, r))
    rows.sort(key=lambda t: t[:2])
    dropped = collections.Counter()
    records = []
    table = collections.defaultdict(collections.Counter)
    kept_by_article = collections.defaultdict(dict)
    same_differs = 0
    for i, _, model, p, r in rows:
        label, flags, rating = reading(r)
        claim = clean(p[model])
        if label is None:
            dropped["no indicator flagged but rated 1 or 2 (the two marks disagree)"] += 1
            continue
        if claim in kept_by_article[i]:
            dropped["summary equal to an earlier model's of the same article"] += 1
            same_differs += kept_by_article[i][claim] != label
            continue
        why = why_dropped(claim, dev)
        if why:
            dropped[why] += 1
            continue
        kept_by_article[i][claim] = label
        rid = "arahallueval:" + hashlib.sha1(f"{p['id']}:{model}".encode("utf-8")).hexdigest()[:10]
        others = [k for k in OTHER_FLAGS if r[k] == "Yes"]
        records.append({
            "id": f"{rid}:s1",
            "source": "arahallueval",
            "report_id": rid,
            "claim": claim,
            "citations": [{"n": 1, "title": "AraHalluEval source article given to the summarizer",
                           "url": "", "passage": p["text"]}],
            "label": label,
            "label_by": "dataset",
            "note": f"AraHalluEval summarization, article {p['id']} (row {i}), model {model}: support indicators "
                    f"{', '.join(flags) or 'none'}; other {', '.join(others) or 'none'}; rating "
                    f"{r['Summary Rating']}; one annotation (label_strict: a second reading with --strict, else the label)",
            "label_read": label,
            "label_strict": label,
        })
        table[model][label] += 1
    if len({r["id"] for r in records}) != len(records):
        raise ValueError("duplicate record id")
    corpus_out.write(out_dir, records, corpora, strict)
    counts = collections.Counter(r["label"] for r in records)
    print(f"AraHalluEval summaries read: {len(ann)} ({len({t[0] for t in rows})} articles)")
    print("reports records supported partial unsupported")
    print(len(records), len(records), counts["supported"], counts["partial"], counts["unsupported"])
    for reason, n in dropped.most_common():
        print(f"dropped: {n} x {reason}")
    print(f"of the repeats, {same_differs} labelled otherwise than the kept one")
    print("model: supported partial unsupported")
    for model in MODELS:
        c = table[model]
        print(model, c["supported"], c["partial"], c["unsupported"])
    print("article length (characters) median:", statistics.median(len(pred[i]["text"]) for i in {t[0] for t in rows}))
    print("claim length (words) median:", statistics.median(len(WORD.findall(r["claim"])) for r in records))
    print(f"{len(records)} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
