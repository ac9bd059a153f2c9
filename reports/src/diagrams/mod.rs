//! Board diagrams as standalone SVG strings: the position after `ply` moves, the move `ply`
//! (1-based) marked, coordinates labelled. The diagrams place what the record says without
//! judging legality (an audit finding is often about an illegal move), so they never fail:
//! bytes they cannot read are skipped.

use std::fmt::Write;

use kifu_rules::chouchou;
use kifu_rules::xiangqi;

use kifu_facts::{GameKind, ResultName};

use crate::escape::escape;
use crate::lang::{Lang, Msg};
use crate::sides::side_colour;

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

pub(crate) const RENJU_GRID: Grid = Grid {
    margin: 44.0,
    cell: 28.0,
};
pub(crate) const XIANGQI_GRID: Grid = Grid {
    margin: 44.0,
    cell: 40.0,
};
pub(crate) const TERRITORIAL_GRID: Grid = Grid {
    margin: 30.0,
    cell: 40.0,
};
pub(crate) const CHOUCHOU_GRID: Grid = Grid {
    margin: 34.0,
    cell: 88.0,
};

/// The Renju diagram's width and height.
pub(crate) fn renju_size() -> (u32, u32) {
    let Grid { margin: m, cell } = RENJU_GRID;
    let size = m * 2.0 + cell * 14.0;
    (size as u32, size as u32 + 24)
}

/// The Xiangqi diagram's width and height.
pub(crate) fn xiangqi_size() -> (u32, u32) {
    let Grid { margin: m, cell } = XIANGQI_GRID;
    (
        (m * 2.0 + cell * 8.0) as u32,
        (m * 2.0 + cell * 9.0) as u32 + 34,
    )
}

/// The Chess Territorial diagram's width and height.
pub(crate) fn territorial_size() -> (u32, u32) {
    let Grid { margin: m, cell } = TERRITORIAL_GRID;
    (
        (m * 2.0 + cell * 8.0) as u32,
        (m * 2.0 + cell * 8.0) as u32 + 20,
    )
}

/// The ChouChou diagram's width and height for an `n`×`n` board.
pub(crate) fn chouchou_size(n: usize) -> (u32, u32) {
    let Grid { margin: m, cell } = CHOUCHOU_GRID;
    (
        (m * 2.0 + cell * n as f64) as u32,
        (m * 2.0 + cell * n as f64) as u32 + 46,
    )
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
            let _ = write!(
                out,
                "<g class=\"forbidden\"><title>forbidden: {}</title>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{MARK}\" stroke-width=\"2\"/>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{MARK}\" stroke-width=\"2\"/>",
                escape(kind),
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
            let iccs = xiangqi::Move::new(xiangqi::Square(f), xiangqi::Square(t)).iccs();
            note = words.moved(ply, &iccs, false);
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
        let mut fill = if light { "#f0d9b5" } else { "#b58863" };
        if let Some(sq) = marked {
            if sq == s {
                fill = if light { "#f7ec74" } else { "#dac34b" };
            }
        }
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
        );
    }
    let _ = write!(
        out,
        "<rect x=\"{M}\" y=\"{M}\" width=\"{0}\" height=\"{0}\" fill=\"none\" stroke=\"#6b4e2a\"/>",
        CELL * 8.0
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

/// What a ChouChou colour stands for: `P1`… (a seat), or `team 1`… in pairs games.
pub(crate) fn chouchou_colour_label(pairs: bool, k: usize) -> String {
    if pairs {
        format!("team {}", k + 1)
    } else {
        format!("P{}", k + 1)
    }
}

/// The colours of ChouChou seats (or teams in pairs).
/// The colour of ChouChou colour `k` (0-based: a seat, or a team in pairs games).
fn cc_colour(k: usize) -> String {
    side_colour(ResultName::Seat((k % 4) as u8 + 1)).hex()
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
            let slots = [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)];
            for (j, &(k, count)) in present.iter().enumerate() {
                let (sx, sy) = if present.len() == 1 {
                    (0.5, 0.5)
                } else {
                    slots[j % 4]
                };
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
                "#fbe7a1"
            } else {
                "#f6efe2"
            };
            let _ = write!(
                out,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#8a6d45\" stroke-width=\"2\"/>"
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
