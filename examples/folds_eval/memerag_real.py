#!/usr/bin/env python3
"""A twelfth set of real reports nobody tuned on, for folds_eval, and the
first in German, Spanish, French and Hindi: MEMERAG (Cruz Blandón, Talur,
Charron, Liu, Mansour and Federico, *MEMERAG: A Multilingual End-to-End
Meta-Evaluation Benchmark for Retrieval Augmented Generation*, ACL 2025,
pp. 22577-22595; arXiv 2502.17163; Tampere University and Amazon), in
which LLMs answered native-language MIRACL questions (English, German,
Spanish, French, Hindi) from five Wikipedia passages they were given, the
answers were cut into sentences, and native-speaker expert annotators
labelled each sentence's faithfulness to those passages: `Supported`, `Not
Supported` or `Challenging to determine`, with a fine-grained category.
Turned into the records of `realreports/dev.jsonl`, written into a corpus
directory of its own beside a link to the support corpus, so that

    M=MEMERAG_MIRROR; K=aa274f6e1faf8efed80ee41c3dbe24af0103a707
    for p in memerag memerag_ext memerag_ext_w_majority_vote; do
      mkdir -p SRC_DIR/data/$p
      for l in en de es fr hi; do
        git --git-dir=$M show $K:data/$p/$l.jsonl > SRC_DIR/data/$p/$l.jsonl
      done
    done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/memerag_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval
    python3 examples/folds_eval/score_halves.py OUT_DIR DUMP.tsv   # with EVIDENCE_EVAL_DUMP=DUMP.tsv

gives the real-report rows of folds_eval on these answers, and the same
figures for a tuning half and a held-out half; `MEMERAG_LANGS=de,es,fr`
(a comma list of `en de es fr hi`, all five unless set) keeps some
languages only. MEMERAG_MIRROR is the git directory of
github.com/amazon-science/MEMERAG, commit
aa274f6e1faf8efed80ee41c3dbe24af0103a707 (branch `main`, 2025-05-11, a
dependency bump; the data came in with
0ac49762e3e8a987e9f4c3ed85b6ba77a64601f4, "Adding MEMERAG dataset",
2025-04-29, unchanged since); SHA-256 of the fifteen files in FILES below.
Nothing of it is kept in this repository.

Why this set: real LLM answers written from retrieved passages (RAG),
human labels per answer sentence against exactly those passages, the
passage text in the files, and four languages the eleven earlier sets lack
(German, Spanish, French with their own number and quote forms: `12.
Dezember`, `1 552 tonnes`, `« tréteau »` with no-break spaces; Hindi in
Devanagari). Not chosen: the TREC 2024 RAG track's support judgements
(Thakur et al., arXiv 2504.15205: NIST assessors' full/partial/no support
per cited answer sentence, the genre exactly, but the runs are released to
TREC participants only and the segments are MS MARCO v2.1's, in no GitHub
repository); Absinth (mediatechnologycenter/Absinth: German summary
sentences, but the labels are on Hugging Face, the articles on Google
Drive, and part of it is GPT-4's deliberate hallucinations);
XOR-AttriQA (google-research/google-research `xor_attriqa/`: a README
pointing to storage.googleapis.com; short span answers); SEAHORSE
(google-research-datasets/seahorse: a README, data on Google Cloud
Storage); ANAH (open-compass/ANAH: annotations on Hugging Face, made by
GPT-4 and checked by people).

Licence: CC BY-NC 4.0 (the repository's `LICENSE`; `src/utils.py` says
"SPDX-License-Identifier: CC-BY-NC-4.0"); `THIRD-PARTY-LICENSES` names
MIRACL (Apache-2.0), whose passages are Wikipedia text (CC BY-SA). The
README: a meta-evaluation benchmark, "should not be used to train models".
Research use, not commercial, and nothing committed: this set stays
outside the repository.

What the files hold, and what is used: per language one JSON object a
line, with `query_id` (MIRACL's), `query`, `context` (five passages, each
`{"text"}` only: no title, no MIRACL docid) and `answer` (its sentences in
order: `sentence_id` from 0, `sentence` as the model wrote it, list
markers, line breaks and all, `factuality`, `fine_grained_factuality`,
`relevance`, `comments`). Two parts, both used, as reports of their own:
MEMERAG (`data/memerag/`, 250 answers a language, 2,322 sentences, one
label a sentence: `Supported`, `Not Supported` or `Challenging to
determine`) and MEMERAG-EXT (`data/memerag_ext/`, 150 answers a language,
1,352 sentences, each labelled by five annotators, `Supported` or `Not
Supported`, every field a list of five). `data/memerag_ext_w_majority_vote/`
is read only to check that the majority computed here is the release's.
The two parts share 297 of the 750 EXT questions, mostly with other
passages (one, es `4487920#0`, has the same five) and another answer (13
answers are word for word the same, each over other passages), so a
question can give two reports. The answers carry no citation marks: the
model was given the five passages and the annotators judged each sentence
against all five. The release does not say which LLM wrote which answer.

One record per kept sentence, one report per answer (`report_id`
`memerag:` + 10 hex digits of the SHA-1 of `part:language:query_id`),
records in answer order. `claim` = the sentence with an `Answer:`-like
label (`Antwort:`, `Respuesta:`, `Réponse:`) and a list marker (`-`, `*`,
`1.`) opening it removed, white space (line breaks, no-break spaces)
collapsed. `citations` = the five passages: `n` 1 to 5 (their order in
the prompt), `title` "MEMERAG context [n]" (naming nothing the claims
say), `url` empty, `passage` the text whole, as given. Label: `Supported`
-> `supported`, `Not Supported` -> `unsupported` (binary: it takes in
what this corpus calls `partial`; the fine-grained category, e.g. "Adds
new information" or "Nuance shift", is in the note). MEMERAG: one
reading, so `label_read` = `label_strict` = `label` (`--strict
READINGS.tsv` replaces `label_strict`, as in `citecheck_real.py`).
MEMERAG-EXT: `label` = `label_read` = the majority of the five;
`label_strict` the same when all five agree, else `split`, so that
folds_eval scores the unanimous records (as `aggrefact_real.py` does with
three votes); the votes are in the note.

Dropped: a `Challenging to determine` sentence (the authors' own scoring
drops these too, `src/run_benchmark.py`); a note about the answer
(opening `Note`, `Notez`, `Please note`, `Explanation` ...); an abstention
or remark about the passages or the question (it names them, "passages",
"Passagen", "pasajes", "पासेज", "the question", and denies: "The passages
do not mention ..."); a list lead-in ending in `:`; a sentence repeating
an earlier one of the same answer word for word; a fragment (fewer than
three words: `corpus_out.why_dropped`, and for Hindi fewer than three
words holding a letter); a claim of `realreports/dev.jsonl`. Counts are
printed. Result: 2,000 answers (3,674 sentences) read; 1,948 reports,
3,316 records, 2,370 supported, 946 unsupported (label_read); 3,032
agreed (2,174 / 858), 284 EXT records split. Dropped 111 abstentions, 81
repeats, 59 lead-ins, 42 fragments, 34 Challenging, 31 notes. Agreed
supported / unsupported (EXT split): MEMERAG en 238/115, de 311/96, es
339/173, fr 308/165, hi 253/84; EXT en 131/33 (48), de 136/35 (72), es
191/38 (29), fr 136/71 (112), hi 131/48 (23). Odd: one degenerate EXT
French answer (`12683503#0`, 38 sentences) keeps 24 near-identical
unanimous-unsupported records; some answers slip into English (about 20
records of non-English answers, mostly unsupported); the passages keep
MIRACL's no-break spaces (968 records) and a few are stubs ("Group D",
"SMM steht als Abkürzung für:"); Hindi has no case (`score_halves.py`
puts it with the lower-case parts).
"""
import collections
import hashlib
import os
import re
import statistics
import sys

import corpus_out

LANGS = ("en", "de", "es", "fr", "hi")
PARTS = {"memerag": "MEMERAG", "memerag_ext": "MEMERAG-EXT"}
FILES = {
    "memerag/de": "09211617ab22668576862c4cc6c0a7466a92e4910174a34bad38d00274f8e60b",
    "memerag/en": "0d0f98d31a83c7cab339b8ebaa04fa87bfb2c46d480f80aabb3ba06d95d36b70",
    "memerag/es": "f4eebf25c86b8f29f0f5d8cbd8f9c7209bb2b7f41271d7ad4b856e071714fadb",
    "memerag/fr": "17410dc1035ac64ba197dae889c0902b820b5c0d72210d5d1db919257419b34c",
    "memerag/hi": "cd833264ae10e287bbc3c4d2ff8e9d955565588cf9d968957825f18a694eef06",
    "memerag_ext/de": "ebf085cf2c9a3cdc4a495aba3e4c21a890209fafcda49852166a3045d3cf7118",
    "memerag_ext/en": "955020631266924c31a81691ca29f0f93e7e678e902b6135a9bc134f898f8f18",
    "memerag_ext/es": "8be1e76d5b8e04a988cef92454a62fd6ddac327f26d07dada1cb1d16b7a01a5d",
    "memerag_ext/fr": "0a92c5364978c6d86ef9e0e721391213dd41256a2bbe92e03dbb22e342b92281",
    "memerag_ext/hi": "c11d31f4c2e249d9818d9e194cadfd85897558a1597a86cc9e6674a76f0895ac",
    "memerag_ext_w_majority_vote/de": "0ea3d2681a7fe0815be7fc9b05f592a551f3a304da611dbca6db8ac92c1f5bfa",
    "memerag_ext_w_majority_vote/en": "4886f5cfbe482640b57a691613d277efaeb05494ca0825be15578fb1959ba1a2",
    "memerag_ext_w_majority_vote/es": "c207924a8b508cbc5ba99866a1309aed399de95dac173b1a5256ab1429e5ff27",
    "memerag_ext_w_majority_vote/fr": "11c2bf7db8a24bfcc5aca69fc8324f34d409e58b19156261220fd6c9909e06cf",
    "memerag_ext_w_majority_vote/hi": "c4dabe1287e0be2b0db880d32828c01d53616c70572088288daa05000677f686",
}
LABELS = {"Supported": "supported", "Not Supported": "unsupported"}
ANSWER_LABEL = re.compile(r"^(\(?)\s*(?:Answer|Antwort|Respuesta(?: directa)?|R[ée]ponse|उत्तर)\s*:\s*", re.I)
LIST_MARKER = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+")
NOTE = re.compile(
    r"^\W*(?:Note|Notez|Nota|Hinweis|Anmerkung|Please note|Explanation|Erklärung|Explication|Explicación|So the answer)\b",
    re.I,
)
PASSAGES = re.compile(
    r"\b(?:passages?|pasajes?|passagen?|textos? proporcionados?|textes? (?:fournis|donnés)|given texts?|provided texts?"
    r"|the question|die Frage|la pregunta|la question)\b|पासेज|पाठांश|गद्यांश|प्रश्न",
    re.I,
)
NEGATION = re.compile(r"\b(?:not?|cannot|nicht|kein\w*|ni|pas|ne|aucune?|nunca|nada)\b|n't|\bn['’]|नहीं", re.I)
HINDI_WORD = re.compile(r"[\u0900-\u097fA-Za-z]")


def read_jsonl(src, name):
    """The rows of the release's file `name`, checked against FILES."""
    return corpus_out.read_pinned_jsonl(os.path.join(src, "data", name + ".jsonl"), FILES[name])


def clean(sentence):
    """The sentence as a claim: an `Answer:` label and a list marker opening
    it removed, white space collapsed."""
    text = re.sub(r"\s+", " ", sentence).strip()
    text = ANSWER_LABEL.sub(r"\1", text)
    return LIST_MARKER.sub("", text).strip()


def why_dropped(claim, lang, dev):
    """Why a cleaned sentence is left out, or None."""
    if NOTE.search(claim):
        return "note about the answer (Note:, Please note, Explanation ...)"
    if PASSAGES.search(claim) and NEGATION.search(claim):
        return "abstention or remark about the passages or the question"
    if claim.endswith(":"):
        return "list lead-in ending in ':'"
    if lang == "hi":
        if sum(1 for w in claim.split() if HINDI_WORD.search(w)) < 3:
            return "fragment of fewer than three words"
        return "record sharing a claim with the developers' half" if claim in dev else None
    return corpus_out.why_dropped(claim, dev)


def reading(part, s):
    """`(factuality, label, label_strict, note)` of an answer sentence."""
    if part == "memerag":
        fact = s["factuality"]
        label = LABELS.get(fact)
        note = (f"{fact} ({s['fine_grained_factuality']}), relevance: {s['relevance']}; one annotation "
                "(label_strict: a second reading with --strict, else the label)")
        return fact, label, label, note
    votes = collections.Counter(s["factuality"])
    if len(s["factuality"]) != 5 or set(votes) - set(LABELS):
        raise ValueError(f"not five Supported / Not Supported votes: {s['factuality']}")
    fact = votes.most_common(1)[0][0]
    label = LABELS[fact]
    fine = collections.Counter(x for x in s["fine_grained_factuality"] if x)
    note = (f"five annotators: Supported {votes['Supported']}, Not Supported {votes['Not Supported']} "
            f"(fine-grained {dict(fine)}); label_read = majority, label_strict = it if unanimous, else split")
    return fact, label, label if len(votes) == 1 else "split", note


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "memerag_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    langs = os.environ.get("MEMERAG_LANGS", ",".join(LANGS)).split(",")
    if not langs or set(langs) - set(LANGS):
        sys.exit(f"MEMERAG_LANGS: a comma list of {' '.join(LANGS)}")
    dropped = collections.Counter()
    records = []
    reports = set()
    rows_read = sentences_read = 0
    table = collections.defaultdict(collections.Counter)
    lengths = []
    for part, name in PARTS.items():
        for lang in langs:
            rows = read_jsonl(src, f"{part}/{lang}")
            if part == "memerag_ext":
                majority = {str(r["query_id"]): [s["factuality"] for s in r["answer"]]
                            for r in read_jsonl(src, f"memerag_ext_w_majority_vote/{lang}")}
            rows_read += len(rows)
            for row in rows:
                qid = str(row["query_id"])
                passages = [c["text"] for c in row["context"]]
                if len(passages) != 5 or not all(p.strip() for p in passages):
                    raise ValueError(f"{part} {lang} {qid}: not five passages")
                rid = "memerag:" + hashlib.sha1(f"{part}:{lang}:{qid}".encode("utf-8")).hexdigest()[:10]
                citations = [{"n": n, "title": f"MEMERAG context [{n}]", "url": "", "passage": p}
                             for n, p in enumerate(passages, 1)]
                seen = set()
                for k, s in enumerate(row["answer"]):
                    sentences_read += 1
                    if s["sentence_id"] != k:
                        raise ValueError(f"{part} {lang} {qid}: sentence ids out of order")
                    fact, label, label_strict, note = reading(part, s)
                    if part == "memerag_ext" and majority[qid][k] != fact:
                        raise ValueError(f"{lang} {qid} {k}: majority {fact}, release {majority[qid][k]}")
                    if label is None:
                        dropped[f"label {fact!r}"] += 1
                        continue
                    claim = clean(s["sentence"])
                    if claim in seen:
                        dropped["sentence repeating an earlier one of its answer"] += 1
                        continue
                    seen.add(claim)
                    why = why_dropped(claim, lang, dev)
                    if why:
                        dropped[why] += 1
                        continue
                    records.append({
                        "id": f"{rid}:s{k + 1}",
                        "source": "memerag",
                        "report_id": rid,
                        "claim": claim,
                        "citations": citations,
                        "label": label,
                        "label_by": "dataset",
                        "note": f"{name} {lang}, MIRACL query {qid} ({row['query']!r}), sentence {k + 1}: {note}",
                        "label_read": label,
                        "label_strict": label_strict,
                    })
                    reports.add(rid)
                    table[(name, lang)][label if label_strict == label else "split"] += 1
                lengths.extend(len(p) for p in passages)
    corpus_out.refine_binary(records, strict)
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict,
        f"MEMERAG answers read: {rows_read} ({sentences_read} sentences)", len(reports), dropped,
    )
    print("part language: supported unsupported split (split: the five annotators disagree)")
    for (name, lang), row in sorted(table.items()):
        print(name, lang, row["supported"], row["unsupported"], row["split"])
    print("passage length (characters) median:", statistics.median(lengths))
    print(f"{len(reports)} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
