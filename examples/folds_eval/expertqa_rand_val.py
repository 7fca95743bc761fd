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
import re
import sys

LABELS = {"Complete": "supported", "Partial": "partial", "Incomplete": "partial"}


def records(tag, question_index, system, answer):
    out = []
    for i, claim in enumerate(answer["claims"]):
        evidence = claim.get("evidence") or []
        if not evidence:
            continue
        label = LABELS.get(claim.get("support"))
        if label is None:
            return None
        citations = []
        for e in evidence:
            m = re.match(r"\[(\d+)\]\s*(\S+)\s*\n\n(.*)", e, re.S)
            if m:
                url = m.group(2)
                title = url.rstrip("/").split("/")[-1][:80] or url
                citations.append(
                    {"n": int(m.group(1)), "title": title, "url": url, "passage": m.group(3).strip()}
                )
        if not citations:
            continue
        text = re.sub(r"\s*\[\d+\]", "", claim["claim_string"]).strip()
        out.append(
            {
                "id": f"{tag}:{question_index}:{system}:c{i}",
                "source": f"expertqa-{tag}",
                "report_id": f"{tag}:{question_index}:{system}",
                "claim": text,
                "citations": citations,
                "label": label,
                "label_by": "dataset",
                "label_read": label,
                "label_strict": label,
            }
        )
    return out


def tag_of(path):
    """`rv` for rand_val.jsonl, `rt` for rand_test.jsonl, `dt` for domain_test.jsonl."""
    stem = os.path.basename(path).removesuffix(".jsonl").split("_")
    return stem[-2][0] + stem[-1][0] if len(stem) > 1 else stem[0][:2]


def second_readings(path):
    """`id -> label` of a file of second readings (`id<TAB>label<TAB>note`)."""
    with open(path, encoding="utf-8") as f:
        return dict(line.rstrip("\n").split("\t")[:2] for line in f if line.strip())


def main():
    args = sys.argv[1:]
    strict = None
    if len(args) >= 2 and args[0] == "--strict":
        strict, args = second_readings(args[1]), args[2:]
    if len(args) < 2:
        sys.exit("usage: expertqa_rand_val.py [--strict READINGS.tsv] SPLIT.jsonl [SPLIT.jsonl ...] OUT_DIR")
    sources, out_dir = args[:-1], args[-1]
    here = os.path.dirname(os.path.abspath(__file__))
    corpora = os.environ.get("EVIDENCE_CORPUS_DIR", os.path.join(here, "../../../shared/corpora"))
    # A report is kept once: ExpertQA's random and domain splits are two
    # partitions of the same answers, so a report of a later split that
    # shares a claim with the developers' half or an earlier split is left out.
    seen = set()
    with open(os.path.join(corpora, "realreports/dev.jsonl"), encoding="utf-8") as f:
        for line in f:
            seen.add(json.loads(line)["claim"].strip())
    kept, reports = [], 0
    for source in sources:
        tag = tag_of(source)
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
    if strict is not None:
        # A record read a second time keeps that reading; one not read is
        # no agreed record (folds_eval scores where the two readings agree).
        for r in kept:
            r["label_strict"] = strict.get(r["id"], "unread")
    os.makedirs(os.path.join(out_dir, "realreports"), exist_ok=True)
    with open(os.path.join(out_dir, "realreports/dev.jsonl"), "w", encoding="utf-8") as f:
        for r in kept:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    link = os.path.join(out_dir, "support")
    if not os.path.exists(link):
        os.symlink(os.path.abspath(os.path.join(corpora, "support")), link)
    print(f"{reports} reports, {len(kept)} records -> {out_dir}")


if __name__ == "__main__":
    main()
