pub mod numeric_claim;
pub mod policy_claim;
pub mod removal_escalation;
pub mod ungrounded_claim;
pub mod unlabelled_speculation;
