//! Move classes of the World Xiangqi rules (`shared/rules/xiangqi.md` "Move classes",
//! "What counts as a forbidden chase"; authority `xiangqi-world-rules.ja.txt`):
//! check 将, mate-threat 殺, chase 捉, exchange-offer 兌, block 攔, offer 献, idle 閑.
//!
//! [`classify`] gives a move **every** class that applies (idle only when none does), and for
//! chases each (chaser, target) pair with the 棋例 that allows or forbids it.
//!
//! # Definitions (decisions)
//! - **check**: after the move the enemy general is attacked.
//! - **mate-threat** (not for a checking move): if the mover could move again (null move by
//!   the opponent), it would mate by an unbroken series of checks (the rule text: 殺 = mate
//!   by a check or by consecutive checks). Searched to [`MATE_THREAT_DEPTH`] checking moves
//!   (mate in 3 by checks: 5 plies) within [`MATE_THREAT_NODES`] nodes; a longer or
//!   quiet-move mate is not seen (the move is then not a mate threat).
//! - **attack pair** (C, T): C a piece of the mover, T an enemy non-general piece, C can
//!   capture T *legally* (a pinned C, or one whose capture exposes its own general, does not
//!   attack — `fsf-938-2`). In the position before the move, where the mover may stand in
//!   check, a capture counts when it exposes the general to no new attacker (the existing
//!   check is not held against it).
//! - a pair is **gainful** (a forbidden chase if it is new) unless an exception applies, in
//!   this order: C is a general or soldier (棋例9); T is a soldier not across the river
//!   (棋例3); C and T are the same kind and T can capture C back (棋例7, an exchange);
//!   T is truly protected — after C×T a piece of T's side can legally recapture; a pinned
//!   protector or one exposing its general (flying general included) is a fake root 假根
//!   (棋例6: allowed, **except** a horse or cannon chasing a rook). Otherwise gainful: a
//!   same-kind target that cannot answer (a blocked horse, a pinned rook, a cannon that
//!   cannot leave the line: 棋例7), anything else (棋例3). A protected same-kind target is
//!   allowed even when it cannot answer (taking it is an even trade; case 18). Literal
//!   reading of the rule page: an elephant or advisor attacking a protected rook/horse/cannon
//!   is *not* a chase (Pikafish counts it; see the `fsf-55` probes).
//! - **chase**: a pair that did not exist before the move (a moved piece: from its old
//!   square; discovered attacks; attacks created by a new cannon screen or an unpin), or an
//!   existing pair that becomes gainful through the move (the move turned a true root fake,
//!   e.g. a rook returning behind a cannon so that the king's recapture would be illegal —
//!   case 28 "X-ray protected discovered check"). A pinned piece capturing its pinner is a
//!   legal capture, so it chases (cases 22, 23: Pikafish's reading, not Fairy-Stockfish's).
//!   A same-kind pair where T can answer is an **exchange-offer**, not a chase.
//! - One piece chasing two or more pieces, two chasing two or more (棋例4), and the general
//!   or a soldier chasing jointly with other pieces (棋例9) are judged over the cycle, not
//!   per move: each chase keeps its own verdict here, and [`super::repetition`] rules a
//!   perpetual chase only when one enemy piece is a forbidden target of every chasing move
//!   (a fork repeated on the same pieces is therefore a perpetual chase — case 32; the
//!   general's or a soldier's own chases never count — case 13).
//! - **block**: an enemy rook/cannon loses a quiet move behind the destination square on its
//!   line, or an enemy horse/elephant loses a move whose leg/eye is the destination.
//! - **offer**: the moved piece can be legally captured on its new square.

use super::piece::{Kind, Side};
use super::position::{MoveList, Position};
use super::square::{Move, Square};
use std::fmt;

/// Depth of the mate-threat search, in checking moves of the threatening side.
pub const MATE_THREAT_DEPTH: u32 = 3;
/// Node budget of one mate-threat search.
pub const MATE_THREAT_NODES: u32 = 20_000;

pub const RULE_1: &str = "xiangqi 棋例1";
pub const RULE_2: &str = "xiangqi 棋例2";
pub const RULE_3: &str = "xiangqi 棋例3";
pub const RULE_4: &str = "xiangqi 棋例4";
pub const RULE_5: &str = "xiangqi 棋例5";
pub const RULE_6: &str = "xiangqi 棋例6";
pub const RULE_7: &str = "xiangqi 棋例7";
pub const RULE_8: &str = "xiangqi 棋例8";
pub const RULE_9: &str = "xiangqi 棋例9";
pub const RULE_10: &str = "xiangqi 棋例10";

/// A move class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// 将: attacks the enemy general.
    Check,
    /// 殺: threatens mate (by checks) next move.
    MateThreat,
    /// 捉: newly attacks an enemy piece (see [`Chase`]).
    Chase,
    /// 兌: attacks an enemy piece of the same kind that can take back.
    ExchangeOffer,
    /// 攔: restricts an enemy piece's line of movement.
    Block,
    /// 献: puts the moved piece where it can be taken.
    Offer,
    /// 閑: none of the above.
    Idle,
}

impl Class {
    pub const ALL: [Class; 7] = [
        Class::Check,
        Class::MateThreat,
        Class::Chase,
        Class::ExchangeOffer,
        Class::Block,
        Class::Offer,
        Class::Idle,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Class::Check => "check",
            Class::MateThreat => "mate-threat",
            Class::Chase => "chase",
            Class::ExchangeOffer => "exchange-offer",
            Class::Block => "block",
            Class::Offer => "offer",
            Class::Idle => "idle",
        }
    }

    pub fn from_name(s: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One chase of a move: `by` (after the move) attacks `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chase {
    pub by: Square,
    pub target: Square,
    /// A forbidden chase (perpetually repeated, it loses).
    pub forbidden: bool,
    /// The 棋例 allowing or forbidding it (`xiangqi 棋例N`).
    pub reason: &'static str,
}

/// The classes of one move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveClasses {
    /// In [`Class::ALL`] order; `[Idle]` when nothing else applies.
    pub classes: Vec<Class>,
    pub chases: Vec<Chase>,
}

impl MoveClasses {
    pub fn has(&self, c: Class) -> bool {
        self.classes.contains(&c)
    }

    pub fn is_check(&self) -> bool {
        self.has(Class::Check)
    }

    /// The forbidden chases.
    pub fn forbidden(&self) -> impl Iterator<Item = &Chase> {
        self.chases.iter().filter(|c| c.forbidden)
    }

    /// `check+chase` style label.
    pub fn label(&self) -> String {
        let v: Vec<&str> = self.classes.iter().map(|c| c.name()).collect();
        v.join("+")
    }
}

/// Has a soldier on `s` of `side` crossed the river?
pub fn crossed(side: Side, s: Square) -> bool {
    match side {
        Side::Red => s.rank() >= 5,
        Side::Black => s.rank() <= 4,
    }
}

/// Can the side to move capture on `t` with the piece on `c`, legally — when the side stands
/// in check, ignoring that check (only new attackers on its general count)?
fn can_take(pos: &mut Position, c: Square, t: Square) -> bool {
    let us = pos.side_to_move();
    let them = us.opp();
    let is_king = pos.piece_at(c).is_some_and(|p| p.kind() == Kind::King);
    let pre: Vec<Square> = if !is_king && pos.in_check() {
        pos.attackers(pos.king(us), them)
    } else {
        Vec::new()
    };
    let m = Move::new(c, t);
    let u = pos.make(m);
    let ok = if pre.is_empty() {
        !pos.is_in_check(us)
    } else {
        pos.attackers(pos.king(us), them)
            .iter()
            .all(|a| pre.contains(a))
    };
    pos.unmake(m, u);
    ok
}

/// Can the side *not* to move legally capture on `t` with the piece on `c`?
fn opp_can_take(pos: &mut Position, c: Square, t: Square) -> bool {
    if !pos.attackers(t, pos.side_to_move().opp()).contains(&c) {
        return false;
    }
    pos.make_null();
    let ok = pos.is_legal(Move::new(c, t));
    pos.unmake_null();
    ok
}

/// Is the piece on `t` truly protected against C×T (side to move = C's side)?
fn truly_protected(pos: &mut Position, c: Square, t: Square) -> bool {
    let m = Move::new(c, t);
    let u = pos.make(m);
    let ok = !pos.legal_captures_of(t).is_empty();
    pos.unmake(m, u);
    ok
}

/// Judges an attack pair (side to move = C's side): `(gainful, reason)`.
fn judge_pair(pos: &mut Position, c: Square, t: Square) -> (bool, &'static str) {
    let (Some(cp), Some(tp)) = (pos.piece_at(c), pos.piece_at(t)) else {
        return (false, RULE_3);
    };
    let (ck, tk) = (cp.kind(), tp.kind());
    if matches!(ck, Kind::King | Kind::Pawn) {
        return (false, RULE_9);
    }
    if tk == Kind::Pawn && !crossed(tp.side(), t) {
        return (false, RULE_3);
    }
    if ck == tk && opp_can_take(pos, t, c) {
        return (false, RULE_7);
    }
    if truly_protected(pos, c, t) {
        let strong = matches!(ck, Kind::Horse | Kind::Cannon) && tk == Kind::Rook;
        return (strong, RULE_6);
    }
    if ck == tk {
        return (true, RULE_7);
    }
    (true, RULE_3)
}

#[derive(Clone, Copy, Debug)]
struct Pair {
    c: Square,
    t: Square,
    gain: bool,
    reason: &'static str,
}

/// All attack pairs of the side to move, judged.
fn attack_pairs(pos: &mut Position) -> Vec<Pair> {
    let us = pos.side_to_move();
    let them = us.opp();
    let targets: Vec<Square> = pos
        .squares_of(them)
        .filter(|&s| pos.piece_at(s).is_some_and(|p| p.kind() != Kind::King))
        .collect();
    let mut out = Vec::new();
    for t in targets {
        for c in pos.attackers(t, us) {
            if can_take(pos, c, t) {
                let (gain, reason) = judge_pair(pos, c, t);
                out.push(Pair { c, t, gain, reason });
            }
        }
    }
    out
}

/// Chases and exchange offers of `mv` (legal) in `pos`: `(chases, exchange_offer)`.
fn chases_of(pos: &Position, mv: Move) -> (Vec<Chase>, bool) {
    let mut before = pos.clone();
    let before_pairs = attack_pairs(&mut before);
    let mut after = pos.clone();
    after.make(mv);
    after.make_null();
    let after_pairs = attack_pairs(&mut after);
    let back = |c: Square| if c == mv.to { mv.from } else { c };
    let mut chases: Vec<Chase> = Vec::new();
    let mut exchange = false;
    for p in &after_pairs {
        let old = before_pairs.iter().find(|b| b.c == back(p.c) && b.t == p.t);
        let same_kind =
            after.piece_at(p.c).map(|x| x.kind()) == after.piece_at(p.t).map(|x| x.kind());
        match old {
            None => {
                if same_kind && !p.gain {
                    exchange = true;
                } else {
                    chases.push(Chase {
                        by: p.c,
                        target: p.t,
                        forbidden: p.gain,
                        reason: p.reason,
                    });
                }
            }
            Some(b) if p.gain && !b.gain => chases.push(Chase {
                by: p.c,
                target: p.t,
                forbidden: true,
                reason: p.reason,
            }),
            Some(_) => {}
        }
    }
    (chases, exchange)
}

/// Does the side to move mate by checks within `depth` of its moves?
fn mate_by_checks(p: &mut Position, depth: u32, budget: &mut u32) -> bool {
    if depth == 0 || *budget == 0 {
        return false;
    }
    let mut list = MoveList::new();
    p.legal_moves_into(&mut list);
    for &m in list.as_slice() {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let u = p.make(m);
        let mut mated = false;
        if p.in_check() {
            let mut replies = MoveList::new();
            p.legal_moves_into(&mut replies);
            mated = if replies.is_empty() {
                true
            } else if depth > 1 {
                replies.as_slice().iter().all(|&r| {
                    let ur = p.make(r);
                    let ok = mate_by_checks(p, depth - 1, budget);
                    p.unmake(r, ur);
                    ok
                })
            } else {
                false
            };
        }
        p.unmake(m, u);
        if mated {
            return true;
        }
    }
    false
}

/// After the (non-checking) move, would its side mate by checks if it moved again?
pub fn threatens_mate(after: &Position) -> bool {
    let mut p = after.clone();
    p.make_null();
    let mut budget = MATE_THREAT_NODES;
    mate_by_checks(&mut p, MATE_THREAT_DEPTH, &mut budget)
}

/// Quiet (non-capturing) destinations of the piece on `s`.
fn quiet_moves(pos: &Position, s: Square) -> Vec<Square> {
    pos.attacks_from(s)
        .into_iter()
        .filter(|&d| pos.piece_at(d).is_none())
        .collect()
}

fn between_on_line(a: Square, b: Square, x: Square) -> bool {
    if a.file() == b.file() && x.file() == a.file() {
        let (lo, hi) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
        x.rank() > lo && x.rank() < hi
    } else if a.rank() == b.rank() && x.rank() == a.rank() {
        let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
        x.file() > lo && x.file() < hi
    } else {
        false
    }
}

/// Leg (horse) or eye (elephant) square of the step `a` → `b`.
fn leg_of(kind: Kind, a: Square, b: Square) -> Option<Square> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    match kind {
        Kind::Horse if df.abs() == 2 => a.offset(df / 2, 0),
        Kind::Horse => a.offset(0, dr / 2),
        Kind::Elephant => a.offset(df / 2, dr / 2),
        _ => None,
    }
}

fn is_block(before: &Position, after: &Position, mv: Move) -> bool {
    let them = before.side_to_move().opp();
    for x in after.squares_of(them) {
        let Some(p) = after.piece_at(x) else { continue };
        let k = p.kind();
        if !matches!(k, Kind::Rook | Kind::Cannon | Kind::Horse | Kind::Elephant) {
            continue;
        }
        let now = quiet_moves(after, x);
        for l in quiet_moves(before, x) {
            if now.contains(&l) || l == mv.to {
                continue;
            }
            let hit = match k {
                Kind::Rook | Kind::Cannon => between_on_line(x, l, mv.to),
                _ => leg_of(k, x, l) == Some(mv.to),
            };
            if hit {
                return true;
            }
        }
    }
    false
}

/// The classes of the legal move `mv` in `pos` (see the module doc).
pub fn classify(pos: &Position, mv: Move) -> MoveClasses {
    let mut after = pos.clone();
    after.make(mv);
    let check = after.in_check();
    let (chases, exchange) = chases_of(pos, mv);
    let mut classes = Vec::new();
    if check {
        classes.push(Class::Check);
    } else if threatens_mate(&after) {
        classes.push(Class::MateThreat);
    }
    if !chases.is_empty() {
        classes.push(Class::Chase);
    }
    if exchange {
        classes.push(Class::ExchangeOffer);
    }
    if is_block(pos, &after, mv) {
        classes.push(Class::Block);
    }
    if !after.legal_captures_of(mv.to).is_empty() {
        classes.push(Class::Offer);
    }
    if classes.is_empty() {
        classes.push(Class::Idle);
    }
    MoveClasses { classes, chases }
}
