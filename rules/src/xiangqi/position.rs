//! A position: board, side to move, Zobrist hash; move generation, legality, make/unmake.
//!
//! # API for move classes and repetition rulings (`classes.rs`, `repetition.rs`)
//!
//! Everything below is cheap (table lookups on a 90-square mailbox, no allocation unless a
//! `Vec` is returned):
//! - [`Position::attackers`]`(s, by)`: the squares of `by`'s pieces that attack square `s`
//!   (could move there if it held an enemy piece), whatever stands on `s` — so it also
//!   answers "who protects the piece on `s`" (`attackers(s, owner)`). Pins and checks are
//!   ignored (geometric attacks): use [`Position::is_legal`] on `Move::new(a, s)` to know
//!   whether an attacker can *legally* take/retake (true vs. fake root, 真根/假根).
//! - [`Position::is_attacked`]`(s, by)`: the same as a boolean, no allocation.
//! - [`Position::attacks_from`]`(s)`: the squares the piece on `s` attacks (own pieces
//!   included: those it protects).
//! - [`Position::legal_captures_of`]`(s)`: legal moves of the side to move capturing on `s`.
//! - [`Position::is_legal`]`(m)`, [`Position::legal_moves`], [`Position::legal_moves_from`],
//!   [`Position::in_check`], [`Position::is_in_check`]`(side)`, [`Position::gives_check`].
//! - [`Position::make`] / [`Position::unmake`] (in-place, with an [`Undo`]),
//!   [`Position::play`] (copy-make), [`Position::make_null`] / [`Position::unmake_null`]
//!   (pass: "what would the side threaten if it moved again" — mate threats and chases).
//! - [`Position::hash`]: Zobrist key of placement + side to move (equal positions with the
//!   same side to move have equal hashes); repetition = equal hashes.

use super::board::{Board, FenError};
use super::geometry::{
    diag_adjacent, ADVISOR, ELEPHANT, HORSE, HORSE_ATTACKERS, KING, NONE, PAWN, PAWN_ATTACKERS,
    RAYS, ZOBRIST, ZOBRIST_BLACK,
};
use super::piece::{Kind, Piece, Side};
use super::setup;
use super::square::{Move, Square};

mod check;

use check::Check;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const fn code(side: Side, kind: Kind) -> u8 {
    Piece::new(side, kind).code()
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The captured piece's code (0 = none).
    captured: u8,
    halfmove: u32,
    /// What was known of the check before the move.
    check: Check,
}

impl Undo {
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_code(self.captured)
    }
}

/// A fixed-capacity move list (no allocation), for generation in hot loops.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 160],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::new(Square(0), Square(0)); 160],
            len: 0,
        }
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList::default()
    }
    #[inline]
    fn push(&mut self, from: u8, to: u8) {
        if self.len < self.moves.len() {
            self.moves[self.len] = Move::new(Square(from), Square(to));
            self.len += 1;
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// A Xiangqi position.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    side: Side,
    kings: [u8; 2],
    occ: [u128; 2],
    hash: u64,
    halfmove: u32,
    fullmove: u32,
    /// Whether the side to move is in check, once known: [`Position::settle_check`]
    /// works it out once a ply for the legality tests, mate and class checks that follow
    /// (moves played only to be looked past, as an opening's or an index's, never ask).
    check: Check,
}

/// Equal placement, side and counters (what is known of the check does not count).
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.side == other.side
            && self.kings == other.kings
            && self.occ == other.occ
            && self.hash == other.hash
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
    }
}

impl Eq for Position {}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

#[inline]
fn bit(s: u8) -> u128 {
    1u128 << s
}

impl Position {
    pub fn startpos() -> Position {
        // Read once: every game's replay, opening and index trail start here.
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        START
            .get_or_init(|| Position::from_fen(START_FEN).expect("start FEN"))
            .clone()
    }

    /// Reads a FEN: placement, side (`w`/`r` Red, `b` Black; missing = Red), and the
    /// optional `- - halfmove fullmove` fields. An FSF holdings suffix `[]` is ignored.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let board = Board::from_placement(placement)?;
        let side = match fields.next() {
            None => Side::Red,
            Some(s) => match s {
                "w" | "W" | "r" | "R" | "red" => Side::Red,
                "b" | "B" | "black" => Side::Black,
                _ => return Err(FenError::BadSide(s.to_string())),
            },
        };
        let rest: Vec<&str> = fields.collect();
        // `- - 0 1`: the last two numeric fields are halfmove and fullmove.
        let nums: Vec<u32> = rest.iter().filter_map(|s| s.parse().ok()).collect();
        let (halfmove, fullmove) = match nums.len() {
            0 => (0, 1),
            1 => (0, nums[0].max(1)),
            n => (nums[n - 2], nums[n - 1].max(1)),
        };
        Position::from_board(board, side, halfmove, fullmove)
    }

    /// A position from a board; checks one king per side, in its palace, every other piece
    /// where a game can put it ([`setup::check_placement`]), and that the side not to move
    /// is not in check.
    pub fn from_board(
        board: Board,
        side: Side,
        halfmove: u32,
        fullmove: u32,
    ) -> Result<Position, FenError> {
        let mut kings = [NONE; 2];
        let mut occ = [0u128; 2];
        let mut hash = 0u64;
        for (s, p) in board.pieces() {
            occ[p.side().index()] |= bit(s.0);
            hash ^= ZOBRIST[p.code() as usize][s.index()];
            if p.kind() == Kind::King {
                let k = &mut kings[p.side().index()];
                if *k != NONE {
                    return Err(FenError::KingCount {
                        side: p.side(),
                        count: board.count(p.side(), Kind::King),
                    });
                }
                *k = s.0;
            }
        }
        for sd in Side::BOTH {
            let k = kings[sd.index()];
            if k == NONE {
                return Err(FenError::KingCount { side: sd, count: 0 });
            }
            let ks = Square(k);
            let own_half = match sd {
                Side::Red => ks.rank() <= 2,
                Side::Black => ks.rank() >= 7,
            };
            if !ks.in_palace() || !own_half {
                return Err(FenError::KingOutsidePalace(sd));
            }
        }
        setup::check_placement(&board)?;
        if side == Side::Black {
            hash ^= ZOBRIST_BLACK;
        }
        let mut pos = Position {
            board,
            side,
            kings,
            occ,
            hash,
            halfmove,
            fullmove,
            check: Check::Unknown,
        };
        if pos.king_attacked(side.opp()) {
            return Err(FenError::OpponentInCheck);
        }
        pos.settle_check();
        Ok(pos)
    }

    /// FEN with `w`/`b`, `- -`, halfmove clock and move number.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            self.board.placement(),
            if self.side == Side::Red { 'w' } else { 'b' },
            self.halfmove,
            self.fullmove
        )
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board.get(s)
    }
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        Square(self.kings[side.index()])
    }
    /// Zobrist key of placement and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Plies since the last capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Squares of a side's pieces, in square order.
    pub fn squares_of(&self, side: Side) -> impl Iterator<Item = Square> {
        let mut m = self.occ[side.index()];
        std::iter::from_fn(move || {
            if m == 0 {
                None
            } else {
                let s = m.trailing_zeros() as u8;
                m &= m - 1;
                Some(Square(s))
            }
        })
    }

    // ----------------------------------------------------------------- attacks

    fn attackers_impl(&self, s: Square, by: Side, out: &mut Option<&mut Vec<Square>>) -> bool {
        let b = &self.board.sq;
        let t = s.index();
        let mut found = false;
        let mut hit = |sq: u8, out: &mut Option<&mut Vec<Square>>| -> bool {
            found = true;
            match out {
                Some(v) => {
                    v.push(Square(sq));
                    false
                }
                None => true,
            }
        };
        let rook = code(by, Kind::Rook);
        let cannon = code(by, Kind::Cannon);
        let king = code(by, Kind::King);
        let target_is_enemy_king = b[t] == code(by.opp(), Kind::King);
        for (dir, ray) in RAYS[t].iter().enumerate() {
            let mut i = 0;
            while ray[i] != NONE && b[ray[i] as usize] == 0 {
                i += 1;
            }
            if ray[i] == NONE {
                continue;
            }
            let p = b[ray[i] as usize];
            if (p == rook || (p == king && dir < 2 && target_is_enemy_king)) && hit(ray[i], out) {
                return true;
            }
            i += 1;
            while ray[i] != NONE && b[ray[i] as usize] == 0 {
                i += 1;
            }
            if ray[i] != NONE && b[ray[i] as usize] == cannon && hit(ray[i], out) {
                return true;
            }
        }
        let horse = code(by, Kind::Horse);
        for &(h, leg) in &HORSE_ATTACKERS[t] {
            if h == NONE {
                break;
            }
            if b[h as usize] == horse && b[leg as usize] == 0 && hit(h, out) {
                return true;
            }
        }
        let pawn = code(by, Kind::Pawn);
        for &p in &PAWN_ATTACKERS[by.index()][t] {
            if p == NONE {
                break;
            }
            if b[p as usize] == pawn && hit(p, out) {
                return true;
            }
        }
        for &k in &KING[t] {
            if k == NONE {
                break;
            }
            if b[k as usize] == king && hit(k, out) {
                return true;
            }
        }
        let advisor = code(by, Kind::Advisor);
        for &a in &ADVISOR[t] {
            if a == NONE {
                break;
            }
            if b[a as usize] == advisor && hit(a, out) {
                return true;
            }
        }
        let elephant = code(by, Kind::Elephant);
        for &(e, eye) in &ELEPHANT[t] {
            if e == NONE {
                break;
            }
            if b[e as usize] == elephant && b[eye as usize] == 0 && hit(e, out) {
                return true;
            }
        }
        found
    }

    /// Does any piece of `by` attack square `s` (geometrically: pins ignored)? The enemy
    /// king on an open file counts only when `s` holds the other king (flying general).
    pub fn is_attacked(&self, s: Square, by: Side) -> bool {
        self.attackers_impl(s, by, &mut None)
    }

    /// The squares of `by`'s pieces attacking `s` (see [`Position::is_attacked`]); with
    /// `by` = the owner of the piece on `s`, its protectors.
    pub fn attackers(&self, s: Square, by: Side) -> Vec<Square> {
        let mut v = Vec::new();
        self.attackers_impl(s, by, &mut Some(&mut v));
        v
    }

    /// The squares the piece on `s` attacks: where it could capture, plus the squares of
    /// its own side's pieces it protects. Empty for an empty square.
    pub fn attacks_from(&self, s: Square) -> Vec<Square> {
        let Some(p) = self.piece_at(s) else {
            return Vec::new();
        };
        let mut list = MoveList::new();
        self.gen_piece(s.0, p, &mut list, true);
        list.as_slice().iter().map(|m| m.to).collect()
    }

    // ------------------------------------------------------------ generation

    /// Pseudo-legal moves of the piece `p` on `from` (ignoring checks). With `protects`,
    /// squares of own pieces are included (attack maps).
    #[inline]
    fn gen_piece(&self, from: u8, p: Piece, list: &mut MoveList, protects: bool) {
        self.visit_targets(from, p, protects, |to| {
            list.push(from, to);
            false
        });
    }

    /// [`Position::gen_piece`]'s destinations, in its order, handed to `visit` until it
    /// returns true (then true): a search for one legal move stops at the first.
    #[inline]
    fn visit_targets(
        &self,
        from: u8,
        p: Piece,
        protects: bool,
        mut visit: impl FnMut(u8) -> bool,
    ) -> bool {
        let b = &self.board.sq;
        let us = p.side();
        let usbit = (us as u8) << 3;
        let ok = |t: u8| -> bool {
            let c = b[t as usize];
            c == 0 || (c & 8) != usbit || protects
        };
        let f = from as usize;
        match p.kind() {
            Kind::Rook => {
                for ray in &RAYS[f] {
                    for &t in ray {
                        if t == NONE {
                            break;
                        }
                        let c = b[t as usize];
                        if c == 0 {
                            if visit(t) {
                                return true;
                            }
                        } else {
                            if ok(t) && visit(t) {
                                return true;
                            }
                            break;
                        }
                    }
                }
            }
            Kind::Cannon => {
                for ray in &RAYS[f] {
                    let mut i = 0;
                    while ray[i] != NONE && b[ray[i] as usize] == 0 {
                        if visit(ray[i]) {
                            return true;
                        }
                        i += 1;
                    }
                    if ray[i] == NONE {
                        continue;
                    }
                    i += 1;
                    while ray[i] != NONE && b[ray[i] as usize] == 0 {
                        i += 1;
                    }
                    if ray[i] != NONE && ok(ray[i]) && visit(ray[i]) {
                        return true;
                    }
                }
            }
            Kind::Horse => {
                for &(t, leg) in &HORSE[f] {
                    if t == NONE {
                        break;
                    }
                    if b[leg as usize] == 0 && ok(t) && visit(t) {
                        return true;
                    }
                }
            }
            Kind::Elephant => {
                for &(t, eye) in &ELEPHANT[f] {
                    if t == NONE {
                        break;
                    }
                    if b[eye as usize] == 0 && ok(t) && visit(t) {
                        return true;
                    }
                }
            }
            Kind::Advisor => {
                for &t in &ADVISOR[f] {
                    if t == NONE {
                        break;
                    }
                    if ok(t) && visit(t) {
                        return true;
                    }
                }
            }
            Kind::King => {
                for &t in &KING[f] {
                    if t == NONE {
                        break;
                    }
                    if ok(t) && visit(t) {
                        return true;
                    }
                }
            }
            Kind::Pawn => {
                for &t in &PAWN[us.index()][f] {
                    if t == NONE {
                        break;
                    }
                    if ok(t) && visit(t) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Can the piece `p` on `from` move to `to` by its own way of moving (ignoring
    /// checks)? The same answer as looking for the move among [`Position::gen_piece`]'s,
    /// without generating them: a move's text is resolved this way on every ply.
    #[inline]
    fn reaches(&self, from: u8, to: u8, p: Piece) -> bool {
        let b = &self.board.sq;
        let target = b[to as usize];
        if target != 0 && (target & 8) == (p.side() as u8) << 3 {
            return false;
        }
        let f = from as usize;
        match p.kind() {
            Kind::Rook | Kind::Cannon => {
                if from == to || (from % 9 != to % 9 && from / 9 != to / 9) {
                    return false;
                }
                let Some(ray) = RAYS[f].iter().find(|ray| ray.contains(&to)) else {
                    return false;
                };
                let between = ray
                    .iter()
                    .take_while(|&&s| s != to)
                    .filter(|&&s| b[s as usize] != 0)
                    .count();
                match p.kind() {
                    Kind::Rook => between == 0,
                    // Moves to an empty square along a clear line, captures over one screen.
                    _ => between == usize::from(target != 0),
                }
            }
            Kind::Horse => HORSE[f]
                .iter()
                .take_while(|&&(t, _)| t != NONE)
                .any(|&(t, leg)| t == to && b[leg as usize] == 0),
            Kind::Elephant => ELEPHANT[f]
                .iter()
                .take_while(|&&(t, _)| t != NONE)
                .any(|&(t, eye)| t == to && b[eye as usize] == 0),
            Kind::Advisor => ADVISOR[f]
                .iter()
                .take_while(|&&t| t != NONE)
                .any(|&t| t == to),
            Kind::King => KING[f].iter().take_while(|&&t| t != NONE).any(|&t| t == to),
            Kind::Pawn => PAWN[p.side().index()][f]
                .iter()
                .take_while(|&&t| t != NONE)
                .any(|&t| t == to),
        }
    }

    /// All pseudo-legal moves of the side to move (own king may be left in check).
    pub fn pseudo_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let mut m = self.occ[self.side.index()];
        while m != 0 {
            let s = m.trailing_zeros() as u8;
            m &= m - 1;
            let p = Piece::from_code(self.board.sq[s as usize]).expect("occupancy");
            self.gen_piece(s, p, list, false);
        }
    }

    /// Is the pseudo-legal move `m` surely legal without playing it: the side to move is
    /// not in check and neither the piece moved nor its destination lines up with the
    /// own king (no pin opened, no cannon screen made, no file opened between generals)?
    /// `in_check`: [`Position::in_check`].
    #[inline]
    fn surely_legal(&self, m: Move, in_check: bool) -> bool {
        let k = self.kings[self.side.index()];
        let (from, to) = (m.from.0, m.to.0);
        if in_check || from == k {
            return false;
        }
        let (kf, kr) = (k % 9, k / 9);
        from % 9 != kf && from / 9 != kr && to % 9 != kf && to / 9 != kr && !diag_adjacent(from, k)
    }

    /// Is the pseudo-legal move `m` legal (own king safe afterwards)? `in_check`:
    /// [`Position::in_check`].
    #[inline]
    fn pseudo_is_legal(&mut self, m: Move, in_check: bool) -> bool {
        self.surely_legal(m, in_check) || self.leaves_king_safe(m, in_check)
    }

    /// Plays `m` and takes it back: is the mover's king safe afterwards? `in_check`:
    /// [`Position::in_check`]; out of check, a king that stays put can only be attacked
    /// through the move's two squares.
    #[inline]
    fn leaves_king_safe(&mut self, m: Move, in_check: bool) -> bool {
        let us = self.side;
        let u = self.make_raw(m);
        let ok = if in_check || self.kings[us.index()] == m.to.0 {
            !self.king_attacked(us)
        } else {
            !self.king_attacked_since(us, m.from.0, m.to.0)
        };
        self.unmake(m, u);
        ok
    }

    /// [`Position::pseudo_is_legal`] on a shared position: copied only when the move
    /// must be played to be judged.
    #[inline]
    fn pseudo_is_legal_ref(&self, m: Move, in_check: bool) -> bool {
        self.surely_legal(m, in_check) || self.clone().leaves_king_safe(m, in_check)
    }

    /// Legal moves of the side to move into `list`.
    pub fn legal_moves_into(&mut self, list: &mut MoveList) {
        self.pseudo_moves_into(list);
        let chk = self.settle_check();
        let mut n = 0;
        for i in 0..list.len {
            let m = list.moves[i];
            if self.pseudo_is_legal(m, chk) {
                list.moves[n] = m;
                n += 1;
            }
        }
        list.len = n;
    }

    /// Number of legal moves (perft leaves).
    pub fn count_legal(&mut self) -> usize {
        let mut list = MoveList::new();
        self.pseudo_moves_into(&mut list);
        let chk = self.settle_check();
        let mut n = 0;
        for i in 0..list.len {
            if self.pseudo_is_legal(list.moves[i], chk) {
                n += 1;
            }
        }
        n
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut p = self.clone();
        let mut list = MoveList::new();
        p.legal_moves_into(&mut list);
        list.as_slice().to_vec()
    }

    /// Legal moves of the piece on `s` (empty if it is not the side to move's).
    pub fn legal_moves_from(&self, s: Square) -> Vec<Move> {
        let Some(pc) = self.piece_at(s) else {
            return Vec::new();
        };
        if pc.side() != self.side {
            return Vec::new();
        }
        let mut list = MoveList::new();
        self.gen_piece(s.0, pc, &mut list, false);
        let mut p = self.clone();
        let chk = p.settle_check();
        list.as_slice()
            .iter()
            .copied()
            .filter(|&m| p.pseudo_is_legal(m, chk))
            .collect()
    }

    /// Legal moves of the side to move that capture on `s`.
    pub fn legal_captures_of(&self, s: Square) -> Vec<Move> {
        match self.piece_at(s) {
            Some(p) if p.side() != self.side => {}
            _ => return Vec::new(),
        }
        let mut p = self.clone();
        let chk = p.settle_check();
        self.attackers(s, self.side)
            .into_iter()
            .map(|a| Move::new(a, s))
            .filter(|&m| p.pseudo_is_legal(m, chk))
            .collect()
    }

    /// Does the side to move have a legal move?
    pub fn has_legal_move(&self) -> bool {
        // Piece by piece, stopping at the first legal move: after almost every ply of a
        // real game the first piece tried has one. The position is copied only for a move
        // that must be played to be judged: the side's most advanced pieces come first, as
        // those on the back ranks share the general's rank or stand beside it.
        let mut copy: Option<Position> = None;
        let chk = self.in_check();
        let mut occ = self.occ[self.side.index()];
        while occ != 0 {
            let s = match self.side {
                Side::Red => 127 - occ.leading_zeros() as u8,
                Side::Black => occ.trailing_zeros() as u8,
            };
            occ &= !bit(s);
            let pc = Piece::from_code(self.board.sq[s as usize]).expect("occupancy");
            let found = self.visit_targets(s, pc, false, |to| {
                let m = Move::new(Square(s), Square(to));
                self.surely_legal(m, chk)
                    || copy
                        .get_or_insert_with(|| self.clone())
                        .leaves_king_safe(m, chk)
            });
            if found {
                return true;
            }
        }
        false
    }

    /// Is `m` a legal move of the side to move?
    pub fn is_legal(&self, m: Move) -> bool {
        let Some(pc) = self.piece_at(m.from) else {
            return false;
        };
        if pc.side() != self.side {
            return false;
        }
        self.reaches(m.from.0, m.to.0, pc) && self.pseudo_is_legal_ref(m, self.in_check())
    }

    /// Does the (legal) move `m` give check?
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = self.clone();
        p.make(m);
        p.in_check()
    }

    // ----------------------------------------------------------- make / unmake

    /// Plays a pseudo-legal move in place (no legality check).
    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        let u = self.make_raw(m);
        self.check = Check::Unknown;
        u
    }

    /// [`Position::make`] leaving `check` stale until [`Position::unmake`] (for legality
    /// tests, which only ask about the mover's king).
    #[inline]
    fn make_raw(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from.index(), m.to.index());
        let b = &mut self.board.sq;
        let p = b[from];
        let cap = b[to];
        debug_assert!(p != 0, "make from an empty square");
        let us = self.side.index();
        self.hash ^= ZOBRIST[p as usize][from]
            ^ ZOBRIST[p as usize][to]
            ^ ZOBRIST[cap as usize][to]
            ^ ZOBRIST_BLACK;
        b[to] = p;
        b[from] = 0;
        self.occ[us] ^= bit(from as u8) | bit(to as u8);
        if cap != 0 {
            self.occ[us ^ 1] ^= bit(to as u8);
        }
        if p & 7 == 1 {
            self.kings[us] = to as u8;
        }
        let undo = Undo {
            captured: cap,
            halfmove: self.halfmove,
            check: self.check,
        };
        self.halfmove = if cap != 0 { 0 } else { self.halfmove + 1 };
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opp();
        undo
    }

    /// Takes back `m`, played by [`Position::make`] with result `u`.
    #[inline]
    pub fn unmake(&mut self, m: Move, u: Undo) {
        self.side = self.side.opp();
        if self.side == Side::Black {
            self.fullmove -= 1;
        }
        self.halfmove = u.halfmove;
        self.check = u.check;
        let (from, to) = (m.from.index(), m.to.index());
        let b = &mut self.board.sq;
        let p = b[to];
        let us = self.side.index();
        b[from] = p;
        b[to] = u.captured;
        self.occ[us] ^= bit(from as u8) | bit(to as u8);
        if u.captured != 0 {
            self.occ[us ^ 1] ^= bit(to as u8);
        }
        if p & 7 == 1 {
            self.kings[us] = from as u8;
        }
        self.hash ^= ZOBRIST[p as usize][from]
            ^ ZOBRIST[p as usize][to]
            ^ ZOBRIST[u.captured as usize][to]
            ^ ZOBRIST_BLACK;
    }

    /// Copy-make: the position after `m` (no legality check).
    pub fn play(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.make(m);
        p
    }

    /// Passes the move to the other side (for threat detection). Undo with
    /// [`Position::unmake_null`].
    pub fn make_null(&mut self) {
        self.side = self.side.opp();
        self.hash ^= ZOBRIST_BLACK;
        self.check = Check::Unknown;
    }

    pub fn unmake_null(&mut self) {
        self.make_null();
    }

    // ---------------------------------------------------------------- text

    /// The board as [`Board::render`] draws it, then who is to move and whether in check.
    pub fn render(&self, last: Option<Move>) -> String {
        let mut out = self.board.render(last);
        out.push_str(&format!(
            "{} to move{}\n",
            self.side,
            if self.in_check() { ", in check" } else { "" }
        ));
        out
    }
}
