#!/usr/bin/env python3
"""Real reports nobody tuned on, for folds_eval: ExpertQA's `rand_val.jsonl`
(a split the developers' corpus does not draw from), and as well
`rand_test.jsonl` and `domain_test.jsonl` when they are given after it,
turned into the records
of `realreports/dev.jsonl`, written into a corpus directory of its own beside
a link to the support corpus, so that

    python3 examples/folds_eval/expertqa_rand_val.py RAND_VAL.jsonl [MORE.jsonl ...] OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these reports (the support rows
are the usual ones). RAND_VAL.jsonl is `data/lfqa/rand_val.jsonl` of
github.com/chaitanyamalaviya/ExpertQA at commit
1aa7ba81bd4c083c12ef1aa2fee338f6cb60fa87 (MIT); nothing of it is kept in
this repository.

Made as the corpus README makes the developers' half: only the systems that
wrote their citations from passages they were given (`rr_gs_gpt4`,
`rr_sphere_gpt4`), one record per cited claim, the annotators' `support`
as the label (Complete: supported; Partial, Incomplete: partial), a report
with a cited claim of any other label left out whole, and a report whose
claims are in the developers' half (or in a split given before) left out:
the random and domain splits partition the same answers, so nearly every
report of `domain_test` is one of `rand_val` or `rand_test`. Ids start
with the split (`rv:`, `rt:`, `dt:`). The annotators' label is the
only reading: it stands as both readings, and it is lenient (they could
open the whole page). With `--strict READINGS.tsv` (lines
`id<TAB>label<TAB>note`: a second reading of the records against their
passage alone, as the corpus README makes `label_strict`), a record read
there takes that reading as `label_strict` and any other record `unread`, so
that folds_eval scores the records whose two readings agree.
"""
import json
import os

import corpus_out
import expertqa

def records(tag, question_index, system, answer):
    out = []
    for i, claim in enumerate(answer["claims"]):
        evidence = claim.get("evidence") or []
        if not evidence:
            continue
        label = expertqa.LABELS.get(claim.get("support"))
        if label is None:
            return None
        cited = expertqa.citations(evidence, with_text_only=False)
        if not cited:
            continue
        report = f"{tag}:{question_index}:{system}"
        out.append(expertqa.record(f"{report}:c{i}", f"expertqa-{tag}", report, claim, cited, label))
    return out


def main():
    strict, args = corpus_out.arguments(
        "expertqa_rand_val.py [--strict READINGS.tsv] SPLIT.jsonl [SPLIT.jsonl ...] OUT_DIR"
    )
    sources, out_dir = args[:-1], args[-1]
    corpora = corpus_out.corpora_dir()
    # A report is kept once: ExpertQA's random and domain splits are two
    # partitions of the same answers, so a report of a later split that
    # shares a claim with the developers' half or an earlier split is left out.
    seen = set()
    with open(os.path.join(corpora, "realreports/dev.jsonl"), encoding="utf-8") as f:
        for line in f:
            seen.add(json.loads(line)["claim"].strip())
    kept, reports = [], 0
    for source in sources:
        tag = expertqa.tag_of(source)
        with open(source, encoding="utf-8") as f:
            for q, line in enumerate(f):
                answers = json.loads(line)["answers"]
                for system in ("rr_gs_gpt4", "rr_sphere_gpt4"):
                    if system not in answers:
                        continue
                    rs = records(tag, q, system, answers[system])
                    if not rs or any(r["claim"] in seen for r in rs):
                        continue
                    reports += 1
                    kept.extend(rs)
                    seen.update(r["claim"] for r in rs)
    corpus_out.write(out_dir, kept, corpora, strict)
    print(f"{reports} reports, {len(kept)} records -> {out_dir}")


if __name__ == "__main__":
    main()
