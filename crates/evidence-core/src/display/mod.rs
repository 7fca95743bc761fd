//! How the tool writes text: the plural wording of its summary lines and
//! [`stream`], how text from an input is made inert on an output stream.
//! Shared by every stage that prints (report, render's disclosure, the
//! commands), so it sits below them all.

pub mod stream;

/// `one` or `many`, as `n` asks.
pub fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// `n` and the noun it counts (`1 citation`, `2 citations`), for the
/// commands' summary lines, which never write `citation(s)`.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", plural(n, one, many))
}
