//! The Renju diagram: a 15×15 board, stones numbered in move order, Black's forbidden
//! points crossed.

use std::fmt::Write;

use kifu_facts::{GameKind, ResultName};

use super::{caption, open, text, Grid, Words, MARK};
use crate::escape::escape;
use crate::lang::{Lang, Msg};
use crate::sides::side_colour;

pub(crate) const RENJU_GRID: Grid = Grid {
    margin: 44.0,
    cell: 28.0,
};

/// The Renju diagram's width and height.
pub(crate) fn renju_size() -> (u32, u32) {
    let Grid { margin: m, cell } = RENJU_GRID;
    let size = m * 2.0 + cell * 14.0;
    (size as u32, size as u32 + 24)
}

/// Renju: a 15×15 board, stones numbered in move order, the move `ply` ringed in red,
/// Black's forbidden points (`(point index, kind)`: `double-three`, `double-four`,
/// `overline` or any text) crossed with their symbol 3 / 4 / 6.
pub fn renju_diagram(moves: &[u8], ply: u32, forbidden: &[(u8, &str)]) -> String {
    renju_diagram_in(moves, ply, forbidden, Lang::En)
}

/// [`renju_diagram`] with its words in `lang`.
pub fn renju_diagram_in(moves: &[u8], ply: u32, forbidden: &[(u8, &str)], lang: Lang) -> String {
    let words = Words(lang);
    const N: usize = 15;
    const CELL: f64 = RENJU_GRID.cell;
    const M: f64 = RENJU_GRID.margin;
    let size = M * 2.0 + CELL * (N as f64 - 1.0);
    let (w, h) = renju_size();
    let upto = (ply as usize).min(moves.len());
    // stone per point: (black?, move number)
    let mut board: [Option<(bool, usize)>; N * N] = [None; N * N];
    for (i, &b) in moves[..upto].iter().enumerate() {
        if (b as usize) < N * N {
            board[b as usize] = Some((i % 2 == 0, i + 1));
        }
    }
    let marked = if ply >= 1 {
        moves.get(ply as usize - 1).copied()
    } else {
        None
    };
    let xy = |p: usize| {
        let (col, row) = (p % N, p / N);
        (
            M + col as f64 * CELL,
            M + (N - 1 - row) as f64 * CELL, // row 15 on top
        )
    };
    let mut out = open(w, h, &words.title(GameKind::Renju, upto));
    renju_board(&mut out);
    for &(p, kind) in forbidden {
        if (p as usize) < N * N && board[p as usize].is_none() {
            let (x, y) = xy(p as usize);
            let d = CELL * 0.28;
            let sym = match kind {
                "double-three" | "DoubleThree" | "3" => "3",
                "double-four" | "DoubleFour" | "4" => "4",
                "overline" | "Overline" | "6" => "6",
                _ => "×",
            };
            let named = match sym {
                "3" => lang.text(Msg::DoubleThree),
                "4" => lang.text(Msg::DoubleFour),
                "6" => lang.text(Msg::Overline),
                _ => kind,
            };
            let named = lang.fill(Msg::ForbiddenPointTitle, &[("kind", named)]);
            let _ = write!(
                out,
                "<g class=\"forbidden\"><title>{}</title>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{MARK}\" stroke-width=\"2\"/>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{MARK}\" stroke-width=\"2\"/>",
                escape(&named),
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d
            );
            text(
                &mut out,
                x + d + 4.0,
                y - d - 2.0,
                10.0,
                MARK,
                " font-weight=\"bold\"",
                sym,
            );
            out.push_str("</g>");
        }
    }
    let r = CELL * 0.46;
    for (p, stone) in board.iter().enumerate() {
        if let Some((black, n)) = stone {
            let (x, y) = xy(p);
            let (fill, ink) = if *black {
                (side_colour(ResultName::Black).hex(), "#fff")
            } else {
                (side_colour(ResultName::White).hex(), "#1b1b1b")
            };
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"#1b1b1b\" stroke-width=\"1\"/>"
            );
            let fs = if *n >= 100 { 9.5 } else { 11.5 };
            text(&mut out, x, y, fs, ink, "", &n.to_string());
        }
    }
    let mut note = words.after(upto, false);
    if let Some(b) = marked {
        if (b as usize) < N * N {
            let (x, y) = xy(b as usize);
            let _ = write!(
                out,
                "<circle class=\"mark\" cx=\"{x}\" cy=\"{y}\" r=\"{:.1}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"3\"/>",
                r + 3.0
            );
            let name = format!("{}{}", (b'a' + (b % 15)) as char, b / 15 + 1);
            note = words.moved(ply, &name, false);
        } else {
            note = words.moved(ply, words.pass(), false);
        }
    }
    caption(&mut out, size / 2.0, h as f64 - 14.0, &note);
    out.push_str("</svg>");
    out
}

/// The empty Renju board of [`renju_diagram`]: background, grid, star points, coordinates.
pub(crate) fn renju_board(out: &mut String) {
    const N: usize = 15;
    const CELL: f64 = RENJU_GRID.cell;
    const M: f64 = RENJU_GRID.margin;
    let (w, h) = renju_size();
    let xy = |p: usize| {
        let (col, row) = (p % N, p / N);
        (
            M + col as f64 * CELL,
            M + (N - 1 - row) as f64 * CELL, // row 15 on top
        )
    };
    let _ = write!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\
         <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"4\" fill=\"#e9c58a\" stroke=\"#b08a4e\"/>",
        M - CELL * 0.7,
        M - CELL * 0.7,
        CELL * (N as f64 - 1.0) + CELL * 1.4,
        CELL * (N as f64 - 1.0) + CELL * 1.4
    );
    out.push_str("<g stroke=\"#5a4324\" stroke-width=\"1\">");
    for i in 0..N {
        let v = M + i as f64 * CELL;
        let end = M + CELL * (N as f64 - 1.0);
        let _ = write!(
            out,
            "<line x1=\"{M}\" y1=\"{v}\" x2=\"{end}\" y2=\"{v}\"/><line x1=\"{v}\" y1=\"{M}\" x2=\"{v}\" y2=\"{end}\"/>"
        );
    }
    out.push_str("</g>");
    for (c, r) in [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)] {
        let (x, y) = xy(r * N + c);
        let _ = write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"#5a4324\"/>"
        );
    }
    for i in 0..N {
        let (x, _) = xy(i);
        let letter = (b'a' + i as u8) as char;
        text(
            out,
            x,
            M - CELL * 0.7 - 10.0,
            11.0,
            "#555",
            "",
            &letter.to_string(),
        );
        let (_, y) = xy(i * N);
        text(
            out,
            M - CELL * 0.7 - 12.0,
            y,
            11.0,
            "#555",
            "",
            &(i + 1).to_string(),
        );
    }
}
