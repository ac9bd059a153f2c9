//! The audit of one Renju record: replay, derived result, findings.
//!
//! Interpretation decisions (renju.md, "Claims, passes and the end of a game"):
//! - The first game-ending event on the board fixes the derived result: Black's exact five
//!   or White's five/overline (§8-8), two passes in a row (draw, §8-7), the 225th stone
//!   without a five (draw, §8-10). Moves after it are still applied (if legal) and reported
//!   once (`moves-after-five` / `moves-after-end`, warning).
//! - A Black double-three or double-four followed by a further move is a legal continuation
//!   (White lost the claim by moving, §8-9 b): `forbidden-unclaimed` (info). A Black
//!   overline followed by further moves stays claimable at every later White turn (§8-9 a):
//!   `overline-unclaimed` (info) lists those plies.
//! - The last move of the record being Black's forbidden move: termination `ForbiddenMove`,
//!   derived result White (White wins by claim). If the record says `white`, nothing more is
//!   said ("won by claim"); if it says `black` or `draw` the claim was evidently not made,
//!   which the rules allow, so this is the warning `forbidden-move`, not a contradiction.
//! - An unclaimed overline still on the board when the record ends without a five, and the
//!   record says `white`: termination `ForbiddenMove`, derived White (a late claim, §8-9 a,
//!   explains the result). With another recorded result it is just `overline-unclaimed`.
//! - `result-contradicts-board` (error) only when the board itself decided the game (five,
//!   White's overline, two passes, full board) and the record gives another of
//!   black/white/draw. A result the board does not show (resignation, time, agreement) is
//!   accepted; `unknown` or no result is never a contradiction.
//! - An off-board or occupied point stops the replay (`off-board` / `illegal-move`, error);
//!   later plies are not applied but still counted in `plies`.
//!
//! Free-style gomoku ([`Ruleset::Freestyle`], [`replay_with`]) is replayed on the same
//! board with two differences: Black has no forbidden moves (no forbidden-move finding of
//! any kind), and five or more in a row wins for either side (an overline of Black's is a
//! win, termination `overline`). The Renju opening (its 26 canonical openings, the opening
//! rules, no pass in moves 1-5) is not judged: those are Renju's.

use super::board::{Board, ForbiddenKind, Stone};
use super::opening::{classify, validate, Opening, OpeningRule};
use super::point::{encode_moves, move_text, Move, Point, PASS_BYTE};
use super::symmetry::Symmetry;
use crate::finding::{finding, Finding, Severity};
use kifu_facts::{CanonicalKey, GameKind};
use kifu_facts::{Ruleset, Seat};
use kifu_parser::raw::RawGame;
use kifu_parser::variation::count_nodes;

/// A game's result: a seat's win (Black is the first seat), a draw or unknown.
pub use kifu_facts::Outcome;

pub use kifu_facts::termination::RenjuTermination as Termination;

/// The audit of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The moves actually applied (a valid prefix of the record).
    pub moves: Vec<Option<Point>>,
    /// Moves in the record.
    pub plies: u32,
    /// What the board shows.
    pub derived_result: Option<Outcome>,
    pub termination: Termination,
    /// The ply at which the board ended the game (five, two passes, full board, Black's
    /// forbidden last move; the last ply for a late overline claim), if it did.
    pub end_ply: Option<u32>,
    pub opening: Option<&'static Opening>,
    /// The symmetry mapping the game's moves 1–3 onto the opening's standard orientation.
    pub opening_symmetry: Option<Symmetry>,
    /// The record's identity among its copies ([`record_key`]): every recorded move, not
    /// only the applied prefix, so records cut short by the same illegal move are not
    /// copies unless they go on alike.
    pub canonical_key: CanonicalKey,
    pub findings: Vec<Finding>,
    /// The move each variation node plays, by node number − 1 (see
    /// [`super::variations`]); `None` where it could not be played.
    pub variation_moves: Vec<Option<Move>>,
}

/// The smallest encoding of `moves` over the 8 board symmetries: equal for games that are
/// rotations or mirror images of each other.
pub fn canonical_key(moves: &[Move]) -> CanonicalKey {
    let mut best: Option<Vec<u8>> = None;
    let mut buf = Vec::with_capacity(moves.len());
    for s in Symmetry::ALL {
        buf.clear();
        buf.extend(
            moves
                .iter()
                .map(|m| s.apply_move(*m).map_or(255, Point::index)),
        );
        if best.as_ref().is_none_or(|b| buf < *b) {
            best = Some(buf.clone());
        }
    }
    CanonicalKey::from(best.unwrap_or_else(|| encode_moves(moves)))
}

/// The first byte of a [`record_key`] that is not a [`canonical_key`]: no point index
/// (0..=224) and not a pass (255), so the two kinds of key never meet.
const AS_WRITTEN: u8 = 0xFE;

/// The key that identifies a record among its copies: the [`canonical_key`] of every move
/// it records (a record cut short by an illegal move keys on all of its moves, not on the
/// prefix the replay applied). A record that cannot be put on the 15×15 board (another
/// board size, a move off the board) keys on its moves as written, `(column, row)` pairs
/// after its board size, with no symmetry. Empty for a record without moves.
pub fn record_key(game: &RawGame) -> CanonicalKey {
    if game.moves.is_empty() {
        return CanonicalKey::default();
    }
    let on_board: Option<Vec<Move>> = (game.board_width == 15 && game.board_height == 15)
        .then(|| {
            game.moves
                .iter()
                .map(|m| match m.point {
                    None => Some(None),
                    Some((c, r)) => Point::new(c, r).map(Some),
                })
                .collect()
        })
        .flatten();
    if let Some(moves) = on_board {
        return canonical_key(&moves);
    }
    let mut key = Vec::with_capacity(3 + 2 * game.moves.len());
    key.extend([AS_WRITTEN, game.board_width, game.board_height]);
    for m in &game.moves {
        key.extend(m.point.map_or([PASS_BYTE, PASS_BYTE], |(c, r)| [c, r]));
    }
    CanonicalKey::from(key)
}

fn plies_list(plies: &[u32]) -> String {
    match plies.len() {
        0 => String::new(),
        1..=6 => plies
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        n => format!(
            "{}, {}, …, {} ({n} turns)",
            plies[0],
            plies[1],
            plies[n - 1]
        ),
    }
}

fn article(k: ForbiddenKind) -> &'static str {
    match k {
        ForbiddenKind::Overline => "an",
        _ => "a",
    }
}

/// Replays a raw record by the Renju rules and audits it. See the module documentation for
/// the decisions.
pub fn replay(game: &RawGame) -> Replay {
    replay_with(game, Ruleset::Renju)
}

/// Replays a raw record by `rules` (Renju or free-style gomoku) and audits it.
pub fn replay_with(game: &RawGame, rules: Ruleset) -> Replay {
    let renju = rules == Ruleset::Renju;
    // The clause a five (or a winning overline) is judged by.
    let win_rule = if renju {
        "renju §8-8"
    } else {
        "free-style gomoku: five or more in a row wins"
    };
    let plies = game.moves.len() as u32;
    let mut r = Replay {
        moves: Vec::with_capacity(game.moves.len()),
        plies,
        derived_result: None,
        termination: Termination::Unfinished,
        end_ply: None,
        opening: None,
        opening_symmetry: None,
        canonical_key: CanonicalKey::default(),
        findings: Vec::new(),
        variation_moves: vec![None; count_nodes(&game.variations)],
    };
    if game.board_width != 15 || game.board_height != 15 {
        r.termination = Termination::NotRenju;
        r.findings.push(finding(
            None,
            "not-renju-board",
            Severity::Error,
            "renju §3-1",
            if renju {
                format!(
                    "the record is on a {}×{} board; Renju is played on 15×15, so the game was \
                     not replayed",
                    game.board_width, game.board_height
                )
            } else {
                format!(
                    "the record is on a {}×{} board; kifu replays free-style gomoku on 15×15 \
                     only, so the game was not replayed",
                    game.board_width, game.board_height
                )
            },
        ));
        r.canonical_key = record_key(game);
        return r;
    }

    let mut board = Board::new();
    // The first game-ending event: (ply, outcome, termination, point).
    let mut end: Option<(u32, Outcome, Termination, Move)> = None;
    let mut stopped = false;
    let mut forbidden_played: Vec<(u32, Point, ForbiddenKind)> = Vec::new();
    let mut opening_passes: Vec<u32> = Vec::new();

    for (i, raw) in game.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let colour = Stone::of_ply(ply);
        let m: Move = match raw.point {
            None => None,
            Some((c, row)) => match Point::new(c, row) {
                Some(p) => Some(p),
                None => {
                    r.findings.push(finding(
                        Some(ply),
                        "off-board",
                        Severity::Error,
                        "renju §3-1",
                        format!(
                            "move {ply} ({}) is off the 15×15 board: column {}, row {} (the \
                             board has columns a-o and rows 1-15); the replay stops here, {} \
                             of {plies} moves applied",
                            colour.name(),
                            c as u32 + 1,
                            row as u32 + 1,
                            ply - 1
                        ),
                    ));
                    stopped = true;
                    break;
                }
            },
        };
        match m {
            None => {
                if ply <= 5 {
                    opening_passes.push(ply);
                }
                if end.is_none() && r.moves.last() == Some(&None) {
                    end = Some((ply, Outcome::Draw, Termination::TwoPasses, None));
                }
            }
            Some(p) => {
                if let Some(by) = board.get(p) {
                    let at = r
                        .moves
                        .iter()
                        .position(|&x| x == Some(p))
                        .map_or(0, |k| k + 1);
                    r.findings.push(finding(
                        Some(ply),
                        "illegal-move",
                        Severity::Error,
                        "renju §7",
                        format!(
                            "move {ply} ({} {p}) is on an occupied point: {p} already holds the \
                             {by} stone of move {at}; the replay stops here, {} of {plies} \
                             moves applied",
                            colour.name(),
                            ply - 1
                        ),
                    ));
                    stopped = true;
                    break;
                }
                let forbidden = if renju && colour == Stone::Black && end.is_none() {
                    board.forbidden(p)
                } else {
                    None
                };
                board.place(p, colour);
                if end.is_none() {
                    let wins = if renju {
                        board.is_win_at(p, colour)
                    } else {
                        board.longest_run(p, colour) >= 5
                    };
                    if wins {
                        // Black's winning run is always an exact five in Renju.
                        let t = if board.longest_run(p, colour) > 5
                            && (colour == Stone::White || !renju)
                        {
                            Termination::Overline
                        } else {
                            Termination::Five
                        };
                        end = Some((ply, Outcome::Win(colour.seat()), t, m));
                    } else if let Some(k) = forbidden {
                        forbidden_played.push((ply, p, k));
                    }
                    if end.is_none() && board.is_full() {
                        end = Some((ply, Outcome::Draw, Termination::BoardFull, m));
                    }
                }
            }
        }
        r.moves.push(m);
    }
    let applied = r.moves.len() as u32;

    if renju && !opening_passes.is_empty() {
        r.findings.push(finding(
            Some(opening_passes[0]),
            "pass-in-opening",
            Severity::Info,
            "renju §9-7",
            format!(
                "move {} is a pass, but no pass is allowed during the opening (moves 1-5)",
                opening_passes[0]
            ),
        ));
    }

    // Black's forbidden moves before the end.
    let last_ply = applied;
    let mut overline_on_board: Option<(u32, Point)> = None;
    let mut last_forbidden: Option<(u32, Point, ForbiddenKind)> = None;
    for &(ply, p, k) in &forbidden_played {
        if ply == last_ply && !stopped {
            last_forbidden = Some((ply, p, k));
            continue;
        }
        match k {
            ForbiddenKind::Overline => {
                // White may claim at each of its turns while the game goes on, up to the
                // end of the record (the turn after the last move included).
                let until = end.map_or(last_ply + 1, |e| e.0);
                let turns: Vec<u32> = (ply + 1..=until).step_by(2).collect();
                if end.is_none() && overline_on_board.is_none() {
                    overline_on_board = Some((ply, p));
                }
                r.findings.push(
                    finding(
                        Some(ply),
                        "overline-unclaimed",
                        Severity::Info,
                        "renju §8-9 a",
                        format!(
                            "move {ply} (black {p}) makes an overline, a forbidden move, and the \
                         game went on; White could claim it on any later turn of its own: \
                         {} {}",
                            if turns.len() == 1 { "ply" } else { "plies" },
                            plies_list(&turns)
                        ),
                    )
                    .about_forbidden(ForbiddenKind::Overline),
                );
            }
            _ => r.findings.push(
                finding(
                    Some(ply),
                    "forbidden-unclaimed",
                    Severity::Info,
                    "renju §8-9 b",
                    format!(
                        "move {ply} (black {p}) is {} {k}, a forbidden move, but White played on \
                     (move {}) without claiming it, so it stands as a legal move",
                        article(k),
                        ply + 1
                    ),
                )
                .about_forbidden(k),
            ),
        }
    }

    let recorded = game.header.result.filter(|o| o.is_known());

    if let Some((ply, outcome, t, m)) = end {
        r.derived_result = Some(outcome);
        r.termination = t;
        r.end_ply = Some(ply);
        let after = plies - ply;
        if after > 0 {
            let (code, rule, what) = match t {
                Termination::Five | Termination::Overline => (
                    "moves-after-five",
                    win_rule,
                    format!(
                        "{} {} at move {ply} ({})",
                        Stone::of_ply(ply).title(),
                        if t == Termination::Overline {
                            "makes an overline"
                        } else {
                            "completes five"
                        },
                        move_text(m)
                    ),
                ),
                Termination::TwoPasses => (
                    "moves-after-end",
                    "renju §8-7",
                    format!("moves {} and {ply} are both passes (a draw)", ply - 1),
                ),
                _ => (
                    "moves-after-end",
                    "renju §8-10",
                    format!("the board is full at move {ply} (a draw)"),
                ),
            };
            r.findings.push(finding(
                Some(ply + 1),
                code,
                Severity::Warning,
                rule,
                format!(
                    "{what}, but the record goes on for {after} more move{}; the result is \
                     fixed at move {ply}",
                    if after == 1 { "" } else { "s" }
                ),
            ));
        }
        if let Some(rec) = recorded {
            if rec != outcome {
                let how = match t {
                    Termination::Five => format!(
                        "{} completes five with {} at move {ply}",
                        Stone::of_ply(ply).title(),
                        move_text(m)
                    ),
                    Termination::Overline => format!(
                        "{} makes an overline (a {} win) with {} at move {ply}",
                        Stone::of_ply(ply).title(),
                        Stone::of_ply(ply).title(),
                        move_text(m)
                    ),
                    Termination::TwoPasses => {
                        format!(
                            "moves {} and {ply} are two passes in a row (a draw)",
                            ply - 1
                        )
                    }
                    _ => format!("all 225 points are filled at move {ply} (a draw)"),
                };
                let rule = match t {
                    Termination::TwoPasses => "renju §8-7",
                    Termination::BoardFull => "renju §8-10",
                    _ => win_rule,
                };
                r.findings.push(finding(
                    Some(ply),
                    "result-contradicts-board",
                    Severity::Error,
                    rule,
                    format!(
                        "the record gives the result `{}`, but {how}, so the board says `{}`",
                        rec.name(GameKind::Renju),
                        outcome.name(GameKind::Renju)
                    ),
                ));
            }
        }
    } else if let Some((ply, p, k)) = last_forbidden {
        r.derived_result = Some(Outcome::Win(Seat::SECOND));
        r.termination = Termination::ForbiddenMove;
        r.end_ply = Some(ply);
        if let Some(rec) = recorded.filter(|&o| o != Outcome::Win(Seat::SECOND)) {
            r.findings.push(
                finding(
                    Some(ply),
                    "forbidden-move",
                    Severity::Warning,
                    if k == ForbiddenKind::Overline {
                        "renju §8-9 a"
                    } else {
                        "renju §8-9"
                    },
                    format!(
                    "the last move, move {ply} (black {p}), is {} {k}, a forbidden move that White \
                     can claim as a win, but the record gives `{}`: the claim was not made",
                    article(k),
                    rec.name(GameKind::Renju)
                ),
                )
                .about_forbidden(k),
            );
        }
    } else if stopped {
        r.termination = Termination::IllegalMove;
    } else if let (Some(_), Some(Outcome::Win(Seat::SECOND))) = (overline_on_board, recorded) {
        // White's win is explained by a late claim of the overline (§8-9 a).
        r.derived_result = Some(Outcome::Win(Seat::SECOND));
        r.termination = Termination::ForbiddenMove;
        r.end_ply = Some(applied); // the claim comes after the last recorded move
    }

    // The opening is Renju's: free-style games have neither its canonical openings nor
    // its opening rules.
    if renju {
        judge_opening(&mut r, game);
    }

    if !game.variations.is_empty() {
        let checked = super::variations::check(&game.variations, &r.moves, rules);
        r.variation_moves = checked.moves;
        r.findings.extend(checked.findings);
    }

    r.canonical_key = record_key(game);
    r.findings.sort_by_key(|f| f.ply.unwrap_or(0));
    r
}

/// The Renju opening of the replayed moves: its canonical opening, or why it is none, and
/// the findings of the opening rule the record names.
fn judge_opening(r: &mut Replay, game: &RawGame) {
    if let Some((o, s)) = classify(&r.moves) {
        r.opening = Some(o);
        r.opening_symmetry = Some(s);
    } else if r.moves.len() >= 3 {
        let first: Vec<String> = r.moves[..3].iter().map(|&m| move_text(m)).collect();
        let why = if r.moves[0] != Some(Point::CENTER) {
            "the game does not start at h8".to_string()
        } else if r.moves[..3].contains(&None) {
            "they include a pass".to_string()
        } else {
            let m2 = r.moves[1].expect("checked");
            let m3 = r.moves[2].expect("checked");
            let d = |p: Point| p.col().abs_diff(7).max(p.row().abs_diff(7));
            if d(m2) != 1 {
                format!("move 2 {m2} is not next to h8")
            } else {
                format!("move 3 {m3} is not within the 5×5 square around h8")
            }
        };
        r.findings.push(finding(
            Some(3),
            "non-canonical-opening",
            Severity::Info,
            "renju opening rule 1 (1)",
            format!(
                "moves 1-3 ({}) are not one of the 26 canonical openings: {why}",
                first.join(" ")
            ),
        ));
    }
    if let Some(rule) = game.header.rule.as_deref().and_then(OpeningRule::from_name) {
        r.findings.extend(validate(rule, &r.moves, &game.opening));
    }
}
