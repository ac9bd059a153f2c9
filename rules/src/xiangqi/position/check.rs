//! Whether a general is attacked: the full scan of its lines, horse and soldier squares,
//! and, for a legality test out of check, the short one that looks only at the attacks
//! the move could have made: those through the two squares it changed.

use super::super::geometry::{diag_adjacent, HORSE_ATTACKERS, NONE, PAWN_ATTACKERS, RAYS};
use super::super::piece::{Kind, Side};
use super::{code, Position};

/// Whether the side to move is in check, when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Check {
    Unknown,
    No,
    Yes,
}

/// The ray of `k` ([`RAYS`]' order: up, down, right, left) that holds `s`, if any.
#[inline]
fn ray_toward(k: u8, s: u8) -> Option<usize> {
    if s == k {
        None
    } else if s % 9 == k % 9 {
        Some(if s > k { 0 } else { 1 })
    } else if s / 9 == k / 9 {
        Some(if s > k { 2 } else { 3 })
    } else {
        None
    }
}

/// Is `a` a horse's jump away from `b`?
const fn horse_jump_apart(a: usize, b: usize) -> bool {
    let df = (a % 9).abs_diff(b % 9);
    let dr = (a / 9).abs_diff(b / 9);
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

/// Is `a` diagonally next to `b`?
const fn diagonally_next(a: usize, b: usize) -> bool {
    (a % 9).abs_diff(b % 9) == 1 && (a / 9).abs_diff(b / 9) == 1
}

/// Per square of a general, a bit per square a move's origin can open an attack on it
/// from (its lines, and the legs of the horses that jump to it), and one per square a
/// move's destination can (its lines, and the squares a horse jumps to it from): a move
/// that leaves neither changes no attack on it ([`Position::king_attacked_since`]).
static REACH: [(u128, u128); 90] = {
    let mut t = [(0u128, 0u128); 90];
    let mut k = 0;
    while k < 90 {
        let mut s = 0;
        while s < 90 {
            let line = s != k && (s % 9 == k % 9 || s / 9 == k / 9);
            if line || diagonally_next(s, k) {
                t[k].0 |= 1 << s;
            }
            if line || horse_jump_apart(s, k) {
                t[k].1 |= 1 << s;
            }
            s += 1;
        }
        k += 1;
    }
    t
};

/// Can the move `from`→`to` have changed an attack on a general on `k` (which stayed)?
#[inline]
fn move_reaches(k: u8, from: u8, to: u8) -> bool {
    let (origins, destinations) = REACH[k as usize];
    (origins >> from) & 1 != 0 || (destinations >> to) & 1 != 0
}

impl Position {
    /// Is `side`'s king attacked (including by the facing enemy king)?
    #[inline]
    pub(super) fn king_attacked(&self, side: Side) -> bool {
        let b = &self.board.sq;
        let them = side.opp();
        let k = self.kings[side.index()];
        for dir in 0..4 {
            if self.line_attacks(k, dir, them) {
                return true;
            }
        }
        let horse = code(them, Kind::Horse);
        for &(h, leg) in &HORSE_ATTACKERS[k as usize] {
            if h == NONE {
                break;
            }
            if b[h as usize] == horse && b[leg as usize] == 0 {
                return true;
            }
        }
        let pawn = code(them, Kind::Pawn);
        for &p in &PAWN_ATTACKERS[them.index()][k as usize] {
            if p == NONE {
                break;
            }
            if b[p as usize] == pawn {
                return true;
            }
        }
        false
    }

    /// Is the square `k` attacked along its ray `dir` by a chariot of `them`, a cannon of
    /// `them` over one screen, or (up or down the file) `them`'s general?
    #[inline(always)]
    fn line_attacks(&self, k: u8, dir: usize, them: Side) -> bool {
        let b = &self.board.sq;
        let ray = &RAYS[k as usize][dir];
        let mut i = 0;
        while ray[i] != NONE && b[ray[i] as usize] == 0 {
            i += 1;
        }
        if ray[i] == NONE {
            return false;
        }
        let p = b[ray[i] as usize];
        if p == code(them, Kind::Rook) || (p == code(them, Kind::King) && dir < 2) {
            return true;
        }
        i += 1;
        while ray[i] != NONE && b[ray[i] as usize] == 0 {
            i += 1;
        }
        ray[i] != NONE && b[ray[i] as usize] == code(them, Kind::Cannon)
    }

    /// [`Position::king_attacked`] after the move `from`→`to`, for a king that was not
    /// attacked before it and did not move. Every attack is a term of the board's squares (a
    /// line of the king up to its second piece, a horse square and its leg, a soldier's
    /// square); the terms that read neither `from` nor `to` are as false as before, so only
    /// the rest are worked out: the king's lines through `from` (opened: a discovered
    /// chariot or general, a cannon's two screens now one) or `to` (the piece arrived: a
    /// direct attack, a new screen for a cannon behind it), a horse on `to` or one whose
    /// leg was `from`, a soldier on `to`.
    #[inline]
    pub(super) fn king_attacked_since(&self, side: Side, from: u8, to: u8) -> bool {
        let b = &self.board.sq;
        let them = side.opp();
        let k = self.kings[side.index()];
        debug_assert!(from != k && to != k, "the king moved or was taken");
        if !move_reaches(k, from, to) {
            return false;
        }
        let from_line = ray_toward(k, from);
        let to_line = ray_toward(k, to);
        if let Some(dir) = from_line {
            if self.line_attacks(k, dir, them) {
                return true;
            }
        }
        if let Some(dir) = to_line {
            if to_line != from_line && self.line_attacks(k, dir, them) {
                return true;
            }
            // A soldier stands beside the king, on one of its lines.
            if b[to as usize] == code(them, Kind::Pawn)
                && PAWN_ATTACKERS[them.index()][k as usize].contains(&to)
            {
                return true;
            }
        }
        if horse_jump_apart(to as usize, k as usize) || diag_adjacent(from, k) {
            let horse = code(them, Kind::Horse);
            for &(h, leg) in &HORSE_ATTACKERS[k as usize] {
                if h == NONE {
                    break;
                }
                if (h == to || leg == from) && b[h as usize] == horse && b[leg as usize] == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Is the side to move in check? (No work once [`Position::settle_check`] ran.)
    #[inline]
    pub fn in_check(&self) -> bool {
        match self.check {
            Check::Yes => true,
            Check::No => false,
            Check::Unknown => self.king_attacked(self.side),
        }
    }

    /// Works out whether the side to move is in check and keeps it until the next move:
    /// call it after a move that legality tests or [`Position::in_check`] will ask about.
    #[inline]
    pub fn settle_check(&mut self) -> bool {
        let chk = self.in_check();
        self.check = if chk { Check::Yes } else { Check::No };
        chk
    }

    /// Is `side`'s king attacked (by any piece, or the enemy king on an open file)?
    pub fn is_in_check(&self, side: Side) -> bool {
        if side == self.side {
            self.in_check()
        } else {
            self.king_attacked(side)
        }
    }
}
