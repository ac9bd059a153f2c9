//! 象棋桥 (CCBridge) records read by the real parsers replay: the two shared CBL libraries,
//! the CBR and CBF fixtures (`xqf_cbl_samples/walker8088_cchess`).

use crate::shared_file;
use kifu_parser::raw::{XqGame, XqVariation};
use kifu_parser::{member, AnyGame};
use kifu_rules::xiangqi::{replay, Termination};

fn read(rel: &str) -> Option<Vec<XqGame>> {
    let bytes = std::fs::read(shared_file(rel)?).unwrap();
    let (format, encoding) = member::identify(&bytes[..bytes.len().min(member::HEAD)], None, None);
    let games = member::records(format.expect("detected"), encoding, &bytes)
        .into_iter()
        .map(|i| match i {
            Ok(AnyGame::Xiangqi(g)) => g,
            other => panic!("{rel}: {other:?}"),
        })
        .collect();
    Some(games)
}

fn count(vars: &[XqVariation]) -> u32 {
    vars.iter().map(|v| 1 + count(&v.variations)).sum()
}

#[test]
fn every_main_line_and_variation_replays() {
    const DIR: &str = "data/xiangqi/xqf_cbl_samples/walker8088_cchess/";
    for (name, records, games) in [
        // Each library's remarks come first, as a record that is the library's text.
        ("1956年全国象棋锦标赛93局.CBL", 94, 93),
        // Two section cards (no move) are not games: the library's text too.
        ("1989年龙化杯象棋名师邀请赛35局.CBL", 39, 36),
        ("test.cbr", 1, 1),
        ("test2.cbr", 1, 1),
        ("test.cbf", 1, 1),
        ("test2.cbf", 1, 1),
    ] {
        let Some(all) = read(&format!("{DIR}{name}")) else {
            return;
        };
        assert_eq!(all.len(), records, "{name}");
        let with_moves: Vec<&XqGame> = all.iter().filter(|g| !g.moves.is_empty()).collect();
        assert_eq!(with_moves.len(), games, "{name}");
        for (i, g) in with_moves.iter().enumerate() {
            let r = replay(g);
            let what = format!("{name} #{i} {:?}: {:?}", g.header.extra.first(), r.findings);
            assert_eq!(r.moves.len(), g.moves.len(), "{what}");
            assert!(
                !matches!(
                    r.termination,
                    Termination::IllegalMove | Termination::AmbiguousMove | Termination::BadFen
                ),
                "{what}"
            );
            // Variations replay too: no illegal move anywhere in the tree.
            assert_eq!(r.variations_checked, count(&g.variations), "{what}");
            assert!(
                r.findings
                    .iter()
                    .all(|f| !matches!(f.code, "illegal-move" | "ambiguous-move")),
                "{what}"
            );
        }
    }
}
