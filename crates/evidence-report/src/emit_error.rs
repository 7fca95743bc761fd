//! Why a run's output could not be written, and which of those failures
//! end a run quietly or are said on stderr only.

use crate::output_file::OutputRefusal;
use evidence_core::safe_write::WriteError;
use std::path::PathBuf;

/// Why a run's output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum EmitError {
    /// stdout, stderr or the step summary cannot be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A machine format cannot be written to stdout.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The validation report may not be written where it is asked.
    #[error("the validation report (`preprocessor.evidence.report`): {0}")]
    Refused(#[from] crate::target::Refusal),
    /// The one safe writer refused the validation report.
    #[error(transparent)]
    Write(#[from] WriteError),
    /// The validation report cannot be written.
    #[error("cannot write the validation report {path}: {source}")]
    Report {
        /// Where it should go.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
}

/// Whether `error` is that the `--output` file may not or cannot be
/// written: the failure is then said on stderr only, never written there.
pub fn is_output_refused(error: &EmitError) -> bool {
    matches!(error, EmitError::Io(e) if e.get_ref().is_some_and(|inner| inner.is::<OutputRefusal>()))
}

/// Whether `error` is only that the reader of stdout or stderr went away
/// (`check … | head -1`): not a failure of the run, so it ends quietly.
pub fn is_closed_pipe(error: &EmitError) -> bool {
    let kind = match error {
        EmitError::Io(e) => Some(e.kind()),
        EmitError::Json(e) => e.io_error_kind(),
        EmitError::Refused(_) | EmitError::Write(_) | EmitError::Report { .. } => None,
    };
    kind == Some(std::io::ErrorKind::BrokenPipe)
}
