use super::*;
use crate::detect::detect;
use crate::raw::Location;

fn games(file: &[u8]) -> Vec<AnyGame> {
    parse(file).into_iter().map(Result::unwrap).collect()
}

fn tags(h: &Header) -> Vec<(&str, &str)> {
    h.extra
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

#[test]
fn every_column_of_the_four_games_with_quotes_a_bom_and_crlf() {
    // Header names in any order and case; an unknown column (Section) kept as a tag; a
    // quoted field with a comma, doubled quotes, a line break; a blank line; a last
    // line without its terminator.
    let file = "\u{FEFF}Result,Player2,GAME,Date,Event,Round,Board,Player1,player3,player4,\
                Rule,Forfeit,Section\r\n\
                1-0,Ben,renju,2024-05-03,Open Cup,1,1,Ana,,,rif,,A\r\n\
                1/2-1/2,Mei,Xiangqi,2024.05,\"City League, Spring\",2,,\"Lee \"\"Tiger\"\" Wu\",,,,no,\r\n\
                P2,Bo,chouchou,2024,\"Club\r\nnight\",3,,Aki,Chie,,,,\r\n\
                \r\n\
                0-1 , Dan ,territorial,,Open Cup,1,2, \"Cleo\" ,,,,yes,B\r\n\
                *,Y,renju,,,,,X,,,gomoku,,";
    let bytes = file.as_bytes();
    assert!(looks_like(bytes));
    assert_eq!(detect(bytes, None), Some(Format::ResultsCsv));
    let gs = games(bytes);
    assert_eq!(gs.len(), 5);

    let AnyGame::Renju(g) = &gs[0] else {
        panic!("{:?}", gs[0])
    };
    let line2 = file.find("1-0,Ben").unwrap();
    assert_eq!(g.format, Format::ResultsCsv);
    assert_eq!(g.start, Location::new(line2 as u64, 2, 1));
    assert_eq!(
        g.span,
        Span::new(line2 as u64, file.find("A\r\n1/2").unwrap() as u64 + 1)
    );
    assert!(g.moves.is_empty());
    let h = &g.header;
    assert_eq!(
        (h.black.as_deref(), h.white.as_deref()),
        (Some("Ana"), Some("Ben"))
    );
    assert_eq!(
        h.result,
        Outcome::of(kifu_facts::GameKind::Renju, kifu_facts::ResultName::Black)
    );
    assert_eq!(h.result_text.as_deref(), Some("1-0"));
    assert_eq!(h.date.as_deref(), Some("2024-05-03"));
    assert_eq!(h.event.as_deref(), Some("Open Cup"));
    assert_eq!(h.round.as_deref(), Some("1"));
    assert_eq!(h.rule.as_deref(), Some("rif"));
    assert_eq!(tags(h), [("board", "1"), ("Section", "A")]);
    assert!(g.notes.is_empty());

    // Xiangqi: seat 1 is Red, whose win is `Win(Seat::FIRST)`; dots in the date
    // read as the other readers read them; `no` is kept as the forfeit tag.
    let AnyGame::Xiangqi(g) = &gs[1] else {
        panic!("{:?}", gs[1])
    };
    let h = &g.header;
    assert_eq!(
        (h.red.as_deref(), h.black.as_deref()),
        (Some("Lee \"Tiger\" Wu"), Some("Mei"))
    );
    assert_eq!(h.result, Some(Outcome::Draw));
    assert_eq!(h.date.as_deref(), Some("2024-05"));
    assert_eq!(h.event.as_deref(), Some("City League, Spring"));
    assert_eq!(tags(h), [("forfeit", "no")]);
    assert!(g.moves.is_empty() && g.notes.is_empty());
    assert_eq!(g.start.line, 3);

    // ChouChou: three seats, the winner's seat; a line break inside quotes.
    let AnyGame::ChouChou(g) = &gs[2] else {
        panic!("{:?}", gs[2])
    };
    assert_eq!(g.header.players, ["Aki", "Bo", "Chie"]);
    assert_eq!(g.player_count, Some(3));
    assert_eq!(g.header.result_text.as_deref(), Some("P2"));
    assert_eq!(g.header.event.as_deref(), Some("Club\r\nnight"));
    assert_eq!(g.header.date.as_deref(), Some("2024"));
    assert_eq!(g.start.line, 4);
    assert!(g.actions.is_empty());

    // Territorial: seat 1 is White; fields trimmed around their quotes; a forfeit.
    let AnyGame::Territorial(g) = &gs[3] else {
        panic!("{:?}", gs[3])
    };
    let line7 = file.find("0-1 ,").unwrap();
    assert_eq!(g.start, Location::new(line7 as u64, 7, 1));
    let h = &g.header;
    assert_eq!(
        (h.white.as_deref(), h.black.as_deref()),
        (Some("Cleo"), Some("Dan"))
    );
    assert_eq!(
        h.result,
        Outcome::of(
            kifu_facts::GameKind::Territorial,
            kifu_facts::ResultName::Black
        )
    );
    assert_eq!(h.result_text.as_deref(), Some("0-1"));
    assert_eq!(h.date, None);
    assert_eq!(
        tags(h),
        [("board", "2"), ("forfeit", "yes"), ("Section", "B")]
    );
    assert_eq!(g.notes.len(), 1);
    let note = &g.notes[0];
    assert_eq!(
        (note.code, note.severity),
        ("forfeit-result", Severity::Info)
    );
    let yes = file.find("yes").unwrap();
    assert_eq!(
        note.at,
        Location::new(yes as u64, 7, (yes - line7) as u32 + 1)
    );

    let AnyGame::Renju(g) = &gs[4] else {
        panic!("{:?}", gs[4])
    };
    assert_eq!(g.header.result, Some(Outcome::Unknown));
    assert_eq!(g.header.rule.as_deref(), Some("gomoku"));
    assert_eq!(g.span.end, file.len() as u64);
}

#[test]
fn results_name_seats_in_moving_order() {
    let file = b"game,player1,player2,player3,player4,result\n\
                 renju,A,B,,,0-1\n\
                 xiangqi,A,B,,,1-0\n\
                 xiangqi,A,B,,,0-1\n\
                 territorial,A,B,,,1-0\n\
                 territorial,A,B,,,\xC2\xBD-\xC2\xBD\n\
                 chouchou,A,B,C,D,p4\n\
                 chouchou,A,B,,,0-1\n\
                 chouchou,A,B,C,,1/2-1/2\n\
                 chouchou,A,B,C,,*\n";
    let results: Vec<(Option<Outcome>, Option<String>)> = games(file)
        .into_iter()
        .map(|g| {
            let h = match g {
                AnyGame::Renju(g) => g.header,
                AnyGame::Xiangqi(g) => g.header,
                AnyGame::Territorial(g) => g.header,
                AnyGame::ChouChou(g) => g.header,
            };
            (h.result, h.result_text)
        })
        .collect();
    let r = |r: Option<Outcome>, t: &str| (r, Some(t.to_owned()));
    use kifu_facts::Seat;
    use Outcome::*;
    assert_eq!(
        results,
        [
            r(Some(Win(Seat::SECOND)), "0-1"),
            r(Some(Win(Seat::FIRST)), "1-0"),
            r(Some(Win(Seat::SECOND)), "0-1"),
            r(Some(Win(Seat::FIRST)), "1-0"),
            r(Some(Draw), "½-½"),
            r(None, "P4"),
            r(None, "P2"),
            r(Some(Draw), "draw"),
            r(Some(Unknown), "*"),
        ]
    );
}

#[test]
fn each_bad_row_is_an_error_at_its_field_and_the_rest_read() {
    let file: &[u8] = b"game,player1,player2,player3,player4,result,date,forfeit\n\
        go,A,B,,,1-0,,\n\
        renju,,B,,,1-0,,\n\
        renju,A,B,,,2-0,,\n\
        renju,A,B,,,1-0,2024-13-01,\n\
        renju,A,B,,,1-0,,maybe\n\
        renju,A,B,,,1-0\n\
        renju,A,B,,,1-0,,,x\n\
        xiangqi,A,B,C,,1-0,,\n\
        chouchou,A,B,,D,P1,,\n\
        chouchou,A,B,C,,P4,,\n\
        renju,A\"x,B,,,1-0,,\n\
        renju,\"A\"x,B,,,1-0,,\n\
        renju,A,B,,,1-0,2024-05-03,\n\
        renju,A,\xFF,,,1-0,,\n\
        renju,\"A,B,,,1-0,,";
    let items = parse(file);
    let errors: Vec<(u32, u32, u64, &str)> = items
        .iter()
        .filter_map(|i| i.as_ref().err())
        .map(|e| (e.at.line, e.at.column, e.at.offset, e.message.as_str()))
        .collect();
    assert_eq!(
        errors,
        [
            (
                2,
                1,
                57,
                "'go' is not a game: expected renju, xiangqi, territorial or chouchou"
            ),
            (
                3,
                7,
                78,
                "player1 is empty: a renju game needs player1 and player2"
            ),
            (
                4,
                13,
                101,
                "'2-0' is not a result: expected 1-0 (player1 won), 0-1 (player2 won), \
                 1/2-1/2 or ½-½ (a draw) or * (not known)"
            ),
            (
                5,
                17,
                123,
                "'2024-13-01' is not a date: expected YYYY-MM-DD, YYYY-MM or YYYY"
            ),
            (
                6,
                18,
                152,
                "'maybe' is not a forfeit value: expected yes, 1 or true (scored without \
                 play), or no, 0, false or empty (played)"
            ),
            (
                7,
                16,
                173,
                "the row has 6 fields, the header 8 (a row has one field per column, \
                 empty ones included)"
            ),
            (
                8,
                19,
                192,
                "the row has 9 fields, the header 8 (a row has one field per column, \
                 empty ones included)"
            ),
            (
                9,
                13,
                206,
                "a xiangqi game has two seats: player3 must be empty"
            ),
            (
                10,
                15,
                229,
                "player4 is given but player3 is empty: seats are filled in order"
            ),
            (
                11,
                17,
                252,
                "'P4' is not a result of this 3-seat chouchou game: expected the winning \
                 seat P1…P3, 1/2-1/2 (no winner) or * (not known)"
            ),
            (
                12,
                8,
                264,
                "a quote inside a field that does not start with one (quote the whole \
                 field and write the quote twice: \"\")"
            ),
            (
                13,
                10,
                286,
                "text after the closing quote of a field (a quote inside a field is \
                 written twice: \"\")"
            ),
            (
                15,
                9,
                334,
                "the bytes here are not UTF-8 text (a results CSV is UTF-8)"
            ),
            (
                16,
                7,
                350,
                "the quoted field is never closed (a quote opens it here and no quote \
                 ends it)"
            ),
        ]
    );
    // The good row read; each error keeps its line as its record.
    let good: Vec<u32> = items
        .iter()
        .filter_map(|i| i.as_ref().ok())
        .map(|g| match g {
            AnyGame::Renju(g) => g.start.line,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(good, [14]);
    let bad = items[1].as_ref().unwrap_err();
    assert_eq!(bad.start, Location::new(72, 3, 1));
    assert_eq!(bad.span, Span::new(72, 88));
    assert_eq!(bad.raw, "renju,,B,,,1-0,,");
    assert_eq!(bad.format, Some(Format::ResultsCsv));
    // A quote never closed ends its record with its line, and the next line reads.
    let items = parse(b"game,player1,player2,result\nrenju,\"A,B,1-0\nrenju,C,D,0-1\n");
    assert!(items[0].is_err());
    assert!(matches!(&items[1], Ok(AnyGame::Renju(g)) if g.start.line == 3));
}

#[test]
fn a_header_without_the_required_columns_is_one_error() {
    let file = b"game,player1,result\nrenju,A,1-0\n";
    let items = parse(file);
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(
        e.message,
        "the header has no player2 column: a results CSV needs the columns game, player1, \
         player2 and result"
    );
    assert_eq!((e.at, e.span), (Location::new(0, 1, 1), Span::new(0, 32)));
    let items = parse(b"Game,Player1,date\n");
    let e = &items[0].as_ref().unwrap_err().message;
    assert!(
        e.starts_with("the header has no player2 and result columns: "),
        "{e}"
    );
    let items = parse(b"game,player1,player2,result,Game\nrenju,A,B,1-0,renju\n");
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(
        e.message,
        "the header names the column 'game' twice (columns 1 and 5)"
    );
    assert_eq!(e.at, Location::new(28, 1, 29));
    assert!(parse(b"").is_empty());
    assert!(parse(b"\n\n").is_empty());
    assert!(parse(b"\"game,player1").len() == 1);
}

#[test]
fn told_apart_from_the_chouchou_spreadsheet_both_ways() {
    use crate::chouchou::looks_like_sheet;
    let results = b"game,player1,player2,result\nchouchou,A,B,P1\n";
    let quoted = b"\xEF\xBB\xBF\"Game\",\"Player1\",\"Player2\",\"Result\"\r\n";
    // A results CSV that keeps a move-like column of its own is still one.
    let with_moves = b"round,game,player1,player2,result,move\n1,renju,A,B,1-0,h8\n";
    for head in [&results[..], quoted, with_moves] {
        assert!(looks_like(head));
        assert!(!looks_like_sheet(head));
        assert_eq!(detect(head, None), Some(Format::ResultsCsv));
    }
    // The spreadsheet export: one action per row, a player column, a game (table)
    // column and a result column, but no seats.
    let sheet = b"round,game,player,move,result\n1,1,Aki,3B,P1\n1,1,Bo,2C,P1\n";
    assert!(looks_like_sheet(sheet));
    assert!(!looks_like(sheet));
    assert_eq!(detect(sheet, None), Some(Format::ChouChouSheet));
    // Not a results CSV: a column missing, another separator, a RenjuNet row.
    for head in [
        &b"game,player1,player2,date\nrenju,A,B,2024\n"[..],
        b"game\tplayer1\tplayer2\tresult\n",
        b"game\tG1\t2596\t1\t1\t3557\t3556\tW\n",
    ] {
        assert!(!looks_like(head));
        assert_ne!(detect(head, None), Some(Format::ResultsCsv));
    }
}

#[test]
fn a_results_only_format_without_a_game_of_its_own() {
    assert!(kifu_facts::is_results_only_format(
        Format::ResultsCsv.name()
    ));
    assert_eq!(Format::from_name("results-csv"), Some(Format::ResultsCsv));
    assert_eq!(Format::ResultsCsv.game_kind(), None);
    let items = crate::member::records(
        Format::ResultsCsv,
        "ascii",
        b"game,player1,player2,result\nxiangqi,A,B,1-0\n",
    );
    assert!(matches!(&items[..], [Ok(AnyGame::Xiangqi(_))]));
}
