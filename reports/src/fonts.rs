//! The font of chart text.
//!
//! PNG text is rasterized by plotters' `ab_glyph` backend from one font that must hold CJK
//! names: the system's, found through fontconfig (`fc-match` for a CJK family) when it is
//! installed, else a bundled subset of Noto Sans CJK SC (`reports/fonts/README.md`).
//! `KIFU_CHART_FONT` overrides the choice: a font file, or `bundled`.
//!
//! SVG text stays text: its `font-family` is [`FAMILY`], a CSS list that puts the
//! platform's CJK fonts behind the generic `sans-serif`, so viewers without per-glyph
//! fallback still find one.

use std::path::{Path, PathBuf};
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
    /// A font file of the system (found through fontconfig, or named by `KIFU_CHART_FONT`).
    /// Of a collection (`.ttc`), its first face.
    System(PathBuf),
    /// The bundled subset of Noto Sans CJK SC.
    Bundled,
}

impl ChartFont {
    /// The font's bytes, read once and kept for the process (plotters wants `'static`).
    fn bytes(&self) -> Result<&'static [u8], Error> {
        match self {
            ChartFont::Bundled => Ok(BUNDLED),
            ChartFont::System(path) => {
                let bytes = std::fs::read(path).map_err(|e| Error::Io(path.clone(), e))?;
                Ok(Box::leak(bytes.into_boxed_slice()))
            }
        }
    }

    /// A plotters family name under which this font alone is registered.
    fn private_family(&self) -> String {
        match self {
            ChartFont::Bundled => "kifu-bundled".into(),
            ChartFont::System(path) => format!("kifu-system:{}", path.display()),
        }
    }
}

impl std::fmt::Display for ChartFont {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChartFont::System(p) => write!(f, "{}", p.display()),
            ChartFont::Bundled => f.write_str("bundled Noto Sans CJK SC subset"),
        }
    }
}

/// Whether `bytes` is a font (its first face) that draws every [`PROBE`] character.
fn draws_cjk(bytes: &[u8]) -> bool {
    FontRef::try_from_slice(bytes).is_ok_and(|font| PROBE.iter().all(|&c| font.glyph_id(c).0 != 0))
}

/// The first CJK-capable font file fontconfig offers; `None` without fontconfig.
fn fontconfig_font() -> Option<PathBuf> {
    let mut tried: Vec<PathBuf> = Vec::new();
    for pattern in PATTERNS {
        let out = Command::new("fc-match")
            .args(["--format=%{file}", pattern])
            .output()
            .ok()?;
        let file = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if !out.status.success() || file.as_os_str().is_empty() || tried.contains(&file) {
            continue;
        }
        if is_cjk_font(&file) {
            return Some(file);
        }
        tried.push(file);
    }
    None
}

/// The fonts registered here, by family, for the PNG backend's own text drawing.
static REGISTRY: std::sync::Mutex<Vec<(String, &'static [u8])>> = std::sync::Mutex::new(Vec::new());

/// The bytes of the font registered under `family`.
pub(crate) fn registered_bytes(family: &str) -> Option<&'static [u8]> {
    let fonts = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    fonts.iter().find(|(f, _)| f == family).map(|(_, b)| *b)
}

fn register(family: &str, bytes: &'static [u8]) -> Result<(), Error> {
    REGISTRY
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((family.to_string(), bytes));
    for style in [
        FontStyle::Normal,
        FontStyle::Bold,
        FontStyle::Oblique,
        FontStyle::Italic,
    ] {
        plotters::style::register_font(family, style, bytes)
            .map_err(|_| Error::Chart(format!("{family}: not a font plotters can read")))?;
    }
    Ok(())
}

/// The font chosen from `KIFU_CHART_FONT` or fontconfig, with its bytes.
fn choose() -> Result<(ChartFont, &'static [u8]), String> {
    match std::env::var_os("KIFU_CHART_FONT") {
        Some(v) if v == "bundled" => Ok((ChartFont::Bundled, BUNDLED)),
        Some(v) => {
            let font = ChartFont::System(PathBuf::from(v));
            let bytes = font.bytes().map_err(|e| format!("KIFU_CHART_FONT: {e}"))?;
            if !draws_cjk(bytes) {
                return Err(format!(
                    "KIFU_CHART_FONT: {font} is not a font with CJK glyphs ({})",
                    PROBE.iter().collect::<String>()
                ));
            }
            Ok((font, bytes))
        }
        None => match fontconfig_font() {
            Some(path) => {
                let font = ChartFont::System(path);
                let bytes = font.bytes().map_err(|e| e.to_string())?;
                Ok((font, bytes))
            }
            None => Ok((ChartFont::Bundled, BUNDLED)),
        },
    }
}

/// The font of chart text, chosen and registered with plotters under [`FAMILY`] once per
/// process.
pub fn chart_font() -> Result<&'static ChartFont, Error> {
    static CHOSEN: OnceLock<Result<ChartFont, String>> = OnceLock::new();
    CHOSEN
        .get_or_init(|| {
            let (font, bytes) = choose()?;
            register(FAMILY, bytes).map_err(|e| e.to_string())?;
            Ok(font)
        })
        .as_ref()
        .map_err(|e| Error::Chart(e.clone()))
}

/// Registers `font` under a family of its own and returns that family: for drawing with
/// a given font whatever [`chart_font`] chose.
pub(crate) fn family_of(font: &ChartFont) -> Result<String, Error> {
    static REGISTERED: OnceLock<std::sync::Mutex<Vec<String>>> = OnceLock::new();
    let family = font.private_family();
    let mut done = REGISTERED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if !done.contains(&family) {
        let bytes = font.bytes()?;
        if !draws_cjk(bytes) {
            return Err(Error::Chart(format!("{font}: no CJK glyphs")));
        }
        register(&family, bytes)?;
        done.push(family.clone());
    }
    Ok(family)
}

/// The system's CJK font as fontconfig finds it (`None` without fontconfig or without
/// such a font), for tests and diagnostics; [`chart_font`] also honours `KIFU_CHART_FONT`.
pub fn system_cjk_font() -> Option<PathBuf> {
    fontconfig_font()
}

/// Whether `path` names a readable font with CJK glyphs.
pub fn is_cjk_font(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|b| draws_cjk(&b))
}
