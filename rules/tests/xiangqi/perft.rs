//! Perft against `data/xiangqi/rules/perft_reference.tsv` (every row).

use crate::shared_file;
use kifu_rules::xiangqi::{perft, perft_parallel, Position};
use std::time::Instant;

struct Row {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Option<Vec<Row>> {
    let path = shared_file("data/xiangqi/rules/perft_reference.tsv")?;
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<Row> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                fen: f[0].to_string(),
                depth: f[1].parse().unwrap(),
                nodes: f[2].parse().unwrap(),
            }
        })
        .collect();
    // The file holds 63 data rows (SOURCES.md counts 64 lines with the header).
    assert_eq!(rows.len(), 63, "perft_reference.tsv rows");
    Some(rows)
}

/// Debug-build budget: rows up to this many nodes run in the normal test.
const SMALL: u64 = 2_000_000;

#[test]
fn perft_small_rows() {
    let Some(rows) = rows() else { return };
    let t = Instant::now();
    let mut n = 0;
    for r in rows.iter().filter(|r| r.nodes <= SMALL) {
        let mut pos = Position::from_fen(&r.fen).unwrap();
        assert_eq!(
            perft(&mut pos, r.depth),
            r.nodes,
            "{} depth {}",
            r.fen,
            r.depth
        );
        n += 1;
    }
    eprintln!("perft: {n} rows ≤ {SMALL} nodes in {:.1?}", t.elapsed());
}

/// All rows above the debug budget (run with `cargo test --release -p kifu-rules --test
/// xiangqi -- --ignored`): the start position at depth 6 is 5.4 billion leaves.
#[test]
#[ignore]
fn perft_deep_rows() {
    let Some(rows) = rows() else { return };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let total = Instant::now();
    for r in rows.iter().filter(|r| r.nodes > SMALL) {
        let pos = Position::from_fen(&r.fen).unwrap();
        let t = Instant::now();
        let n = perft_parallel(&pos, r.depth, threads);
        let dt = t.elapsed();
        eprintln!(
            "perft {} d{} = {n} in {dt:.2?} ({:.1} M leaves/s, {threads} threads)",
            r.fen,
            r.depth,
            n as f64 / dt.as_secs_f64() / 1e6
        );
        assert_eq!(n, r.nodes, "{} depth {}", r.fen, r.depth);
    }
    eprintln!("deep perft rows: {:.1?}", total.elapsed());
}

#[test]
fn fen_round_trip_and_variants() {
    let p = Position::startpos();
    assert_eq!(p.to_fen(), kifu_rules::xiangqi::START_FEN);
    let q = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r")
        .unwrap();
    assert_eq!(q.hash(), p.hash());
    let e = Position::from_fen(
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR[] w - - 0 1",
    )
    .unwrap();
    assert_eq!(e.hash(), p.hash());
    let b = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
        .unwrap();
    assert_ne!(b.hash(), p.hash());
    assert!(Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w").is_err());
    assert!(
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w")
            .is_err()
    );
    // flying general: facing kings with Red to move means Black is "in check" -> rejected
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err());
    // hash consistency through make/unmake
    let mut p2 = p.clone();
    for m in p.legal_moves() {
        let u = p2.make(m);
        let fresh = Position::from_fen(&p2.to_fen()).unwrap();
        assert_eq!(fresh.hash(), p2.hash());
        p2.unmake(m, u);
        assert_eq!(p2, p);
    }
}

#[test]
fn rules_basics() {
    use kifu_rules::xiangqi::{Move, Square};
    let sq = |s: &str| Square::parse(s, false).unwrap();
    // Flying general: the e-file pawn of Red (across the river) can't leave when kings
    // would face.
    let p = Position::from_fen("4k4/9/9/9/4P4/9/9/9/9/4K4 w").unwrap();
    assert!(!p.is_legal(Move::new(sq("e5"), sq("d5"))));
    assert!(p.is_legal(Move::new(sq("e5"), sq("e6"))));
    // Stalemate = loss: Black king d9 boxed; no legal move.
    let s = Position::from_fen("3k5/2P6/9/9/9/9/9/9/9/4K4 b").unwrap();
    assert!(!s.has_legal_move());
    // attackers / protectors
    let st = Position::startpos();
    let mut att = st.attackers(sq("e2"), kifu_rules::xiangqi::Side::Red);
    att.sort();
    assert_eq!(att, vec![sq("c0"), sq("g0")]);
    assert!(st.attacks_from(sq("h2")).contains(&sq("h9")));
    let text = st.render(Some(Move::new(sq("h2"), sq("e2"))));
    assert!(text.contains('帅') && text.contains('九'));
}

/// `is_legal` (which tests a move without generating the piece's moves) and
/// `has_legal_move` (which tries the pieces in its own order) agree with the generated
/// legal moves: every square pair, in every perft position and positions one and two plies from it.
#[test]
fn legality_tests_agree_with_generation() {
    use kifu_rules::xiangqi::{Move, Square};
    let Some(rows) = rows() else { return };
    let mut fens: Vec<String> = rows.iter().map(|r| r.fen.clone()).collect();
    fens.sort();
    fens.dedup();
    let mut checked = 0;
    for fen in &fens {
        let root = Position::from_fen(fen).unwrap();
        let mut positions = vec![root.clone()];
        // Every child; the grandchildren of every eighth (the test stays quick).
        for (i, m) in root.legal_moves().into_iter().enumerate() {
            let p = root.play(m);
            if i % 8 == 0 {
                positions.extend(p.legal_moves().into_iter().map(|m2| p.play(m2)));
            }
            positions.push(p);
        }
        for p in &positions {
            let legal = p.legal_moves();
            assert_eq!(p.has_legal_move(), !legal.is_empty(), "{}", p.to_fen());
            for from in 0..90 {
                for to in 0..90 {
                    let m = Move::new(Square::from_index(from), Square::from_index(to));
                    assert_eq!(
                        p.is_legal(m),
                        legal.contains(&m),
                        "{} {}",
                        p.to_fen(),
                        m.iccs()
                    );
                }
            }
            checked += 1;
        }
    }
    eprintln!("legality: {checked} positions, every square pair");
}
