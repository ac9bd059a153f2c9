//! Each writer's text is recognised by format detection and read back by the parser of the
//! same name to the same header facts and moves; games a notation cannot hold are refused.

use kifu_facts::{GameKind, RenjuAnnotations, ResultName};
use kifu_notation::{
    write_all, GameMoves, Notation, OpeningOut, RecordOut, WriteError, Writer, XqNotation,
};
use kifu_parser::raw::{AnyGame, CcActionText, CtMoveText, Format, Outcome, XqMoveText};
use kifu_parser::{detect::detect, member::records};
use kifu_rules::renju::Point;
use kifu_rules::{chouchou::Variant, territorial, xiangqi};

fn read(format: Format, text: &str) -> Vec<AnyGame> {
    assert_eq!(detect(text.as_bytes(), None), Some(format), "{text}");
    records(format, "utf-8", text.as_bytes())
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect()
}

fn renju_moves() -> Vec<kifu_rules::renju::Move> {
    ["h8", "h9", "i9", "g7", "j10"]
        .iter()
        .map(|p| Some(p.parse::<Point>().unwrap()))
        .collect()
}

fn renju_record<'a>(
    moves: &'a [kifu_rules::renju::Move],
    comments: &'a [(u32, String)],
) -> RecordOut<'a> {
    let mut r = RecordOut::new(GameMoves::Renju(moves));
    r.players = vec![("black", "Ana \"Q\" Lee"), ("white", "Bo & Co")];
    r.event = Some("Cup <A>");
    r.round = Some("3");
    r.date = Some("2001-05-03");
    r.rule = Some("rif");
    r.result = Some(ResultName::Black);
    r.opening = OpeningOut {
        code: Some("D4"),
        name: Some("Kagetsu"),
        ..OpeningOut::default()
    };
    r.comments = comments;
    r
}

#[test]
fn renju_plain_carries_the_header_moves_and_comments() {
    let moves = renju_moves();
    let comments = vec![(0, "start".to_owned()), (2, "two".to_owned())];
    let annotations = vec![(5, "kifu: five".to_owned())];
    let mut record = renju_record(&moves, &comments);
    record.annotations = &annotations;
    let (text, errors) = write_all(Notation::RenjuPlain, [record]);
    assert!(errors.is_empty());
    assert_eq!(
        text,
        "[Event \"Cup <A>\"]\n[Round \"3\"]\n[Date \"2001-05-03\"]\n\
         [Black \"Ana \\\"Q\\\" Lee\"]\n[White \"Bo & Co\"]\n[Result \"1-0\"]\n\
         [Opening \"Kagetsu\"]\n[Rule \"rif\"]\n# start\n1. h8 2. h9\n# two\n\
         3. i9 4. g7 5. j10\n# kifu: five\n1-0\n\n"
    );
    let games = read(Format::RenjuPlain, &text);
    let AnyGame::Renju(g) = &games[0] else {
        panic!()
    };
    let h = &g.header;
    assert_eq!(h.black.as_deref(), Some("Ana \"Q\" Lee"));
    assert_eq!(h.white.as_deref(), Some("Bo & Co"));
    assert_eq!(
        (h.event.as_deref(), h.round.as_deref(), h.date.as_deref()),
        (Some("Cup <A>"), Some("3"), Some("2001-05-03"))
    );
    assert_eq!(
        h.result,
        Outcome::side_win(kifu_parser::GameKind::Renju, "black")
    );
    assert_eq!(h.opening.as_deref(), Some("Kagetsu"));
    let plies: Vec<u32> = g.comments.iter().map(|c| c.ply).collect();
    assert_eq!(plies, [0, 2, 5]);
    assert_eq!(g.moves.len(), 5);
}

#[test]
fn renju_lines_and_rif_read_back() {
    let moves = renju_moves();
    let (lines, _) = write_all(Notation::RenjuLines, [renju_record(&moves, &[])]);
    assert_eq!(lines, "black h8 h9 i9 g7 j10\n");
    read(Format::RenjuLines, &lines);
    let mut second = renju_record(&moves[..3], &[]);
    second.result = None;
    second.date = Some("2001-05");
    let procedure = RenjuAnnotations {
        black_time: Some("29".into()),
        swap: Some("yes".into()),
        proposals: Some("g7 j7 j10".into()),
        ..RenjuAnnotations::default()
    };
    let mut first = renju_record(&moves, &[]);
    first.renju = Some(&procedure);
    let (rif, _) = write_all(Notation::RifXml, [first, second]);
    let games = read(Format::RifXml, &rif);
    assert_eq!(games.len(), 2);
    let AnyGame::Renju(g) = &games[0] else {
        panic!()
    };
    let h = &g.header;
    assert_eq!(h.black.as_deref(), Some("Ana \"Q\" Lee"));
    assert_eq!(h.white.as_deref(), Some("Bo & Co"));
    assert_eq!(h.event.as_deref(), Some("Cup <A>"));
    assert_eq!(h.date.as_deref(), Some("2001-05-03"));
    assert_eq!(h.round.as_deref(), Some("3"));
    assert_eq!(
        h.result,
        Outcome::side_win(kifu_parser::GameKind::Renju, "black")
    );
    assert_eq!(h.opening.as_deref(), Some("Kagetsu"));
    assert_eq!(h.rule.as_deref(), Some("rif"));
    assert_eq!(h.black_time.as_deref(), Some("29"));
    assert_eq!(g.opening.swap.as_deref(), Some("yes"));
    let proposals: Vec<_> = g.opening.proposals.iter().map(|m| m.point).collect();
    assert_eq!(proposals, [Some((6, 6)), Some((9, 6)), Some((9, 9))]);
    assert_eq!(g.moves.len(), 5);
    let AnyGame::Renju(g) = &games[1] else {
        panic!()
    };
    assert_eq!(g.header.result, None);
    assert_eq!(g.header.date.as_deref(), Some("2001-05"));
    assert_eq!(g.moves.len(), 3);
}

fn xq_moves(iccs: &[&str]) -> Vec<xiangqi::Move> {
    iccs.iter()
        .map(|m| xiangqi::Move::parse_iccs(m, false).unwrap())
        .collect()
}

#[test]
fn xiangqi_pgn_in_each_notation() {
    let moves = xq_moves(&["h2e2", "h9g7", "h0g2"]);
    let comments = vec![(1, "center {cannon}".to_owned())];
    let tags = vec![
        ("Site".to_owned(), "x".to_owned()),
        ("Variant".to_owned(), "y".to_owned()),
        ("RedTeam".to_owned(), "北京".to_owned()),
    ];
    let mut r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: None,
        moves: &moves,
    });
    r.players = vec![("red", "胡荣华"), ("black", "杨官璘")];
    r.event = Some("全国赛");
    r.date = Some("1960-10-01");
    r.result = Some(ResultName::Draw);
    // kifu's pair, and the record's own text naming another code.
    r.opening = OpeningOut {
        code: Some("B00"),
        name: Some("中炮对进左马"),
        record_code: None,
        record_name: Some("B05 中炮对进左马"),
    };
    r.comments = &comments;
    r.tags = &tags;
    let expected = [
        (
            XqNotation::Chinese,
            "1. 炮二平五 {center cannon} 马8进7\n2. 马二进三 1/2-1/2",
        ),
        (
            XqNotation::Wxf,
            "1. C2=5 {center cannon} H8+7\n2. H2+3 1/2-1/2",
        ),
        (
            XqNotation::Iccs,
            "1. h2e2 {center cannon} h9g7\n2. h0g2 1/2-1/2",
        ),
    ];
    for (notation, movetext) in expected {
        let (text, errors) = write_all(Notation::XiangqiPgn(notation), [r.clone()]);
        assert!(errors.is_empty());
        assert_eq!(
            text,
            format!(
                "[Game \"Chinese Chess\"]\n[Event \"全国赛\"]\n[Date \"1960-10-01\"]\n\
                 [Red \"胡荣华\"]\n[Black \"杨官璘\"]\n[Result \"1/2-1/2\"]\n[ECCO \"B00\"]\n\
                 [Opening \"中炮对进左马\"]\n[RecordECCO \"\"]\n[RecordOpening \"B05 中炮对进左马\"]\n\
                 [Format \"{}\"]\n[RedTeam \"北京\"]\n{movetext}\n\n",
                notation.tag()
            )
        );
        let games = read(Format::XiangqiPgn, &text);
        let AnyGame::Xiangqi(g) = &games[0] else {
            panic!()
        };
        assert_eq!(g.header.red.as_deref(), Some("胡荣华"));
        assert_eq!(g.header.result, Some(Outcome::Draw));
        // The record's own opening comes back as its own; kifu's pair is not kept.
        assert_eq!(g.header.opening.as_deref(), Some("B05 中炮对进左马"));
        let tags: Vec<&str> = g.header.extra.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(tags, ["Game", "Opening", "Format", "RedTeam"]);
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.comments[0].ply, 1);
        if notation == XqNotation::Chinese {
            assert_eq!(g.moves[0].text, XqMoveText::Chinese("炮二平五".into()));
        }
    }
}

#[test]
fn dhtmlxq_blocks_and_start_positions() {
    let moves = xq_moves(&["h2e2", "h9g7"]);
    let mut r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: None,
        moves: &moves,
    });
    r.players = vec![("red", "A"), ("black", "B")];
    r.event = Some("E & F");
    r.result = Some(ResultName::Red);
    let comments = vec![(2, "line one\nline two".to_owned())];
    r.comments = &comments;
    let (text, _) = write_all(Notation::DhtmlXq, [r.clone()]);
    assert_eq!(
        text,
        "[DhtmlXQ]\n[DhtmlXQ_event]E &amp; F[/DhtmlXQ_event]\n[DhtmlXQ_red]A[/DhtmlXQ_red]\n\
         [DhtmlXQ_black]B[/DhtmlXQ_black]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n\
         [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n\
         [DhtmlXQ_comment2]line one||line two[/DhtmlXQ_comment2]\n[/DhtmlXQ]\n\n"
    );
    let games = read(Format::DhtmlXq, &text);
    let AnyGame::Xiangqi(g) = &games[0] else {
        panic!()
    };
    assert_eq!(g.header.event.as_deref(), Some("E & F"));
    assert_eq!(
        g.header.result,
        Outcome::side_win(kifu_parser::GameKind::Xiangqi, "red")
    );
    assert_eq!(
        g.moves[0].text,
        XqMoveText::Coord {
            from: (7, 2),
            to: (4, 2)
        }
    );
    assert_eq!(g.comments[0].text, "line one\nline two");
    // Tags inside a text: only what would end the field or the block is changed, to a
    // character reference the reader decodes; every text field reads back as it was.
    r.event = Some("Cup [DhtmlXQ_date]2024 [/DhtmlXQ_event] [/DhtmlXQ] 象[x] &#91;");
    r.players = vec![
        ("red", "A [/DhtmlXQ_black] [/DhtmlXQ]"),
        ("black", "B &amp; C"),
    ];
    r.round = Some("R [/DhtmlXQ_round]");
    let (text, _) = write_all(Notation::DhtmlXq, [r.clone()]);
    assert!(text.contains(
        "[DhtmlXQ_event]Cup [DhtmlXQ_date]2024 &#91;/DhtmlXQ_event] &#91;/DhtmlXQ] 象[x] \
         &amp;#91;[/DhtmlXQ_event]"
    ));
    let AnyGame::Xiangqi(g) = &read(Format::DhtmlXq, &text)[0] else {
        panic!()
    };
    assert_eq!(g.header.event.as_deref(), r.event);
    assert_eq!(
        g.header.red.as_deref(),
        Some("A [/DhtmlXQ_black] [/DhtmlXQ]")
    );
    assert_eq!(g.header.black.as_deref(), Some("B &amp; C"));
    assert_eq!(g.header.round.as_deref(), r.round);
    // A result stated as unknown stays one (no field would read back as none stated).
    r.result = Some(ResultName::Unknown);
    let (text, _) = write_all(Notation::DhtmlXq, [r.clone()]);
    assert!(
        text.contains("[DhtmlXQ_result]未知[/DhtmlXQ_result]"),
        "{text}"
    );
    let AnyGame::Xiangqi(g) = &read(Format::DhtmlXq, &text)[0] else {
        panic!()
    };
    assert_eq!(g.header.result, Some(Outcome::Unknown));
    // A king-and-rook ending, Black to move: binit, read back to the same board.
    let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";
    let ending = xq_moves(&["e9d9"]);
    let r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: Some(fen),
        moves: &ending,
    });
    let (text, errors) = write_all(Notation::DhtmlXq, [r]);
    assert!(errors.is_empty());
    let AnyGame::Xiangqi(g) = &read(Format::DhtmlXq, &text)[0] else {
        panic!()
    };
    assert_eq!(
        g.fen.as_deref().map(|f| &f[..f.len().min(32)]),
        Some(&fen[..32])
    );
    // No red king and no move: still written (the reader's replay reports the start).
    let kingless = "4k4/9/9/9/9/9/9/9/4R4/9 w - - 0 1";
    let r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: Some(kingless),
        moves: &[],
    });
    let (text, errors) = write_all(Notation::DhtmlXq, [r.clone()]);
    assert!(errors.is_empty());
    // Red's rook first in Red's order (e1: file 4, row 8 from the top), Black's king fifth
    // in Black's (e9: row 0); every other piece off the board.
    let binit = format!(
        "48{}{}40{}",
        "99".repeat(15),
        "99".repeat(4),
        "99".repeat(11)
    );
    assert!(
        text.contains(&format!("[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]")),
        "{text}"
    );
    let AnyGame::Xiangqi(g) = &read(Format::DhtmlXq, &text)[0] else {
        panic!()
    };
    assert_eq!(
        g.fen.as_deref().map(|f| f.split(' ').next().unwrap()),
        Some("4k4/9/9/9/9/9/9/9/4R4/9")
    );
    let (text, errors) = write_all(Notation::XiangqiPgn(XqNotation::Chinese), [r]);
    assert!(errors.is_empty());
    assert!(text.contains(&format!("[FEN \"{kingless}\"]")), "{text}");
    // Three red rooks: no binit can say it, the FEN does.
    let three = "4k4/9/9/9/9/9/R8/R8/R8/3K5 w - - 0 1";
    let r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: Some(three),
        moves: &[],
    });
    let (text, errors) = write_all(Notation::DhtmlXq, [r]);
    assert!(errors.is_empty());
    assert!(!text.contains("binit"), "{text}");
    let AnyGame::Xiangqi(g) = &read(Format::DhtmlXq, &text)[0] else {
        panic!()
    };
    assert_eq!(g.fen.as_deref(), Some(three));
}

#[test]
fn a_start_chinese_notation_cannot_name_moves_from_is_refused() {
    // No red king: the position cannot be set up, so `炮二平五` has nothing to be read from.
    let fen = "4k4/9/9/9/9/9/9/1C7/9/9 w - - 0 1";
    let moves = xq_moves(&["b2e2"]);
    let r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: Some(fen),
        moves: &moves,
    });
    let (text, errors) = write_all(Notation::XiangqiPgn(XqNotation::Chinese), [r.clone()]);
    assert_eq!(text, "");
    assert_eq!(
        errors[0].1.to_string(),
        format!("xiangqi-pgn (chinese) cannot state the start position {fen}: red has 0 kings, expected 1")
    );
    // ICCS names squares: written.
    let (text, errors) = write_all(Notation::XiangqiPgn(XqNotation::Iccs), [r]);
    assert!(errors.is_empty());
    assert!(text.ends_with("[Format \"ICCS\"]\n1. b2e2\n\n"), "{text}");
}

#[test]
fn a_game_the_notation_does_not_record_is_refused() {
    let moves = xq_moves(&["h2e2"]);
    let r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: None,
        moves: &moves,
    });
    let mut out = String::from("kept");
    let e = Writer::new(Notation::RenjuLines)
        .write(&r, &mut out)
        .unwrap_err();
    assert_eq!(
        e,
        WriteError::WrongGame {
            notation: Notation::RenjuLines,
            kind: GameKind::Xiangqi
        }
    );
    assert_eq!(
        e.to_string(),
        "renju-lines records renju games, not a xiangqi game"
    );
    assert_eq!(out, "kept");
}

#[test]
fn territorial_and_chouchou_read_back() {
    let moves: Vec<territorial::Move> = ["K@e1", "K@d8", "--"]
        .iter()
        .map(|t| {
            territorial::Move::from_text(
                kifu_parser::territorial::parse_move(t.as_bytes()).unwrap(),
            )
            .unwrap()
        })
        .collect();
    let comments = vec![(1, "king {first}".to_owned())];
    let mut r = RecordOut::new(GameMoves::Territorial(&moves));
    r.players = vec![("white", "W"), ("black", "B")];
    r.event = Some("Club");
    r.result = Some(ResultName::Black);
    r.comments = &comments;
    let (text, _) = write_all(Notation::TerritorialPgn, [r]);
    assert_eq!(
        text,
        "[Game \"Chess Territorial\"]\n[Event \"Club\"]\n[White \"W\"]\n[Black \"B\"]\n\
         [Result \"0-1\"]\n\n1. K@e1 {king first} K@d8 2. -- 0-1\n\n"
    );
    let AnyGame::Territorial(g) = &read(Format::TerritorialPgn, &text)[0] else {
        panic!()
    };
    let back: Vec<CtMoveText> = g.moves.iter().map(|m| m.text).collect();
    let want: Vec<CtMoveText> = moves.iter().map(|m| m.to_text()).collect();
    assert_eq!(back, want);
    assert_eq!(
        g.header.result,
        Outcome::side_win(kifu_parser::GameKind::Territorial, "black")
    );
    assert_eq!(g.comments[0].ply, 1);

    let actions = [
        CcActionText::Place { cell: (1, 1) },
        CcActionText::Place { cell: (2, 2) },
    ];
    let mut r = RecordOut::new(GameMoves::ChouChou {
        variant: Variant::Standard,
        players: 3,
        pairs: false,
        actions: &actions,
        not_applied: &[],
        stated_counts: &[],
        termination: Some("time"),
    });
    r.players = vec![("P1", "Ann"), ("P3", "Cy")];
    r.result = Some(ResultName::Seat(3));
    let (text, _) = write_all(Notation::ChouChouCcn, [r]);
    assert_eq!(
        text,
        "[Game \"ChouChou\"]\n[Variant \"3x3\"]\n[Players \"3\"]\n[P1 \"Ann\"]\n[P3 \"Cy\"]\n\
         [Result \"P3\"]\n[Termination \"time\"]\n\n1. 2B 2. 3C P3\n\n"
    );
    let AnyGame::ChouChou(g) = &read(Format::ChouChouCcn, &text)[0] else {
        panic!()
    };
    assert_eq!(g.actions.len(), 2);
    assert_eq!(g.player_count, Some(3));
    assert_eq!(g.header.result_text.as_deref(), Some("P3"));
    assert_eq!(g.termination.as_deref(), Some("time"));
}

/// The moves a record wrote after those kifu applied come back as written, in every
/// Xiangqi PGN notation: as moves where the reader reads them so, else through kifu's
/// `{kifu:after-end …}` comment (which is no comment once read); a comment keeps its line
/// breaks (CRLF read as LF).
#[test]
fn xiangqi_pgn_gives_back_the_moves_after_the_end_and_comment_line_breaks() {
    let moves = xq_moves(&["h2e2", "h9g7"]);
    let comments = vec![(1, "line one\r\nline two\n\nafter a blank".to_owned())];
    let cases: [(&[&str], bool); 2] = [
        (&["車五進一", "將５退１", "C2.5"], true),
        (&["7747", "a b", "{x}", "100%"], false),
    ];
    for (after_end, as_moves) in cases {
        for notation in XqNotation::ALL {
            let mut r = RecordOut::new(GameMoves::Xiangqi {
                start_fen: None,
                moves: &moves,
            });
            r.result = Some(ResultName::Red);
            r.comments = &comments;
            r.after_end = after_end.to_vec();
            let (text, errors) = write_all(Notation::XiangqiPgn(notation), [r]);
            assert!(errors.is_empty());
            assert_eq!(text.contains("{kifu:after-end "), !as_moves, "{text}");
            let AnyGame::Xiangqi(g) = &read(Format::XiangqiPgn, &text)[0] else {
                panic!()
            };
            let written: Vec<&str> = g.moves.iter().map(|m| m.written.as_str()).collect();
            assert_eq!(&written[2..], after_end, "{text}");
            let comments: Vec<(u32, &str)> = g
                .comments
                .iter()
                .map(|c| (c.ply, c.text.as_str()))
                .collect();
            assert_eq!(
                comments,
                [(1, "line one\nline two\n\nafter a blank")],
                "{text}"
            );
            assert_eq!(
                g.header.result,
                Some(Outcome::side_win(GameKind::Xiangqi, "red").unwrap())
            );
        }
    }
}

/// DhtmlXQ, whose move list names squares, gives the moves after the end back from its
/// `afterend` field, as written.
#[test]
fn dhtmlxq_gives_back_the_moves_after_the_end() {
    let moves = xq_moves(&["h2e2", "h9g7"]);
    let mut r = RecordOut::new(GameMoves::Xiangqi {
        start_fen: None,
        moves: &moves,
    });
    let after_end = ["車五進一", "a b", "[x]", "&lt;"];
    r.after_end = after_end.to_vec();
    let (text, errors) = write_all(Notation::DhtmlXq, [r]);
    assert!(errors.is_empty());
    let AnyGame::Xiangqi(g) = &read(Format::DhtmlXq, &text)[0] else {
        panic!()
    };
    let written: Vec<&str> = g.moves.iter().map(|m| m.written.as_str()).collect();
    assert_eq!(&written[2..], after_end, "{text}");
    assert!(g.header.extra.is_empty(), "{:?}", g.header.extra);
}

/// A start kifu cannot set up (no red king) is written as its FEN with the moves the
/// record wrote from it, in every notation, and read back so.
#[test]
fn a_start_kifu_cannot_set_up_is_written_with_its_moves() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1";
    for notation in XqNotation::ALL {
        let mut r = RecordOut::new(GameMoves::Xiangqi {
            start_fen: Some(fen),
            moves: &[],
        });
        r.after_end = vec!["炮二平六", "馬８進７"];
        let (text, errors) = write_all(Notation::XiangqiPgn(notation), [r]);
        assert!(errors.is_empty());
        assert!(text.contains("\n1. 炮二平六 馬８進７\n"), "{text}");
        let AnyGame::Xiangqi(g) = &read(Format::XiangqiPgn, &text)[0] else {
            panic!()
        };
        assert_eq!(g.fen.as_deref(), Some(fen));
        let written: Vec<&str> = g.moves.iter().map(|m| m.written.as_str()).collect();
        assert_eq!(written, ["炮二平六", "馬８進７"]);
    }
}
