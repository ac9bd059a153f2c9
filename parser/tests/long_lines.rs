//! A line longer than the line limit is never read cut: every line-based format reports it
//! as a RawError at the line (the record goes to quarantine) and reads on. The limit is
//! set small here (the real cap, `line::MAX_LINE`, is tested in `line.rs` and through
//! `kifu_ingest::check_bytes`); each input also reads as games under the real cap, so the
//! error is the limit's doing.

use kifu_parser::line::too_long;
use kifu_parser::{
    bdt, chouchou, plain, territorial, xiangqi_pgn, Format, Location, RawError, Span,
};

const LIMIT: usize = 40;

/// The error's format, message and location.
fn check(e: &RawError, format: Format, at: Location, len: u64) {
    assert_eq!(e.format, Some(format));
    assert_eq!(e.message, too_long(len as usize));
    assert_eq!(e.at, at);
}

#[test]
fn renju_lines() {
    let long = format!("white {}\n", "h8 h9 ".repeat(10));
    let text = format!("black h8 h9\n{long}draw i9\n");
    let items: Vec<_> = plain::LinesReader::new(text.as_bytes())
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    let e = items[1].as_ref().unwrap_err();
    check(
        e,
        Format::RenjuLines,
        Location::new(12, 2, 1),
        long.len() as u64,
    );
    // As before the line reader was shared: nothing of the line is kept.
    assert_eq!((e.span, e.raw.as_str()), (Span::new(12, 12), ""));
    let whole: Vec<_> = plain::LinesReader::new(text.as_bytes()).collect();
    assert_eq!(whole[1].as_ref().unwrap().moves.len(), 20);
}

#[test]
fn renju_plain() {
    let long = format!("{}\n", "h8 h9 ".repeat(10));
    let text = format!("[Black \"a\"]\n{long}\n1. h8 2. h9\n");
    let items: Vec<_> = plain::PlainReader::new(text.as_bytes())
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().unwrap_err();
    check(
        e,
        Format::RenjuPlain,
        Location::new(12, 2, 1),
        long.len() as u64,
    );
    assert_eq!(items[1].as_ref().unwrap().moves.len(), 2);
    let whole: Vec<_> = plain::PlainReader::new(text.as_bytes()).collect();
    assert_eq!(whole[0].as_ref().unwrap().moves.len(), 20);
}

#[test]
fn bdt() {
    let long = format!("1999,2=[a,b,+,{},?,-]\n", "8889".repeat(10));
    let text = format!("1999,1=[a,b,+,8889,?,-]\n{long}1999,3=[a,b,-,88,?,-]\n");
    let items: Vec<_> = bdt::BdtReader::new(text.as_bytes())
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    let e = items[1].as_ref().unwrap_err();
    check(e, Format::Bdt, Location::new(24, 2, 1), long.len() as u64);
    assert_eq!(e.span, Span::new(24, 24 + long.len() as u64));
    assert_eq!(e.raw, &long[..LIMIT]);
    let whole: Vec<_> = bdt::BdtReader::new(text.as_bytes()).collect();
    assert_eq!(whole[1].as_ref().unwrap().moves.len(), 20);
}

#[test]
fn territorial_pgn() {
    let long = format!("{}\n", "K@e1 K@d8 ".repeat(5));
    let text = format!("[White \"a\"]\n[Black \"b\"]\n\n{long}Q@a1 *\n\n@e3 @e6\n");
    let items: Vec<_> = territorial::PgnReader::new(text.as_bytes())
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().unwrap_err();
    check(
        e,
        Format::TerritorialPgn,
        Location::new(25, 4, 1),
        long.len() as u64,
    );
    // The game goes on to its end: the line after the long one is in it.
    assert_eq!(e.span, Span::new(0, 25 + long.len() as u64 + 7));
    assert_eq!(items[1].as_ref().unwrap().moves.len(), 2);
    // A long move list without tags is a game of its own.
    let tagless = format!("{long}@e3 @e6\n");
    let items: Vec<_> = territorial::PgnReader::new(tagless.as_bytes())
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 2);
    check(
        items[0].as_ref().unwrap_err(),
        Format::TerritorialPgn,
        Location::new(0, 1, 1),
        long.len() as u64,
    );
    assert!(items[1].is_ok());
    let whole: Vec<_> = territorial::PgnReader::new(text.as_bytes()).collect();
    assert_eq!(whole[0].as_ref().unwrap().moves.len(), 11);
}

#[test]
fn chouchou_ccn() {
    let long = format!("{}\n", "1. 2B 2. 3C ".repeat(4));
    let text = format!("[Game \"ChouChou\"]\n{long}3. 1A\n\n[Game \"ChouChou\"]\n1. 2B\n");
    let items: Vec<_> = chouchou::CcnReader::new(text.as_bytes())
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().unwrap_err();
    check(
        e,
        Format::ChouChouCcn,
        Location::new(18, 2, 1),
        long.len() as u64,
    );
    assert_eq!(e.span, Span::new(0, 18 + long.len() as u64 + 6));
    assert!(e.raw.starts_with("[Game \"ChouChou\"]\n1. 2B"));
    assert_eq!(items[1].as_ref().unwrap().actions.len(), 1);
    let whole: Vec<_> = chouchou::CcnReader::new(text.as_bytes()).collect();
    assert_eq!(whole[0].as_ref().unwrap().actions.len(), 9);
}

#[test]
fn xiangqi_pgn() {
    let long = format!("{}\n", "1. h2e2 h9g7 ".repeat(4));
    let text = format!("[Red \"a\"]\n{long}2. h0g2 *\n[Red \"b\"]\n1. h2e2 *\n");
    let items: Vec<_> = xiangqi_pgn::PgnReader::new(text.as_bytes(), "utf-8")
        .with_line_limit(LIMIT)
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    let e = items[0].as_ref().unwrap_err();
    check(
        e,
        Format::XiangqiPgn,
        Location::new(10, 2, 1),
        long.len() as u64,
    );
    assert_eq!(e.span, Span::new(0, 10 + long.len() as u64 + 9));
    assert_eq!(items[1].as_ref().unwrap().moves.len(), 1);
    // The reader thread of an ingest splits chunks; the error comes with the parse.
    let mut reader = xiangqi_pgn::PgnReader::new(text.as_bytes(), "utf-8").with_line_limit(LIMIT);
    let chunk = reader.next_chunk().unwrap().unwrap();
    assert_eq!(chunk.parse().unwrap_err(), *e);
    let whole: Vec<_> = xiangqi_pgn::PgnReader::new(text.as_bytes(), "utf-8").collect();
    assert_eq!(whole[0].as_ref().unwrap().moves.len(), 9);
}
