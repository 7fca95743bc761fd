#!/usr/bin/env python3
"""A fifth, small set of real reports nobody tuned on, for folds_eval: the
AttrEval-GenSearch examples of Yue et al., *Automatic Evaluation of
Attribution by Large Language Models* (arXiv 2305.06311, 2023), New Bing
(GPT-4 based generative search) answers to annotators' questions, each paired
with the text of a reference New Bing cited and labelled by the annotators
Attributable, Extrapolatory or Contradictory, taken from the copy that
AttributionBench (Li et al., arXiv 2402.15089, 2024) keeps in its GitHub
repository and turned into the records of `realreports/dev.jsonl`, written
into a corpus directory of its own beside a link to the support corpus, so
that

    git clone https://github.com/OSU-NLP-Group/AttributionBench
    git -C AttributionBench checkout b33329b29946b791649cf66d33e10b5a5bbdc44d
    python3 examples/folds_eval/attreval_real.py --strict examples/folds_eval/readings/attreval.tsv \
        AttributionBench/data/test_ood_all_subset_balanced.jsonl OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these answers. The repository
is github.com/OSU-NLP-Group/AttributionBench, commit
b33329b29946b791649cf66d33e10b5a5bbdc44d, file
`data/test_ood_all_subset_balanced.jsonl` (SHA-256 90d8f536...a934; the
same file `hagrid_real.py` reads). The AttrScore repository
(github.com/OSU-NLP-Group/AttrScore, commit
adbd919df9b7dcb4210e037b59a3176f3c82f6cc) ships none of the data (Hugging
Face only). Nothing of it is kept in this repository.
Licence: AttrScore's repository is MIT (`LICENSE`) and its README says "All
the datasets in this project are intended for research purpose use only";
AttributionBench's repository has no licence file and its README states none.
References are excerpts of third-party web pages.

Used: the file's `AttrScore-GenSearch` rows (162: AttributionBench's
label-balanced draw, 81 attributable and 81 not, from the 242 of the June 2023
release). Each row is one (answer, reference) pair: `question`, `claim` (=
`response`, New Bing's answer sentence(s), with no citation markers: the
dataset has none), `references` (one string: the reference text the label
was given against) and `attribution_label` (`attributable` when the original
label is Attributable, `not attributable` for Extrapolatory or
Contradictory; the three-way label is not in this copy).

One record per row, one report per answer (`report_id` `attreval:` + 10 hex
digits of the SHA-1 of question and answer; an answer paired with two or
three references gives that many records, in file order). `claim` = the
answer as given; `citations` = its one reference: `n` = the reference's
place among the answer's distinct references (1, 2, ...; the dataset keeps
no marker numbers), `title` names it, `url` empty (none kept), `passage` =
the reference text as given, whole. Label: `attributable` -> `supported`,
`not attributable` -> `unsupported`; the binary copy merges Extrapolatory
(which can be what this corpus calls `partial`) with Contradictory, so there
is no `partial` record. `label_read` = the same; one label per pair is
released, so without `--strict` `label_strict` = `label` (single annotation). Dropped: a claim
of fewer than three words, an empty reference, and a record whose claim
equals one of `realreports/dev.jsonl` (`EVIDENCE_CORPUS_DIR`); none was
dropped. Result: 111 reports, 162 records, 81 supported, 81 unsupported.
Caveat: the claims are whole short answers, not sentences cut from a longer
report; whether any claim or reference was edited by the annotators cannot
be checked from this copy.
"""
import collections
import hashlib
import re

import corpus_out

def main():
    strict, out_dir, corpora, dev, rows = corpus_out.attribution_bench_rows("attreval_real.py", "AttrScore-GenSearch")
    dropped = collections.Counter()
    reports = collections.OrderedDict()
    for row in rows:
        claim = re.sub(r"\s+", " ", row["claim"]).strip()
        refs = [x.strip() for x in row["references"] if x.strip()]
        if len(refs) != 1:
            dropped["row without exactly one reference text"] += 1
            continue
        reason = corpus_out.why_dropped(claim, dev)
        if reason:
            dropped[reason] += 1
            continue
        key = row["question"].strip() + "\n" + claim
        reports.setdefault(key, []).append((claim, refs[0], row))
    records = []
    for key, items in reports.items():
        rid = "attreval:" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
        numbers = {}
        for k, (claim, ref, row) in enumerate(items):
            n = numbers.setdefault(ref, len(numbers) + 1)
            attributable = row["attribution_label"] == "attributable"
            original = "Attributable" if attributable else "Extrapolatory or Contradictory"
            citation = {
                "n": n,
                "title": f"New Bing reference {n} (AttrEval-GenSearch)",
                "url": "",
                "passage": ref,
            }
            note = f"AttrEval-GenSearch {original}"
            records.append(
                corpus_out.binary_record(rid, k, "attreval-gensearch", claim, [citation], row, note)
            )
    corpus_out.write_binary(out_dir, records, corpora, strict, "AttrScore-GenSearch", len(rows), len(reports), dropped)


if __name__ == "__main__":
    main()
