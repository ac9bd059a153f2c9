//! ChouChou positions under the 8 symmetries of the square board: the stacks (pieces per
//! colour on each cell), the seat to move and the setup (variant, players, pairs).
//!
//! The positions are those the stored actions reach when replayed as `kifu show` replays
//! them ([`crate::chouchou::check`] on the applied actions), so the index, the rebuild and
//! `show` agree. The stored actions keep neither a void move (rule 7(1)) nor an annotated
//! capture count (rule 7(5)): a record with one is indexed as its stored actions replay.

use std::sync::LazyLock;

use kifu_facts::{GameKind, MoveCode, PlyStep, PositionKey};

use super::move_error::MoveError;
use super::{build_trail, smallest, SplitMix};
use crate::chouchou::board::{cell_index, index_cell, CELLS, MAX_SEATS};
use crate::chouchou::{check_annotated, Board, CcActionText, CcReplay, State, Variant};
use crate::renju::Symmetry;
use crate::Severity;

/// Counts above this share the last Zobrist entry (a cell holds at most 5).
const COUNTS: usize = 8;

struct Tables {
    /// `stack[cell][colour][count]`, 0 for a count of 0.
    stack: [[[u64; COUNTS]; MAX_SEATS]; CELLS],
    seat: [u64; MAX_SEATS],
    /// One value per setup: variant, players (2–4) and pairs.
    setup: [[[u64; 2]; 5]; 3],
    /// `image[size == 4][symmetry][storage index]`.
    image: [[[u8; CELLS]; 8]; 2],
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut rng = SplitMix(0x0043_484F_5543_0001); // "CHOUC" 1
    let mut stack = [[[0; COUNTS]; MAX_SEATS]; CELLS];
    for cell in stack.iter_mut() {
        for colour in cell.iter_mut() {
            for z in colour.iter_mut().skip(1) {
                *z = rng.next();
            }
        }
    }
    let seat = [rng.next(), rng.next(), rng.next(), rng.next()];
    let mut setup = [[[0; 2]; 5]; 3];
    for v in setup.iter_mut() {
        for p in v.iter_mut() {
            for z in p.iter_mut() {
                *z = rng.next();
            }
        }
    }
    let mut image = [[[0; CELLS]; 8]; 2];
    for (big, size) in [(0, 3i32), (1, 4)] {
        for (s, sym) in Symmetry::ALL.iter().enumerate() {
            for (i, slot) in image[big][s].iter_mut().enumerate() {
                let (c, r) = index_cell(i);
                // Doubled offsets from the board's centre, so 4×4 has a centre too.
                let (x, y) = (2 * c as i32 - (size - 1), 2 * r as i32 - (size - 1));
                let (x, y) = sym.apply_offset(x, y);
                let (c2, r2) = ((x + size - 1) / 2, (y + size - 1) / 2);
                *slot = if (0..size).contains(&c2) && (0..size).contains(&r2) {
                    (r2 * 4 + c2) as u8
                } else {
                    i as u8 // a cell off this board size: never used
                };
            }
        }
    }
    Tables {
        stack,
        seat,
        setup,
        image,
    }
});

/// A game's setup: the board, the players and whether they play in pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    pub variant: Variant,
    pub players: u8,
    pub pairs: bool,
}

fn variant_index(v: Variant) -> usize {
    match v {
        Variant::Standard => 0,
        Variant::JuniorSenior => 1,
        Variant::FourByFour => 2,
    }
}

fn images_table(variant: Variant) -> &'static [[u8; CELLS]; 8] {
    &TABLES.image[usize::from(variant.size() == 4)]
}

/// The code of an action: its two stored bytes.
pub fn move_code(a: &CcActionText) -> MoveCode {
    match crate::chouchou::action::encode_action(a) {
        Some(b) => MoveCode(u16::from_be_bytes(b)),
        None => MoveCode::NONE,
    }
}

pub fn code_action(c: MoveCode) -> Option<CcActionText> {
    if c.is_none() {
        return None;
    }
    crate::chouchou::action::decode_action(c.0.to_be_bytes())
}

fn map_cell(image: &[u8; CELLS], cell: (u8, u8)) -> (u8, u8) {
    match cell_index(cell, 4) {
        Some(i) => index_cell(image[i] as usize),
        None => cell,
    }
}

/// An action code under a symmetry of `variant`'s board.
pub fn apply_symmetry(variant: Variant, symmetry: u8, c: MoveCode) -> MoveCode {
    let image = &images_table(variant)[symmetry as usize];
    match code_action(c) {
        Some(CcActionText::Place { cell }) => move_code(&CcActionText::Place {
            cell: map_cell(image, cell),
        }),
        Some(CcActionText::MoveTwo { from, to }) => move_code(&CcActionText::MoveTwo {
            from: map_cell(image, from),
            to: map_cell(image, to),
        }),
        Some(CcActionText::SwapOne { from, to }) => move_code(&CcActionText::SwapOne {
            from: map_cell(image, from),
            to: map_cell(image, to),
        }),
        None => c,
    }
}

/// A ChouChou position: the setup, the stacks and the seat to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub setup: Setup,
    board: Board,
    /// Seat index (0 = `P1`) to move.
    to_move: usize,
}

fn images(setup: Setup, board: &Board, to_move: usize) -> [u64; 8] {
    let t = &*TABLES;
    let base = t.setup[variant_index(setup.variant)][setup.players.min(4) as usize]
        [usize::from(setup.pairs)]
        ^ t.seat[to_move % MAX_SEATS];
    let mut h = [base; 8];
    let table = images_table(setup.variant);
    // The storage index doubles as the cell: every image table row has CELLS entries.
    #[allow(clippy::needless_range_loop)]
    for i in 0..CELLS {
        for (colour, &n) in board.at(i).iter().enumerate() {
            if n == 0 {
                continue;
            }
            let n = (n as usize).min(COUNTS - 1);
            for (s, x) in h.iter_mut().enumerate() {
                *x ^= t.stack[table[s][i] as usize][colour][n];
            }
        }
    }
    h
}

/// The positions a replay goes through (the start, then after each action applied) and
/// the actions between them: the boards the replay kept, so the rules run once. The start
/// is the setup's own empty board (a setup the rules refuse replays no entry).
fn positions(setup: Setup, replay: &CcReplay) -> (Vec<Snapshot>, Vec<CcActionText>) {
    let start = State::new(setup.variant, setup.players as usize, setup.pairs);
    let mut out = vec![Snapshot {
        setup,
        board: start.board,
        to_move: 0,
    }];
    out.extend(
        replay
            .positions
            .iter()
            .skip(1)
            .map(|(board, to_move)| Snapshot {
                setup,
                board: board.clone(),
                to_move: *to_move,
            }),
    );
    let actions = replay
        .moves
        .iter()
        .filter(|p| !p.void)
        .map(|p| p.action)
        .collect();
    (out, actions)
}

fn replay(setup: Setup, actions: &[CcActionText]) -> CcReplay {
    let annotated: Vec<(CcActionText, Option<u32>)> = actions.iter().map(|&a| (a, None)).collect();
    check_annotated(setup.variant, setup.players, setup.pairs, &annotated)
}

/// The steps of a game through the positions its stored actions reach.
pub fn trail(setup: Setup, actions: &[CcActionText]) -> Vec<PlyStep> {
    let (snapshots, applied) = positions(setup, &replay(setup, actions));
    let keys: Vec<(PositionKey, u8)> = snapshots.iter().map(Snapshot::key).collect();
    build_trail(&keys, &applied, |s, a| {
        apply_symmetry(setup.variant, s, move_code(&a))
    })
}

impl Snapshot {
    /// The position after `actions` (as `kifu check chouchou` reads them, with optional
    /// annotated counts); an action the rules refuse is the engine's error finding, with
    /// its ply.
    pub fn from_actions(
        setup: Setup,
        actions: &[(CcActionText, Option<u32>)],
    ) -> Result<Snapshot, crate::finding::Finding> {
        let r = check_annotated(setup.variant, setup.players, setup.pairs, actions);
        if let Some(f) = r.findings.iter().find(|f| f.severity == Severity::Error) {
            return Err(f.clone());
        }
        let (snapshots, _) = positions(setup, &r);
        Ok(snapshots.last().cloned().expect("the start position"))
    }

    /// The position after the first `ply` stored actions (as the trail counts plies).
    pub fn after(setup: Setup, actions: &[CcActionText], ply: u32) -> Option<Snapshot> {
        let (snapshots, _) = positions(setup, &replay(setup, actions));
        snapshots.get(ply as usize).cloned()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Seat index (0 = `P1`) to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    pub fn key(&self) -> (PositionKey, u8) {
        smallest(&images(self.setup, &self.board, self.to_move))
    }

    pub fn transformed(&self, symmetry: u8) -> Snapshot {
        let image = &images_table(self.setup.variant)[symmetry as usize];
        let mut board = Board::new(self.setup.variant, self.board.colours());
        for (i, &to) in image.iter().enumerate() {
            for (colour, &n) in self.board.at(i).iter().enumerate() {
                if n > 0 {
                    board.add(to as usize, colour, n);
                }
            }
        }
        Snapshot {
            setup: self.setup,
            board,
            to_move: self.to_move,
        }
    }

    /// The position after an action by the seat to move (board legality only: the move
    /// tokens and the NEXT-zone rule depend on the history, which a position leaves out).
    pub fn play(&self, c: MoveCode) -> Result<Snapshot, MoveError> {
        let a = code_action(c).ok_or(MoveError::NotAMove {
            kind: GameKind::ChouChou,
            code: c,
        })?;
        let mut state = State::new(
            self.setup.variant,
            self.setup.players as usize,
            self.setup.pairs,
        );
        state.board = self.board.clone();
        state
            .board_legality(self.to_move, &a)
            .map_err(MoveError::Action)?;
        state.apply(self.to_move, &a, None);
        let to_move = state.next_seat(self.to_move);
        Ok(Snapshot {
            setup: self.setup,
            board: state.board,
            to_move,
        })
    }

    pub fn move_text(c: MoveCode) -> String {
        code_action(c).map_or_else(|| "?".into(), |a| crate::chouchou::action_text(&a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chouchou::parse_moves;

    fn actions(s: &str) -> Vec<CcActionText> {
        parse_moves(s)
            .unwrap()
            .into_iter()
            .map(|(a, _)| a)
            .collect()
    }

    #[test]
    fn a_game_and_its_images_have_the_same_keys() {
        let setup = Setup {
            variant: Variant::FourByFour,
            players: 2,
            pairs: false,
        };
        let game = actions("1A 2B 1A 3C 1B 4D 1A→2A② 2C");
        let base = trail(setup, &game);
        assert_eq!(base.len(), game.len() + 1);
        for s in 0..8u8 {
            let image: Vec<CcActionText> = game
                .iter()
                .map(|a| code_action(apply_symmetry(setup.variant, s, move_code(a))).unwrap())
                .collect();
            for (a, b) in base.iter().zip(trail(setup, &image)) {
                let board =
                    super::super::Board::ChouChou(Snapshot::after(setup, &game, a.ply).unwrap());
                assert!(super::super::same_step(&board, a, &b), "{s} at {}", a.ply);
            }
        }
        for step in &base {
            let snap = Snapshot::after(setup, &game, step.ply).unwrap();
            assert_eq!(snap.key(), (step.key, step.symmetry));
            assert_eq!(snap.transformed(step.symmetry).key().0, step.key);
        }
        // Another setup is another position.
        let other = Setup {
            players: 3,
            ..setup
        };
        assert_ne!(trail(other, &game)[0].key, base[0].key);
    }

    /// The boards the replay keeps are the ones its applied actions reach when played
    /// again from the start, a void action (rule 7(1)) and a capture included.
    #[test]
    fn the_kept_positions_are_the_applied_actions_played_again() {
        let setup = Setup {
            variant: Variant::Standard,
            players: 2,
            pairs: false,
        };
        // A void action (rule 7(1)) at ply 7; a capture at ply 11.
        let void = actions("1A 3C 1A 3C 1A→2B② 3A 2B→1A② 1C 2A");
        let capture = actions("3C 3C 3C 1A 1A 3A 1B 3B 1B 2A 3C→1C②");
        let (rv, rc) = (replay(setup, &void), replay(setup, &capture));
        assert!(rv.moves.iter().any(|p| p.void), "no void action");
        assert!(rc.moves.iter().any(|p| p.taken > 0), "no capture");
        for r in [rv, rc] {
            let (kept, applied) = positions(setup, &r);
            let mut state = State::new(setup.variant, 2, false);
            let mut again = vec![(state.board.clone(), 0)];
            for ply in r.moves.iter().filter(|p| !p.void) {
                state.apply(ply.seat, &ply.action, Some(ply.taken));
                again.push((state.board.clone(), state.next_seat(ply.seat)));
            }
            assert_eq!(applied.len() + 1, kept.len());
            let kept: Vec<(Board, usize)> =
                kept.iter().map(|s| (s.board.clone(), s.to_move)).collect();
            assert_eq!(kept, again);
        }
    }

    #[test]
    fn an_illegal_action_is_refused_with_its_ply() {
        // Junior & senior cells hold 3 pieces: the fourth on 1A is refused.
        let setup = Setup {
            variant: Variant::JuniorSenior,
            players: 2,
            pairs: false,
        };
        let moves = parse_moves("1A 1A 1A 1A").unwrap();
        let refused = Snapshot::from_actions(setup, &moves).unwrap_err();
        assert_eq!(refused.ply, Some(4));
        assert!(refused.message.starts_with("1A by P2"), "{refused:?}");
    }
}
