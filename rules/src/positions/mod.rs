//! Positions under their board's symmetries: the keys of the position index (`kifu index`),
//! the position search (`kifu position`) and the opening explorer (`kifu explore`).
//!
//! **What a position is.** The board and the side to move: Renju's stones, Xiangqi's pieces,
//! Chess Territorial's placed pieces (each hand is the full set less the pieces on the
//! board, so it follows from the board), ChouChou's stacks (pieces per colour on each cell)
//! with its setup (variant, players, pairs). The side to move is part of it: the same
//! stones with the other side to move (after a pass) are another position.
//!
//! **Symmetries.** Each game's board symmetries that map legal games onto legal games:
//! the 8 of the square for Renju and ChouChou ([`crate::renju::Symmetry`]); for Chess
//! Territorial only the 4 that keep each square's colour ([`crate::territorial::Symmetry`]:
//! a quarter turn or a file mirror swaps White's and Black's squares, so it changes the
//! claims and the score); for Xiangqi the identity and the left-right mirror.
//!
//! **Keys.** A Zobrist hash per image of the position under each symmetry, kept up to date
//! move by move (a Renju stone changes each of the 8 image hashes by one XOR); the key is
//! the smallest, and the symmetry that gives it maps the game's position onto the
//! *canonical orientation*. Images of one position have the same set of hashes, so the same
//! key. A game's [`kifu_facts::PlyStep`]s record each position's key, that symmetry and the
//! next two moves in the canonical orientation, so the index can list a position's next
//! moves without reading any game.
//!
//! Everything here is computed from the moves as stored (`moves` blobs): the ingest and
//! `kifu index --rebuild` run the same functions on the same input, so they build the same
//! index.

mod board;
pub mod chouchou;
pub mod renju;
pub mod territorial;
pub mod xiangqi;

mod move_error;

pub use board::{
    apply_symmetry, compose, inverse, stored_board, stored_move_codes, stored_move_texts,
    stored_trail, symmetry_by_name, symmetry_count, symmetry_name, with_stored, Board, QueryError,
    StoredError, StoredGame, StoredSetup,
};
pub use move_error::MoveError;

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use kifu_facts::{MoveCode, PlyStep, PositionKey};

/// Positions indexed per game at most: a record longer than this (no real game is; the
/// hostile-input tests have a million-ply Xiangqi shuffle) is indexed to its 4,096th ply,
/// so one record cannot fill memory or the index.
pub const MAX_TRAIL_PLIES: usize = 4096;

/// SplitMix64: the fixed pseudo-random sequence the Zobrist tables are drawn from (the
/// tables must be the same in every build, or stored keys would stop matching).
pub(crate) struct SplitMix(pub u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The smallest of a position's image hashes and the first symmetry giving it.
pub(crate) fn smallest(images: &[u64]) -> (PositionKey, u8) {
    let mut best = 0;
    for (i, &h) in images.iter().enumerate() {
        if h < images[best] {
            best = i;
        }
    }
    (PositionKey(images[best]), best as u8)
}

/// Keys are already uniformly random: hashing them again would only cost time.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A game's steps from the keys of its positions (`keys[i]` after `i` moves, with the
/// symmetry to the canonical orientation) and its moves, `code(symmetry, move)` writing a
/// move in that orientation. A position the game comes back to keeps its first visit.
pub(crate) fn build_trail<M: Copy>(
    keys: &[(PositionKey, u8)],
    moves: &[M],
    code: impl Fn(u8, M) -> MoveCode,
) -> Vec<PlyStep> {
    let mut seen: HashSet<u64, BuildHasherDefault<KeyHasher>> =
        HashSet::with_capacity_and_hasher(keys.len(), Default::default());
    let mut steps = Vec::with_capacity(keys.len());
    for (ply, &(key, symmetry)) in keys.iter().enumerate().take(MAX_TRAIL_PLIES + 1) {
        if !seen.insert(key.0) {
            continue;
        }
        let at = |i: usize| moves.get(i).map_or(MoveCode::NONE, |&m| code(symmetry, m));
        steps.push(PlyStep {
            key,
            ply: ply as u32,
            symmetry,
            next: at(ply),
            reply: at(ply + 1),
        });
    }
    steps
}

/// For tests: two steps at the same position (`board`, in any orientation) are the same up
/// to the position's own symmetries: their next moves (and replies) differ by a symmetry of
/// the canonical image, since a symmetric position maps onto it in several ways.
#[cfg(test)]
pub(crate) fn same_step(board: &Board, a: &PlyStep, b: &PlyStep) -> bool {
    let canonical = board.transformed(board.key().1);
    a.key == b.key
        && canonical.stabilizer().into_iter().any(|u| {
            canonical.apply_symmetry(u, a.next) == b.next
                && canonical.apply_symmetry(u, a.reply) == b.reply
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_visited_again_keeps_its_first_visit() {
        let keys = [
            (PositionKey(5), 0),
            (PositionKey(7), 1),
            (PositionKey(5), 0),
            (PositionKey(9), 0),
        ];
        let steps = build_trail(&keys, &[10u16, 11, 12], |_, m| MoveCode(m));
        let plies: Vec<u32> = steps.iter().map(|s| s.ply).collect();
        assert_eq!(plies, [0, 1, 3]);
        assert_eq!(steps[0].next, MoveCode(10));
        assert_eq!(steps[0].reply, MoveCode(11));
        assert_eq!(steps[2].next, MoveCode::NONE);
        assert_eq!(smallest(&[4, 2, 2, 3]), (PositionKey(2), 1));
    }
}
