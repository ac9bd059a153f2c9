//! `--edition`, `--lang`, `--logo`, `--theme`, `--paper`, `--page-per-round` and
//! `--base-url` of `kifu report` and `kifu site`, read into
//! one [`kifu_reports::Presentation`]: the logo and theme files are read here, and a theme
//! that would fetch anything when the pages are read is refused.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_reports::{Logo, Presentation};

use crate::choice::unknown_name;

/// How `kifu report` and `kifu site` present their pages: edition, language, branding.
#[derive(Args, Clone, Debug)]
pub(super) struct PresentationArgs {
    /// public (the event as the public reads it: no audit, finding codes, source paths or
    /// move classes) or audit (everything kifu knows, for the federation).
    #[arg(long, default_value = "audit", value_parser = parse_edition, help_heading = "Presentation")]
    edition: kifu_reports::Edition,
    /// The pages' language: en, ja, zh-Hans or zh-Hant.
    #[arg(long, default_value = "en", value_parser = parse_lang, help_heading = "Presentation")]
    lang: kifu_reports::Lang,
    /// An image (PNG, JPEG, GIF, WebP or SVG) shown in every page's header, embedded.
    #[arg(long, value_name = "FILE", help_heading = "Presentation")]
    logo: Option<PathBuf>,
    /// A CSS file setting the pages' custom properties (colours and fonts), applied after
    /// the built-in style; it may not fetch anything (no @import, no remote url()).
    #[arg(long, value_name = "FILE", help_heading = "Presentation")]
    theme: Option<PathBuf>,
    /// The paper the report's PDF is printed on: a4 or letter (a theme's own @page size
    /// wins).
    #[arg(long, default_value = "a4", value_parser = parse_paper, help_heading = "Presentation")]
    paper: kifu_reports::Paper,
    /// Start each round's games on a new printed page (the report's PDF).
    #[arg(long, help_heading = "Presentation")]
    page_per_round: bool,
    /// Show each player's kifu rating (Whole-History Rating, as of the event's last game
    /// date) beside the name in the public edition; the audit edition always shows it.
    #[arg(long, help_heading = "Presentation")]
    ratings: bool,
    /// Where the pages will be served from, an absolute http or https address
    /// (https://example.org/wxc2015/): every page then names its own address (og:url, the
    /// canonical link) and a site's game pages a picture of the final position
    /// (og:image). Without it none are named: link previews read absolute addresses only.
    #[arg(long, value_name = "URL", value_parser = kifu_reports::BaseUrl::parse, help_heading = "Presentation")]
    base_url: Option<kifu_reports::BaseUrl>,
}

pub(super) fn parse_paper(s: &str) -> Result<kifu_reports::Paper, String> {
    kifu_reports::Paper::parse(s).ok_or_else(|| {
        unknown_name(
            "paper",
            s,
            kifu_reports::Paper::ALL.map(kifu_reports::Paper::name),
        )
    })
}

pub(super) fn parse_edition(s: &str) -> Result<kifu_reports::Edition, String> {
    kifu_reports::Edition::parse(s).ok_or_else(|| unknown_name("edition", s, ["public", "audit"]))
}

pub(super) fn parse_lang(s: &str) -> Result<kifu_reports::Lang, String> {
    kifu_reports::Lang::parse(s).ok_or_else(|| {
        unknown_name(
            "language",
            s,
            kifu_reports::Lang::ALL.map(kifu_reports::Lang::tag),
        )
    })
}

impl PresentationArgs {
    /// The presentation the flags give, with the logo and theme files read and checked.
    pub(super) fn presentation(&self) -> Result<Presentation> {
        let logo = match &self.logo {
            None => None,
            Some(path) => {
                let bytes =
                    std::fs::read(path).with_context(|| format!("--logo {}", path.display()))?;
                let Some(mime) = image_type(&bytes) else {
                    bail!(
                        "--logo {}: not a PNG, JPEG, GIF, WebP or SVG image",
                        path.display()
                    );
                };
                Some(Logo { mime, bytes })
            }
        };
        let theme_css = match &self.theme {
            None => None,
            Some(path) => {
                let css = std::fs::read_to_string(path)
                    .with_context(|| format!("--theme {}", path.display()))?;
                if let Some(why) = fetches(&css) {
                    bail!(
                        "--theme {}: {why}; the pages are read without a network, so a \
                         theme sets colours and fonts the reader's machine has (or embeds \
                         them as data: URLs)",
                        path.display()
                    );
                }
                Some(css)
            }
        };
        Ok(Presentation {
            edition: self.edition,
            lang: self.lang,
            logo,
            theme_css,
            paper: self.paper,
            page_per_round: self.page_per_round,
            ratings: self.ratings,
            base_url: self.base_url.clone(),
        })
    }
}

/// The image type of a file, by its first bytes.
fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
        head.contains("<svg").then_some("image/svg+xml")
    }
}

/// Why a style sheet would make a request when read, if it would.
fn fetches(css: &str) -> Option<String> {
    let lower = css.to_ascii_lowercase();
    if lower.contains("@import") {
        return Some("it has an @import".into());
    }
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("url(") {
        let target = rest[i + 4..].trim_start_matches([' ', '"', '\'']);
        if !target.starts_with("data:") && !target.starts_with('#') {
            let shown: String = target
                .chars()
                .take_while(|c| !matches!(c, ')' | '"' | '\''))
                .collect();
            return Some(format!("url({shown}) would be fetched"));
        }
        rest = &rest[i + 4..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_theme_that_fetches_is_refused() {
        assert_eq!(fetches(":root { --accent: #a00; }"), None);
        assert_eq!(
            fetches("h1 { background: url(data:image/png;base64,AA) }"),
            None
        );
        assert!(fetches("@import 'x.css';").is_some());
        assert_eq!(
            fetches("body { background: url(\"https://x.org/a.png\") }").as_deref(),
            Some("url(https://x.org/a.png) would be fetched")
        );
    }

    #[test]
    fn logos_are_known_by_their_bytes() {
        assert_eq!(image_type(b"\x89PNG\r\n\x1a\nrest"), Some("image/png"));
        assert_eq!(
            image_type(b"<?xml version='1.0'?><svg/>"),
            Some("image/svg+xml")
        );
        assert_eq!(image_type(b"hello"), None);
    }
}
