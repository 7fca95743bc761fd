//! `fetch --recheck`: each page fetched before is asked for again
//! (conditionally on its `ETag` and `Last-Modified`) and compared with the
//! text stored: gone, or a passage a citation rests on no longer on the
//! page once white space, quotes and case are set aside. The stored text
//! is kept (it is what the claims were judged against); what was found
//! goes in the record's `recheck`, which the next build reports
//! (`source-gone`, `source-changed`). `fetch --all` reads the page anew.

use evidence_core::store::{
    ChangedPassage, FetchStatus, FetchedRecord, Recheck, RecheckOutcome, char_slice,
};
use evidence_text::passage_window::locate;
use evidence_verify::fetch::http::{Body, Failure};
use evidence_verify::fetch::pool::Job;
use evidence_verify::fetch::text::readable_text;
use std::collections::BTreeMap;

/// The pages to ask for again: every record of a page that was read.
pub(crate) fn jobs(records: &BTreeMap<String, FetchedRecord>) -> Vec<Job> {
    records
        .values()
        .filter(|r| r.status == FetchStatus::Fetched && r.text.is_some())
        .map(|r| Job {
            id: r.id.clone(),
            url: r.url.clone(),
            etag: r.etag.clone(),
            last_modified: r.last_modified.clone(),
        })
        .collect()
}

/// What the answer says of `record`'s page now.
pub(crate) fn compare(
    record: &FetchedRecord,
    outcome: Result<Body, Failure>,
    now: &str,
) -> Recheck {
    let mut recheck = Recheck {
        checked_at: now.to_owned(),
        outcome: RecheckOutcome::Unchanged,
        http_status: None,
        detail: String::new(),
        moved_to: None,
        changed: Vec::new(),
    };
    let body = match outcome {
        Err(failure) => {
            recheck.outcome = if failure.status == FetchStatus::Gone {
                RecheckOutcome::Gone
            } else {
                RecheckOutcome::Failed
            };
            recheck.http_status = failure.http_status;
            recheck.detail = failure.detail;
            return recheck;
        }
        Ok(body) => body,
    };
    recheck.http_status = Some(body.http_status);
    if body.final_url != record.url {
        recheck.moved_to = Some(body.final_url.clone());
    }
    if body.http_status == 304 {
        return recheck;
    }
    let page = match readable_text(&body) {
        Ok(page) => page,
        Err((_, detail)) => {
            recheck.outcome = RecheckOutcome::Failed;
            recheck.detail = detail;
            return recheck;
        }
    };
    let stored = record.text.as_deref().unwrap_or_default();
    let on_page = normalize(&page);
    for span in &record.passages {
        let Some(passage) = char_slice(stored, span[0], span[1]) else {
            continue;
        };
        if !on_page.contains(&normalize(passage)) {
            let nearest = locate(passage, &page).map_or("", |range| &page[range]);
            recheck.changed.push(ChangedPassage {
                passage: passage.to_owned(),
                now: nearest.to_owned(),
            });
        }
    }
    if !recheck.changed.is_empty() {
        recheck.outcome = RecheckOutcome::Changed;
    }
    recheck
}

/// Text as passages are compared: white space runs as one space, curly
/// and angled quotes as straight ones, lowercase.
pub(crate) fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split(char::is_whitespace).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars() {
            match c {
                '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' | '\u{2032}' => out.push('\''),
                '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' | '\u{00ab}' | '\u{00bb}'
                | '\u{2033}' => out.push('"'),
                _ => out.extend(c.to_lowercase()),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_space_quotes_and_case_do_not_change_a_passage() {
        assert_eq!(
            normalize("„Die  Preise“\u{a0}STIEGEN\n‚stark‘ «sehr»"),
            normalize("\"die preise\" stiegen 'stark' \"sehr\"")
        );
        assert_ne!(normalize("2,4 Prozent"), normalize("2,5 Prozent"));
    }
}
