//! Variations on a game page (issue 27): each variation move's frame (its text in the
//! game's notation, the changes from the board before it, its marks) for a handwritten
//! record with nested variations, comments and a move kifu cannot play; the nested lists
//! the page writes; and the cap on a record with more variation moves than a page lists.

use std::path::Path;

use kifu_reports::site::frames::{apply_changes, changes_text, parse_changes, Cells};
use kifu_reports::site::game::{game_page, GameLinks};
use kifu_reports::site::variations::{VariationFrames, SHOWN_MOST};
use kifu_store::query::GameRow;
use kifu_store::{GameFilter, Store};

/// Main line 1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0, with: Black's cannon instead of the horse
/// at ply 2 (a comment after it; inside it, Red's other horse at ply 3); a comment before
/// a pawn line at ply 4 whose cannon takes the pawn on e6; and at ply 5 a rook through
/// its own pawn, which kifu cannot play, with a move after it.
const VARIATIONS: &str = "[Game \"Chinese Chess\"]\n[Event \"Variations\"]\n[Red \"R\"]\n\
    [Black \"B\"]\n[Result \"*\"]\n[Format \"ICCS\"]\n\n\
    1. h2-e2 h9-g7 ( 1... h7-e7 {mirror} 2. h0-g2 ( 2. b0-c2 b9-c7 ) b9-c7 ) 2. h0-g2 i9-h9 \
    ( {pawn} 2... c6-c5 3. e2-e6 ) 3. i0-h0 ( 3. a0-a5 a9-a8 ) *\n";

/// A record with more variation moves than a page lists: `lines` two-move lines off ply 1.
fn many(lines: usize) -> String {
    let mut text = String::from(
        "[Game \"Chinese Chess\"]\n[Event \"Many\"]\n[Red \"R\"]\n[Black \"B\"]\n\
         [Result \"*\"]\n[Format \"ICCS\"]\n\n1. h2-e2 ",
    );
    for _ in 0..lines {
        text.push_str("( 1. b2-e2 h9-g7 ) ");
    }
    text.push_str("h9-g7 *\n");
    text
}

/// The games of the records, ingested into a database under `dir`, in record order.
fn games(dir: &Path, records: &[(&str, String)]) -> Vec<GameRow> {
    let files: Vec<_> = records
        .iter()
        .map(|(name, text)| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        })
        .collect();
    let db = dir.join("v.db");
    kifu_ingest::ingest(&db, &files, &kifu_ingest::Options::default()).unwrap();
    let store = Store::open_read_only(&db).unwrap();
    let ids = store.game_ids(&GameFilter::everything()).unwrap();
    ids.into_iter().map(|id| store.game(id).unwrap()).collect()
}

/// The standard start position's cells with `changes` applied.
fn start_with(changes: &[&str]) -> Cells {
    let start = "a0=R b0=N c0=B d0=A e0=K f0=A g0=B h0=N i0=R b2=C h2=C a3=P c3=P e3=P g3=P \
                 i3=P a6=p c6=p e6=p g6=p i6=p b7=c h7=c a9=r b9=n c9=b d9=a e9=k f9=a g9=b \
                 h9=n i9=r";
    let mut all = vec![parse_changes(start)];
    all.extend(changes.iter().map(|c| parse_changes(c)));
    apply_changes(&all).pop().unwrap()
}

/// A variation move's frame: (node, parent, ply, text, played, changes, marks).
type Row<'a> = (u32, Option<u32>, u32, &'a str, bool, String, String);

#[test]
fn each_variation_move_is_played_from_where_it_branches() {
    let dir = tempfile::tempdir().unwrap();
    let games = games(dir.path(), &[("v.pgn", VARIATIONS.to_owned())]);
    let game = &games[0];
    let frames = VariationFrames::of(game, true);
    assert_eq!(frames.total, 9);
    assert_eq!(frames.not_replayed, None);
    let got: Vec<Row> = frames
        .nodes
        .iter()
        .map(|n| {
            (
                n.node,
                n.parent,
                n.ply,
                n.text.as_str(),
                n.played,
                changes_text(&n.changes),
                n.marks.join(" "),
            )
        })
        .collect();
    let s = String::from;
    assert_eq!(
        got,
        [
            (
                1,
                None,
                2,
                "炮8平5 C8=5 h7e7",
                true,
                s("e7=c h7="),
                s("h7 e7")
            ),
            (
                2,
                Some(1),
                3,
                "马二进三 H2+3 h0g2",
                true,
                s("g2=N h0="),
                s("h0 g2")
            ),
            (
                3,
                Some(2),
                4,
                "马2进3 H2+3 b9c7",
                true,
                s("b9= c7=n"),
                s("b9 c7")
            ),
            (
                4,
                Some(1),
                3,
                "马八进七 H8+7 b0c2",
                true,
                s("b0= c2=N"),
                s("b0 c2")
            ),
            (
                5,
                Some(4),
                4,
                "马2进3 H2+3 b9c7",
                true,
                s("b9= c7=n"),
                s("b9 c7")
            ),
            (
                6,
                None,
                4,
                "卒3进1 P3+1 c6c5",
                true,
                s("c5=p c6="),
                s("c6 c5")
            ),
            (
                7,
                Some(6),
                5,
                "炮五进四 C5+4 e2e6",
                true,
                s("e2= e6=C"),
                s("e2 e6")
            ),
            (8, None, 5, "a0-a5", false, s(""), s("")),
            (9, Some(8), 6, "a9-a8", false, s(""), s("")),
        ]
    );
    let comments: Vec<(u32, Option<&str>, Option<&str>)> = frames
        .nodes
        .iter()
        .filter(|n| n.comment.is_some() || n.before.is_some())
        .map(|n| (n.node, n.comment.as_deref(), n.before.as_deref()))
        .collect();
    assert_eq!(
        comments,
        [(1, Some("mirror"), None), (6, None, Some("pawn"))]
    );

    // Node 7's board: the main line after 3 plies, then c6c5 and the cannon's capture.
    let node = |n: u32| &frames.nodes[n as usize - 1];
    let main3 = ["e2=C h2=", "g7=n h9=", "g2=N h0="];
    let mut changes: Vec<_> = main3.to_vec();
    let c6 = changes_text(&node(6).changes);
    let e6 = changes_text(&node(7).changes);
    changes.push(&c6);
    changes.push(&e6);
    let board = start_with(&changes);
    assert_eq!(board.get("e6").map(String::as_str), Some("C"));
    assert_eq!(board.get("e2"), None);
    assert_eq!(board.get("c5").map(String::as_str), Some("p"));
    assert_eq!(board.len(), 31, "a black pawn taken");
}

#[test]
fn the_page_nests_the_variations_where_they_branch() {
    let dir = tempfile::tempdir().unwrap();
    let games = games(dir.path(), &[("v.pgn", VARIATIONS.to_owned())]);
    let store = Store::open_read_only(&dir.path().join("v.db")).unwrap();
    let findings = store.findings(&GameFilter::everything(), None).unwrap();
    let page = game_page(&games[0], &findings, &GameLinks::default()).unwrap();
    let count = |s: &str| page.matches(s).count();
    // The rook's illegal move is a finding about variation move 8.
    assert_eq!(
        findings
            .iter()
            .map(|f| (f.code.as_str(), f.ply, f.variation_node))
            .collect::<Vec<_>>(),
        [("illegal-move", Some(5), Some(8))]
    );
    assert!(page.contains(
        "<li class=\"finding\" data-ply=\"5\" data-node=\"8\" data-code=\"illegal-move\" \
         data-severity=\"warning\"><span class=\"where\">variation move 5</span> "
    ));
    assert_eq!(count("<li class=branch>"), 4);
    assert_eq!(count("<ol class=variation data-depth=1>"), 3);
    assert_eq!(count("<ol class=variation data-depth=2>"), 1);
    assert_eq!(count("<li class=variation-move "), 7);
    assert_eq!(count("<li class=\"variation-move unplayable\" "), 2);
    assert_eq!(count("<span class=np>(not playable)</span>"), 2);
    assert_eq!(
        count("<li class=variation-comment data-node=1>mirror</li>"),
        1
    );
    assert_eq!(
        count("<li class=\"variation-comment before\" data-node=6>pawn</li>"),
        1
    );
    // The nested line follows the move it replaces (node 2, ply 3), inside node 1's line.
    assert!(page.contains(
        "<span class=t>H2+3 h0g2</span><li class=branch><ol class=variation data-depth=2>\
         <li class=variation-move data-node=4 data-ply=3>"
    ));
    // Each main-line move after a branch says its number (the branch is a list item).
    assert_eq!(count(" value="), 2);
    assert!(page.contains("<li value=3>"));
    assert!(page.contains(
        "<p id=\"variations-summary\">4 variation lines, 9 moves, listed where they branch"
    ));
    assert!(page.contains("moves marked “not playable” are ones kifu could not play"));
    assert!(!page.contains("variations-cut"));
    assert!(page.contains("<button id=\"main-line\" type=\"button\" hidden>"));
    assert!(page.contains(",\"variations\":[[1,0,2,\"e7=c h7=\",\"h7 e7\",1],"));
}

#[test]
fn a_page_without_variations_says_nothing_of_them() {
    let dir = tempfile::tempdir().unwrap();
    let plain = "[Game \"Chinese Chess\"]\n[Event \"Plain\"]\n[Red \"R\"]\n[Black \"B\"]\n\
                 [Result \"*\"]\n[Format \"ICCS\"]\n\n1. h2-e2 h9-g7 2. h0-g2 *\n";
    let games = games(dir.path(), &[("p.pgn", plain.to_owned())]);
    assert_eq!(
        VariationFrames::of(&games[0], true),
        VariationFrames::default()
    );
    let page = game_page(&games[0], &[], &GameLinks::default()).unwrap();
    for absent in ["variation", "main-line", "branch", " value=", "comment-now"] {
        assert!(
            !page.contains(absent),
            "{absent} in a page without variations"
        );
    }
}

#[test]
fn a_long_record_lists_the_first_moves_and_says_how_many_are_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let lines = SHOWN_MOST / 2 + 3;
    let games = games(dir.path(), &[("many.pgn", many(lines))]);
    let frames = VariationFrames::of(&games[0], true);
    assert_eq!(frames.total, 2 * lines);
    assert_eq!(frames.nodes.len(), SHOWN_MOST);
    // Node order: every listed move's parent is listed too.
    assert!(frames
        .nodes
        .iter()
        .all(|n| n.parent.is_none_or(|p| (p as usize) <= SHOWN_MOST)));
    let page = game_page(&games[0], &[], &GameLinks::default()).unwrap();
    assert!(page.contains(&format!(
        "the list shows the first {SHOWN_MOST} of the record's {} variation moves",
        2 * lines
    )));
    assert_eq!(
        page.matches("<li class=variation-move ").count(),
        SHOWN_MOST
    );
}
