#!/usr/bin/env python3
"""A fifteenth set of real reports nobody tuned on, for folds_eval, and the
first in Russian and Turkish (with a second Arabic set): the gold half of
MFAVA (Islam, Lauscher and Glavaš, *How Much Do LLMs Hallucinate across
Languages? On Multilingual Estimation of LLM Hallucination in the Wild*,
arXiv 2502.12769, 2025; WüNLP, University of Würzburg), in which GPT-4
answered knowledge-seeking questions about a Wikipedia article in the
target language, prompted FAVA-style (Mishra et al. 2024) to write
hallucinations into its answer and to tag them, and native speakers then
annotated every answer by hand against the article, marking each
hallucinated span with a FAVA category. Turned into the records of
`realreports/dev.jsonl`, written into a corpus directory of its own beside
a link to the support corpus, so that

    M=MFAVA_MIRROR; K=a95c839b3e94d997374fcedd7693fde53c68011c; mkdir -p SRC_DIR
    for l in arabic russian turkish; do
      git --git-dir=$M show \\
        $K:datasets/hallucination_detection/gold-languages/$l/silver_gold_$l.json \\
        > SRC_DIR/silver_gold_$l.json
    done
    PYTHONPATH=examples/folds_eval EVIDENCE_CORPUS_DIR=/work/shared/corpora \\
        python3 examples/folds_eval/mfava_real.py SRC_DIR OUT_DIR
    EVIDENCE_CORPUS_DIR=OUT_DIR cargo run --example folds_eval

gives the real-report rows of folds_eval on these answers. MFAVA_MIRROR is
the git directory of github.com/WorldHellow/mHallucinations-LLM (the
`fetch` tool's `github:WorldHellow/mHallucinations-LLM`), commit
a95c839b3e94d997374fcedd7693fde53c68011c (2025-02-20, "Update README.md";
the three files came in with 1da32ef32bec0d24d3b9330a88f0b6f6b666552e,
"upload commit", 2025-02-18, and are unchanged since). Files, sizes and
SHA-256 in FILES below (2,959,557, 4,042,618 and 2,248,684 bytes). Nothing
of it is kept in this repository. Licence: none stated (no LICENSE file,
the README names none; the data were published with the paper for
research; the articles are Wikipedia text, CC BY-SA). Research use only,
nothing committed.

Why this set: model-written text (GPT-4's answers), a human label on every
span of it against the article the file stores whole, and three languages
of which two are new here: Russian (Cyrillic, rich inflection, `г.` /
`млн` / `тыс.` abbreviations, dates as `в 1953 и 1954 годах`) and Turkish
(agglutinative suffixes written onto names after an apostrophe,
`Roma'da`, `NASA'da`, dotted and dotless i, ordinals `15.`); and Arabic a
second time, in answers rather than summaries, 26 of the 248 with scale
words (`ألف`, `مليون`, `مليار`). The caveat, and why this set was not
chosen earlier: the hallucinations were put in on purpose (the generator
was asked to insert entity, relation, contradictory, invented, subjective
and unverifiable errors), as in HalluVerse25, which `arahallueval_real.py`
set aside; here the labels are nevertheless a human reading of the whole
answer against the article, made apart from the generator's own tags (the
two differ on many spans), and the untagged sentences are GPT-4's own
answer. Every answer has at least one gold span: a report is never clean.
Candidates not chosen: the MFAVA silver files of 25 other languages
(GPT-4's tags only, no human reading); ViHallu (DSC 2025, Vietnamese; the
copy in github:Yangchann/Vietnamese-Hallucination-Detection holds the two
test files without labels, the labelled training file is absent from the
snapshot); MSumBench (DISL-Lab, English and Chinese, both files absent);
Multi-FAct (sheikhshafayat/multi-fact: generated biographies, no human
labels); PsiloQA (no snapshot; GPT-4o labels); SEAHORSE and mFACE (Google
Cloud / Google Drive only); K-HALU (AI-Hub, on application).

What the files hold, and what is used. Each file is a JSON list (248
Arabic, 267 Russian, 245 Turkish items) of `references` (the article:
Wikipedia text in the language, several thousand characters, in part
machine-translated from English with the translator's `⁇` for unknown
characters), `generated_text` (GPT-4's answer with its tags removed),
`silver_annotations` (the same answer with GPT-4's tags: `<entity>...
</entity>` etc.; its last tag is often cut short at the end of the text,
`</subjective`, and the cut tag is left in `generated_text`) and
`gold_annotations` (the answer as the annotators tagged it; mostly the
same text, in some items with spaces before stops, an edited word, two
sentences swapped, or, in one Turkish item, another answer altogether).
Categories (FAVA): `entity` and `relation` (a wrong name, number, date or
relation word in an otherwise right sentence), `contradictory` (a
sentence the article contradicts), `invented` (a made-up concept),
`subjective` (an opinion stated as fact), `unverifiable` (not checkable
against the article); the gold files spell some of them wrongly
(`conradictory`, `realtion`, `unvented`, `invneted`, `unverifiabe`,
`unverified`, capitalised), mapped below. GPT-4's `<mark>` highlighting
and cut tags are markup, not labels, and are removed.

One report per distinct answer (`report_id` `mfava:` + language code + `:` + 10 hex
digits of the SHA-1 of the answer), one record per sentence of the answer
(`generated_text`, markup removed), in order. Sentences: the text is cut
into lines, a line at `.`, `!`, `?`, `؟` or `…` (closing quotes or
brackets may follow) before white space, except after a single letter
(an initial), after an abbreviation of ABBREVIATIONS, or before a
lower-case letter (Turkish ordinals, `15. yüzyıl`). `claim` = the
sentence, white space collapsed. `citations` = the article: `n` 1,
`title` "MFAVA reference article (Wikipedia)" (English, lending the claims
no words), `url` empty, `passage` = `references` whole.

Labels. A sentence is found in an annotation's gold text by its letters
with all white space removed (from the end of the last sentence found,
else anywhere); the gold tags covering at least one of its letters or
digits decide: none -> `supported`; `entity`, `relation` or
`contradictory` -> `unsupported` (the article says otherwise); else
`invented`, `subjective` or `unverifiable` -> `partial` (the sentence adds
what the article does not have), or `unsupported` when the tags cover at
least half of the sentence's letters and digits (most of it is not in the
article): the same rule as `faithbench_real.py`'s. Some answers are in a
file two to four times, each copy with its own gold tags (60 Russian
answers, most of items 0-58 again at 118-176, and 7 Turkish; no
Arabic): different annotators of the same answer, so one report, one
reading per copy. `label` = `label_read` = the readings' majority (with
no majority, the worst). `label_strict`: for a sentence read twice or
more, the same when all readings agree, else `split`; for a sentence
read once, the label (one human annotation; `--strict READINGS.tsv`
replaces it as in the other scripts), or, with `MFAVA_SILVER_STRICT=1`
in the environment, the same rule applied to GPT-4's own tags
(`silver_annotations`: not a human reading, what the generator says it
made up; `unread` where the sentence is not in the silver text). `note`
gives each human reading with its categories and GPT-4's, so the two
can be compared without the option.

Dropped: an annotation whose gold text holds fewer than half of its
answer's sentences (the gold is of another answer; an answer left with
no annotation goes whole), and a sentence no gold text of its answer
holds (an annotator's edit); the answer's last sentence when it has no
closing stop (GPT-4's text was cut off by its length limit, mid-word
often, `يُقال أن أول تشيز كيك تم صن`); a sentence ending in `:` (a list
lead-in); a fragment (fewer than three words, a word being a run of two
or more letters of any script: `corpus_out.why_dropped` counts Latin
words only); a claim of `realreports/dev.jsonl`. Counts are printed, by
language.

Result: 760 items read, 680 distinct answers; 677 reports, 4,158
records, 1,909 supported, 112 partial, 2,137 unsupported; agreed
(`label_read` = `label_strict`) 4,095: 1,905 / 104 / 2,086 (Arabic 247
reports, 593 / 40 / 567, all read once; Russian 196, 493 / 33 / 692, of
its 363 sentences read twice or more the annotators agree on 307;
Turkish 234, 823 / 39 / 878). Dropped: 285 cut-off last sentences, 83
sentences changed by an annotator, 37 fragments, 16 sentences of the 3
answers with no gold of their own, 1 lead-in. GPT-4's tags give the
humans' label on 3,443 of the 4,158 records (83%); with
`MFAVA_SILVER_STRICT=1` 3,442 records are agreed (1,528 / 12 / 1,902).

Odd in the data: GPT-4 was shown the article (its answers say "the
reference passage does not say ...", `لا يتضمن المرجع المُقدم معلومات`,
`Geçişin sunduğu bilgilere dayanarak`): about 120 such remarks on the
article are kept as the annotators left them, mostly untagged, so
`supported` (this corpus's strict second reading would call them
`meta`). The errors were written in on purpose, so unsupported records
are half the set and the partial ones few (a wrong name or date is
`unsupported`). Every report has at least one flagged sentence.
Articles are long (median 5,200 characters) and partly machine-
translated; a fact may be in the article in other words or another
script (`CIA` / `ЦРУ`).
"""
import collections
import hashlib
import json
import os
import re
import statistics

import corpus_out

FILES = {
    "arabic": ("silver_gold_arabic.json", "e017a3f5ffb8c3ec171f37b6c5989ddc3ad3c8ef1138e82b8eede7f505091ef6"),
    "russian": ("silver_gold_russian.json", "1c0266d8d7ad8219c60c4a3ffd10bedbd0ef68a022e1878a20a7c5cd17b789e8"),
    "turkish": ("silver_gold_turkish.json", "91fbdb552ceb0361a1842dd64718e268727492fd3988e59bbfd87556a88d2286"),
}
CODES = {"arabic": "ar", "russian": "ru", "turkish": "tr"}
CATEGORIES = ["entity", "relation", "contradictory", "invented", "subjective", "unverifiable"]
CONTRADICTED = {"entity", "relation", "contradictory"}
SPELLINGS = {
    "conradictory": "contradictory", "contradiction": "contradictory", "realtion": "relation",
    "unvented": "invented", "invneted": "invented", "unverifiabe": "unverifiable", "unverified": "unverifiable",
}
# A tag: `<name>` or `</name>`, or one cut short (no `>`, or no name) before white space or the end.
TAG = re.compile(r"<\s*(/?)\s*([A-Za-z]*)\s*(?:>|(?=\s)|$)")
ABBREVIATIONS = {
    # Russian
    "г", "гг", "в", "вв", "т", "е", "д", "п", "им", "св", "ул", "см", "др", "пр", "н", "э", "млн", "млрд", "тыс",
    "руб", "ок", "гос", "акад", "проф", "рис", "стр", "ст", "т.е", "т.д", "т.п", "т.н", "н.э", "р.х",
    # Turkish
    "vb", "vs", "örn", "yy", "dr", "prof", "doç", "m", "ö", "s", "no",
    # Latin-script names and titles
    "mr", "mrs", "ms", "st", "jr", "sr", "inc", "ltd", "co", "u.s", "e.g", "i.e",
}
WORD = re.compile(r"[^\W\d_]{2,}")
CLOSED = re.compile(r"[.!?؟…][\"'»”’)\]]*$")
END = re.compile(r"[.!?؟…]+[\"'»”’)\]]*(?=\s)")


def tag_name(name):
    """A tag's category, `None` for markup (`mark`, a cut or empty name)."""
    name = SPELLINGS.get(name.lower(), name.lower())
    if name in CATEGORIES:
        return name
    if len(name) >= 3:
        matches = [c for c in CATEGORIES if c.startswith(name)]
        if len(matches) == 1:
            return matches[0]
    return None


def untag(text):
    """`(text without tags, for each of its characters the set of categories open on it)`.
    Tags nest; a closing tag closes the innermost open one, whatever its name."""
    out, cats, stack, at = [], [], [], 0
    for m in TAG.finditer(text):
        chunk = text[at : m.start()]
        out.append(chunk)
        now = frozenset(c for c in stack if c)
        cats.extend([now] * len(chunk))
        at = m.end()
        closing, name = m.group(1), m.group(2)
        if name.lower() == "mark" or (not name and not closing):
            continue
        if closing:
            if stack:
                stack.pop()
        else:
            stack.append(tag_name(name))
    chunk = text[at:]
    out.append(chunk)
    cats.extend([frozenset(c for c in stack if c)] * len(chunk))
    return "".join(out), cats


def stream(text):
    """The letters of a tagged text with white space removed, and their categories."""
    plain, cats = untag(text)
    keep = [i for i, ch in enumerate(plain) if not ch.isspace()]
    return "".join(plain[i] for i in keep), [cats[i] for i in keep]


def sentences(text):
    """The sentences of the answer, in order."""
    out = []
    for line in text.split("\n"):
        at = 0
        for m in END.finditer(line):
            before = line[at : m.start()].split()
            last = before[-1].lower().rstrip(".") if before else ""
            after = line[m.end() :].lstrip()
            if m.group(0)[0] == "." and (len(last) == 1 or last in ABBREVIATIONS):
                continue
            if after and after[0].islower():
                continue
            out.append(line[at : m.end()])
            at = m.end()
        out.append(line[at:])
    return [re.sub(r"\s+", " ", s).strip() for s in out if s.strip()]


def read(letters, cats):
    """`(label, categories)` of the letters `letters` of a sentence tagged `cats`."""
    hit = [c for ch, c in zip(letters, cats) if ch.isalnum()]
    names = sorted(set().union(*hit)) if hit else []
    if not names:
        return "supported", names
    if set(names) & CONTRADICTED:
        return "unsupported", names
    share = sum(1 for c in hit if c) / len(hit)
    return ("unsupported" if share >= 0.5 else "partial"), names


class Finder:
    """Finds sentences, in order, in one tagged text."""

    def __init__(self, tagged):
        self.letters, self.cats = stream(tagged)
        self.at = 0

    def find(self, sentence):
        key = re.sub(r"\s+", "", sentence)
        i = self.letters.find(key, self.at)
        if i < 0:
            i = self.letters.find(key)
        if i < 0 or not key:
            return None
        self.at = i + len(key)
        return read(key, self.cats[i : i + len(key)])


SEVERITY = {"supported": 0, "partial": 1, "unsupported": 2}


def combine(labels):
    """The majority of the annotators' labels; with no majority, the worst."""
    top, n = collections.Counter(labels).most_common(1)[0]
    if n * 2 > len(labels):
        return top
    return max(labels, key=SEVERITY.get)


def why_dropped(claim, dev):
    if claim.endswith(":"):
        return "sentence ending in ':' (a list lead-in)"
    if len(WORD.findall(claim)) < 3:
        return "fragment of fewer than three words"
    if claim in dev:
        return "record sharing a claim with the developers' half"
    return None


def answers(items):
    """`[(answer as in the file, [its items])]`, in the order of first appearance:
    an answer annotated twice or three times is one answer."""
    groups = collections.OrderedDict()
    for item in items:
        groups.setdefault(item["generated_text"], []).append(item)
    return list(groups.items())


def main():
    strict, src, out_dir, corpora, dev = corpus_out.source_and_out(
        "mfava_real.py [--strict READINGS.tsv] SRC_DIR OUT_DIR"
    )
    silver_strict = os.environ.get("MFAVA_SILVER_STRICT") == "1"
    records, dropped, table = [], collections.Counter(), collections.defaultdict(collections.Counter)
    reports = collections.Counter()
    passages, claims_words = [], []
    for lang, (name, sha) in FILES.items():
        items = json.loads(corpus_out.read_pinned(os.path.join(src, name), sha).decode("utf-8"))
        table[lang]["items"] = len(items)
        for generated, copies in answers(items):
            table[lang]["answers"] += 1
            table[lang][f"answers annotated {len(copies)}x"] += 1
            answer, _ = untag(generated)
            sents = sentences(answer)
            readers = []
            for item in copies:
                gold = Finder(item["gold_annotations"])
                found = [gold.find(s) for s in sents]
                if sum(1 for g in found if g) * 2 < len(sents):
                    dropped[f"{lang}: annotation whose gold text is of another answer"] += 1
                    continue
                readers.append(found)
            if not readers:
                dropped[f"{lang}: sentence of an answer with no gold text of its own"] += len(sents)
                continue
            silver = Finder(copies[0]["silver_annotations"])
            rid = f"mfava:{CODES[lang]}:" + hashlib.sha1(generated.encode("utf-8")).hexdigest()[:10]
            k = 0
            for j, sent in enumerate(sents):
                s = silver.find(sent)
                reads = [r[j] for r in readers if r[j]]
                if not reads:
                    dropped[f"{lang}: sentence the gold text does not hold (an annotator's edit)"] += 1
                    continue
                why = why_dropped(sent, dev)
                if not why and j == len(sents) - 1 and not CLOSED.search(sent):
                    why = "last sentence without a closing stop (the answer is cut off)"
                if why:
                    dropped[f"{lang}: {why}"] += 1
                    continue
                k += 1
                labels = [g[0] for g in reads]
                label = combine(labels)
                generator, silver_names = s if s else ("unread", [])
                if len(reads) > 1:
                    second = label if len(set(labels)) == 1 else "split"
                    how = f"{len(reads)} human annotations (label_strict: {second} unless all agree)"
                elif silver_strict:
                    second = generator
                    how = "one human annotation (label_strict: the same rule on GPT-4's tags)"
                else:
                    second = label
                    how = "one human annotation (label_strict: a second reading with --strict, else the label)"
                humans = "; ".join(f"{g[0]} ({', '.join(g[1]) or 'no tag'})" for g in reads)
                records.append({
                    "id": f"{rid}:s{k}",
                    "source": f"mfava-{CODES[lang]}",
                    "report_id": rid,
                    "claim": sent,
                    "citations": [{"n": 1, "title": "MFAVA reference article (Wikipedia)", "url": "",
                                   "passage": copies[0]["references"]}],
                    "label": label,
                    "label_by": "dataset",
                    "note": f"MFAVA gold ({lang}), GPT-4 answer sentence {j + 1}: human tags {humans}; "
                            f"GPT-4's own tags {', '.join(silver_names) or ('none' if s else 'sentence not found')} "
                            f"({generator}); {how}",
                    "label_read": label,
                    "label_strict": second,
                })
                table[lang][label] += 1
                table[lang]["agreed " + label] += label == second
                table[lang]["generator agrees " + label] += label == generator
                if len(reads) > 1:
                    table[lang]["humans " + ("agree" if len(set(labels)) == 1 else "differ")] += 1
                claims_words.append(len(WORD.findall(sent)))
            if k:
                reports[lang] += 1
                passages.append(len(copies[0]["references"]))
    corpus_out.write_read_twice(
        out_dir, records, corpora, strict,
        f"MFAVA gold items read: {sum(t['items'] for t in table.values())}",
        sum(reports.values()), dropped,
    )
    print("language: items answers (annotated 1x/2x/3x/4x) reports | supported partial unsupported "
          "| agreed s p u | GPT-4's tags agree s p u | sentences read twice or more: humans agree, differ")
    for lang in FILES:
        t = table[lang]
        print(lang, t["items"], t["answers"], [t[f"answers annotated {n}x"] for n in (1, 2, 3, 4)], reports[lang], "|",
              t["supported"], t["partial"], t["unsupported"], "|",
              t["agreed supported"], t["agreed partial"], t["agreed unsupported"], "|",
              t["generator agrees supported"], t["generator agrees partial"], t["generator agrees unsupported"], "|",
              t["humans agree"], t["humans differ"])
    print("article length (characters) median:", statistics.median(passages))
    print("claim length (words) median:", statistics.median(claims_words))
    print(f"{sum(reports.values())} reports, {len(records)} records -> {out_dir}")


if __name__ == "__main__":
    main()
