//! The `og:` and `twitter:` meta of a page: what a shared link's preview reads (title,
//! type, what the page is, its address and a picture). The report and every page of the
//! site write theirs here.
//!
//! A preview reads absolute addresses only (the Open Graph protocol asks for them, and
//! Facebook, X, Slack and Discord ignore or misread relative ones), so `og:url`, the
//! canonical link and `og:image` are written only when the pages know where they will be
//! served from ([`BaseUrl`], `--base-url`); without it a page names no picture rather
//! than one no preview shows.

use std::fmt::Write;

use crate::escape::escape;
use crate::BaseUrl;

/// A page's preview as a shared link shows it.
pub(crate) struct ShareMeta<'a> {
    pub(crate) title: &'a str,
    /// What the page is, in a few words (plain text; escaped here, once).
    pub(crate) description: &'a str,
    /// `website` for an index, `article` for a game's or an event's page, `profile` for a
    /// player's.
    pub(crate) og_type: &'a str,
    /// The page's address below the root (`games/12.html`), percent-encoded.
    pub(crate) page: &'a str,
    /// A picture of the page (a game's final position), its address below the root.
    pub(crate) image: Option<&'a str>,
    /// Where the root is served from; `None`: no address is named.
    pub(crate) base_url: Option<&'a BaseUrl>,
}

/// The `<meta>` elements (and the canonical `<link>`) of `m`, each on its own line.
pub(crate) fn share_meta(m: &ShareMeta) -> String {
    let mut out = String::with_capacity(512);
    let mut meta = |attr: &str, key: &str, value: &str| {
        let _ = writeln!(out, "<meta {attr}=\"{key}\" content=\"{}\">", escape(value));
    };
    meta("property", "og:title", m.title);
    meta("property", "og:type", m.og_type);
    meta("property", "og:description", m.description);
    let image = m.base_url.zip(m.image).map(|(base, i)| base.join(i));
    if let Some(base) = m.base_url {
        meta("property", "og:url", &base.join(m.page));
    }
    // Twitter reads the title, description and image from the `og:` tags: only its card's
    // kind is its own (a site's thousands of pages each carry these bytes).
    match &image {
        Some(image) => {
            meta("property", "og:image", image);
            meta("name", "twitter:card", "summary_large_image");
        }
        None => meta("name", "twitter:card", "summary"),
    }
    if let Some(base) = m.base_url {
        let _ = writeln!(
            out,
            "<link rel=\"canonical\" href=\"{}\">",
            escape(&base.join(m.page))
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preview_without_an_image_is_a_summary_card() {
        let html = share_meta(&ShareMeta {
            title: "A \"final\"",
            description: "d",
            og_type: "website",
            page: "index.html",
            image: None,
            base_url: None,
        });
        assert!(html.contains("<meta property=\"og:title\" content=\"A &quot;final&quot;\">"));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
        assert!(!html.contains("og:image"));
    }

    #[test]
    fn addresses_are_absolute_or_not_written() {
        let base = BaseUrl::parse("https://example.org/wxc2015").unwrap();
        let game = |base_url| {
            share_meta(&ShareMeta {
                title: "t",
                description: "d",
                og_type: "article",
                page: "games/12.html",
                image: Some("games/12.png"),
                base_url,
            })
        };
        let html = game(Some(&base));
        for line in [
            "<meta property=\"og:url\" content=\"https://example.org/wxc2015/games/12.html\">",
            "<meta property=\"og:image\" content=\"https://example.org/wxc2015/games/12.png\">",
            "<meta name=\"twitter:card\" content=\"summary_large_image\">",
            "<link rel=\"canonical\" href=\"https://example.org/wxc2015/games/12.html\">",
        ] {
            assert!(html.contains(line), "{line}\n{html}");
        }
        // A relative picture no preview would show is not named.
        let html = game(None);
        assert!(
            !html.contains("og:image") && !html.contains("og:url"),
            "{html}"
        );
        assert!(!html.contains("canonical"), "{html}");
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
    }
}
