//! The repository's GitHub Action (`action.yml`): its verify and check
//! steps, run as
//! the runner runs it (bash, the inputs in the environment, outputs to
//! `$GITHUB_OUTPUT`) with this build's binary on the `PATH`, on the example
//! books; and every input documented in the guide's CI recipes. The YAML
//! itself is linted against its schema by `.ci/lint-workflows`.

mod common;
mod verify_common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn action() -> String {
    std::fs::read_to_string(repo().join("action.yml")).expect("action.yml")
}

/// The `run: |` script of the step whose `id` is `id`.
fn step_script(action: &str, id: &str) -> String {
    let lines: Vec<&str> = action.lines().collect();
    let step = lines
        .iter()
        .position(|l| l.trim() == format!("- id: {id}"))
        .expect("the step");
    let run = step
        + lines[step..]
            .iter()
            .position(|l| l.trim() == "run: |")
            .expect("its script");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let body_indent = indent(lines[run]) + 2;
    lines[run + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) >= body_indent)
        .map(|l| l.get(body_indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One "now" for every run of this test binary, in seconds: a message
/// that states the time it was checked at (`expired … as of …`) is the
/// same in a baseline and in the run compared with it, however long the
/// runs take.
fn now() -> String {
    static NOW: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NOW.get_or_init(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("the clock is after 1970")
            .as_secs()
            .to_string()
    })
    .clone()
}

/// Runs the check step on `book` with `deny` and `sarif`: its exit status,
/// its `$GITHUB_OUTPUT` and its stdout.
fn check_step(book: &Path, deny: &str, sarif: &str, baseline: &str) -> (i32, String, String) {
    let (code, output, stdout, _) = check_step_in(&repo(), book, deny, sarif, baseline);
    (code, output, stdout)
}

/// Runs the check step in the checkout `dir`: its exit status, its
/// `$GITHUB_OUTPUT`, its stdout and its stderr.
fn check_step_in(
    checkout: &Path,
    book: &Path,
    deny: &str,
    sarif: &str,
    baseline: &str,
) -> (i32, String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("github-output");
    std::fs::write(&output, "").unwrap();
    let bin_dir = common::binary().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = Command::new("bash")
        .args(["-e", "-c", &step_script(&action(), "check")])
        .current_dir(checkout)
        .env("PATH", path)
        .env("BOOK", book)
        .env("DENY", deny)
        .env("SARIF", sarif)
        .env("BASELINE", baseline)
        .env("GITHUB_OUTPUT", &output)
        .env("GITHUB_ACTIONS", "true")
        .env("SOURCE_DATE_EPOCH", now())
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .expect("bash runs");
    (
        run.status.code().unwrap_or(-1),
        std::fs::read_to_string(&output).unwrap(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

#[test]
fn the_check_step_passes_a_clean_book_and_fails_a_failing_one() {
    let (code, output, _) = check_step(Path::new("book-example/report"), "", "", "");
    assert_eq!((code, output.as_str()), (0, "status=0\n"));

    // Outside the checkout, in a directory of the runner's (as
    // `${{ runner.temp }}/evidence.sarif`).
    let dir = tempfile::tempdir().unwrap();
    let sarif = dir.path().join("証拠 evidence.sarif");
    let (code, output, stdout) = check_step(
        Path::new("book-example/failing"),
        "warnings, removals",
        sarif.to_str().unwrap(),
        "",
    );
    assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stdout}");
    assert!(
        stdout.contains("::error file=book-example/failing/src/"),
        "{stdout}"
    );
    let log: serde_json::Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
    assert_eq!(log["version"], "2.1.0");
    assert!(!log["runs"][0]["results"].as_array().unwrap().is_empty());

    // With its own report as the baseline, the failing book's debt is
    // known: the step passes and the SARIF holds no result.
    let json = std::process::Command::new(common::binary())
        .args(["check", "book-example/failing", "--format", "json"])
        .current_dir(repo())
        .env_remove("GITHUB_ACTIONS")
        .env("SOURCE_DATE_EPOCH", now())
        .output()
        .unwrap();
    let baseline = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(baseline.path(), &json.stdout).unwrap();
    let (code, output, stdout) = check_step(
        Path::new("book-example/failing"),
        "",
        sarif.to_str().unwrap(),
        baseline.path().to_str().unwrap(),
    );
    assert_eq!((code, output.as_str()), (0, "status=0\n"), "{stdout}");
    let log: serde_json::Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
    assert!(log["runs"][0]["results"].as_array().unwrap().is_empty());
}

#[test]
fn a_check_that_cannot_run_writes_no_sarif_and_an_unknown_deny_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let sarif = dir.path().join("evidence.sarif");
    let (code, output, _) = check_step(
        Path::new("does/not/exist 東京"),
        "",
        sarif.to_str().unwrap(),
        "",
    );
    assert_eq!((code, output.as_str()), (2, "status=2\n"));
    assert!(!sarif.exists());

    let (code, _, stdout) = check_step(Path::new("book-example/report"), "warning", "", "");
    assert_eq!(code, 2);
    assert!(stdout.contains("unknown `deny` value"), "{stdout}");
}

#[test]
fn every_input_of_the_action_is_in_the_guide() {
    let action = action();
    let guide = std::fs::read_to_string(repo().join("guide/src/ci.md")).unwrap();
    let inputs: Vec<&str> = action
        .split("\ninputs:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && l.ends_with(':'))
        .map(|l| l.trim().trim_end_matches(':'))
        .collect();
    assert_eq!(
        inputs,
        [
            "book",
            "version",
            "deny",
            "baseline",
            "sarif",
            "verify-api-base",
            "verify-model",
            "verify-profile",
            "verify-api-key",
            "verify-max-requests",
            "require-support"
        ]
    );
    for input in inputs {
        assert!(guide.contains(&format!("| `{input}` |")), "{input}");
    }
}

/// A failing book as a pull request's checkout: the book at its root, a
/// `.git/config` the SARIF must never replace.
fn checkout() -> common::TestBook {
    let book = common::TestBook::new(
        "",
        &[(
            "東京.md",
            "# 東京\n\nStocks crashed in 東京\u{3000}today, traders said.\n",
        )],
    );
    std::fs::create_dir_all(book.root().join(".git")).unwrap();
    std::fs::write(book.root().join(".git/config"), GIT_CONFIG).unwrap();
    book
}

const GIT_CONFIG: &str = "[core]\n\tbare = false\n";

#[test]
fn the_sarif_never_goes_through_a_link_the_pull_request_commits() {
    use std::os::unix::fs::symlink;
    let book = checkout();
    let root = book.root();
    std::fs::create_dir(root.join("out")).unwrap();
    std::fs::write(root.join("notes.sarif"), "{\"runs\": []}\n").unwrap();
    symlink(".git", root.join("git\u{200f}")).unwrap();
    for (name, link) in [
        ("evidence.sarif", Some(".git/config")),
        ("東京\u{a0}.sarif", Some(".git/config")),
        ("out/😀.sarif", Some("../.git/config")),
        ("dangling.sarif", Some(".git/new.sarif")),
        ("outside.sarif", Some("/tmp/mdbook-evidence-outside.sarif")),
        ("git\u{200f}/x.sarif", None),
        (".git/x.sarif", None),
        ("\u{200c}.github/x.sarif", None),
        ("book.toml", None),
        ("notes.sarif", None),
        ("src/東京.md", None),
        ("src/東京 new.sarif", None),
        ("theme/evidence/x.sarif", None),
        ("evidence/store.json", None),
    ] {
        if let Some(link) = link {
            symlink(link, root.join(name)).unwrap();
        }
        let (code, output, _, stderr) = check_step_in(root, Path::new("."), "", name, "");
        assert_eq!(
            (code, output.as_str()),
            (2, "status=2\n"),
            "{name}: {stderr}"
        );
        assert!(stderr.contains("--output"), "{name}: {stderr}");
        assert_eq!(
            std::fs::read_to_string(root.join(".git/config")).unwrap(),
            GIT_CONFIG,
            "{name}"
        );
        let entries: Vec<_> = std::fs::read_dir(root.join(".git")).unwrap().collect();
        assert_eq!(entries.len(), 1, "{name}: nothing new in .git");
        if link.is_some() {
            assert!(root.join(name).is_symlink(), "{name}: the link stays");
        }
    }
    assert!(!Path::new("/tmp/mdbook-evidence-outside.sarif").exists());
    assert_eq!(
        std::fs::read_to_string(root.join("notes.sarif")).unwrap(),
        "{\"runs\": []}\n"
    );
    assert!(book.build().is_err(), "the book's files are as they were");

    // A new file, then the same file again (an earlier SARIF of ours).
    for _ in 0..2 {
        let (code, output, _, stderr) =
            check_step_in(root, Path::new("."), "", "reports/東京 evidence.sarif", "");
        assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stderr}");
        let log: serde_json::Value = serde_json::from_slice(
            &std::fs::read(root.join("reports/東京 evidence.sarif")).unwrap(),
        )
        .unwrap();
        assert_eq!(log["runs"][0]["tool"]["driver"]["name"], "mdbook-evidence");
    }
}

#[test]
fn check_output_takes_only_the_machine_formats_and_their_names() {
    let book = checkout();
    let root = book.root();
    for (args, says) in [
        (&["--format", "human"][..], "machine formats"),
        (&["--format", "github"][..], "machine formats"),
        (
            &["--format", "sarif"][..],
            "does not end in `.sarif` or `.json`",
        ),
    ] {
        let mut all = vec!["."];
        all.extend_from_slice(args);
        all.extend(["--output", "東京.txt"]);
        let (code, stdout, stderr) = common::check_in(root, &all, &[]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(!root.join("東京.txt").exists());
    // JSON, as the report would be; a check that cannot run writes its
    // error there too, over the earlier output.
    let (code, stdout, stderr) =
        common::check_in(root, &[".", "--format", "json", "--output", "r.json"], &[]);
    assert_eq!((code, stdout.as_str()), (1, ""), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("r.json")).unwrap()).unwrap();
    assert_eq!(report["schema_version"], "evidence-report.v1");
    std::fs::write(root.join("book.toml"), "[book\n").unwrap();
    let (code, stdout, _) =
        common::check_in(root, &[".", "--format", "json", "--output", "r.json"], &[]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    let error: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("r.json")).unwrap()).unwrap();
    assert_eq!(error["schema_version"], "evidence-error.v1");
}

#[test]
fn the_action_writes_no_file_with_the_shell() {
    // Only the runner's own $GITHUB_OUTPUT, outside the checkout, is
    // appended to; everything else goes through `check
    // --output` (and the release's download, to a new directory under
    // $RUNNER_TEMP, through curl's --output).
    for (at, line) in action().lines().enumerate() {
        let code = line.split(" #").next().unwrap_or("").trim_start();
        if code.starts_with('#') {
            continue;
        }
        let rest = code.replace(">> \"$GITHUB_OUTPUT\"", "");
        assert!(
            !rest.contains('>') && !rest.contains("tee "),
            "action.yml:{}: {line}",
            at + 1
        );
    }
    assert!(action().contains("--output \"$SARIF\""));
}

/// Runs step `id` in `checkout` as the runner would, with `env` (the
/// step's inputs): its exit status, its `$GITHUB_OUTPUT`, its stdout and
/// stderr.
fn step(id: &str, checkout: &Path, env: &[(&str, &str)]) -> (i32, String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("github-output");
    std::fs::write(&output, "").unwrap();
    let bin_dir = common::binary().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = Command::new("bash")
        .args(["-e", "-c", &step_script(&action(), id)])
        .current_dir(checkout)
        .env("PATH", path)
        .env("GITHUB_OUTPUT", &output)
        .env("GITHUB_ACTIONS", "true")
        .env_remove("SOURCE_DATE_EPOCH")
        .env_remove("GITHUB_STEP_SUMMARY")
        .env_remove("OPENAI_API_KEY")
        .env_remove("HTTP_PROXY")
        .env_remove("http_proxy")
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    (
        run.status.code().unwrap_or(-1),
        std::fs::read_to_string(&output).unwrap(),
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

#[test]
fn the_verify_step_stores_verdicts_that_the_check_step_enforces() {
    let book = verify_common::book();
    let server = verify_common::ChatServer::start(|r, _| {
        let answer = if r.claim.contains("fell") {
            r#"{"verdict":"unsupported","quote":"","reason":"It rose."}"#
        } else {
            r#"{"verdict":"supported","quote":"increased","reason":"Stated."}"#
        };
        verify_common::Reply::answer(answer)
    });
    // A secret pasted with its line break: trimmed.
    let key = "sk-test-0123456789abcdef";
    let pasted = format!("{key}\n");
    let inputs = [
        ("BOOK", "."),
        ("API_BASE", server.base.as_str()),
        ("MODEL", "gpt-4o-mini"),
        ("PROFILE", "judge-json"),
        ("MAX_REQUESTS", ""),
        ("EVIDENCE_VERIFY_KEY", pasted.as_str()),
    ];
    let (code, output, stdout, stderr) = step("verify", book.root(), &inputs);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(output, "status=0\n");
    assert!(!stdout.contains(key) && !stderr.contains(key));
    let requests = server.requests();
    assert_eq!(requests.len(), 2, "{stdout}{stderr}");
    let auth = requests[0]
        .headers
        .iter()
        .find(|(n, _)| n == "authorization");
    assert_eq!(
        auth.map(|(_, v)| v.as_str()),
        Some(format!("Bearer {key}").as_str())
    );
    assert_eq!(verify_common::stored(&book).len(), 2);

    let check = |require: &str| {
        step(
            "check",
            book.root(),
            &[
                ("BOOK", "."),
                ("DENY", ""),
                ("SARIF", ""),
                ("BASELINE", ""),
                ("REQUIRE_SUPPORT", require),
            ],
        )
    };
    let (code, output, stdout, _) = check("false");
    assert_eq!((code, output.as_str()), (1, "status=1\n"), "{stdout}");
    assert!(stdout.contains("unsupported-claim"), "{stdout}");
    // require-support: a new claim without a verdict fails the check too.
    let chapter = book.root().join("src/brief.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    std::fs::write(
        &chapter,
        format!("{text}\nShelter led the increase [EVID:ev_cpi].\n"),
    )
    .unwrap();
    let (_, _, stdout, _) = check("true");
    assert!(stdout.contains("missing-support"), "{stdout}");
    let (_, _, stdout, _) = check("false");
    assert!(!stdout.contains("missing-support"), "{stdout}");
    let (code, output, stdout, _) = check("yes");
    assert_eq!((code, output.as_str()), (2, "status=2\n"));
    assert!(
        stdout.contains("`require-support` is true or false"),
        "{stdout}"
    );
}

#[test]
fn the_verify_step_without_a_model_or_with_a_dead_server_stops_the_job() {
    let book = verify_common::book();
    let (code, output, stdout, _) = step(
        "verify",
        book.root(),
        &[
            ("BOOK", "."),
            ("API_BASE", "http://127.0.0.1:9/v1"),
            ("MODEL", ""),
            ("PROFILE", "judge-json"),
        ],
    );
    assert_eq!((code, output.as_str()), (2, "status=2\n"));
    assert!(stdout.contains("verify-model is empty"), "{stdout}");
    let (code, output, _, stderr) = step(
        "verify",
        book.root(),
        &[
            ("BOOK", "."),
            ("API_BASE", "http://127.0.0.1:9/v1"),
            ("MODEL", "m"),
            ("PROFILE", "judge-json"),
        ],
    );
    assert_eq!((code, output.as_str()), (2, "status=2\n"), "{stderr}");
    assert!(stderr.contains("cannot reach"), "{stderr}");
    assert!(verify_common::stored(&book).is_empty());
}

/// A local stand-in for GitHub on 127.0.0.1: the files of a release
/// (`/OWNER/NAME/releases/download/TAG/FILE`) and the commits API's
/// `application/vnd.github.sha` answer, each path with its bytes; any
/// other path is a 404. It records the requests (line and headers).
struct FakeGitHub {
    base: String,
    seen: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl FakeGitHub {
    fn start(files: Vec<(String, Vec<u8>)>) -> FakeGitHub {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request = String::new();
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                        break;
                    }
                    request.push_str(&line);
                }
                let path = request.split_whitespace().nth(1).unwrap_or("").to_owned();
                log.lock().unwrap().push(request);
                let (status, body) = files
                    .iter()
                    .find(|(p, _)| *p == path)
                    .map_or((404, b"Not Found".to_vec()), |(_, b)| (200, b.clone()));
                let mut stream = stream;
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(&body);
            }
        });
        FakeGitHub { base, seen }
    }

    fn requests(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

const RELEASES: &str = "/mdbook-evidence/mdbook-evidence/releases/download";

/// A release archive as the release workflow makes it
/// (`mdbook-evidence-TARGET/mdbook-evidence` in a .tar.gz), whose
/// program prints `says`.
fn release_archive(target: &str, says: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("mdbook-evidence-{target}");
    std::fs::create_dir(dir.path().join(&name)).unwrap();
    let exe = dir.path().join(&name).join("mdbook-evidence");
    std::fs::write(&exe, format!("#!/bin/sh\necho '{says}'\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    let status = Command::new("tar")
        .args(["czf", "a.tar.gz", &name])
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    std::fs::read(dir.path().join("a.tar.gz")).unwrap()
}

/// `sha256sum`'s line for `bytes` named `name`.
fn sum_line(name: &str, bytes: &[u8]) -> String {
    use sha2::Digest;
    let hex: String = sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{hex}  {name}\n")
}

/// The version step's outputs (`ref`, `kind`, `cache`) for `version` with
/// the Action used at `action_ref`, commits resolved by `api`; or its
/// exit status and stdout when it fails.
fn version_step(
    version: &str,
    action_ref: &str,
    api: &str,
    token: &str,
) -> Result<[String; 3], (i32, String)> {
    let dir = tempfile::tempdir().unwrap();
    let (code, output, stdout, stderr) = step(
        "version",
        dir.path(),
        &[
            ("INPUT_VERSION", version),
            ("ACTION_REF", action_ref),
            ("REPO", ""),
            ("TOKEN", token),
            ("GITHUB_API_URL", api),
            ("HOME", "/home/runner"),
        ],
    );
    if code != 0 {
        return Err((code, format!("{stdout}{stderr}")));
    }
    let value = |key: &str| {
        output
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("{key} in {output}"))
            .to_owned()
    };
    Ok([value("ref"), value("kind"), value("cache")])
}

const FULL: &str = "a93f3d4c0ffee0123456789abcdef0123456789a";

#[test]
fn the_version_is_read_as_a_release_a_commit_or_a_branch() {
    let api = FakeGitHub::start(vec![(
        "/repos/mdbook-evidence/mdbook-evidence/commits/a93f3d4".to_owned(),
        format!("{FULL}\n").into_bytes(),
    )]);
    let ok = |version: &str, action_ref: &str| {
        version_step(version, action_ref, &api.base, "")
            .unwrap_or_else(|e| panic!("{version:?}@{action_ref:?}: {e:?}"))
    };
    let release = ["v0.1.0".to_owned(), "release".to_owned(), "true".to_owned()];
    assert_eq!(ok("v0.1.0", "main"), release);
    // A bare tag is the release's `v` tag.
    assert_eq!(ok("0.1.0", ""), release);
    assert_eq!(ok(" 0.1.0\n", ""), release);
    assert_eq!(ok("0.2.0-rc.1", "")[..2], ["v0.2.0-rc.1", "release"]);
    // The default path: no `version`, the Action used at a release tag.
    assert_eq!(ok("", "v0.1.0"), release);
    // Used at a branch, or at nothing (a local `uses: ./`): main, built.
    assert_eq!(ok("", ""), ["main", "branch", "false"]);
    assert_eq!(ok("", "main"), ["main", "branch", "false"]);
    assert_eq!(
        ok("feature/x-1.2", ""),
        ["feature/x-1.2", "branch", "false"]
    );
    // A full commit as it is; a short one (any case) resolved by the API
    // to the full hash, which names the cached build.
    assert_eq!(ok(FULL, ""), [FULL, "rev", "true"]);
    assert_eq!(ok("", &FULL.to_uppercase()), [FULL, "rev", "true"]);
    let before = api.requests().len();
    assert_eq!(ok("A93F3D4", ""), [FULL, "rev", "true"]);
    let asked = &api.requests()[before..];
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        asked[0].starts_with("GET /repos/mdbook-evidence/mdbook-evidence/commits/a93f3d4 "),
        "{asked:?}"
    );
    assert!(asked[0].contains("application/vnd.github.sha"), "{asked:?}");
    assert!(!asked[0].to_lowercase().contains("authorization"));
    // With the job's token, it goes in a header, never on a command line
    // or in the log.
    let token = "ghs_0123456789abcdefTOKEN";
    let resolved = version_step("a93f3d4", "", &api.base, token).unwrap();
    assert_eq!(resolved[0], FULL);
    let last = api.requests().pop().unwrap();
    assert!(last.contains(&format!("Bearer {token}")), "{last}");

    // Refused, exit 2, with what to give instead: a short commit the API
    // does not know; options, spaces inside, shell syntax, full-width
    // digits and other non-ASCII text.
    for (version, says) in [
        (
            "deadbee",
            "no commit of mdbook-evidence/mdbook-evidence starts with it",
        ),
        (
            "--upload-pack=touch",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        (
            "main; rm -rf ~",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        ("$(id)", "a release tag (v0.1.0), a commit or a branch name"),
        (
            "０.１.０",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        (
            "v0.1.0\u{200f}",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
        (
            "main\u{202e}",
            "a release tag (v0.1.0), a commit or a branch name",
        ),
    ] {
        let (code, out) = version_step(version, "", &api.base, token).unwrap_err();
        assert_eq!(code, 2, "{version:?}: {out}");
        assert!(out.contains(says), "{version:?}: {out}");
        assert!(!out.contains(token));
    }
}

/// Runs the install step for `[ref, kind]` on a Linux runner of `arch`,
/// with `server` as GitHub and `home` as the runner's home; `cargo` on
/// the PATH fails the step (a release is never built).
fn install_release(
    version: &[String; 3],
    arch: &str,
    server: &str,
    home: &Path,
) -> (i32, String, String) {
    let temp = tempfile::tempdir().unwrap();
    let guard = temp.path().join("bin");
    std::fs::create_dir(&guard).unwrap();
    let cargo = guard.join("cargo");
    std::fs::write(&cargo, "#!/bin/sh\necho 'cargo ran' >&2\nexit 99\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", guard.display());
    let (code, output, stdout, stderr) = step(
        "install",
        temp.path(),
        &[
            ("REF", &version[0]),
            ("KIND", &version[1]),
            ("REPO", ""),
            ("RUNNER_OS", "Linux"),
            ("RUNNER_ARCH", arch),
            ("RUNNER_TEMP", temp.path().to_str().unwrap()),
            ("GITHUB_SERVER_URL", server),
            ("HOME", home.to_str().unwrap()),
            ("PATH", &path),
        ],
    );
    assert_eq!(output, "", "the install step sets no output");
    (code, stdout, stderr)
}

#[test]
fn a_release_installs_its_archive_checked_against_sha256sums() {
    let linux = release_archive("x86_64-unknown-linux-gnu", "mdbook-evidence 0.1.0 (x86_64)");
    let arm = release_archive(
        "aarch64-unknown-linux-gnu",
        "mdbook-evidence 0.1.0 (aarch64)",
    );
    let sums = sum_line("mdbook-evidence-aarch64-unknown-linux-gnu.tar.gz", &arm)
        + &sum_line("mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz", &linux)
        + &sum_line("mdbook-evidence-x86_64-pc-windows-msvc.zip", b"zip");
    let server = FakeGitHub::start(vec![
        (
            format!("{RELEASES}/v0.1.0/mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz"),
            linux,
        ),
        (
            format!("{RELEASES}/v0.1.0/mdbook-evidence-aarch64-unknown-linux-gnu.tar.gz"),
            arm,
        ),
        (format!("{RELEASES}/v0.1.0/SHA256SUMS"), sums.into_bytes()),
    ]);
    // The default path: no `version`, the Action used at `0.1.0`.
    let version = version_step("", "0.1.0", "http://127.0.0.1:9", "").unwrap();
    for (arch, says) in [("X64", "(x86_64)"), ("ARM64", "(aarch64)")] {
        let home = tempfile::tempdir().unwrap();
        let (code, stdout, stderr) = install_release(&version, arch, &server.base, home.path());
        assert_eq!(code, 0, "{stdout}{stderr}");
        assert!(!stderr.contains("cargo ran"), "{stderr}");
        let installed = home.path().join(".cargo/bin/mdbook-evidence");
        let out = Command::new(&installed).output().unwrap();
        assert!(String::from_utf8_lossy(&out.stdout).contains(says));
        assert!(stdout.contains(says), "the step runs it once: {stdout}");
    }
    let asked: Vec<String> = server
        .requests()
        .iter()
        .map(|r| r.lines().next().unwrap().to_owned())
        .collect();
    assert_eq!(
        asked,
        [
            format!(
                "GET {RELEASES}/v0.1.0/mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz HTTP/1.1"
            ),
            format!("GET {RELEASES}/v0.1.0/SHA256SUMS HTTP/1.1"),
            format!(
                "GET {RELEASES}/v0.1.0/mdbook-evidence-aarch64-unknown-linux-gnu.tar.gz HTTP/1.1"
            ),
            format!("GET {RELEASES}/v0.1.0/SHA256SUMS HTTP/1.1"),
        ]
    );
}

#[test]
fn a_tampered_or_unlisted_archive_is_refused_and_nothing_installed() {
    let genuine = release_archive("x86_64-unknown-linux-gnu", "genuine");
    let tampered = release_archive("x86_64-unknown-linux-gnu", "tampered: curl | sh");
    let name = "mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz";
    let server = FakeGitHub::start(vec![
        // v0.1.0: the archive is not the one SHA256SUMS lists.
        (format!("{RELEASES}/v0.1.0/{name}"), tampered.clone()),
        (
            format!("{RELEASES}/v0.1.0/SHA256SUMS"),
            sum_line(name, &genuine).into_bytes(),
        ),
        // v0.1.1: SHA256SUMS lists other files only (and a look-alike
        // name with a no-break space).
        (format!("{RELEASES}/v0.1.1/{name}"), tampered.clone()),
        (
            format!("{RELEASES}/v0.1.1/SHA256SUMS"),
            (sum_line("mdbook-evidence-x86_64-apple-darwin.tar.gz", &tampered)
                + &sum_line(&format!("{name}\u{a0}"), &tampered))
                .into_bytes(),
        ),
        // v0.1.2: no SHA256SUMS at all.
        (format!("{RELEASES}/v0.1.2/{name}"), tampered),
    ]);
    for (tag, says) in [
        ("v0.1.0", "does not match the release's SHA256SUMS"),
        ("v0.1.1", "(listed: nothing;"),
        ("v0.1.2", "cannot download SHA256SUMS of the release v0.1.2"),
        (
            "v9.9.9",
            "cannot download mdbook-evidence-x86_64-unknown-linux-gnu.tar.gz of the release v9.9.9",
        ),
    ] {
        let home = tempfile::tempdir().unwrap();
        let version = [tag.to_owned(), "release".to_owned(), "true".to_owned()];
        let (code, stdout, stderr) = install_release(&version, "X64", &server.base, home.path());
        assert_eq!(code, 1, "{tag}: {stdout}{stderr}");
        assert!(
            stdout.contains("::error title=mdbook-evidence action::"),
            "{tag}: {stdout}"
        );
        assert!(stdout.contains(says), "{tag}: {stdout}");
        assert!(!stdout.contains("tampered:"), "{tag}: never run: {stdout}");
        assert!(
            !home.path().join(".cargo/bin/mdbook-evidence").exists(),
            "{tag}: nothing installed"
        );
    }
}

#[test]
fn a_commit_or_a_branch_is_built_from_source() {
    // A repository of a small crate named mdbook-evidence, served as
    // GitHub would serve it (a `file:` URL for git; the local server for
    // the API that resolves a short commit).
    let server_dir = tempfile::tempdir().unwrap();
    let repo = server_dir.path().join("mdbook-evidence/mdbook-evidence");
    std::fs::create_dir_all(repo.join("src")).unwrap();
    std::fs::write(
        repo.join("Cargo.toml"),
        "[package]\nname = \"mdbook-evidence\"\nversion = \"0.0.1\"\nedition = \"2021\"\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("Cargo.lock"),
        "version = 4\n\n[[package]]\nname = \"mdbook-evidence\"\nversion = \"0.0.1\"\n",
    )
    .unwrap();
    std::fs::write(
        repo.join("src/main.rs"),
        "fn main() { println!(\"built from source 東京\"); }\n",
    )
    .unwrap();
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .current_dir(&repo)
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    git(&["init", "-q", "-b", "main"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "a commit"]);
    let full = git(&["rev-parse", "HEAD"]);
    let api = FakeGitHub::start(vec![(
        format!(
            "/repos/mdbook-evidence/mdbook-evidence/commits/{}",
            &full[..9]
        ),
        full.clone().into_bytes(),
    )]);
    let real_home = std::env::var("HOME").unwrap_or_default();
    let rustup = std::env::var("RUSTUP_HOME").unwrap_or(format!("{real_home}/.rustup"));
    let cargo_dir = std::env::var("CARGO_HOME").unwrap_or(format!("{real_home}/.cargo"));
    let path = format!(
        "{cargo_dir}/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    for (version, expected) in [
        (full[..9].to_owned(), [full.as_str(), "rev", "true"]),
        ("main".to_owned(), ["main", "branch", "false"]),
    ] {
        let resolved = version_step(&version, "v0.1.0", &api.base, "").unwrap();
        assert_eq!(resolved, expected.map(String::from));
        let home = tempfile::tempdir().unwrap();
        let cargo_home = home.path().join(".cargo");
        let (code, _, stdout, stderr) = step(
            "install",
            home.path(),
            &[
                ("REF", &resolved[0]),
                ("KIND", &resolved[1]),
                ("REPO", ""),
                ("RUNNER_OS", "Linux"),
                ("RUNNER_ARCH", "X64"),
                (
                    "GITHUB_SERVER_URL",
                    &format!("file://{}", server_dir.path().display()),
                ),
                ("HOME", home.path().to_str().unwrap()),
                ("CARGO_HOME", cargo_home.to_str().unwrap()),
                ("RUSTUP_HOME", &rustup),
                ("PATH", &path),
                (
                    "CARGO_TARGET_DIR",
                    home.path().join("target").to_str().unwrap(),
                ),
            ],
        );
        assert_eq!(code, 0, "{version}: {stdout}{stderr}");
        let out = Command::new(cargo_home.join("bin/mdbook-evidence"))
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "built from source 東京\n"
        );
    }
}

#[test]
fn the_action_downloads_the_archives_the_release_workflow_publishes() {
    let release = std::fs::read_to_string(repo().join(".github/workflows/release.yml")).unwrap();
    let action = action();
    // The archive names and the checksum file, as release.yml writes them.
    for written in [
        "name=\"mdbook-evidence-$TARGET\"",
        "tar czf \"$name.tar.gz\" \"$name\"",
        "7z a \"$name.zip\" \"$name\"",
        "sha256sum mdbook-evidence-* > SHA256SUMS",
    ] {
        assert!(release.contains(written), "release.yml: {written}");
    }
    assert!(action.contains("archive=\"mdbook-evidence-$target.tar.gz\""));
    assert!(action.contains("archive=\"mdbook-evidence-$target.zip\""));
    assert!(action.contains("exe=\"$dir/mdbook-evidence-$target/mdbook-evidence$ext\""));
    // Every target the release builds is one the Action installs, and no
    // other.
    let built: Vec<&str> = release
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- { target: "))
        .filter_map(|l| l.split(',').next())
        .collect();
    let installed: Vec<&str> = action
        .lines()
        .filter_map(|l| l.split(") target=").nth(1))
        .map(|t| t.trim_end_matches(" ;;"))
        .filter(|t| *t != "\"\"")
        .collect();
    assert_eq!(built.len(), 5, "{built:?}");
    let mut a = built.clone();
    let mut b = installed.clone();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
}
