//! Stores more than one test file uses, named for what they hold. A test
//! whose store differs in any byte keeps its own beside it: store text
//! reaches diagnostics (ids, titles, positions), so a fixture is shared only
//! where it is identical.

/// A store with one item of every kind the rules care about.
pub const STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1, "tags": ["policy_centralbank"]},
    {"source_id": "reuters", "publisher": "Reuters", "tier": 2},
    {"source_id": "ft", "publisher": "Financial Times", "tier": 2, "paywall_policy": "metadata_only"},
    {"source_id": "zh", "publisher": "Zero Hedge", "tier": 4}
  ],
  "evidence": [
    {"id": "ev_fomc", "source_id": "fed", "doc_id": "d1", "chunk_id": "c1",
     "url": "https://www.federalreserve.gov/newsevents/pressreleases/monetary20260210a.htm",
     "title": "FOMC Statement - February 2026", "published_at": "2026-02-10T19:00:00Z",
     "fetched_at": "2026-02-11T02:15:00Z"},
    {"id": "ev_reuters", "source_id": "reuters", "url": "https://www.reuters.com/markets/fed-holds",
     "title": "Fed holds rates steady", "published_at": "2026-02-10T20:00:00Z"},
    {"id": "ev_ft", "source_id": "ft", "url": "https://www.ft.com/content/abc",
     "title": "Is the Fed over-tightening?", "published_at": "2026-02-09T08:00:00Z",
     "snippet_span": {"text": "Economists debate"}},
    {"id": "ev_zh", "source_id": "zh", "url": "https://www.zerohedge.com/markets/deflation",
     "title": "Deflation warnings ignored", "published_at": "2026-02-11T06:00:00Z"},
    {"id": "ev_deleted", "source_id": "reuters", "url": "https://www.reuters.com/x", "title": "Gone",
     "published_at": "2026-02-01T00:00:00Z", "status": "deleted"},
    {"id": "ev_invalid", "source_id": "reuters", "url": "https://www.reuters.com/y", "title": "Bad",
     "published_at": "2026-02-01T00:00:00Z", "status": "invalid"},
    {"id": "ev_expired", "source_id": "reuters", "url": "https://www.reuters.com/z", "title": "Old",
     "published_at": "2025-12-01T00:00:00Z", "expires_at": "2026-01-01T00:00:00Z"},
    {"id": "ev_nodate", "source_id": "reuters", "url": "https://www.reuters.com/w", "title": "Undated"},
    {"id": "ev_stranger", "source_id": "blog", "url": "https://blog.example/p", "title": "Blog",
     "published_at": "2026-02-01T00:00:00Z"},
    {"id": "ev_js", "source_id": "reuters", "url": "javascript:alert(1)", "title": "Script",
     "published_at": "2026-02-01T00:00:00Z"}
  ],
  "chapters": {
    "brief.md": ["ev_fomc", "ev_reuters", "ev_ft", "ev_zh"]
  }
}"#;

/// A store whose text tries to inject markup, and a paywalled item that
/// (wrongly) carries a quote.
pub const HOSTILE_STORE: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [
    {"source_id": "evil", "publisher": "<script>alert(\"pub\")</script> & Co's", "tier": 4},
    {"source_id": "ft", "publisher": "Financial Times", "tier": 2, "paywall_policy": "metadata_only"},
    {"source_id": "fed", "publisher": "Federal Reserve", "tier": 1}
  ],
  "evidence": [
    {"id": "ev_evil", "source_id": "evil", "url": "https://evil.example/a?x=1&y=\"2\"",
     "title": "Title \"quoted\" <img src=x onerror=alert(1)> | `tick`", "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "</a><script>alert('quote')</script>\nnext line"}},
    {"id": "ev_ft", "source_id": "ft", "url": "https://www.ft.com/content/abc",
     "title": "Is the Fed over-tightening?", "published_at": "2026-02-09T08:00:00Z",
     "quote_span": {"text": "SECRET PAYWALLED QUOTE"},
     "snippet_span": {"text": "Economists debate whether the Fed went too far"}},
    {"id": "ev_fomc", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "title": "FOMC Statement", "published_at": "2026-02-10T19:00:00Z",
     "quote_span": {"text": "The Committee decided to maintain the target range"}}
  ]
}"#;

/// One Federal Reserve statement (`fed_stmt`), tier 1, with no passage.
pub const FED_STATEMENT: &str = r#"{
  "schema_version": "evidence.v1",
  "sources": [{"source_id": "fed", "publisher": "Federal Reserve", "tier": 1}],
  "evidence": [
    {"id": "fed_stmt", "source_id": "fed", "url": "https://www.federalreserve.gov/a.htm",
     "title": "FOMC Statement", "published_at": "2026-02-10T19:00:00Z"}
  ]
}"#;
