//! The Xiangqi diagram: the 9×10 board from a start position, the moves applied as
//! written, pieces as Chinese characters, files labelled in ICCS or as Chinese readers do.

use std::fmt::Write;

use kifu_facts::{GameKind, ResultName};
use kifu_rules::xiangqi;

use super::{caption, open, text, Grid, Words, MARK};
use crate::lang::Lang;
use crate::sides::side_colour;

pub(crate) const XIANGQI_GRID: Grid = Grid {
    margin: 44.0,
    cell: 40.0,
};

/// The Xiangqi diagram's width and height.
pub(crate) fn xiangqi_size() -> (u32, u32) {
    let Grid { margin: m, cell } = XIANGQI_GRID;
    (
        (m * 2.0 + cell * 8.0) as u32,
        (m * 2.0 + cell * 9.0) as u32 + 34,
    )
}

/// Xiangqi: the 9×10 board from `start_fen` (the standard start when `None` or unreadable),
/// the moves applied as written (`from, to` squares `rank * 9 + file`), pieces as Chinese
/// characters, the move `ply` shown by a ring on its destination and a dashed ring on its
/// origin.
pub fn xiangqi_diagram(start_fen: Option<&str>, moves: &[u8], ply: u32) -> String {
    xiangqi_diagram_with(start_fen, moves, ply, XiangqiCoordinates::Iccs, Lang::En)
}

/// How a Xiangqi board's files and ranks are labelled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum XiangqiCoordinates {
    /// ICCS: files `a`–`i` under the board, ranks `0`–`9` beside it (the report's default).
    #[default]
    Iccs,
    /// As Chinese readers number the files, each side from its own right: Red's
    /// 九…一 along Red's (bottom) edge, Black's 1…9 along Black's (top) edge; ranks are
    /// not numbered.
    Chinese,
}

/// The last of `pairs` (played from `start`) as the note under the board writes it: in
/// Chinese notation for the readers who write Xiangqi so ([`crate::notation::xiangqi_move`]),
/// else in ICCS; ICCS too when a move before it has no piece to move (a damaged record).
fn move_written(start: &xiangqi::Position, pairs: &[(u8, u8)], lang: Lang) -> String {
    let Some((&(f, t), before)) = pairs.split_last() else {
        return String::new();
    };
    let m = xiangqi::Move::new(xiangqi::Square(f), xiangqi::Square(t));
    if !lang.writes_xiangqi_in_chinese() {
        return m.iccs();
    }
    let mut pos = start.clone();
    for &(from, to) in before {
        if from >= 90 || to >= 90 || pos.piece_at(xiangqi::Square(from)).is_none() {
            return m.iccs();
        }
        pos.make(xiangqi::Move::new(
            xiangqi::Square(from),
            xiangqi::Square(to),
        ));
    }
    if f >= 90 || t >= 90 || pos.piece_at(xiangqi::Square(f)).is_none() {
        return m.iccs();
    }
    crate::notation::xiangqi_move(&pos, m, lang)
}

/// Red's file numerals, from Red's left (file `a`, 九) to Red's right (file `i`, 一).
const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];

/// [`xiangqi_diagram`] with its coordinates labelled as `coordinates` says.
pub fn xiangqi_diagram_with(
    start_fen: Option<&str>,
    moves: &[u8],
    ply: u32,
    coordinates: XiangqiCoordinates,
    lang: Lang,
) -> String {
    let words = Words(lang);
    const CELL: f64 = XIANGQI_GRID.cell;
    const M: f64 = XIANGQI_GRID.margin;
    let (w, h) = xiangqi_size();
    let pos = start_fen
        .and_then(|f| xiangqi::Position::from_fen(f).ok())
        .unwrap_or_else(xiangqi::Position::startpos);
    let mut board: [Option<xiangqi::Piece>; 90] = [None; 90];
    for (i, slot) in board.iter_mut().enumerate() {
        *slot = pos.piece_at(xiangqi::Square(i as u8));
    }
    let pairs: Vec<(u8, u8)> = moves.chunks_exact(2).map(|c| (c[0], c[1])).collect();
    let upto = (ply as usize).min(pairs.len());
    for &(f, t) in &pairs[..upto] {
        if f < 90 && t < 90 {
            if let Some(p) = board[f as usize].take() {
                board[t as usize] = Some(p);
            }
        }
    }
    let xy = |s: usize| {
        let (file, rank) = (s % 9, s / 9);
        (M + file as f64 * CELL, M + (9 - rank) as f64 * CELL)
    };
    let mut out = open(w, h, &words.title(GameKind::Xiangqi, upto));
    xiangqi_board(&mut out, coordinates);
    let marked = if ply >= 1 {
        pairs.get(ply as usize - 1).copied()
    } else {
        None
    };
    let rad = CELL * 0.42;
    if let Some((f, _)) = marked {
        if f < 90 {
            let (x, y) = xy(f as usize);
            let _ = write!(
                out,
                "<circle class=\"from\" cx=\"{x}\" cy=\"{y}\" r=\"{:.1}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
                rad
            );
        }
    }
    for (s, p) in board.iter().enumerate() {
        if let Some(p) = p {
            let (x, y) = xy(s);
            let ink = side_colour(if p.side() == xiangqi::Side::Red {
                ResultName::Red
            } else {
                ResultName::Black
            })
            .hex();
            let _ = write!(
                out,
                "<g><title>{}</title><circle cx=\"{x}\" cy=\"{y}\" r=\"{rad:.1}\" fill=\"#fdf3df\" stroke=\"{ink}\" stroke-width=\"2\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{:.1}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"0.8\"/>",
                p.fen_char(),
                rad - 4.0
            );
            text(
                &mut out,
                x,
                y + 1.0,
                20.0,
                &ink,
                " font-weight=\"bold\"",
                &p.chinese().to_string(),
            );
            out.push_str("</g>");
        }
    }
    let mut note = words.after(upto, false);
    if let Some((f, t)) = marked {
        if f < 90 && t < 90 {
            let (x, y) = xy(t as usize);
            let _ = write!(
                out,
                "<circle class=\"mark\" cx=\"{x}\" cy=\"{y}\" r=\"{:.1}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"3\"/>",
                rad + 3.0
            );
            let written = move_written(&pos, &pairs[..upto], lang);
            note = words.moved(ply, &written, false);
        }
    }
    caption(&mut out, w as f64 / 2.0, h as f64 - 14.0, &note);
    out.push_str("</svg>");
    out
}

/// The empty Xiangqi board of [`xiangqi_diagram`]: background, lines, palaces, river,
/// coordinates.
pub(crate) fn xiangqi_board(out: &mut String, coordinates: XiangqiCoordinates) {
    const CELL: f64 = XIANGQI_GRID.cell;
    const M: f64 = XIANGQI_GRID.margin;
    let (w, h) = xiangqi_size();
    let xy = |s: usize| {
        let (file, rank) = (s % 9, s / 9);
        (M + file as f64 * CELL, M + (9 - rank) as f64 * CELL)
    };
    let _ = write!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\
         <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"4\" fill=\"#f3d9a4\" stroke=\"#b08a4e\"/>",
        M - CELL * 0.6,
        M - CELL * 0.6,
        CELL * 9.2,
        CELL * 10.2
    );
    out.push_str("<g stroke=\"#6b4e2a\" stroke-width=\"1.2\" fill=\"none\">");
    for r in 0..10 {
        let y = M + r as f64 * CELL;
        let _ = write!(
            out,
            "<line x1=\"{M}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            M + 8.0 * CELL
        );
    }
    for f in 0..9 {
        let x = M + f as f64 * CELL;
        if f == 0 || f == 8 {
            let _ = write!(
                out,
                "<line x1=\"{x}\" y1=\"{M}\" x2=\"{x}\" y2=\"{}\"/>",
                M + 9.0 * CELL
            );
        } else {
            let _ = write!(
                out,
                "<line x1=\"{x}\" y1=\"{M}\" x2=\"{x}\" y2=\"{}\"/><line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>",
                M + 4.0 * CELL,
                M + 5.0 * CELL,
                M + 9.0 * CELL
            );
        }
    }
    for top in [0.0, 7.0] {
        let (x0, x1) = (M + 3.0 * CELL, M + 5.0 * CELL);
        let (y0, y1) = (M + top * CELL, M + (top + 2.0) * CELL);
        let _ = write!(
            out,
            "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y1}\"/><line x1=\"{x1}\" y1=\"{y0}\" x2=\"{x0}\" y2=\"{y1}\"/>"
        );
    }
    out.push_str("</g>");
    text(
        out,
        M + 2.0 * CELL,
        M + 4.5 * CELL,
        18.0,
        "#6b4e2a",
        "",
        "楚 河",
    );
    text(
        out,
        M + 6.0 * CELL,
        M + 4.5 * CELL,
        18.0,
        "#6b4e2a",
        "",
        "漢 界",
    );
    let bottom = M + CELL * 9.6 + 10.0;
    if coordinates == XiangqiCoordinates::Chinese {
        let top = M - CELL * 0.6 - 10.0;
        for (f, red) in RED_FILES.iter().enumerate() {
            let (x, _) = xy(f);
            // Red's files from Red's right; Black's from Black's right, which is Red's left.
            text(out, x, bottom, 13.0, "#555", " class=\"file red\"", red);
            text(
                out,
                x,
                top,
                13.0,
                "#555",
                " class=\"file black\"",
                &(f + 1).to_string(),
            );
        }
        return;
    }
    for f in 0..9 {
        let (x, _) = xy(f);
        text(
            out,
            x,
            bottom,
            11.0,
            "#555",
            "",
            &((b'a' + f as u8) as char).to_string(),
        );
    }
    for r in 0..10 {
        let (_, y) = xy(r * 9);
        text(
            out,
            M - CELL * 0.6 - 10.0,
            y,
            11.0,
            "#555",
            "",
            &r.to_string(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The texts of the `<text>` elements of `svg` with `class`, in order.
    fn texts_with_class(svg: &str, class: &str) -> Vec<String> {
        let marker = format!("class=\"{class}\">");
        svg.split(&marker)
            .skip(1)
            .filter_map(|rest| rest.split_once("</text>").map(|(t, _)| t.to_owned()))
            .collect()
    }

    #[test]
    fn a_chinese_xiangqi_diagram_numbers_each_sides_files_from_its_right() {
        let svg = xiangqi_diagram_with(None, &[], 0, XiangqiCoordinates::Chinese, Lang::En);
        assert_eq!(
            texts_with_class(&svg, "file red"),
            ["九", "八", "七", "六", "五", "四", "三", "二", "一"]
        );
        assert_eq!(
            texts_with_class(&svg, "file black"),
            ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
        );
        // Red's 九 and Black's 1 label the same file, Red's left: one above the other.
        let x_of = |label: &str| {
            let at = svg.find(&format!(">{label}</text>")).expect("the label");
            let start = svg[..at].rfind("<text x=\"").expect("its element") + 9;
            svg[start..start + 4].to_owned()
        };
        assert_eq!(x_of("九"), x_of("1"));
        assert_eq!(x_of("一"), x_of("9"));
        // No ICCS letters or rank digits: the only texts are the river, the files, the
        // caption and the pieces.
        for letter in 'a'..='i' {
            assert!(!svg.contains(&format!(">{letter}</text>")), "{letter}");
        }
        assert!(!svg.contains(">0</text>"));
        assert_eq!(svg.matches("<text").count(), 2 + 18 + 1 + 32);
    }

    #[test]
    fn the_reports_xiangqi_diagram_keeps_iccs_coordinates() {
        let svg = xiangqi_diagram(None, &[], 0);
        assert!(svg.contains(">a</text>") && svg.contains(">i</text>"));
        assert!(svg.contains(">0</text>") && svg.contains(">9</text>"));
        assert!(!svg.contains("class=\"file"));
        assert!(!svg.contains(">九</text>"));
    }
}
