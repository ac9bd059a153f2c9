//! The audit of one Xiangqi record: replay, derived result, capture statistics, findings.
//!
//! Decisions:
//! - The start is `game.fen` (unreadable: `bad-fen`, error, nothing replayed) or the
//!   standard position.
//! - Each move is resolved against the position ([`super::notation::resolve`]). A move
//!   that matches no legal move (or cannot be read) stops the replay: `illegal-move`
//!   (error, `xiangqi §play`, the text as written in the message). **[decision]** Except a
//!   move that is illegal only because it leaves the mover's own general attacked (送将:
//!   into check, not answering a check, opening the generals' file — the piece moves by its
//!   own rule, captures no general, and the text names exactly one such move): it is
//!   `illegal-move` (error) too, but it was played and the record goes on, so the replay
//!   applies it and continues (the rest of the game is still checked). Should the next
//!   move take the general, the replay stops there (`illegal-move`); two legal readings stop
//!   it too: `ambiguous-move` (error, `xiangqi §notation`). A move whose piece was picked by
//!   legality (前/后 omitted, …) is `nonstandard-notation` (info, `xiangqi §notation`), one
//!   finding per such move. A text with several legal readings (e.g. `P3+1` with two pawns
//!   on file 3, both able to advance) is settled by the record itself when exactly one
//!   reading lets the following moves replay furthest (looking through up to two further
//!   ambiguities): also `nonstandard-notation`; otherwise `ambiguous-move`.
//! - No legal move for the side to move is a loss (checkmate and stalemate alike,
//!   `xiangqi §play: no legal move = loss`): the derived result is a win for the other side.
//!   Further moves in the record: `moves-after-mate` (warning), not applied.
//! - Recorded results are [`Outcome`]s by seat: Red is the first seat, so a recorded
//!   `Win(Seat::FIRST)` (`1-0`) is **Red**'s win and `Win(Seat::SECOND)` Black's.
//!   When the board decided (mate/stalemate) and the record names another result (including
//!   a draw): `result-contradicts-board` (error). A result the board does not show
//!   (resignation, time, agreement) is accepted.
//! - Variations are replayed from their branch point; their illegal/ambiguous moves are
//!   reported with the same codes at the variation's (absolute) ply but as **warnings**
//!   (the main line is unaffected), the message saying which variation. Reaching the
//!   branch points replays at most [`VARIATION_REPLAY_BUDGET`] plies a game; the
//!   variations past that are not checked (warning `variations-not-checked`).
//! - Repetition ([`super::repetition`], 棋例1–10, followed by [`super::arbiter`] as an
//!   arbiter makes rulings: `xiangqi.md` "[decision, revised]"): after each main-line ply
//!   the position's occurrences since the last capture are counted; classes are computed
//!   only when it occurs for the third time. A verdict is an intervention, not an
//!   automatic end: the offender must change (不变作负), an allowed repetition is drawn if
//!   neither side changes (不变作和).
//!   - The record **ends within the repeating cycle** (no position after the verdict's
//!     that is not one of the cycle's): the verdict decides the game, like a mate —
//!     termination `perpetual-check` / `perpetual-chase` / `repetition-draw` (mutual
//!     check, mutual chase and every allowed repetition), the derived result the
//!     verdict's, the end ply the verdict's. Finding `perpetual-check` /
//!     `perpetual-chase` (warning: the side, the cycle's moves in ICCS with their classes,
//!     the target(s); rule `xiangqi 棋例N`) or `repetition-draw` (info), saying how far
//!     the record repeats the cycle when it goes on repeating it; a recorded result other
//!     than the verdict's: `result-contradicts-repetition-ruling` (error).
//!   - **Play leaves the cycle** (either side makes a move to a position outside it): the
//!     game was not decided there. Finding `perpetual-check-changed` /
//!     `perpetual-chase-changed` / `repetition-draw-changed` (info, at the ply where play
//!     left the cycle: the cycle, the side that had to change or that the repetition was of
//!     allowed moves, who left it, the occurrences reached). Judging goes on; the
//!     termination and derived result come from how the record ends (mate, stalemate, a
//!     later verdict the record ends in, or none), and no contradiction is reported
//!     against the verdict play went past.

use super::arbiter::Arbiter;
use super::notation::{move_to_chinese, resolve, resolve_self_check, NotationError, Resolved};
use super::piece::{Kind, Side};
use super::position::Position;
use super::repetition::RepetitionIndex;
use super::square::Move;
use crate::finding::{finding, Finding, Severity};
use kifu_facts::{GameKind, Outcome};
use kifu_parser::raw::{XqGame, XqMove, XqMoveText, XqVariation};
use kifu_parser::variation::count_nodes;

/// The basic rules of movement.
pub const RULE_PLAY: &str = "xiangqi §play";
/// No legal move = loss (checkmate and stalemate).
pub const RULE_NO_MOVE: &str = "xiangqi §play: no legal move = loss";
/// How moves are written.
pub const RULE_NOTATION: &str = "xiangqi §notation";

pub use super::termination::Termination;

/// Captures over the applied moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaptureStats {
    /// `taken[side][kind]`: enemy pieces of `kind` captured **by** `side`
    /// (`side` as [`Side::index`], `kind` as [`Kind::index`]).
    pub taken: [[u16; 7]; 2],
    /// The first ply (1-based) that captured.
    pub first_capture_ply: Option<u32>,
    /// Material balance Red − Black after each applied ply (index 0 = after ply 1), in
    /// half-pawn units of [`Kind::value`]: rook 18, cannon 9, horse 8, advisor 4, elephant 4,
    /// pawn 2.
    pub material: Vec<i32>,
}

impl CaptureStats {
    /// Pieces of `kind` captured by `side`.
    pub fn taken_by(&self, side: Side, kind: Kind) -> u16 {
        self.taken[side.index()][kind.index()]
    }

    pub fn total(&self) -> u32 {
        self.taken.iter().flatten().map(|&n| n as u32).sum()
    }
}

/// The audit of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqReplay {
    /// The moves actually applied (a legal prefix of the main line).
    pub moves: Vec<Move>,
    /// Moves in the record's main line.
    pub plies: u32,
    /// The start position as FEN (normalized), or the FEN as written when unreadable.
    pub start_fen: String,
    /// The position after the applied moves, as FEN (empty for a bad FEN).
    pub final_fen: String,
    /// What the board shows (mate/stalemate: the side to move loses).
    pub derived_result: Option<Outcome>,
    pub termination: Termination,
    /// The ply at which the board ended the game (0 = the start position has no move).
    pub end_ply: Option<u32>,
    pub findings: Vec<Finding>,
    pub captures: CaptureStats,
    /// Number of variations (at any depth) replayed.
    pub variations_checked: u32,
    /// The move each variation node plays, by node number − 1 (numbered by
    /// [`kifu_parser::variation::variation_nodes`]); `None` where the variation could not
    /// be played that far (a finding says why).
    pub variation_moves: Vec<Option<Move>>,
    /// Zobrist hash of the start position and after each applied ply (`moves.len() + 1`
    /// entries), for repetition rulings.
    pub hashes: Vec<u64>,
}

/// The material balance Red − Black of a position (see [`CaptureStats::material`]).
pub fn material(pos: &Position) -> i32 {
    pos.board()
        .pieces()
        .map(|(_, p)| match p.side() {
            Side::Red => p.kind().value(),
            Side::Black => -p.kind().value(),
        })
        .sum()
}

/// Finding for a move that could not be resolved.
fn notation_finding(
    ply: u32,
    mv: &XqMove,
    e: &NotationError,
    severity: Severity,
    ctx: &str,
) -> Finding {
    match e {
        NotationError::Ambiguous { moves, .. } => {
            let list: Vec<String> = moves.iter().map(|m| m.iccs()).collect();
            finding(
                Some(ply),
                "ambiguous-move",
                severity,
                RULE_NOTATION,
                format!("{ctx}{:?} can be read as {}", mv.written, list.join(" or ")),
            )
        }
        _ => finding(
            Some(ply),
            "illegal-move",
            severity,
            RULE_PLAY,
            match mv.text {
                // Squares are named in ICCS, not as written: a DhtmlXQ record writes them
                // as digits (`7967`), which no reader can follow.
                XqMoveText::Coord { from, to } if on_board(from) && on_board(to) => {
                    format!("{ctx}{} is not a legal move", iccs_squares(from, to))
                }
                _ => format!("{ctx}{:?} is not a legal move ({e})", mv.written),
            },
        ),
    }
}

/// A move as a finding names it: by its squares in ICCS when the record gave squares (a
/// DhtmlXQ record's digits mean nothing to a reader), else quoted as written.
fn shown(mv: &XqMove) -> String {
    match mv.text {
        XqMoveText::Coord { from, to } if on_board(from) && on_board(to) => iccs_squares(from, to),
        _ => format!("{:?}", mv.written),
    }
}

fn on_board((file, rank): (u8, u8)) -> bool {
    file < 9 && rank < 10
}

/// `h0g2`: a move's squares (file 0–8 from Red's left, rank 0–9 from Red's side) in ICCS.
fn iccs_squares(from: (u8, u8), to: (u8, u8)) -> String {
    let square = |(file, rank): (u8, u8)| format!("{}{rank}", (b'a' + file) as char);
    format!("{}{}", square(from), square(to))
}

/// Replays a Xiangqi record and audits it.
pub fn replay(game: &XqGame) -> XqReplay {
    let plies = game.moves.len() as u32;
    let mut r = XqReplay {
        moves: Vec::with_capacity(game.moves.len()),
        plies,
        start_fen: String::new(),
        final_fen: String::new(),
        derived_result: None,
        termination: Termination::Unfinished,
        end_ply: None,
        findings: Vec::new(),
        captures: CaptureStats::default(),
        variations_checked: 0,
        variation_moves: Vec::new(),
        hashes: Vec::with_capacity(game.moves.len() + 1),
    };
    let start = match game.fen.as_deref() {
        None => Position::startpos(),
        Some(f) => match Position::from_fen(f) {
            Ok(p) => p,
            Err(e) => {
                r.start_fen = f.to_string();
                r.termination = Termination::BadFen;
                r.findings.push(finding(
                    None,
                    "bad-fen",
                    Severity::Error,
                    RULE_PLAY,
                    format!("start position {f:?}: {e}"),
                ));
                return r;
            }
        },
    };
    r.start_fen = start.to_fen();
    let mut pos = start.clone();
    r.hashes.push(pos.hash());
    let mut repeated = RepetitionIndex::default();
    repeated.push(pos.hash(), 0, pos.halfmove_clock());
    let mut ended = end_state(&pos, 0);
    if let Some((t, o)) = ended {
        r.termination = t;
        r.derived_result = Some(o);
        r.end_ply = Some(0);
    }
    let mut mat = material(&pos);
    let mut arbiter = Arbiter::default();
    // Where the finding of a ruling the record ends in goes (in ply order).
    let mut ruling_at = 0;
    for (i, mv) in game.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        if ended.is_some() {
            r.findings.push(finding(
                Some(ply),
                "moves-after-mate",
                Severity::Warning,
                RULE_NO_MOVE,
                format!(
                    "{} more move(s) after the game ended by {} (first: {})",
                    plies - ply + 1,
                    r.termination,
                    shown(mv)
                ),
            ));
            break;
        }
        let resolved = match resolve(&pos, &mv.text, game.ranks_from_one) {
            Err(NotationError::Ambiguous { text, moves }) => disambiguate_by_continuation(
                &pos,
                &moves,
                &game.moves[i + 1..],
                game.ranks_from_one,
            )
            .ok_or(NotationError::Ambiguous { text, moves }),
            other => other,
        };
        // A move illegal only because it leaves the mover's general attacked (送将) was
        // still played: the record goes on from the position it made.
        let resolved = match resolved {
            Err(NotationError::Illegal { text }) => match resolve_self_check(&pos, &mv.text) {
                Some(m) => {
                    r.findings.push(finding(
                        Some(ply),
                        "illegal-move",
                        Severity::Error,
                        RULE_PLAY,
                        // The move in Chinese notation, not as written: a DhtmlXQ record
                        // writes squares as digits (`4224`), which no reader can follow.
                        format!(
                            "{} ({}) leaves {}'s own general in check (送将), which the rules forbid; \
                             the record goes on, so the replay applies the move and continues",
                            move_to_chinese(&pos, m),
                            m.iccs(),
                            pos.side_to_move()
                        ),
                    ));
                    Ok(Resolved {
                        mv: m,
                        nonstandard: None,
                    })
                }
                None => Err(NotationError::Illegal { text }),
            },
            other => other,
        };
        if let Ok(res) = &resolved {
            if pos
                .piece_at(res.mv.to)
                .is_some_and(|p| p.kind() == Kind::King)
            {
                // Only after a move into check: the general itself is taken. Nothing can
                // be replayed from a position without a general.
                r.termination = Termination::IllegalMove;
                r.findings.push(finding(
                    Some(ply),
                    "illegal-move",
                    Severity::Error,
                    RULE_PLAY,
                    format!(
                        "{} ({}) captures the general left in check; the replay stops here",
                        move_to_chinese(&pos, res.mv),
                        res.mv.iccs()
                    ),
                ));
                break;
            }
        }
        match resolved {
            Ok(res) => {
                if let Some(why) = res.nonstandard {
                    r.findings.push(finding(
                        Some(ply),
                        "nonstandard-notation",
                        Severity::Info,
                        RULE_NOTATION,
                        format!("{:?} read as {}: {why}", mv.written, res.mv.iccs()),
                    ));
                }
                let m = res.mv;
                let mover = pos.side_to_move();
                let u = pos.make(m);
                // Asked by the next move's legality test and by the mate test below.
                pos.settle_check();
                if let Some(c) = u.captured() {
                    r.captures.taken[mover.index()][c.kind().index()] += 1;
                    r.captures.first_capture_ply.get_or_insert(ply);
                    mat += match mover {
                        Side::Red => c.kind().value(),
                        Side::Black => -c.kind().value(),
                    };
                }
                r.captures.material.push(mat);
                r.moves.push(m);
                r.hashes.push(pos.hash());
                let (count, prev) = repeated.push(pos.hash(), r.moves.len(), pos.halfmove_clock());
                if let Some(passed) = arbiter.after_ply(&pos, &r.moves, &r.hashes, count, prev) {
                    r.findings.push(passed.finding());
                }
                if arbiter.open().is_some_and(|o| o.verdict.ply == ply) {
                    ruling_at = r.findings.len();
                }
                ended = end_state(&pos, ply);
                if let Some((t, o)) = ended {
                    r.termination = t;
                    r.derived_result = Some(o);
                    r.end_ply = Some(ply);
                }
            }
            Err(e) => {
                r.termination = match e {
                    NotationError::Ambiguous { .. } => Termination::AmbiguousMove,
                    _ => Termination::IllegalMove,
                };
                r.findings
                    .push(notation_finding(ply, mv, &e, Severity::Error, ""));
                break;
            }
        }
    }
    r.final_fen = pos.to_fen();
    // A ruling still open: the record ends within its cycle, and the verdict decides the
    // game; unless the replay broke off there, at a move that is no repetition of the cycle.
    let mut ruling_rule = "";
    if let Some(open) = arbiter.finish() {
        if matches!(
            r.termination,
            Termination::IllegalMove | Termination::AmbiguousMove
        ) {
            let passed = open.left(r.moves.len() as u32 + 1, pos.side_to_move(), None);
            r.findings.push(passed.finding());
        } else {
            r.termination = open.termination();
            r.derived_result = Some(open.verdict.result);
            r.end_ply = Some(open.verdict.ply);
            ruling_rule = open.verdict.rule;
            r.findings.insert(ruling_at, open.finding());
        }
    }
    // Recorded result against the board.
    let recorded = game.header.result.filter(|o| o.is_known());
    if let (Some(rec), Some(der)) = (recorded, r.derived_result) {
        // In the stored names (`red`, `black`, `draw`) the messages have always used.
        let (rec_name, der_name) = (rec.name(GameKind::Xiangqi), der.name(GameKind::Xiangqi));
        if rec != der
            && matches!(
                r.termination,
                Termination::Checkmate | Termination::Stalemate
            )
        {
            r.findings.push(finding(
                r.end_ply,
                "result-contradicts-board",
                Severity::Error,
                RULE_NO_MOVE,
                format!(
                    "recorded result {rec_name} but the board shows {} (the side to move has no legal move): {der_name} wins",
                    r.termination
                ),
            ));
        }
        if rec != der && r.termination.is_repetition() {
            r.findings.push(finding(
                r.end_ply,
                "result-contradicts-repetition-ruling",
                Severity::Error,
                ruling_rule,
                format!(
                    "recorded result {rec_name} but the repetition ruling ({}) at ply {} gives {der_name}",
                    r.termination,
                    r.end_ply.unwrap_or(0)
                ),
            ));
        }
    }
    // Variations.
    if !game.variations.is_empty() {
        let mut walk = VariationWalk {
            findings: &mut r.findings,
            moves: vec![None; count_nodes(&game.variations)],
            next_node: 0,
            count: 0,
            budget: VARIATION_REPLAY_BUDGET,
            exhausted: false,
        };
        check_variations(
            &start,
            &game.moves,
            &game.variations,
            game.ranks_from_one,
            &mut walk,
        );
        r.variations_checked = walk.count;
        r.variation_moves = walk.moves;
    }
    r
}

/// How many of `rest` can be replayed from `pos` (ambiguities explored `depth` deep).
fn continuation(pos: &Position, rest: &[XqMove], rfo: bool, depth: u32) -> usize {
    let mut p = pos.clone();
    for (i, mv) in rest.iter().enumerate() {
        match resolve(&p, &mv.text, rfo) {
            Ok(r) => {
                p.make(r.mv);
            }
            Err(NotationError::Ambiguous { moves, .. }) if depth > 0 => {
                return i + moves
                    .iter()
                    .map(|&m| 1 + continuation(&p.play(m), &rest[i + 1..], rfo, depth - 1))
                    .max()
                    .unwrap_or(0);
            }
            Err(_) => return i,
        }
    }
    rest.len()
}

/// A move with several legal readings: the reading after which the rest of the record
/// replays furthest, if exactly one does (reported as `nonstandard-notation`).
fn disambiguate_by_continuation(
    pos: &Position,
    moves: &[Move],
    rest: &[XqMove],
    rfo: bool,
) -> Option<Resolved> {
    let scores: Vec<usize> = moves
        .iter()
        .map(|&m| continuation(&pos.play(m), rest, rfo, 2))
        .collect();
    let best = *scores.iter().max()?;
    if scores.iter().filter(|&&s| s == best).count() != 1 {
        return None;
    }
    let k = scores.iter().position(|&s| s == best)?;
    Some(Resolved {
        mv: moves[k],
        nonstandard: Some(
            "the text fits several legal moves; only this one lets the rest of the record be replayed as far",
        ),
    })
}

/// Mate or stalemate of the side to move.
fn end_state(pos: &Position, _ply: u32) -> Option<(Termination, Outcome)> {
    if pos.has_legal_move() {
        return None;
    }
    let t = if pos.in_check() {
        Termination::Checkmate
    } else {
        Termination::Stalemate
    };
    Some((t, Outcome::Win(pos.side_to_move().opp().seat())))
}

/// Plies of recorded lines replayed to reach the variations' branch points, over a whole
/// game. Past it the remaining variations are not checked (a warning
/// `variations-not-checked` says so): thousands of variations off a long line must not
/// take minutes.
pub const VARIATION_REPLAY_BUDGET: u64 = 1_000_000;

/// The state of the variation checks of one game.
struct VariationWalk<'f> {
    findings: &'f mut Vec<Finding>,
    /// The move of each variation node, by node number − 1.
    moves: Vec<Option<Move>>,
    /// Nodes numbered so far.
    next_node: u32,
    /// Variations replayed.
    count: u32,
    /// Plies left of [`VARIATION_REPLAY_BUDGET`].
    budget: u64,
    exhausted: bool,
}

impl VariationWalk<'_> {
    /// Takes `plies` from the budget; false (and a finding, once) when they are not left.
    fn spend(&mut self, plies: u64) -> bool {
        if self.exhausted {
            return false;
        }
        if plies > self.budget {
            self.exhausted = true;
            self.findings.push(finding(
                None,
                "variations-not-checked",
                Severity::Warning,
                RULE_PLAY,
                format!(
                    "variations not checked after {} of them: reaching their branch points \
                     would replay more than {VARIATION_REPLAY_BUDGET} plies",
                    self.count
                ),
            ));
            return false;
        }
        self.budget -= plies;
        true
    }
}

/// Replays `vars` (branching off `line`, which starts at `start` = position before ply 1).
/// One walk along `line` serves every variation in ascending branch order (the parsers'
/// order); a variation branching earlier than the one before starts the walk again.
/// The move each variation node plays goes to `walk.moves` (numbered as
/// [`kifu_parser::variation::variation_nodes`] numbers them, from `walk.next_node`); a
/// node that could not be played (an illegal move, or one after it) stays `None`.
fn check_variations(
    start: &Position,
    line: &[XqMove],
    vars: &[XqVariation],
    ranks_from_one: bool,
    walk: &mut VariationWalk,
) {
    // The walk: `pos` after `made` plies of `line`, or stopped by the error at ply `i`.
    let mut pos = start.clone();
    let mut made = 0usize;
    let mut failed: Option<(usize, NotationError)> = None;
    for v in vars {
        // The nodes of this variation's moves; those of the variations inside it follow.
        let first_node = walk.next_node;
        walk.next_node += v.moves.len() as u32;
        let inner_node = walk.next_node;
        let skip_inner = |walk: &mut VariationWalk| {
            walk.next_node = inner_node + count_nodes(&v.variations) as u32;
        };
        if walk.exhausted {
            skip_inner(walk);
            continue;
        }
        let ctx = format!("variation from ply {}: ", v.from_ply);
        // position before ply v.from_ply along `line` (moves of `line` are numbered from 1)
        let branch = v.from_ply.saturating_sub(1) as usize;
        if branch < made {
            pos = start.clone();
            made = 0;
            failed = None;
        }
        while failed.is_none() && made < branch.min(line.len()) {
            if !walk.spend(1) {
                skip_inner(walk);
                break;
            }
            match resolve(&pos, &line[made].text, ranks_from_one) {
                Ok(res) => {
                    pos.make(res.mv);
                    made += 1;
                }
                Err(e) => failed = Some((made, e)),
            }
        }
        if walk.exhausted {
            continue;
        }
        walk.count += 1;
        if let Some((i, e)) = &failed {
            if *i < branch {
                let f = notation_finding(*i as u32 + 1, &line[*i], e, Severity::Warning, &ctx);
                // About the variation's first move; a variation without moves has none.
                walk.findings.push(if v.moves.is_empty() {
                    f
                } else {
                    f.in_variation(first_node + 1)
                });
                skip_inner(walk);
                continue;
            }
        }
        if line.len() < branch {
            skip_inner(walk);
            continue;
        }
        let mut p = pos.clone();
        let mut played = 0;
        for (i, mv) in v.moves.iter().enumerate() {
            let ply = v.from_ply + i as u32;
            let node = first_node + i as u32 + 1;
            if !p.has_legal_move() {
                walk.findings.push(
                    finding(
                        Some(ply),
                        "moves-after-mate",
                        Severity::Warning,
                        RULE_NO_MOVE,
                        format!("{ctx}{} after the game ended", shown(mv)),
                    )
                    .in_variation(node),
                );
                break;
            }
            match resolve(&p, &mv.text, ranks_from_one) {
                Ok(res) => {
                    if let Some(why) = res.nonstandard {
                        walk.findings.push(
                            finding(
                                Some(ply),
                                "nonstandard-notation",
                                Severity::Info,
                                RULE_NOTATION,
                                format!("{ctx}{:?} read as {}: {why}", mv.written, res.mv.iccs()),
                            )
                            .in_variation(node),
                        );
                    }
                    walk.moves[node as usize - 1] = Some(res.mv);
                    p.make(res.mv);
                    played += 1;
                }
                Err(e) => {
                    walk.findings.push(
                        notation_finding(ply, mv, &e, Severity::Warning, &ctx).in_variation(node),
                    );
                    break;
                }
            }
        }
        // The variation's own line: the prefix of `line` up to the branch plus its moves,
        // so nested variations (absolute plies) can branch off it.
        if v.variations.is_empty() {
            continue;
        }
        if !walk.spend((branch + played) as u64) {
            skip_inner(walk);
            continue;
        }
        let mut full: Vec<XqMove> = line[..branch].to_vec();
        full.extend_from_slice(&v.moves[..played]);
        check_variations(start, &full, &v.variations, ranks_from_one, walk);
        debug_assert_eq!(
            walk.next_node,
            inner_node + count_nodes(&v.variations) as u32
        );
    }
}
