//! Every reader states a result by seat, through the one conversion: a record whose first
//! seat won reads as `Win(Seat::FIRST)`, which is Red's win in Xiangqi, Black's in Renju and
//! White's in Chess Territorial, and the first seat's player is the one the record names
//! for that side.

use kifu_parser::member::records;
use kifu_parser::raw::{AnyGame, Header, Outcome};
use kifu_parser::{Format, GameKind};

use kifu_facts::{ResultName, Seat};

/// The kind and header of the one game `text` holds, read as `format`.
fn one_game(format: Format, text: &str) -> (GameKind, Header) {
    let items = records(format, "utf-8", text.as_bytes());
    let games: Vec<AnyGame> = items.into_iter().filter_map(Result::ok).collect();
    assert_eq!(games.len(), 1, "{format}: {text}");
    match &games[0] {
        AnyGame::Renju(g) => (GameKind::Renju, g.header.clone()),
        AnyGame::Xiangqi(g) => (GameKind::Xiangqi, g.header.clone()),
        AnyGame::Territorial(g) => (GameKind::Territorial, g.header.clone()),
        AnyGame::ChouChou(g) => (GameKind::ChouChou, g.header.clone()),
    }
}

/// The first seat won: `(format, record, the first seat's player, the second's)`.
const FIRST_SEAT_WINS: &[(Format, &str, &str, &str)] = &[
    (
        Format::RenjuPlain,
        "[Black \"Ann\"]\n[White \"Bo\"]\n[Result \"1-0\"]\n1. h8 2. h9 1-0\n",
        "Ann",
        "Bo",
    ),
    (
        Format::XiangqiPgn,
        "[Red \"Li\"]\n[Black \"Zhang\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马8进7 1-0\n",
        "Li",
        "Zhang",
    ),
    (
        Format::XiangqiPgn,
        "[Red \"Li\"]\n[Black \"Zhang\"]\n[Result \"红胜\"]\n\n1. 炮二平五 马8进7\n",
        "Li",
        "Zhang",
    ),
    (
        Format::XiangqiWxf,
        "FORMAT\tWXF\nRED\tLi;;;\nBLACK\tZhang;;;\nRESULT\t1-0\nSTART{\n 1. C2.5 H8+7\n}END\n",
        "Li",
        "Zhang",
    ),
    (
        Format::DhtmlXq,
        "[DhtmlXQ]\n[DhtmlXQ_red]Li[/DhtmlXQ_red]\n[DhtmlXQ_black]Zhang[/DhtmlXQ_black]\n\
         [DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n\
         [/DhtmlXQ]\n",
        "Li",
        "Zhang",
    ),
    (
        Format::TerritorialPgn,
        "[Game \"Chess Territorial\"]\n[White \"Wu\"]\n[Black \"Bea\"]\n[Result \"1-0\"]\n\n\
         1. K@e1 K@e8 1-0\n",
        "Wu",
        "Bea",
    ),
    (
        Format::ResultsCsv,
        "game,player1,player2,result\nxiangqi,Li,Zhang,1-0\n",
        "Li",
        "Zhang",
    ),
    (
        Format::ResultsCsv,
        "game,player1,player2,result\nrenju,Ann,Bo,1-0\n",
        "Ann",
        "Bo",
    ),
    (
        Format::ResultsCsv,
        "game,player1,player2,result\nterritorial,Wu,Bea,1-0\n",
        "Wu",
        "Bea",
    ),
];

#[test]
fn a_first_seat_win_reads_as_the_first_seats_in_every_reader() {
    for &(format, text, first, second) in FIRST_SEAT_WINS {
        let (kind, h) = one_game(format, text);
        assert_eq!(
            h.result,
            Some(Outcome::Win(Seat::FIRST)),
            "{format}: {text}"
        );
        assert_eq!(h.result.map(|r| r.name(kind)), Some(kind.win(Seat::FIRST)));
        assert_eq!(h.seat_name(kind, Seat::FIRST), Some(first), "{format}");
        assert_eq!(h.seat_name(kind, Seat::SECOND), Some(second), "{format}");
    }
}

#[test]
fn xiangqis_first_seat_is_red() {
    let xiangqi: Vec<_> = FIRST_SEAT_WINS
        .iter()
        .map(|&(format, text, ..)| one_game(format, text))
        .filter(|(kind, _)| *kind == GameKind::Xiangqi)
        .collect();
    assert_eq!(xiangqi.len(), 5);
    for (kind, h) in xiangqi {
        assert_eq!(h.result.map(|r| r.name(kind)), Some(ResultName::Red));
        assert_eq!(h.seat_name(kind, Seat::FIRST), h.red.as_deref());
    }
}

#[test]
fn the_second_seats_win_and_a_draw() {
    let (kind, h) = one_game(
        Format::XiangqiPgn,
        "[Red \"Li\"]\n[Black \"Zhang\"]\n[Result \"0-1\"]\n\n1. 炮二平五 马8进7 0-1\n",
    );
    assert_eq!(h.result, Some(Outcome::Win(Seat::SECOND)));
    assert_eq!(h.result.map(|r| r.name(kind)), Some(ResultName::Black));
    let (kind, h) = one_game(
        Format::RenjuPlain,
        "[Black \"Ann\"]\n[White \"Bo\"]\n[Result \"0-1\"]\n1. h8 2. h9 0-1\n",
    );
    assert_eq!(h.result.map(|r| r.name(kind)), Some(ResultName::White));
    let (_, h) = one_game(
        Format::TerritorialPgn,
        "[Game \"Chess Territorial\"]\n[White \"Wu\"]\n[Black \"Bea\"]\n\
         [Result \"1/2-1/2\"]\n\n1. K@e1 K@e8 1/2-1/2\n",
    );
    assert_eq!(h.result, Some(Outcome::Draw));
}
