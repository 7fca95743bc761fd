//! Spending where it matters: which claims a lexical rule flagged, the
//! order a run asks in (flagged first, then the ones no checker has
//! judged, then the rest), what `--only flagged` and `--max-requests`
//! keep, and the dry run's estimate of requests, tokens and cost.

use crate::session::Session;
use evidence_core::rule::Rule;
use evidence_report::Location;
use evidence_verify::prompt::Prompt;
use evidence_verify::units::Unit;
use mdbook_preprocessor::book::Book;
use serde_json::Value;
use std::collections::HashMap;

/// The rules that read a claim against its passage's words: what they
/// flag is where a model's reading is worth the most.
const LEXICAL: &[Rule] = &[
    Rule::SpanMismatch,
    Rule::NumberNotInEvidence,
    Rule::NumberContradictsEvidence,
    Rule::ClaimNotInEvidence,
    Rule::ClaimPartlyInEvidence,
    Rule::SubjectNotInEvidence,
];

/// Which citations `--only` sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Only {
    /// Those a lexical rule flagged, and those no checker has judged.
    Flagged,
}

/// How risky a unit is, riskiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Risk {
    /// A lexical rule flagged the claim on one of its items.
    Flagged,
    /// No checker's verdict, nor a person's, is current for it.
    Unjudged,
    /// Another checker has judged it, and the lexical rules passed it.
    Judged,
}

/// For each unit, whether a lexical rule flagged it in a check of the
/// book: a diagnostic of one of [`LEXICAL`] in the unit's file, naming one
/// of its items, on a line from the claim's first to the next claim's.
pub(crate) fn flagged(session: &Session, book: &Book, units: &[Unit]) -> Vec<bool> {
    let (outcome, _) = session.judge_quietly(book);
    let report = &outcome.report;
    // Per file, the lines where claims start, to bound each claim's lines.
    let mut starts: HashMap<&str, Vec<usize>> = HashMap::new();
    for unit in units {
        starts
            .entry(unit.file.as_str())
            .or_default()
            .push(unit.line);
    }
    for lines in starts.values_mut() {
        lines.sort_unstable();
        lines.dedup();
    }
    let found: Vec<(&str, usize, &[String])> = report
        .diagnostics
        .iter()
        .filter(|d| LEXICAL.contains(&d.rule))
        .filter_map(|d| match &d.location {
            Location::Chapter { file, line, .. } => report
                .files
                .get(*file)
                .map(|f| (f.name.as_str(), *line, d.evidence_ids.as_slice())),
            Location::Store(_) => None,
        })
        .collect();
    units
        .iter()
        .map(|unit| {
            let next = starts
                .get(unit.file.as_str())
                .and_then(|lines| lines.iter().find(|&&l| l > unit.line).copied())
                .unwrap_or(usize::MAX);
            let ids = unit.ids();
            found.iter().any(|(file, line, flagged_ids)| {
                *file == unit.file
                    && (unit.line..next).contains(line)
                    && flagged_ids.iter().any(|id| ids.contains(&id.as_str()))
            })
        })
        .collect()
}

/// The units to send, riskiest first (book order within a risk): those
/// `only` keeps, up to `max_requests` requests (counting a unit's every
/// chunk, the most it may need); and how many were left out.
pub(crate) fn choose(
    units: Vec<(Unit, Risk)>,
    prompt: Prompt,
    only: Option<Only>,
    max_requests: Option<usize>,
) -> (Vec<Unit>, usize) {
    let mut units = units;
    units.sort_by_key(|(_, risk)| *risk);
    let total = units.len();
    let mut spent = 0;
    let chosen: Vec<Unit> = units
        .into_iter()
        .filter(|(_, risk)| only.is_none() || *risk != Risk::Judged)
        .map(|(unit, _)| unit)
        .take_while(|unit| {
            spent += prompt.requests(unit).len();
            max_requests.is_none_or(|max| spent <= max)
        })
        .collect();
    let left = total - chosen.len();
    (chosen, left)
}

/// Prices in dollars per million tokens, in and out (`--price-per-mtok`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Price {
    /// Dollars per million prompt tokens.
    pub input: f64,
    /// Dollars per million completion tokens.
    pub output: f64,
}

/// Reads `IN,OUT` (dollars per million tokens, `0.15,0.60`).
pub fn parse_price(text: &str) -> Result<Price, String> {
    let read = |part: Option<&str>| {
        part.map(str::trim)
            .and_then(|p| p.strip_prefix('$').unwrap_or(p).parse::<f64>().ok())
            .filter(|n| n.is_finite() && *n >= 0.0)
    };
    let mut parts = text.split(',');
    match (read(parts.next()), read(parts.next()), parts.next()) {
        (Some(input), Some(output), None) => Ok(Price { input, output }),
        _ => Err(format!(
            "{text:?} is not two prices: give dollars per million tokens in and out, e.g. 0.15,0.60"
        )),
    }
}

/// What sending `units` would take, estimated before anything is sent.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Estimate {
    /// Requests, counting every chunk (the most a run sends).
    pub requests: usize,
    /// Tokens in, estimated (see [`tokens_in`]).
    pub tokens_in: u64,
    /// Tokens out, at most (`max_tokens` each).
    pub tokens_out: u64,
}

impl Estimate {
    /// The estimate for `units` with `prompt`.
    pub(crate) fn of(units: &[Unit], prompt: Prompt) -> Estimate {
        let mut out = Estimate::default();
        for request in units.iter().flat_map(|u| prompt.requests(u)) {
            out.requests += 1;
            out.tokens_in += tokens_in(&request);
            out.tokens_out += u64::from(prompt.max_tokens());
        }
        out
    }

    /// Its cost in dollars at `price`.
    pub(crate) fn cost(&self, price: Price) -> f64 {
        (self.tokens_in as f64 * price.input + self.tokens_out as f64 * price.output) / 1e6
    }
}

/// Tokens a request's prompt takes, estimated as a character in four
/// (English text in GPT-like tokenizers; CJK text takes more) plus four a
/// message for the chat template, counting the messages' text and the
/// schema of `response_format`.
fn tokens_in(request: &Value) -> u64 {
    let messages = request["messages"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    let chars: usize = messages
        .iter()
        .map(|m| m["content"].as_str().map_or(0, |c| c.chars().count()))
        .sum::<usize>()
        + request
            .get("response_format")
            .map_or(0, |f| f.to_string().chars().count());
    (chars as u64).div_ceil(4) + 4 * messages.len() as u64
}

/// `$0.0123`: dollars, to four decimals under a dollar.
pub(crate) fn dollars(amount: f64) -> String {
    if amount < 1.0 {
        format!("${amount:.4}")
    } else {
        format!("${amount:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_two_non_negative_numbers() {
        assert_eq!(
            parse_price("0.15,0.60"),
            Ok(Price {
                input: 0.15,
                output: 0.6
            })
        );
        assert_eq!(parse_price(" $3 , $15 ").unwrap().output, 15.0);
        for bad in ["", "1", "1,2,3", "-1,2", "NaN,1", "inf,1", "１,2", "a,b"] {
            assert!(parse_price(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tokens_are_a_quarter_of_the_characters_plus_four_a_message() {
        let request = serde_json::json!({"messages": [
            {"role": "user", "content": "12345678"},
            {"role": "user", "content": "東京東京東"}
        ]});
        assert_eq!(tokens_in(&request), 2 + 2 + 8);
        let estimate = Estimate {
            requests: 1,
            tokens_in: 1_000_000,
            tokens_out: 100_000,
        };
        let cost = estimate.cost(Price {
            input: 0.15,
            output: 0.6,
        });
        assert!((cost - 0.21).abs() < 1e-9);
        assert_eq!(dollars(cost), "$0.2100");
        assert_eq!(dollars(12.345), "$12.35");
    }
}
