//! The Chess Territorial diagram: the 8×8 board with the placements so far, pieces as
//! lettered discs.

use std::fmt::Write;

use kifu_facts::{GameKind, ResultName};

use plotters::style::RGBColor;

use super::{caption, hex, open, text, Grid, Words, MARK};
use crate::lang::Lang;
use crate::sides::side_colour;

/// The board's light and dark squares and its edge, in the diagrams and the site's board
/// pictures.
pub(crate) const TERRITORIAL_LIGHT: RGBColor = RGBColor(0xf0, 0xd9, 0xb5);
pub(crate) const TERRITORIAL_DARK: RGBColor = RGBColor(0xb5, 0x88, 0x63);
pub(crate) const TERRITORIAL_EDGE: RGBColor = RGBColor(0x6b, 0x4e, 0x2a);

pub(crate) const TERRITORIAL_GRID: Grid = Grid {
    margin: 30.0,
    cell: 40.0,
};

/// The Chess Territorial diagram's width and height.
pub(crate) fn territorial_size() -> (u32, u32) {
    let Grid { margin: m, cell } = TERRITORIAL_GRID;
    (
        (m * 2.0 + cell * 8.0) as u32,
        (m * 2.0 + cell * 8.0) as u32 + 20,
    )
}

/// Chess Territorial: the 8×8 board with the placements up to `ply` (White places on odd
/// plies), pieces as discs with their letter (white discs White, dark discs Black), the
/// placement `ply` on a highlighted square with a red ring.
pub fn territorial_diagram(moves: &[u8], ply: u32) -> String {
    territorial_diagram_in(moves, ply, Lang::En)
}

/// [`territorial_diagram`] with its words in `lang`.
pub fn territorial_diagram_in(moves: &[u8], ply: u32, lang: Lang) -> String {
    let words = Words(lang);
    const CELL: f64 = TERRITORIAL_GRID.cell;
    const M: f64 = TERRITORIAL_GRID.margin;
    let (w, h) = territorial_size();
    let pairs: Vec<(u8, u8)> = moves.chunks_exact(2).map(|c| (c[0], c[1])).collect();
    let upto = (ply as usize).min(pairs.len());
    let mut board: [Option<(bool, char)>; 64] = [None; 64];
    for (i, &(letter, sq)) in pairs[..upto].iter().enumerate() {
        if sq < 64 && letter.is_ascii_alphabetic() {
            board[sq as usize] = Some((i % 2 == 0, letter.to_ascii_uppercase() as char));
        }
    }
    let marked = if ply >= 1 {
        pairs.get(ply as usize - 1).copied()
    } else {
        None
    };
    let xy = |s: usize| {
        let (file, rank) = (s % 8, s / 8);
        (M + file as f64 * CELL, M + (7 - rank) as f64 * CELL)
    };
    let mut out = open(w, h, &words.title(GameKind::Territorial, upto));
    territorial_board(&mut out, marked.map(|(_, sq)| sq as usize));
    let rad = CELL * 0.36;
    for (s, p) in board.iter().enumerate() {
        if let Some((white, letter)) = p {
            let (x, y) = xy(s);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            let (fill, ink) = if *white {
                (side_colour(ResultName::White).hex(), "#1b1b1b")
            } else {
                (side_colour(ResultName::Black).hex(), "#ffffff")
            };
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{rad:.1}\" fill=\"{fill}\" stroke=\"#1b1b1b\" stroke-width=\"1.5\"/>"
            );
            text(
                &mut out,
                cx,
                cy + 1.0,
                17.0,
                ink,
                " font-weight=\"bold\"",
                &letter.to_string(),
            );
        }
    }
    let mut note = words.after(upto, false);
    if let Some((letter, sq)) = marked {
        if sq < 64 {
            let (x, y) = xy(sq as usize);
            let _ = write!(
                out,
                "<circle class=\"mark\" cx=\"{}\" cy=\"{}\" r=\"{:.1}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"3\"/>",
                x + CELL / 2.0,
                y + CELL / 2.0,
                rad + 3.0
            );
            let name = format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1);
            let piece = if letter.is_ascii_alphabetic() {
                (letter.to_ascii_uppercase() as char).to_string()
            } else {
                "?".to_string()
            };
            note = words.moved(ply, &format!("{piece}@{name}"), false);
        } else {
            note = words.moved(ply, words.pass(), false);
        }
    }
    caption(&mut out, w as f64 / 2.0, h as f64 - 12.0, &note);
    out.push_str("</svg>");
    out
}

/// The Chess Territorial board of [`territorial_diagram`]: squares (`marked` highlighted),
/// border, coordinates.
pub(crate) fn territorial_board(out: &mut String, marked: Option<usize>) {
    const CELL: f64 = TERRITORIAL_GRID.cell;
    const M: f64 = TERRITORIAL_GRID.margin;
    let (w, h) = territorial_size();
    let xy = |s: usize| {
        let (file, rank) = (s % 8, s / 8);
        (M + file as f64 * CELL, M + (7 - rank) as f64 * CELL)
    };
    let _ = write!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>"
    );
    for s in 0..64 {
        let (x, y) = xy(s);
        let light = (s % 8 + s / 8) % 2 == 1;
        let mut fill = hex(if light {
            TERRITORIAL_LIGHT
        } else {
            TERRITORIAL_DARK
        });
        if let Some(sq) = marked {
            if sq == s {
                fill = if light { "#f7ec74" } else { "#dac34b" }.to_owned();
            }
        }
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
        );
    }
    let _ = write!(
        out,
        "<rect x=\"{M}\" y=\"{M}\" width=\"{0}\" height=\"{0}\" fill=\"none\" stroke=\"{1}\"/>",
        CELL * 8.0,
        hex(TERRITORIAL_EDGE)
    );
    for i in 0..8 {
        let (x, _) = xy(i);
        text(
            out,
            x + CELL / 2.0,
            M + CELL * 8.0 + 12.0,
            11.0,
            "#555",
            "",
            &((b'a' + i as u8) as char).to_string(),
        );
        let (_, y) = xy(i * 8);
        text(
            out,
            M - 12.0,
            y + CELL / 2.0,
            11.0,
            "#555",
            "",
            &(i + 1).to_string(),
        );
    }
}
