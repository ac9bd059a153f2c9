//! A game's final position as a small PNG, the picture a shared link of its page shows
//! (`og:image`): the board's lines and the stones or pieces, no words, drawn with the
//! charts' bitmap backend ([`crate::raster`]) and written with a palette of the board's
//! few colours (a few KB a picture, where full colour took 20–30 KB). Renju and Xiangqi
//! only: the other kinds' pages share no picture.

use std::path::Path;

use kifu_facts::GameKind;
use kifu_rules::xiangqi;
use kifu_store::query::GameRow;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::frames::{Cells, Frames};
use crate::fonts::{chart_font, FAMILY};
use crate::lang::Edition;
use crate::raster::PngBackend;
use crate::Error;

/// Between two lines of the board, in pixels.
const CELL: i32 = 20;
/// From the picture's edge to the board's outer lines.
const MARGIN: i32 = 14;
const WOOD: RGBColor = RGBColor(0xe8, 0xc2, 0x7a);
const LINE: RGBColor = RGBColor(0x3a, 0x2a, 0x10);
const PIECE: RGBColor = RGBColor(0xfd, 0xf3, 0xdf);
const RED: RGBColor = RGBColor(0xc0, 0x10, 0x10);

/// Whether [`final_position_png`] draws games of `kind`.
pub(crate) fn draws(kind: GameKind) -> bool {
    matches!(kind, GameKind::Renju | GameKind::Xiangqi)
}

/// Draws `game`'s final position into `path`; the bytes written (0: nothing drawn, for a
/// kind [`draws`] leaves out or a game that cannot be replayed).
pub(crate) fn final_position_png(game: &GameRow, path: &Path) -> Result<u64, Error> {
    if !draws(game.kind) {
        return Ok(0);
    }
    let Ok(frames) = Frames::of(game, Edition::Public) else {
        return Ok(0);
    };
    let cells = frames.boards().pop().unwrap_or_default();
    let failed = |e: &dyn std::fmt::Display| {
        Error::Io(path.to_path_buf(), std::io::Error::other(e.to_string()))
    };
    let size = match game.kind {
        GameKind::Renju => (side(14), side(14)),
        _ => (side(8), side(9)),
    };
    let mut rgb = vec![0u8; (size.0 * size.1 * 3) as usize];
    match game.kind {
        GameKind::Renju => renju(&cells, &mut rgb, size).map_err(|e| failed(&e))?,
        _ => {
            chart_font()?;
            xiangqi_png(&cells, &mut rgb, size).map_err(|e| failed(&e))?
        }
    }
    let bytes = indexed_png(&rgb, size).map_err(|e| failed(&e))?;
    std::fs::write(path, &bytes).map_err(|e| Error::Io(path.to_path_buf(), e))?;
    Ok(bytes.len() as u64)
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

/// The picture's side for a board `cells` lines apart.
fn side(cells: i32) -> u32 {
    (2 * MARGIN + cells * CELL) as u32
}

/// The colours of the pictures: every pixel is written as the nearest.
const PALETTE: [RGBColor; 6] = [WOOD, LINE, PIECE, RED, BLACK, WHITE];

/// `rgb` as a 4-bit indexed PNG of [`PALETTE`].
fn indexed_png(rgb: &[u8], (w, h): (u32, u32)) -> Result<Vec<u8>, png::EncodingError> {
    let nearest = |px: &[u8]| -> u8 {
        let distance = |c: &RGBColor| {
            let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
            d(px[0], c.0) + d(px[1], c.1) + d(px[2], c.2)
        };
        (0..PALETTE.len())
            .min_by_key(|&i| distance(&PALETTE[i]))
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
        PALETTE
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
fn renju(cells: &Cells, rgb: &mut [u8], size: (u32, u32)) -> Drawn {
    let root = PngBackend::new(BitMapBackend::with_buffer(rgb, size)).into_drawing_area();
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
    Ok(())
}

/// A Xiangqi board (9 files, 10 ranks, the river and the palaces), each piece a disc with
/// its character, Red's in red.
fn xiangqi_png(cells: &Cells, rgb: &mut [u8], size: (u32, u32)) -> Drawn {
    let root = PngBackend::new(BitMapBackend::with_buffer(rgb, size)).into_drawing_area();
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
    Ok(())
}
