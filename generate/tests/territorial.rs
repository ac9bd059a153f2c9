//! Chess Territorial on generated games: they end on the board, replay without findings,
//! audit cleanly with the board's scores (and are caught with wrong ones), and keep their
//! legality verdicts and scores under the colour-preserving symmetries.

use kifu_facts::GameKind;
use kifu_generate::random::Rng;
use kifu_generate::territorial::generate;
use kifu_notation::{GameMoves, RecordOut};
use kifu_parser::raw::{CtGame, CtMoveText, Header};
use kifu_rules::territorial::{
    decode_moves, encode_moves, replay, replay_moves, score, End, Kind, Move, Outcome, PlaceError,
    Placement, Position, Side, Square, Symmetry, Termination,
};
use kifu_rules::Severity;

fn ct_game(text: &str) -> CtGame {
    let games = kifu_parser::territorial::parse_str(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.into_iter().next().unwrap().unwrap()
}

#[test]
fn all_placed_ends_the_game() {
    let mut rng = Rng::new(11);
    let moves = generate(&mut rng);
    let mv: Vec<Move> = moves.iter().map(|m| Move::from_text(*m).unwrap()).collect();
    let p = Position::from_moves(&mv).unwrap();
    assert!(p.is_over());
    if p.end().unwrap().1 == End::AllPlaced {
        assert!(p.hand(Side::White).is_empty() && p.hand(Side::Black).is_empty());
    }
    let mut q = p.clone();
    let e = q.pass().unwrap_err();
    assert!(matches!(e, PlaceError::GameOver { .. }), "{e}");
    assert!(p.legal_placements().is_empty());
}

fn complete_game(seed: u64) -> (Vec<CtMoveText>, kifu_rules::territorial::CtReplay) {
    let mut rng = Rng::fork(2024, seed);
    let moves = generate(&mut rng);
    let r = replay_moves(moves.iter().map(|m| (*m, "")), &Header::default());
    (moves, r)
}

#[test]
fn audit_of_a_correct_record() {
    let (moves, r) = complete_game(1);
    let s = &r.score;
    let derived = r.derived_result.unwrap();
    let typed: Vec<Move> = moves.iter().map(|m| Move::from_text(*m).unwrap()).collect();
    // A record stating `result` and a WhiteScore of `white`.
    let write = |result: Outcome, white: u32| {
        let tags = [
            ("WhiteScore".to_owned(), white.to_string()),
            ("BlackScore".to_owned(), s.black.to_string()),
        ];
        let mut record = RecordOut::new(GameMoves::Territorial(&typed));
        record.players = vec![("white", "A"), ("black", "B")];
        record.result = Some(result.name(GameKind::Territorial));
        record.tags = &tags;
        let mut text = String::new();
        kifu_notation::territorial_pgn::write_record(&record, &mut text);
        text
    };
    let text = write(derived, s.white);
    let game = ct_game(&text);
    let r2 = replay(&game);
    assert_eq!(r2.findings, vec![], "{text}");
    assert_eq!(r2.score, r.score);
    assert!(matches!(
        r2.termination,
        Termination::AllPlaced | Termination::TwoPasses
    ));
    // Now a wrong WhiteScore and a wrong result.
    let other = if derived == Outcome::Draw {
        Outcome::Win(Side::White.seat())
    } else {
        Outcome::Draw
    };
    let wrong = write(other, s.white + 3);
    let r3 = replay(&ct_game(&wrong));
    let mismatches: Vec<_> = r3
        .findings
        .iter()
        .filter(|f| f.code == "score-mismatch")
        .collect();
    assert!(!mismatches.is_empty());
    assert!(mismatches.iter().all(|f| f.severity == Severity::Error
        && f.rule == "territorial §scoring"
        && f.ply == r3.end_ply));
    assert_eq!(mismatches.len(), 2);
    assert!(mismatches[1].message.starts_with(&format!(
        "the record gives {} ({}) but the board gives {}",
        other.score().unwrap(),
        other.name(GameKind::Territorial),
        derived.score().unwrap()
    )));
    assert!(mismatches[0].message.starts_with(&format!(
        "WhiteScore is {} but White scores {}",
        s.white + 3,
        s.white
    )));
}

#[test]
fn moves_after_the_end() {
    let (moves, r) = complete_game(3);
    let end = r.end_ply.unwrap();
    let mut text: Vec<String> = moves
        .iter()
        .map(|m| kifu_parser::territorial::move_text(*m))
        .collect();
    text.push("--".into());
    text.push("--".into());
    let r2 = replay(&ct_game(&text.join(" ")));
    let f: Vec<_> = r2
        .findings
        .iter()
        .filter(|f| f.code == "moves-after-end")
        .collect();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].ply, Some(end + 1));
    assert_eq!(f[0].severity, Severity::Warning);
    assert!(f[0].message.starts_with(&format!(
        "2 moves follow after the end of the game at move {end}"
    )));
    assert_eq!(r2.score, r.score);
    assert_eq!(r2.derived_result, r.derived_result);
}

#[test]
fn generated_games_replay_without_findings() {
    for seed in 0..200 {
        let (moves, r) = complete_game(seed);
        assert_eq!(r.findings, vec![], "seed {seed}");
        assert_eq!(r.plies as usize, moves.len());
        assert_eq!(r.moves.len(), moves.len());
        assert!(r.derived_result.is_some());
        // Same seed, same game.
        assert_eq!(complete_game(seed).0, moves);
        // Compact bytes round-trip.
        let bytes = encode_moves(&r.moves);
        assert_eq!(bytes.len(), 2 * moves.len());
        assert_eq!(decode_moves(&bytes).unwrap(), r.moves);
    }
}

/// Applying a colour-preserving symmetry to every placement of a game gives the same
/// legality verdict for every move (and for every other placement tried on the way) and
/// the same scores.
#[test]
fn symmetries_keep_legality_and_scores() {
    let kinds = Kind::ALL;
    for seed in 0..200 {
        let (_, r) = complete_game(seed);
        let mut rng = Rng::fork(99, seed);
        for sym in Symmetry::ALL {
            let mut a = Position::new();
            let mut b = Position::new();
            for &m in &r.moves {
                // A few random placements: same verdict on both boards.
                for _ in 0..4 {
                    let k = *rng.pick(&kinds).unwrap();
                    let s = Square::from_index(rng.below(64) as u8).unwrap();
                    let va = a.check(Placement::new(k, s)).is_ok();
                    let vb = b.check(Placement::new(k, sym.apply(s))).is_ok();
                    assert_eq!(va, vb, "seed {seed} {sym:?} {k:?}@{s}");
                }
                let mut la: Vec<Placement> = a
                    .legal_placements()
                    .into_iter()
                    .map(|p| Placement::new(p.kind, sym.apply(p.square)))
                    .collect();
                la.sort();
                let mut lb = b.legal_placements();
                lb.sort();
                assert_eq!(la, lb, "seed {seed} {sym:?}");
                a.play(m).unwrap();
                b.play(sym.apply_move(m)).unwrap();
            }
            let (sa, sb) = (score(&a), score(&b));
            assert_eq!(
                (sa.white, sa.black),
                (sb.white, sb.black),
                "seed {seed} {sym:?}"
            );
            assert_eq!(sa.queen_territory, sb.queen_territory);
            assert_eq!((sa.winner, sa.decided_by), (sb.winner, sb.decided_by));
            assert_eq!(sa.breakdown(Side::White), sb.breakdown(Side::White));
            assert_eq!(sa.breakdown(Side::Black), sb.breakdown(Side::Black));
            assert_eq!(sym.apply_position(&a).render(), b.render());
            // And the replay of the mapped record is just as clean.
            let mapped: Vec<CtMoveText> = r
                .moves
                .iter()
                .map(|m| sym.apply_move(*m).to_text())
                .collect();
            let rb = replay_moves(mapped.iter().map(|m| (*m, "")), &Header::default());
            assert_eq!(rb.findings, vec![]);
        }
    }
}

/// The games of `kifu generate --game territorial --games 20000 --seed 1` that end by two
/// passes (game `i` is played from `Rng::fork(1, i)`).
const TWO_PASS_GAMES: [u64; 15] = [
    309, 1323, 2548, 2563, 2903, 5953, 8221, 9794, 10871, 13884, 16366, 16407, 16695, 18068, 19948,
];

/// A generated game ending by two passes, its closing passes (one or both) left out: the
/// record has ended all the same, with the same score and result, and the missing passes
/// are noted.
#[test]
fn closing_passes_may_be_left_out() {
    for i in TWO_PASS_GAMES {
        let moves = generate(&mut Rng::fork(1, i));
        let full = replay_moves(moves.iter().map(|m| (*m, "")), &Header::default());
        assert_eq!(full.termination, Termination::TwoPasses, "game {i}");
        for missing in 1..=2 {
            let kept = &moves[..moves.len() - missing];
            let r = replay_moves(kept.iter().map(|m| (*m, "")), &Header::default());
            assert_eq!(r.termination, Termination::NoPlacement, "game {i}");
            assert_eq!(r.derived_result, full.derived_result, "game {i}");
            assert_eq!(r.score, full.score, "game {i}");
            assert_eq!(r.end_ply, Some(kept.len() as u32));
            let codes: Vec<_> = r.findings.iter().map(|f| f.code).collect();
            assert_eq!(codes, ["closing-passes-missing"], "game {i}");
        }
        // A record stopping one placement earlier: still a game on.
        let last_placement = moves
            .iter()
            .rposition(|m| !matches!(m, CtMoveText::Pass))
            .unwrap();
        let early = &moves[..last_placement];
        let r = replay_moves(early.iter().map(|m| (*m, "")), &Header::default());
        assert_eq!(r.termination, Termination::Unfinished, "game {i}");
    }
}
