//! The integration tests, one binary: each module was once its own test
//! target (each linking the whole crate). `tests/env_override.rs` stays
//! apart because it sets the process environment, and
//! `tests/zz_skipped_checks.rs` because it must run after this binary.
//! One module: `cargo test --test it golden::`.

mod common;
// The benchmark's book generator, used by `bench_book` and `golden`; at the
// root because examples/bench/bullets.rs names it `crate::book` (so the
// tests of books built by `mdbook-driver` are the module `books`).
#[path = "../../examples/bench/book/mod.rs"]
mod book;

mod accuracy;
mod accuracy_corpus;
mod accuracy_glued;
mod accuracy_properties;
mod action;
mod action_install;
mod bad_input;
mod baseline;
mod bench_book;
mod books;
mod browser;
mod cache;
mod cards;
mod check;
mod contract_rules;
mod contract_tables;
mod disagreement;
mod edge_cases;
mod examples;
mod explain;
mod fetch;
mod fetch_retry;
mod formats;
mod golden;
mod guide;
mod import;
mod import_anthropic;
mod import_bedrock;
mod import_gemini_interactions;
mod import_gemini_offsets;
mod import_mistral;
mod import_perplexity;
mod import_placement;
mod import_record;
mod import_round3;
mod import_round4;
mod import_store;
mod import_streams;
mod import_vendors;
mod import_xai;
mod include_expansion;
mod include_locations;
mod index;
mod injection;
mod install;
mod messages;
mod mistakes;
mod neighbours;
mod numbers_cjk;
mod numeric_sentence;
mod numeric_written;
mod preservation;
mod properties;
mod protocol;
mod provenance;
mod provenance_sign;
mod quality;
mod quote_rule;
mod render_references;
mod review;
mod review_terminal;
mod screenshots;
mod serve_preview;
mod serve_real;
mod subject_names;
mod support_units;
mod suppressions;
mod table_markers;
mod trust_abstain;
mod trust_bidi;
mod trust_cache;
mod trust_cjk;
mod trust_claim_marks;
mod trust_claims_structure;
mod trust_claims_text;
mod trust_error_claims;
mod trust_fuzz;
mod trust_headings;
mod trust_import;
mod trust_modes;
mod trust_page;
mod trust_read;
mod trust_references;
mod trust_removal_note;
mod trust_report;
mod trust_report_target;
mod trust_runs;
mod trust_short_claims;
mod trust_store;
mod trust_streams;
mod trust_template;
mod trust_text;
mod trust_unverified;
mod trust_write;
mod verify;
mod verify_budget;
mod verify_failures;
mod verify_profiles;
mod verify_units;
mod verify_untrusted;
