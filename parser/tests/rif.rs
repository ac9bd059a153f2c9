//! RenjuNet/RIF XML reader: fixture `tests/fixtures/rif/sample.rif`.

use kifu_parser::raw::{Format, Location, Outcome, RawError, RawGame, RawItem};
use kifu_parser::rif::{parse_bytes, RifReader};

const SAMPLE: &[u8] = include_bytes!("fixtures/rif/sample.rif");

/// Location of the `nth` (0-based) occurrence of `needle` in `text`, computed independently.
fn locate(text: &[u8], needle: &str, nth: usize) -> Location {
    let n = needle.as_bytes();
    let offset = (0..=text.len() - n.len())
        .filter(|&i| &text[i..i + n.len()] == n)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} #{nth} not in text"));
    let line = 1 + text[..offset].iter().filter(|&&b| b == b'\n').count() as u32;
    let line_start = text[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map(|p| p + 1)
        .unwrap_or(0);
    Location::new(offset as u64, line, (offset - line_start + 1) as u32)
}

fn items() -> Vec<RawItem> {
    parse_bytes(SAMPLE)
}

fn game(items: &[RawItem], id: &str) -> RawGame {
    items
        .iter()
        .filter_map(|i| i.as_ref().ok())
        .find(|g| g.header.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("game {id} not found"))
        .clone()
}

fn extra<'a>(g: &'a RawGame, key: &str) -> Option<&'a str> {
    g.header
        .extra
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn pt(s: &str) -> (u8, u8) {
    (s.as_bytes()[0] - b'a', s[1..].parse::<u8>().unwrap() - 1)
}

#[test]
fn counts() {
    let items = items();
    assert_eq!(items.len(), 7);
    assert_eq!(items.iter().filter(|i| i.is_ok()).count(), 5);
    let errors: Vec<&RawError> = items.iter().filter_map(|i| i.as_ref().err()).collect();
    assert_eq!(errors.len(), 2);
    // Streaming from a BufRead with a tiny buffer gives the same items.
    let small = std::io::BufReader::with_capacity(7, SAMPLE);
    let streamed: Vec<RawItem> = RifReader::new(small).collect();
    assert_eq!(streamed, items);
}

#[test]
fn game_1_every_field() {
    let items = items();
    let g = game(&items, "1");
    assert_eq!(g.format, Format::RifXml);
    // The store finds the rule's name under this format's name and tag.
    assert_eq!(g.format.name(), kifu_facts::RULE_NAME_FORMAT);
    let start = locate(SAMPLE, "<game id=\"1\"", 0);
    assert_eq!(g.start, start);
    assert_eq!(g.start.line, 36);
    assert_eq!(g.start.column, 1);
    let end = locate(SAMPLE, "</game>", 0).offset + "</game>".len() as u64;
    assert_eq!((g.span.start, g.span.end), (start.offset, end));
    assert_eq!((g.board_width, g.board_height), (15, 15));
    let h = &g.header;
    assert_eq!(h.id.as_deref(), Some("1"));
    assert_eq!(h.event.as_deref(), Some("Tallinn Open & Blitz 2019"));
    assert_eq!(h.round.as_deref(), Some("1"));
    assert_eq!(h.date.as_deref(), Some("2019-08-03"));
    assert_eq!(h.black.as_deref(), Some("Ando Meritee"));
    assert_eq!(h.white.as_deref(), Some("Дмитрий Ушаков"));
    assert_eq!(h.rule.as_deref(), Some("rif"));
    assert_eq!(
        h.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::Black)
    );
    assert_eq!(h.result_text.as_deref(), Some("1"));
    assert_eq!(h.opening.as_deref(), Some("Kagetsu"));
    assert_eq!(h.black_time.as_deref(), Some("25"));
    assert_eq!(h.white_time.as_deref(), Some("31"));
    let extra: Vec<(&str, &str)> = h
        .extra
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        extra,
        vec![
            ("publisher_id", "1"),
            ("publisher", "Ando Meritee"),
            ("tournament_id", "100"),
            ("site", "Tallinn, Estonia"),
            ("black_id", "1"),
            ("white_id", "2"),
            ("opening_id", "4"),
            ("rule_id", "1"),
            (kifu_facts::RULE_NAME_TAG, "RIF"),
        ]
    );
    // Moves: 31 of them, each at its exact place.
    assert_eq!(g.moves.len(), 31);
    let text = "h8 h9 i9 i8 j10 g7 i10 i11 k10 h10 l10 m10 k9 l8 k8 k11 k7 k6 j7 l7 i7 h7 g6 j8 j9 l11 m9 m8 n8 f5 l9";
    let move_at = locate(SAMPLE, text, 0);
    assert_eq!(move_at.line, 37);
    assert_eq!(move_at.column, 7);
    let mut col = 0usize;
    for (m, tok) in g.moves.iter().zip(text.split(' ')) {
        assert_eq!(m.point, Some(pt(tok)), "{tok}");
        assert_eq!(m.at, move_at.advance(col), "{tok}");
        assert_eq!(m.len as usize, tok.len());
        col += tok.len() + 1;
    }
    // alt = the two 5th-move proposals, located inside the attribute value.
    let alt = locate(SAMPLE, "j10 g10", 0);
    let proposals: Vec<_> = g
        .opening
        .proposals
        .iter()
        .map(|m| (m.point, m.at, m.len))
        .collect();
    assert_eq!(
        proposals,
        vec![
            (Some(pt("j10")), alt, 3),
            (Some(pt("g10")), alt.advance(4), 3)
        ]
    );
    assert_eq!(g.opening.declared_proposals, None);
    assert_eq!(g.opening.swap.as_deref(), Some("1"));
    assert!(g.comments.is_empty());
    assert!(g.notes.is_empty());
}

#[test]
fn game_2_draw_pass_info_and_comma_alt() {
    let items = items();
    let g = game(&items, "2");
    assert_eq!(g.header.result, Some(Outcome::Draw));
    assert_eq!(g.header.result_text.as_deref(), Some("0.5"));
    assert_eq!(g.header.black.as_deref(), Some("Дмитрий Ушаков"));
    assert_eq!(g.header.white.as_deref(), Some("茂 中村"));
    assert_eq!(g.header.opening.as_deref(), Some("Chosei"));
    let points: Vec<_> = g.moves.iter().map(|m| m.point).collect();
    assert_eq!(
        points,
        vec![
            Some(pt("h8")),
            Some(pt("i9")),
            Some(pt("j10")),
            Some(pt("g7")),
            Some(pt("k9")),
            None,
            Some(pt("h7"))
        ]
    );
    let pass = locate(SAMPLE, "-- h7", 0);
    assert_eq!(g.moves[5].at, pass);
    assert_eq!(g.moves[5].len, 2);
    let alt = locate(SAMPLE, "k9,g7", 0);
    let proposals: Vec<_> = g
        .opening
        .proposals
        .iter()
        .map(|m| (m.point, m.at))
        .collect();
    assert_eq!(
        proposals,
        vec![(Some(pt("k9")), alt), (Some(pt("g7")), alt.advance(3))]
    );
    assert_eq!(g.opening.swap.as_deref(), Some("0"));
    assert_eq!(
        extra(&g, "info"),
        Some("Agreed draw & both players were short of time.")
    );
}

#[test]
fn game_3_bad_token_is_located() {
    let items = items();
    let err = items
        .iter()
        .filter_map(|i| i.as_ref().err())
        .find(|e| e.raw.contains("id=\"3\""))
        .expect("game 3 is an error");
    // coord::move_list points at the offending byte of the token: the second `j`.
    let bad = locate(SAMPLE, "jj9", 0).advance(1);
    assert_eq!(err.at, bad);
    assert_eq!((err.at.line, err.at.column), (45, 7));
    let start = locate(SAMPLE, "<game id=\"3\"", 0);
    assert_eq!(err.start, start);
    assert_eq!(err.format, Some(Format::RifXml));
    let end = locate(SAMPLE, "</game>", 2).offset + 7;
    assert_eq!((err.span.start, err.span.end), (start.offset, end));
    let raw = &SAMPLE[start.offset as usize..end as usize];
    assert_eq!(err.raw, String::from_utf8_lossy(raw));
    assert!(err.raw.starts_with("<game id=\"3\"") && err.raw.ends_with("</game>"));
}

#[test]
fn game_4_unknown_player_and_other_tournament() {
    let items = items();
    let g = game(&items, "4");
    assert_eq!(g.header.black.as_deref(), Some("Anna O'Neill"));
    assert_eq!(g.header.white, None);
    assert_eq!(extra(&g, "white_id"), Some("999"));
    assert_eq!(extra(&g, "unrated"), Some("1"));
    assert_eq!(g.header.event.as_deref(), Some("Кубок Москвы"));
    assert_eq!(g.header.date.as_deref(), Some("1998-05"));
    assert_eq!(g.header.rule.as_deref(), Some("yamaguchi"));
    assert_eq!(extra(&g, "site"), Some("Москва, Russia"));
    assert_eq!(g.notes.len(), 1);
    let note = &g.notes[0];
    assert_eq!(note.code, "unknown-reference");
    assert_eq!(note.severity, kifu_facts::Severity::Warning);
    assert!(note.message.contains("999"), "{}", note.message);
    assert_eq!(note.at, locate(SAMPLE, "999", 0));
}

#[test]
fn game_5_bad_alt_attribute() {
    let items = items();
    let err = items
        .iter()
        .filter_map(|i| i.as_ref().err())
        .find(|e| e.raw.contains("id=\"5\""))
        .expect("game 5 is an error");
    assert_eq!(err.at, locate(SAMPLE, "!\"", 0));
    assert_eq!(err.at.line, 50);
    assert_eq!(err.start, locate(SAMPLE, "<game id=\"5\"", 0));
    assert!(err.message.contains("alt"), "{}", err.message);
}

#[test]
fn game_6_soosorv_declared_count_white_win() {
    let items = items();
    let g = game(&items, "6");
    assert_eq!(g.header.rule.as_deref(), Some("soosorv-8"));
    assert_eq!(extra(&g, "rule_name"), Some("Soosõrv-8"));
    assert_eq!(
        g.header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::White)
    );
    assert_eq!(g.opening.declared_proposals, Some(3));
    assert!(g.opening.proposals.is_empty());
    assert_eq!(g.opening.swap.as_deref(), Some("2"));
    assert_eq!(g.moves.len(), 27);
}

#[test]
fn game_7_empty_moves_and_no_result() {
    let items = items();
    let g = game(&items, "7");
    assert!(g.moves.is_empty());
    assert_eq!(g.header.result, None);
    assert_eq!(g.header.result_text, None);
    assert_eq!(g.header.rule.as_deref(), Some("gomoku"));
    assert_eq!(g.header.white.as_deref(), Some("Anna O'Neill"));
}

#[test]
fn malformed_xml_resyncs_at_next_game() {
    let text = b"<?xml version=\"1.0\"?>\n<database><players><player id=\"1\" name=\"A\" surname=\"B\"/></players>\n<games>\n<game id=\"1\" black=\"1\" bresult=\"1\">\n<move>h8 h9</mvoe>\n</game>\n<game id=\"2\" black=\"1\" bresult=\"0\"><move>h8 i9</move></game>\n</games></database>\n";
    let items = parse_bytes(text);
    assert_eq!(items.len(), 2, "{items:#?}");
    let err = items[0].as_ref().unwrap_err();
    assert_eq!(err.start, locate(text, "<game id=\"1\"", 0));
    assert_eq!(err.at, locate(text, "</mvoe>", 0));
    assert!(err.message.starts_with("malformed XML"), "{}", err.message);
    let g = items[1].as_ref().unwrap();
    assert_eq!(g.header.id.as_deref(), Some("2"));
    assert_eq!(g.header.black.as_deref(), Some("A B"));
    assert_eq!(
        g.header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::White)
    );
    assert_eq!(g.start, locate(text, "<game id=\"2\"", 0));
    assert_eq!(g.moves[1].at, locate(text, "i9", 0));
}

#[test]
fn malformed_attribute_is_located() {
    let text = b"<database><games>\n<game id=\"1\" black=1 bresult=\"1\"><move>h8</move></game>\n<game id=\"2\"><move>h8</move></game>\n</games></database>";
    let items = parse_bytes(text);
    assert_eq!(items.len(), 2, "{items:#?}");
    let err = items[0].as_ref().unwrap_err();
    assert_eq!(err.start, locate(text, "<game id=\"1\"", 0));
    assert_eq!(err.at.line, 2);
    assert!(err.at.offset > err.start.offset && err.at.offset < err.span.end);
    assert!(items[1].is_ok());
}

#[test]
fn windows_1251_names_decode() {
    let (body, _, _) = encoding_rs::WINDOWS_1251.encode(
        "<?xml version=\"1.0\" encoding=\"windows-1251\"?>\n<database><players><player id=\"7\" name=\"Дмитрий\" surname=\"Ушаков\"/></players><games>\n<game id=\"1\" black=\"7\" bresult=\"0.5\"><move>h8 h9</move></game></games></database>",
    );
    let items = parse_bytes(&body);
    let g = items[0].as_ref().unwrap();
    assert_eq!(g.header.black.as_deref(), Some("Дмитрий Ушаков"));
    assert_eq!(g.moves[1].at.line, 3);
}

#[test]
fn unexpected_end_of_file_inside_a_game() {
    let text = b"<database><games><game id=\"1\"><move>h8 h9</move>";
    let items = parse_bytes(text);
    assert_eq!(items.len(), 1, "{items:#?}");
    assert!(items[0].is_err());
}

#[test]
fn tournament_sample_reads_cleanly() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../samples/renju/tournament.rif"
    );
    let Ok(bytes) = std::fs::read(path) else {
        return; // the sample lives in the workspace, not in a standalone copy of the crate
    };
    let items = parse_bytes(&bytes);
    assert_eq!(items.len(), 6);
    for item in &items {
        let g = item.as_ref().expect("sample games parse");
        assert!(g.header.black.is_some() && g.header.white.is_some());
        assert_eq!(g.header.rule.as_deref(), Some("rif"));
        assert_eq!(g.moves[0].point, Some((7, 7)));
        assert_eq!(g.opening.proposals.len(), 2);
        assert!(g.notes.is_empty());
    }
}
