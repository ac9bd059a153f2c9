//! Board diagrams as standalone SVG strings: the position after `ply` moves, the move `ply`
//! (1-based) marked, coordinates labelled. The diagrams place what the record says without
//! judging legality (an audit finding is often about an illegal move), so they never fail:
//! bytes they cannot read are skipped.
//!
//! Here is what every diagram shares (the SVG's opening, its words, text); each game's
//! board is drawn by its own module.

mod chouchou;
mod renju;
mod territorial;
mod xiangqi;

use std::fmt::Write;

use kifu_facts::GameKind;

use crate::escape::escape;
use crate::lang::{Lang, Msg};

pub(crate) use chouchou::{
    chouchou_board, chouchou_colour, chouchou_colour_label, chouchou_size, chouchou_slot,
    CHOUCHOU_CELL_EDGE, CHOUCHOU_CELL_FILL, CHOUCHOU_GRID,
};
pub use chouchou::{chouchou_diagram, chouchou_diagram_in};
pub(crate) use renju::{renju_board, renju_size, RENJU_GRID};
pub use renju::{renju_diagram, renju_diagram_in};
pub(crate) use territorial::{
    territorial_board, territorial_size, TERRITORIAL_DARK, TERRITORIAL_EDGE, TERRITORIAL_GRID,
    TERRITORIAL_LIGHT,
};
pub use territorial::{territorial_diagram, territorial_diagram_in};
pub(crate) use xiangqi::{xiangqi_board, xiangqi_size, XIANGQI_GRID};
pub use xiangqi::{xiangqi_diagram, xiangqi_diagram_with, XiangqiCoordinates};

const FONT_STACK: &str = "'DejaVu Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Microsoft YaHei', \
                          sans-serif";
pub(crate) const MARK: &str = "#d62d20";

/// Where a board's points or cells lie: `margin` from the top-left corner to the first line
/// (or cell edge), `cell` between lines (or the cell's side).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid {
    pub margin: f64,
    pub cell: f64,
}

/// A diagram's own words (its title, the note under the board) in a language; English
/// as the report always wrote them.
#[derive(Clone, Copy)]
struct Words(Lang);

impl Words {
    /// `Renju position after move 12`.
    fn title(self, kind: GameKind, upto: usize) -> String {
        match self.0 {
            Lang::En => format!("{} position after move {upto}", kind.title()),
            lang => lang.fill(
                Msg::DiagramTitle,
                &[("kind", lang.kind(kind)), ("n", &upto.to_string())],
            ),
        }
    }

    /// `after 12 moves` (ChouChou: actions).
    fn after(self, upto: usize, actions: bool) -> String {
        match (self.0, actions) {
            (Lang::En, false) => format!("after {upto} moves"),
            (Lang::En, true) => format!("after {upto} actions"),
            (lang, false) => lang.fill(Msg::DiagramAfterMoves, &[("n", &upto.to_string())]),
            (lang, true) => lang.fill(Msg::DiagramAfterActions, &[("n", &upto.to_string())]),
        }
    }

    /// `move 12: h8` (ChouChou: `action 3: …`).
    fn moved(self, ply: u32, text: &str, actions: bool) -> String {
        match (self.0, actions) {
            (Lang::En, false) => format!("move {ply}: {text}"),
            (Lang::En, true) => format!("action {ply}: {text}"),
            (lang, false) => {
                lang.fill(Msg::DiagramMove, &[("n", &ply.to_string()), ("move", text)])
            }
            (lang, true) => lang.fill(
                Msg::DiagramAction,
                &[("n", &ply.to_string()), ("move", text)],
            ),
        }
    }

    fn pass(self) -> &'static str {
        match self.0 {
            Lang::En => "pass",
            lang => lang.text(Msg::Pass),
        }
    }
}

/// `#rrggbb` of a board's colour, for the SVG.
fn hex(c: plotters::style::RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn open(w: u32, h: u32, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"{}\" role=\"img\" class=\"diagram\">\
         <title>{}</title>",
        FONT_STACK.replace('\'', "&apos;"),
        escape(title)
    )
}

/// The line under a diagram that names the move shown.
fn caption(out: &mut String, x: f64, y: f64, note: &str) {
    text(out, x, y, 13.0, "#333", "", note);
}

pub(crate) fn text(out: &mut String, x: f64, y: f64, size: f64, fill: &str, extra: &str, t: &str) {
    let _ = write!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" fill=\"{fill}\" \
         text-anchor=\"middle\" dominant-baseline=\"central\"{extra}>{}</text>",
        escape(t)
    );
}
