//! The identity of a cited web page in `citation.v1`: its normalized URL
//! and the `cid` computed from it. Import uses the same two functions, so
//! that an imported page and a link-checked record of it are one item, and
//! [`is_http_url`], the test of a URL it may link.

use sha2::{Digest, Sha256};

/// Computes `normalized_url` from `url_original` by the seven steps of
/// the `citation.v1` format, in order, and nothing else:
///
/// 1. parse the URL, which must be absolute: `http` or `https` (the steps
///    define default ports for those only), `://` and a host, without white
///    space or control characters; the string is then rebuilt from its own
///    parts, never re-encoded (no percent-encoding, punycode, dot-segment
///    removal or trailing slash is added);
/// 2. lowercase the scheme and the host (Unicode lowercase, so an
///    internationalized host stays as written, in lower case);
/// 3. drop the fragment (`#…`);
/// 4. drop the tracking parameters of the query: those whose key starts
///    with `utm_`, and the keys `gclid` and `fbclid`, compared exactly as
///    written (`UTM_Source` is not a tracking key: the format says "by exact
///    rules");
/// 5. sort the remaining parameters by key, then by value, comparing the
///    strings as written (code point order; `%20` and `+` are not decoded)
///    and joining each `key=value` (or a bare `key`, which stays bare)
///    unchanged with `&`; empty parameters (`a=1&&b=2`) are not parameters
///    and go, as does a `?` with no parameter left;
/// 6. drop `:80` from an `http` URL and `:443` from an `https` one;
/// 7. keep a path of `/`, else drop one trailing `/` (an empty path stays
///    empty: `https://example.com` is already normalized).
pub fn normalize_url(original: &str) -> Result<String, String> {
    let parts = UrlParts::split(original)?;
    // Step 1 also asks a real URL parser whether the URL is absolute: the
    // split above is only of the string's syntax.
    let parsed = url::Url::parse(original)
        .map_err(|err| format!("`url_original` {original:?} is not an absolute URL ({err})"))?;
    if parsed.host().is_none() {
        return Err(format!("`url_original` {original:?} has no host"));
    }
    // Step 2.
    let scheme = parts.scheme.to_ascii_lowercase();
    if scheme != "http" && scheme != "https" {
        return Err(format!(
            "`url_original` {original:?} is not an http or https URL"
        ));
    }
    let host = parts.host.to_lowercase();
    // Step 6.
    let port = match (scheme.as_str(), parts.port) {
        ("http", Some("80")) | ("https", Some("443")) => None,
        (_, port) => port,
    };
    // Step 7.
    let path = match parts.path {
        "/" => "/",
        path => path.strip_suffix('/').unwrap_or(path),
    };
    let mut out = format!("{scheme}://");
    if let Some(userinfo) = parts.userinfo {
        out.push_str(userinfo);
        out.push('@');
    }
    out.push_str(&host);
    if let Some(port) = port {
        out.push(':');
        out.push_str(port);
    }
    out.push_str(path);
    // Steps 4 and 5 (step 3: the fragment was never taken).
    if let Some(query) = parts.query {
        let mut params: Vec<(&str, &str, &str)> = query
            .split('&')
            .filter(|param| !param.is_empty())
            .map(|param| {
                let (key, value) = param.split_once('=').unwrap_or((param, ""));
                (key, value, param)
            })
            .filter(|(key, _, _)| !is_tracking_key(key))
            .collect();
        params.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        for (i, (_, _, param)) in params.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(param);
        }
    }
    Ok(out)
}

/// The parts of an absolute URL, as written.
struct UrlParts<'a> {
    scheme: &'a str,
    userinfo: Option<&'a str>,
    host: &'a str,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
}

impl<'a> UrlParts<'a> {
    /// Splits `scheme://[userinfo@]host[:port]path[?query][#fragment]`.
    fn split(url: &'a str) -> Result<UrlParts<'a>, String> {
        let not_absolute =
            |why: &str| format!("`url_original` {url:?} is not an absolute URL ({why})");
        if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(not_absolute("it holds white space or a control character"));
        }
        if url.contains('\\') {
            return Err(not_absolute("it holds a backslash"));
        }
        let (scheme, rest) = url
            .split_once(':')
            .ok_or_else(|| not_absolute("no scheme"))?;
        let scheme_ok = scheme
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic())
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
        if !scheme_ok {
            return Err(not_absolute("no scheme"));
        }
        let rest = rest
            .strip_prefix("//")
            .ok_or_else(|| not_absolute("no `//` after the scheme"))?;
        let rest = rest.split_once('#').map_or(rest, |(before, _)| before);
        let (before_query, query) = match rest.split_once('?') {
            Some((before, query)) => (before, Some(query)),
            None => (rest, None),
        };
        let (authority, path) = match before_query.find('/') {
            Some(at) => before_query.split_at(at),
            None => (before_query, ""),
        };
        let (userinfo, host_port) = match authority.rsplit_once('@') {
            Some((userinfo, host_port)) => (Some(userinfo), host_port),
            None => (None, authority),
        };
        // An IPv6 host is bracketed; a port follows the last colon.
        let port_at = match host_port.rfind(']') {
            Some(close) => host_port[close..].find(':').map(|i| close + i),
            None => host_port.rfind(':'),
        };
        let (host, port) = match port_at {
            Some(at) => (&host_port[..at], Some(&host_port[at + 1..])),
            None => (host_port, None),
        };
        if host.is_empty() {
            return Err(not_absolute("no host"));
        }
        Ok(UrlParts {
            scheme,
            userinfo,
            host,
            port,
            path,
            query,
        })
    }
}

/// `utm_*`, `gclid`, `fbclid`, as written.
fn is_tracking_key(key: &str) -> bool {
    key.starts_with("utm_") || key == "gclid" || key == "fbclid"
}

/// The title a web page without one is cited by: its normalized address
/// without the scheme and a trailing `/`, which the References show.
pub fn address_title(normalized: &str) -> String {
    let rest = normalized
        .split_once("://")
        .map_or(normalized, |(_, rest)| rest);
    rest.trim_end_matches('/').to_owned()
}

/// `cid_` + the lowercase hex SHA-256 of the UTF-8 bytes of `normalized_url`.
pub fn cid(normalized_url: &str) -> String {
    format!(
        "cid_{}",
        crate::hex::lower_hex(&Sha256::digest(normalized_url.as_bytes()))
    )
}

/// Whether an item is web evidence addressed by its URL: its id is the
/// `cid` of its normalized `url`, or that cid, `.` and a passage hash (the
/// ids `import` gives web pages). Like a `citation.v1` record, such an item
/// stands for a page, which need not say when it was published.
pub fn is_content_addressed(id: &str, url: Option<&str>) -> bool {
    let Some(page) = url.and_then(|url| normalize_url(url).ok()).map(|n| cid(&n)) else {
        return false;
    };
    id.strip_prefix(page.as_str())
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.') && rest.len() > 1)
}

/// Whether `url` is an absolute http or https URL with a host (what
/// [`EvidenceItem::link`](crate::store::EvidenceItem::link) accepts), for
/// URLs that are not an item's.
pub fn is_http_url(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_absolute_http_urls() {
        assert!(is_http_url("https://example.org/x?y=1"));
        assert!(is_http_url("HTTP://EXAMPLE.ORG"));
        for bad in [
            "javascript:alert(1)",
            "data:text/html,x",
            "file:///etc/passwd",
            "/relative",
            "https://",
            "mailto:a@b.c",
        ] {
            assert!(!is_http_url(bad), "{bad}");
        }
    }

    fn norm(url: &str) -> String {
        normalize_url(url).unwrap_or_else(|err| panic!("{url}: {err}"))
    }

    #[test]
    fn step_1_the_url_must_be_absolute_http() {
        for bad in [
            "/relative/path",
            "example.com/doc",
            "mailto:a@example.com",
            "ftp://example.com/x",
            "https:example.com/x",
            "https://",
            " https://example.com/",
            "https://exa mple.com/",
            "https://example.com/a\\b",
            "",
        ] {
            assert!(normalize_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn step_2_scheme_and_host_are_lowercased_but_not_the_rest() {
        assert_eq!(
            norm("HTTPS://User:PW@WWW.Example.COM/Some/Path?Q=A"),
            "https://User:PW@www.example.com/Some/Path?Q=A"
        );
        // An internationalized host is lowercased, not turned into punycode.
        assert_eq!(norm("https://BÜCHER.example/ä"), "https://bücher.example/ä");
        assert_eq!(norm("https://[::1]:8080/x"), "https://[::1]:8080/x");
    }

    #[test]
    fn step_3_the_fragment_is_removed() {
        assert_eq!(
            norm("https://example.com/doc#section-2"),
            "https://example.com/doc"
        );
        assert_eq!(
            norm("https://example.com/doc?a=1#x?y=2"),
            "https://example.com/doc?a=1"
        );
    }

    #[test]
    fn step_4_tracking_parameters_are_removed_by_exact_key() {
        assert_eq!(
            norm("https://example.com/doc?utm_source=x&utm_medium=y&utm_campaign_id=3&id=7"),
            "https://example.com/doc?id=7"
        );
        assert_eq!(
            norm("https://example.com/doc?gclid=abc&fbclid=def&page=2"),
            "https://example.com/doc?page=2"
        );
        // Keys are compared as written: `UTM_Source` and `GCLID` stay.
        assert_eq!(
            norm("https://example.com/doc?UTM_Source=x&GCLID=y"),
            "https://example.com/doc?GCLID=y&UTM_Source=x"
        );
        // Only a `utm_` prefix and the two exact keys: look-alikes stay.
        assert_eq!(
            norm("https://example.com/doc?utm=1&xutm_a=2&gclid2=3&fbclid_x=4"),
            "https://example.com/doc?fbclid_x=4&gclid2=3&utm=1&xutm_a=2"
        );
        assert_eq!(
            norm("https://example.com/doc?utm_source=x"),
            "https://example.com/doc"
        );
        assert_eq!(norm("https://example.com/doc?"), "https://example.com/doc");
        assert_eq!(
            norm("https://example.com/doc?a=1&&b=2&"),
            "https://example.com/doc?a=1&b=2"
        );
    }

    #[test]
    fn step_5_parameters_are_sorted_and_joined_unchanged() {
        assert_eq!(
            norm("https://example.com/s?q=rates&b=2&a=9&a=1"),
            "https://example.com/s?a=1&a=9&b=2&q=rates"
        );
        // Code point order: upper case sorts before lower case.
        assert_eq!(
            norm("https://example.com/s?b=1&B=2"),
            "https://example.com/s?B=2&b=1"
        );
        // Nothing is decoded or re-encoded; a bare key stays bare.
        assert_eq!(
            norm("https://example.com/s?q=fed+rates&k=%7E&e=caf%C3%A9&flag"),
            "https://example.com/s?e=caf%C3%A9&flag&k=%7E&q=fed+rates"
        );
        assert_eq!(
            norm("https://example.com/s?x=é&w=%20"),
            "https://example.com/s?w=%20&x=é"
        );
    }

    #[test]
    fn step_6_default_ports_are_removed_and_others_kept() {
        assert_eq!(norm("http://example.com:80/a"), "http://example.com/a");
        assert_eq!(norm("https://example.com:443/a"), "https://example.com/a");
        assert_eq!(norm("HTTPS://example.com:443"), "https://example.com");
        assert_eq!(norm("https://example.com:80/a"), "https://example.com:80/a");
        assert_eq!(
            norm("http://example.com:8080/a"),
            "http://example.com:8080/a"
        );
    }

    #[test]
    fn step_7_one_trailing_slash_is_removed_except_the_root() {
        assert_eq!(
            norm("https://example.com/docs/"),
            "https://example.com/docs"
        );
        assert_eq!(norm("https://example.com/"), "https://example.com/");
        assert_eq!(norm("https://example.com"), "https://example.com");
        assert_eq!(norm("https://example.com/a//"), "https://example.com/a/");
        assert_eq!(
            norm("https://example.com/docs/?x=1"),
            "https://example.com/docs?x=1"
        );
        // Dot segments and percent-encoding are the path's own.
        assert_eq!(
            norm("https://example.com/a/./b/../c%2Fd/"),
            "https://example.com/a/./b/../c%2Fd"
        );
    }

    #[test]
    fn the_format_examples_normalize_as_their_records_say() {
        assert_eq!(
            norm("https://example.com/doc?utm_source=x"),
            "https://example.com/doc"
        );
        assert_eq!(norm("https://dead.example.com"), "https://dead.example.com");
    }

    #[test]
    fn cid_is_the_lowercase_sha256_of_the_utf8_bytes() {
        // Values from `printf %s '<url>' | sha256sum`.
        assert_eq!(
            cid("https://example.com/doc"),
            "cid_9813a80c59ae8111adf2b881b481b0a6334db465cd7c961d98cec1830f9aa1db"
        );
        assert_eq!(
            cid(""),
            "cid_e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        // Non-ASCII text is hashed as its UTF-8 bytes.
        assert_eq!(
            cid("https://example.com/café"),
            "cid_b65dae36fa32fd0db71ab2d58573376219f4afbe1717022ca5ec766b8b5fb9aa"
        );
        assert_eq!(
            cid("https://example.com/caf%C3%A9"),
            "cid_d111192409cd9af133e4ad4bf2783397392c82832e36b493fa3c311ff969127c"
        );
    }

    #[test]
    fn content_addressed_ids_are_the_cid_of_their_url() {
        let url = "https://example.com/doc?utm_source=x";
        let page = cid("https://example.com/doc");
        assert!(is_content_addressed(&page, Some(url)));
        assert!(is_content_addressed(
            &format!("{page}.0123456789ab"),
            Some(url)
        ));
        assert!(!is_content_addressed(&format!("{page}."), Some(url)));
        assert!(!is_content_addressed(
            &page,
            Some("https://example.com/other")
        ));
        assert!(!is_content_addressed("ev_doc0", Some(url)));
        assert!(!is_content_addressed(&page, None));
    }
}
