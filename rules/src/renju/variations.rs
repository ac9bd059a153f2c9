//! The check of a Renju-board record's variations (RenLib trees).
//!
//! Every variation move is played on the board of its own line: the main line's applied
//! moves up to the branch point, then the variation's (and the variations it is nested
//! in). A variation is analysis, not a game, so nothing it holds changes the record's
//! result or termination; its findings are about their node ([`Finding::node`]):
//! - a point off the board (`off-board`) or already taken (`illegal-move`) is a
//!   **warning**; that move and the rest of its variation, with the variations that branch
//!   after it, are not played (their nodes get no move);
//! - a Black move on a forbidden point (Renju rules, before a five on its line) is the
//!   **info** `variation-forbidden-move`, naming the kind: a variation showing what Black
//!   may not play is ordinary analysis, and the main line's forbidden-move codes stay
//!   about the game;
//! - variations that branch after the point where the main line's replay stopped cannot
//!   be reached: one warning `variations-not-checked` counts their moves.
//!
//! The walk goes depth first with one board, placing and lifting stones, so its cost is
//! the number of moves in the tree plus the main line, however long the lines.

use super::board::{Board, Stone};
use super::point::{Move, Point};
use crate::finding::{finding, Finding, Severity};
use kifu_facts::Ruleset;
use kifu_parser::raw::{RawMove, RenjuVariation};
use kifu_parser::variation::count_nodes;

/// What the check of a record's variations gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariationCheck {
    /// The move each variation node plays, by node number − 1 (numbered as
    /// [`kifu_parser::variation::variation_nodes`] numbers them); `None` where it could
    /// not be played.
    pub moves: Vec<Option<Move>>,
    pub findings: Vec<Finding>,
}

/// Checks `variations` branching off the main line whose applied moves are `main` (the
/// replay's valid prefix), by `rules`.
pub fn check(variations: &[RenjuVariation], main: &[Move], rules: Ruleset) -> VariationCheck {
    let mut walk = Walk {
        board: Board::new(),
        renju: rules == Ruleset::Renju,
        moves: vec![None; count_nodes(variations)],
        findings: Vec::new(),
        unreachable: 0,
    };
    let line: Vec<LineMove> = main.iter().map(|&m| LineMove::Played(m)).collect();
    walk.line(&line, 1, variations, 1, false, true);
    if walk.unreachable > 0 {
        walk.findings.push(finding(
            None,
            "variations-not-checked",
            Severity::Warning,
            "",
            format!(
                "{} variation move(s) branch after the point where the main line's replay \
                 stopped (or before the line they are nested in), so they were not checked",
                walk.unreachable
            ),
        ));
    }
    walk.findings.sort_by_key(|f| f.ply.unwrap_or(0));
    VariationCheck {
        moves: walk.moves,
        findings: walk.findings,
    }
}

/// A move of the line being walked: one to play, or one already judged unplayable (the
/// line stops there).
#[derive(Clone, Copy)]
enum LineMove {
    Played(Move),
    Stop,
}

struct Walk {
    board: Board,
    renju: bool,
    moves: Vec<Option<Move>>,
    findings: Vec<Finding>,
    unreachable: u32,
}

impl Walk {
    /// Walks a line whose moves `line` start at ply `first_ply` on the current board
    /// (which holds the plies before it), checking `variations` (branching off this line;
    /// the first of them numbered from `first_node`) where they branch. `won`: the line
    /// already holds a win before `first_ply`; `main`: the line is the main line. The
    /// board is as it was when this returns.
    fn line(
        &mut self,
        line: &[LineMove],
        first_ply: u32,
        variations: &[RenjuVariation],
        first_node: u32,
        won: bool,
        main: bool,
    ) {
        // Each variation's first node, in numbering order; then visit by branch ply.
        let mut starts = Vec::with_capacity(variations.len());
        let mut next = first_node;
        for v in variations {
            starts.push(next);
            next += (v.moves.len() + count_nodes(&v.variations)) as u32;
        }
        let mut order: Vec<usize> = (0..variations.len()).collect();
        order.sort_by_key(|&i| variations[i].from_ply);
        let mut placed: Vec<Point> = Vec::new();
        let mut won = won;
        let mut ply = first_ply; // the ply of the next move of `line`
        let mut stopped = false;
        for i in order {
            let v = &variations[i];
            // Play this line on to the variation's branch point (the ply it replaces).
            while !stopped && ply < v.from_ply {
                match line.get((ply - first_ply) as usize) {
                    Some(LineMove::Played(m)) => {
                        if let Some(p) = *m {
                            let colour = Stone::of_ply(ply);
                            self.board.place(p, colour);
                            placed.push(p);
                            won |= self.wins(p, colour);
                        }
                        ply += 1;
                    }
                    _ => stopped = true,
                }
            }
            // Past a variation's unplayable move its finding says so; past the main line's
            // stop, or off a line it does not follow, one finding counts them all.
            if (stopped && main) || v.from_ply < first_ply {
                self.unreachable += (v.moves.len() + count_nodes(&v.variations)) as u32;
                continue;
            }
            if stopped {
                continue;
            }
            self.variation(v, starts[i], won);
        }
        for p in placed.into_iter().rev() {
            self.board.remove(p);
        }
    }

    /// Plays variation `v` (its first move numbered `node`) from the current board, which
    /// holds the plies before `v.from_ply`, then its own variations; lifts its stones.
    fn variation(&mut self, v: &RenjuVariation, node: u32, won: bool) {
        let mut line = Vec::with_capacity(v.moves.len());
        let mut placed: Vec<Point> = Vec::new();
        let mut won_now = won;
        for (i, raw) in v.moves.iter().enumerate() {
            let ply = v.from_ply + i as u32;
            let n = node + i as u32;
            match self.judge(raw, ply, n, won_now) {
                Some(m) => {
                    self.moves[n as usize - 1] = Some(m);
                    if let Some(p) = m {
                        let colour = Stone::of_ply(ply);
                        self.board.place(p, colour);
                        placed.push(p);
                        won_now |= self.wins(p, colour);
                    }
                    line.push(LineMove::Played(m));
                }
                None => {
                    line.push(LineMove::Stop);
                    break;
                }
            }
        }
        // The nested variations replay this line from its start: lift its stones first.
        for &p in placed.iter().rev() {
            self.board.remove(p);
        }
        let inner = node + v.moves.len() as u32;
        self.line(&line, v.from_ply, &v.variations, inner, won, false);
    }

    /// The move `raw` at `ply` (variation node `node`) if it can be played; else the
    /// finding why not, and `None`. A forbidden Black move is played, with its finding.
    fn judge(&mut self, raw: &RawMove, ply: u32, node: u32, won: bool) -> Option<Move> {
        let colour = Stone::of_ply(ply);
        let Some((c, r)) = raw.point else {
            return Some(None);
        };
        let Some(p) = Point::new(c, r) else {
            self.findings.push(
                finding(
                    Some(ply),
                    "off-board",
                    Severity::Warning,
                    "renju §3-1",
                    format!(
                        "variation move {ply} ({}) is off the 15×15 board: column {}, row {}; \
                         it, the rest of its variation and the variations branching after it \
                         are not played",
                        colour.name(),
                        c as u32 + 1,
                        r as u32 + 1
                    ),
                )
                .in_variation(node),
            );
            return None;
        };
        if let Some(by) = self.board.get(p) {
            self.findings.push(
                finding(
                    Some(ply),
                    "illegal-move",
                    Severity::Warning,
                    "renju §7",
                    format!(
                        "variation move {ply} ({} {p}) is on an occupied point: {p} already \
                         holds a {by} stone of its line; it, the rest of its variation and the \
                         variations branching after it are not played",
                        colour.name()
                    ),
                )
                .in_variation(node),
            );
            return None;
        }
        if self.renju && colour == Stone::Black && !won {
            if let Some(kind) = self.board.forbidden(p) {
                self.board.place(p, colour);
                let five = self.board.is_win_at(p, colour);
                self.board.remove(p);
                if !five {
                    self.findings.push(
                        finding(
                            Some(ply),
                            "variation-forbidden-move",
                            Severity::Info,
                            "renju §8-9",
                            format!(
                                "variation move {ply} (black {p}) is {} {kind}, a forbidden \
                                 move",
                                if kind == super::ForbiddenKind::Overline {
                                    "an"
                                } else {
                                    "a"
                                }
                            ),
                        )
                        .in_variation(node)
                        .about_forbidden(kind),
                    );
                }
            }
        }
        Some(Some(p))
    }

    /// Whether `colour`'s stone just placed at `p` wins its line.
    fn wins(&self, p: Point, colour: Stone) -> bool {
        if self.renju {
            self.board.is_win_at(p, colour)
        } else {
            self.board.longest_run(p, colour) >= 5
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::game::replay;
    use kifu_parser::raw::{Format, Location, RawGame, Variation};

    fn mv(c: u8, r: u8) -> RawMove {
        RawMove {
            point: Some((c, r)),
            at: Location::new(u64::from(c) * 16 + u64::from(r), 0, 0),
            len: 2,
        }
    }

    fn var(from_ply: u32, moves: &[(u8, u8)], inner: Vec<RenjuVariation>) -> RenjuVariation {
        Variation {
            from_ply,
            moves: moves.iter().map(|&(c, r)| mv(c, r)).collect(),
            variations: inner,
            ..Variation::default()
        }
    }

    /// Black h8 i8 g9 g10 against White on the a-file: g8 is then a double-three.
    fn game(variations: Vec<RenjuVariation>) -> RawGame {
        let mut g = RawGame::new(Format::RenLib, Location::default());
        let main = [
            (7, 7),
            (0, 0),
            (8, 7),
            (0, 2),
            (6, 8),
            (0, 4),
            (6, 9),
            (0, 6),
            (14, 14),
        ];
        g.moves = main.iter().map(|&(c, r)| mv(c, r)).collect();
        g.variations = variations;
        g
    }

    #[test]
    fn variation_moves_are_played_on_their_own_line() {
        // Off ply 9: g8 (a double-three), then White i9; inside it, off its ply 10, White
        // h8 (taken). Off ply 2: White h9 then Black a1 (free on that line).
        let g = game(vec![
            var(2, &[(7, 8), (0, 0)], vec![]),
            var(9, &[(6, 7), (8, 8)], vec![var(10, &[(7, 7)], vec![])]),
        ]);
        let r = replay(&g);
        let codes: Vec<(&str, Option<u32>, Option<u32>)> = r
            .findings
            .iter()
            .filter(|f| f.node.is_some())
            .map(|f| (f.code, f.ply, f.node))
            .collect();
        assert_eq!(
            codes,
            [
                ("variation-forbidden-move", Some(9), Some(3)),
                ("illegal-move", Some(10), Some(5)),
            ]
        );
        let forbidden = r.findings.iter().find(|f| f.node == Some(3)).unwrap();
        assert_eq!(forbidden.severity, Severity::Info);
        assert_eq!(
            forbidden.forbidden,
            Some(super::super::ForbiddenKind::DoubleThree)
        );
        let p = |c, r| Some(Some(Point::new(c, r).unwrap()));
        assert_eq!(
            r.variation_moves,
            [p(7, 8), p(0, 0), p(6, 7), p(8, 8), None]
        );
        // The main line is untouched (its one finding: moves 1-3 are no canonical opening).
        assert_eq!(r.moves.len(), 9);
        let main: Vec<&str> = r
            .findings
            .iter()
            .filter(|f| f.node.is_none())
            .map(|f| f.code)
            .collect();
        assert_eq!(main, ["non-canonical-opening"]);
    }

    #[test]
    fn free_style_has_no_forbidden_moves_and_unreachable_branches_are_counted() {
        let g = game(vec![var(9, &[(6, 7)], vec![]), var(11, &[(1, 1)], vec![])]);
        let c = check(
            &g.variations,
            &g.moves
                .iter()
                .map(|m| m.point.and_then(|(c, r)| Point::new(c, r)))
                .collect::<Vec<_>>(),
            Ruleset::Freestyle,
        );
        assert_eq!(c.moves[0], Some(Point::new(6, 7)));
        assert_eq!(c.moves[1], None);
        let codes: Vec<&str> = c.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, ["variations-not-checked"]);
    }
}
