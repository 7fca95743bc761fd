//! The output formats of `check`.

/// How `check` prints what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics on stderr.
    Human,
    /// The validation report (`evidence-report.v1`) on stdout.
    Json,
    /// SARIF 2.1.0 on stdout, for code-scanning upload.
    Sarif,
    /// GitHub Actions annotations on stdout, and a table in
    /// `$GITHUB_STEP_SUMMARY` when it is set.
    Github,
}
