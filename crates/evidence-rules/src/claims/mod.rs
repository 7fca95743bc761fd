//! The claims rules, one file per rule id: what a claim must have (a
//! citation, a figure's source, a label on speculation) to be published.

pub(crate) mod numeric_claim;
pub(crate) mod policy_claim;
pub(crate) mod removal_escalation;
pub mod ungrounded_claim;
pub(crate) mod unlabelled_speculation;
