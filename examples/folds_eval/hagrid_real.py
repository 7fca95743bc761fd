#!/usr/bin/env python3
"""A fourth set of real reports nobody tuned on, for folds_eval: the HAGRID
answers (Kamalloo et al., *HAGRID: A Human-LLM Collaborative Dataset for
Generative Information-Seeking with Attribution*, arXiv 2307.16883, 2023),
in which GPT-3.5 answered MIRACL questions from the English Wikipedia
passages ("quotes") it was given, citing them as `[N]`, and human annotators
marked each answer sentence attributable or not to the quotes it cites. The
sentences are taken from the copy that AttributionBench (Li et al.,
*AttributionBench: How Hard is Automatic Attribution Evaluation?*, arXiv
2402.15089, 2024) keeps in its GitHub repository, turned into the records of
`realreports/dev.jsonl`, written into a corpus directory of its own beside a
link to the support corpus, so that

    git clone https://github.com/OSU-NLP-Group/AttributionBench
    git -C AttributionBench checkout b33329b29946b791649cf66d33e10b5a5bbdc44d
    python3 examples/folds_eval/hagrid_real.py --strict examples/folds_eval/readings/hagrid.tsv \
        AttributionBench/data/test_ood_all_subset_balanced.jsonl OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these answers. The repository
is github.com/OSU-NLP-Group/AttributionBench, commit
b33329b29946b791649cf66d33e10b5a5bbdc44d, file
`data/test_ood_all_subset_balanced.jsonl` (3,039,548 bytes, SHA-256
90d8f5363cec90197f80b3e896dad17e091a108a5bf282c3d515d48c9a01a934). Nothing of it is kept in this repository. HAGRID's own
repository (github.com/project-miracl/hagrid, commit
7ffab03942e93d3138b0dbd14ad0a844f8a075d5) ships no data, only a pointer to a
Hugging Face copy, and neither do the other
candidates: Liu et al.'s verifiability judgments and ALCE's
`human_eval_citations_completed.json` are files of 4 MiB and more, left for
another round; AttrScore's data is on Hugging Face only. Licence: HAGRID
is Apache-2.0 (`LICENSE` of project-miracl/hagrid; its README: "This work is
licensed under the Apache 2 license"); AttributionBench's repository has no
licence file and its README states none (it asks users to cite the original
datasets); the quotes are English Wikipedia text (CC BY-SA).

What the file holds, and what is used: one row per (question, answer
sentence) with `question`, `claim` (the sentence as written, markers and
all), `response` (the whole answer), `references` (the quotes the sentence
cites, each as `[N] text`: AttributionBench took them from the sentence's
own markers, so they are exactly what it cites), `attribution_label`
(`attributable` when HAGRID's `attributable` is 1, else `not attributable`)
and `src_dataset`. Only the `HAGRID` rows (1,088) are used; the file's other
rows are BEGIN (dialogue, not cited answers) and AttrScore-GenSearch (made
into a set of its own by `attreval_real.py`). Not used either: the
`Stanford-GenSearch` rows of the in-domain files (Liu et al.'s Bing Chat,
NeevaAI, perplexity.ai and YouChat sentences), whose passage is the
annotator's copied evidence when the citation supports and the page text
otherwise, so its very form gives the label away, and whose partial and no
support are merged. AttributionBench drew these
rows from a question-disjoint test split of HAGRID's train+dev answers and
balanced them (544 attributable, 544 not), so an answer's sentences are only
those drawn, and the label mix is theirs, not HAGRID's.

One record per kept sentence, one report per answer (`report_id`
`hagrid:` + 10 hex digits of the SHA-1 of question and answer), records in
the order the sentences stand in the answer (ties by first cited number).
`claim` = the sentence with its `[N]` / `[N, M]` markers removed (and a
"Reference:" or "Source:" left dangling at its end by that removal);
`citations` = the cited quotes in number order: `n` = the quote's number in
the answer, `title` names it (HAGRID gives quotes no title; AttributionBench
keeps no MIRACL docid), `url` empty, `passage` = the quote as given, whole
(each is one MIRACL passage, a few hundred characters). Label: `attributable`
-> `supported`, `not attributable` -> `unsupported`. HAGRID's judgement is
binary (attributable to the cited quotes or not), so `unsupported` here is
"not fully attributable" and takes in what this corpus calls `partial`;
there is no `partial` record. `label_read` = the same label; one label per
sentence is released, so without `--strict` `label_strict` = `label` (single annotation, not an
agreement of two readings); `note` says so.

Dropped: a sentence with no cited quote (no marker, or only markers such as
`[1 and 3]`, `[5-6]` or a number with no quote, which AttributionBench
resolved to nothing); a reference-list line the model wrote under its answer
(a URL, `[Online]`, `Available:`, `Accessed`, `Retrieved from/on`, or a line
opening with `Reference(s):` / `Source(s):`); a sentence whose only markers
follow a plural `References:` (the first number of the list that follows,
not a citation of the sentence); a fragment of the sentence splitter (fewer
than three words, or ending in `,` or `:`); and a record whose claim equals
one of `realreports/dev.jsonl` (`EVIDENCE_CORPUS_DIR`; none did).
Result: 638 reports, 943 records, 533 supported, 410 unsupported (dropped 75
uncited, 52 reference-list lines, 13 fragments, 5 list numbers).
"""
import collections
import hashlib
import re

import corpus_out

MARKER = re.compile(r"\s*\[\d+(?:\s*,\s*\d+)*\]")
REF = re.compile(r"^\[(\d+)\] (.*)$", re.S)
BIB = re.compile(
    r"https?://|www\.|\[Online\]|Available( online)?:|Accessed|Retrieved (from|on)"
    r"|^\s*(References?|Sources?)\s*:",
    re.I,
)
LIST_NUMBER = re.compile(r"References\s*:\s*(\[\d+(?:\s*,\s*\d+)*\]\s*)+$", re.I)
DANGLING = re.compile(r"\s*\b(References?|Sources?)\s*:\s*$", re.I)
CONTEXT_OPEN = re.compile(r"\s*\[contexts?:\s*", re.I)
LEAD_IN = re.compile(r"^(based on|according to|as per|in)\b[^.]*\bcontexts?$", re.I)


def clean(claim):
    text = MARKER.sub("", claim)
    text = CONTEXT_OPEN.sub("", text)
    text = re.sub(r"\s+", " ", text).strip()
    # The splitter cuts after "[1]," or before a sentence's ". ": drop the stray comma / full stop.
    text = text.rstrip(",").strip().lstrip(". ")
    text = DANGLING.sub("", text)
    return re.sub(r"\s+([.,;:!?])", r"\1", text).strip()


def citations_of(references):
    out = {}
    for ref in references:
        m = REF.match(ref)
        if not m:
            raise ValueError(f"reference without its [N] prefix: {ref[:60]!r}")
        n, text = int(m.group(1)), m.group(2).strip()
        if text:
            out[n] = {
                "n": n,
                "title": f"HAGRID quote [{n}] (English Wikipedia passage, MIRACL)",
                "url": "",
                "passage": text,
            }
    return [out[n] for n in sorted(out)]


def keep(row, dropped):
    """The cleaned claim and its citations, or None (and why, in `dropped`)."""
    claim = row["claim"]
    citations = citations_of(row["references"])
    if not citations:
        dropped["sentence with no cited quote"] += 1
        return None
    if BIB.search(MARKER.sub("", claim)):
        dropped["reference-list line (URL, [Online], Available:, Accessed, Retrieved)"] += 1
        return None
    if LIST_NUMBER.search(claim.strip()):
        dropped["sentence whose only markers follow 'References:'"] += 1
        return None
    text = clean(claim)
    if len(re.findall(r"[A-Za-z]{2,}", text)) < 3 or text.endswith(":") or LEAD_IN.match(text):
        dropped["fragment of the sentence splitter"] += 1
        return None
    return text, citations


def main():
    strict, out_dir, corpora, dev, rows = corpus_out.attribution_bench_rows("hagrid_real.py", "HAGRID")
    dropped = collections.Counter()
    reports = collections.OrderedDict()
    for row in rows:
        kept = keep(row, dropped)
        if kept is None:
            continue
        claim, citations = kept
        if claim in dev:
            dropped["record sharing a claim with the developers' half"] += 1
            continue
        key = row["question"] + "\n" + row["response"]
        pos = row["response"].find(row["claim"])
        reports.setdefault(key, []).append((pos if pos >= 0 else len(row["response"]), citations[0]["n"], claim, citations, row))
    records = []
    for key, items in reports.items():
        rid = "hagrid:" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
        seen = {}
        for _, _, _, citations, _ in items:
            for c in citations:
                if seen.setdefault(c["n"], c["passage"]) != c["passage"]:
                    raise ValueError(f"{rid}: quote [{c['n']}] with two texts")
        for k, (_, _, claim, citations, row) in enumerate(sorted(items, key=lambda t: (t[0], t[1]))):
            attributable = row["attribution_label"] == "attributable"
            note = (
                f"HAGRID attributable={int(attributable)}; "
                "binary scale: unsupported = not fully attributable"
            )
            records.append(corpus_out.binary_record(rid, k, "hagrid", claim, citations, row, note))
    corpus_out.write_binary(out_dir, records, corpora, strict, "HAGRID", len(rows), len(reports), dropped)


if __name__ == "__main__":
    main()
