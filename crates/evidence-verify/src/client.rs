//! The HTTP side of `verify`: one `POST {api-base}/chat/completions` per
//! citation, with retries on 429 and 5xx, and every failure said in terms
//! of the endpoint. Whatever the server sends is untrusted: its body is
//! read up to a bound, and only the answer's text and token counts are
//! kept.

use crate::prompt::one_line;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most of a response body read, in bytes: a chat completion of a
/// word or two is a few hundred.
const MAX_BODY: u64 = 1 << 20;
/// The longest wait before a retry, whatever `Retry-After` asks.
const MAX_WAIT: Duration = Duration::from_secs(60);
/// The first back-off; each retry doubles it.
const FIRST_WAIT: Duration = Duration::from_millis(500);
/// The most of a server's error message shown, in characters.
const ERROR_CHARS: usize = 300;
/// The shortest piece of the key hidden wherever it appears: a server that
/// echoes the key cut (at its own limit, or ours), or split across lines,
/// shows none of it. Shorter pieces (OpenAI's `sk-…abcd`) say nothing.
const KEY_PIECE: usize = 8;

/// Token counts, when the API reports `usage`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Tokens of the request.
    pub prompt: u64,
    /// Tokens of the answer.
    pub completion: u64,
}

/// The model's answer to one request.
#[derive(Debug)]
pub struct Reply {
    /// The message's text, as sent (untrusted).
    pub content: String,
    /// The tokens it cost, when the API says.
    pub usage: Option<Usage>,
}

/// Why a request gave no answer.
#[derive(Debug)]
pub enum Failure {
    /// The run cannot go on: the endpoint is unreachable, the model
    /// unknown, the key refused, the server failing; the message says
    /// which, naming the endpoint.
    Fatal(String),
    /// This citation only: the answer could not be read.
    Answer(String),
}

/// A client of one endpoint and model.
pub struct Client {
    agent: ureq::Agent,
    url: String,
    model: String,
    key: Option<String>,
    retries: u32,
    timeout: Duration,
    /// Set once the server refused a `response_format`: later requests
    /// go without it, and their answers are parsed from text.
    no_structured_output: AtomicBool,
}

impl Client {
    /// A client of `{api_base}/chat/completions`; `api_base` must be an
    /// http(s) URL.
    pub fn new(
        api_base: &str,
        model: &str,
        key: Option<String>,
        timeout: Duration,
        retries: u32,
    ) -> Result<Client, String> {
        let url = endpoint(api_base)?;
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            // A redirect would carry the request elsewhere; the URL given
            // is the one asked.
            .max_redirects(0)
            .user_agent(concat!("mdbook-evidence/", env!("CARGO_PKG_VERSION")))
            .build();
        Ok(Client {
            agent: config.new_agent(),
            url,
            model: model.to_owned(),
            key,
            retries,
            timeout,
            no_structured_output: AtomicBool::new(false),
        })
    }

    /// Whether the key would cross the network unencrypted: sent over
    /// http to a host other than this machine.
    pub fn sends_key_in_clear(&self) -> bool {
        let Ok(url) = url::Url::parse(&self.url) else {
            return false;
        };
        let local = match url.host() {
            Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => true,
        };
        self.key.is_some() && url.scheme() == "http" && !local
    }

    /// The endpoint's URL, for messages.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Sends `request` (the prompt's part of the body: `messages`, and
    /// what else the prompt sets) and returns the answer, retrying a 429, a 5xx or a
    /// timeout up to the retries allowed; gives up early once `stop` is set.
    /// The key, should a server send it back (in an error, in an answer),
    /// is replaced by `[API key]`: it never reaches output or the store.
    pub fn ask(
        &self,
        request: Value,
        max_tokens: u32,
        stop: &AtomicBool,
    ) -> Result<Reply, Failure> {
        match self.ask_unredacted(request, max_tokens, stop) {
            Ok(reply) => Ok(Reply {
                content: self.redact(reply.content),
                usage: reply.usage,
            }),
            Err(Failure::Fatal(why)) => Err(Failure::Fatal(self.redact(why))),
            Err(Failure::Answer(why)) => Err(Failure::Answer(self.redact(why))),
        }
    }

    /// `text` without the key ([`redact_key`]).
    fn redact(&self, text: String) -> String {
        match &self.key {
            Some(key) => redact_key(&text, key),
            None => text,
        }
    }

    /// `: "…"`, the server's error message from a body ([`error_message`]),
    /// the key taken out before it is cut.
    fn says(&self, body: &str) -> String {
        error_message(body, self.key.as_deref())
    }

    fn ask_unredacted(
        &self,
        request: Value,
        max_tokens: u32,
        stop: &AtomicBool,
    ) -> Result<Reply, Failure> {
        let mut body = json!({
            "model": self.model,
            "temperature": 0,
            "max_tokens": max_tokens,
            "stream": false,
        });
        if let (Some(body), Value::Object(request)) = (body.as_object_mut(), request) {
            body.extend(request);
        }
        let mut attempt = 0;
        loop {
            if stop.load(Ordering::Relaxed) {
                return Err(Failure::Fatal("stopped".into()));
            }
            if self.no_structured_output.load(Ordering::Relaxed)
                && let Some(body) = body.as_object_mut()
            {
                body.remove("response_format");
            }
            let (asked_wait, why) = match self.send(&body) {
                Ok(reply) => return Ok(reply),
                // A server without structured output: asked again without
                // the schema, at once, this time and every later time.
                Err(Outcome::NoStructuredOutput) => {
                    self.no_structured_output.store(true, Ordering::Relaxed);
                    continue;
                }
                Err(Outcome::Failed(failure)) => return Err(failure),
                Err(Outcome::Retry { wait, why }) => (wait, why),
            };
            if attempt >= self.retries {
                let tries = match attempt + 1 {
                    1 => "its one attempt".to_owned(),
                    n => format!("each of {n} attempts"),
                };
                return Err(Failure::Fatal(format!(
                    "{} {why} on {tries}; try again later, or with --retries or --timeout raised",
                    self.url
                )));
            }
            let wait = asked_wait.unwrap_or(FIRST_WAIT * 2u32.saturating_pow(attempt));
            sleep(wait.min(MAX_WAIT), stop);
            attempt += 1;
        }
    }

    /// One request.
    fn send(&self, body: &Value) -> Result<Reply, Outcome> {
        let mut request = self
            .agent
            .post(&self.url)
            .header("Content-Type", "application/json");
        if let Some(key) = &self.key {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        let mut response = match request.send(body.to_string()) {
            Ok(response) => response,
            Err(err) => return Err(self.transport(err)),
        };
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        let text = response
            .body_mut()
            .with_config()
            .limit(MAX_BODY)
            .lossy_utf8(true)
            .read_to_string();
        let text = match text {
            Ok(text) => text,
            Err(ureq::Error::BodyExceedsLimit(_)) => {
                return Err(Outcome::Failed(Failure::Answer(format!(
                    "the answer is larger than {} KiB",
                    MAX_BODY / 1024
                ))));
            }
            Err(err) => return Err(self.transport(err)),
        };
        match status {
            200..=299 => self.reply(&text).map_err(Outcome::Failed),
            429 => Err(Outcome::Retry {
                wait: retry_after,
                why: "answered 429 Too Many Requests".into(),
            }),
            500..=599 => Err(Outcome::Retry {
                wait: retry_after,
                why: format!("answered {status}{}", self.says(&text)),
            }),
            404 => Err(Outcome::Failed(Failure::Fatal(format!(
                "{} answered 404: the model `{}` is unknown there, or the URL is not a chat-completions endpoint{}; check --model (with Ollama: `ollama pull {}`) and --api-base (it ends before /chat/completions, e.g. http://localhost:11434/v1)",
                self.url,
                self.model,
                self.says(&text),
                self.model
            )))),
            401 | 403 => Err(Outcome::Failed(Failure::Fatal(format!(
                "{} refused the request ({status}){}; set the API key in OPENAI_API_KEY, or name the variable that holds it with --api-key-env",
                self.url,
                self.says(&text)
            )))),
            400 | 422 if body.get("response_format").is_some() && about_schema(&text) => {
                Err(Outcome::NoStructuredOutput)
            }
            // This request only: a passage longer than the model's
            // context, a parameter the model does not take.
            400 | 413 | 422 => Err(Outcome::Failed(Failure::Answer(format!(
                "{} refused this request ({status}){}",
                self.url,
                self.says(&text)
            )))),
            _ => Err(Outcome::Failed(Failure::Fatal(format!(
                "{} answered {status}{}",
                self.url,
                self.says(&text)
            )))),
        }
    }

    /// What a failure to talk to the server means.
    fn transport(&self, err: ureq::Error) -> Outcome {
        match err {
            ureq::Error::Timeout(_) => Outcome::Retry {
                wait: None,
                why: format!("gave no answer within {} s", self.timeout.as_secs()),
            },
            ureq::Error::HostNotFound => Outcome::Failed(Failure::Fatal(format!(
                "cannot reach {}: the host name does not resolve; check --api-base",
                self.url
            ))),
            ureq::Error::ConnectionFailed => Outcome::Failed(Failure::Fatal(format!(
                "cannot reach {}: the connection failed; is the server running, and is --api-base right?",
                self.url
            ))),
            ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => Outcome::Retry {
                wait: None,
                why: format!("gave no answer within {} s", self.timeout.as_secs()),
            },
            ureq::Error::Io(io) => Outcome::Failed(Failure::Fatal(format!(
                "cannot reach {}: {io}; is the server running, and is --api-base right?",
                self.url
            ))),
            ureq::Error::TooManyRedirects => Outcome::Failed(Failure::Fatal(format!(
                "{} answered with a redirect; give the address it redirects to as --api-base",
                self.url
            ))),
            other => Outcome::Failed(Failure::Fatal(format!(
                "cannot talk to {}: {other}",
                self.url
            ))),
        }
    }

    /// The answer's text and token counts from a chat completion.
    fn reply(&self, text: &str) -> Result<Reply, Failure> {
        let value: Value = serde_json::from_str(text).map_err(|_| {
            Failure::Fatal(format!(
                "{} answered with something that is not JSON: it is not an OpenAI-compatible chat-completions endpoint; check --api-base (e.g. http://localhost:11434/v1)",
                self.url
            ))
        })?;
        let content = value
            .pointer("/choices/0/message/content")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                Failure::Answer(format!(
                    "the answer has no `choices[0].message.content`{}",
                    self.says(text)
                ))
            })?;
        let count = |name: &str| {
            value
                .pointer(&format!("/usage/{name}"))
                .and_then(Value::as_u64)
        };
        let usage = match (count("prompt_tokens"), count("completion_tokens")) {
            (None, None) => None,
            (prompt, completion) => Some(Usage {
                prompt: prompt.unwrap_or(0),
                completion: completion.unwrap_or(0),
            }),
        };
        Ok(Reply {
            content: content.to_owned(),
            usage,
        })
    }
}

/// The API key in the variable `name`, whose `value` the caller read from
/// the environment, trimmed (a secret pasted with its line break); `None`
/// when it is unset or blank. A key an HTTP header cannot carry (a
/// character outside printable ASCII: a no-break space, a letter of
/// another script, a control character) is refused here, naming the
/// variable and never the key.
pub fn api_key(name: &str, value: Option<&std::ffi::OsStr>) -> Result<Option<String>, String> {
    let Some(value) = value else {
        return Ok(None);
    };
    let key = value.to_str().map(str::trim).unwrap_or("\u{fffd}");
    if key.is_empty() {
        return Ok(None);
    }
    if let Some(at) = key.chars().position(|c| !c.is_ascii_graphic()) {
        return Err(format!(
            "the API key in {name} has a character an HTTP header cannot carry (character {} of it, a space, a control or a non-ASCII character); copy the key again",
            at + 1
        ));
    }
    Ok(Some(key.to_owned()))
}

/// What became of one request.
enum Outcome {
    /// Worth asking again, after `wait` if the server said.
    Retry {
        wait: Option<Duration>,
        why: String,
    },
    Failed(Failure),
    /// Refused for its `response_format`: worth asking again without it.
    NoStructuredOutput,
}

/// Whether a refusal is about the request's structured output (OpenAI's,
/// vLLM's, llama.cpp's and LM Studio's messages name the field or the
/// schema).
fn about_schema(body: &str) -> bool {
    let body = body.to_lowercase();
    ["response_format", "json_schema", "structured output"]
        .iter()
        .any(|word| body.contains(word))
}

/// `{api_base}/chat/completions`, once `api_base` is known to be an
/// http(s) URL with a host.
fn endpoint(api_base: &str) -> Result<String, String> {
    let parsed = url::Url::parse(api_base.trim()).map_err(|err| {
        format!("--api-base {api_base:?} is not a URL ({err}); give e.g. http://localhost:11434/v1")
    })?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(format!(
            "--api-base {api_base:?} is not an http(s) URL; give e.g. http://localhost:11434/v1"
        ));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(
            "--api-base must not hold credentials; put the API key in OPENAI_API_KEY".into(),
        );
    }
    let base = parsed.as_str().trim_end_matches('/');
    let base = base.strip_suffix("/chat/completions").unwrap_or(base);
    Ok(format!("{base}/chat/completions"))
}

/// `: "…"`, the server's error message from a body (OpenAI's
/// `{"error": {"message": …}}`, or `{"error": "…"}`), without `key`
/// (taken out first: a cut never leaves part of it), on one short line;
/// nothing when the body has none.
fn error_message(body: &str, key: Option<&str>) -> String {
    let value: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let message = value
        .pointer("/error/message")
        .or_else(|| value.get("error"))
        .or_else(|| value.get("message"))
        .and_then(Value::as_str);
    match message {
        Some(text) if !text.trim().is_empty() => {
            let text = key.map_or_else(|| text.to_owned(), |key| redact_key(text, key));
            format!(": {:?}", one_line(&text, ERROR_CHARS))
        }
        _ => String::new(),
    }
}

/// `text` with every piece of `key` in it replaced by `[API key]`: the
/// whole key and any run of at least [`KEY_PIECE`] of its bytes in a row
/// (a prefix cut off by a limit, a suffix, a middle), read across what
/// the terminal or [`one_line`] would hide or drop between them (white
/// space, control characters, zero-width and direction marks), so that
/// no cut, wrap or mark lets a piece through. The one redaction of every
/// message and answer.
pub(crate) fn redact_key(text: &str, key: &str) -> String {
    let key = key.as_bytes();
    let piece = KEY_PIECE.min(key.len());
    if piece == 0 {
        return text.to_owned();
    }
    let pieces: std::collections::HashSet<&[u8]> = key.windows(piece).collect();
    // The bytes of the characters that show, with where each is in `text`.
    let (shown, at): (Vec<u8>, Vec<usize>) = text
        .char_indices()
        .filter(|&(_, c)| !hidden_between(c))
        .flat_map(|(i, c)| (i..i + c.len_utf8()).map(move |b| (text.as_bytes()[b], b)))
        .unzip();
    let mut spans: Vec<std::ops::Range<usize>> = Vec::new();
    for (start, window) in shown.windows(piece).enumerate() {
        if !pieces.contains(window) {
            continue;
        }
        // A key of non-ASCII bytes can match inside a character: the
        // whole character goes.
        let from = (0..=at[start])
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        let to = (at[start + piece - 1] + 1..=text.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(text.len());
        match spans.last_mut() {
            Some(last) if last.end >= from => last.end = last.end.max(to),
            _ => spans.push(from..to),
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for span in spans {
        out.push_str(&text[done..span.start]);
        out.push_str("[API key]");
        done = span.end;
    }
    out.push_str(&text[done..]);
    out
}

/// Whether `c` can stand between two pieces of a key without showing:
/// white space and line breaks, control characters, zero-width
/// characters, direction marks.
fn hidden_between(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{61c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// Sleeps `wait`, waking early once `stop` is set.
fn sleep(wait: Duration, stop: &AtomicBool) {
    let step = Duration::from_millis(50);
    let mut left = wait;
    while !left.is_zero() && !stop.load(Ordering::Relaxed) {
        let now = left.min(step);
        std::thread::sleep(now);
        left -= now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_endpoint_is_the_base_and_chat_completions() {
        for (base, url) in [
            (
                "http://localhost:11434/v1",
                "http://localhost:11434/v1/chat/completions",
            ),
            (
                "http://localhost:11434/v1/",
                "http://localhost:11434/v1/chat/completions",
            ),
            (
                "https://api.openai.com/v1/chat/completions",
                "https://api.openai.com/v1/chat/completions",
            ),
        ] {
            assert_eq!(endpoint(base).unwrap(), url);
        }
        for bad in [
            "localhost:11434",
            "file:///etc/passwd",
            "ftp://x/v1",
            "http://u:p@h/v1",
        ] {
            assert!(endpoint(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn error_messages_are_read_from_both_shapes() {
        assert_eq!(
            error_message(r#"{"error":{"message":"model \"x\" not found"}}"#, None),
            r#": "model \"x\" not found""#
        );
        assert_eq!(
            error_message(r#"{"error":"busy\nnow"}"#, None),
            r#": "busy now""#
        );
        assert_eq!(error_message("<html>", None), "");
    }

    #[test]
    fn every_piece_of_the_key_is_redacted() {
        let key = "sk-proj-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ";
        for (text, shown) in [
            (format!("bad key {key}."), "bad key [API key]."),
            (format!("東京 {}… cut", &key[..20]), "東京 [API key]… cut"),
            (format!("ends {}", &key[30..]), "ends [API key]"),
            (format!("mid {}!", &key[10..18]), "mid [API key]!"),
            // Split by a line break, a no-break space, a direction mark.
            (
                format!(
                    "{}\n{}\u{a0}{}\u{200f}{}",
                    &key[..5],
                    &key[5..12],
                    &key[12..40],
                    &key[40..]
                ),
                "[API key]",
            ),
            // Twice, side by side.
            (format!("{key}{key}"), "[API key]"),
            // Short pieces stay: they say nothing of it.
            ("sk-pro and …GHIJ".to_owned(), "sk-pro and …GHIJ"),
        ] {
            assert_eq!(redact_key(&text, key), shown, "{text}");
        }
        // A short key is hidden whole; a non-ASCII one never cuts a character.
        assert_eq!(redact_key("x abc y", "abc"), "x [API key] y");
        assert_eq!(
            redact_key("é東京都abcdefgh", "京都abcdefgh"),
            "é東[API key]"
        );
        assert_eq!(redact_key("東京", ""), "東京");
        // The message is cut after the key is out: nothing of it is left.
        let body = serde_json::json!({"error": {"message": format!("{}{key}", "x".repeat(290))}});
        let said = error_message(&body.to_string(), Some(key));
        assert!(said.contains("[API k"), "{said}");
        assert!(!said.contains(&key[..4]), "{said}");
    }
}
