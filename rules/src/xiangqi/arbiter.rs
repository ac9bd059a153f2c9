//! Repetition rulings as an arbiter makes them (`xiangqi.md`, "[decision, revised]").
//!
//! A verdict ([`super::repetition`]) is how an arbiter intervenes, not an automatic end of
//! the game: the side making forbidden perpetual moves must change them and loses only if it
//! does not (不变作负); a repetition of allowed moves is drawn only if neither side changes
//! (不变作和). Followed through a record, ply by ply ([`Arbiter::after_ply`]):
//!
//! - A verdict is reached when a position occurs for the third time
//!   ([`RepetitionRules::occurrences`]). From then on the ruling is **open**
//!   ([`OpenRuling`]) as long as every new position is one of the cycle's positions (the
//!   repeated position and those between its last two occurrences): "no new position after
//!   the occurrence that reached the threshold, or only further repetitions of the cycle".
//!   No new verdict is looked for meanwhile: the cycle's other positions reaching their
//!   third occurrence one after the other are the same repetition, not new ones.
//! - The record **ends** while a ruling is open: the verdict decides the game
//!   ([`Arbiter::finish`]); the replay takes its termination and result.
//! - A move leads to a position outside the cycle: play **left** the cycle, whichever side
//!   made that move ("either side played a new move"), and the game was not decided there
//!   ([`PassedRuling`], an info finding `perpetual-check-changed`, `perpetual-chase-changed`
//!   or `repetition-draw-changed` naming the cycle, the side that had to change, the ply
//!   where play left the cycle and, when the cycle went on after the threshold, how many
//!   occurrences the position reached). Judging goes on from the new position.
//!
//! **[decision]** Where `xiangqi.md` is silent, kifu decides:
//! - "A new position" is one that is not among the cycle's positions; a position seen
//!   earlier in the game but outside the cycle is new to the cycle, so it leaves it.
//! - The occurrences reached are counted on the repeated position (the one that reached the
//!   threshold).
//! - After play left a cycle, the repetition counts since the last capture are kept: should
//!   the repeated position occur again, the verdict is taken at once, over the moves since
//!   its previous occurrence (the arbiter rules again).
//! - A record that breaks off while a ruling is open (a move the replay cannot apply:
//!   illegal, ambiguous, taking a general) does not end within the cycle: it goes on with a
//!   move that is no repetition of it. The ruling is passed at that ply, like any other
//!   (the replay's own finding says why the move cannot be applied).

use super::piece::Side;
use super::position::Position;
use super::repetition::{judge_counted, RepetitionRules, Verdict, VerdictKind};
use super::square::Move;
use super::termination::Termination;
use crate::finding::{finding, Finding, Severity};

/// Follows the repetitions of one line of play, as an arbiter would (see the module
/// documentation).
#[derive(Clone, Debug, Default)]
pub struct Arbiter {
    rules: RepetitionRules,
    open: Option<OpenRuling>,
}

/// A verdict whose cycle play has not left: should the record end now, it decides the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenRuling {
    pub verdict: Verdict,
    /// The verdict's targets as named in the repeated position (`rook a7`).
    pub targets: Vec<String>,
    /// Hashes of the cycle's positions, the repeated one first.
    positions: Vec<u64>,
    /// The occurrences of the repeated position so far: the verdict's, then more while play
    /// stays in the cycle.
    pub occurrences: u32,
    /// The last ply played within the cycle (the verdict's ply at first).
    pub last_ply: u32,
}

/// A verdict play went past: a move left the cycle, so the game was not decided there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassedRuling {
    pub ruling: OpenRuling,
    /// The ply of the move that left the cycle.
    pub left_at: u32,
    /// The side that made it.
    pub left_by: Side,
    /// The move, or `None` when the record goes on with a move the replay cannot apply.
    pub mv: Option<Move>,
}

impl Arbiter {
    /// An arbiter taking verdicts with these settings.
    pub fn new(rules: RepetitionRules) -> Arbiter {
        Arbiter { rules, open: None }
    }

    /// After each ply. `pos`: the position after it; `moves`: the moves so far; `hashes`:
    /// the hash of the start position and of the position after each move
    /// (`moves.len() + 1` entries); `count` and `prev`: the occurrences of `pos` and the
    /// index (in `hashes`) of its previous occurrence, as
    /// [`super::repetition::occurrences`] or [`super::repetition::RepetitionIndex`] give
    /// them. Returns the ruling this ply left, if any; a new verdict reached at this ply is
    /// then [`Arbiter::open`].
    pub fn after_ply(
        &mut self,
        pos: &Position,
        moves: &[Move],
        hashes: &[u64],
        count: u32,
        prev: Option<usize>,
    ) -> Option<PassedRuling> {
        let ply = moves.len() as u32;
        let hash = pos.hash();
        let mut passed = None;
        if let Some(open) = &mut self.open {
            if open.positions.contains(&hash) {
                open.last_ply = ply;
                if hash == open.positions[0] {
                    open.occurrences = count;
                }
                return None;
            }
            passed = self
                .open
                .take()
                .map(|o| o.left(ply, pos.side_to_move().opp(), moves.last().copied()));
        }
        if let (Some(verdict), Some(prev)) =
            (judge_counted(pos, moves, count, prev, &self.rules), prev)
        {
            let targets = verdict
                .targets
                .iter()
                .map(|&s| match pos.piece_at(s) {
                    Some(p) => format!("{} {}", p.kind().name(), s.iccs()),
                    None => s.iccs(),
                })
                .collect();
            self.open = Some(OpenRuling {
                occurrences: verdict.occurrences,
                last_ply: verdict.ply,
                positions: hashes[prev..moves.len()].to_vec(),
                verdict,
                targets,
            });
        }
        passed
    }

    /// The ruling play is within, if any.
    pub fn open(&self) -> Option<&OpenRuling> {
        self.open.as_ref()
    }

    /// The record ends here: the open ruling, if any, decides the game.
    pub fn finish(self) -> Option<OpenRuling> {
        self.open
    }
}

impl OpenRuling {
    /// Play left the cycle at `ply`, by `side`'s move `mv`.
    pub fn left(self, ply: u32, side: Side, mv: Option<Move>) -> PassedRuling {
        PassedRuling {
            ruling: self,
            left_at: ply,
            left_by: side,
            mv,
        }
    }

    /// How the game ends when this ruling decides it.
    pub fn termination(&self) -> Termination {
        match self.verdict.kind {
            VerdictKind::PerpetualCheck => Termination::PerpetualCheck,
            VerdictKind::PerpetualChase => Termination::PerpetualChase,
            VerdictKind::MutualCheck | VerdictKind::MutualChase | VerdictKind::Draw => {
                Termination::RepetitionDraw
            }
        }
    }

    /// What the side(s) did, and what goes first inside the parentheses that follow
    /// (`target rook a7; `).
    fn what(&self) -> (String, String) {
        let v = &self.verdict;
        let targets = self.targets.join(" ");
        match (v.kind, v.loser) {
            (VerdictKind::PerpetualCheck, Some(l)) => {
                (format!("{l} checks perpetually"), String::new())
            }
            (VerdictKind::PerpetualChase, Some(l)) => (
                format!("{l} chases perpetually"),
                format!("target {targets}; "),
            ),
            (VerdictKind::MutualCheck, _) => {
                ("both sides check perpetually".to_string(), String::new())
            }
            (VerdictKind::MutualChase, _) => (
                format!("both sides chase perpetually (targets {targets})"),
                String::new(),
            ),
            _ => (
                "repetition with no forbidden perpetual check or chase".to_string(),
                String::new(),
            ),
        }
    }

    /// `plies 5-8: b8b9 [check], …`.
    fn cycle(&self) -> String {
        let v = &self.verdict;
        let first = v.cycle.first().map_or(v.ply, |c| c.ply);
        format!("plies {first}-{}: {}", v.ply, v.cycle_text())
    }

    /// The finding of a ruling that decides the game: `perpetual-check`,
    /// `perpetual-chase` (warning) or `repetition-draw` (info), at the verdict's ply.
    pub fn finding(&self) -> Finding {
        let v = &self.verdict;
        let (what, first) = self.what();
        let head = format!(
            "{what} ({first}{} occurrence of the position; cycle {})",
            ordinal(v.occurrences),
            self.cycle()
        );
        let tail = if self.last_ply > v.ply {
            format!(
                "; the record repeats the cycle to its end at ply {} (the position occurs {} times)",
                self.last_ply, self.occurrences
            )
        } else {
            String::new()
        };
        let (code, severity, result) = match v.loser {
            Some(l) => (
                v.kind.name(),
                Severity::Warning,
                format!("{l} loses, {} wins", l.opp()),
            ),
            None => ("repetition-draw", Severity::Info, "draw".to_string()),
        };
        finding(
            Some(v.ply),
            code,
            severity,
            v.rule,
            format!("{head}: {result}{tail}"),
        )
    }
}

impl PassedRuling {
    /// The finding's code: `perpetual-check-changed`, `perpetual-chase-changed` or
    /// `repetition-draw-changed` (mutual check and chase are drawn repetitions).
    pub fn code(&self) -> &'static str {
        changed_code(self.ruling.verdict.kind)
    }

    /// The info finding, at the ply where play left the cycle.
    pub fn finding(&self) -> Finding {
        let o = &self.ruling;
        let v = &o.verdict;
        let reached = if o.occurrences > v.occurrences {
            format!(
                "; the cycle went on to the {} occurrence",
                ordinal(o.occurrences)
            )
        } else {
            String::new()
        };
        let duty = match v.loser {
            Some(l) => format!("{l} had to change (不变作负: it loses only if it does not)"),
            None => "drawn only if neither side changes (不变作和)".to_string(),
        };
        let left = match self.mv {
            Some(m) => format!(
                "{} left the cycle at ply {} ({})",
                self.left_by,
                self.left_at,
                m.iccs()
            ),
            None => format!(
                "the record goes on at ply {} with a move of {} the replay cannot apply",
                self.left_at, self.left_by
            ),
        };
        let who = match v.loser {
            Some(l) if l != self.left_by => format!(" (not {l}, the side that had to change)"),
            _ => String::new(),
        };
        let (what, first) = o.what();
        finding(
            Some(self.left_at),
            self.code(),
            Severity::Info,
            v.rule,
            format!(
                "{what} ({first}{} occurrence of the position at ply {}; cycle {}{reached}): \
                 {duty}; {left}{who}, so the game was not decided there",
                ordinal(v.occurrences),
                v.ply,
                o.cycle()
            ),
        )
    }
}

/// The code of a verdict of `kind` that play went past.
pub fn changed_code(kind: VerdictKind) -> &'static str {
    match kind {
        VerdictKind::PerpetualCheck => "perpetual-check-changed",
        VerdictKind::PerpetualChase => "perpetual-chase-changed",
        VerdictKind::MutualCheck | VerdictKind::MutualChase | VerdictKind::Draw => {
            "repetition-draw-changed"
        }
    }
}

/// `second`, `third` (as the verdict findings have always said), then `4th`, … `11th`,
/// `21st`.
fn ordinal(n: u32) -> String {
    let suffix = match (n, n % 10, n % 100) {
        (2, _, _) => return "second".to_string(),
        (3, _, _) => return "third".to_string(),
        (_, _, 11..=13) => "th",
        (_, 1, _) => "st",
        (_, 2, _) => "nd",
        (_, 3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
