#!/usr/bin/env python3
"""What the thresholds of the word-overlap rules can do on a labelled set:
every setting of `claim-overlap`, `claim-partial-overlap` and
`claim-partial-min-words` on a grid, scored on each half of each set
(`score_halves.py`'s split), from three checks of its book.

    cargo build --release --example folds_eval
    python3 examples/folds_eval/frontier.py NAME=CORPUS_DIR ... [--tuned NAME=CORPUS_DIR]

For each set and half it prints the defaults' figures; what the other
support rules flag alone (the overlap rules off); and the setting that
catches the most partial and unsupported records while flagging at most
2% of the supported ones, chosen on that very half: an upper bound on
what any choice of thresholds could do there, not a figure to expect.
Then one setting is chosen on the tuning halves pooled (and on the
`--tuned` sets whole, the developers' half): the most caught with no
more supported records flagged than the defaults flag there; its
figures on the held-out halves are the ones to compare with the
defaults'.

The three checks: the defaults (each record's flag there must be what
the shares give at the defaults, or the script stops); `claim-overlap = 100` with the partial
rule off (every claim's best-window share, in `claim-not-in-evidence`'s
message); `claim-overlap = 0` with `claim-partial-overlap = 100` and
`claim-partial-min-words = 1` (every claim's share anywhere, in
`claim-partly-in-evidence`'s). A setting is then applied to the shares
as the rules apply it: `claim-partly-in-evidence` judges only a claim
`claim-not-in-evidence` did not flag. Character pairs (Chinese,
Japanese) are read as words here, so the figures of those sets are
approximate.
"""

import os
import re
import subprocess
import sys
import tempfile

from score_halves import parts

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(HERE, "../../target"))
BIN = os.path.join(TARGET, "release/examples/folds_eval")
DEFAULT = (18, 45, 12)
GRID = [
    (co, cp, mw)
    for co in (0, 10, 15, 18, 21, 25, 30, 35, 40)
    for cp in (0, 35, 40, 45, 50, 55, 60, 65, 70)
    for mw in (6, 8, 10, 12, 14)
]
OVERLAP_RULES = ("claim-not-in-evidence", "claim-partly-in-evidence")
SHARE = re.compile(r"hold (\d+) of its (\d+) content words|none of this claim's (\d+) content words")
CHECKS = {
    "defaults": "",
    "window": "claim-overlap = 100\nclaim-partial-overlap = 0",
    "anywhere": "claim-overlap = 0\nclaim-partial-overlap = 100\nclaim-partial-min-words = 1",
}


def check(corpus, settings):
    """Each agreed real record's id: (label, [support rules' messages])."""
    with tempfile.NamedTemporaryFile("r", suffix=".tsv", encoding="utf-8") as out:
        env = dict(os.environ, EVIDENCE_CORPUS_DIR=corpus, EVIDENCE_EVAL_EVERY=out.name)
        env["EVIDENCE_EVAL_SETTINGS"] = settings
        subprocess.run([BIN], env=env, check=True, stderr=subprocess.DEVNULL)
        rows = {}
        for line in out:
            rid, label, messages = line.rstrip("\n").split("\t")
            rows[rid] = (label, [m for m in messages.split(" | ") if m])
        return rows


def share(messages, rule):
    """(held, of) of `rule`'s message, or None. A record is one sentence
    on a line of its own, so a rule reports it once at most."""
    shares = []
    for m in messages:
        if m.startswith(rule + ":"):
            found = SHARE.search(m)
            if found:
                held, of, none = found.groups()
                shares.append((int(held), int(of)) if none is None else (0, int(none)))
    assert len(shares) <= 1, f"{rule} reported one record twice: {messages}"
    return shares[0] if shares else None


def read_set(corpus, whole):
    """Each agreed record as (supported, half, window share, anywhere
    share, flagged by another support rule)."""
    runs = {name: check(corpus, toml) for name, toml in CHECKS.items()}
    halves = parts(corpus)
    out = []
    for rid, (label, _) in runs["defaults"].items():
        if label not in ("supported", "partial", "unsupported"):
            continue
        anywhere_messages = runs["anywhere"][rid][1]
        other = any(m.split(":")[0] not in OVERLAP_RULES for m in anywhere_messages)
        window = share(runs["window"][rid][1], OVERLAP_RULES[0])
        anywhere = share(anywhere_messages, OVERLAP_RULES[1])
        half = "whole" if whole else halves[rid][1]
        out.append((label == "supported", half, window, anywhere, other))
        # The reconstruction at the defaults must be what the defaults flag.
        flagged, _, caught, _ = score([out[-1]], DEFAULT, half)
        if bool(flagged or caught) != bool(runs["defaults"][rid][1]):
            raise SystemExit(f"{corpus}: {rid} is not flagged at the defaults as read from the shares")
    return out


def score(records, setting, half):
    """(supported flagged, supported, bad caught, bad) on `half`."""
    overlap, partial, min_words = setting
    flagged = supported = caught = bad = 0
    for is_supported, at, window, anywhere, other in records:
        if at != half:
            continue
        by_window = window is not None and window[0] * 100 < overlap * window[1]
        by_anywhere = (
            not by_window
            and anywhere is not None
            and anywhere[1] >= min_words
            and anywhere[0] * 100 < partial * anywhere[1]
        )
        hit = other or by_window or by_anywhere
        if is_supported:
            supported, flagged = supported + 1, flagged + hit
        else:
            bad, caught = bad + 1, caught + hit
    return flagged, supported, caught, bad


def show(figures):
    flagged, supported, caught, bad = figures
    pct = lambda a, b: f"{100 * a / b:.1f}%" if b else "-"
    return f"flagged {flagged}/{supported} ({pct(flagged, supported)}), caught {caught}/{bad} ({pct(caught, bad)})"


def pooled(sets, setting, halves):
    total = [0, 0, 0, 0]
    for records in sets.values():
        for half in halves:
            total = [a + b for a, b in zip(total, score(records, setting, half))]
    return total


def main():
    args = sys.argv[1:]
    tuned = {a.split("=", 1)[0] for a in args[args.index("--tuned") + 1 :]} if "--tuned" in args else set()
    named = [a.split("=", 1) for a in args if "=" in a]
    sets = {name: read_set(corpus, name in tuned) for name, corpus in named}
    for name, records in sets.items():
        for half in ("whole",) if name in tuned else ("tuning", "held-out"):
            best = max(
                GRID,
                key=lambda g: (lambda f: (f[0] <= 0.02 * f[1], f[2], -f[0]))(score(records, g, half)),
            )
            best_figures = score(records, best, half)
            reachable = best_figures[0] <= 0.02 * best_figures[1]
            print(f"{name} {half}: defaults {show(score(records, DEFAULT, half))}")
            print(f"    other rules alone {show(score(records, (0, 0, 6), half))}")
            if reachable:
                print(f"    best at most 2% flagged, chosen here {best}: {show(best_figures)}")
            else:
                print("    no setting flags at most 2%")
    tuning = ("tuning", "whole")
    limit = pooled(sets, DEFAULT, tuning)[0]
    chosen = max(GRID, key=lambda g: (lambda f: (f[0] <= limit, f[2], -f[0]))(pooled(sets, g, tuning)))
    print(f"\nchosen on the tuning halves {chosen}: {show(pooled(sets, chosen, tuning))} (defaults {show(pooled(sets, DEFAULT, tuning))})")
    for name, records in sets.items():
        if name not in tuned:
            print(f"    {name} held-out: chosen {show(score(records, chosen, 'held-out'))}; defaults {show(score(records, DEFAULT, 'held-out'))}")
    print(f"    pooled held-out: chosen {show(pooled(sets, chosen, ('held-out',)))}; defaults {show(pooled(sets, DEFAULT, ('held-out',)))}")


if __name__ == "__main__":
    main()
