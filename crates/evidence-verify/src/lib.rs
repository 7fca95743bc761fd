//! What mdbook-evidence asks of services, at the edge: the model client
//! that `verify` sends claim–passage pairs to (`client`, `prompt` with
//! its `judge_json` and `granite`, `units`) and the page fetcher of `fetch`
//! (`fetch`). The preprocessor's stages do not depend on it.

#![warn(missing_docs, unreachable_pub)]

pub mod client;
pub mod fetch;
pub mod prompt;
pub mod units;
