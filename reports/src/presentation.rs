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
}

/// An image file embedded in the pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logo {
    /// `image/png`, `image/svg+xml`, …
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}
