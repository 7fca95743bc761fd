//! Which cited items disagree: the passages of two items a claim or a
//! chapter cites, compared with the disagreement reading (its passages read
//! once a build, in the build's [`Analyses`]).

use crate::Resolved;
use crate::memo::Analyses;
use evidence_text::disagreement::{
    Disagreement, Found, ItemPassages, Read, compare_claimed, plain,
};

/// The passages of `item`, read on first use and kept in the build's
/// [`Analyses`].
fn passages_of<'a>(analyses: &'a Analyses, item: &Resolved<'_>) -> &'a ItemPassages {
    analyses.of(item).passages.get_or_init(|| {
        let day = item
            .published_at
            .map(|p| p.at.as_second().div_euclid(86_400));
        ItemPassages(
            item.item
                .passages()
                .enumerate()
                .map(|(k, text)| (k, Read::new(&plain(text), day)))
                .filter(|(_, read)| !read.is_empty())
                .collect(),
        )
    })
}

/// The plain text of the `k`th passage of `item`, for a quote (`k` comes
/// from the same item's `passages()`, so it is always there).
fn plain_passage(item: &Resolved<'_>, k: usize) -> Option<String> {
    item.item.passages().nth(k).map(plain)
}

/// How the passages of the cited items `a` and `b` disagree, if they do;
/// `claim` gives the text of a claim citing both, if one does (asked for
/// only when the temporal check needs it). The quotes are `a`'s then `b`'s.
pub(crate) fn between<'c>(
    analyses: &Analyses,
    a: &Resolved<'_>,
    b: &Resolved<'_>,
    claim: impl Fn() -> Option<&'c str>,
) -> Option<Disagreement> {
    let ((k, l), found) = find_between(analyses, a, b, claim)?;
    Some(found.quoted(&plain_passage(a, k)?, &plain_passage(b, l)?))
}

/// [`between`], unquoted: the places of the two passages among their
/// items' and where they disagree.
fn find_between<'c>(
    analyses: &Analyses,
    a: &Resolved<'_>,
    b: &Resolved<'_>,
    claim: impl Fn() -> Option<&'c str>,
) -> Option<((usize, usize), Found)> {
    if a.id == b.id {
        return None;
    }
    let (pa, pb) = (passages_of(analyses, a), passages_of(analyses, b));
    if pa.0.is_empty() || pb.0.is_empty() {
        return None;
    }
    pa.0.iter().find_map(|(k, x)| {
        pb.0.iter()
            .find_map(|(l, y)| compare_claimed(x, y, &claim).map(|found| ((*k, *l), found)))
    })
}

/// Whether a claim (its text `claim`) cites items that disagree: two of
/// `items` (the items its markers resolve to) that the store declares
/// contradicting, or whose passages disagree (`between`). For the
/// disagreement rate of the quality metrics (only its tests call it).
#[cfg(test)]
fn claim_cites_disagreeing(claim: &str, items: &[Resolved<'_>], analyses: &Analyses) -> bool {
    items.iter().enumerate().any(|(i, a)| {
        items[i + 1..].iter().any(|b| {
            a.id != b.id
                && (a.item.contradicts.iter().any(|c| c == b.id)
                    || b.item.contradicts.iter().any(|c| c == a.id)
                    || find_between(analyses, a, b, || Some(claim)).is_some())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_citing_items_that_disagree_is_found_declared_or_detected() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("s.json"),
            r#"{"schema_version":"evidence.v1",
            "sources":[{"source_id":"bls","publisher":"BLS","tier":1}],
            "evidence":[
              {"id":"jan","source_id":"bls","url":"https://bls.gov/a","title":"A","published_at":"2024-02-13T00:00:00Z",
               "quote_span":{"start":0,"end":1,"text":"The unemployment rate was 3.7% in January 2024."}},
              {"id":"wire","source_id":"bls","url":"https://bls.gov/b","title":"B","published_at":"2024-02-13T00:00:00Z",
               "quote_span":{"start":0,"end":1,"text":"The unemployment rate was 3.9% in January 2024."}},
              {"id":"feb","source_id":"bls","url":"https://bls.gov/c","title":"C","published_at":"2024-03-08T00:00:00Z",
               "quote_span":{"start":0,"end":1,"text":"The unemployment rate was 3.9% in February 2024."}},
              {"id":"x","source_id":"bls","url":"https://bls.gov/d","title":"D","published_at":"2024-03-08T00:00:00Z",
               "contradicts":["y"]},
              {"id":"y","source_id":"bls","url":"https://bls.gov/e","title":"E","published_at":"2024-03-08T00:00:00Z"}
            ]}"#,
        )
        .unwrap();
        let store =
            evidence_core::store::load(dir.path(), &[std::path::PathBuf::from("s.json")]).unwrap();
        let config = evidence_core::config::Config::from_value(
            serde_json::json!({"store": "s", "as-of": "2024-04-01T00:00:00Z"}),
        )
        .unwrap();
        let items = |ids: &[&str]| -> Vec<Resolved<'_>> {
            ids.iter()
                .map(|id| crate::resolve_id(id, &store, &config).unwrap())
                .collect()
        };
        let analyses = crate::memo::Analyses::for_store(&store);
        let claim_cites_disagreeing =
            |claim: &str, items: &[Resolved<'_>]| claim_cites_disagreeing(claim, items, &analyses);
        let claim = "Unemployment was under 4%.";
        assert!(claim_cites_disagreeing(claim, &items(&["jan", "wire"])));
        assert!(claim_cites_disagreeing(claim, &items(&["jan", "feb"])));
        assert!(claim_cites_disagreeing(claim, &items(&["y", "x"])));
        assert!(!claim_cites_disagreeing(claim, &items(&["jan"])));
        assert!(!claim_cites_disagreeing(
            "Unemployment was 3.7% in January and 3.9% in February.",
            &items(&["jan", "feb"])
        ));
        assert!(!claim_cites_disagreeing(
            claim,
            &items(&["jan", "x", "jan"])
        ));
    }
}
