//! ChouChou on generated games and random input: every generated game replays without
//! findings and conserves pieces, encoding and the `.ccn` writer round-trip, generation is
//! reproducible, and random (mostly illegal) action lists never panic the engine.

use kifu_generate::chouchou::{generate, write_ccn_for};
use kifu_generate::random::Rng;
use kifu_rules::chouchou::{
    check, check_annotated, decode_actions, encode_actions, replay, CcActionText, Variant,
};

/// Every generated game replays without findings and conserves pieces; encoding and the
/// `.ccn` writer round-trip.
#[test]
fn generated_games_replay_clean() {
    let configs = [(2u8, false), (3, false), (4, false), (4, true)];
    let mut won = 0;
    let mut total = 0;
    for variant in Variant::ALL {
        for &(players, pairs) in &configs {
            for seed in 0..200u64 {
                let mut rng = Rng::fork(seed, players as u64 * 10 + pairs as u64);
                let acts = generate(&mut rng, variant, players, pairs);
                let r = check(variant, players, pairs, &acts);
                let what = format!("{variant:?} {players}p pairs={pairs} seed {seed}");
                assert!(r.findings.is_empty(), "{what}: {:?}", r.findings);
                assert_eq!(r.moves.len(), acts.len(), "{what}");
                let placed: u32 = r.placed.iter().sum();
                let taken: u32 = r.captured.iter().sum::<u32>() - r.penalty.iter().sum::<u32>();
                assert_eq!(placed, r.board.total_pieces() + taken, "{what}");
                assert!(r.tokens_used.iter().all(|&t| t <= 9), "{what}");
                let cap = variant.capacity();
                for row in 0..variant.size() {
                    for col in 0..variant.size() {
                        assert!(r.board.total((col, row)) <= cap, "{what}");
                    }
                }
                if let Some(w) = r.winner {
                    won += 1;
                    assert!(r.captured[w] >= variant.threshold(), "{what}");
                    assert!(r.points[w] >= 0);
                }
                total += 1;
                if seed % 20 == 0 {
                    assert_eq!(
                        decode_actions(&encode_actions(&acts).unwrap()).unwrap(),
                        acts,
                        "{what}"
                    );
                    let text = write_ccn_for(None, variant, players, pairs, &acts);
                    let back = kifu_parser::chouchou::parse_ccn(text.as_bytes());
                    assert_eq!(back.len(), 1, "{what}\n{text}");
                    let g = back[0]
                        .as_ref()
                        .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
                    let r2 = replay(g);
                    assert!(r2.findings.is_empty(), "{what}: {:?}\n{text}", r2.findings);
                    assert_eq!((r2.winner, &r2.captured), (r.winner, &r.captured), "{what}");
                }
            }
        }
    }
    assert!(
        won * 10 > total * 8,
        "only {won} of {total} generated games were won"
    );
}

#[test]
fn generate_is_reproducible() {
    let a = generate(&mut Rng::new(7), Variant::FourByFour, 3, false);
    let b = generate(&mut Rng::new(7), Variant::FourByFour, 3, false);
    assert_eq!(a, b);
    assert!(!a.is_empty());
    assert!(generate(&mut Rng::new(7), Variant::Standard, 3, true).is_empty());
}

/// Random, mostly illegal, action lists never panic the engine.
#[test]
fn random_actions_never_panic() {
    let mut rng = Rng::new(99);
    for _ in 0..2000 {
        let n = rng.below(40);
        let acts: Vec<(CcActionText, Option<u32>)> = (0..n)
            .map(|_| {
                let c = |r: &mut Rng| (r.below(5) as u8, r.below(5) as u8);
                let a = match rng.below(3) {
                    0 => CcActionText::Place { cell: c(&mut rng) },
                    1 => CcActionText::MoveTwo {
                        from: c(&mut rng),
                        to: c(&mut rng),
                    },
                    _ => CcActionText::SwapOne {
                        from: c(&mut rng),
                        to: c(&mut rng),
                    },
                };
                (a, rng.chance(0.2).then(|| rng.below(6) as u32))
            })
            .collect();
        let variant = Variant::ALL[rng.below(3)];
        let players = 1 + rng.below(5) as u8;
        let r = check_annotated(variant, players, rng.chance(0.3), &acts);
        let _ = r.check_json();
        let _ = r.board.render();
    }
}
