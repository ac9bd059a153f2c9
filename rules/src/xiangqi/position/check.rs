//! Whether a general is attacked: the full scan of its lines, horse and soldier squares,
//! and, after a move, the short one that looks only at the attacks the move could have
//! made — those through the two squares it changed — when the general was safe before it.

use super::super::geometry::{diag_adjacent, HORSE_ATTACKERS, NONE, PAWN_ATTACKERS, RAYS};
use super::super::piece::{Kind, Piece, Side};
use super::{code, Position};

/// What is known of whether a general is attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Check {
    Unknown,
    No,
    Yes,
    /// Not worked out since the move `from`→`to`, the board's last change, before which
    /// this general was not attacked and after which it stands where it stood.
    Since {
        from: u8,
        to: u8,
    },
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
#[inline]
fn horse_jump_apart(a: u8, b: u8) -> bool {
    let df = (a % 9).abs_diff(b % 9);
    let dr = (a / 9).abs_diff(b / 9);
    (df == 1 && dr == 2) || (df == 2 && dr == 1)
}

/// The attacks on a general, a bit per term of [`Position::king_attacked`] that holds:
/// its lines ([`RAYS`]' order), the horse squares and the soldier squares (in
/// [`HORSE_ATTACKERS`]' and [`PAWN_ATTACKERS`]' order). None: the general is safe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Checkers {
    lines: u8,
    horses: u8,
    soldiers: u8,
}

impl Checkers {
    /// A safe general's.
    pub(super) const NONE: Checkers = Checkers {
        lines: 0,
        horses: 0,
        soldiers: 0,
    };

    /// Does any of these attacks hold on after the move `from`→`to` (the general on `k`,
    /// attacked by `them`, standing still)? One that reads neither square does.
    #[inline]
    fn any_untouched(self, k: u8, them: Side, from: u8, to: u8) -> bool {
        let mut touched_lines = 0u8;
        for s in [from, to] {
            if let Some(dir) = ray_toward(k, s) {
                touched_lines |= 1 << dir;
            }
        }
        if self.lines & !touched_lines != 0 {
            return true;
        }
        let untouched = |s: u8| s != from && s != to;
        let horses = HORSE_ATTACKERS[k as usize].iter().enumerate();
        let soldiers = PAWN_ATTACKERS[them.index()][k as usize].iter().enumerate();
        horses
            .filter(|&(i, _)| self.horses & (1 << i) != 0)
            .any(|(_, &(h, leg))| untouched(h) && untouched(leg))
            || soldiers
                .filter(|&(i, _)| self.soldiers & (1 << i) != 0)
                .any(|(_, &p)| untouched(p))
    }
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
    #[inline]
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
    /// attacked before it (or only by attacks the move touched) and did not move. Every attack is a term of the board's squares
    /// (a line of the king up to its second piece, a horse square and its leg, a soldier's
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
        if horse_jump_apart(to, k) || diag_adjacent(from, k) {
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

    /// Every attack on `side`'s king (the full scan, not stopping at the first).
    pub(super) fn checkers(&self, side: Side) -> Checkers {
        let b = &self.board.sq;
        let them = side.opp();
        let k = self.kings[side.index()];
        let mut out = Checkers::NONE;
        for dir in 0..4 {
            if self.line_attacks(k, dir, them) {
                out.lines |= 1 << dir;
            }
        }
        let horse = code(them, Kind::Horse);
        for (i, &(h, leg)) in HORSE_ATTACKERS[k as usize].iter().enumerate() {
            if h != NONE && b[h as usize] == horse && b[leg as usize] == 0 {
                out.horses |= 1 << i;
            }
        }
        let pawn = code(them, Kind::Pawn);
        for (i, &p) in PAWN_ATTACKERS[them.index()][k as usize].iter().enumerate() {
            if p != NONE && b[p as usize] == pawn {
                out.soldiers |= 1 << i;
            }
        }
        out
    }

    /// The side to move's [`Checkers`] when `in_check` ([`Position::in_check`]), else none.
    #[inline]
    pub(super) fn checkers_if(&self, in_check: bool) -> Checkers {
        if in_check {
            self.checkers(self.side)
        } else {
            Checkers::NONE
        }
    }

    /// [`Position::king_attacked`] after the move `from`→`to`, for a king that did not
    /// move and whose attacks before it were `before`: attacked if one of those holds on
    /// untouched by the move, else as [`Position::king_attacked_since`] finds (every term
    /// the move did not touch is false).
    #[inline]
    pub(super) fn king_attacked_after(
        &self,
        side: Side,
        before: Checkers,
        from: u8,
        to: u8,
    ) -> bool {
        let k = self.kings[side.index()];
        (before != Checkers::NONE && before.any_untouched(k, side.opp(), from, to))
            || self.king_attacked_since(side, from, to)
    }

    /// Whether `side`'s king is attacked, from what `known` says of it.
    #[inline]
    fn attacked_as_known(&self, known: Check, side: Side) -> bool {
        match known {
            Check::Yes => true,
            Check::No => false,
            Check::Unknown => self.king_attacked(side),
            Check::Since { from, to } => self.king_attacked_since(side, from, to),
        }
    }

    /// Is the side to move in check? (No work once [`Position::settle_check`] ran.)
    #[inline]
    pub fn in_check(&self) -> bool {
        self.attacked_as_known(self.check, self.side)
    }

    /// Works out whether the side to move is in check and keeps it until the next move:
    /// call it after a move that legality tests or [`Position::in_check`] will ask about.
    /// What the move says of the other king is settled too, so that the next move's
    /// check can again be worked out from that move alone.
    #[inline]
    pub fn settle_check(&mut self) -> bool {
        let chk = self.in_check();
        self.check = if chk { Check::Yes } else { Check::No };
        if let Check::Since { .. } = self.exposed {
            let opp = self.side.opp();
            self.exposed = if self.attacked_as_known(self.exposed, opp) {
                Check::Yes
            } else {
                Check::No
            };
        }
        chk
    }

    /// Is `side`'s king attacked (by any piece, or the enemy king on an open file)?
    pub fn is_in_check(&self, side: Side) -> bool {
        if side == self.side {
            self.in_check()
        } else {
            self.attacked_as_known(self.exposed, side)
        }
    }

    /// What `make` knows of the generals after the move `from`→`to` that took `captured`
    /// (a piece code, 0 for none): `mover_before` and `waiting_before` are what was known
    /// of the mover's and of the other side's general before it. Sets
    /// [`Position::check`] (the side now to move) and [`Position::exposed`] (the mover).
    #[inline]
    pub(super) fn learn_from_move(
        &mut self,
        from: u8,
        to: u8,
        captured: u8,
        mover_before: Check,
        waiting_before: Check,
    ) {
        // A general taken (a replay stops there, a search never gets there) leaves no king
        // to reason about.
        let king_taken = Piece::from_code(captured).is_some_and(|p| p.kind() == Kind::King);
        self.check = if waiting_before == Check::No && !king_taken {
            Check::Since { from, to }
        } else {
            Check::Unknown
        };
        let mover = self.side.opp();
        self.exposed = if mover_before == Check::No && self.kings[mover.index()] != to {
            Check::Since { from, to }
        } else {
            Check::Unknown
        };
    }

    /// Whether what the position keeps of both generals' checks (worked out from the moves
    /// that led to it) agrees with a full scan of the board: for the tests that prove the
    /// short way exact.
    #[doc(hidden)]
    pub fn check_knowledge_is_exact(&self) -> bool {
        let opp = self.side.opp();
        self.attacked_as_known(self.check, self.side) == self.king_attacked(self.side)
            && self.attacked_as_known(self.exposed, opp) == self.king_attacked(opp)
    }
}
