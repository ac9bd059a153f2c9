//! How published pages look and whom they speak to: the [`Edition`], the [`Lang`], and the
//! organizer's branding (a logo and a theme of CSS custom properties), shared by the
//! report, its PDF and the site. Everything is embedded in the pages: nothing is fetched
//! when they are read.

use crate::lang::{Edition, Lang};

/// The edition, language and branding of a report or site.
#[derive(Clone, Debug, Default)]
pub struct Presentation {
    pub edition: Edition,
    pub lang: Lang,
    /// The organizer's logo, shown in each page's header.
    pub logo: Option<Logo>,
    /// CSS setting the pages' custom properties (colours and fonts), applied after the
    /// built-in style sheet.
    pub theme_css: Option<String>,
    /// Whether the public edition shows each player's kifu rating (as of the event) beside
    /// the name; the audit edition always does.
    pub ratings: bool,
    /// The paper the report's PDF is printed on (a theme's own `@page` wins).
    pub paper: Paper,
    /// Each round's games start a new printed page.
    pub page_per_round: bool,
    /// Where the pages will be served from: with it every page names its absolute
    /// address (`og:url`, `<link rel="canonical">`) and its picture's (`og:image`);
    /// without it a page names neither, since a link preview reads absolute addresses only.
    pub base_url: Option<crate::BaseUrl>,
}

/// A sheet of paper the report is printed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm (595 × 842 pt): paper everywhere but North America.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (612 × 792 pt).
    Letter,
}

impl Paper {
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// The flag's name: `a4`, `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    pub fn parse(name: &str) -> Option<Paper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// The CSS `@page` size keyword.
    fn css_size(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

/// An image file embedded in the pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logo {
    /// `image/png`, `image/svg+xml`, …
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

impl Presentation {
    /// Whether the pages show ratings: the audit edition always, the public edition when
    /// asked.
    pub fn shows_ratings(&self) -> bool {
        self.ratings || !self.edition.is_public()
    }

    /// The `<style>` element that applies the theme after the built-in style sheet
    /// (empty without a theme). Put it last in each page's `<head>`.
    pub fn theme_style(&self) -> String {
        match &self.theme_css {
            // `</` would end the element early; CSS has no use for it outside strings.
            Some(css) => format!(
                "<style id=\"theme\">\n{}\n</style>\n",
                css.replace("</", "<\\/")
            ),
            None => String::new(),
        }
    }

    /// The `<style>` element setting the printed page's size, put before the theme's so a
    /// theme's own `@page { size: … }` wins.
    pub fn paper_style(&self) -> String {
        format!(
            "<style id=\"paper\">@page {{ size: {}; }}</style>\n",
            self.paper.css_size()
        )
    }

    /// The logo as an `<img class="logo">` embedded in the page (empty without one).
    pub fn logo_html(&self) -> String {
        match &self.logo {
            Some(logo) => format!(
                "<img class=\"logo\" alt=\"\" src=\"data:{};base64,{}\">",
                logo.mime,
                base64(&logo.bytes)
            ),
            None => String::new(),
        }
    }
}

/// Standard base64 with padding (RFC 4648), for `data:` URLs.
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_follows_rfc_4648() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn the_paper_is_a4_unless_letter_is_asked_for() {
        let mut p = Presentation::default();
        assert!(p.paper_style().contains("@page { size: A4; }"));
        p.paper = Paper::parse("Letter").unwrap();
        assert!(p.paper_style().contains("@page { size: letter; }"));
        assert_eq!(Paper::parse("a5"), None);
    }

    #[test]
    fn a_theme_cannot_close_its_style_element() {
        let p = Presentation {
            theme_css: Some(":root{--accent:red}</style><script>".into()),
            ..Default::default()
        };
        assert!(!p.theme_style().contains("</style><script>"));
    }
}
