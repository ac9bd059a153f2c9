//! Chess Territorial parser tests: PGN with drops and one-line move lists, exact
//! locations of moves and errors, streaming, the writer, and `samples/territorial/`.

use std::io::BufReader;
use std::path::PathBuf;

use kifu_parser::raw::{Comment, CtGame, CtMoveText, Outcome, RawError};
use kifu_parser::territorial::{looks_like, move_text, parse_str, PgnReader};
use kifu_parser::{Format, Location, Span};

fn ok(items: &[Result<CtGame, RawError>]) -> Vec<&CtGame> {
    items.iter().map(|i| i.as_ref().expect("a game")).collect()
}

fn moves(g: &CtGame) -> Vec<String> {
    g.moves.iter().map(|m| move_text(m.text)).collect()
}

fn drop(piece: u8, file: u8, rank: u8) -> CtMoveText {
    CtMoveText::Drop {
        piece,
        square: (file, rank),
    }
}

const PGN: &str = "[Game \"Chess Territorial\"]\n\
[White \"Sato\"] [Black \"Ito\"] [Result \"0-1\"]\n\
\n\
1. K@e1 K@d8 2. Q@e2 R@d5 3. @e3 -- {a pass} 0-1\n";

#[test]
fn pgn_game_with_exact_locations() {
    let items = parse_str(PGN);
    let games = ok(&items);
    assert_eq!(games.len(), 1);
    let g = games[0];
    assert_eq!(g.format, Format::TerritorialPgn);
    assert_eq!(g.start, Location::new(0, 1, 1));
    assert_eq!(g.span, Span::new(0, PGN.len() as u64));
    assert_eq!(g.header.white.as_deref(), Some("Sato"));
    assert_eq!(g.header.black.as_deref(), Some("Ito"));
    assert_eq!(
        g.header.result,
        Outcome::of(
            kifu_parser::GameKind::Territorial,
            kifu_facts::ResultName::Black
        )
    );
    assert_eq!(g.header.result_text.as_deref(), Some("0-1"));
    assert_eq!(
        g.header.extra,
        vec![("Game".to_string(), "Chess Territorial".to_string())]
    );
    assert_eq!(moves(g), ["K@e1", "K@d8", "Q@e2", "R@d5", "P@e3", "--"]);
    assert_eq!(g.moves[4].text, drop(b'P', 4, 2));
    assert_eq!(g.moves[4].written, "@e3");
    assert_eq!(g.moves[5].text, CtMoveText::Pass);
    // Line 4 starts at byte 72 (27 + 44 + 1).
    let at: Vec<Location> = g.moves.iter().map(|m| m.at).collect();
    assert_eq!(
        at,
        vec![
            Location::new(75, 4, 4),
            Location::new(80, 4, 9),
            Location::new(88, 4, 17),
            Location::new(93, 4, 22),
            Location::new(101, 4, 30),
            Location::new(105, 4, 34),
        ]
    );
    assert_eq!(g.moves[4].len, 3);
    assert_eq!(
        g.comments,
        vec![Comment {
            ply: 6,
            text: "a pass".into()
        }]
    );
    assert!(g.notes.is_empty());
}

#[test]
fn one_game_per_line_and_errors_located() {
    let text = "1. K@e1 K@d8\n1. K@e1 K@i8 2. Q@e2\nK@a1 X@h8\nK@h1 K@a8 Q@g1 1-0\n";
    let items = parse_str(text);
    assert_eq!(items.len(), 4);
    let g = items[0].as_ref().unwrap();
    assert_eq!(moves(g), ["K@e1", "K@d8"]);
    assert_eq!(g.span, Span::new(0, 13));
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(23, 2, 11));
    assert_eq!(e.start, Location::new(13, 2, 1));
    assert_eq!(e.span, Span::new(13, 34));
    assert_eq!(e.message, "'K@i8' is not a move: file 'i' is not a-h");
    assert_eq!(e.raw, "1. K@e1 K@i8 2. Q@e2\n");
    assert_eq!(e.format, Some(Format::TerritorialPgn));
    let e = items[2].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(39, 3, 6));
    assert_eq!(
        e.message,
        "'X@h8' is not a move: 'X' is not a piece letter (K, Q, R, B, N or P)"
    );
    let g = items[3].as_ref().unwrap();
    assert_eq!(moves(g), ["K@h1", "K@a8", "Q@g1"]);
    assert_eq!(
        g.header.result,
        Outcome::of(
            kifu_parser::GameKind::Territorial,
            kifu_facts::ResultName::White
        )
    );
    assert_eq!(g.moves[2].at, Location::new(54, 4, 11));
}

#[test]
fn bad_tokens() {
    let cases: [(&str, Location, &str); 8] = [
        (
            "K@e1 K@e9\n",
            Location::new(8, 1, 9),
            "'K@e9' is not a move: rank '9' is not 1-8",
        ),
        (
            "K@e1 e4\n",
            Location::new(5, 1, 6),
            "'e4' is not a move: expected <piece>@<square> (K@e1, @e3) or -- for a pass",
        ),
        (
            "K@e1 K@\n",
            Location::new(7, 1, 8),
            "'K@' is not a move: expected a square (a1-h8) after '@'",
        ),
        (
            "K@e1 KQ@e2\n",
            Location::new(5, 1, 6),
            "'KQ@e2' is not a move: expected one piece letter (K, Q, R, B, N or P) before '@'",
        ),
        (
            "K@e1 K@e12\n",
            Location::new(9, 1, 10),
            "'K@e12' is not a move: unexpected text after the square",
        ),
        (
            "K@e1 1-0 K@e8\n",
            Location::new(9, 1, 10),
            "'K@e8' after the result token: moves must come before the result",
        ),
        (
            "K@e1 (K@a1) K@e8\n",
            Location::new(5, 1, 6),
            "variations '( … )' are not supported in Chess Territorial records",
        ),
        (
            "[White Sato]\n1. K@e1\n",
            Location::new(7, 1, 8),
            "malformed tag: expected [Key \"Value\"]",
        ),
    ];
    for (text, at, message) in cases {
        let items = parse_str(text);
        assert_eq!(items.len(), 1, "{text:?}: {items:?}");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!((e.at, e.message.as_str()), (at, message), "{text:?}");
    }
}

#[test]
fn unclosed_comment_and_multiline_comments() {
    let text = "[Event \"x\"]\n\nK@e1 {never\nclosed\n";
    let items = parse_str(text);
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(18, 3, 6));
    assert!(e.message.starts_with("comment '{' is never closed"));
    assert_eq!(e.span, Span::new(0, text.len() as u64));
    // A comment over two lines in a one-line game keeps the game going.
    let text = "K@e1 {first\nsecond} K@e8\nK@a1\n";
    let items = parse_str(text);
    let games = ok(&items);
    assert_eq!(games.len(), 2);
    assert_eq!(moves(games[0]), ["K@e1", "K@e8"]);
    assert_eq!(games[0].comments[0].text, "first\nsecond");
    assert_eq!(games[0].moves[1].at, Location::new(20, 2, 9));
    assert_eq!(moves(games[1]), ["K@a1"]);
}

#[test]
fn games_split_on_tags_blank_lines_and_results() {
    let text = "[Event \"a\"]\n1. K@e1\n[Event \"b\"]\n\n1. K@h1 K@a8\n\n2. Q@g1 *\n\
                [Event \"c\"]\n\n[Event \"d\"]\n1.K@a1 ; note\n2...K@h8 $1 3. Q@b2!? 1/2-1/2\n";
    let items = parse_str(text);
    let games = ok(&items);
    let events: Vec<&str> = games
        .iter()
        .map(|g| g.header.event.as_deref().unwrap_or("-"))
        .collect();
    assert_eq!(events, ["a", "b", "-", "c", "d"]);
    assert_eq!(moves(games[0]), ["K@e1"]);
    assert_eq!(games[0].span, Span::new(0, 20));
    assert_eq!(moves(games[1]), ["K@h1", "K@a8"]);
    // After a blank line following move text, a new (tagless) game: one line.
    assert_eq!(moves(games[2]), ["Q@g1"]);
    assert_eq!(games[2].header.result, Some(Outcome::Unknown));
    assert!(games[3].moves.is_empty());
    assert_eq!(moves(games[4]), ["K@a1", "K@h8", "Q@b2"]);
    assert_eq!(games[4].moves[2].written, "Q@b2");
    assert_eq!(
        games[4].comments,
        vec![Comment {
            ply: 1,
            text: "note".into()
        }]
    );
    assert_eq!(games[4].header.result, Some(Outcome::Draw));
}

#[test]
fn tags_notes_dates() {
    let text = "[Game \"Chinese Chess\"]\n[Date \"2024.04.06\"] [Round \"3\"] [Event \"Club\"]\n\
                [WhiteScore \"50\"] [BlackScore \"58\"]\n[Result \"1-0\"]\n\n1. K@e1 0-1\n";
    let items = parse_str(text);
    let g = ok(&items)[0];
    assert_eq!(g.header.date.as_deref(), Some("2024-04-06"));
    assert_eq!(g.header.round.as_deref(), Some("3"));
    assert_eq!(g.header.event.as_deref(), Some("Club"));
    assert_eq!(
        g.header.extra,
        vec![
            ("Game".to_string(), "Chinese Chess".to_string()),
            ("WhiteScore".to_string(), "50".to_string()),
            ("BlackScore".to_string(), "58".to_string()),
        ]
    );
    assert_eq!(
        g.header.result,
        Outcome::of(
            kifu_parser::GameKind::Territorial,
            kifu_facts::ResultName::White
        )
    );
    let codes: Vec<&str> = g.notes.iter().map(|n| n.code).collect();
    assert_eq!(codes, ["other-game", "result-disagrees"]);
    assert_eq!(g.notes[0].at, Location::new(0, 1, 1));
    assert_eq!(g.notes[1].at.line, 6);
    assert_eq!(g.notes[1].at.column, 9);
}

#[test]
fn bom_crlf_and_streaming() {
    let text = "\u{feff}[Game \"Chess Territorial\"]\r\n\r\n1. K@e1 K@e8\r\n2. @e2 --\r\n\r\nK@a1 K@h8\r\n";
    let items = parse_str(text);
    let games = ok(&items);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].start, Location::new(3, 1, 4));
    assert_eq!(games[0].moves[0].at, Location::new(36, 3, 4));
    assert_eq!(games[0].moves[2].at, Location::new(50, 4, 4));
    assert_eq!(moves(games[0]), ["K@e1", "K@e8", "P@e2", "--"]);
    assert_eq!(games[1].moves[1].at, Location::new(65, 6, 6));
    // A one-byte buffer gives the same records.
    let small: Vec<_> = PgnReader::new(BufReader::with_capacity(1, text.as_bytes())).collect();
    assert_eq!(small, items);
    // Never panics on junk.
    for junk in [
        "@",
        "{",
        "[",
        "(",
        "]]]",
        "1.",
        "@@@",
        "\u{0}\u{1}",
        "--- -- -",
        "K@\u{e9}1",
    ] {
        let _ = parse_str(junk);
    }
}

#[test]
fn looks_like_territorial() {
    assert!(looks_like(b"[Game \"Chess Territorial\"]\n"));
    assert!(looks_like(b"[Event \"x\"]\n[game \"chess territorial\"]\n"));
    assert!(looks_like(b"1. K@e1 K@d8 2. Q@e2\n"));
    assert!(looks_like(b"K@a1 K@h8 @b2\n"));
    assert!(!looks_like(b"1. h8 h9 2. i9\n"));
    assert!(!looks_like(b"K@e1\n"));
    assert!(!looks_like("1. 炮二平五 马8进7\n".as_bytes()));
    assert!(!looks_like(b"[Game \"Chinese Chess\"]\n1. h2e2 h9g7\n"));
}

#[test]
fn sample_file() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../samples/territorial/club.pgn");
    let bytes = std::fs::read(&path).unwrap();
    assert!(looks_like(&bytes[..bytes.len().min(4096)]));
    let items: Vec<_> =
        PgnReader::new(BufReader::new(std::fs::File::open(&path).unwrap())).collect();
    let games = ok(&items);
    assert_eq!(games.len(), 5);
    for g in &games {
        assert_eq!(g.moves.len(), 32);
        assert!(g.notes.is_empty());
    }
    assert_eq!(games[0].comments.len(), 2);
    assert_eq!(games[0].comments[1].ply, 32);
    assert_eq!(games[1].moves[4].written, "@c3");
    let rounds: Vec<_> = games.iter().map(|g| g.header.round.as_deref()).collect();
    assert_eq!(rounds, [Some("1"), Some("2"), Some("3"), Some("4"), None]);
    assert_eq!(games[3].comments[0].ply, 0);
    assert_eq!(
        games[4].header.result,
        Outcome::of(
            kifu_parser::GameKind::Territorial,
            kifu_facts::ResultName::White
        )
    );
    assert_eq!(games[4].header.white, None);
}
