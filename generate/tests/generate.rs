//! Generated Renju and Xiangqi games: reproducible, written in notation the parsers read,
//! replayed by the engines without findings, results agreeing with the board; the
//! tournament schedule. (Chess Territorial and ChouChou: `territorial.rs`, `chouchou.rs`.)
//!
//! Speed (release): `cargo test --release -p kifu-generate --test generate -- --ignored
//! --nocapture`.

use kifu_generate::random::Rng;
use kifu_generate::renju::{self as rg, GeneratedRenju};
use kifu_generate::tournament::{schedule, Scheduled, NAMES};
use kifu_generate::xiangqi::{self as xg, GeneratedXiangqi, XqEnd, XqNotation};
use kifu_parser::plain::{LinesReader, PlainReader};
use kifu_parser::raw::Outcome;
use kifu_parser::xiangqi_pgn::PgnReader;
use kifu_rules::renju::{self, Point, Termination};
use kifu_rules::xiangqi;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

fn renju_games(seed: u64, n: usize) -> Vec<(Scheduled, GeneratedRenju)> {
    schedule(seed, n, 2)
        .enumerate()
        .map(|(i, s)| (s, rg::generate_game(&mut Rng::fork(seed, i as u64))))
        .collect()
}

fn xiangqi_games(seed: u64, n: usize) -> Vec<(Scheduled, GeneratedXiangqi)> {
    schedule(seed, n, 2)
        .enumerate()
        .map(|(i, s)| {
            let g = xg::generate_game(&mut Rng::fork(seed, i as u64), xg::DEFAULT_MAX_PLIES);
            (s, g)
        })
        .collect()
}

fn renju_plain(games: &[(Scheduled, GeneratedRenju)]) -> String {
    let mut out = String::new();
    for (s, g) in games {
        rg::write_plain_into(&mut out, s, g);
    }
    out
}

fn xiangqi_pgn(games: &[(Scheduled, GeneratedXiangqi)], notation: XqNotation) -> String {
    let mut out = String::new();
    for (s, g) in games {
        xg::write_pgn_into(&mut out, s, g, notation);
    }
    out
}

#[test]
fn same_seed_same_text_other_seed_other_text() {
    let a = renju_plain(&renju_games(7, 40));
    assert_eq!(a, renju_plain(&renju_games(7, 40)));
    assert_ne!(a, renju_plain(&renju_games(8, 40)));
    let x = xiangqi_pgn(&xiangqi_games(7, 10), XqNotation::Chinese);
    assert_eq!(x, xiangqi_pgn(&xiangqi_games(7, 10), XqNotation::Chinese));
    assert_ne!(x, xiangqi_pgn(&xiangqi_games(8, 10), XqNotation::Chinese));
    // Game i does not depend on how many games are generated.
    let short = renju_games(7, 5);
    let long = renju_games(7, 40);
    assert_eq!(short[..], long[..5]);
}

/// A recorded result the replay compares (an `unknown` compares as none).
fn known(r: Option<Outcome>) -> Option<Outcome> {
    r.filter(|o| o.is_known())
}

#[test]
fn renju_games_parse_and_replay_cleanly() {
    let games = renju_games(2031, 300);
    let text = renju_plain(&games);
    let parsed: Vec<_> = PlainReader::new(text.as_bytes()).collect();
    assert_eq!(parsed.len(), games.len());
    let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
    let mut plies = 0;
    for ((s, g), raw) in games.iter().zip(&parsed) {
        let raw = raw.as_ref().expect("generated game parses");
        assert_eq!(raw.header.event.as_deref(), Some(s.event.as_str()));
        assert_eq!(raw.header.round, Some(s.round.to_string()));
        assert_eq!(raw.header.date.as_deref(), Some(s.date.as_str()));
        assert_eq!(raw.header.black.as_deref(), Some(s.players[0].as_str()));
        assert_eq!(raw.header.white.as_deref(), Some(s.players[1].as_str()));
        assert_eq!(known(raw.header.result), Some(g.result));
        let r = renju::replay(raw);
        assert!(r.findings.is_empty(), "{:?}\n{text}", r.findings);
        let moves: Vec<Point> = r.moves.iter().map(|m| m.expect("no pass")).collect();
        assert_eq!(moves, g.moves);
        assert_eq!(r.opening.map(|o| o.code), Some(g.opening.code));
        assert_eq!(r.termination, g.termination);
        if matches!(
            g.termination,
            Termination::Five | Termination::Overline | Termination::BoardFull
        ) {
            assert_eq!(r.derived_result, Some(g.result));
            assert_eq!(r.end_ply, Some(g.moves.len() as u32));
        }
        *ends.entry(g.termination.name()).or_default() += 1;
        plies += g.moves.len();
    }
    eprintln!(
        "renju: {} games, {:.1} plies on average, endings {ends:?}",
        games.len(),
        plies as f64 / games.len() as f64
    );
    assert!(ends.get("five").copied().unwrap_or(0) >= 250, "{ends:?}");

    // The one-game-per-line form.
    let lines: String = games
        .iter()
        .map(|(_, g)| rg::write_lines(g.result, &g.moves))
        .collect();
    let parsed: Vec<_> = LinesReader::new(lines.as_bytes()).collect();
    assert_eq!(parsed.len(), games.len());
    for ((_, g), raw) in games.iter().zip(&parsed) {
        let raw = raw.as_ref().expect("generated line parses");
        assert_eq!(known(raw.header.result), Some(g.result));
        let r = renju::replay(raw);
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        assert_eq!(r.moves.len(), g.moves.len());
    }
}

#[test]
fn renju_black_never_plays_forbidden_and_wins_are_taken() {
    for i in 0..300 {
        let g = rg::generate_game(&mut Rng::fork(99, i));
        let mut pos = renju::Position::new();
        for (k, &p) in g.moves.iter().enumerate() {
            if k % 2 == 0 {
                assert_eq!(pos.board().forbidden(p), None, "game {i} move {}", k + 1);
            }
            pos.play(Some(p)).unwrap();
        }
    }
}

#[test]
fn xiangqi_games_parse_and_replay_cleanly() {
    let games = xiangqi_games(1999, 100);
    let mut ends: BTreeMap<String, usize> = BTreeMap::new();
    for (_, g) in &games {
        *ends.entry(format!("{:?}", g.end)).or_default() += 1;
    }
    let plies: usize = games.iter().map(|(_, g)| g.moves.len()).sum();
    eprintln!(
        "xiangqi: {} games, {:.1} plies on average, endings {ends:?}",
        games.len(),
        plies as f64 / games.len() as f64
    );
    for notation in [XqNotation::Iccs, XqNotation::Chinese, XqNotation::Wxf] {
        let text = xiangqi_pgn(&games, notation);
        assert!(kifu_parser::xiangqi_pgn::looks_like(text.as_bytes()));
        let parsed: Vec<_> = PgnReader::new(text.as_bytes(), "utf-8").collect();
        assert_eq!(parsed.len(), games.len(), "{notation:?}");
        for ((s, g), raw) in games.iter().zip(&parsed) {
            let raw = raw.as_ref().expect("generated game parses");
            assert!(raw.notes.is_empty(), "{:?}", raw.notes);
            assert_eq!(raw.header.event.as_deref(), Some(s.event.as_str()));
            assert_eq!(raw.header.round, Some(s.round.to_string()));
            assert_eq!(raw.header.date.as_deref(), Some(s.date.as_str()));
            assert_eq!(raw.header.red.as_deref(), Some(s.players[0].as_str()));
            assert_eq!(raw.header.black.as_deref(), Some(s.players[1].as_str()));
            assert_eq!(known(raw.header.result), Some(g.result));
            let r = xiangqi::replay(raw);
            assert!(r.findings.is_empty(), "{notation:?}: {:?}", r.findings);
            assert_eq!(r.moves, g.moves);
            if g.end.board_decides() {
                assert_eq!(r.derived_result, Some(g.result));
                assert_eq!(r.end_ply, Some(g.moves.len() as u32));
                let t = match g.end {
                    XqEnd::Checkmate => xiangqi::Termination::Checkmate,
                    _ => xiangqi::Termination::Stalemate,
                };
                assert_eq!(r.termination, t);
            } else {
                assert_eq!(r.termination, xiangqi::Termination::Unfinished);
                assert_eq!(r.derived_result, None);
            }
        }
    }
}

#[test]
fn xiangqi_chinese_text_looks_right() {
    let games = xiangqi_games(3, 1);
    let text = xiangqi_pgn(&games, XqNotation::Chinese);
    assert!(
        text.starts_with("[Game \"Chinese Chess\"]\n[Event \""),
        "{text}"
    );
    assert!(text.contains("[Format \"Chinese\"]\n1. "), "{text}");
    let iccs = xiangqi_pgn(&games, XqNotation::Iccs);
    let first = games[0].1.moves[0].iccs();
    assert!(iccs.contains(&format!("\n1. {first} ")), "{iccs}");
}

#[test]
fn schedule_has_plausible_tournaments() {
    let games: Vec<Scheduled> = schedule(11, 3000, 2).collect();
    assert_eq!(games.len(), 3000);
    assert_eq!(games, schedule(11, 3000, 2).collect::<Vec<_>>());
    assert_ne!(games, schedule(12, 3000, 2).collect::<Vec<_>>());
    // Events in blocks; each complete one a round robin of 8-16 players.
    let mut order: Vec<&str> = Vec::new();
    for g in &games {
        if order.last() != Some(&g.event.as_str()) {
            order.push(&g.event);
        }
    }
    let distinct: BTreeSet<&str> = order.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        order.len(),
        "events are contiguous and unique"
    );
    assert!(order.len() >= 3000 / 120);
    for (k, event) in order.iter().enumerate() {
        let eg: Vec<&Scheduled> = games.iter().filter(|g| g.event == *event).collect();
        let players: BTreeSet<&String> = eg.iter().flat_map(|g| &g.players).collect();
        let n = players.len();
        assert!((8..=16).contains(&n), "{event}: {n} players");
        let last = k + 1 == order.len();
        if !last {
            assert_eq!(eg.len(), n * (n - 1) / 2, "{event}");
        }
        let mut prev_round = 1;
        let mut prev_date = eg[0].date.clone();
        let mut per_round: BTreeMap<u32, usize> = BTreeMap::new();
        for g in &eg {
            assert!(g.round >= prev_round && g.round < n as u32);
            assert!(g.date >= prev_date, "{} {}", g.date, prev_date);
            assert_eq!(g.players.len(), 2);
            assert_ne!(g.players[0], g.players[1]);
            let d = g.date.as_bytes();
            assert!(
                g.date.len() == 10 && d[4] == b'-' && d[7] == b'-',
                "{}",
                g.date
            );
            let year: u32 = g.date[..4].parse().unwrap();
            assert!(event.ends_with(&year.to_string()), "{event} {}", g.date);
            prev_round = g.round;
            prev_date = g.date.clone();
            *per_round.entry(g.round).or_default() += 1;
        }
        if !last {
            assert!(per_round.values().all(|&c| c == n / 2), "{per_round:?}");
        }
    }
    let non_ascii = games
        .iter()
        .flat_map(|g| &g.players)
        .filter(|p| !p.is_ascii())
        .count();
    assert!(non_ascii > 0);
    assert!(NAMES.iter().any(|n| n.contains('õ')));
    assert!(NAMES
        .iter()
        .any(|n| n.chars().any(|c| ('а'..='я').contains(&c))));
    // Other seat counts: tables drawn per round, nobody twice at a round.
    let four: Vec<Scheduled> = schedule(5, 200, 4).collect();
    assert!(four.iter().all(|g| g.players.len() == 4));
    let mut by_round: BTreeMap<(&str, u32), Vec<&String>> = BTreeMap::new();
    for g in &four {
        by_round
            .entry((&g.event, g.round))
            .or_default()
            .extend(&g.players);
    }
    for names in by_round.values() {
        let set: BTreeSet<&&String> = names.iter().collect();
        assert_eq!(set.len(), names.len());
    }
}

#[test]
#[ignore]
fn generation_speed() {
    let n = 200_000;
    let t = Instant::now();
    let mut plies = 0;
    for i in 0..n {
        plies += rg::generate_game(&mut Rng::fork(1, i)).moves.len();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "renju: {n} games in {dt:.2} s = {:.0} games/s ({:.1} plies/game)",
        n as f64 / dt,
        plies as f64 / n as f64
    );
    let t = Instant::now();
    let mut out = String::new();
    let mut bytes = 0;
    for (i, s) in schedule(1, n as usize, 2).enumerate() {
        let g = rg::generate_game(&mut Rng::fork(1, i as u64));
        out.clear();
        rg::write_plain_into(&mut out, &s, &g);
        bytes += out.len();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "renju + schedule + plain text: {:.0} games/s ({:.1} MB)",
        n as f64 / dt,
        bytes as f64 / 1e6
    );

    let n = 20_000;
    let t = Instant::now();
    let mut plies = 0;
    for i in 0..n {
        plies += xg::generate_game(&mut Rng::fork(1, i), xg::DEFAULT_MAX_PLIES)
            .moves
            .len();
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "xiangqi: {n} games in {dt:.2} s = {:.0} games/s ({:.1} plies/game)",
        n as f64 / dt,
        plies as f64 / n as f64
    );
    for notation in [XqNotation::Iccs, XqNotation::Chinese] {
        let t = Instant::now();
        for (i, s) in schedule(1, n as usize, 2).enumerate() {
            let g = xg::generate_game(&mut Rng::fork(1, i as u64), xg::DEFAULT_MAX_PLIES);
            out.clear();
            xg::write_pgn_into(&mut out, &s, &g, notation);
        }
        let dt = t.elapsed().as_secs_f64();
        println!(
            "xiangqi + schedule + {notation:?} PGN: {:.0} games/s",
            n as f64 / dt
        );
    }
}

/// `write_set` plays its games on every thread of the pool, in blocks, and writes them in
/// order: the bytes equal the games written one after another, on 1 thread and on 4, for
/// every kind, over more than one window of blocks.
#[test]
fn a_set_is_the_same_bytes_on_any_number_of_threads() {
    use kifu_generate::{write_game, write_set, GameSpec, RenjuNotation, SetSpec};
    use kifu_rules::chouchou::Variant;
    let games = [
        GameSpec::Renju(RenjuNotation::Plain),
        GameSpec::Xiangqi(XqNotation::Chinese),
        GameSpec::Territorial,
        GameSpec::ChouChou {
            variant: Variant::ALL[0],
            players: 2,
            pairs: false,
        },
    ];
    for game in games {
        // Over one window of blocks on 1 thread (256 games a block, 4 blocks a thread).
        let spec = SetSpec {
            game,
            games: 1_100,
            seed: 7,
        };
        let mut one_by_one = String::new();
        for (i, slot) in schedule(spec.seed, spec.games, game.seats()).enumerate() {
            write_game(
                &game,
                &slot,
                &mut Rng::fork(spec.seed, i as u64),
                &mut one_by_one,
            );
        }
        for threads in [1, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut out = Vec::new();
            pool.install(|| write_set(&spec, &mut out)).unwrap();
            assert!(
                out == one_by_one.as_bytes(),
                "{game:?} on {threads} thread(s) differs from the games one by one"
            );
        }
    }
}
