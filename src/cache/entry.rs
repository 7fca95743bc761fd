//! One cache entry, as bytes: what judging (and rendering) a chapter
//! produced, with what it was produced from.
//!
//! The layout is a magic line, the HMAC-SHA-256 of the magic line and
//! the rest under this user's key (`secret.rs` says why a plain hash is
//! not enough), a JSON header line, then the rendered chapter's bytes as
//! they are (the bulk of an entry; JSON-escaping them would cost a pass
//! each way). A file that is not exactly this, down to the MAC, is no
//! entry: a miss.

use crate::cache::key::{FORMAT, hex};
use crate::cache::secret::Secret;
use evidence_core::finding::Finding;
use evidence_core::ids::BlockId;
use evidence_core::rule::{Level, Rule, Severity};
use evidence_report::{ChapterFindings, ChapterSummary};
use evidence_rules::Judged;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The first line of every entry.
fn magic() -> String {
    format!("mdbook-evidence cache entry {FORMAT}\n")
}

/// What an entry says, besides the rendered chapter.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Header {
    /// The key it is stored under (an entry copied to another name is no
    /// entry of that name).
    pub(super) key: String,
    /// The store items its chapter names, and the hash of their state.
    pub(super) ids: Vec<String>,
    pub(super) deps: String,
    findings: Vec<WireJudged>,
    suppressed: Vec<(WireFinding, String)>,
    summary: ChapterSummary,
    /// The ids of the items its References list, for the evidence index.
    pub(super) published: Vec<String>,
    /// Whether the rendered chapter follows (not for `check`, which
    /// renders nothing).
    pub(super) rendered: bool,
}

/// A [`Finding`], as stored: the rule by its id.
#[derive(Debug, Serialize, Deserialize)]
struct WireFinding {
    rule: String,
    message: String,
    span: std::ops::Range<usize>,
    block: Option<usize>,
    evidence_ids: Vec<String>,
    excerpt: Option<String>,
}

/// A [`Judged`], as stored.
#[derive(Debug, Serialize, Deserialize)]
struct WireJudged {
    finding: WireFinding,
    level: Level,
    severity: Severity,
    removed: bool,
}

impl WireFinding {
    fn of(finding: &Finding) -> WireFinding {
        WireFinding {
            rule: finding.rule.id().to_owned(),
            message: finding.message.clone(),
            span: finding.span.clone(),
            block: finding.block.map(|b| b.0),
            evidence_ids: finding.evidence_ids.clone(),
            excerpt: finding.excerpt.clone(),
        }
    }

    fn finding(self) -> Option<Finding> {
        Some(Finding {
            rule: Rule::from_id(&self.rule)?,
            message: self.message,
            span: self.span,
            block: self.block.map(BlockId),
            evidence_ids: self.evidence_ids,
            excerpt: self.excerpt,
        })
    }
}

impl Header {
    /// The header of `found` (a chapter just judged) under `key`.
    pub(super) fn of(
        key: String,
        ids: Vec<String>,
        deps: String,
        found: &ChapterFindings,
        published: Vec<String>,
    ) -> Header {
        Header {
            key,
            ids,
            deps,
            findings: found
                .findings
                .iter()
                .map(|j| WireJudged {
                    finding: WireFinding::of(&j.finding),
                    level: j.level,
                    severity: j.severity,
                    removed: j.removed,
                })
                .collect(),
            suppressed: found
                .suppressed
                .iter()
                .map(|(f, reason)| (WireFinding::of(f), reason.clone()))
                .collect(),
            summary: found.summary.clone(),
            published,
            rendered: false,
        }
    }

    /// The chapter's findings again, for the chapter at `path` whose text
    /// is `content`; `None` when a finding names a rule this binary does
    /// not know or points outside the text.
    pub(super) fn findings(self, path: &Path, content: &str) -> Option<ChapterFindings> {
        let inside =
            |f: &Finding| f.span.start <= f.span.end && content.get(f.span.clone()).is_some();
        let findings = self
            .findings
            .into_iter()
            .map(|j| {
                let finding = j.finding.finding().filter(inside)?;
                Some(Judged {
                    finding,
                    level: j.level,
                    severity: j.severity,
                    removed: j.removed,
                })
            })
            .collect::<Option<Vec<Judged>>>()?;
        let suppressed = self
            .suppressed
            .into_iter()
            .map(|(f, reason)| Some((f.finding().filter(inside)?, reason)))
            .collect::<Option<Vec<_>>>()?;
        let source = if findings.is_empty() && suppressed.is_empty() {
            String::new()
        } else {
            content.to_owned()
        };
        Some(ChapterFindings {
            path: path.to_owned(),
            findings,
            suppressed,
            source,
            summary: self.summary,
        })
    }
}

/// The bytes of an entry: `header`, and the rendered chapter if any,
/// authenticated with `secret`.
pub(super) fn encode(mut header: Header, rendered: Option<&str>, secret: &Secret) -> Vec<u8> {
    header.rendered = rendered.is_some();
    // A header that cannot be serialized (it holds only strings and
    // numbers) would be a bug; an empty body is then simply no entry.
    let mut body = serde_json::to_vec(&header).unwrap_or_default();
    body.push(b'\n');
    body.extend_from_slice(rendered.unwrap_or_default().as_bytes());
    let magic = magic();
    let mut out = magic.clone().into_bytes();
    out.extend_from_slice(hex(&secret.tag(&[magic.as_bytes(), &body])).as_bytes());
    out.push(b'\n');
    out.extend_from_slice(&body);
    out
}

/// What an entry file holds.
pub(super) enum Decoded {
    /// An entry this user's key wrote: its header and rendered chapter.
    Entry(Box<Header>, Option<String>),
    /// An entry of this format whose MAC does not verify: written under
    /// another key (another machine or user), committed to a repository,
    /// or altered since.
    Foreign,
    /// Anything else: another format, or not an entry at all.
    NotAnEntry,
}

/// The entry `bytes`, if `secret`'s MAC of them holds.
pub(super) fn decode(bytes: &[u8], secret: &Secret) -> Decoded {
    let magic = magic();
    let Some(rest) = bytes.strip_prefix(magic.as_bytes()) else {
        return Decoded::NotAnEntry;
    };
    let Some((tag, body)) = split_line(rest) else {
        return Decoded::NotAnEntry;
    };
    let Some(tag) = unhex(tag) else {
        return Decoded::NotAnEntry;
    };
    if !secret.verifies(&[magic.as_bytes(), body], &tag) {
        return Decoded::Foreign;
    }
    match read_body(body) {
        Some((header, rendered)) => Decoded::Entry(Box::new(header), rendered),
        None => Decoded::NotAnEntry,
    }
}

/// The header and rendered chapter of an authenticated body.
fn read_body(body: &[u8]) -> Option<(Header, Option<String>)> {
    let (header, rendered) = split_line(body)?;
    let header: Header = serde_json::from_slice(header).ok()?;
    let rendered = if header.rendered {
        Some(String::from_utf8(rendered.to_vec()).ok()?)
    } else if rendered.is_empty() {
        None
    } else {
        return None;
    };
    Some((header, rendered))
}

/// The bytes `hex` spells in lower-case hexadecimal.
fn unhex(hex: &[u8]) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    hex.chunks_exact(2)
        .map(|pair| {
            let digit = |b: u8| match b {
                b'0'..=b'9' => Some(b - b'0'),
                b'a'..=b'f' => Some(b - b'a' + 10),
                _ => None,
            };
            Some(digit(pair[0])? << 4 | digit(pair[1])?)
        })
        .collect()
}

/// The bytes before the first newline, and those after it.
fn split_line(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let at = bytes.iter().position(|&b| b == b'\n')?;
    Some((&bytes[..at], &bytes[at + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::Digest as _;

    fn header() -> Header {
        let summary: ChapterSummary = serde_json::from_value(serde_json::json!({
            "path": "c.md", "checked": true, "claims": 1, "grounded_claims": 0,
            "markers": 0, "resolved_markers": 0, "removed_claims": 0, "errors": 1,
            "warnings": 0, "downgraded": false, "verdict": "failed",
            "diversity": {"items": 0, "unique_publishers": 0, "tier_1_pct": 0,
                "tier_2_pct": 0, "tier_3_pct": 0, "tier_4_pct": 0,
                "max_publisher_pct": 0, "max_publisher": null},
            "support": {"citations_checked": 0, "flagged_claims": 0, "verdicts": 0,
                "unsupported": 0, "stale": 0},
            "quality": {"sentences": 1, "cited_sentences": 0, "claims": 1, "cited_claims": 0,
                "hosts": [], "publishers": [], "tiers": [0, 0, 0, 0], "items": 0,
                "disagreeing_claims": 0, "citations_checked": 0, "flagged_claims": 0,
                "verdicts": 0, "unsupported": 0}
        }))
        .unwrap();
        let finding = Finding {
            rule: Rule::UngroundedClaim,
            message: "claim cites no evidence".into(),
            span: 2..9,
            block: Some(BlockId(0)),
            evidence_ids: Vec::new(),
            excerpt: Some("Rates rose".into()),
        };
        let found = ChapterFindings {
            path: "c.md".into(),
            findings: vec![Judged {
                finding,
                level: Level::Error,
                severity: Severity::Error,
                removed: false,
            }],
            suppressed: Vec::new(),
            source: String::new(),
            summary,
        };
        Header::of("k".into(), vec!["a".into()], "d".into(), &found, Vec::new())
    }

    fn entry(decoded: Decoded) -> Option<(Header, Option<String>)> {
        match decoded {
            Decoded::Entry(header, rendered) => Some((*header, rendered)),
            Decoded::Foreign | Decoded::NotAnEntry => None,
        }
    }

    #[test]
    fn an_entry_reads_back_and_any_change_to_it_is_no_entry() {
        let secret = Secret::fixed(1);
        let bytes = encode(header(), Some("# Rendered\n\nwith\nlines\n"), &secret);
        let (back, rendered) = entry(decode(&bytes, &secret)).unwrap();
        assert_eq!(rendered.as_deref(), Some("# Rendered\n\nwith\nlines\n"));
        let found = back.findings(Path::new("c.md"), "- Rates rose.\n").unwrap();
        assert_eq!(found.findings[0].finding.rule, Rule::UngroundedClaim);
        assert_eq!(found.source, "- Rates rose.\n");
        for cut in [0, 10, bytes.len() / 2, bytes.len() - 1] {
            assert!(
                entry(decode(&bytes[..cut], &secret)).is_none(),
                "truncated at {cut}"
            );
        }
        for at in [5, 40, 100, bytes.len() - 2] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1;
            assert!(
                entry(decode(&flipped, &secret)).is_none(),
                "flipped at {at}"
            );
        }
    }

    #[test]
    fn an_entry_under_another_key_or_its_hash_instead_of_a_mac_is_foreign() {
        let bytes = encode(header(), None, &Secret::fixed(1));
        assert!(matches!(
            decode(&bytes, &Secret::fixed(2)),
            Decoded::Foreign
        ));
        // The layout of the first format: the body's plain SHA-256, which
        // anyone can compute.
        let body = &bytes[magic().len() + 65..];
        let mut forged = magic().into_bytes();
        forged.extend_from_slice(hex(&sha2::Sha256::digest(body)).as_bytes());
        forged.push(b'\n');
        forged.extend_from_slice(body);
        assert!(matches!(
            decode(&forged, &Secret::fixed(1)),
            Decoded::Foreign
        ));
    }

    #[test]
    fn a_finding_outside_the_text_is_no_entry() {
        let secret = Secret::fixed(1);
        let (back, _) = entry(decode(&encode(header(), None, &secret), &secret)).unwrap();
        assert!(back.findings(Path::new("c.md"), "short").is_none());
    }
}
