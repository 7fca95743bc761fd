"""ExpertQA's answers read one way by `expertqa_rand_val.py` and
`expertqa_other_systems.py`: the annotators' label, the cited passages of a
claim, its record, and a split's tag.
"""
import os
import re

# The annotators' `support`: Complete is supported; Partial, Incomplete partial.
LABELS = {"Complete": "supported", "Partial": "partial", "Incomplete": "partial"}
# An evidence string: `[n] url`, a blank line, the passage.
EVIDENCE = re.compile(r"\[(\d+)\]\s*(\S+)\s*\n\n(.*)", re.S)


def citations(evidence, with_text_only):
    """The citations of a claim's `evidence` strings (with passage text only, if asked)."""
    out = []
    for e in evidence:
        m = EVIDENCE.match(e)
        if m and (m.group(3).strip() or not with_text_only):
            url = m.group(2)
            title = url.rstrip("/").split("/")[-1][:80] or url
            out.append({"n": int(m.group(1)), "title": title, "url": url, "passage": m.group(3).strip()})
    return out


def record(record_id, source, report_id, claim, cited, label):
    """A record of `realreports/dev.jsonl`: the claim without its markers, the annotators' label as both readings."""
    return {
        "id": record_id,
        "source": source,
        "report_id": report_id,
        "claim": re.sub(r"\s*\[\d+\]", "", claim["claim_string"]).strip(),
        "citations": cited,
        "label": label,
        "label_by": "dataset",
        "label_read": label,
        "label_strict": label,
    }


def tag_of(path):
    """`rv` for rand_val.jsonl, `rt` for rand_test.jsonl, `dt`, `dv` for the domain splits."""
    stem = os.path.basename(path).removesuffix(".jsonl").split("_")
    return stem[-2][0] + stem[-1][0] if len(stem) > 1 else stem[0][:2]
