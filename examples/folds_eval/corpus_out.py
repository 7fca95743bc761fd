"""What the scripts that make records nobody tuned on share
(`expertqa_rand_val.py`, `expertqa_other_systems.py`, `aggrefact_real.py`,
`hagrid_real.py`, `attreval_real.py`, `faithbench_real.py`,
`tofueval_real.py`, `refchecker_real.py`, `zeroshot_real.py`,
`storysumm_real.py`, `citecheck_real.py`, `memerag_real.py`,
`jafaithsum_real.py`, `arahallueval_real.py`, `mfava_real.py`):
where the corpora are, the developers' claims to leave out, `--strict`
second readings, and the corpus directory folds_eval reads.
"""
import collections
import hashlib
import json
import os
import re
import sys


def corpora_dir():
    """`$EVIDENCE_CORPUS_DIR`, else `../shared/corpora` beside the project."""
    here = os.path.dirname(os.path.abspath(__file__))
    return os.environ.get("EVIDENCE_CORPUS_DIR", os.path.join(here, "../../../shared/corpora"))


def why_dropped(claim, dev):
    """Why a claim is left out, or None: a fragment of fewer than three
    words (a sentence splitter's leftover), or a claim of the developers'
    half (`dev`, from `developers_claims`), which would not be unseen."""
    if len(re.findall(r"[A-Za-z]{2,}", claim)) < 3:
        return "fragment of fewer than three words"
    if claim in dev:
        return "record sharing a claim with the developers' half"
    return None


def developers_claims(corpora):
    """The claims of the developers' half, which a report nobody tuned on must not share."""
    with open(os.path.join(corpora, "realreports/dev.jsonl"), encoding="utf-8") as f:
        return {json.loads(line)["claim"].strip() for line in f}


def arguments(usage):
    """`(readings or None, the other arguments)` of `[--strict READINGS.tsv] ARG... OUT_DIR`."""
    args, strict = sys.argv[1:], None
    if len(args) >= 2 and args[0] == "--strict":
        strict, args = second_readings(args[1]), args[2:]
    if len(args) < 2:
        sys.exit(f"usage: {usage}")
    return strict, args


def source_and_out(usage):
    """`(readings or None, SRC_DIR, OUT_DIR, the corpora directory, the
    developers' claims)` of `[--strict READINGS.tsv] SRC_DIR OUT_DIR`."""
    strict, args = arguments(usage)
    if len(args) != 2:
        sys.exit(f"usage: {usage}")
    corpora = corpora_dir()
    return strict, args[0], args[1], corpora, developers_claims(corpora)


def write_read_twice(out_dir, records, corpora, strict, read, reports, dropped):
    """`write` for records with two readings each, and what was read
    (`read`, a line), kept and dropped, and the records whose readings
    agree, on standard output."""
    if len({r["id"] for r in records}) != len(records):
        raise ValueError("duplicate record id")
    write(out_dir, records, corpora, strict)
    counts = collections.Counter(r["label_read"] for r in records)
    print(read)
    print("reports records supported partial unsupported (label_read)")
    print(reports, len(records), counts["supported"], counts["partial"], counts["unsupported"])
    for reason, n in dropped.most_common():
        print(f"dropped: {n} x {reason}")
    agreed = collections.Counter(r["label_read"] for r in records if r["label_read"] == r["label_strict"])
    print("agreed (label_read = label_strict):", sum(agreed.values()), dict(agreed))


def second_readings(path):
    """`id -> label` of a file of second readings (`id<TAB>label<TAB>note`)."""
    with open(path, encoding="utf-8") as f:
        return dict(line.rstrip("\n").split("\t")[:2] for line in f if line.strip())


def write(out_dir, records, corpora, strict=None):
    """`OUT_DIR/realreports/dev.jsonl` and the link `OUT_DIR/support`. With
    second readings, a record read there takes that reading as
    `label_strict` and any other `unread`: folds_eval scores the records
    whose two readings agree."""
    if strict is not None:
        for r in records:
            r["label_strict"] = strict.get(r["id"], "unread")
    os.makedirs(os.path.join(out_dir, "realreports"), exist_ok=True)
    with open(os.path.join(out_dir, "realreports/dev.jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    link = os.path.join(out_dir, "support")
    if not os.path.exists(link):
        os.symlink(os.path.abspath(os.path.join(corpora, "support")), link)


def refine_binary(records, strict):
    """A dataset whose label is binary (attributable or not) calls
    `unsupported` what a second reading may call `partial`: where the
    reading says `partial` or `unsupported` of a record the dataset does
    not call supported, that reading is its label (the two agree), so
    that the scored records keep the corpus's three labels."""
    if strict is None:
        return
    for r in records:
        reading = strict.get(r["id"])
        if r["label"] == "unsupported" and reading in ("partial", "unsupported"):
            r["label_read"] = reading


def write_binary(out_dir, records, corpora, strict, name, rows, reports, dropped):
    """`write` for a dataset with a binary label (`refine_binary` first),
    and what was read, kept and dropped, on standard output."""
    if len({r["id"] for r in records}) != len(records):
        raise ValueError("duplicate record id")
    refine_binary(records, strict)
    write(out_dir, records, corpora, strict)
    counts = collections.Counter(r["label_read"] for r in records)
    print(f"{name} rows read: {rows}")
    print("reports records supported partial unsupported")
    print(reports, len(records), counts["supported"], counts["partial"], counts["unsupported"])
    for reason, n in dropped.most_common():
        print(f"dropped: {n} x {reason}")
    print(f"{reports} reports, {len(records)} records -> {out_dir}")


def attribution_bench_rows(script, dataset):
    """`(readings or None, out_dir, corpora, the developers' claims, rows)`
    of a script reading AttributionBench's test file: the rows of
    `dataset` (its `src_dataset`)."""
    usage = f"{script} [--strict READINGS.tsv] TEST_OOD_JSONL OUT_DIR"
    strict, args = arguments(usage)
    if len(args) != 2:
        sys.exit(f"usage: {usage}")
    path, out_dir = args
    corpora = corpora_dir()
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if r["src_dataset"] == dataset]
    return strict, out_dir, corpora, developers_claims(corpora), rows


LABELS = {"attributable": "supported", "not attributable": "unsupported"}


def binary_record(rid, k, source, claim, citations, row, note):
    """The record of a sentence of report `rid` (its `k`th) from an
    AttributionBench `row`: its label from the row's binary one, the
    dataset's; one annotation, so without `--strict` it is its own
    second reading."""
    label = LABELS[row["attribution_label"]]
    return {
        "id": f"{rid}:s{k}",
        "source": source,
        "report_id": rid,
        "claim": claim,
        "citations": citations,
        "label": label,
        "label_by": "dataset",
        "note": f"{note} (AttributionBench '{row['attribution_label']}'); one annotation "
        "(label_strict: a second reading with --strict, else the label)",
        "label_read": label,
        "label_strict": label,
    }


def read_pinned(path, sha256):
    """The bytes of the file at `path`, which must be the pinned file: its
    SHA-256 is `sha256`."""
    with open(path, "rb") as f:
        raw = f.read()
    if hashlib.sha256(raw).hexdigest() != sha256:
        sys.exit(f"{path}: not the pinned file (SHA-256 differs)")
    return raw


def read_pinned_jsonl(path, sha256):
    """The JSON lines of the pinned file at `path` ([`read_pinned`])."""
    raw = read_pinned(path, sha256)
    return [json.loads(line) for line in raw.decode("utf-8").splitlines() if line.strip()]
