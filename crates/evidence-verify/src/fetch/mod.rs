//! Fetching a cited page: one request with the faults real servers have
//! (`http`), the pages grouped by host and run with a progress bar
//! (`pool`), and a page's readable text (`text`).

pub mod http;
pub mod pool;
pub mod text;
