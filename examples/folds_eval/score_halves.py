#!/usr/bin/env python3
"""The real-report figures of a folds_eval dump (`EVIDENCE_EVAL_DUMP`) in
four parts of its corpus: a tuning half and a held-out half, split by the
passages a record cites (so the summaries of one passage fall in one half),
and within each, records citing passages in lower case (no capital in one
letter of 200: a dataset's preprocessing) and the others. Scored on agreed
labels (`label_read` equal to `label_strict`), as folds_eval scores them.

    python3 examples/folds_eval/score_halves.py CORPUS_DIR DUMP.tsv

A record's half: the SHA-1 of its passages, joined, modulo 5; 0 and 1
tune, the rest is held out.
"""

import collections
import hashlib
import json
import sys


def parts(corpus):
    """Each agreed record's label, half and whether its passages are cased."""
    out = {}
    with open(corpus + "/realreports/dev.jsonl", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r["label_read"] != r.get("label_strict"):
                continue
            passages = "".join(c["passage"] for c in r["citations"])
            letters = [ch for ch in passages if ch.isalpha()]
            cased = sum(ch.isupper() for ch in letters) >= 0.005 * max(len(letters), 1)
            digest = int(hashlib.sha1(passages.encode()).hexdigest(), 16) % 5
            out[r["id"]] = (r["label_read"], "tuning" if digest in (0, 1) else "held-out", cased)
    return out


def main():
    corpus, dump = sys.argv[1:3]
    records = parts(corpus)
    with open(dump, encoding="utf-8") as f:
        rows = [line.split("\t") for line in f]
    for half in ("tuning", "held-out"):
        for cased in (True, False):
            ids = {i for i, (_, h, c) in records.items() if h == half and c == cased}
            labels = collections.Counter(records[i][0] for i in ids)
            kinds = collections.Counter(
                p[0] for p in rows if len(p) > 2 and p[2].removesuffix(":swapped-proper") in ids
            )
            bad = labels["partial"] + labels["unsupported"]
            caught = kinds["real-partial-caught"] + kinds["real-unsupported-caught"]
            swaps = kinds["proper-caught"] + kinds["proper-missed"]
            print(
                f"{half}, {'cased' if cased else 'lower-case'} passages: "
                f"supported flagged {kinds['supported-flagged']}/{labels['supported']}, "
                f"partial + unsupported caught {caught}/{bad}, "
                f"swapped proper names caught {kinds['proper-caught']}/{swaps}, "
                f"controls flagged {kinds['proper-control-flagged']}"
            )


if __name__ == "__main__":
    main()
