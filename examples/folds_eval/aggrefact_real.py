#!/usr/bin/env python3
"""A third set of real reports nobody tuned on, for folds_eval: the long-form
answers of Chen et al., *Understanding Retrieval Augmentation for Long-Form
Question Answering* (arXiv 2310.12150, 2023; the `Lfqa` subset of
LLM-AggreFact is made from it), whose every answer sentence three annotators
labelled against the evidence documents the model was given, turned into the
records of `realreports/dev.jsonl`, written into a corpus directory of its own
beside a link to the support corpus, so that

    git --git-dir=MIRROR archive 4e905be93fbe919082d62faa77ee32c68e90237c data \\
        | tar -x -C /tmp/lfqa-src
    python3 examples/folds_eval/aggrefact_real.py /tmp/lfqa-src/data OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these answers. DATA_DIR is the
`data/` folder (`annotations/`, `docs/`) of github.com/timchen0618/
LFQA-Verification at commit 4e905be93fbe919082d62faa77ee32c68e90237c; nothing
of it is kept in this repository. Licence: the repository has no licence file
and its README states none (the data is published for research with the
paper; LLM-AggreFact redistributes the derived `Lfqa` subset under CC BY 4.0).
Documents are ELI5/WebGPT evidence paragraphs excerpted from third-party pages.

Settings: only answers written WITH the documents they are judged against:
`webgpt` (WebGPT, its own retrieved docs), `gpt3_wdoc` and `alpaca_wdoc`
(GPT-3.5 / Alpaca-7B prompted with the WebGPT docs), judged against
`docs/docs-webgpt.json`, and `gpt3_whudoc` (GPT-3.5 prompted with the human
demonstrators' docs) judged against `docs/docs-human.json` (the repository's
`src/Automatic/input_file.json` names docs-webgpt for it, but its supported
sentences share 77% of their words with the human docs and 46% with the WebGPT
ones). Left out: `gpt3` and `alpaca`, answered closed-book and judged against
docs they never saw (nothing there rests on the passage).

One record per annotated sentence, in answer order, one report per setting and
question (`report_id` `lfqa-gpt3_wdoc:152`). The answers carry no citation
markers: annotators judged each sentence against all the question's documents,
so `citations` lists them all (`n` = position, `title` as given, `url` made
from the host the title ends with in parentheses, `passage` the text as
given). Label: the majority of the three annotators (supported -> supported,
partially -> partial, not_supported -> unsupported) is `label_read`; it is
`label_strict` too when all three agree, else `split`, so that folds_eval
scores the unanimous records (two readings agreeing, as the corpus README
asks); `note` keeps the three votes. Dropped: a sentence whose three votes all differ
(the authors drop these too), a fragment with fewer than three words (`"9."`,
`'imports."'`: sentence-splitter leftovers), a line echoing the prompt
template (`Question:`, `Input:` ... from Alpaca running on), a sentence with no
document text, and a report sharing a claim with `realreports/dev.jsonl`.
Alpaca's end-of-text token `</s>` is removed from a claim.
"""
import collections
import json
import os
import re
import sys

import corpus_out

SETTINGS = {
    "webgpt": "docs-webgpt.json",
    "gpt3_wdoc": "docs-webgpt.json",
    "alpaca_wdoc": "docs-webgpt.json",
    "gpt3_whudoc": "docs-human.json",
}
LABELS = {"supported": "supported", "partially": "partial", "not_supported": "unsupported"}
PROMPT_ECHO = re.compile(r"^\s*(Question|Input|Output|Documents|Topic|Instruction|Answer)\s*:")
HOST = re.compile(r"\(([^()\s]+\.[A-Za-z]{2,})\)\s*$")


def citations_of(docs):
    out = []
    for n, d in enumerate(docs, 1):
        if not d["text"].strip():
            continue
        m = HOST.search(d["title"])
        url = f"https://{m.group(1)}/" if m else ""
        out.append({"n": n, "title": d["title"], "url": url, "passage": d["text"]})
    return out


def records(setting, entry, citations, dropped):
    out = []
    prefix = f"lfqa-{setting}"
    for i, a in enumerate(entry["annotations"]):
        votes = a["labels"]
        label, count = collections.Counter(votes).most_common(1)[0]
        claim = a["answer"].replace("</s>", "").strip()
        if count < 2:
            dropped["sentence whose three votes all differ"] += 1
            continue
        if len(re.findall(r"[A-Za-z]{2,}", claim)) < 3:
            dropped["fragment of fewer than three words"] += 1
            continue
        if PROMPT_ECHO.match(claim):
            dropped["line echoing the prompt template"] += 1
            continue
        if not citations:
            dropped["sentence with no document text"] += 1
            continue
        label = LABELS[label]
        out.append(
            {
                "id": f"{prefix}:{entry['question_id']}:s{i}",
                "source": prefix,
                "report_id": f"{prefix}:{entry['question_id']}",
                "claim": claim,
                "citations": citations,
                "label": label,
                "label_by": "dataset",
                "note": "votes: " + ", ".join(votes),
                "label_read": label,
                # Three readings: folds_eval scores where they all agree.
                "label_strict": label if count == 3 else "split",
            }
        )
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: aggrefact_real.py DATA_DIR OUT_DIR")
    data, out_dir = sys.argv[1:]
    corpora = corpus_out.corpora_dir()
    dev = corpus_out.developers_claims(corpora)
    kept, dropped = [], collections.Counter()
    table = collections.defaultdict(collections.Counter)
    for setting, docs_file in SETTINGS.items():
        with open(os.path.join(data, "docs", docs_file), encoding="utf-8") as f:
            docs = {e["question_id"]: e["docs"] for e in json.load(f)}
        path = os.path.join(data, "annotations", f"annotations-{setting}.json")
        with open(path, encoding="utf-8") as f:
            entries = json.load(f)
        for entry in entries:
            rs = records(setting, entry, citations_of(docs.get(entry["question_id"], [])), dropped)
            if not rs:
                dropped["report with no record left"] += 1
                continue
            if any(r["claim"] in dev for r in rs):
                dropped["report sharing a claim with the developers' half"] += 1
                continue
            row = table[setting]
            row["reports"] += 1
            row["records"] += len(rs)
            for r in rs:
                row[r["label"]] += 1
            kept.extend(rs)
    corpus_out.write(out_dir, kept, corpora)
    print("setting reports records supported partial unsupported")
    for setting, row in table.items():
        print(setting, row["reports"], row["records"], row["supported"], row["partial"], row["unsupported"])
    for reason, n in dropped.most_common():
        print(f"dropped: {n} x {reason}")
    print(f"{sum(r['reports'] for r in table.values())} reports, {len(kept)} records -> {out_dir}")


if __name__ == "__main__":
    main()
