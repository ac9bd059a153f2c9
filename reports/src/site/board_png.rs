//! A game's final position as a small PNG, the picture a shared link of its page shows
//! (`og:image`): the board and the stones or pieces, no words, drawn with the charts'
//! bitmap backend ([`crate::raster`]) and written with a palette of the board's few colours
//! (a few KB a picture, where full colour took 20–30 KB). Every kind: Renju's stones,
//! Xiangqi's pieces, Chess Territorial's placed pieces and territories (as the game page
//! shades them), ChouChou's stacks per colour. The positions are the game page's
//! ([`Frames`], ChouChou's replay) and the colours the board diagrams' ([`crate::diagrams`],
//! [`crate::sides`]).

use std::path::Path;

use kifu_facts::{GameKind, ResultName};
use kifu_rules::{chouchou, xiangqi};
use kifu_store::query::GameRow;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::frames::{Cells, Frames};
use crate::diagrams::{
    chouchou_colour, chouchou_slot, CHOUCHOU_CELL_EDGE, CHOUCHOU_CELL_FILL, TERRITORIAL_DARK,
    TERRITORIAL_EDGE, TERRITORIAL_LIGHT,
};
use crate::fonts::{chart_font, FAMILY};
use crate::lang::Edition;
use crate::raster::PngBackend;
use crate::replay::{chouchou_actions, ChouChouSetup};
use crate::sides::side_colour;
use crate::Error;

/// Between two lines of the board, in pixels.
const CELL: i32 = 20;
/// From the picture's edge to the board's outer lines.
const MARGIN: i32 = 14;
const WOOD: RGBColor = RGBColor(0xe8, 0xc2, 0x7a);
const LINE: RGBColor = RGBColor(0x3a, 0x2a, 0x10);
const PIECE: RGBColor = RGBColor(0xfd, 0xf3, 0xdf);
const RED: RGBColor = RGBColor(0xc0, 0x10, 0x10);

/// The file of game `id`'s picture, beside its page in `games/`.
pub(crate) fn picture_file(id: i64) -> String {
    format!("{id}.png")
}

/// Draws `game`'s final position into `path`; the bytes written (0: nothing drawn, for a
/// game that cannot be replayed).
pub(crate) fn final_position_png(game: &GameRow, path: &Path) -> Result<u64, Error> {
    let failed = |e: &dyn std::fmt::Display| {
        Error::Io(path.to_path_buf(), std::io::Error::other(e.to_string()))
    };
    let picture = match game.kind {
        GameKind::ChouChou => {
            let (Ok(setup), Ok(actions)) = (ChouChouSetup::of(game), chouchou_actions(game)) else {
                return Ok(0);
            };
            let board = setup.replay(&actions).board;
            chart_font()?;
            chouchou_png(&board).map_err(|e| failed(&e))?
        }
        kind => {
            let Ok(frames) = Frames::of(game, Edition::Public) else {
                return Ok(0);
            };
            let cells = frames.boards().pop().unwrap_or_default();
            match kind {
                GameKind::Renju => renju(&cells).map_err(|e| failed(&e))?,
                GameKind::Xiangqi => {
                    chart_font()?;
                    xiangqi_png(&cells).map_err(|e| failed(&e))?
                }
                _ => {
                    chart_font()?;
                    territorial_png(&cells, &frames.territories).map_err(|e| failed(&e))?
                }
            }
        }
    };
    let bytes = picture.encode().map_err(|e| failed(&e))?;
    std::fs::write(path, &bytes).map_err(|e| Error::Io(path.to_path_buf(), e))?;
    Ok(bytes.len() as u64)
}

/// A drawn picture: its pixels and the few colours it is written with.
struct Picture {
    rgb: Vec<u8>,
    size: (u32, u32),
    palette: Vec<RGBColor>,
}

impl Picture {
    /// A picture of `size` whose colours are `palette` (at most 16).
    fn new(size: (u32, u32), palette: &[RGBColor]) -> Picture {
        Picture {
            rgb: vec![0u8; (size.0 * size.1 * 3) as usize],
            size,
            palette: palette.to_vec(),
        }
    }

    fn area(&mut self) -> DrawingArea<PngBackend<'_>, plotters::coord::Shift> {
        PngBackend::new(BitMapBackend::with_buffer(&mut self.rgb, self.size)).into_drawing_area()
    }

    fn encode(&self) -> Result<Vec<u8>, png::EncodingError> {
        indexed_png(&self.rgb, self.size, &self.palette)
    }
}

type DrawError = Box<dyn std::error::Error>;

/// The picture's side for a board `cells` lines apart.
fn side(cells: i32) -> u32 {
    (2 * MARGIN + cells * CELL) as u32
}

/// The colours of the Renju and Xiangqi pictures.
const WOODEN: [RGBColor; 6] = [WOOD, LINE, PIECE, RED, BLACK, WHITE];

/// `rgb` as a 4-bit indexed PNG of `palette` (at most 16 colours): every pixel is written
/// as the nearest.
fn indexed_png(
    rgb: &[u8],
    (w, h): (u32, u32),
    palette: &[RGBColor],
) -> Result<Vec<u8>, png::EncodingError> {
    debug_assert!(palette.len() <= 16);
    let nearest = |px: &[u8]| -> u8 {
        let distance = |c: &RGBColor| {
            let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
            d(px[0], c.0) + d(px[1], c.1) + d(px[2], c.2)
        };
        (0..palette.len())
            .min_by_key(|&i| distance(&palette[i]))
            .unwrap_or(0) as u8
    };
    let row_bytes = (w as usize).div_ceil(2);
    let mut packed = vec![0u8; row_bytes * h as usize];
    for (y, row) in rgb.chunks(w as usize * 3).enumerate() {
        for (x, px) in row.chunks(3).enumerate() {
            let shift = if x % 2 == 0 { 4 } else { 0 };
            packed[y * row_bytes + x / 2] |= nearest(px) << shift;
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Four);
    encoder.set_compression(png::Compression::Best);
    encoder.set_palette(
        palette
            .iter()
            .flat_map(|c| [c.0, c.1, c.2])
            .collect::<Vec<u8>>(),
    );
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&packed)?;
    writer.finish()?;
    Ok(out)
}

/// The pixel of a board point, `file` and `rank` counted from the top-left.
fn at(file: i32, rank: i32) -> (i32, i32) {
    (MARGIN + file * CELL, MARGIN + rank * CELL)
}

/// A cell name's file (its letter from `a`) and its number.
fn cell(name: &str) -> Option<(i32, i32)> {
    let mut chars = name.chars();
    let file = chars.next()? as i32 - 'a' as i32;
    let number: i32 = chars.as_str().parse().ok()?;
    Some((file, number))
}

/// A 15×15 Renju board, black and white stones (`X`, `O`).
fn renju(cells: &Cells) -> Result<Picture, DrawError> {
    let mut picture = Picture::new((side(14), side(14)), &WOODEN);
    let root = picture.area();
    root.fill(&WOOD)?;
    for i in 0..15 {
        root.draw(&PathElement::new(vec![at(i, 0), at(i, 14)], LINE))?;
        root.draw(&PathElement::new(vec![at(0, i), at(14, i)], LINE))?;
    }
    for (name, stone) in cells {
        // Rows are numbered from 1 at the bottom.
        let Some((file, number)) = cell(name) else {
            continue;
        };
        let centre = at(file, 15 - number);
        let radius = CELL / 2 - 1;
        if stone == "X" {
            root.draw(&Circle::new(centre, radius, BLACK.filled()))?;
        } else {
            root.draw(&Circle::new(centre, radius, WHITE.filled()))?;
            root.draw(&Circle::new(centre, radius, LINE))?;
        }
    }
    root.present()?;
    drop(root);
    Ok(picture)
}

/// A Xiangqi board (9 files, 10 ranks, the river and the palaces), each piece a disc with
/// its character, Red's in red.
fn xiangqi_png(cells: &Cells) -> Result<Picture, DrawError> {
    let mut picture = Picture::new((side(8), side(9)), &WOODEN);
    let root = picture.area();
    root.fill(&WOOD)?;
    for rank in 0..10 {
        root.draw(&PathElement::new(vec![at(0, rank), at(8, rank)], LINE))?;
    }
    for file in 0..9 {
        if file == 0 || file == 8 {
            root.draw(&PathElement::new(vec![at(file, 0), at(file, 9)], LINE))?;
        } else {
            // The river cuts the inner files.
            root.draw(&PathElement::new(vec![at(file, 0), at(file, 4)], LINE))?;
            root.draw(&PathElement::new(vec![at(file, 5), at(file, 9)], LINE))?;
        }
    }
    for (top, bottom) in [(0, 2), (7, 9)] {
        root.draw(&PathElement::new(vec![at(3, top), at(5, bottom)], LINE))?;
        root.draw(&PathElement::new(vec![at(5, top), at(3, bottom)], LINE))?;
    }
    for (name, fen) in cells {
        // ICCS ranks are numbered from 0 at Red's (the bottom) side.
        let (Some((file, rank)), Some(piece)) = (
            cell(name),
            fen.chars().next().and_then(xiangqi::Piece::from_fen_char),
        ) else {
            continue;
        };
        let centre = at(file, 9 - rank);
        let radius = CELL / 2 - 1;
        let ink = if piece.side() == xiangqi::Side::Red {
            RED
        } else {
            BLACK
        };
        root.draw(&Circle::new(centre, radius, PIECE.filled()))?;
        root.draw(&Circle::new(centre, radius, ink))?;
        let style = TextStyle::from((FAMILY, (CELL - 7) as f64).into_font())
            .color(&ink)
            .pos(Pos::new(HPos::Center, VPos::Center));
        root.draw(&Text::new(piece.chinese().to_string(), centre, style))?;
    }
    root.present()?;
    drop(root);
    Ok(picture)
}

/// Between two Territorial squares' edges, in pixels.
const SQUARE: i32 = 32;
/// A ChouChou cell's side, in pixels.
const CC_CELL: i32 = 64;

/// `base` under `over` at `alpha` (0–1), as a page shades a square.
fn blend(base: RGBColor, over: RGBColor, alpha: f64) -> RGBColor {
    let mix = |a: u8, b: u8| (f64::from(a) * (1.0 - alpha) + f64::from(b) * alpha).round() as u8;
    RGBColor(
        mix(base.0, over.0),
        mix(base.1, over.1),
        mix(base.2, over.2),
    )
}

/// A Chess Territorial board: the placed pieces as discs with their letter (White's light,
/// Black's dark, as the diagrams draw them) on the final position's territories, shaded as
/// the game page shades them (White's lighter, Black's darker).
fn territorial_png(
    cells: &Cells,
    territories: &[(String, Vec<String>, u32)],
) -> Result<Picture, DrawError> {
    let white = side_colour(ResultName::White);
    let black = side_colour(ResultName::Black);
    let shade = |base: RGBColor, side: &str| match side {
        "white" => blend(base, white.fill_rgb(), 0.55),
        _ => blend(base, black.fill_rgb(), 0.35),
    };
    let palette = [
        TERRITORIAL_LIGHT,
        TERRITORIAL_DARK,
        TERRITORIAL_EDGE,
        shade(TERRITORIAL_LIGHT, "white"),
        shade(TERRITORIAL_DARK, "white"),
        shade(TERRITORIAL_LIGHT, "black"),
        shade(TERRITORIAL_DARK, "black"),
        white.fill_rgb(),
        black.fill_rgb(),
    ];
    let side = (2 * MARGIN + 8 * SQUARE) as u32;
    let mut picture = Picture::new((side, side), &palette);
    let root = picture.area();
    root.fill(&WHITE)?;
    // Square names run `a1`…`h8`, rank 1 at the bottom.
    let corner = |file: i32, rank: i32| (MARGIN + file * SQUARE, MARGIN + (8 - rank) * SQUARE);
    let territory = |name: &str| {
        territories
            .iter()
            .find(|(_, squares, _)| squares.iter().any(|s| s == name))
            .map(|(side, _, _)| side.as_str())
    };
    for file in 0..8 {
        for rank in 1..=8 {
            let light = (file + rank) % 2 == 0;
            let base = if light {
                TERRITORIAL_LIGHT
            } else {
                TERRITORIAL_DARK
            };
            let name = format!("{}{rank}", (b'a' + file as u8) as char);
            let fill = territory(&name).map_or(base, |side| shade(base, side));
            let (x, y) = corner(file, rank);
            root.draw(&Rectangle::new(
                [(x, y), (x + SQUARE, y + SQUARE)],
                fill.filled(),
            ))?;
        }
    }
    let (x0, y0) = corner(0, 8);
    root.draw(&Rectangle::new(
        [(x0, y0), (x0 + 8 * SQUARE, y0 + 8 * SQUARE)],
        TERRITORIAL_EDGE,
    ))?;
    for (name, letter) in cells {
        let (Some((file, rank)), Some(c)) = (cell(name), letter.chars().next()) else {
            continue;
        };
        let (x, y) = corner(file, rank);
        let centre = (x + SQUARE / 2, y + SQUARE / 2);
        let radius = SQUARE * 36 / 100 + 1;
        let (fill, ink) = if c.is_ascii_uppercase() {
            (white.fill_rgb(), black.fill_rgb())
        } else {
            (black.fill_rgb(), white.fill_rgb())
        };
        root.draw(&Circle::new(centre, radius, fill.filled()))?;
        root.draw(&Circle::new(centre, radius, black.edge_rgb()))?;
        let style = TextStyle::from((FAMILY, f64::from(SQUARE / 2)).into_font())
            .color(&ink)
            .pos(Pos::new(HPos::Center, VPos::Center));
        root.draw(&Text::new(
            c.to_ascii_uppercase().to_string(),
            centre,
            style,
        ))?;
    }
    root.present()?;
    drop(root);
    Ok(picture)
}

/// A ChouChou board (3×3 or 4×4): on each cell a disc per colour holding pieces there, in
/// the colour's seat colour, with how many.
fn chouchou_png(board: &chouchou::Board) -> Result<Picture, DrawError> {
    let n = i32::from(board.size());
    let colours = usize::from(board.colours());
    let mut palette = vec![CHOUCHOU_CELL_FILL, CHOUCHOU_CELL_EDGE, WHITE];
    palette.extend((0..colours).map(|k| chouchou_colour(k).fill_rgb()));
    let side = (2 * MARGIN + n * CC_CELL) as u32;
    let mut picture = Picture::new((side, side), &palette);
    let root = picture.area();
    root.fill(&WHITE)?;
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (MARGIN + c * CC_CELL, MARGIN + r * CC_CELL);
            let square = [(x, y), (x + CC_CELL, y + CC_CELL)];
            root.draw(&Rectangle::new(square, CHOUCHOU_CELL_FILL.filled()))?;
            root.draw(&Rectangle::new(square, CHOUCHOU_CELL_EDGE.stroke_width(2)))?;
            let cell = (c as u8, r as u8);
            let present: Vec<(usize, u8)> = (0..colours)
                .map(|k| (k, board.count(cell, k)))
                .filter(|&(_, count)| count > 0)
                .collect();
            for (j, &(k, count)) in present.iter().enumerate() {
                let (sx, sy) = chouchou_slot(j, present.len());
                let at = |from: i32, s: f64| from + (s * f64::from(CC_CELL)).round() as i32;
                let centre = (at(x, sx), at(y, sy));
                let colour = chouchou_colour(k).fill_rgb();
                // As large as four discs of a cell allow, for a picture seen small.
                root.draw(&Circle::new(centre, CC_CELL * 19 / 100, colour.filled()))?;
                let style = TextStyle::from((FAMILY, f64::from(CC_CELL / 4)).into_font())
                    .color(&WHITE)
                    .pos(Pos::new(HPos::Center, VPos::Center));
                root.draw(&Text::new(count.to_string(), centre, style))?;
            }
        }
    }
    root.present()?;
    drop(root);
    Ok(picture)
}
