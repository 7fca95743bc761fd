//! The `manifest` and `audit` commands: their arguments, what they print
//! and their exit statuses.

use crate::provenance::{audit, manifest, sshsig};
use evidence_core::display::stream::inert_line;
use evidence_core::env::Environment;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// `mdbook-evidence manifest`.
#[derive(Debug, clap::Args)]
pub struct ManifestArgs {
    /// The book's root directory (where book.toml is), or a directory
    /// inside the book.
    #[arg(default_value = ".")]
    pub book_dir: PathBuf,
    /// Write the manifest to FILE instead of stdout (never through a
    /// symlink, nor over the book's inputs).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Sign the manifest with this OpenSSH private key and write the
    /// signature to FILE.sig (SSHSIG, namespace `mdbook-evidence`, as
    /// `ssh-keygen -Y sign` writes it). An encrypted key's passphrase is
    /// read from MDBOOK_EVIDENCE_KEY_PASSPHRASE.
    #[arg(long, value_name = "KEY", requires = "output")]
    pub sign: Option<PathBuf>,
    /// The built site to describe too (default: the book's build
    /// directory, when it holds a build).
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,
}

/// `mdbook-evidence audit`.
#[derive(Debug, clap::Args)]
pub struct AuditArgs {
    /// The manifest (`manifest --output`).
    pub manifest: PathBuf,
    /// The book's root directory, or a built site (a directory without
    /// book.toml: its files are compared).
    #[arg(default_value = ".")]
    pub book: PathBuf,
    /// Check MANIFEST.sig against this allowed_signers file (the format
    /// of `ssh-keygen -Y verify`) first.
    #[arg(long, value_name = "ALLOWED_SIGNERS")]
    pub verify: Option<PathBuf>,
    /// The signature, when it is not MANIFEST.sig.
    #[arg(long, value_name = "FILE", requires = "verify")]
    pub signature: Option<PathBuf>,
}

/// Says `message` as an error of `command` on stderr.
fn error(command: &str, message: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "error: mdbook-evidence {command}: {}",
        inert_line(message)
    );
}

/// `path` with `.sig` added (`manifest.json.sig`).
fn signature_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".sig");
    PathBuf::from(name)
}

/// Runs `manifest` on the book read in `environment`: 0 written, 2 it
/// could not be made, signed or written.
pub fn run_manifest(args: &ManifestArgs, environment: &Environment) -> u8 {
    match write_manifest(args, environment) {
        Ok(()) => 0,
        Err(err) => {
            error("manifest", &format!("{err:#}"));
            2
        }
    }
}

/// Makes the manifest, signs it, and writes both (or prints it).
fn write_manifest(args: &ManifestArgs, environment: &Environment) -> anyhow::Result<()> {
    // A manifest written into the site (and its signature) is no page of it.
    let own: Vec<PathBuf> = args
        .output
        .iter()
        .flat_map(|o| [o.clone(), signature_path(o)])
        .collect();
    let value = manifest::manifest(&args.book_dir, args.site.as_deref(), &own, environment)?;
    let text = manifest::to_text(&value);
    let Some(output) = &args.output else {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(text.as_bytes())?;
        return Ok(stdout.flush()?);
    };
    let signature = match &args.sign {
        Some(key) => Some(sshsig::sign(text.as_bytes(), key)?),
        None => None,
    };
    let dir = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let mut writer = evidence_core::safe_write::SafeWriter::new(&dir)?;
    let root = crate::session::book_root(&args.book_dir).unwrap_or_else(|| args.book_dir.clone());
    writer.protect(&root.join("book.toml"), "the book's book.toml");
    writer.protect(&root.join("src"), "the book's source directory");
    writer.protect(&root.join("theme"), "the book's theme directory");
    // The store files the manifest describes (relative to the root, `/`).
    for store in value["stores"].as_array().into_iter().flatten() {
        if let Some(path) = store["path"].as_str() {
            writer.protect(&root.join(path), "a store file of the book");
        }
    }
    if let Some(key) = &args.sign {
        writer.protect(key, "the signing key");
    }
    let sig_path = signature_path(output);
    match &signature {
        Some(sig) => writer.write_all(&[
            (output.as_path(), text.as_bytes()),
            (sig_path.as_path(), sig.as_bytes()),
        ])?,
        None => writer.write(output, text.as_bytes())?,
    }
    let chapters = value["chapters"].as_array().map_or(0, Vec::len);
    let mut said = format!(
        "mdbook-evidence: manifest of {} written to {}",
        evidence_core::display::counted(chapters, "chapter", "chapters"),
        output.display()
    );
    if signature.is_some() {
        said.push_str(&format!(", signed in {}", sig_path.display()));
    }
    let _ = writeln!(std::io::stderr(), "{}", inert_line(&said));
    Ok(())
}

/// Runs `audit`: 0 the book (or site) is the one described (and the
/// signature, when asked, is good), 1 it differs or the signature is
/// refused, 2 the audit could not run. The book is read in `environment`.
pub fn run_audit(args: &AuditArgs, environment: &Environment) -> u8 {
    let read = |path: &Path| {
        manifest::read(path).and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|_| anyhow::anyhow!("{} is not UTF-8 text", path.display()))
        })
    };
    let text = match read(&args.manifest) {
        Ok(text) => text,
        Err(err) => {
            error("audit", &format!("{err:#}"));
            return 2;
        }
    };
    let beside = signature_path(&args.manifest);
    let unchecked = args.verify.is_none() && beside.is_file();
    if unchecked {
        // Warned, not refused: the comparison still tells whether the
        // book matches, but not that the manifest is the one signed.
        let _ = writeln!(
            std::io::stderr(),
            "warning: mdbook-evidence audit: a signature {} is beside the manifest and was not checked: pass --verify ALLOWED_SIGNERS to check that the manifest is the one signed",
            inert_line(&beside.display().to_string())
        );
    }
    if let Some(allowed) = &args.verify {
        let sig_path = args
            .signature
            .clone()
            .unwrap_or_else(|| signature_path(&args.manifest));
        let (signature, signers) = match (read(&sig_path), read(allowed)) {
            (Ok(s), Ok(a)) => (s, a),
            (Err(err), _) | (_, Err(err)) => {
                error("audit", &format!("{err:#}"));
                return 2;
            }
        };
        match sshsig::verify(text.as_bytes(), &signature, &signers, allowed) {
            Ok(principals) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "mdbook-evidence: good signature of the manifest by {}",
                    inert_line(&principals)
                );
            }
            Err(err) => {
                error("audit", &format!("{err:#}"));
                return 1;
            }
        }
    }
    let own = [
        args.manifest.clone(),
        args.signature
            .clone()
            .unwrap_or_else(|| signature_path(&args.manifest)),
    ];
    match audit::audit(&text, &args.book, &own, environment) {
        Ok((differences, what)) if differences.is_empty() => {
            let _ = writeln!(
                std::io::stderr(),
                "mdbook-evidence: {} is the {what} the manifest describes{}",
                inert_line(&args.book.display().to_string()),
                if unchecked {
                    " (the manifest's signature was not checked)"
                } else {
                    ""
                }
            );
            0
        }
        Ok((differences, what)) => {
            let mut out = String::new();
            for line in &differences {
                out.push_str(&inert_line(line));
                out.push('\n');
            }
            let _ = std::io::stdout().write_all(out.as_bytes());
            let _ = writeln!(
                std::io::stderr(),
                "mdbook-evidence: the {what} differs from the manifest: {}",
                evidence_core::display::counted(differences.len(), "difference", "differences")
            );
            1
        }
        Err(err) => {
            error("audit", &format!("{err:#}"));
            2
        }
    }
}
