//! The ChouChou diagram: the board as the engine replays the actions, each cell's pieces
//! per colour as numbered discs.

use std::fmt::Write;

use kifu_facts::ResultName;
use kifu_rules::chouchou;

use plotters::style::RGBColor;

use super::{caption, hex, open, text, Grid, Words, MARK};
use crate::escape::escape;
use crate::lang::{Lang, Msg};
use crate::sides::{side_colour, SideColour};

/// A cell's fill and edge, in the diagrams and the site's board pictures.
pub(crate) const CHOUCHOU_CELL_FILL: RGBColor = RGBColor(0xf6, 0xef, 0xe2);
pub(crate) const CHOUCHOU_CELL_EDGE: RGBColor = RGBColor(0x8a, 0x6d, 0x45);

pub(crate) const CHOUCHOU_GRID: Grid = Grid {
    margin: 34.0,
    cell: 88.0,
};

/// The ChouChou diagram's width and height for an `n`×`n` board.
pub(crate) fn chouchou_size(n: usize) -> (u32, u32) {
    let Grid { margin: m, cell } = CHOUCHOU_GRID;
    (
        (m * 2.0 + cell * n as f64) as u32,
        (m * 2.0 + cell * n as f64) as u32 + 46,
    )
}

/// What a ChouChou colour stands for: `P1`… (a seat), or `team 1`… in pairs games.
pub(crate) fn chouchou_colour_label(pairs: bool, k: usize) -> String {
    if pairs {
        format!("team {}", k + 1)
    } else {
        format!("P{}", k + 1)
    }
}

/// The colour of ChouChou colour `k` (0-based: a seat, or a team in pairs games).
pub(crate) fn chouchou_colour(k: usize) -> SideColour {
    side_colour(ResultName::Seat((k % 4) as u8 + 1))
}

fn cc_colour(k: usize) -> String {
    chouchou_colour(k).hex()
}

/// Where in its cell (fractions of the cell's side from its top-left) the disc of the
/// `j`th of `present` colours on the cell goes: one alone in the middle, more in the
/// four corners' slots.
pub(crate) fn chouchou_slot(j: usize, present: usize) -> (f64, f64) {
    const SLOTS: [(f64, f64); 4] = [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)];
    if present == 1 {
        (0.5, 0.5)
    } else {
        SLOTS[j % 4]
    }
}

/// ChouChou: the board after `ply` actions as the engine replays them (captures applied),
/// each cell showing its pieces per colour as numbered discs; the action `ply` marked (a
/// ring on a placed cell, an arrow for a move or swap).
pub fn chouchou_diagram(variant: &str, players: u8, pairs: bool, moves: &[u8], ply: u32) -> String {
    chouchou_diagram_in(variant, players, pairs, moves, ply, Lang::En)
}

/// [`chouchou_diagram`] with its words in `lang`.
pub fn chouchou_diagram_in(
    variant: &str,
    players: u8,
    pairs: bool,
    moves: &[u8],
    ply: u32,
    lang: Lang,
) -> String {
    let words = Words(lang);
    let v = chouchou::Variant::from_id(variant).unwrap_or(chouchou::Variant::Standard);
    let n = v.size() as usize;
    let actions = chouchou::decode_actions(moves).unwrap_or_default();
    let upto = (ply as usize).min(actions.len());
    let players = players.clamp(2, 4);
    let pairs = pairs && players == 4;
    let replay = chouchou::check(v, players, pairs, &actions[..upto]);
    let board = &replay.board;
    let colours = board.colours() as usize;
    const CELL: f64 = CHOUCHOU_GRID.cell;
    const M: f64 = CHOUCHOU_GRID.margin;
    let (w, h) = chouchou_size(n);
    let mut out = open(
        w,
        h,
        &match lang {
            Lang::En => format!("ChouChou {} board after action {upto}", v.id()),
            lang => lang.fill(
                Msg::DiagramChouChouTitle,
                &[("variant", v.id()), ("n", &upto.to_string())],
            ),
        },
    );
    let corner = |c: (u8, u8)| (M + c.0 as f64 * CELL, M + c.1 as f64 * CELL);
    let marked = if ply >= 1 {
        actions.get(ply as usize - 1).copied()
    } else {
        None
    };
    let placed = match marked {
        Some(chouchou::CcActionText::Place { cell }) => Some(cell),
        _ => None,
    };
    chouchou_board(&mut out, n, placed);
    // Discs go on top of the move mark, so they are collected apart.
    let mut pieces = String::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = corner((c as u8, r as u8));
            let cell = (c as u8, r as u8);
            let present: Vec<(usize, u8)> = (0..colours)
                .map(|k| (k, board.count(cell, k)))
                .filter(|&(_, k)| k > 0)
                .collect();
            for (j, &(k, count)) in present.iter().enumerate() {
                let (sx, sy) = chouchou_slot(j, present.len());
                let (cx, cy) = (x + sx * CELL, y + sy * CELL);
                let _ = write!(
                    pieces,
                    "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"15\" fill=\"{}\" stroke=\"#222\" stroke-width=\"1\"/>",
                    cc_colour(k)
                );
                text(
                    &mut pieces,
                    cx,
                    cy + 1.0,
                    14.0,
                    "#fff",
                    " font-weight=\"bold\"",
                    &count.to_string(),
                );
            }
        }
    }
    let centre = |c: (u8, u8)| {
        let (x, y) = corner(c);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    let mut note = words.after(upto, true);
    if let Some(a) = marked {
        match a {
            chouchou::CcActionText::Place { cell } => {
                if (cell.0 as usize) < n && (cell.1 as usize) < n {
                    let (x, y) = corner(cell);
                    let _ = write!(
                        out,
                        "<rect class=\"mark\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"4\"/>",
                        x + 4.0,
                        y + 4.0,
                        CELL - 8.0,
                        CELL - 8.0
                    );
                }
            }
            chouchou::CcActionText::MoveTwo { from, to }
            | chouchou::CcActionText::SwapOne { from, to } => {
                let (x0, y0) = centre(from);
                let (x1, y1) = centre(to);
                let _ = write!(
                    out,
                    "<line class=\"mark\" x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{x1:.1}\" y2=\"{y1:.1}\" stroke=\"{MARK}\" stroke-width=\"4\" stroke-opacity=\"0.85\" marker-end=\"url(#cc-arrow)\"/>"
                );
            }
        }
        let seat = replay
            .moves
            .get(ply as usize - 1)
            .map(|m| format!("P{} ", m.seat + 1))
            .unwrap_or_default();
        note = words.moved(ply, &format!("{seat}{}", chouchou::action_text(&a)), true);
    }
    out.push_str(&pieces);
    // Legend: one disc per colour.
    let legend_y = M + CELL * n as f64 + 14.0;
    let mut lx = M;
    for k in 0..colours {
        let label = chouchou_colour_label(pairs, k);
        let _ = write!(
            out,
            "<circle cx=\"{:.1}\" cy=\"{legend_y:.1}\" r=\"6\" fill=\"{}\"/>",
            lx + 6.0,
            cc_colour(k)
        );
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{legend_y:.1}\" font-size=\"12\" fill=\"#333\" dominant-baseline=\"central\">{}</text>",
            lx + 16.0,
            escape(&label)
        );
        lx += 64.0;
    }
    caption(&mut out, w as f64 / 2.0, h as f64 - 12.0, &note);
    out.push_str("</svg>");
    out
}

/// The empty ChouChou board of [`chouchou_diagram`] (`n`×`n`; the cell `placed` on highlighted):
/// the arrow marker, background, cells, coordinates.
pub(crate) fn chouchou_board(out: &mut String, n: usize, placed: Option<(u8, u8)>) {
    const CELL: f64 = CHOUCHOU_GRID.cell;
    const M: f64 = CHOUCHOU_GRID.margin;
    let (w, h) = chouchou_size(n);
    let _ = write!(
        out,
        "<defs><marker id=\"cc-arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\">\
         <path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"{MARK}\"/></marker></defs>\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    let corner = |c: (u8, u8)| (M + c.0 as f64 * CELL, M + c.1 as f64 * CELL);
    for r in 0..n {
        for c in 0..n {
            let (x, y) = corner((c as u8, r as u8));
            let fill = if placed == Some((c as u8, r as u8)) {
                "#fbe7a1".to_owned()
            } else {
                hex(CHOUCHOU_CELL_FILL)
            };
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"2\"/>",
                hex(CHOUCHOU_CELL_EDGE)
            );
        }
    }
    for i in 0..n {
        let (x, _) = corner((i as u8, 0));
        text(
            out,
            x + CELL / 2.0,
            M - 14.0,
            13.0,
            "#555",
            "",
            &(i + 1).to_string(),
        );
        let (_, y) = corner((0, i as u8));
        text(
            out,
            M - 14.0,
            y + CELL / 2.0,
            13.0,
            "#555",
            "",
            &((b'A' + i as u8) as char).to_string(),
        );
    }
}
