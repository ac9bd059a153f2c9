//! Repetition rulings of the World Xiangqi rules (棋例1, 2, 5, 10; chases per 棋例3–9 in
//! [`super::classes`]).
//!
//! - A **repetition** is the recurrence of a position with the same side to move (equal
//!   Zobrist hashes; only the plies since the last capture are searched). **[decision]** The
//!   verdict is taken when the position occurs for the [`RepetitionRules::occurrences`]-th
//!   time (default 3: two full cycles), over the moves of the cycle between the last two
//!   occurrences. Classes are computed only then (cheap on ordinary games).
//! - Each side's cycle moves are classified ([`classify`]). A side **perpetually checks**
//!   when all its cycle moves are checks. It **perpetually chases** when none of its cycle
//!   moves is a check, each is a forbidden chase or an exchange offer (棋例8: alternating
//!   chase and exchange-offer is a chase), at least one is a forbidden chase, and one enemy
//!   piece (followed as it moves) is a forbidden target of every chasing move (two pieces
//!   chasing one: 棋例3; different targets on different moves: 棋例4, allowed).
//! - Perpetual check loses; both: draw (棋例1). Otherwise a perpetual chase loses (棋例3/6/7,
//!   or 棋例5 when the other side counter-chases: 二捉一還捉, or 棋例8 with exchange offers);
//!   both: draw. Everything else is a draw (棋例2 when checks or mate threats are involved;
//!   the allowing 棋例 for allowed chases; otherwise 棋例10).

use super::classes::{
    classify, Class, MoveClasses, RULE_1, RULE_10, RULE_2, RULE_3, RULE_4, RULE_5, RULE_8,
};
use super::piece::Side;
use super::position::Position;
use super::square::{Move, Square};
use kifu_facts::Outcome;
use std::fmt;

/// Settings of the repetition rulings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepetitionRules {
    /// The occurrence of a position (counting the first) at which the verdict is taken.
    pub occurrences: u8,
}

impl Default for RepetitionRules {
    fn default() -> Self {
        RepetitionRules { occurrences: 3 }
    }
}

/// The kind of a repetition verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VerdictKind {
    /// One side checks on every cycle move: it loses (棋例1).
    PerpetualCheck,
    /// Both sides check on every cycle move: draw (棋例1).
    MutualCheck,
    /// One side forbiddenly chases the same target(s) on every move: it loses.
    PerpetualChase,
    /// Both sides chase forbiddenly: draw.
    MutualChase,
    /// Anything else: draw (棋例2, 4, 6, 7, 9, 10).
    Draw,
}

impl VerdictKind {
    pub const ALL: [VerdictKind; 5] = [
        VerdictKind::PerpetualCheck,
        VerdictKind::MutualCheck,
        VerdictKind::PerpetualChase,
        VerdictKind::MutualChase,
        VerdictKind::Draw,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            VerdictKind::PerpetualCheck => "perpetual-check",
            VerdictKind::MutualCheck => "mutual-check",
            VerdictKind::PerpetualChase => "perpetual-chase",
            VerdictKind::MutualChase => "mutual-chase",
            VerdictKind::Draw => "repetition-draw",
        }
    }

    pub fn from_name(s: &str) -> Option<VerdictKind> {
        VerdictKind::ALL.into_iter().find(|k| k.name() == s)
    }
}

impl fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of the judged cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleMove {
    /// 1-based ply in the game.
    pub ply: u32,
    pub side: Side,
    pub mv: Move,
    pub classes: MoveClasses,
}

/// A repetition verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub result: Outcome,
    pub loser: Option<Side>,
    /// `xiangqi 棋例N`.
    pub rule: &'static str,
    pub kind: VerdictKind,
    /// The ply after which the position occurred for the deciding time.
    pub ply: u32,
    /// The occurrence count reached.
    pub occurrences: u32,
    /// The cycle between the last two occurrences (plies `ply - len + 1 ..= ply`).
    pub cycle: Vec<CycleMove>,
    /// Perpetual chase: the chased piece(s), on their squares in the repeated position (for
    /// a mutual chase, both sides' targets).
    pub targets: Vec<Square>,
}

impl Verdict {
    /// `h2e2 [check], h9g7 [idle], …`.
    pub fn cycle_text(&self) -> String {
        let v: Vec<String> = self
            .cycle
            .iter()
            .map(|c| {
                let mut s = format!("{} [{}", c.mv.iccs(), c.classes.label());
                let ch: Vec<String> = c
                    .classes
                    .chases
                    .iter()
                    .map(|x| {
                        format!(
                            "{}{}>{}",
                            if x.forbidden { "" } else { "allowed " },
                            x.by.iccs(),
                            x.target.iccs()
                        )
                    })
                    .collect();
                if !ch.is_empty() {
                    s.push_str(&format!(": {}", ch.join(", ")));
                }
                s.push(']');
                s
            })
            .collect();
        v.join(", ")
    }
}

/// How many times (counting the current one) the last position of `hashes` occurred, and
/// the index of its previous occurrence. `window`: how many plies back a repetition is
/// possible (the halfmove clock: no capture in between).
pub fn occurrences(hashes: &[u64], window: usize) -> (u32, Option<usize>) {
    let Some((&h, _)) = hashes.split_last() else {
        return (0, None);
    };
    let n = hashes.len() - 1;
    let lo = n.saturating_sub(window);
    let mut count = 1;
    let mut prev = None;
    let mut i = n;
    while i >= lo + 2 {
        i -= 2;
        if hashes[i] == h {
            count += 1;
            prev.get_or_insert(i);
        }
    }
    (count, prev)
}

/// The verdict, if the position after `moves` (`pos`; `hashes[i]` = position after `i`
/// plies, `hashes.len() == moves.len() + 1`) occurs for the third time.
pub fn judge(pos: &Position, moves: &[Move], hashes: &[u64]) -> Option<Verdict> {
    judge_with(pos, moves, hashes, &RepetitionRules::default())
}

/// [`judge`] with settings.
pub fn judge_with(
    pos: &Position,
    moves: &[Move],
    hashes: &[u64],
    rules: &RepetitionRules,
) -> Option<Verdict> {
    let n = moves.len();
    if hashes.len() != n + 1 || n < 4 {
        return None;
    }
    let window = (pos.halfmove_clock() as usize).min(n);
    let (count, prev) = occurrences(hashes, window);
    judge_counted(pos, moves, count, prev, rules)
}

/// [`judge_with`] when the occurrences are already counted (by [`RepetitionIndex`]).
pub fn judge_counted(
    pos: &Position,
    moves: &[Move],
    count: u32,
    prev: Option<usize>,
    rules: &RepetitionRules,
) -> Option<Verdict> {
    if moves.len() < 4 || count < rules.occurrences.max(2) as u32 {
        return None;
    }
    let prev = prev?;
    judge_cycle(pos, &moves[prev..], prev as u32 + 1, count)
}

/// What [`occurrences`] finds by scanning the plies since the last capture, kept up to
/// date ply by ply in constant time: a long record (a million plies of shuffling) costs
/// linear time, not quadratic.
#[derive(Clone, Debug, Default)]
pub struct RepetitionIndex {
    /// Per position hash (it includes the side to move): occurrences since the last
    /// capture and the index of the latest.
    seen: std::collections::HashMap<u64, (u32, usize), ZobristKey>,
}

/// The keys are Zobrist hashes, uniformly random already: used as they are instead of
/// hashed again (this runs after every ply of every game).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZobristKey;

impl std::hash::BuildHasher for ZobristKey {
    type Hasher = ZobristHasher;
    fn build_hasher(&self) -> ZobristHasher {
        ZobristHasher(0)
    }
}

/// See [`ZobristKey`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ZobristHasher(u64);

impl std::hash::Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl RepetitionIndex {
    /// Records `hashes[index]`, the position after `index` plies with its halfmove clock;
    /// returns `(count, previous index)` as [`occurrences`] does for that position.
    pub fn push(&mut self, hash: u64, index: usize, halfmove: u32) -> (u32, Option<usize>) {
        if halfmove == 0 {
            // A capture: no earlier position can recur.
            self.seen.clear();
        }
        let entry = self.seen.entry(hash).or_insert((0, index));
        let prev = (entry.0 > 0).then_some(entry.1);
        entry.0 += 1;
        entry.1 = index;
        (entry.0, prev)
    }
}

/// The verdict over the cycle `cycle` played from `start` (the repeated position),
/// its first move being ply `first_ply`.
pub fn judge_cycle(
    start: &Position,
    cycle: &[Move],
    first_ply: u32,
    occurrences: u32,
) -> Option<Verdict> {
    if cycle.is_empty() || !cycle.len().is_multiple_of(2) {
        return None;
    }
    let mut p = start.clone();
    // piece identities, followed through the cycle
    let mut ids = [0u16; 90];
    for (i, id) in ids.iter_mut().enumerate() {
        if p.piece_at(Square::from_index(i)).is_some() {
            *id = i as u16 + 1;
        }
    }
    let mut moves = Vec::with_capacity(cycle.len());
    // per side: all checks, chase-able, intersection of forbidden target ids,
    // any chase move, any exchange-only move, any chase (allowed or not)
    struct Line {
        all_check: bool,
        chase_ok: bool,
        targets: Option<Vec<u16>>,
        exchange_used: bool,
        any_chase: bool,
        any_forbidden: bool,
        reason: Option<&'static str>,
    }
    let mut lines = [0, 1].map(|_| Line {
        all_check: true,
        chase_ok: true,
        targets: None,
        exchange_used: false,
        any_chase: false,
        any_forbidden: false,
        reason: None,
    });
    for (k, &mv) in cycle.iter().enumerate() {
        if !p.is_legal(mv) {
            return None;
        }
        let side = p.side_to_move();
        let cls = classify(&p, mv);
        let l = &mut lines[side.index()];
        let check = cls.is_check();
        l.all_check &= check;
        l.any_chase |= cls.has(Class::Chase);
        let forb: Vec<u16> = cls.forbidden().map(|c| ids[c.target.index()]).collect();
        if check {
            l.chase_ok = false;
        } else if !forb.is_empty() {
            l.any_forbidden = true;
            if l.reason.is_none() {
                l.reason = cls.forbidden().next().map(|c| c.reason);
            }
            l.targets = Some(match l.targets.take() {
                None => forb,
                Some(t) => t.into_iter().filter(|x| forb.contains(x)).collect(),
            });
        } else if cls.has(Class::ExchangeOffer) {
            l.exchange_used = true;
        } else {
            l.chase_ok = false;
        }
        moves.push(CycleMove {
            ply: first_ply + k as u32,
            side,
            mv,
            classes: cls,
        });
        p.make(mv);
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = 0;
    }
    if p.hash() != start.hash() {
        return None;
    }
    let ply = first_ply + cycle.len() as u32 - 1;
    let first = start.side_to_move();
    let sides = [first, first.opp()];
    let chk = |s: Side| lines[s.index()].all_check;
    let chasing = |s: Side| {
        let l = &lines[s.index()];
        l.chase_ok && l.any_forbidden && l.targets.as_ref().is_some_and(|t| !t.is_empty())
    };
    let squares_of = |s: Side| -> Vec<Square> {
        let t = lines[s.index()].targets.clone().unwrap_or_default();
        (0..90)
            .filter(|&i| ids[i] != 0 && t.contains(&ids[i]))
            .map(Square::from_index)
            .collect()
    };
    let mk = |result, loser, rule, kind, targets| Verdict {
        result,
        loser,
        rule,
        kind,
        ply,
        occurrences,
        cycle: moves.clone(),
        targets,
    };
    let (a, b) = (sides[0], sides[1]);
    if chk(a) || chk(b) {
        return Some(if chk(a) && chk(b) {
            mk(
                Outcome::Draw,
                None,
                RULE_1,
                VerdictKind::MutualCheck,
                vec![],
            )
        } else {
            let loser = if chk(a) { a } else { b };
            mk(
                Outcome::Win(loser.opp().seat()),
                Some(loser),
                RULE_1,
                VerdictKind::PerpetualCheck,
                vec![],
            )
        });
    }
    if chasing(a) || chasing(b) {
        return Some(if chasing(a) && chasing(b) {
            let mut t = squares_of(a);
            t.extend(squares_of(b));
            mk(Outcome::Draw, None, RULE_5, VerdictKind::MutualChase, t)
        } else {
            let loser = if chasing(a) { a } else { b };
            let l = &lines[loser.index()];
            let rule = if lines[loser.opp().index()].any_chase {
                RULE_5
            } else if l.exchange_used {
                RULE_8
            } else {
                l.reason.unwrap_or(RULE_3)
            };
            mk(
                Outcome::Win(loser.opp().seat()),
                Some(loser),
                rule,
                VerdictKind::PerpetualChase,
                squares_of(loser),
            )
        });
    }
    let any = |c: Class| moves.iter().any(|m| m.classes.has(c));
    let forked = |s: Side| {
        let l = &lines[s.index()];
        l.chase_ok && l.any_forbidden
    };
    let rule = if any(Class::Check) || any(Class::MateThreat) {
        RULE_2
    } else if forked(a) || forked(b) {
        // every move a forbidden chase, but of different pieces: 棋例4
        RULE_4
    } else if let Some(r) = moves
        .iter()
        .flat_map(|m| m.classes.chases.iter())
        .find(|c| !c.forbidden)
        .map(|c| c.reason)
    {
        r
    } else {
        RULE_10
    };
    Some(mk(Outcome::Draw, None, rule, VerdictKind::Draw, vec![]))
}
