//! The legality tests against an independent scan: a move out of check is judged by the
//! attacks through its two squares only (`Position::leaves_king_safe`), so every legal
//! move, `is_legal` and `has_legal_move` are held against playing every move and scanning
//! the mover's general with `Position::is_attacked`, at every node of the perft positions
//! two plies deep and in the real games of the shared data (every position in check and
//! every fourth of the others); the check of the side to move against the same scan at
//! every position.

use crate::{shared_dir, shared_file};
use kifu_parser::member;
use kifu_parser::raw::AnyGame;
use kifu_rules::xiangqi::{replay, Move, Position, Side};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Is `side`'s general attacked, by the scan `attackers` makes (no cached knowledge)?
fn attacked(pos: &Position, side: Side) -> bool {
    pos.is_attacked(pos.king(side), side.opp())
}

/// Both generals' checks as the position tells them agree with the full scans.
fn assert_exact(pos: &Position, what: &dyn Fn() -> String) {
    let side = pos.side_to_move();
    assert_eq!(pos.in_check(), attacked(pos, side), "{}", what());
    assert_eq!(
        pos.is_in_check(side.opp()),
        attacked(pos, side.opp()),
        "{}",
        what()
    );
}

/// Every node `depth` plies below `pos`: the check known after each move is exact, a
/// passed move keeps it exact, and every legal move leaves the mover's general safe
/// while every pseudo-legal one left out does not.
fn walk(pos: &mut Position, depth: u32, nodes: &mut u64) {
    *nodes += 1;
    let fen = pos.to_fen();
    assert_exact(pos, &|| format!("node {fen}"));
    pos.make_null();
    assert_exact(pos, &|| format!("after a pass at {fen}"));
    pos.unmake_null();
    if depth == 0 {
        return;
    }
    assert_legality(pos, &fen);
    for m in pos.legal_moves() {
        let u = pos.make(m);
        assert_exact(pos, &|| format!("{} after {fen}", m.iccs()));
        pos.settle_check();
        walk(pos, depth - 1, nodes);
        pos.unmake(m, u);
        assert_exact(pos, &|| format!("{} taken back at {fen}", m.iccs()));
    }
}

/// The legal moves, each move's legality and whether there is one, against playing every
/// move of the side to move's pieces and scanning for an attack on its general.
fn assert_legality(pos: &Position, at: &str) {
    let mover = pos.side_to_move();
    let legal = pos.legal_moves();
    for m in every_move_of(pos) {
        let mut after = pos.clone();
        after.make(m);
        let safe = !attacked(&after, mover);
        assert_eq!(legal.contains(&m), safe, "legality of {} at {at}", m.iccs());
        assert_eq!(pos.is_legal(m), safe, "is_legal({}) at {at}", m.iccs());
    }
    assert_eq!(
        pos.has_legal_move(),
        !legal.is_empty(),
        "a legal move at {at}"
    );
}

/// Every move of the side to move's pieces by their way of moving (own general left in
/// check or not): each own piece to each square, kept when [`Position::attacks_from`]
/// names it and it holds no own piece.
fn every_move_of(pos: &Position) -> Vec<Move> {
    let side = pos.side_to_move();
    pos.squares_of(side)
        .flat_map(|from| {
            pos.attacks_from(from)
                .into_iter()
                .filter(|&to| pos.piece_at(to).is_none_or(|p| p.side() != side))
                .map(move |to| Move::new(from, to))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn legality_and_check_agree_with_a_scan_on_the_perft_positions() {
    let Some(path) = shared_file("data/xiangqi/rules/perft_reference.tsv") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut fens: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("fen\t") && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .collect();
    fens.dedup();
    let mut nodes = 0;
    for fen in &fens {
        let mut pos = Position::from_fen(fen).unwrap();
        walk(&mut pos, 2, &mut nodes);
    }
    eprintln!(
        "check oracle: {} perft positions, {nodes} nodes",
        fens.len()
    );
    assert!(nodes > 10_000, "only {nodes} nodes walked");
}

/// The files of a folder, recursively, in name order.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The members of a file: `(name, bytes)`, archives and `.xz` opened.
fn members(path: &Path) -> Vec<(String, Vec<u8>)> {
    let name = path.to_string_lossy().into_owned();
    let raw = std::fs::read(path).unwrap();
    let bytes = if name.ends_with(".xz") {
        let mut out = Vec::new();
        xz2::read::XzDecoder::new(&raw[..])
            .read_to_end(&mut out)
            .unwrap();
        out
    } else {
        raw
    };
    if !name.ends_with(".tar.xz") {
        return vec![(name, bytes)];
    }
    let mut out = Vec::new();
    let mut archive = tar::Archive::new(&bytes[..]);
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let member = entry.path().unwrap().to_string_lossy().into_owned();
        let mut b = Vec::new();
        entry.read_to_end(&mut b).unwrap();
        out.push((member, b));
    }
    out
}

#[test]
fn legality_and_check_agree_with_a_scan_on_every_real_game() {
    let Some(root) = shared_dir() else { return };
    let xiangqi = root.join("data/xiangqi");
    if !xiangqi.is_dir() {
        assert!(!crate::require_shared(), "no {}", xiangqi.display());
        return;
    }
    let mut files = Vec::new();
    for collection in std::fs::read_dir(&xiangqi).unwrap() {
        let dir = collection.unwrap().path();
        // The ECCO definitions and the rules' test cases are no games.
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if dir.is_dir() && name != "ecco" && name != "rules" {
            files_under(&dir, &mut files);
        }
    }
    files.sort();
    let (mut games, mut plies, mut checks) = (0u64, 0u64, 0u64);
    for file in &files {
        for (name, bytes) in members(file) {
            let head = &bytes[..bytes.len().min(member::HEAD)];
            let (Some(format), encoding) = member::identify(head, Some(&name), None) else {
                continue;
            };
            for item in member::records(format, encoding, &bytes) {
                let Ok(AnyGame::Xiangqi(game)) = item else {
                    continue;
                };
                let r = replay(&game);
                let Ok(mut pos) = Position::from_fen(&r.start_fen) else {
                    continue;
                };
                games += 1;
                assert_exact(&pos, &|| format!("{name}: start"));
                for (i, &m) in r.moves.iter().enumerate() {
                    pos.make(m);
                    assert_exact(&pos, &|| format!("{name}: ply {}", i + 1));
                    let check = pos.settle_check();
                    checks += u64::from(check);
                    assert_exact(&pos, &|| format!("{name}: ply {} settled", i + 1));
                    if check || i % 4 == 0 {
                        assert_legality(&pos, &format!("{name}: ply {}", i + 1));
                    }
                    plies += 1;
                }
            }
        }
    }
    eprintln!("check oracle: {games} games, {plies} plies, {checks} checks");
    if crate::require_shared() || games > 0 {
        assert!(games > 70_000, "only {games} games read");
    }
}
