//! The font of chart text.
//!
//! PNG text is rasterized by plotters' `ab_glyph` backend from one font that must hold CJK
//! names: the system's, found through fontconfig (`fc-match` for a CJK family, with the face
//! of a collection it names: Noto Sans CJK SC is face 2 of `NotoSansCJK-Regular.ttc`) when
//! it is installed, else a bundled subset of Noto Sans CJK SC (`reports/fonts/README.md`).
//! `KIFU_CHART_FONT` overrides the choice: a font file (its first face), or `bundled`.
//! plotters lays text out with a collection's first face (its advances); the glyphs are
//! drawn from the chosen face ([`crate::raster`]).
//!
//! SVG text stays text: its `font-family` is [`FAMILY`], a CSS list that puts the
//! platform's CJK fonts behind the generic `sans-serif`, so viewers without per-glyph
//! fallback still find one.

use std::sync::Arc;

use crate::chart_error::ChartError;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef};
use plotters::style::FontStyle;

use crate::Error;

/// The family every chart names; the chosen font is registered with plotters under it.
pub(crate) const FAMILY: &str = "sans-serif, Noto Sans CJK SC, Noto Sans CJK JP, \
     Source Han Sans SC, PingFang SC, Hiragino Sans, Microsoft YaHei";

/// The bundled fallback (2.5 MB: Latin, kana, GB2312, JIS X 0208, Big5 level 1).
static BUNDLED: &[u8] = include_bytes!("../fonts/NotoSansCJKsc-kifu-subset.otf");

/// Families asked of fontconfig, most wanted first; a pattern fontconfig answers with a
/// font lacking CJK glyphs is passed over.
const PATTERNS: [&str; 6] = [
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Noto Sans CJK JP",
    "WenQuanYi Micro Hei",
    ":lang=zh-cn",
    ":lang=ja",
];

/// Characters a chart font must draw: a simplified and a traditional hanzi, kana, Latin.
const PROBE: [char; 5] = ['中', '许', '許', 'の', 'A'];

/// Where the chart font comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChartFont {
    /// A font file of the system (found through fontconfig, or named by `KIFU_CHART_FONT`)
    /// and its face in a collection (`.ttc`; 0 for a single font).
    System { path: PathBuf, face: u32 },
    /// The bundled subset of Noto Sans CJK SC.
    Bundled,
}

impl ChartFont {
    /// The font's bytes, read once and kept for the process (plotters wants `'static`).
    fn bytes(&self) -> Result<&'static [u8], ChartError> {
        match self {
            ChartFont::Bundled => Ok(BUNDLED),
            ChartFont::System { path, .. } => {
                let bytes = std::fs::read(path).map_err(|error| ChartError::FontFile {
                    path: path.clone(),
                    error: Arc::new(error),
                })?;
                Ok(Box::leak(bytes.into_boxed_slice()))
            }
        }
    }

    fn face(&self) -> u32 {
        match self {
            ChartFont::Bundled => 0,
            ChartFont::System { face, .. } => *face,
        }
    }

    /// A plotters family name under which this font alone is registered.
    fn private_family(&self) -> String {
        match self {
            ChartFont::Bundled => "kifu-bundled".into(),
            ChartFont::System { path, face } => format!("kifu-system:{}:{face}", path.display()),
        }
    }

    /// Whether the font (its face) is readable and draws CJK names.
    pub fn draws_cjk(&self) -> bool {
        match self {
            ChartFont::Bundled => draws_cjk(BUNDLED, 0),
            ChartFont::System { path, face } => {
                std::fs::read(path).is_ok_and(|b| draws_cjk(&b, *face))
            }
        }
    }
}

impl std::fmt::Display for ChartFont {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChartFont::System { path, face: 0 } => write!(f, "{}", path.display()),
            ChartFont::System { path, face } => write!(f, "{} (face {face})", path.display()),
            ChartFont::Bundled => f.write_str("bundled Noto Sans CJK SC subset"),
        }
    }
}

/// Whether face `face` of `bytes` draws every [`PROBE`] character (and face 0, which
/// plotters lays text out with, is a font too).
fn draws_cjk(bytes: &[u8], face: u32) -> bool {
    FontRef::try_from_slice(bytes).is_ok()
        && FontRef::try_from_slice_and_index(bytes, face)
            .is_ok_and(|font| PROBE.iter().all(|&c| font.glyph_id(c).0 != 0))
}

/// The first CJK-capable font fontconfig offers; `None` without fontconfig.
fn fontconfig_font() -> Option<ChartFont> {
    let mut tried: Vec<ChartFont> = Vec::new();
    for pattern in PATTERNS {
        let out = Command::new("fc-match")
            .args(["--format=%{file}\t%{index}", pattern])
            .output()
            .ok()?;
        let answer = String::from_utf8_lossy(&out.stdout);
        let Some((file, face)) = answer.trim().rsplit_once('\t') else {
            continue;
        };
        let font = ChartFont::System {
            path: PathBuf::from(file),
            face: face.parse().unwrap_or(0),
        };
        if !out.status.success() || file.is_empty() || tried.contains(&font) {
            continue;
        }
        if font.draws_cjk() {
            return Some(font);
        }
        tried.push(font);
    }
    None
}

/// A font registered here: its bytes and the face its glyphs are drawn from.
#[derive(Clone, Copy)]
pub(crate) struct Registered {
    pub bytes: &'static [u8],
    pub face: u32,
}

/// The fonts registered here, by family, for the PNG backend's own text drawing.
static REGISTRY: std::sync::Mutex<Vec<(String, Registered)>> = std::sync::Mutex::new(Vec::new());

/// The font registered under `family`.
pub(crate) fn registered(family: &str) -> Option<Registered> {
    let fonts = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    fonts.iter().find(|(f, _)| f == family).map(|(_, r)| *r)
}

fn register(family: &str, font: Registered) -> Result<(), ChartError> {
    for style in [
        FontStyle::Normal,
        FontStyle::Bold,
        FontStyle::Oblique,
        FontStyle::Italic,
    ] {
        plotters::style::register_font(family, style, font.bytes).map_err(|_| {
            ChartError::UnreadableFont {
                family: family.to_owned(),
            }
        })?;
    }
    REGISTRY
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((family.to_string(), font));
    Ok(())
}

/// The font chosen from `KIFU_CHART_FONT` or fontconfig, with its bytes.
fn choose() -> Result<(ChartFont, Registered), ChartError> {
    let font = match std::env::var_os("KIFU_CHART_FONT") {
        Some(v) if v == "bundled" => ChartFont::Bundled,
        Some(v) => {
            let font = ChartFont::System {
                path: PathBuf::from(v),
                face: 0,
            };
            if !font.draws_cjk() {
                return Err(ChartError::ChartFontVariable {
                    font: font.to_string(),
                    probe: PROBE.iter().collect(),
                });
            }
            font
        }
        None => fontconfig_font().unwrap_or(ChartFont::Bundled),
    };
    let bytes = font.bytes()?;
    let face = font.face();
    Ok((font, Registered { bytes, face }))
}

/// The font of chart text, chosen and registered with plotters under [`FAMILY`] once per
/// process.
pub fn chart_font() -> Result<&'static ChartFont, Error> {
    static CHOSEN: OnceLock<Result<ChartFont, ChartError>> = OnceLock::new();
    CHOSEN
        .get_or_init(|| {
            let (font, registered) = choose()?;
            register(FAMILY, registered)?;
            Ok(font)
        })
        .as_ref()
        .map_err(|e| Error::Chart(e.clone()))
}

/// Registers `font` under a family of its own and returns that family: for drawing with
/// a given font whatever [`chart_font`] chose.
pub(crate) fn family_of(font: &ChartFont) -> Result<String, Error> {
    static DONE: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let family = font.private_family();
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    if !done.contains(&family) {
        if !font.draws_cjk() {
            return Err(Error::Chart(ChartError::NoCjk {
                font: font.to_string(),
            }));
        }
        let bytes = font.bytes().map_err(Error::Chart)?;
        register(
            &family,
            Registered {
                bytes,
                face: font.face(),
            },
        )
        .map_err(Error::Chart)?;
        done.push(family.clone());
    }
    Ok(family)
}

/// The system's CJK font as fontconfig finds it (`None` without fontconfig or without
/// such a font), for tests and diagnostics; [`chart_font`] also honours `KIFU_CHART_FONT`.
pub fn system_cjk_font() -> Option<ChartFont> {
    fontconfig_font()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_draws_cjk_and_other_bytes_do_not() {
        assert!(ChartFont::Bundled.draws_cjk());
        assert!(!draws_cjk(b"not a font", 0));
        // A face the bundled font does not have.
        assert!(!draws_cjk(BUNDLED, 3));
        let missing = ChartFont::System {
            path: PathBuf::from("/nonexistent/font.ttc"),
            face: 2,
        };
        assert!(!missing.draws_cjk());
        assert_eq!(missing.to_string(), "/nonexistent/font.ttc (face 2)");
    }
}
