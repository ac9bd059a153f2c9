//! ChouChou `.ccn` and spreadsheet parser tests: spellings, full-width text, tags, streaming,
//! CSV/TSV, exact error locations, detection, the writer and the samples.

use kifu_parser::chouchou::{
    looks_like_ccn, looks_like_sheet, parse_action_list, parse_ccn, parse_sheet, CcnReader,
};
use kifu_parser::{CcActionText, Format, Location};

fn place(c: u8, r: u8) -> CcActionText {
    CcActionText::Place { cell: (c, r) }
}
fn two(a: (u8, u8), b: (u8, u8)) -> CcActionText {
    CcActionText::MoveTwo { from: a, to: b }
}
fn swap(a: (u8, u8), b: (u8, u8)) -> CcActionText {
    CcActionText::SwapOne { from: a, to: b }
}

fn one(text: &str) -> (CcActionText, Option<u32>) {
    let v = parse_action_list(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(v.len(), 1, "{text}");
    (v[0].text, v[0].annotated_captures)
}

#[test]
fn every_spelling() {
    let m = two((2, 2), (0, 0));
    for t in [
        "3C→1A②",
        "3C->1A②",
        "3C>1A②",
        "3C-1A②",
        "3C→1A(2)",
        "3C→1A2",
        "3c-1a2",
        "３Ｃ→１Ａ②",
        "３Ｃ－＞１Ａ（２）",
        "３ｃ＞１ａ２",
        "3C⇒1A②",
        "1. 3C→1A②",
        "12.3C->1A(2)",
        "7... 3C>1A2",
    ] {
        assert_eq!(one(t), (m, None), "{t}");
    }
    let s = swap((1, 1), (2, 0));
    for t in ["2B→3A①", "2B->3A(1)", "2b>3a1", "2B-3A①", "２Ｂ→３Ａ①"] {
        assert_eq!(one(t), (s, None), "{t}");
    }
    assert_eq!(one("3B"), (place(2, 1), None));
    assert_eq!(one("４ｄ"), (place(3, 3), None));
    for t in ["3B x4", "3B ×4", "3Bx4", "3B×4", "3B ｘ４", "3B X4"] {
        assert_eq!(one(t), (place(2, 1), Some(4)), "{t}");
    }
    assert_eq!(one("3C→1A② x12"), (m, Some(12)));
    assert_eq!(one("3C→1A②×3"), (m, Some(3)));
}

#[test]
fn action_locations_and_text() {
    let v = parse_action_list("1. ３Ｂ 2. 3C→1A② x3\n  2b-3a1").unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(v[0].at, Location::new(3, 1, 4));
    assert_eq!(v[0].written, "３Ｂ");
    assert_eq!(v[0].len, 6);
    assert_eq!(v[1].at, Location::new(13, 1, 14));
    assert_eq!(v[1].written, "3C→1A②");
    assert_eq!(v[1].annotated_captures, Some(3));
    assert_eq!(v[2].at, Location::new(29, 2, 3));
}

#[test]
fn exact_error_locations() {
    let cases: [(&str, u64, &str); 9] = [
        ("1. 2B 2. 3Z", 10, "row letter"),
        ("2B 3C→1A", 10, "count"),
        ("2B 3C→", 8, "destination"),
        ("2B 3C→1Q②", 9, "row letter"),
        ("2B x", 3, "not a ChouChou action"),
        ("2B 3B③", 5, "unexpected"),
        ("x3 2B", 0, "no action"),
        ("2B {open", 3, "unclosed"),
        ("３Ｚ", 3, "row letter"),
    ];
    for (text, offset, what) in cases {
        let e = parse_action_list(text).unwrap_err();
        assert_eq!(e.at.offset, offset, "{text}: {e}");
        assert_eq!(e.at.column as u64, offset + 1, "{text}");
        assert!(e.message.contains(what), "{text}: {}", e.message);
    }
}

const TWO_GAMES: &str = "\u{feff}; file comment\n\
[Game \"ChouChou\"]\n\
[Variant \"4x4\"]   ; board\n\
[Players \"4\"] [Teams \"pairs\"]\n\
[Event \"Cup\"] [Round \"3\"] [Date \"2024.05.12\"]\n\
[P1 \"Sato\"] [P2 \"Suzuki\"] [P3 \"Kato\"] [P4 \"Ito\"]\n\
[Result \"P4\"]\n\
[Termination \"time\"]\n\
[Board \"7\"]\n\
\n\
1. 2B {first} 2. 2B 3. 1A\n\
# a comment line\n\
4. 3C→1A② x3 ; the capture\n\
[Game \"ChouChou\"]\n\
[P1 \"A\"] [P2 \"B\"]\n\
1A 2A 3A x1 draw\n";

#[test]
fn tags_and_streaming() {
    let games: Vec<_> = CcnReader::new(TWO_GAMES.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.format, Format::ChouChouCcn);
    assert_eq!(g.variant.as_deref(), Some("4x4"));
    assert_eq!(g.player_count, Some(4));
    assert!(g.pairs);
    assert_eq!(g.header.event.as_deref(), Some("Cup"));
    assert_eq!(g.header.round.as_deref(), Some("3"));
    assert_eq!(g.header.date.as_deref(), Some("2024-05-12"));
    assert_eq!(g.header.players, vec!["Sato", "Suzuki", "Kato", "Ito"]);
    assert_eq!(g.header.result_text.as_deref(), Some("P4"));
    assert_eq!(g.termination.as_deref(), Some("time"));
    assert_eq!(g.header.extra, vec![("Board".to_string(), "7".to_string())]);
    assert_eq!(g.actions.len(), 4);
    assert_eq!(g.actions[3].annotated_captures, Some(3));
    let texts: Vec<&str> = g.comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        vec![
            "file comment",
            "board",
            "first",
            "a comment line",
            "the capture"
        ]
    );
    assert_eq!(g.comments[2].ply, 1);
    assert_eq!(g.start.offset, 3);
    let g2 = games[1].as_ref().unwrap();
    assert_eq!(g2.header.players, vec!["A", "B"]);
    assert_eq!(g2.header.result_text.as_deref(), Some("draw"));
    assert_eq!(g2.actions.len(), 3);
    let second = TWO_GAMES.find("[Game \"ChouChou\"]\n[P1").unwrap() as u64;
    assert_eq!(g2.start.offset, second);
    assert_eq!(g.span.end, second);
}

#[test]
fn a_bad_game_does_not_stop_the_next() {
    let text = "[Round \"1\"]\n1. 2B 2. 9Z\n\n[Round \"2\"]\n1. 2B 2. 3B\n\n1A 2A 3A\n";
    let games = parse_ccn(text.as_bytes());
    assert_eq!(games.len(), 3);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(22, 2, 11));
    assert_eq!(e.start.offset, 0);
    assert!(e.raw.contains("9Z"));
    assert_eq!(games[1].as_ref().unwrap().actions.len(), 2);
    assert_eq!(games[2].as_ref().unwrap().actions.len(), 3);
    // A malformed tag, and actions after the result token.
    let games = parse_ccn(b"[Event Cup]\n1A\n\n1A * 2B\n");
    assert_eq!(games[0].as_ref().unwrap_err().at.column, 8);
    assert_eq!(games[1].as_ref().unwrap_err().at.column, 6);
}

#[test]
fn sheet_csv() {
    let csv = "\u{feff}Event,ROUND,Table,Player,Move,Captured,Note\n\
\"Cup, Osaka\",1,1,Sato,2B,,\"said \"\"hi\"\"\"\n\
\"Cup, Osaka\",1,2,Ito,1A,,\n\
\"Cup, Osaka\",1,1,Suzuki,２Ｂ,,\n\
\"Cup, Osaka\",1,2,Kato,1B,,\n\
\"Cup, Osaka\",1,1,Sato,3C->1A(2),3,\n\
\n\
\"Cup, Osaka\",2,1,Suzuki,\"1A\",0,\n";
    let games = parse_sheet(csv.as_bytes());
    assert_eq!(games.len(), 3);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.format, Format::ChouChouSheet);
    assert_eq!(g.header.event.as_deref(), Some("Cup, Osaka"));
    assert_eq!(g.header.round.as_deref(), Some("1"));
    assert_eq!(g.header.players, vec!["Sato", "Suzuki"]);
    assert_eq!(g.actions.len(), 3);
    assert_eq!(g.actions[1].text, place(1, 1));
    assert_eq!(g.actions[1].player.as_deref(), Some("Suzuki"));
    assert_eq!(g.actions[2].text, two((2, 2), (0, 0)));
    assert_eq!(g.actions[2].annotated_captures, Some(3));
    // `3C->1A(2)` is on line 6 after `"Cup, Osaka",1,1,Sato,`.
    assert_eq!((g.actions[2].at.line, g.actions[2].at.column), (6, 23));
    let g = games[1].as_ref().unwrap();
    assert_eq!(g.header.players, vec!["Ito", "Kato"]);
    let g = games[2].as_ref().unwrap();
    assert_eq!(g.actions[0].annotated_captures, Some(0));
    assert_eq!((g.actions[0].at.line, g.actions[0].at.column), (8, 26));
}

#[test]
fn sheet_tsv_japanese_headers_and_ply_order() {
    let tsv = "回戦\t手数\t対局者\t指し手\n1\t2\tB\t2B\n1\t1\tA\t1A\n1\t3\tA\t3C\n";
    let games = parse_sheet(tsv.as_bytes());
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().unwrap();
    assert_eq!(g.header.players, vec!["A", "B"]);
    assert_eq!(
        g.actions.iter().map(|a| a.text).collect::<Vec<_>>(),
        vec![place(0, 0), place(1, 1), place(2, 2)]
    );
    let semi = "round;player;move;variant;players;teams\n1;A;1A;4x4;4;pairs\n1;B;2B;;;\n";
    let g = parse_sheet(semi.as_bytes()).remove(0).unwrap();
    assert_eq!(g.variant.as_deref(), Some("4x4"));
    assert_eq!(g.player_count, Some(4));
    assert!(g.pairs);
}

#[test]
fn sheet_errors() {
    let csv = "round,player,move\n1,A,1A\n1,B,\"3C→1A\"\n2,A,2B\n";
    let games = parse_sheet(csv.as_bytes());
    assert_eq!(games.len(), 2);
    let e = games[0].as_ref().unwrap_err();
    // The count is missing right after `1A` inside the quoted field (line 3).
    assert_eq!((e.at.line, e.at.column), (3, 13));
    assert_eq!(e.at.offset, 37);
    assert!(games[1].is_ok());
    let e = parse_sheet(b"round,player,hand\n1,A,1A\n")
        .remove(0)
        .unwrap_err();
    assert!(e.message.contains("no move column"));
    // The error covers the file from its header row, where it starts.
    let e = parse_sheet(b"\n\nround,player\n1,A\n")
        .remove(0)
        .unwrap_err();
    assert_eq!((e.start.offset, e.span.start, e.span.end), (2, 2, 19));
    let e = parse_sheet(b"round,player,move\n1,A,\"1A\n")
        .remove(0)
        .unwrap_err();
    assert_eq!((e.at.line, e.at.column), (2, 5));
    // After a byte-order mark, a file-wide error covers the text, not the mark.
    let e = parse_sheet(b"\xEF\xBB\xBFround,player,move\n1,A,\"1A\n")
        .remove(0)
        .unwrap_err();
    assert_eq!((e.at.line, e.at.column), (2, 5));
    assert_eq!((e.start.offset, e.span.start, e.span.end), (3, 3, 29));
    let e = parse_sheet(b"round,player,move\n1,A,1A 2B\n")
        .remove(0)
        .unwrap_err();
    assert_eq!((e.at.line, e.at.column), (2, 8));
}

/// A sheet that is not UTF-8 is read as Shift_JIS, and its games, actions and errors are
/// placed in the file's bytes (a kanji is two bytes there, three in the decoded text).
#[test]
fn sheet_shift_jis_places_in_the_file() {
    let text = "回戦,対局者,指し手\n1,佐藤,1A\n1,鈴木,\"3C→1A\"\n2,佐藤,2B\n";
    let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!unmappable);
    assert_eq!(sjis.len(), 55);
    let games = parse_sheet(&sjis);
    assert_eq!(games.len(), 2);
    // The count is missing right after `1A` inside the quoted field: line 3 starts at byte
    // 29 (`1,鈴木,"3C→` is 12 bytes, then `1A`).
    let e = games[0].as_ref().unwrap_err();
    assert_eq!((e.at.offset, e.at.line, e.at.column), (43, 3, 15));
    assert_eq!((e.start.offset, e.start.line), (19, 2));
    assert_eq!((e.span.start, e.span.end), (19, 44));
    // The quarantine keeps the rows as decoded text.
    assert_eq!(e.raw, "1,佐藤,1A\n1,鈴木,\"3C→1A\"");
    let g = games[1].as_ref().unwrap();
    assert_eq!(g.header.players, vec!["佐藤"]);
    assert_eq!((g.span.start, g.span.end), (45, 54));
    assert_eq!((g.actions[0].at.offset, g.actions[0].at.column), (52, 8));
    assert_eq!(g.notes[0].code, "encoding-guess");
    // A lead byte without its trail byte is U+FFFD, and the next byte is read on its own.
    let mut broken = b"round,player,move\n1,\x82".to_vec();
    broken.extend_from_slice(b",1A\n");
    let g = parse_sheet(&broken).remove(0).unwrap();
    assert_eq!(g.header.players, vec!["\u{fffd}"]);
    assert_eq!((g.actions[0].at.offset, g.actions[0].at.column), (22, 5));
}

#[test]
fn detection() {
    assert!(looks_like_ccn(TWO_GAMES.as_bytes()));
    assert!(looks_like_ccn(b"1. 2B 2. 2B 3. 1A 4. 3C->1A2 x3\n"));
    assert!(!looks_like_ccn(b"1. h8 2. h9 3. i9 4. g7\n"));
    assert!(!looks_like_ccn(b"round,player,move\n1,A,1A\n"));
    assert!(looks_like_sheet(b"Round,Player,Move\n1,A,1A\n"));
    assert!(looks_like_sheet("回戦\t対局者\t指し手\n".as_bytes()));
    assert!(!looks_like_sheet(b"name,score\nA,1\n"));
    assert!(!looks_like_sheet(TWO_GAMES.as_bytes()));
}

#[test]
fn samples_parse() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/chouchou");
    let ccn = std::fs::read(dir.join("tournament.ccn")).unwrap();
    assert!(looks_like_ccn(&ccn));
    let games = parse_ccn(&ccn);
    assert_eq!(games.len(), 6);
    for g in &games {
        let g = g.as_ref().unwrap();
        assert!(!g.actions.is_empty());
        assert_eq!(
            g.header.event.as_deref().map(|e| e.contains("Spring Cup")),
            Some(true)
        );
    }
    assert_eq!(
        games.iter().filter(|g| g.as_ref().unwrap().pairs).count(),
        1
    );
    assert!(games
        .iter()
        .any(|g| g.as_ref().unwrap().player_count == Some(3)));
    let csv = std::fs::read(dir.join("league.csv")).unwrap();
    assert!(looks_like_sheet(&csv));
    assert!(!looks_like_ccn(&csv));
    let games = parse_sheet(&csv);
    assert_eq!(games.len(), 3);
    for g in &games {
        let g = g.as_ref().unwrap();
        assert_eq!(g.header.players.len(), 2);
        assert_eq!(g.header.event.as_deref(), Some("Spring League, Osaka"));
    }
}

/// Mangled samples never panic the readers.
#[test]
fn never_panics_on_mangled_input() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/chouchou");
    let mut state = 12345u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    let junk: &[&[u8]] = &[
        b"\"",
        b"{",
        b"[",
        b"\xff",
        b"\xe2\x86",
        b"x",
        b"9",
        b"\n",
        b",",
        b"\t",
        b"\xef\xbc",
    ];
    for name in ["tournament.ccn", "league.csv"] {
        let base = std::fs::read(dir.join(name)).unwrap();
        for _ in 0..300 {
            let mut b = base.clone();
            for _ in 0..1 + next() % 4 {
                let at = next() % b.len();
                let j = junk[next() % junk.len()];
                b.splice(at..at + (next() % 3).min(b.len() - at), j.iter().copied());
            }
            let _ = parse_ccn(&b);
            let _ = parse_sheet(&b);
            let _ = looks_like_ccn(&b);
            let _ = looks_like_sheet(&b);
        }
    }
}
