pub mod client;
pub mod fetch;
pub mod granite;
pub mod judge_json;
pub mod prompt;
pub mod units;
