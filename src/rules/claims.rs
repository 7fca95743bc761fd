//! Claim units: which stretches of a chapter need their own citation
//! (`claims = "blocks" | "bullets" | "sentences"`, `sections = [...]`).

use crate::config::ClaimUnit;
use crate::markers::{Block, NotAClaim, Scan, classify_text};
use std::ops::Range;

/// A claim to check: a block, or one sentence of a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// Index into [`Scan::blocks`].
    pub block: usize,
    /// Byte range in the chapter: the claim's text and its markers.
    pub span: Range<usize>,
    /// The claim's text as a reader sees it, markers removed.
    pub text: String,
    /// Indices into [`Scan::markers`] of the markers that belong to it.
    pub markers: Vec<usize>,
}

impl Claim {
    /// The first words of the claim, for diagnostics.
    pub fn excerpt(&self, max_words: usize) -> String {
        crate::markers::excerpt(&self.text, max_words)
    }
}

/// The claims of a scanned chapter, in document order.
pub fn claims(scan: &Scan, unit: ClaimUnit, sections: &[String], min_words: usize) -> Vec<Claim> {
    let mut markers_of: Vec<Vec<usize>> = vec![Vec::new(); scan.blocks.len()];
    for (i, marker) in scan.markers.iter().enumerate() {
        if let Some(block) = marker.block {
            markers_of[block].push(i);
        }
    }
    let mut out = Vec::new();
    for (index, block) in scan.blocks.iter().enumerate() {
        if !sections.is_empty() && !is_under(scan, block, sections) {
            continue;
        }
        match unit {
            ClaimUnit::Blocks | ClaimUnit::Bullets => {
                if block.is_claim() && (unit == ClaimUnit::Blocks || block.is_item) {
                    out.push(Claim {
                        block: index,
                        span: block.span.clone(),
                        text: block.text.trim().to_owned(),
                        markers: std::mem::take(&mut markers_of[index]),
                    });
                }
            }
            ClaimUnit::Sentences => {
                // Structural exemptions hold for the whole block; labels,
                // abstentions and length are judged sentence by sentence.
                if matches!(
                    block.not_a_claim,
                    Some(
                        NotAClaim::Banner | NotAClaim::Note | NotAClaim::Label | NotAClaim::LeadIn
                    )
                ) {
                    continue;
                }
                out.extend(sentence_claims(scan, index, &markers_of[index], min_words));
            }
        }
    }
    out.sort_by_key(|c| c.span.start);
    out
}

/// Whether a block lies under a heading whose title is in `sections`
/// (directly, or under one of its subheadings).
pub fn is_under(scan: &Scan, block: &Block, sections: &[String]) -> bool {
    let Some(mut at) = block.heading else {
        return false;
    };
    let mut level = u8::MAX;
    loop {
        let heading = &scan.headings[at];
        if heading.level < level {
            if sections
                .iter()
                .any(|s| s.trim().eq_ignore_ascii_case(&heading.title))
            {
                return true;
            }
            level = heading.level;
        }
        if at == 0 || level == 1 {
            return false;
        }
        at -= 1;
    }
}

/// The sentences of one block that are claims, with their markers: a
/// marker belongs to the sentence it stands in, or to the sentence whose
/// closing punctuation it follows.
fn sentence_claims(scan: &Scan, index: usize, markers: &[usize], min_words: usize) -> Vec<Claim> {
    let block = &scan.blocks[index];
    let sentences = sentences(&block.text);
    let mut out: Vec<Claim> = Vec::new();
    for (i, sentence) in sentences.iter().enumerate() {
        let first = i == 0;
        let own: Vec<usize> = markers
            .iter()
            .copied()
            .filter(|&m| {
                let at = scan.markers[m].text_at;
                let after_previous = first || at > sentence.start;
                let before_next = sentences.get(i + 1).is_none_or(|next| at <= next.start);
                after_previous && before_next
            })
            .collect();
        let text = block.text[sentence.clone()].trim();
        if classify_text(text, min_words).is_some() {
            continue;
        }
        let mut span = block.source_offset(sentence.start)..block.source_offset(sentence.end);
        if span.end < span.start {
            span.end = span.start;
        }
        for &m in &own {
            let marker = &scan.markers[m].span;
            span.start = span.start.min(marker.start);
            span.end = span.end.max(marker.end);
        }
        out.push(Claim {
            block: index,
            span,
            text: text.to_owned(),
            markers: own,
        });
    }
    out
}

/// Abbreviations whose final period does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.", "mr.", "mrs.", "ms.", "dr.", "prof.", "st.",
    "inc.", "ltd.", "co.", "corp.", "no.", "fig.", "u.s.", "u.k.", "e.u.", "jan.", "feb.", "mar.",
    "apr.", "jun.", "jul.", "aug.", "sep.", "sept.", "oct.", "nov.", "dec.",
];

/// The sentences of a text, as byte ranges from the first character to the
/// closing punctuation. A sentence ends at `.`, `!`, `?` or `…` (and any
/// closing quotes or brackets after it) followed by whitespace and a
/// character that is not a lowercase letter, unless the word before the
/// period is an abbreviation or an initial (`J. Powell`).
pub fn sentences(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if start.is_none() && !c.is_whitespace() {
            start = Some(i);
        }
        if !matches!(c, '.' | '!' | '?' | '…') {
            continue;
        }
        let mut end = i + c.len_utf8();
        while let Some(&(j, q)) = chars.peek() {
            if matches!(q, '"' | '\'' | '”' | '’' | ')' | ']' | '.' | '!' | '?') {
                end = j + q.len_utf8();
                chars.next();
            } else {
                break;
            }
        }
        let rest = &text[end..];
        let next = rest.trim_start();
        let ends = if next.is_empty() {
            true
        } else {
            rest.starts_with(char::is_whitespace)
                && !next.starts_with(char::is_lowercase)
                && !(c == '.' && is_abbreviation(&text[..i + 1]))
        };
        if ends && let Some(s) = start.take() {
            out.push(s..end);
        }
    }
    if let Some(s) = start {
        let end = s + text[s..].trim_end().len();
        if end > s {
            out.push(s..end);
        }
    }
    out
}

/// Whether the word that ends `before` (with its period) is an
/// abbreviation or a single-letter initial.
fn is_abbreviation(before: &str) -> bool {
    let word = before
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    let lower = word.to_lowercase();
    ABBREVIATIONS.contains(&lower.as_str())
        || (word.len() == 2 && word.starts_with(|c: char| c.is_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::{MarkdownFlags, ScanOptions, scan};

    fn split(text: &str) -> Vec<&str> {
        sentences(text).into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn sentences_end_at_punctuation_followed_by_a_capital() {
        assert_eq!(
            split("Rates rose 3.2%. Stocks fell! Why? Because."),
            ["Rates rose 3.2%.", "Stocks fell!", "Why?", "Because."]
        );
        assert_eq!(
            split("The U.S. economy grew, e.g. in Q4. J. Powell spoke."),
            ["The U.S. economy grew, e.g. in Q4.", "J. Powell spoke."]
        );
        assert_eq!(
            split("He said \"no.\" Then left"),
            ["He said \"no.\"", "Then left"]
        );
        assert_eq!(
            split("version 1.2.3 is out. ok then."),
            ["version 1.2.3 is out. ok then."]
        );
        assert!(split("   ").is_empty());
    }

    fn claim_texts(text: &str, unit: ClaimUnit, sections: &[&str]) -> Vec<(String, Vec<String>)> {
        let options = ScanOptions {
            markdown: MarkdownFlags::default(),
            numbered: false,
            references_title: "References",
            claim_min_words: 3,
        };
        let scan = scan(text, &options);
        let sections: Vec<String> = sections.iter().map(|s| s.to_string()).collect();
        claims(&scan, unit, &sections, 3)
            .into_iter()
            .map(|c| {
                let markers = c
                    .markers
                    .iter()
                    .map(|&m| text[scan.markers[m].span.clone()].to_owned())
                    .collect();
                (c.text, markers)
            })
            .collect()
    }

    #[test]
    fn markers_go_with_the_sentence_they_close() {
        let text = "Rates rose sharply [EVID:a]. Stocks fell on the news. [EVID:b] Bonds were flat today.\n";
        let got = claim_texts(text, ClaimUnit::Sentences, &[]);
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[0].1, ["[EVID:a]"]);
        assert_eq!(got[1].1, ["[EVID:b]"]);
        assert!(got[2].1.is_empty());
    }

    #[test]
    fn bullets_skip_paragraphs_and_sections_filter() {
        let text = "# Brief\n\nIntro paragraph states things.\n\n## Prevailing view\n\n- The Fed held rates today.\n\n### Detail\n\n- Sub claim is here too.\n\n## Other\n\n- Not checked at all here.\n";
        let bullets = claim_texts(text, ClaimUnit::Bullets, &[]);
        assert_eq!(bullets.len(), 3);
        let blocks = claim_texts(text, ClaimUnit::Blocks, &["prevailing view"]);
        let texts: Vec<_> = blocks.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            texts,
            ["The Fed held rates today.", "Sub claim is here too."]
        );
    }

    #[test]
    fn labelled_sentences_are_not_claims() {
        let text = "[SPECULATION] Rates could fall next year. GDP grew strongly last quarter.\n";
        let got = claim_texts(text, ClaimUnit::Sentences, &[]);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, "GDP grew strongly last quarter.");
    }
}
