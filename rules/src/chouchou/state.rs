//! The game state shared by the replay and the generator (`kifu_generate::chouchou`):
//! board, move tokens, the NEXT-zone rule, captured totals and the winner.

use super::action::{action_text, is_piece_move, CcActionText};
use super::board::{cell_index, cell_name, is_level, Board, Cell, Variant, MAX_SEATS};
use super::illegal::IllegalAction;

/// Piece moves each player may make (rule 3 moving(3)).
pub const MOVE_TOKENS: u8 = 9;

/// Penalty pieces each opponent receives for a consecutive piece move (rule 7(1)).
pub fn penalty_per_opponent(players: usize, pairs: bool) -> u32 {
    match (players, pairs) {
        (2, _) => 5,
        (3, _) => 4,
        _ => 3,
    }
}

/// What applying an action did.
#[derive(Clone, Debug, Default)]
pub struct Applied {
    /// Pieces taken per capture step (simultaneous, then chain steps).
    pub steps: Vec<u32>,
    /// What the mover was entitled to take.
    pub entitlement: u32,
    /// A swap touching a level line with an opponent piece (rules-silent).
    pub silent: Option<String>,
    /// A swap whose destination held pieces of more than one opponent.
    pub ambiguous: Option<String>,
}

impl Applied {
    pub fn taken(&self) -> u32 {
        self.steps.iter().sum()
    }
}

#[derive(Clone, Debug)]
pub struct State {
    pub variant: Variant,
    pub players: usize,
    pub pairs: bool,
    pub board: Board,
    /// Piece moves made per seat.
    pub tokens: [u8; MAX_SEATS],
    /// The seat's last action was a piece move: its next action must be a placement.
    pub must_place: [bool; MAX_SEATS],
    /// Captured pieces per seat, penalty pieces included.
    pub captured: [u32; MAX_SEATS],
    /// Penalty pieces received per seat.
    pub penalty: [u32; MAX_SEATS],
    /// Pieces placed per seat.
    pub placed: [u32; MAX_SEATS],
    /// The seat expected to make the next record entry.
    pub to_move: usize,
    pub winner: Option<usize>,
}

impl State {
    pub fn new(variant: Variant, players: usize, pairs: bool) -> State {
        let colours = if pairs { 2 } else { players as u8 };
        State {
            variant,
            players,
            pairs,
            board: Board::new(variant, colours),
            tokens: [0; MAX_SEATS],
            must_place: [false; MAX_SEATS],
            captured: [0; MAX_SEATS],
            penalty: [0; MAX_SEATS],
            placed: [0; MAX_SEATS],
            to_move: 0,
            winner: None,
        }
    }

    pub fn colour(&self, seat: usize) -> usize {
        if self.pairs {
            seat % 2
        } else {
            seat
        }
    }

    pub fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.players
    }

    /// The opponents' seats in play order after `seat`.
    pub fn opponent_seats(&self, seat: usize) -> Vec<usize> {
        (1..self.players)
            .map(|k| (seat + k) % self.players)
            .filter(|&s| self.colour(s) != self.colour(seat))
            .collect()
    }

    /// The opponents' colours in play order after `seat`.
    pub fn opponent_colours(&self, seat: usize) -> Vec<usize> {
        let mut v: Vec<usize> = Vec::new();
        for s in self.opponent_seats(seat) {
            let c = self.colour(s);
            if !v.contains(&c) {
                v.push(c);
            }
        }
        v
    }

    /// Whether the action is possible on the board for `seat` (move tokens and the
    /// NEXT-zone rule aside); the reason when not.
    pub fn board_legality(&self, seat: usize, a: &CcActionText) -> Result<(), IllegalAction> {
        let size = self.variant.size();
        let cap = self.variant.capacity();
        let own = self.colour(seat);
        let variant = self.variant;
        let on_board =
            |cell: Cell| cell_index(cell, size).ok_or(IllegalAction::OffBoard { cell, variant });
        match *a {
            CcActionText::Place { cell } => {
                let i = on_board(cell)?;
                let pieces = self.board.total_at(i);
                if pieces >= cap {
                    return Err(IllegalAction::CellFull {
                        cell,
                        pieces,
                        variant,
                    });
                }
            }
            CcActionText::MoveTwo { from, to } => {
                let (f, t) = (on_board(from)?, on_board(to)?);
                if f == t {
                    return Err(IllegalAction::MoveToItsOwnCell);
                }
                let n = self.board.at(f)[own];
                if n < 2 {
                    return Err(IllegalAction::TooFewOwnPieces { cell: from, own: n });
                }
                let dest = self.board.total_at(t);
                if dest + 2 > cap {
                    return Err(IllegalAction::OverCapacity {
                        cell: to,
                        pieces: dest,
                        capacity: cap,
                    });
                }
            }
            CcActionText::SwapOne { from, to } => {
                let (f, t) = (on_board(from)?, on_board(to)?);
                if f == t {
                    return Err(IllegalAction::SwapInItsOwnCell);
                }
                if self.board.at(f)[own] == 0 {
                    return Err(IllegalAction::NoOwnPieceToSwap { cell: from });
                }
                if self
                    .opponent_colours(seat)
                    .iter()
                    .all(|&c| self.board.at(t)[c] == 0)
                {
                    return Err(IllegalAction::NoOpponentPieceToSwap { cell: to });
                }
            }
        }
        Ok(())
    }

    /// Whether `seat` may make `a` now: board legality, a move token left, and no piece
    /// move right after a piece move.
    pub fn fully_legal(&self, seat: usize, a: &CcActionText) -> bool {
        if is_piece_move(a) && (self.tokens[seat] >= MOVE_TOKENS || self.must_place[seat]) {
            return false;
        }
        self.board_legality(seat, a).is_ok()
    }

    fn candidate_actions(&self) -> Vec<CcActionText> {
        let n = self.variant.size();
        let cells: Vec<(u8, u8)> = (0..n).flat_map(|r| (0..n).map(move |c| (c, r))).collect();
        let mut v: Vec<CcActionText> = cells
            .iter()
            .map(|&cell| CcActionText::Place { cell })
            .collect();
        for &from in &cells {
            for &to in &cells {
                if from != to {
                    v.push(CcActionText::MoveTwo { from, to });
                    v.push(CcActionText::SwapOne { from, to });
                }
            }
        }
        v
    }

    /// Every action `seat` may make now.
    pub fn legal_actions(&self, seat: usize) -> Vec<CcActionText> {
        self.candidate_actions()
            .into_iter()
            .filter(|a| self.fully_legal(seat, a))
            .collect()
    }

    pub fn has_legal_action(&self, seat: usize) -> bool {
        let cap = self.variant.capacity();
        let n = self.variant.size();
        let any_room = (0..n)
            .flat_map(|r| (0..n).map(move |c| (c, r)))
            .any(|c| self.board.total(c) < cap);
        any_room
            || self
                .candidate_actions()
                .iter()
                .any(|a| self.fully_legal(seat, a))
    }

    /// Applies a (board-legal) action for `seat` and resolves captures. With `budget` lower
    /// than the entitlement, exactly `budget` pieces are taken (rule 7(5)).
    pub fn apply(&mut self, seat: usize, a: &CcActionText, budget: Option<u32>) -> Applied {
        let size = self.variant.size();
        let own = self.colour(seat);
        let before = self.board.totals();
        let mut out = Applied::default();
        let idx = |c| cell_index(c, size).unwrap_or(0);
        match *a {
            CcActionText::Place { cell } => {
                self.board.add(idx(cell), own, 1);
                self.placed[seat] += 1;
                self.must_place[seat] = false;
            }
            CcActionText::MoveTwo { from, to } => {
                self.board.remove(idx(from), own, 2);
                self.board.add(idx(to), own, 2);
                self.tokens[seat] += 1;
                self.must_place[seat] = true;
            }
            CcActionText::SwapOne { from, to } => {
                let (f, t) = (idx(from), idx(to));
                let present: Vec<usize> = self
                    .opponent_colours(seat)
                    .into_iter()
                    .filter(|&c| self.board.at(t)[c] > 0)
                    .collect();
                let theirs = present[0];
                if present.len() > 1 {
                    out.ambiguous = Some(format!(
                        "{} holds pieces of {} opponents and the record does not say whose piece \
                         was swapped: taken as {}'s, the next opponent in play order [decision]",
                        cell_name(to),
                        present.len(),
                        self.colour_label(theirs)
                    ));
                }
                self.board.remove(f, own, 1);
                self.board.add(f, theirs, 1);
                self.board.remove(t, theirs, 1);
                self.board.add(t, own, 1);
                self.tokens[seat] += 1;
                self.must_place[seat] = true;
                let opp = self.opponent_colours(seat);
                let totals = self.board.totals();
                let touched: Vec<String> = self
                    .board
                    .lines()
                    .iter()
                    .filter(|l| l.contains(&(f as u8)) || l.contains(&(t as u8)))
                    .filter(|l| is_level(&totals, l))
                    .filter(|l| {
                        l.iter()
                            .any(|&i| opp.iter().any(|&c| self.board.at(i as usize)[c] > 0))
                    })
                    .map(|l| {
                        l.iter()
                            .map(|&i| cell_name(super::board::index_cell(i as usize)))
                            .collect::<Vec<_>>()
                            .join("-")
                    })
                    .collect();
                if !touched.is_empty() {
                    out.silent = Some(format!(
                        "the swap {} touches the level line{} {} holding opponent pieces: a swap \
                         changes no count, so it forms no line and captures nothing [decision]",
                        action_text(a),
                        if touched.len() == 1 { "" } else { "s" },
                        touched.join(", ")
                    ));
                }
                return out;
            }
        }
        let opp = self.opponent_colours(seat);
        let mut full = self.board.clone();
        let steps = full.resolve_captures(before, &opp, None);
        out.entitlement = steps.iter().sum();
        match budget {
            Some(b) if b < out.entitlement => {
                out.steps = self.board.resolve_captures(before, &opp, Some(b));
            }
            _ => {
                self.board = full;
                out.steps = steps;
            }
        }
        self.captured[seat] += out.taken();
        if self.winner.is_none() && self.captured[seat] >= self.variant.threshold() {
            self.winner = Some(seat);
        }
        out
    }

    /// Gives the penalty pieces of a consecutive piece move by `offender` to its opponents
    /// (rule 7(1)); returns (seat, pieces) per receiver, in play order after the offender.
    pub fn apply_penalty(&mut self, offender: usize) -> Vec<(usize, u32)> {
        let n = penalty_per_opponent(self.players, self.pairs);
        let mut out = Vec::new();
        for s in self.opponent_seats(offender) {
            self.captured[s] += n;
            self.penalty[s] += n;
            if self.winner.is_none() && self.captured[s] >= self.variant.threshold() {
                self.winner = Some(s);
            }
            out.push((s, n));
        }
        out
    }

    /// `P1`…, or `team P1/P3` for a pairs colour.
    pub fn colour_label(&self, colour: usize) -> String {
        if self.pairs {
            format!("team P{}/P{}", colour + 1, colour + 3)
        } else {
            format!("P{}", colour + 1)
        }
    }
}
