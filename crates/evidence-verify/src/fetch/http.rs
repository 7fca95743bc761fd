//! The network side of `fetch`: one GET per page, with redirects followed
//! by hand so that each hop is checked again, addresses checked where they
//! are resolved (so that a name resolving to a private network is refused
//! whenever it is looked up, not only the first time), a size limit, and
//! 429 honoured. Everything a server sends is untrusted: bodies are read
//! up to the limit and only kept as bytes for [`super::text`] to decode.

use evidence_core::store::FetchStatus;
use std::io::Read as _;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::Arc;
use std::time::Duration;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};

/// The User-Agent `fetch` sends: who is asking, and where to read why.
pub(crate) const USER_AGENT: &str = concat!(
    "mdbook-evidence/",
    env!("CARGO_PKG_VERSION"),
    " (fetch; +https://github.com/mdbook-evidence/mdbook-evidence)"
);
/// The longest wait a `Retry-After` is granted.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(60);
/// How often a 429 is waited out before the page counts as blocked.
const RETRIES_ON_429: u32 = 2;

/// The settings of one run.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Hosts that may resolve to loopback, private or link-local
    /// addresses (lowercase).
    pub allowed_hosts: Vec<String>,
    /// The total time one request may take (connect included).
    pub timeout: Duration,
    /// The most bytes of a page read (after decompression).
    pub max_bytes: u64,
    /// Redirects followed before giving up.
    pub max_redirects: usize,
}

/// A page's body as received.
#[derive(Debug)]
pub struct Body {
    /// The address it came from after redirects.
    pub final_url: String,
    /// The media type (`text/html`), lowercase, without parameters.
    pub media_type: String,
    /// The `charset` parameter of its `Content-Type`, if any.
    pub(crate) charset: Option<String>,
    /// The bytes, decompressed.
    pub(crate) bytes: Vec<u8>,
    /// The HTTP status (2xx, or 304 for a conditional request whose page
    /// has not changed: no bytes then).
    pub http_status: u16,
    /// The validators a later request can be made conditional on.
    pub etag: Option<String>,
    /// The page's `Last-Modified`, for the same.
    pub last_modified: Option<String>,
}

/// What a conditional request sends: the validators of the last fetch.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Validators<'a> {
    pub etag: Option<&'a str>,
    pub last_modified: Option<&'a str>,
}

/// Why a page gave no body.
#[derive(Debug)]
pub struct Failure {
    /// What kind of failure it was, as the fetched record stores it.
    pub status: FetchStatus,
    /// The HTTP status, when a response came.
    pub http_status: Option<u16>,
    /// What happened, naming the address.
    pub detail: String,
    /// Where redirects led, when they led anywhere.
    pub final_url: Option<String>,
}

impl Failure {
    fn new(status: FetchStatus, http_status: Option<u16>, detail: String) -> Failure {
        Failure {
            status,
            http_status,
            detail,
            final_url: None,
        }
    }
}

/// The client of a run: one agent (its pool keeps a connection per host).
pub struct Fetcher {
    agent: ureq::Agent,
    settings: Arc<Settings>,
}

impl Fetcher {
    /// A client with `settings`.
    pub fn new(settings: Settings) -> Fetcher {
        let settings = Arc::new(settings);
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(settings.timeout))
            .timeout_connect(Some(settings.timeout.min(Duration::from_secs(10))))
            // Followed by hand: each hop's address is checked again.
            .max_redirects(0)
            // No proxy from the environment: the address checked must be
            // the address asked (a proxy would resolve the page's host).
            .proxy(None)
            .user_agent(USER_AGENT)
            .accept_encoding("gzip, deflate, br")
            .build();
        let resolver = GuardedResolver {
            allowed: settings.allowed_hosts.clone(),
            inner: DefaultResolver::default(),
        };
        Fetcher {
            agent: ureq::Agent::with_parts(config, DefaultConnector::default(), resolver),
            settings,
        }
    }

    /// Fetches `url`, following redirects, conditionally on `validators`
    /// when given (a 304 is a body of no bytes); `pause` waits out a
    /// `Retry-After` (returning false when the run is stopping).
    pub(crate) fn get(
        &self,
        url: &str,
        validators: Validators<'_>,
        pause: &dyn Fn(Duration) -> bool,
    ) -> Result<Body, Failure> {
        let mut current = checked_url(url)?;
        let mut seen = vec![current.clone()];
        let mut retries = 0;
        loop {
            let response = match self.request(&current, validators) {
                Ok(response) => response,
                Err(mut failure) => {
                    failure.final_url = (current.as_str() != url).then(|| current.to_string());
                    return Err(failure);
                }
            };
            let code = response.status().as_u16();
            match code {
                200..=299 | 304 => return self.body(response, &current),
                301 | 302 | 303 | 307 | 308 => {
                    current = self.next_hop(&response, &current, &mut seen, code)?;
                }
                429 if retries < RETRIES_ON_429 => {
                    retries += 1;
                    if !pause(retry_after(&response)) {
                        return Err(Failure::new(
                            FetchStatus::Unreachable,
                            Some(429),
                            "stopped while waiting out 429 Too Many Requests".into(),
                        ));
                    }
                }
                _ => {
                    let mut failure = status_failure(&response, code, &current);
                    failure.final_url = (current.as_str() != url).then(|| current.to_string());
                    return Err(failure);
                }
            }
        }
    }

    /// One request, its failure said as a status.
    fn request(
        &self,
        url: &url::Url,
        validators: Validators<'_>,
    ) -> Result<ureq::http::Response<ureq::Body>, Failure> {
        let mut request = self.agent.get(url.as_str()).header(
            "Accept",
            "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
        );
        if let Some(etag) = validators.etag {
            request = request.header("If-None-Match", etag);
        }
        if let Some(date) = validators.last_modified {
            request = request.header("If-Modified-Since", date);
        }
        request
            .call()
            .map_err(|err| transport_failure(&err, url, &self.settings))
    }

    /// The address a redirect leads to, checked: http(s), not seen before
    /// (a loop), within the limit.
    fn next_hop(
        &self,
        response: &ureq::http::Response<ureq::Body>,
        current: &url::Url,
        seen: &mut Vec<url::Url>,
        code: u16,
    ) -> Result<url::Url, Failure> {
        let fail = |detail: String| Failure {
            final_url: Some(current.to_string()),
            ..Failure::new(FetchStatus::Unreachable, Some(code), detail)
        };
        let location = response
            .headers()
            .get("location")
            .and_then(|value| value.to_str().ok())
            .ok_or_else(|| fail(format!("{current} redirects ({code}) without a Location")))?;
        let next = current.join(location).map_err(|_| {
            fail(format!(
                "{current} redirects ({code}) to an address that does not parse"
            ))
        })?;
        let next = checked_url(next.as_str()).map_err(|mut failure| {
            failure.final_url = Some(current.to_string());
            failure
        })?;
        if seen.contains(&next) {
            return Err(fail(format!(
                "{current} redirects in a loop (back to {next})"
            )));
        }
        if seen.len() > self.settings.max_redirects {
            return Err(fail(format!(
                "more than {} redirects, the last from {current}",
                self.settings.max_redirects
            )));
        }
        seen.push(next.clone());
        Ok(next)
    }

    /// Reads a 2xx response's body within the size limit.
    fn body(
        &self,
        response: ureq::http::Response<ureq::Body>,
        url: &url::Url,
    ) -> Result<Body, Failure> {
        let max = self.settings.max_bytes;
        let http_status = response.status().as_u16();
        let too_large = |http_status| {
            Failure::new(
                FetchStatus::TooLarge,
                Some(http_status),
                format!(
                    "{url} is larger than the limit of {} (--max-bytes)",
                    evidence_core::limits::size(max)
                ),
            )
        };
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|value| value.to_str().ok())
                .map(str::to_owned)
        };
        let content_type = header("content-type").unwrap_or_default();
        let (etag, last_modified) = (header("etag"), header("last-modified"));
        let deflate =
            header("content-encoding").is_some_and(|e| e.trim().eq_ignore_ascii_case("deflate"));
        if header("content-length")
            .and_then(|n| n.trim().parse::<u64>().ok())
            .is_some_and(|n| n > max && !deflate && header("content-encoding").is_none())
        {
            return Err(too_large(http_status));
        }
        let (media_type, charset) = media_type(&content_type);
        let mut bytes = Vec::new();
        let read = response
            .into_body()
            .into_reader()
            .take(max + 1)
            .read_to_end(&mut bytes);
        if let Err(err) = read {
            return Err(Failure::new(
                FetchStatus::Unreachable,
                Some(http_status),
                format!("{url}: the body could not be read: {err}"),
            ));
        }
        if deflate {
            bytes = inflate(&bytes, max).map_err(|err| {
                Failure::new(
                    FetchStatus::Unreachable,
                    Some(http_status),
                    format!("{url}: the deflate body could not be decoded: {err}"),
                )
            })?;
        }
        if bytes.len() as u64 > max {
            return Err(too_large(http_status));
        }
        Ok(Body {
            final_url: url.to_string(),
            media_type,
            charset,
            bytes,
            http_status,
            etag,
            last_modified,
        })
    }
}

/// `bytes` inflated (zlib, as HTTP's `deflate` is meant, or raw deflate,
/// as some servers send it), at most `max + 1` bytes of it.
fn inflate(bytes: &[u8], max: u64) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let zlib = flate2::read::ZlibDecoder::new(bytes)
        .take(max + 1)
        .read_to_end(&mut out);
    if zlib.is_ok() {
        return Ok(out);
    }
    out.clear();
    flate2::read::DeflateDecoder::new(bytes)
        .take(max + 1)
        .read_to_end(&mut out)?;
    Ok(out)
}

/// `url` parsed, if it is an http(s) address with a host.
fn checked_url(url: &str) -> Result<url::Url, Failure> {
    match url::Url::parse(url) {
        Ok(parsed) if matches!(parsed.scheme(), "http" | "https") && parsed.host().is_some() => {
            Ok(parsed)
        }
        _ => Err(Failure::new(
            FetchStatus::Refused,
            None,
            format!("{url} is not an http or https address; only those are fetched"),
        )),
    }
}

/// The media type of a `Content-Type` value (lowercase, no parameters)
/// and its `charset`, if any.
pub(crate) fn media_type(content_type: &str) -> (String, Option<String>) {
    let mut parts = content_type.split(';');
    let media = parts.next().unwrap_or("").trim().to_ascii_lowercase();
    let charset = parts.find_map(|part| {
        let (name, value) = part.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| value.trim().trim_matches('"').to_owned())
    });
    (media, charset)
}

/// How long a 429 asks to wait: `Retry-After` in seconds (an HTTP date
/// counts as a second), within [`MAX_RETRY_WAIT`].
fn retry_after(response: &ureq::http::Response<ureq::Body>) -> Duration {
    response
        .headers()
        .get("retry-after")
        .and_then(|value| value.to_str().ok())
        .map(|value| match value.trim().parse::<u64>() {
            Ok(seconds) => Duration::from_secs(seconds),
            Err(_) => Duration::from_secs(1),
        })
        .unwrap_or(Duration::from_secs(1))
        .min(MAX_RETRY_WAIT)
}

/// The status of a non-2xx, non-redirect answer.
fn status_failure(
    response: &ureq::http::Response<ureq::Body>,
    code: u16,
    url: &url::Url,
) -> Failure {
    let challenge = response.headers().contains_key("cf-mitigated");
    let (status, what) = match code {
        404 | 410 => (FetchStatus::Gone, "the page is gone"),
        401 | 403 | 451 => (FetchStatus::Blocked, "the server refused the fetcher"),
        429 => (
            FetchStatus::Blocked,
            "the server kept answering 429 Too Many Requests",
        ),
        _ if challenge => (
            FetchStatus::Blocked,
            "the server answered with a bot challenge",
        ),
        _ => (
            FetchStatus::Unreachable,
            "the server answered with an error",
        ),
    };
    Failure::new(status, Some(code), format!("{url}: {what} (HTTP {code})"))
}

/// The status of a request that got no answer.
fn transport_failure(err: &ureq::Error, url: &url::Url, settings: &Settings) -> Failure {
    let refused =
        matches!(err, ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied);
    if refused {
        let host = url.host_str().unwrap_or_default();
        return Failure::new(
            FetchStatus::Refused,
            None,
            format!(
                "{url}: {host} resolves to a loopback, private or link-local address; run `mdbook-evidence fetch --allow-host {host}` if it is meant to be read"
            ),
        );
    }
    let what = match err {
        ureq::Error::Timeout(_) => format!(
            "no answer within {} s (--timeout)",
            settings.timeout.as_secs_f64()
        ),
        ureq::Error::HostNotFound => "the host name does not resolve".into(),
        ureq::Error::ConnectionFailed => "the connection failed".into(),
        ureq::Error::Tls(_) | ureq::Error::Rustls(_) => format!("TLS failed: {err}"),
        other => other.to_string(),
    };
    Failure::new(FetchStatus::Unreachable, None, format!("{url}: {what}"))
}

/// The resolver of [`Fetcher`]: the system's, refusing an address on a
/// loopback, private, link-local or otherwise non-public network unless
/// the host is allowed.
#[derive(Debug)]
struct GuardedResolver {
    allowed: Vec<String>,
    inner: DefaultResolver,
}

impl Resolver for GuardedResolver {
    fn resolve(
        &self,
        uri: &Uri,
        config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let addrs = self.inner.resolve(uri, config, timeout)?;
        let host = uri.host().unwrap_or_default().trim_matches(['[', ']']);
        let allowed = self
            .allowed
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(host));
        if !allowed && addrs.iter().any(|addr| !is_public(addr.ip())) {
            return Err(ureq::Error::Io(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "a loopback, private or link-local address",
            )));
        }
        Ok(addrs)
    }
}

/// Whether `ip` is on the public internet: not loopback, private,
/// link-local, shared (CGNAT), unspecified, multicast or broadcast.
pub(crate) fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)))
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["93.184.216.34", "2606:4700::1111", "::ffff:1.1.1.1"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn media_types_and_charsets_are_read() {
        assert_eq!(
            media_type("Text/HTML; Charset=\"Shift_JIS\""),
            ("text/html".into(), Some("Shift_JIS".into()))
        );
        assert_eq!(media_type(""), (String::new(), None));
    }

    #[test]
    fn only_http_addresses_are_fetched() {
        for bad in [
            "file:///etc/passwd",
            "javascript:x",
            "ftp://a.example/",
            "/rel",
        ] {
            assert_eq!(
                checked_url(bad).unwrap_err().status,
                FetchStatus::Refused,
                "{bad}"
            );
        }
    }
}
