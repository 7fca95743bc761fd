//! `mdbook-evidence review`: a person's verdict on a claim and the
//! passages it cites, stored as `verify` stores a model's (a `support.v1`
//! line, checker `human:NAME`, with the time) in the same file. A
//! person's current verdict stands above a model's on the same keys (the
//! store keeps only the people's when there are any), `verify` never asks
//! again about a claim a person judged, and an edited claim or passage
//! makes the verdict stale like any other.

use crate::session::Session;
use crate::verify::verdicts;
use evidence_core::display::stream::inert_line;
use evidence_core::env::Environment;
use evidence_core::store::{Checker, SupportVerdict};
use evidence_verify::prompt::{Answer, one_line};
use evidence_verify::units::{Unit, units};
use std::io::Write;
use std::path::PathBuf;

/// What a person found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReviewVerdict {
    /// The passages state everything the claim says.
    Supported,
    /// They state part of it (stored as `unsupported`, score 0.5).
    Partial,
    /// They do not state it, or contradict it.
    Unsupported,
}

/// The arguments of `review`.
#[derive(Debug, clap::Args)]
pub struct ReviewArgs {
    /// The book's root directory (where book.toml is), or a directory
    /// inside the book.
    #[arg(default_value = ".")]
    pub book_dir: PathBuf,
    /// The claim: its file and line, and its column when several claims
    /// start on that line, as diagnostics and `export-claims` give them
    /// (`src/brief.md:12`, `src/brief.md:12:40`); the file from the book's
    /// root, or as `check BOOK` prints it. Without it (and --verdict),
    /// `review` walks the claims that need a person in the terminal.
    #[arg(long, value_name = "FILE:LINE[:COL]", requires = "verdict")]
    pub at: Option<String>,
    /// What the passages the claim cites say of it.
    #[arg(long, value_enum, requires = "at")]
    pub verdict: Option<ReviewVerdict>,
    /// Who reviewed; git's `user.name` when not given.
    #[arg(long, value_name = "NAME")]
    pub reviewer: Option<String>,
    /// Why, for people (shown in the diagnostic of an unsupported claim).
    /// With --at; in the terminal, `n` types a note.
    #[arg(long, value_name = "TEXT", requires = "at")]
    pub note: Option<String>,
}

impl ReviewVerdict {
    /// The verdict as stored (`partial` is unsupported with score 0.5),
    /// and how messages say it.
    fn stored(self) -> (SupportVerdict, f64, &'static str) {
        match self {
            ReviewVerdict::Supported => (SupportVerdict::Supported, 1.0, "supported"),
            ReviewVerdict::Partial => (SupportVerdict::Unsupported, 0.5, "partially supported"),
            ReviewVerdict::Unsupported => (SupportVerdict::Unsupported, 0.0, "not supported"),
        }
    }

    /// How messages say it: `supported`, `partially supported`, `not
    /// supported`.
    pub(crate) fn said(self) -> &'static str {
        self.stored().2
    }
}

/// The checker a person's verdicts are stored under: `human:NAME`.
pub(super) fn person(name: &str) -> Checker {
    Checker {
        name: format!("human:{name}"),
        version: "1".to_owned(),
    }
}

/// A person's verdict on `unit` as one `support.v1` line (the note made
/// one line of at most 200 characters).
pub(super) fn verdict_line(
    unit: &Unit,
    verdict: ReviewVerdict,
    note: Option<&str>,
    checker: &Checker,
    checked_at: &str,
) -> String {
    let (verdict, score, _) = verdict.stored();
    let answer = Answer {
        verdict,
        score,
        reason: note.map(|n| one_line(n, 200)).filter(|n| !n.is_empty()),
    };
    verdicts::line(unit, &answer, checker, checked_at)
}

/// Runs `review`; returns the exit status: 0 stored (or, interactively,
/// the walk ended or the person quit), 2 not, 130 a signal ended the walk.
/// The book is read in `environment`.
pub fn run(args: &ReviewArgs, environment: &Environment) -> u8 {
    let outcome = match (&args.at, args.verdict) {
        (Some(at), Some(verdict)) => review(args, at, verdict, environment).map(|()| 0),
        _ => crate::verify::review_tui::run(args, environment),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: mdbook-evidence review: {}",
                inert_line(&format!("{err:#}"))
            );
            2
        }
    }
}

fn review(
    args: &ReviewArgs,
    at: &str,
    verdict: ReviewVerdict,
    environment: &Environment,
) -> anyhow::Result<()> {
    let name = reviewer(args)?;
    let (session, book) = Session::read_book(&args.book_dir, environment)?;
    let all = session.all_citations(&book);
    let with_passage = all.iter().filter(|c| !c.passage.is_empty()).cloned();
    let units = units(with_passage.collect(), session.store());
    let here = crate::verify::review_at::claim_at(at, &units, &all, &session, &args.book_dir)?;
    let checker = person(&name);
    let target = verdicts::target(&session).map_err(anyhow::Error::msg)?;
    let checked_at = crate::verify::now();
    let lines: String = here
        .iter()
        .map(|u| verdict_line(u, verdict, args.note.as_deref(), &checker, &checked_at))
        .collect();
    verdicts::append(&session, &target, &lines)?;
    for unit in here {
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            inert_line(&format!(
                "mdbook-evidence review: {}:{}:{}: `{}` {} by the {} of `{}`; verdict added to {}",
                unit.file,
                unit.line,
                unit.column,
                checker.name,
                verdict.said(),
                if unit.cited.len() == 1 {
                    "passage"
                } else {
                    "passages"
                },
                unit.named(),
                target.display()
            ))
        );
    }
    Ok(())
}

/// `--reviewer`, else git's `user.name`: one line, not empty.
pub(super) fn reviewer(args: &ReviewArgs) -> anyhow::Result<String> {
    let given = match &args.reviewer {
        Some(name) => name.clone(),
        None => std::process::Command::new("git")
            .args(["config", "user.name"])
            .current_dir(&args.book_dir)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .unwrap_or_default(),
    };
    let name = one_line(&given, 80);
    if name.is_empty() {
        anyhow::bail!("no reviewer: name yourself with --reviewer NAME (or set git's user.name)");
    }
    Ok(name)
}
