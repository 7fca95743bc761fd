//! The tool's name and version, as the binary, reports, manifests and the
//! cache's key give them, wherever the code that names them is compiled.

/// The tool's name: the binary's and the root package's (a test of the
/// root package's `lib.rs` holds them equal).
pub const TOOL_NAME: &str = "mdbook-evidence";
/// The tool's version: every crate of the workspace shares the root
/// package's.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");
