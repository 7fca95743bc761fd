#!/usr/bin/env python3
"""A sixth set of real reports nobody tuned on, for folds_eval: the FaithBench
summaries (Bao et al., *FaithBench: A Diverse Hallucination Benchmark for
Summarization by Modern LLMs*, NAACL 2025 short papers, pp. 448-461), in
which ten LLMs of 2024 (GPT-4o, GPT-3.5-Turbo, Claude-3.5-Sonnet,
Gemini-1.5-Flash, Llama-3.1-70B/8B, Qwen2.5-7B, Phi-3-mini, Command-R,
Mistral-7B) summarised a news passage they were given (the prompts of
Vectara's hallucination leaderboard: "based solely on the passage") and two
or three human annotators marked, each on their own, every span of the
summary that the passage does not support, with a category. Turned into the
records of `realreports/dev.jsonl`, written into a corpus directory of its
own beside a link to the support corpus, so that

    for b in 1 2 3 4 5 6 7 8 9 10 11 12 14 15 16; do \\
        git --git-dir=MIRROR show \\
            cf89797d82812c23b5d5e5c121f1d9b8983bbbce:data_for_release/batch_$b.json \\
            > SRC_DIR/batch_$b.json; done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/faithbench_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these summaries. MIRROR is the
git directory of github.com/vectara/FaithBench (the `fetch` tool's
`github:vectara/FaithBench`), commit
cf89797d82812c23b5d5e5c121f1d9b8983bbbce, files
`data_for_release/batch_{1..16}.json` (no batch 13 is released; 15 files,
750 summaries, 3,339,260 bytes; SHA-256 of the 15 files concatenated in
batch order 9f00616b920ee9cf654debd73fa6d7c64b2442b668bc96344aab17c62b24cba6;
each file's SHA-256 is in FILES below). Nothing of it is kept in this
repository. Licence: CC BY-NC-SA 4.0 (`LICENSE` of vectara/FaithBench: the
data may be used for research, not commercially, and a derivative shared
only under the same licence; so this set stays outside the repository).
The passages are news articles (and a few Wikipedia sentences) that
Vectara's leaderboard took from public summarisation datasets; about 520 of
the 750 are in those datasets' tokenised form (`Poseidon (film) . Poseidon
grossed $ 181,674,817`): a space before punctuation and inside numbers with
a currency sign, kept as given.

Not RAGTruth (ParticleMedia/RAGTruth, the first choice: QA answers over
given passages): its `dataset/response.jsonl` and `source_info.jsonl` are
files of many MiB that no snapshot here holds (the repositories that copy
them are in the same case). Not DelucionQA (boschresearch/DelucionQA): its
passages are released as numbers to be crawled back from a car-manual web
site. Not TofuEval (amazon-science/tofueval): its documents are on Hugging
Face and MediaSum only. Not Factcheck-GPT: already the support corpus's
`fcgpt`. Not CiteCheck: Chinese.

What the files hold, and what is used: per summary `source` (the passage),
`summary` (the LLM's text, as written), `metadata.summarizer`, and
`annotations`: one per span an annotator marked, with `annotator_id`,
`label` (a list of `Unwanted`, `Unwanted.Intrinsic` (the summary contradicts
or misreads the passage), `Unwanted.Extrinsic` (it adds what the passage
does not say), `Questionable` (the annotator is unsure), `Benign` (not in
the passage, but true or harmless)), `summary_start`/`summary_end` (character
offsets in `summary`; every span's text matches) and a note (not used). An
annotator who found nothing in a summary leaves no trace in it, so who read
a summary is taken from the batch: each batch is 5 passages x 10 summaries
annotated by the same two or three people. Its *readers* are the annotators
with spans in at least 10 of its 50 summaries, each for the passages (groups
of 10 summaries) in which they marked at least one span (every such
annotator marks in every group but the skipped ones below; the one partial
annotator with 12 summaries, in one batch, reads only the two groups they
marked). Annotators with spans in fewer than 10 of a batch's summaries
(5 people, 1 to 7 summaries each: they read part of a batch only) are left
out. FaithBench's authors' own analysis leaves out five passages
(`skip_samples` of `assign/annotation_config.py` in
github.com/forrestbao/FaithBench, commit
2f91978d438db0cab0f4610f3adf7db79a3d14a1: batch 5 summaries 40-49, 10:
10-19, 11: 0-9, 12: 20-29, 15: 40-49; in three of them one annotator or all
marked nothing); so does this script (SKIP below). Sampling caveat:
FaithBench annotated the summaries on which four hallucination detectors
disagreed most (the README's "most disagreed" selection), so these are
harder than summaries drawn at random, and each passage comes with ten
summaries of it (ten reports citing the same passage).

One record per summary sentence, one report per summary (`report_id`
`faithbench:` + 10 hex digits of the SHA-1 of passage and summary), records
in the summary's order. Sentences: the summary is cut into lines, a line
into sentences at `.`, `!` or `?` (a closing quote or bracket may follow)
before white space and a capital or digit (a quote or bracket, and a
space after a quote, may come between), not after a
common abbreviation or a single capital initial. `claim` = the sentence with
a list marker (`-`, `*`, `1.`) or heading mark opening its line and
Markdown bold/italic asterisks removed, white space collapsed. `citations`
= the passage: `n` 1, `title` "FaithBench source passage (news article)",
`url` empty, `passage` the source text whole, as given.

Labels. Each reader's label for a sentence comes from that reader's spans
overlapping it (at least one non-space character in common): none ->
`supported`; the worst of them (Intrinsic > Unwanted or Extrinsic >
Questionable or Benign) decides otherwise: a span labelled
`Unwanted.Intrinsic` -> `unsupported` (the passage contradicts it); a span
labelled `Unwanted` or `Unwanted.Extrinsic` -> `partial` (the sentence adds
a fact the passage does not have), or `unsupported` when that reader's
spans cover at least half of the sentence's letters and digits (most of it
is not in the passage); `Questionable` or `Benign` only -> `partial` (the
passage does not state it, though the annotator thought it might be fine or
true: this corpus's passage-only `partial`). `label` = `label_read` = the
majority of the readers' labels (with two readers who differ, or three who
all differ: the worst of them, so that a record is never `supported` when a
reader marked it); `label_strict` = the same when all readers agree, else
`split`, so that folds_eval scores the records on which every reader agrees
(as `aggrefact_real.py` does with its three votes). `note` gives each
reader's label and span categories (annotators numbered, no names, none of
their notes).

Dropped: a sentence of fewer than three words; a line or sentence ending in
`:` (the model's "Here is a concise summary of the passage:" and list
lead-ins), and such a preamble opening a line before the summary proper is
cut off it (spans on it are ignored); a remark about the task rather than
the passage (an apology or refusal, "Note:", a sentence opening "This
summary" or "The summary"); a summary of a skipped passage
or with fewer than two readers; a record whose claim equals one of
`realreports/dev.jsonl` (`EVIDENCE_CORPUS_DIR`). Counts are printed.
"""
import collections
import hashlib
import json
import os
import re
import sys

import corpus_out

FILES = {
    1: "a4e7858702e741b0fb024a022a906f61fb8eb65011b7f7b138e56e080a4c8c59",
    2: "18f1b2b9eae6fbf2020f295dc5ca512ef1a7e389e763b707bc51831f58df6a70",
    3: "84b709a9d88998f478f429ee2330ea18666ae9e5340ea398ece03cec6ab54308",
    4: "c0f68bc222dd8b6e332cb6668840de8da150687ddf6f9b5bd243f389033fda42",
    5: "6be08bb37ccdf68e41e117b0174cc3c8b41ed7bf85134d00e0e89c023e96b436",
    6: "a5fd42aa64fbe15f535192ddfd3cfc72b53535cde7834cb6685ebe0a229f8587",
    7: "28e83e1487381ce317103505dab4d5679ad74f53541374a98e24e3673734343b",
    8: "5cf2b8ab42fe1d4b0018cf736448dd8a88318267b0efc2f45ea200e713932975",
    9: "4924fe2d0975890712032a128544c0619c2ebf81d5d472e99e7883f1a9720bd5",
    10: "8e5cec822516abbf74cd6796104bbe537da98628c671b64c10afa3b15bebe08c",
    11: "cf999c8fa9696f4b24d8f4b08f9fdd6603a942cfee63ad851ff6d1f265c116cc",
    12: "fda9f0e0eae69c13b79a8fc1f81d1f8a02e9f28ad8c3274619c4369bb15c818e",
    14: "72f07b9f4b91f8a49d96e7adc79a8308edb92a2e6b34babcd9ef68dc6b7b2f34",
    15: "c6608ce2edd17134674c7f8a0fdfc871e22458b432b35506889886c737eb4663",
    16: "e35ace1069bb79844b122415d3c4192f7147737a2b9ad509185fb2c1ba7090db",
}
# The passages FaithBench's authors leave out of their analysis (batch -> sample ids).
SKIP = {5: range(40, 50), 10: range(10, 20), 11: range(0, 10), 12: range(20, 30), 15: range(40, 50)}
MIN_SUMMARIES = 10  # spans in at least this many of a batch's 50 summaries: a reader
GROUP = 10  # summaries per passage, in order

SEVERITY = {"supported": 0, "partial": 1, "unsupported": 2}
ABBREV = re.compile(
    r"(?:\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|Gen|Sen|Rep|Gov|Lt|Col|Capt|Sgt|Rev|Mt|Ft|No|vs|etc|Inc|Co|Corp|Ltd"
    r"|Jan|Feb|Mar|Apr|Aug|Sep|Sept|Oct|Nov|Dec|approx|est)"
    r"|\b(?:[A-Za-z]\.){1,3}[A-Za-z]?|\b[A-Z])\.$"
)
BOUNDARY = re.compile(r"[.!?][\"'\u201d\u2019)\]]*(?=\s+[\"'\u201c\u2018(\[]*\s?[A-Z0-9])")
PREAMBLE = re.compile(r"^\s*(?:Here(?: is|'s|\u2019s)\b[^:\n]{0,120}|Summary|Concise summary):[ \t]*", re.I)
MARKUP = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)]|#+)\s+")
REMARK = re.compile(
    r"^\s*(?:I apologi[sz]e|I'm sorry|I am sorry|I cannot|I can't|I could not|Unfortunately, I|Note:|Please note"
    r"|(?:This|The) summary\b)",
    re.I,
)


def sentences(text):
    """`(start, end)` of each sentence of `text` (character offsets), and the
    number of preambles cut off."""
    out, cut = [], 0
    pos = 0
    for line in text.split("\n"):
        start, end = pos, pos + len(line)
        pos = end + 1
        m = PREAMBLE.match(line)
        if m and line[m.end() :].strip():
            start += m.end()
            cut += 1
        a = start
        for b in BOUNDARY.finditer(text, start, end):
            stop = b.end()
            if ABBREV.search(text[a:stop].rstrip("\"'\u201d\u2019)]")):
                continue
            out.append((a, stop))
            a = stop
        if text[a:end].strip():
            out.append((a, end))
    return [(a, b) for a, b in out if text[a:b].strip()], cut


def clean(text):
    text = MARKUP.sub("", text)
    text = re.sub(r"\*\*|__|(?<!\w)\*(?=\w)|(?<=\w)\*(?!\w)", "", text)
    return re.sub(r"\s+", " ", text).strip()


def categories(labels):
    s = set(labels)
    if "Unwanted.Intrinsic" in s:
        return "intrinsic"
    if s & {"Unwanted", "Unwanted.Extrinsic"}:
        return "extrinsic"
    if s & {"Questionable", "Benign"}:
        return "weak"
    return None


def reader_label(text, a, b, spans):
    """The label one reader's spans give the sentence `text[a:b]`, and their categories."""
    hit = [
        (s, e, lab)
        for s, e, lab in spans
        if max(s, a) < min(e, b) and text[max(s, a) : min(e, b)].strip()
    ]
    if not hit:
        return "supported", []
    cats = [c for c in (categories(lab) for _, _, lab in hit) if c]
    names = sorted({x for _, _, lab in hit for x in lab})
    if "intrinsic" in cats:
        return "unsupported", names
    if "extrinsic" in cats:
        covered = set()
        for s, e, _ in hit:
            covered.update(range(max(s, a), min(e, b)))
        letters = [i for i in range(a, b) if text[i].isalnum()]
        share = sum(1 for i in letters if i in covered) / max(len(letters), 1)
        return ("unsupported" if share >= 0.5 else "partial"), names
    return "partial", names


def combine(labels):
    count = collections.Counter(labels)
    top, n = count.most_common(1)[0]
    if n * 2 > len(labels):
        return top
    return max(labels, key=SEVERITY.get)


def readers_of(samples):
    """`annotator -> set of passage groups` they read, for one batch."""
    marked = collections.defaultdict(set)
    for s in samples:
        for x in s["annotations"]:
            marked[x["annotator_id"]].add(s["sample_id"])
    return {
        a: {i // GROUP for i in ids}
        for a, ids in marked.items()
        if len(ids) >= MIN_SUMMARIES
    }


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: faithbench_real.py DATA_FOR_RELEASE_DIR OUT_DIR")
    data, out_dir = sys.argv[1:]
    corpora = corpus_out.corpora_dir()
    dev = corpus_out.developers_claims(corpora)
    dropped = collections.Counter()
    records, reports, read = [], 0, 0
    numbers = {}
    by_model = collections.defaultdict(collections.Counter)
    for batch, sha in FILES.items():
        path = os.path.join(data, f"batch_{batch}.json")
        with open(path, "rb") as f:
            raw = f.read()
        if hashlib.sha256(raw).hexdigest() != sha:
            sys.exit(f"{path}: not the pinned file (SHA-256 differs)")
        samples = json.loads(raw)["samples"]
        readers = readers_of(samples)
        for s in samples:
            read += 1
            if s["sample_id"] in SKIP.get(batch, ()):
                dropped["summary of a passage the authors skip"] += 1
                continue
            who = sorted(a for a, groups in readers.items() if s["sample_id"] // GROUP in groups)
            if len(who) < 2:
                dropped["summary with fewer than two readers"] += 1
                continue
            text = s["summary"]
            spans = collections.defaultdict(list)
            for x in s["annotations"]:
                if x["annotator_id"] in who:
                    spans[x["annotator_id"]].append((x["summary_start"], x["summary_end"], x["label"]))
            rid = "faithbench:" + hashlib.sha1((s["source"] + "\n" + text).encode("utf-8")).hexdigest()[:10]
            parts, cut = sentences(text)
            dropped["preamble cut off a line (not a record)"] += cut
            out = []
            for a, b in parts:
                raw_sentence = text[a:b]
                claim = clean(raw_sentence)
                if claim.endswith(":"):
                    dropped["line or sentence ending in ':' (preamble, list lead-in)"] += 1
                    continue
                reason = corpus_out.why_dropped(claim, dev)
                if reason:
                    dropped[reason] += 1
                    continue
                if REMARK.match(claim):
                    dropped["remark about the task (apology, refusal, note)"] += 1
                    continue
                labels, notes = [], []
                for a_id in who:
                    lab, names = reader_label(text, a, b, spans[a_id])
                    labels.append(lab)
                    n = numbers.setdefault(a_id, len(numbers) + 1)
                    notes.append(f"annotator {n}: {lab}" + (f" ({', '.join(names)})" if names else ""))
                label = combine(labels)
                unanimous = len(set(labels)) == 1
                out.append(
                    {
                        "id": f"{rid}:s{len(out)}",
                        "source": "faithbench",
                        "report_id": rid,
                        "claim": claim,
                        "citations": [
                            {
                                "n": 1,
                                "title": "FaithBench source passage (news article)",
                                "url": "",
                                "passage": s["source"],
                            }
                        ],
                        "label": label,
                        "label_by": "dataset",
                        "note": f"FaithBench, {len(who)} readers; " + "; ".join(notes),
                        "label_read": label,
                        # Two or three readings: folds_eval scores where they all agree.
                        "label_strict": label if unanimous else "split",
                    }
                )
            if not out:
                dropped["summary with no record left"] += 1
                continue
            reports += 1
            records.extend(out)
            row = by_model[s["metadata"]["summarizer"]]
            row["reports"] += 1
            for r in out:
                row[r["label_read"]] += 1
                row["agreed " + r["label_read"]] += r["label_strict"] == r["label_read"]
    if len({r["id"] for r in records}) != len(records):
        raise ValueError("duplicate record id")
    corpus_out.write(out_dir, records, corpora)
    counts = collections.Counter(r["label_read"] for r in records)
    agreed = collections.Counter(r["label_read"] for r in records if r["label_strict"] == r["label_read"])
    print(f"FaithBench summaries read: {read}")
    print("reports records supported partial unsupported")
    print(reports, len(records), counts["supported"], counts["partial"], counts["unsupported"])
    print("agreed (all readers):", sum(agreed.values()), dict(agreed))
    print("summarizer reports supported partial unsupported | agreed s p u")
    for m, row in sorted(by_model.items()):
        print(
            m, row["reports"], row["supported"], row["partial"], row["unsupported"], "|",
            row["agreed supported"], row["agreed partial"], row["agreed unsupported"],
        )
    for reason, n in dropped.most_common():
        print(f"dropped: {n} x {reason}")
    print(f"{reports} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
