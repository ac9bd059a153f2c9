//! CCPD (Big5 Chinese PGN, tar.xz): full games under `Dataset/對局/`.

use crate::{shared_file, tokenize_pgn, xq_game};
use kifu_parser::raw::{Outcome, XqMoveText};
use kifu_rules::xiangqi::{replay, Termination};
use std::collections::HashSet;
use std::io::Read;
use std::time::{Duration, Instant};

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    full: usize,
    nonstandard: usize,
    nonstandard_games: usize,
    /// nonstandard moves by reason: 前/后 omitted, 前/后 needless, settled by the continuation
    nonstandard_reasons: [usize; 3],
    illegal: usize,
    ambiguous: usize,
    bad_fen: usize,
    contradictions: usize,
    mates: usize,
    plies: u64,
    replay_time: Duration,
    failures: Vec<String>,
}

fn run(limit: usize) -> Option<Tally> {
    let path = shared_file("data/xiangqi/ccpd/ccpd_dataset_big5.tar.xz")?;
    let f = std::fs::File::open(path).unwrap();
    let mut ar = tar::Archive::new(xz2::read::XzDecoder::new(f));
    let mut seen = HashSet::new();
    let mut t = Tally::default();
    for e in ar.entries().unwrap() {
        let mut e = e.unwrap();
        let p = e.path().unwrap().to_string_lossy().into_owned();
        if !p.contains("Dataset/對局/") || !p.to_ascii_lowercase().ends_with(".pgn") {
            continue;
        }
        let mut bytes = Vec::new();
        e.read_to_end(&mut bytes).unwrap();
        if !seen.insert(bytes.clone()) {
            continue;
        }
        let (text, _, _) = encoding_rs::BIG5.decode(&bytes);
        let Some(g) = tokenize_pgn(&text).into_iter().next() else {
            continue;
        };
        let moves: Vec<XqMoveText> = g
            .moves
            .iter()
            .map(|m| XqMoveText::Chinese(m.clone()))
            .collect();
        let mut game = xq_game(g.tag("FEN"), moves, &g.moves);
        game.header.result = match g.tag("Result") {
            Some("1-0") => Outcome::side_win(kifu_parser::GameKind::Xiangqi, "red"),
            Some("0-1") => Outcome::side_win(kifu_parser::GameKind::Xiangqi, "black"),
            Some("1/2-1/2") => Some(Outcome::Draw),
            _ => None,
        };
        let t0 = Instant::now();
        let r = replay(&game);
        t.replay_time += t0.elapsed();
        t.games += 1;
        t.plies += r.moves.len() as u64;
        let ns = r
            .findings
            .iter()
            .filter(|f| f.code == "nonstandard-notation")
            .count();
        t.nonstandard += ns;
        for f in r
            .findings
            .iter()
            .filter(|f| f.code == "nonstandard-notation")
        {
            let k = if f.message.contains("not written") {
                0
            } else if f.message.contains("no file holds") {
                1
            } else {
                2
            };
            t.nonstandard_reasons[k] += 1;
        }
        t.nonstandard_games += (ns > 0) as usize;
        match r.termination {
            Termination::IllegalMove => t.illegal += 1,
            Termination::AmbiguousMove => t.ambiguous += 1,
            Termination::BadFen => t.bad_fen += 1,
            Termination::Checkmate | Termination::Stalemate => t.mates += 1,
            _ => {}
        }
        t.contradictions += r
            .findings
            .iter()
            .any(|f| f.code == "result-contradicts-board") as usize;
        if r.moves.len() as u32 == r.plies && r.termination != Termination::BadFen {
            t.full += 1;
        } else if t.failures.len() < 15 {
            let f = r
                .findings
                .iter()
                .find(|f| f.severity == kifu_rules::Severity::Error);
            t.failures
                .push(format!("{p}: {:?}", f.map(|f| (&f.message, f.ply))));
        }
        if t.games >= limit {
            break;
        }
    }
    Some(t)
}

#[test]
fn ccpd_first_games() {
    let Some(t) = run(300) else { return };
    eprintln!("{t:#?}");
    assert_eq!(t.games, 300);
    assert!(t.full >= 297, "{t:#?}");
}

/// All 42,869 distinct full games (`cargo test --release -p kifu-rules --test xiangqi --
/// --ignored ccpd_all --nocapture`).
#[test]
#[ignore]
fn ccpd_all() {
    let t0 = Instant::now();
    let Some(t) = run(usize::MAX) else { return };
    let secs = t.replay_time.as_secs_f64();
    eprintln!("{t:#?}");
    eprintln!(
        "{} games, {} replay fully, {} nonstandard-notation moves in {} games, {} illegal, {} ambiguous, {} bad FEN, {} mates, {} result contradictions; replay {:.2}s = {:.0} games/s ({:.0} plies/s); total with decompression {:.1?}",
        t.games, t.full, t.nonstandard, t.nonstandard_games, t.illegal, t.ambiguous, t.bad_fen, t.mates,
        t.contradictions, secs, t.games as f64 / secs, t.plies as f64 / secs, t0.elapsed()
    );
    // 42,881 distinct by bytes (SOURCES.md counts 42,869 distinct games).
    assert!(t.games >= 42_869);
}
