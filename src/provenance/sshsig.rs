//! Signatures of a manifest in the SSHSIG format that `ssh-keygen -Y sign`
//! writes and git uses (RustCrypto's `ssh-key`), under the namespace
//! `mdbook-evidence`, and their check against an `allowed_signers` file
//! as `ssh-keygen -Y verify` reads it.
//!
//! A private key is read, never written or printed. An encrypted one is
//! decrypted with `MDBOOK_EVIDENCE_KEY_PASSPHRASE` (a prompt cannot be
//! scripted in CI), or refused with the way to give it.

use ssh_key::{HashAlg, LineEnding, PrivateKey, PublicKey, SshSig};
use std::path::Path;

/// The namespace of every signature: a signature made for git or for a
/// file by another tool is not one of a manifest.
pub const NAMESPACE: &str = "mdbook-evidence";

/// The variable an encrypted key's passphrase is read from.
pub const PASSPHRASE_VAR: &str = evidence_core::limits::KEY_PASSPHRASE_VAR;

/// Signs `message` with the OpenSSH private key in `key_file`: the armored
/// signature, as `ssh-keygen -Y sign -n mdbook-evidence` writes it.
pub fn sign(message: &[u8], key_file: &Path) -> anyhow::Result<String> {
    let shown = key_file.display();
    let text = evidence_core::limits::read_text(key_file, evidence_core::limits::Limit::file())
        .map_err(|e| anyhow::anyhow!("cannot read the key {shown}: {}", e.reason()))?;
    if PublicKey::from_openssh(text.trim()).is_ok() {
        let private = key_file
            .to_str()
            .and_then(|p| p.strip_suffix(".pub"))
            .map(|p| format!(" ({p}, beside it, if ssh-keygen made it)"))
            .unwrap_or_default();
        anyhow::bail!(
            "{shown} is a public key; give the private key{private} to --sign, and the public one to the auditors' allowed_signers"
        );
    }
    // The parser's message never holds the key's bytes.
    let mut key = PrivateKey::from_openssh(text.as_bytes()).map_err(|e| {
        // ssh-key 0.6 refuses an ECDSA key whose private number starts
        // with a zero byte (one key in 256) as "length invalid".
        let ecdsa = if text.contains("BEGIN OPENSSH PRIVATE KEY") && e.to_string().contains("length") {
            "; if it is an ECDSA key, it may be one of the one in 256 whose private number starts with a zero byte, which this build cannot read: make another key, or an ed25519 one"
        } else {
            ""
        };
        anyhow::anyhow!(
            "{shown} is not an OpenSSH private key ({e}){ecdsa}; pass the private key file `ssh-keygen` made (e.g. ~/.ssh/id_ed25519), not the .pub"
        )
    })?;
    drop(text);
    if key.is_encrypted() {
        let Some(passphrase) = std::env::var_os(PASSPHRASE_VAR) else {
            anyhow::bail!(
                "the key {shown} is encrypted; give its passphrase in {PASSPHRASE_VAR} (from your CI's secrets), or sign with a key made for signing"
            );
        };
        let passphrase = passphrase.into_encoded_bytes();
        key = key.decrypt(&passphrase).map_err(|_| {
            anyhow::anyhow!(
                "cannot decrypt the key {shown}: {PASSPHRASE_VAR} is not its passphrase"
            )
        })?;
    }
    // ssh-key 0.6.7 rebuilds an RSA key from p twice (not p and q), so no
    // RSA key can sign: said plainly rather than as "cryptographic error".
    // Signatures an RSA key made (`ssh-keygen -Y sign`) still verify.
    if key.algorithm().is_rsa() {
        anyhow::bail!(
            "the key {shown} is an RSA key, which cannot sign here; sign with an ed25519 or ECDSA key (`ssh-keygen -t ed25519`)"
        );
    }
    let signature = key
        .sign(NAMESPACE, HashAlg::Sha512, message)
        .map_err(|e| anyhow::anyhow!("cannot sign with the key {shown}: {e}"))?;
    signature
        .to_pem(LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("cannot write the signature: {e}"))
}

/// One line of an `allowed_signers` file: who, and their key.
#[derive(Debug)]
struct Signer {
    principals: String,
    namespaces: Option<Vec<String>>,
    key: PublicKey,
}

/// Checks the armored `signature` of `message` against `allowed_signers`
/// (the file's text, named `file` in messages): the principals of the
/// line whose key made it, or why it is refused.
pub fn verify(
    message: &[u8],
    signature: &str,
    allowed_signers: &str,
    file: &Path,
) -> anyhow::Result<String> {
    let signature = SshSig::from_pem(signature.trim()).map_err(|e| {
        anyhow::anyhow!(
            "the signature is not an SSH signature ({e}); it is made by `manifest --sign` or `ssh-keygen -Y sign -n {NAMESPACE}`"
        )
    })?;
    if signature.namespace() != NAMESPACE {
        anyhow::bail!(
            "the signature is for {:?}, not {NAMESPACE:?}: it was not made for a manifest",
            evidence_core::display::stream::inert_line(signature.namespace())
        );
    }
    let signers = allowed(allowed_signers, file)?;
    let Some(signer) = signers
        .iter()
        .find(|s| s.key.key_data() == signature.public_key())
    else {
        anyhow::bail!(
            "the signature was made by a key that {} does not list",
            file.display()
        );
    };
    if let Some(namespaces) = &signer.namespaces
        && !namespaces.iter().any(|n| n == NAMESPACE)
    {
        anyhow::bail!(
            "{} allows the key of {} for other namespaces only (namespaces=\"{}\")",
            file.display(),
            evidence_core::display::stream::inert_line(&signer.principals),
            evidence_core::display::stream::inert_line(&namespaces.join(","))
        );
    }
    signer
        .key
        .verify(NAMESPACE, message, &signature)
        .map_err(|_| {
            anyhow::anyhow!("the signature does not match the manifest: one of them was changed")
        })?;
    Ok(signer.principals.clone())
}

/// The signers of an `allowed_signers` file: `principals [options] key`
/// per line, `#` comments and blank lines skipped.
fn allowed(text: &str, file: &Path) -> anyhow::Result<Vec<Signer>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = fields(line);
        let bad = |what: &str| {
            anyhow::anyhow!(
                "{}:{}: {what}; a line is `PRINCIPALS [OPTIONS] KEYTYPE KEY`, e.g. `ci@example.org namespaces=\"mdbook-evidence\" ssh-ed25519 AAAA…`",
                file.display(),
                n + 1
            )
        };
        let [principals, rest @ ..] = fields.as_slice() else {
            return Err(bad("the line is empty"));
        };
        let (options, key) = match rest {
            [kind, data, ..] if is_key_type(kind) => (None, format!("{kind} {data}")),
            [options, kind, data, ..] if is_key_type(kind) => {
                (Some(options.as_str()), format!("{kind} {data}"))
            }
            _ => return Err(bad("no key follows the principals")),
        };
        let key = PublicKey::from_openssh(&key).map_err(|_| bad("the key does not parse"))?;
        let mut namespaces = None;
        for option in options.map(options_of).unwrap_or_default() {
            let (name, value) = option.split_once('=').unwrap_or((&option, ""));
            match name.to_ascii_lowercase().as_str() {
                "namespaces" => {
                    namespaces = Some(
                        value
                            .trim_matches('"')
                            .split(',')
                            .map(str::to_owned)
                            .collect(),
                    );
                }
                "cert-authority" => {
                    return Err(bad(
                        "certificate authorities are not supported; list the signing key itself",
                    ));
                }
                _ => {}
            }
        }
        out.push(Signer {
            principals: (*principals).clone(),
            namespaces,
            key,
        });
    }
    Ok(out)
}

/// The options of a line, split at commas outside double quotes
/// (`namespaces="git,mdbook-evidence",valid-after="20260101"`).
fn options_of(options: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    for c in options.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
    }
    out
}

/// Whether a field names an SSH key type.
fn is_key_type(field: &str) -> bool {
    field.starts_with("ssh-") || field.starts_with("ecdsa-sha2-") || field.starts_with("sk-")
}

/// A line's fields, split at spaces outside double quotes.
fn fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                field.push(c);
            }
            c if c.is_whitespace() && !quoted => {
                if !field.is_empty() {
                    out.push(std::mem::take(&mut field));
                }
            }
            c => field.push(c),
        }
    }
    if !field.is_empty() {
        out.push(field);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str =
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBdWi2YAN8BUjlaD8dJDtPxb4JBkfDEbj51fHLPSk9Lh";

    #[test]
    fn allowed_signers_lines_are_read_as_ssh_keygen_reads_them() {
        let text = format!(
            "# comment\n\nci@example.org,ops@example.org namespaces=\"git,mdbook-evidence\",valid-after=\"20260101\" {KEY} a comment\n*@example.org {KEY}\n"
        );
        let signers = allowed(&text, Path::new("allowed_signers")).unwrap();
        assert_eq!(signers.len(), 2);
        assert_eq!(signers[0].principals, "ci@example.org,ops@example.org");
        assert_eq!(
            signers[0].namespaces.as_deref(),
            Some(&["git".to_owned(), "mdbook-evidence".to_owned()][..])
        );
        assert!(signers[1].namespaces.is_none());
        for bad in [
            "ci@example.org".to_owned(),
            "ci@example.org ssh-ed25519 not-base64".to_owned(),
            format!("ci@example.org cert-authority {KEY}"),
        ] {
            let err = allowed(&bad, Path::new("allowed_signers")).unwrap_err();
            assert!(err.to_string().starts_with("allowed_signers:1: "), "{err}");
        }
    }

    #[test]
    fn a_signature_that_is_no_signature_is_refused() {
        let signers = format!("ci@example.org {KEY}\n");
        let file = Path::new("allowed_signers");
        for bad in [
            "",
            "-----BEGIN SSH SIGNATURE-----\n!!\n-----END SSH SIGNATURE-----",
            "日本語",
        ] {
            assert!(verify(b"x", bad, &signers, file).is_err());
        }
    }
}
