//! The claims rules, one file per rule id: what a claim must have (a
//! citation, a figure's source, a label on speculation) to be published.

pub mod numeric_claim;
pub mod policy_claim;
pub mod removal_escalation;
pub mod ungrounded_claim;
pub mod unlabelled_speculation;
