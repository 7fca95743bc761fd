//! Provenance: the manifest of a whole book that an auditor checks a
//! published site against ([`manifest`], [`audit`], signed with
//! [`sshsig`]). The facts of how a chapter was made and checked, which its
//! disclosure shows, are the renderer's
//! ([`evidence_render::disclosure_facts`]) and are re-exported here.

/// `audit`: a book or a site compared with a manifest.
pub mod audit;
/// The `manifest` and `audit` commands.
pub mod command;
/// `manifest`: what was checked, as deterministic JSON.
pub mod manifest;
/// SSHSIG signatures of a manifest.
pub mod sshsig;
