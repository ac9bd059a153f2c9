//! The colours of the sides, one home for every chart and board diagram: Black and White
//! stones (Renju, Territorial), Red and Black pieces (Xiangqi), the ChouChou player
//! colours; draws in a neutral grey. A chart's legend names them through [`legend`].

use crate::lang::{Lang, Msg};
use kifu_facts::{GameKind, ResultName};
use plotters::style::RGBColor;

/// How a side is drawn: its fill, and the edge that keeps a white fill visible on paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideColour {
    pub fill: (u8, u8, u8),
    pub edge: (u8, u8, u8),
}

impl SideColour {
    const fn plain(r: u8, g: u8, b: u8) -> SideColour {
        SideColour {
            fill: (r, g, b),
            edge: (r, g, b),
        }
    }

    /// `#rrggbb` of the fill, for hand-written SVG.
    pub fn hex(self) -> String {
        let (r, g, b) = self.fill;
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    pub(crate) fn fill_rgb(self) -> RGBColor {
        RGBColor(self.fill.0, self.fill.1, self.fill.2)
    }

    pub(crate) fn edge_rgb(self) -> RGBColor {
        RGBColor(self.edge.0, self.edge.1, self.edge.2)
    }
}

const BLACK: SideColour = SideColour::plain(0x1b, 0x1b, 0x1b);
const WHITE: SideColour = SideColour {
    fill: (0xfa, 0xfa, 0xfa),
    edge: (0x1b, 0x1b, 0x1b),
};
const RED: SideColour = SideColour::plain(0xc0, 0x26, 0x2d);
const DRAW: SideColour = SideColour::plain(0xa8, 0xa8, 0xa8);
const UNKNOWN: SideColour = SideColour {
    fill: (0xe4, 0xe6, 0xea),
    edge: (0x8c, 0x92, 0x9e),
};
/// ChouChou seats P1…P4, as the board diagrams colour their pieces.
const SEATS: [SideColour; 4] = [
    SideColour::plain(0xd6, 0x45, 0x3d),
    SideColour::plain(0x2f, 0x6e, 0xba),
    SideColour::plain(0x3c, 0x9a, 0x4a),
    SideColour::plain(0xe0, 0x95, 0x2a),
];

/// The colour of a side (or of a draw, or an unknown result).
pub fn side_colour(side: ResultName) -> SideColour {
    match side {
        ResultName::Black => BLACK,
        ResultName::White => WHITE,
        ResultName::Red => RED,
        ResultName::Seat(n) => SEATS[usize::from(n.clamp(1, 4)) - 1],
        ResultName::Draw => DRAW,
        ResultName::Unknown => UNKNOWN,
    }
}

/// A side's name in a legend: `Black`, `White`, `Red`, `P1`…, `draw`.
pub fn side_name(side: ResultName) -> String {
    match side {
        ResultName::Black => "Black".into(),
        ResultName::White => "White".into(),
        ResultName::Red => "Red".into(),
        ResultName::Seat(n) => format!("P{n}"),
        ResultName::Draw => "draw".into(),
        ResultName::Unknown => "unknown".into(),
    }
}

/// The sides of a game kind, the first mover first (ChouChou: up to four seats).
pub fn sides(kind: GameKind) -> Vec<ResultName> {
    kind.seats().iter().map(|&seat| kind.win(seat)).collect()
}

/// What a legend entry says about a side in a chart of results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// `Red wins`, `draw`.
    Wins,
    /// `Black's score`.
    Score,
    /// `Red ahead` (a balance or margin above or below zero).
    Ahead,
}

/// The legend entry of one side: its text and colour. Every chart that colours sides
/// draws its legend from these.
pub fn legend_in(side: ResultName, meaning: Meaning, lang: Lang) -> (String, SideColour) {
    let text = match (side, meaning) {
        (ResultName::Draw, _) => lang.text(Msg::Draw).to_owned(),
        (ResultName::Unknown, _) => lang.text(Msg::NoResult).to_owned(),
        (_, meaning) => {
            let name = if lang == Lang::En {
                side_name(side)
            } else {
                lang.side(side)
            };
            let msg = match meaning {
                Meaning::Wins => Msg::LegendWins,
                Meaning::Score => Msg::LegendScore,
                Meaning::Ahead => Msg::LegendAhead,
            };
            lang.fill(msg, &[("side", &name)])
        }
    };
    (text, side_colour(side))
}

/// How a colour reads in words, for the key under a section's title.
fn colour_words(side: ResultName, lang: Lang) -> &'static str {
    lang.text(match side {
        ResultName::Black => Msg::ColourNearBlack,
        ResultName::White => Msg::ColourWhiteOutlined,
        ResultName::Red | ResultName::Seat(1) => Msg::ColourRed,
        ResultName::Seat(2) => Msg::ColourBlue,
        ResultName::Seat(3) => Msg::ColourGreen,
        ResultName::Seat(_) => Msg::ColourOrange,
        ResultName::Draw => Msg::ColourGrey,
        ResultName::Unknown => Msg::ColourLightGrey,
    })
}

/// The colour key of a game's charts in one sentence: every chart of the kind draws its
/// sides in these colours (the legend under each chart repeats them).
pub fn colour_key(kind: GameKind, lang: Lang) -> String {
    let parts: Vec<String> = sides(kind)
        .into_iter()
        .chain([ResultName::Draw])
        .map(|s| format!("{} {}", lang.side(s), colour_words(s, lang)))
        .collect();
    let sep = if lang == Lang::En { ", " } else { "、" };
    lang.fill(Msg::ChartColours, &[("parts", &parts.join(sep))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_of_every_kind_has_its_own_colour() {
        for kind in GameKind::ALL {
            let mut seen: Vec<SideColour> = vec![side_colour(ResultName::Draw)];
            for side in sides(kind) {
                let c = side_colour(side);
                assert!(!seen.contains(&c), "{kind}: {side:?} repeats a colour");
                seen.push(c);
            }
        }
    }

    #[test]
    fn xiangqi_red_is_red_and_renju_black_is_dark() {
        let (r, g, b) = side_colour(ResultName::Red).fill;
        assert!(r > 150 && g < 80 && b < 80);
        let (r, g, b) = side_colour(ResultName::Black).fill;
        assert!(r < 60 && g < 60 && b < 60);
        assert_eq!(side_colour(ResultName::Black).hex(), "#1b1b1b");
        assert_eq!(
            legend_in(ResultName::Red, Meaning::Wins, Lang::En).0,
            "Red wins"
        );
        assert_eq!(
            legend_in(ResultName::Draw, Meaning::Wins, Lang::En).0,
            "draw"
        );
        assert_eq!(
            colour_key(GameKind::Xiangqi, Lang::En),
            "Chart colours: Red red, Black near-black, draws grey."
        );
    }
}
