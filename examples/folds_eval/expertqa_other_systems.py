#!/usr/bin/env python3
"""A second set of real reports nobody tuned on, for folds_eval: the answers
of ExpertQA's OTHER systems (not `rr_gs_gpt4` / `rr_sphere_gpt4`, which the
developers' half and `expertqa_rand_val.py` take) in `rand_val.jsonl`,
`rand_test.jsonl`, `domain_test.jsonl` and `domain_val.jsonl`, turned into
the records of `realreports/dev.jsonl`, written into a corpus directory of
its own beside a link to the support corpus, so that

    python3 examples/folds_eval/expertqa_other_systems.py \
        rand_val.jsonl rand_test.jsonl domain_test.jsonl domain_val.jsonl OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these reports. The files are
`data/lfqa/*.jsonl` of github.com/chaitanyamalaviya/ExpertQA at commit
1aa7ba81bd4c083c12ef1aa2fee338f6cb60fa87 (MIT); nothing of it is kept in
this repository.

Systems: only those whose cited evidence carries passage text, i.e.
`post_hoc_gs_gpt4` and `post_hoc_sphere_gpt4` (GPT-4 answered closed-book,
then a retrieval step, Google search or the Sphere corpus, attached a passage
to each claim; the annotators judged the claim against that passage). Left
out: `bing_chat` and `gpt4`, whose evidence is a bare URL with no passage
text (nothing to check a claim against), and the two `rr_*` systems, already
used by the developers' half and by `expertqa_rand_val.py`.

Made as `expertqa_rand_val.py` makes its records: one record per claim
citing evidence with text (claims without evidence, and evidence without
text, give nothing), the annotators' `support` as the label (Complete:
supported; Partial, Incomplete: partial), a report with a cited claim of any
other label (`N/A`, none) left out whole, a report sharing a claim text with
the developers' `realreports/dev.jsonl` left out, and each answer kept once
across all splits (the random and domain splits partition the same answers;
its first copy in argument order decides, copies being identical). Ids start
with split and system, e.g. `rv-phgs:12:c3` (`phgs`: post_hoc_gs_gpt4,
`phsp`: post_hoc_sphere_gpt4; `rv`, `rt`, `dt`, `dv` for the splits). The
annotators' label is the only reading: it stands as both readings, and it is
lenient (they could open the whole page). With `--strict READINGS.tsv` (lines
`id<TAB>label<TAB>note`: a second reading of some records against their
passage alone, as the corpus README makes `label_strict`), a record read
there takes that reading as `label_strict` and any other record `unread`, so
that folds_eval scores the records whose two readings agree.
"""
import collections
import json

import corpus_out
import expertqa

SYSTEMS = {"post_hoc_gs_gpt4": "phgs", "post_hoc_sphere_gpt4": "phsp"}


def records(tag, question_index, system, answer, stats):
    """The answer's records, or the reason (a string) it is left out whole."""
    out = []
    prefix = f"{tag}-{SYSTEMS[system]}"
    for i, claim in enumerate(answer["claims"]):
        evidence = claim.get("evidence") or []
        if not evidence:
            continue
        label = expertqa.LABELS.get(claim.get("support"))
        if label is None:
            return f"cited claim labelled {claim.get('support')!r}"
        cited = expertqa.citations(evidence, with_text_only=True)
        if not cited:
            stats["cited claims with no passage text (not records)"] += 1
            continue
        report = f"{prefix}:{question_index}"
        out.append(expertqa.record(f"{report}:c{i}", f"expertqa-{prefix}", report, claim, cited, label))
    return out or "no claim citing a passage with text"


def main():
    strict, args = corpus_out.arguments(
        "expertqa_other_systems.py [--strict READINGS.tsv] SPLIT.jsonl [SPLIT.jsonl ...] OUT_DIR"
    )
    sources, out_dir = args[:-1], args[-1]
    corpora = corpus_out.corpora_dir()
    dev = corpus_out.developers_claims(corpora)
    seen_answers, seen_claims = set(), set()
    kept, dropped = [], collections.Counter()
    table = collections.defaultdict(collections.Counter)
    for source in sources:
        tag = expertqa.tag_of(source)
        with open(source, encoding="utf-8") as f:
            for q, line in enumerate(f):
                answers = json.loads(line)["answers"]
                for system in SYSTEMS:
                    if system not in answers:
                        continue
                    key = (system, answers[system]["answer_string"].strip())
                    if key in seen_answers:
                        dropped["copy of an answer in an earlier split"] += 1
                        continue
                    seen_answers.add(key)
                    rs = records(tag, q, system, answers[system], dropped)
                    if isinstance(rs, str):
                        dropped[rs] += 1
                        continue
                    if any(r["claim"] in dev for r in rs):
                        dropped["shares a claim with the developers' half"] += 1
                        continue
                    if any(r["claim"] in seen_claims for r in rs):
                        dropped["shares a claim with a report already kept"] += 1
                        continue
                    row = table[(tag, system)]
                    row["reports"] += 1
                    row["records"] += len(rs)
                    for r in rs:
                        row[r["label"]] += 1
                    kept.extend(rs)
                    seen_claims.update(r["claim"] for r in rs)
    corpus_out.write(out_dir, kept, corpora, strict)
    print("split system reports records supported partial")
    for (tag, system), row in sorted(table.items()):
        print(tag, system, row["reports"], row["records"], row["supported"], row["partial"])
    for reason, n in dropped.most_common():
        print(f"dropped: {n} x {reason}")
    print(f"{sum(r['reports'] for r in table.values())} reports, {len(kept)} records -> {out_dir}")


if __name__ == "__main__":
    main()
