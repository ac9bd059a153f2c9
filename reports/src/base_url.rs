//! Where a report or site will be served from (`--base-url`): parsed once into a
//! [`BaseUrl`], so every page's `og:url`, `og:image` and `<link rel="canonical">` are the
//! absolute addresses link previews require (Facebook, X, Slack and Discord ignore or
//! misread relative ones).

use std::fmt;

/// An absolute `http` or `https` address of a site's root, always ending in `/`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// Reads `text` as a site's root address: `http://` or `https://`, a host, an optional
    /// port and path; no user name, query or fragment (a page's address is appended to
    /// it). A missing trailing `/` is added: `https://example.org/wxc2015` is the folder.
    pub fn parse(text: &str) -> Result<BaseUrl, BaseUrlError> {
        let bad = |why: Why| {
            Err(BaseUrlError {
                text: text.to_owned(),
                why,
            })
        };
        let Some((scheme, rest)) = text.split_once("://") else {
            return bad(Why::NotAbsolute);
        };
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return bad(Why::Scheme(scheme));
        }
        if let Some(c) = text
            .chars()
            .find(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '<' | '>' | '\\'))
        {
            return bad(Why::Character(c));
        }
        if text.contains(['?', '#']) {
            return bad(Why::QueryOrFragment);
        }
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        if host.contains('@') {
            return bad(Why::UserName);
        }
        // An IPv6 address (`[::1]`) has colons of its own; a port follows its `]`.
        let (name, port) = match host.rsplit_once(':') {
            Some((name, port)) if !host.ends_with(']') => (name, Some(port)),
            _ => (host, None),
        };
        let host_ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':'));
        if !host_ok {
            return bad(Why::NoHost);
        }
        if let Some(port) = port {
            if port.parse::<u16>().is_err() {
                return bad(Why::Port(port.to_owned()));
            }
        }
        let mut url = format!("{scheme}://{host}{path}");
        if !url.ends_with('/') {
            url.push('/');
        }
        Ok(BaseUrl(url))
    }

    /// The absolute address of `path`, a page or file below the root (`games/12.png`),
    /// already percent-encoded where it needs to be.
    pub fn join(&self, path: &str) -> String {
        format!("{}{}", self.0, path.trim_start_matches('/'))
    }

    /// The root's address, with its trailing `/`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a text is not a site's address ([`BaseUrl::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseUrlError {
    /// The text given.
    pub text: String,
    pub why: Why,
}

/// What a text lacks to be a site's address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// No `http://` or `https://`.
    NotAbsolute,
    /// A scheme other than http or https (lowercased).
    Scheme(String),
    /// Whitespace, a control character or one of `"<>\`.
    Character(char),
    /// A `?` or `#`: page addresses go after the root.
    QueryOrFragment,
    UserName,
    NoHost,
    /// A port that is not a number up to 65535.
    Port(String),
}

impl fmt::Display for BaseUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a site's address: ", self.text)?;
        match &self.why {
            Why::NotAbsolute => f.write_str("it is not absolute (no http:// or https://)"),
            Why::Scheme(scheme) => write!(f, "the scheme {scheme:?} is not http or https"),
            Why::Character(c) => write!(f, "it has the character {c:?}"),
            Why::QueryOrFragment => {
                f.write_str("it has a query or fragment, and page addresses go after it")
            }
            Why::UserName => f.write_str("it has a user name"),
            Why::NoHost => f.write_str("it has no host name"),
            Why::Port(port) => write!(f, "the port {port:?} is not a number up to 65535"),
        }?;
        f.write_str(" (write it as https://example.org/event/)")
    }
}

impl std::error::Error for BaseUrlError {}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_root_gets_its_trailing_slash_and_joins_page_paths() {
        let base = BaseUrl::parse("https://example.org/wxc2015").unwrap();
        assert_eq!(base.as_str(), "https://example.org/wxc2015/");
        assert_eq!(
            base.join("games/12.png"),
            "https://example.org/wxc2015/games/12.png"
        );
        let root = BaseUrl::parse("HTTP://localhost:8080").unwrap();
        assert_eq!(root.join("index.html"), "http://localhost:8080/index.html");
        assert_eq!(
            BaseUrl::parse("https://example.org/a/").unwrap().as_str(),
            "https://example.org/a/"
        );
    }

    #[test]
    fn what_is_no_sites_address_says_why() {
        for (text, why) in [
            ("example.org/wxc2015", "not absolute"),
            ("/wxc2015/", "not absolute"),
            ("ftp://example.org/", "not http or https"),
            ("https:///wxc2015", "no host name"),
            ("https://example.org/a b", "the character ' '"),
            ("https://example.org/?page=1", "query or fragment"),
            ("https://me@example.org/", "user name"),
            ("https://example.org:http/", "not a number"),
        ] {
            let error = BaseUrl::parse(text).unwrap_err().to_string();
            assert!(error.contains(why), "{text}: {error}");
        }
    }
}
