//! The audit of one Chess Territorial record: replay, score, derived result, findings.
//!
//! Interpretation decisions (`chess-territorial.md`, and kifu's own where the md is silent
//! on record keeping):
//! - The first illegal move (a placement breaking §placement/§pieces/§turn-order, a pass
//!   while a placement was legal, a piece letter or square that is no move) stops the
//!   replay: `illegal-placement` / `illegal-pass` (error). Later plies are counted in
//!   `plies` but not applied; the position reached is scored for display, no result is
//!   derived and the score tags are not audited.
//! - The game ends on the board when both hands are empty (`all-placed`) or after two
//!   passes in a row (`two-passes`). Moves after that are not applied and are reported once
//!   (`moves-after-end`, warning).
//! - The rules end the game when "neither can place any more"; records write that end as
//!   two passes. A record that stops where neither side can place, its closing passes
//!   (one or both) not written, has ended all the same (`no-placement`): it is scored and
//!   audited like the others, and `closing-passes-missing` (info) notes the passes left
//!   out.
//! - A record that stops before the end is `unfinished` (info): no result derived, the
//!   `Result`, `WhiteScore` and `BlackScore` tags not checked (players may resign or stop).
//! - At the end the score is computed and audited: a `WhiteScore`/`BlackScore` tag that
//!   differs, or a `Result` (`1-0` White, `0-1` Black, `1/2-1/2`) that is not the derived
//!   result, is `score-mismatch` (error); an unreadable score tag `score-tag-unreadable`
//!   (warning). `*` or no result is never a mismatch.
//! - `rules-silent` (info) where a `[decision]` of the md actually decides something:
//!   Black holding only the queen and one other piece, the other piece placeable but
//!   forbidden by the queen restriction and the queen placeable nowhere — Black must pass
//!   (and, where a record stops there, Black cannot place: with White unable to place too,
//!   the game is over); and a tie broken on queen territories while a queen is still in
//!   hand (its territory is taken as 0).

use super::piece::Side;
use super::placement::{Move, Placement};
use super::position::{clause, End, Position};
use super::score::{score, DecidedBy, Score};
use crate::finding::{finding, Finding, Severity};
use kifu_facts::GameKind;
use kifu_parser::raw::{CtGame, CtMoveText, Header};

/// A game's result: a seat's win (White is the first seat), a draw or unknown.
pub use kifu_facts::Outcome;

pub use kifu_facts::termination::TerritorialTermination as Termination;

/// The audit of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CtReplay {
    /// The moves applied (a legal prefix of the record, up to the end of the game).
    pub moves: Vec<Move>,
    /// Moves in the record.
    pub plies: u32,
    /// The position reached by `moves`.
    pub position: Position,
    /// The score of `position` (final only when `termination` is `all-placed`,
    /// `two-passes` or `no-placement`).
    pub score: Score,
    /// The result the board shows; `None` unless the game ended on the board.
    pub derived_result: Option<Outcome>,
    pub termination: Termination,
    /// The ply at which the game ended on the board.
    pub end_ply: Option<u32>,
    pub findings: Vec<Finding>,
}

fn plies_list(plies: &[u32]) -> String {
    match plies.len() {
        0..=6 => plies
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        n => format!(
            "{}, {}, …, {} ({n} moves)",
            plies[0],
            plies[1],
            plies[n - 1]
        ),
    }
}

/// A score tag (`WhiteScore`, `BlackScore`; key case-insensitive) as written.
fn score_tag<'a>(header: &'a Header, key: &str) -> Option<&'a str> {
    header
        .extra
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.as_str())
}

/// Replays a parsed record and audits it. See the module documentation for the decisions.
pub fn replay(game: &CtGame) -> CtReplay {
    replay_moves(
        game.moves.iter().map(|m| (m.text, m.written.as_str())),
        &game.header,
    )
}

/// [`replay`] for a bare move list and header (`written` is the move as the record writes
/// it, used in messages; empty to use the standard notation).
pub fn replay_moves<'a>(
    moves: impl IntoIterator<Item = (CtMoveText, &'a str)>,
    header: &Header,
) -> CtReplay {
    replay_from(Position::new(), moves, header)
}

/// [`replay_moves`] from a given position (a diagram, for the arbiter and tests) instead of
/// the empty board; plies are numbered on from the position's.
pub fn replay_from<'a>(
    start: Position,
    moves: impl IntoIterator<Item = (CtMoveText, &'a str)>,
    header: &Header,
) -> CtReplay {
    let mut pos = start;
    let mut applied = Vec::new();
    let mut findings = Vec::new();
    let mut plies = 0u32;
    let base = pos.ply();
    let mut stopped = false;
    let mut after_end: Vec<u32> = Vec::new();
    let mut silent_pass: Vec<u32> = Vec::new();
    let mut silent_note: Option<String> = None;

    for (text, written) in moves {
        plies += 1;
        let ply = base + plies;
        if stopped {
            continue;
        }
        if pos.is_over() {
            after_end.push(ply);
            continue;
        }
        let side = pos.side_to_move();
        // The [decision] of the queen restriction, when it decides Black's turn.
        if side == Side::Black && pos.legal_placements().is_empty() {
            let forbidden = pos.queen_restricted();
            if let Some(first) = forbidden.first() {
                silent_pass.push(ply);
                if silent_note.is_none() {
                    silent_note = Some(format!(
                        "Black holds {}: {first}{} would leave the queen as Black's last piece \
                         and the queen can go nowhere; the rules do not say what then, kifu \
                         decides that Black must pass ([decision] of chess-territorial.md)",
                        pos.hand(Side::Black),
                        match forbidden.len() {
                            1 => String::new(),
                            n => format!(" (and {} other placements)", n - 1),
                        }
                    ));
                }
            }
        }
        let shown = |m: &Move| {
            if written.is_empty() {
                m.to_string()
            } else {
                written.to_string()
            }
        };
        let mv = match Move::from_text(text) {
            Ok(m) => m,
            Err(why) => {
                findings.push(finding(
                    Some(ply),
                    "illegal-placement",
                    Severity::Error,
                    clause::PIECES,
                    format!("move {ply} ({side} {written}): {why}"),
                ));
                stopped = true;
                continue;
            }
        };
        if let Err(e) = pos.play(mv) {
            let (code, rule) = if e.is_pass() {
                ("illegal-pass", e.rule())
            } else {
                ("illegal-placement", e.rule())
            };
            findings.push(finding(
                Some(ply),
                code,
                Severity::Error,
                rule,
                format!(
                    "move {ply} ({side} {}): {}; the replay stops here",
                    shown(&mv),
                    e.reason()
                ),
            ));
            stopped = true;
            continue;
        }
        applied.push(mv);
    }

    // A record that stops where neither side can place any more has reached the rules' end:
    // the missing closing passes, and the placements the queen restriction forbids Black.
    let mut no_placement: Option<(u32, Vec<Placement>)> = None;
    if !stopped && !pos.is_over() {
        let missing = if pos.last_was_pass() { 1 } else { 2 };
        let restricted = pos.queen_restricted_for(Side::Black);
        if pos.end_if_no_placement() {
            no_placement = Some((missing, restricted));
        }
    }

    if let Some(note) = silent_note {
        let msg = if silent_pass.len() > 1 {
            format!("{note} (moves {})", plies_list(&silent_pass))
        } else {
            note
        };
        findings.push(finding(
            silent_pass.first().copied(),
            "rules-silent",
            Severity::Info,
            clause::QUEEN_RESTRICTION,
            msg,
        ));
    } else if let Some(first) = no_placement.as_ref().and_then(|(_, r)| r.first()) {
        let others = no_placement.as_ref().map_or(0, |(_, r)| r.len() - 1);
        findings.push(finding(
            None,
            "rules-silent",
            Severity::Info,
            clause::QUEEN_RESTRICTION,
            format!(
                "the record stops with Black holding {}: {first}{} would leave the queen as \
                 Black's last piece and the queen can go nowhere; the rules do not say what \
                 then, kifu decides that Black cannot place ([decision] of \
                 chess-territorial.md), so neither side can place any more",
                pos.hand(Side::Black),
                match others {
                    0 => String::new(),
                    n => format!(" (and {n} other placements)"),
                }
            ),
        ));
    }

    let end = pos.end();
    if let (Some((end_ply, how)), false) = (end, after_end.is_empty()) {
        findings.push(finding(
            Some(after_end[0]),
            "moves-after-end",
            Severity::Warning,
            clause::TURN_ORDER,
            format!(
                "{} {} after the end of the game at move {end_ply} ({}): move{} {}, not applied",
                after_end.len(),
                if after_end.len() == 1 {
                    "move follows"
                } else {
                    "moves follow"
                },
                how.describe(),
                if after_end.len() == 1 { "" } else { "s" },
                plies_list(&after_end)
            ),
        ));
    }

    let sc = score(&pos);
    let termination = match (stopped, end) {
        (true, _) => Termination::IllegalMove,
        (false, Some((_, End::AllPlaced))) => Termination::AllPlaced,
        (false, Some((_, End::TwoPasses))) => Termination::TwoPasses,
        (false, Some((_, End::NoPlacement))) => Termination::NoPlacement,
        (false, None) => Termination::Unfinished,
    };
    let mut derived_result = None;
    match termination {
        Termination::AllPlaced | Termination::TwoPasses | Termination::NoPlacement => {
            if let Some((missing, _)) = no_placement {
                findings.push(finding(
                    None,
                    "closing-passes-missing",
                    Severity::Info,
                    clause::TURN_ORDER,
                    format!(
                        "the record stops after move {} where neither side can place any more \
                         (White holds {}, Black holds {}): the game is over and scored, but {} \
                         not written",
                        pos.ply(),
                        pos.hand(Side::White),
                        pos.hand(Side::Black),
                        if missing == 1 {
                            "its closing pass is"
                        } else {
                            "its two closing passes are"
                        }
                    ),
                ));
            }
            let derived = sc.winner.map_or(Outcome::Draw, |w| Outcome::Win(w.seat()));
            derived_result = Some(derived);
            audit_score(&pos, &sc, header, derived, &mut findings);
        }
        Termination::Unfinished => {
            let tags: Vec<&str> = ["WhiteScore", "BlackScore"]
                .into_iter()
                .filter(|k| score_tag(header, k).is_some())
                .collect();
            findings.push(finding(
                None,
                "unfinished",
                Severity::Info,
                clause::TURN_ORDER,
                format!(
                    "the record stops after move {} with the game still on (White holds {}, \
                     Black holds {}, {} to move): no result is derived{}",
                    pos.ply(),
                    pos.hand(Side::White),
                    pos.hand(Side::Black),
                    pos.side_to_move(),
                    if tags.is_empty() {
                        String::new()
                    } else {
                        format!(" and {} not checked", tags.join(" and "))
                    }
                ),
            ));
        }
        Termination::IllegalMove => {}
    }

    CtReplay {
        moves: applied,
        plies,
        end_ply: end.map(|(p, _)| p),
        position: pos,
        score: sc,
        derived_result,
        termination,
        findings,
    }
}

/// Compares the score tags and the result with the computed score.
fn audit_score(
    pos: &Position,
    sc: &Score,
    header: &Header,
    derived: Outcome,
    findings: &mut Vec<Finding>,
) {
    let end_ply = pos.end().map(|(p, _)| p);
    for (key, side) in [("WhiteScore", Side::White), ("BlackScore", Side::Black)] {
        let Some(text) = score_tag(header, key) else {
            continue;
        };
        match text.trim().parse::<u32>() {
            Ok(n) if n == sc.of(side) => {}
            Ok(n) => findings.push(finding(
                end_ply,
                "score-mismatch",
                Severity::Error,
                clause::SCORING,
                format!(
                    "{key} is {n} but {side} scores {} ({})",
                    sc.of(side),
                    sc.breakdown(side)
                ),
            )),
            Err(_) => findings.push(finding(
                None,
                "score-tag-unreadable",
                Severity::Warning,
                clause::SCORING,
                format!("{key} '{text}' is not a number; not checked"),
            )),
        }
    }
    if let Some(recorded) = header.result.filter(|o| o.is_known()) {
        if recorded != derived {
            findings.push(finding(
                end_ply,
                "score-mismatch",
                Severity::Error,
                clause::SCORING,
                format!(
                    "the record gives {} ({}) but the board gives {} ({sc})",
                    recorded.score().unwrap_or("*"),
                    recorded.name(GameKind::Territorial),
                    derived.score().unwrap_or("*")
                ),
            ));
        }
    }
    if sc.decided_by != DecidedBy::Score {
        let missing: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| sc.queen_territory[s.index()].is_none())
            .collect();
        if !missing.is_empty() {
            findings.push(finding(
                end_ply,
                "rules-silent",
                Severity::Info,
                clause::SCORING,
                format!(
                    "the scores tie at {} and the tie-break compares queen territories, but \
                     {} queen is not on the board; kifu takes its territory as 0",
                    sc.white,
                    missing
                        .iter()
                        .map(|s| format!("{s}'s"))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
            ));
        }
    }
}
