//! The `og:` and `twitter:` meta of a page: what a shared link's preview reads (title,
//! type, what the page is, a picture). The report and every page of the site write theirs
//! here.

use std::fmt::Write;

use crate::escape::escape;

/// A page's preview as a shared link shows it.
pub(crate) struct ShareMeta<'a> {
    pub(crate) title: &'a str,
    /// What the page is, in a few words (plain text).
    pub(crate) description: &'a str,
    /// `website` for an index, `article` for a game's, a player's or an event's page.
    pub(crate) og_type: &'a str,
    /// A picture of the page (a game's final position), relative to the page.
    pub(crate) image: Option<&'a str>,
}

/// The `<meta>` elements of `m`, each on its own line.
pub(crate) fn share_meta(m: &ShareMeta) -> String {
    let mut out = String::with_capacity(512);
    let mut meta = |attr: &str, key: &str, value: &str| {
        let _ = writeln!(out, "<meta {attr}=\"{key}\" content=\"{}\">", escape(value));
    };
    meta("property", "og:title", m.title);
    meta("property", "og:type", m.og_type);
    meta("property", "og:description", m.description);
    // Twitter reads the title, description and image from the `og:` tags: only its card's
    // kind is its own (a site's thousands of pages each carry these bytes).
    match m.image {
        Some(image) => {
            meta("property", "og:image", image);
            meta("name", "twitter:card", "summary_large_image");
        }
        None => meta("name", "twitter:card", "summary"),
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
            image: None,
        });
        assert!(html.contains("<meta property=\"og:title\" content=\"A &quot;final&quot;\">"));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary\">"));
        assert!(!html.contains("og:image"));
    }
}
