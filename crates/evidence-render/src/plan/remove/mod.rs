//! `remove` mode (`unverified = "remove"`): how markers that are taken out
//! go without changing how the page's markdown reads — runs of markers
//! emptied in prose and in table cells (`emptied`, `around`, `cells`), a
//! row or a nested block that would be left with nothing (`row_removal`,
//! `nested`), and the note that says what was removed (`removal_note`).
//! Part of planning a chapter's rendering: each returns its edits to the
//! plan.

pub(super) mod around;
pub(super) mod cells;
mod emptied;
pub(super) mod nested;
pub(super) mod removal_note;
pub(super) mod row_removal;
