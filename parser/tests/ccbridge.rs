//! 象棋桥 (CCBridge) formats on the shared fixtures (`xqf_cbl_samples/walker8088_cchess`):
//! two CBL libraries, two CBR records, two CBF records; damaged copies made in memory.
//! (Replaying the moves is the rules crate's test: `rules/tests/xiangqi/ccbridge.rs`.)

use kifu_facts::Severity;
use kifu_parser::ccbridge::{cbl_first_record, CBL_INDEX_ENTRY, CBL_INDEX_START, CBL_SLOT};
use kifu_parser::raw::{Outcome, XqGame, XqMoveText};
use kifu_parser::{detect, member, AnyGame, Format, RawError};

const LIB_1956: &str = "1956年全国象棋锦标赛93局.CBL";
const LIB_1989: &str = "1989年龙化杯象棋名师邀请赛35局.CBL";
/// Where both libraries' records start: after an index of 128 entries.
const CBL_FIRST_RECORD: usize = 101_952;

/// A fixture's bytes, or `None` (skip) when the shared folder is absent; with
/// `KIFU_REQUIRE_SHARED=1` a missing file fails the test.
fn fixture(name: &str) -> Option<Vec<u8>> {
    let path = kifu_testdata::shared(&format!(
        "data/xiangqi/xqf_cbl_samples/walker8088_cchess/{name}"
    ))?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Every record of `bytes` as ingest reads it: format detected from the content alone.
/// A library's remarks, which come first as a text (place 0), are left out: see
/// [`the_libraries_remarks_come_first_as_their_text`].
fn read(bytes: &[u8]) -> (Format, Vec<Result<XqGame, RawError>>) {
    let (format, mut items) = read_all(bytes);
    let remarks = |i: &Result<XqGame, RawError>| matches!(i, Ok(g) if g.no_game.as_ref().is_some_and(|t| t.place == 0));
    if items.first().is_some_and(remarks) {
        let _remarks = items.remove(0);
    }
    (format, items)
}

/// Every item the reader gives for `bytes`, the library's remarks included.
fn read_all(bytes: &[u8]) -> (Format, Vec<Result<XqGame, RawError>>) {
    let head = &bytes[..bytes.len().min(member::HEAD)];
    let (format, encoding) = member::identify(head, None, None);
    let format = format.expect("format detected");
    let items = member::records(format, encoding, bytes)
        .into_iter()
        .map(|i| {
            i.map(|g| match g {
                AnyGame::Xiangqi(g) => g,
                other => panic!("not Xiangqi: {other:?}"),
            })
        })
        .collect();
    (format, items)
}

fn games(items: Vec<Result<XqGame, RawError>>) -> Vec<XqGame> {
    items
        .into_iter()
        .map(|i| i.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn extra<'a>(g: &'a XqGame, key: &str) -> Option<&'a str> {
    g.header
        .extra
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn written(g: &XqGame) -> Vec<&str> {
    g.moves.iter().map(|m| m.written.as_str()).collect()
}

fn errors(g: &XqGame) -> Vec<String> {
    g.notes
        .iter()
        .filter(|n| n.severity == Severity::Error)
        .map(|n| format!("{}: {}", n.at, n.message))
        .collect()
}

/// Record sizes the library's own index gives (the size is the `u32` at 12 of an
/// entry), for the first `n` entries.
fn index_sizes(lib: &[u8], n: usize) -> Vec<u64> {
    (0..n)
        .map(|i| {
            let at = CBL_INDEX_START + i * CBL_INDEX_ENTRY + 12;
            u32::from_le_bytes(lib[at..at + 4].try_into().unwrap()) as u64
        })
        .collect()
}

const STANDARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

#[test]
fn the_two_libraries_give_93_and_38_records() {
    for (name, expected) in [(LIB_1956, 93), (LIB_1989, 38)] {
        let Some(lib) = fixture(name) else { return };
        let (format, items) = read(&lib);
        assert_eq!(format, Format::Cbl);
        let games = games(items);
        assert_eq!(games.len(), expected, "{name}");
        let sizes = index_sizes(&lib, expected);
        for (i, g) in games.iter().enumerate() {
            // One record per 4 KiB slot, and each ends where the index says.
            assert_eq!(
                g.start.offset as usize,
                CBL_FIRST_RECORD + i * CBL_SLOT,
                "{name} #{i}"
            );
            assert_eq!(g.span.len(), sizes[i], "{name} #{i}");
            assert_eq!(g.format, Format::Cbl);
            assert_eq!(g.encoding, "utf-16le");
            // Section cards (no move) have an empty board and hold no game, said in a note.
            if g.moves.is_empty() {
                assert_eq!(g.fen.as_deref(), Some("9/9/9/9/9/9/9/9/9/9 w"));
                let text = g.no_game.as_ref().expect("a section card holds no game");
                assert_eq!(text.place as usize, i + 1, "{name} #{i}");
                let why = &text.why;
                assert_eq!(why.code, "cbr-empty-record");
                assert!(why.message.contains("a title card «"), "{}", why.message);
            } else {
                assert!(g.no_game.is_none(), "{name} #{i}");
                assert_eq!(g.fen.as_deref(), Some(STANDARD), "{name} #{i}");
            }
            assert!(errors(g).is_empty(), "{name} #{i}: {:?}", errors(g));
            assert_eq!(extra(g, "Library"), Some(&name[..name.len() - 4]));
            // Every record is where the index places it: none was found by scanning.
            assert!(g.notes.iter().all(|n| n.code != "cbl-found-by-scan"));
        }
        // The 1956 library: 93 games, each with both players, a result and moves.
        if expected == 93 {
            for g in &games {
                assert!(g.header.red.is_some() && g.header.black.is_some());
                assert!(g.moves.len() >= 40, "{:?}", extra(g, "Title"));
                assert_ne!(g.header.result, Some(Outcome::Unknown));
            }
            let g = &games[0];
            assert_eq!(
                g.header.event.as_deref(),
                Some("1956年全国象棋锦标赛（初赛）")
            );
            assert_eq!(
                (g.header.red.as_deref(), g.header.black.as_deref()),
                (Some("保定邓裕如"), Some("哈尔滨王嘉良"))
            );
            assert_eq!(
                g.header.result,
                Outcome::of(
                    kifu_parser::GameKind::Xiangqi,
                    kifu_facts::ResultName::Black
                )
            );
            assert_eq!(g.moves.len(), 82);
        }
    }
}

/// Why the library named "35局" holds 38 records: two section cards and one copy.
#[test]
fn the_libraries_remarks_come_first_as_their_text() {
    for (name, starts) in [
        (LIB_1989, "《银荔杯象棋全国冠军赛对局赏析》"),
        (LIB_1956, "1956年全国象棋锦标赛赛事简介"),
    ] {
        let Some(lib) = fixture(name) else { return };
        let items = games(read_all(&lib).1);
        let remarks = &items[0];
        let text = remarks.no_game.as_ref().expect("the remarks hold no game");
        assert_eq!((text.place, text.why.code), (0, "cbl-remarks"), "{name}");
        assert_eq!(remarks.start.offset, 1088);
        assert_eq!(remarks.comments.len(), 1);
        assert!(remarks.comments[0].text.starts_with(starts), "{name}");
        assert_eq!(extra(remarks, "Library"), Some(&name[..name.len() - 4]));
        // The records follow, from the first slot.
        assert_eq!(items[1].start.offset as usize, CBL_FIRST_RECORD);
    }
}

#[test]
fn the_1989_library_holds_35_games_two_section_cards_and_a_copy() {
    let Some(lib) = fixture(LIB_1989) else { return };
    let games = games(read(&lib).1);
    // Records 0 and 21 are section cards: a title, no players, no result, no move.
    for (i, section) in [(0, "男子组20局"), (21, "女子组15局")] {
        let g = &games[i];
        assert!(extra(g, "Title")
            .unwrap()
            .ends_with(&format!("（{section}）")));
        assert!(g.moves.is_empty() && g.header.red.is_none() && g.header.black.is_none());
        assert_eq!(g.header.result, Some(Outcome::Unknown));
    }
    // Record 37 repeats record 36 (same game, same moves; its title is indented less),
    // and only its index entry lacks the live flag: 象棋桥 marks it deleted.
    let deleted: Vec<usize> = (0..games.len())
        .filter(|&i| games[i].notes.iter().any(|n| n.code == "cbl-deleted-entry"))
        .collect();
    assert_eq!(deleted, [37]);
    let (a, b) = (&games[36], &games[37]);
    assert_eq!(written(a), written(b));
    let lines = |g: &XqGame| {
        g.variations
            .iter()
            .map(|v| {
                (
                    v.from_ply,
                    v.moves.iter().map(|m| m.written.clone()).collect(),
                )
            })
            .collect::<Vec<(u32, Vec<String>)>>()
    };
    assert_eq!(lines(a), lines(b));
    assert_eq!(lines(a).len(), 1);
    assert_eq!(
        (&a.header.red, &a.header.black, a.header.result),
        (&b.header.red, &b.header.black, b.header.result)
    );
    assert_eq!(
        extra(a, "Title").map(str::trim),
        extra(b, "Title").map(str::trim)
    );
    // The rest: 20 men's games after the first card, 15 women's after the second.
    let real = |r: std::ops::Range<usize>| {
        games[r]
            .iter()
            .filter(|g| g.header.red.is_some() && !g.moves.is_empty())
            .count()
    };
    assert_eq!((real(1..21), real(22..37)), (20, 15));
    // Variations are read: records 14, 22, 28, 29, 33, 34, 36 and its copy carry some
    // (the same records where cchess finds more than one line).
    let with: Vec<usize> = (0..games.len())
        .filter(|&i| !games[i].variations.is_empty())
        .collect();
    assert_eq!(with, [14, 22, 28, 29, 33, 34, 36, 37]);
}

/// The 1989 library rewritten with a larger index (256 and 512 entries, as 象棋桥 makes
/// for bigger libraries): the same 38 records, each moved by the index's growth
/// (35,328 bytes for 256 entries: 128 more entries of 276 bytes).
#[test]
fn a_larger_index_moves_the_records_and_they_are_read_there() {
    let Some(lib) = fixture(LIB_1989) else { return };
    let whole = games(read(&lib).1);
    for capacity in [256u32, 512] {
        let first = cbl_first_record(capacity as usize).unwrap();
        let mut grown = lib[..CBL_FIRST_RECORD].to_vec();
        grown[60..64].copy_from_slice(&capacity.to_le_bytes());
        grown.resize(first, 0);
        grown.extend_from_slice(&lib[CBL_FIRST_RECORD..]);
        let items = games(read(&grown).1);
        assert_eq!(items.len(), 38, "{capacity}");
        for (i, (g, w)) in items.iter().zip(&whole).enumerate() {
            assert_eq!(
                g.start.offset as usize,
                first + i * CBL_SLOT,
                "{capacity} #{i}"
            );
            assert_eq!(
                g.start.offset - w.start.offset,
                (first - CBL_FIRST_RECORD) as u64
            );
            assert_eq!(
                (written(g), &g.header, &g.notes.len()),
                (written(w), &w.header, &w.notes.len())
            );
        }
    }
    assert_eq!(cbl_first_record(256), Some(CBL_FIRST_RECORD + 35_328));
}

#[test]
fn cbr_fixtures_read_with_their_headers() {
    let Some(bytes) = fixture("test.cbr") else {
        return;
    };
    let (format, items) = read(&bytes);
    assert_eq!(format, Format::Cbr);
    let g = games(items).remove(0);
    assert_eq!(
        extra(&g, "Title"),
        Some("黄丹青讲座004-破解新式弃马局的攻防要领")
    );
    assert_eq!(extra(&g, "Created"), Some("2024-08-22 6:45:25"));
    assert_eq!(g.header.result, Some(Outcome::Unknown));
    assert_eq!(g.fen.as_deref(), Some(STANDARD));
    assert_eq!(g.moves.len(), 28);
    assert_eq!(written(&g)[..2], ["h2e2", "h9g7"]);
    assert_eq!(
        g.moves[0].text,
        XqMoveText::Coord {
            from: (7, 2),
            to: (4, 2)
        }
    );
    assert_eq!(g.variations.len(), 1);
    let plies: Vec<u32> = g.comments.iter().map(|c| c.ply).collect();
    assert_eq!(plies, [11, 13, 14, 19, 20, 28]);
    assert_eq!(g.comments[2].text, "不能退马");

    let Some(bytes) = fixture("test2.cbr") else {
        return;
    };
    let g = games(read(&bytes).1).remove(0);
    assert_eq!(extra(&g, "Title"), Some("Test"));
    assert_eq!(written(&g), ["h2e2", "h7e7"]);
    let comments: Vec<(u32, &str)> = g
        .comments
        .iter()
        .map(|c| (c.ply, c.text.as_str()))
        .collect();
    assert_eq!(comments, [(0, "李1"), (1, "李2"), (2, "李3")]);
}

#[test]
fn cbf_fixtures_read_with_their_headers() {
    for (name, title, event, ecco, result) in [
        (
            "test.cbf",
            "第一局 屏风马巡河炮抵当头炮局(和)",
            Some("居荣鑫《象棋古谱全局三种》"),
            "C03",
            Outcome::Unknown,
        ),
        (
            "test2.cbf",
            "第十局 当头炮抵当头炮局(和)",
            None,
            "D04",
            Outcome::Draw,
        ),
    ] {
        let Some(bytes) = fixture(name) else { return };
        let (format, items) = read(&bytes);
        assert_eq!(format, Format::Cbf);
        let g = games(items).remove(0);
        assert_eq!(g.encoding, "utf-8");
        assert_eq!(extra(&g, "Title"), Some(title));
        assert_eq!(g.header.event.as_deref(), event);
        assert_eq!(g.header.opening.as_deref(), Some(ecco));
        assert_eq!(g.header.result, Some(result));
        assert_eq!(
            g.fen.as_deref(),
            Some(format!("{STANDARD} - - 0 1").as_str())
        );
        // Every `Move` but the start position's `00-00` is a main-line move.
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert_eq!(g.moves.len(), text.matches("<Move ").count() - 1, "{name}");
        assert_eq!(g.moves[0].written, "77-47");
        assert_eq!(g.moves[0].at.line, 40);
        // Each CDATA is a comment, the first on the start position.
        assert_eq!(
            g.comments.len(),
            text.matches("<![CDATA[").count(),
            "{name}"
        );
        assert_eq!(g.comments[0].ply, 0);
        assert_eq!(g.comments.last().unwrap().ply, g.moves.len() as u32);
        assert!(g.notes.is_empty(), "{:?}", g.notes);
    }
}

#[test]
fn each_format_is_detected_by_content_alone() {
    for (name, format) in [
        (LIB_1956, Format::Cbl),
        ("test.cbr", Format::Cbr),
        ("test2.cbf", Format::Cbf),
    ] {
        let Some(bytes) = fixture(name) else { return };
        assert_eq!(
            detect::detect(&bytes[..8192.min(bytes.len())], None),
            Some(format)
        );
        assert_eq!(Format::from_name(format.name()), Some(format));
    }
}

#[test]
fn a_truncated_library_keeps_the_records_before_the_cut() {
    let Some(lib) = fixture(LIB_1989) else { return };
    let whole = games(read(&lib).1);
    let tenth = CBL_FIRST_RECORD + 10 * CBL_SLOT;

    // Cut inside the header: one error at the cut. Cut where the records start: the
    // 38 records the index lists are missing, said once.
    let items = read(&lib[..50_000]).1;
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!((e.format, e.at.offset), (Some(Format::Cbl), 50_000));
    let items = read(&lib[..CBL_FIRST_RECORD]).1;
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert!(
        e.message.contains("its index lists 38 more record(s)"),
        "{e}"
    );

    // Cut inside record 10's header: records 0-9 read, record 10 an error at its offset,
    // and the 27 records after it are missing.
    let items = read(&lib[..tenth + 1000]).1;
    assert_eq!(items.len(), 12);
    assert!(items[..10].iter().all(|i| i.is_ok()));
    let e = items[10].as_ref().unwrap_err();
    assert_eq!(e.start.offset as usize, tenth);
    assert_eq!(e.at.offset as usize, tenth + 1000);
    assert!(e.message.contains("cut short"), "{e}");
    let e = items[11].as_ref().unwrap_err();
    assert!(
        e.message.contains("lists 27 more record(s), from entry 11"),
        "{e}"
    );

    // Cut inside record 10's moves: it keeps the moves before the cut and says where.
    let cut = tenth + whole[10].span.len() as usize - 40;
    let items = read(&lib[..cut]).1;
    assert_eq!(items.len(), 12);
    let g = items[10].as_ref().unwrap();
    assert!(g.moves.len() < whole[10].moves.len());
    assert_eq!(written(g), written(&whole[10])[..g.moves.len()]);
    let damage = g.notes.iter().find(|n| n.code == "cbr-damaged").unwrap();
    assert_eq!(damage.severity, Severity::Error);
    assert!(damage.at.offset as usize > tenth && damage.at.offset as usize <= cut);

    // A record whose magic is overwritten is an error at its offset; all others read.
    let mut bad = lib.clone();
    let fifth = CBL_FIRST_RECORD + 5 * CBL_SLOT;
    bad[fifth..fifth + 8].copy_from_slice(b"garbage!");
    let items = read(&bad).1;
    assert_eq!(items.len(), 38);
    let e = items[5].as_ref().unwrap_err();
    assert_eq!(
        (e.start.offset as usize, e.at.offset as usize),
        (fifth, fifth)
    );
    assert_eq!(items.iter().filter(|i| i.is_ok()).count(), 37);

    // A square byte out of range in record 7: damage there, the library goes on.
    let mut bad = lib.clone();
    let seventh = CBL_FIRST_RECORD + 7 * CBL_SLOT;
    let fourth_move = whole[7].moves[3].at.offset as usize;
    bad[fourth_move + 2] = 200;
    let items = read(&bad).1;
    assert_eq!(items.len(), 38);
    let g = items[7].as_ref().unwrap();
    assert_eq!(g.moves.len(), 3);
    let damage = g.notes.iter().find(|n| n.code == "cbr-damaged").unwrap();
    assert_eq!(
        (damage.at.offset as usize, damage.ply),
        (fourth_move, Some(4))
    );
    assert!(fourth_move > seventh);
    assert_eq!(written(items[8].as_ref().unwrap()), written(&whole[8]));
}

#[test]
fn a_malformed_cbf_is_quarantined_with_line_and_column() {
    let Some(bytes) = fixture("test.cbf") else {
        return;
    };
    let text = String::from_utf8(bytes).unwrap();
    // Line 8 is `  <Contest>居荣鑫《象棋古谱全局三种》</Contest>`.
    let bad = text.replacen("</Contest>", "</Contset>", 1);
    let (format, items) = read(bad.as_bytes());
    assert_eq!(format, Format::Cbf);
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(e.format, Some(Format::Cbf));
    let line8 = bad.split('\n').nth(7).unwrap();
    let column = line8.find("</Contset>").unwrap() as u32 + 1;
    assert_eq!((e.at.line, e.at.column), (8, column), "{e}");
    assert!(e.message.contains("not well-formed"), "{e}");
    // An element left open is reported at the end, naming where it opened.
    let cut = &text[..text.find(" </MoveList>").unwrap()];
    let e = read(cut.as_bytes()).1.remove(0).unwrap_err();
    assert!(
        e.message
            .contains("<MoveList> opened at 38:2 is not closed"),
        "{e}"
    );
}

/// Every cut of the CBR and CBF fixtures, and a bit flip at every byte of them, of a
/// library's header fields and first index entries and of its records, reads without a
/// panic; a cut CBR says where it broke.
#[test]
fn damaged_inputs_never_panic() {
    use kifu_parser::{cbf, ccbridge};
    let Some(cbr) = fixture("test.cbr") else {
        return;
    };
    for cut in 0..cbr.len() {
        match ccbridge::parse_cbr(&cbr[..cut]).remove(0) {
            Err(e) => assert!(cut < 2214, "cut {cut}: {e}"),
            Ok(g) => assert!(
                g.notes.iter().any(|n| n.code == "cbr-damaged"),
                "cut {cut} gave no damage note"
            ),
        }
    }
    let Some(xml) = fixture("test2.cbf") else {
        return;
    };
    for cut in 0..xml.len() {
        let _ = cbf::parse(&xml[..cut]);
    }
    let Some(lib) = fixture(LIB_1989) else { return };
    // Two records of the library, a bit flipped in each of their bytes in turn.
    let lib = &lib[..CBL_FIRST_RECORD + 2 * CBL_SLOT];
    type Parse = fn(&[u8]) -> Vec<Result<XqGame, RawError>>;
    let inputs: [(&[u8], std::ops::Range<usize>, Parse); 5] = [
        (&cbr, 0..cbr.len(), ccbridge::parse_cbr),
        (&xml, 0..xml.len(), cbf::parse),
        (lib, 0..64, ccbridge::parse_cbl),
        (
            lib,
            CBL_INDEX_START..CBL_INDEX_START + 3 * CBL_INDEX_ENTRY,
            ccbridge::parse_cbl,
        ),
        (lib, CBL_FIRST_RECORD..lib.len(), ccbridge::parse_cbl),
    ];
    let mut seed = 0x2545_f491_u32;
    for (bytes, range, parse) in inputs {
        for i in range {
            let mut b = bytes.to_vec();
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            b[i] ^= 1 << (seed % 8);
            assert!(!parse(&b).is_empty());
        }
    }
}
