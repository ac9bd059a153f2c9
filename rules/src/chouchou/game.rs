//! The audit of one ChouChou record: replay, captures, the winner, points and findings.
//!
//! Interpretation decisions (chouchou.md and the official rules, 2022-11-25):
//! - Seats play in seat order (`P1`, `P2`, …, clockwise); in pairs seats alternate teams
//!   (P1+P3 against P2+P4) and partners share a colour. The mover of each record entry
//!   follows from the turn rules; a spreadsheet `player` naming someone else is
//!   `wrong-player` (warning).
//! - A piece move right after the same player's piece move (rule 7(1)) is void and taken
//!   back: `consecutive-move` (warning), penalty pieces to every opponent (2 players 5;
//!   3 players 4 each; 4 individual 3 each; pairs 3 to each member of the other pair),
//!   counted as captured; **[decision]** the offender plays again: the next record entry is
//!   theirs. The void move uses no move token.
//! - A board-illegal action (`illegal-action`) or a 10th piece move (`move-limit`) is an
//!   error and stops the replay; later entries are counted in `plies` but not applied.
//! - A player without a legal action passes (`no-legal-action`, info) **[decision]**; the
//!   NEXT-zone restriction stays until that player places (rule 7(4)). When every player
//!   in turn has no legal action the game ends without a winner (`no-legal-action`).
//! - The first player whose captured total (penalty pieces included) reaches the threshold
//!   wins (rule 4(1)); entries after the win are `moves-after-win` (warning), not applied.
//! - Annotated counts: higher than the entitlement `capture-mismatch` (error, the full
//!   entitlement is taken); lower `capture-forgotten` (warning, rule 7(5)): exactly that
//!   many are taken, lines in reading order.
//! - `[Result]` naming another winner than the board (or `draw` when the board has one):
//!   `result-contradicts-board` (error). A claimed winner below the threshold with no
//!   `[Termination]` to explain it: `capture-mismatch` (error); with one (`time`, …) the
//!   recorded winner is accepted.
//! - A header the engine cannot play (unknown variant, player count outside 2-4, pairs
//!   without 4 players): `bad-setup` (error), nothing is replayed.

use super::action::{action_text, is_piece_move, ActionText, CcActionText};
use super::board::{Board, Variant};
use super::state::{State, MOVE_TOKENS};
use crate::finding::{finding, Finding, Severity};
use kifu_parser::raw::CcGame;

pub const RULE_PLACE: &str = "chouchou rule 3 placing(3)";
pub const RULE_MOVE: &str = "chouchou rule 3 moving(1)";
pub const RULE_TOKENS: &str = "chouchou rule 3 moving(3)";
pub const RULE_CONSECUTIVE: &str = "chouchou rule 7(1)";
pub const RULE_CAPTURE: &str = "chouchou rule 3 capturing(1)-(2)";
pub const RULE_FORGOTTEN: &str = "chouchou rule 7(5)";
pub const RULE_WIN: &str = "chouchou rule 4(1)";
pub const RULE_PASS: &str = "chouchou rule 7(4) [decision]";
pub const RULE_SWAP_SILENT: &str = "chouchou rule 3 capturing(1) [decision]";
pub const RULE_NOTATION: &str = "chouchou rule 7(3)";
pub const RULE_SEATS: &str = "chouchou rule 6(1)";

pub use kifu_facts::termination::ChouChouTermination as CcTermination;

/// One capture: the pieces a mover took at one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureEvent {
    pub ply: u32,
    /// Seat index (0 = `P1`).
    pub player: usize,
    pub taken: u32,
    /// The simultaneous step, then each chain step.
    pub steps: Vec<u32>,
}

/// One record entry as replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcPly {
    pub ply: u32,
    /// Seat index of the mover.
    pub seat: usize,
    pub action: CcActionText,
    /// Void under rule 7(1) (taken back, penalty given).
    pub void: bool,
    pub taken: u32,
    /// The pieces the board entitled the mover to (more than `taken` when the record's
    /// count forgot some, rule 7(5)); 0 for a void move.
    pub entitled: u32,
}

/// The audit of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcReplay {
    pub variant: Variant,
    pub players: usize,
    pub pairs: bool,
    /// Record entries (all of them, applied or not).
    pub plies: u32,
    /// The entries replayed, in order.
    pub moves: Vec<CcPly>,
    /// Seat index of the winner.
    pub winner: Option<usize>,
    /// Captured pieces per seat, penalty pieces included.
    pub captured: Vec<u32>,
    /// Penalty pieces received per seat (included in `captured`).
    pub penalty: Vec<u32>,
    /// Pieces placed per seat.
    pub placed: Vec<u32>,
    /// Move tokens used per seat.
    pub tokens_used: Vec<u8>,
    pub captures: Vec<CaptureEvent>,
    /// Bonus (≥ 0, winner) or penalty (≤ 0, everyone else) points per seat (rule 5(1)).
    pub points: Vec<i32>,
    pub findings: Vec<Finding>,
    pub termination: CcTermination,
    pub board: Board,
    /// The board and the seat to move at the start and after each applied (not void)
    /// entry: the positions the game goes through, kept so the position index need not
    /// apply the rules a second time.
    pub positions: Vec<(Board, usize)>,
}

impl CcReplay {
    /// `P1`…
    pub fn seat_label(seat: usize) -> String {
        format!("P{}", seat + 1)
    }

    /// The JSON `kifu check chouchou` prints: `{"findings": [{"ply","code","message"}],
    /// "captured": {"P1": n, …}, "captures": [{"ply","player","taken","steps"}], "winner"}`.
    pub fn check_json(&self) -> String {
        let findings: Vec<String> = self
            .findings
            .iter()
            .map(|f| {
                format!(
                    "{{\"ply\":{},\"code\":\"{}\",\"severity\":\"{}\",\"message\":{},\"rule\":{}}}",
                    f.ply.map_or("null".to_string(), |p| p.to_string()),
                    f.code,
                    f.severity,
                    json_string(&f.message),
                    json_string(f.rule)
                )
            })
            .collect();
        let captured: Vec<String> = self
            .captured
            .iter()
            .enumerate()
            .map(|(s, n)| format!("\"P{}\":{n}", s + 1))
            .collect();
        let captures: Vec<String> = self
            .captures
            .iter()
            .map(|c| {
                format!(
                    "{{\"ply\":{},\"player\":\"P{}\",\"taken\":{},\"steps\":[{}]}}",
                    c.ply,
                    c.player + 1,
                    c.taken,
                    c.steps
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                )
            })
            .collect();
        format!(
            "{{\"findings\":[{}],\"captured\":{{{}}},\"captures\":[{}],\"winner\":{}}}",
            findings.join(","),
            captured.join(","),
            captures.join(","),
            self.winner
                .map_or("null".to_string(), |w| format!("\"P{}\"", w + 1))
        )
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One record entry for [`run`].
#[derive(Clone, Debug)]
pub struct Entry<'a> {
    pub action: CcActionText,
    pub annotated: Option<u32>,
    /// The player the record names for the entry (spreadsheets).
    pub player: Option<&'a str>,
}

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    pub players: usize,
    pub pairs: bool,
}

/// Why a record's setup cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// ChouChou is for 2 to 4 players.
    PlayerCount(usize),
    /// Pairs are 2 against 2.
    PairsNeedFour(usize),
    /// A `[Variant]` that names no board (as the record writes it).
    UnknownVariant(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::PlayerCount(n) => write!(f, "{n} players: ChouChou is for 2 to 4 players"),
            SetupError::PairsNeedFour(n) => {
                write!(f, "pairs need 4 players (2 vs 2), the record has {n}")
            }
            SetupError::UnknownVariant(v) => {
                write!(f, "unknown variant '{v}': expected 3x3, js or 4x4")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// Checks the player count (2-4) and pairs (exactly 4).
    pub fn new(variant: Variant, players: usize, pairs: bool) -> Result<Setup, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        if pairs && players != 4 {
            return Err(SetupError::PairsNeedFour(players));
        }
        Ok(Setup {
            variant,
            players,
            pairs,
        })
    }
}

/// The setup a record declares: `[Variant]` (default `3x3`), `[Players]` (else the named
/// seats, else 2; pairs imply 4), `[Teams "pairs"]`.
pub fn setup_of(game: &CcGame) -> Result<Setup, SetupError> {
    let variant = match game.variant.as_deref() {
        None => Variant::Standard,
        Some(v) if v.trim().is_empty() => Variant::Standard,
        Some(v) => Variant::from_id(v).ok_or_else(|| SetupError::UnknownVariant(v.to_owned()))?,
    };
    let named = game.header.players.len();
    let players = match game.player_count {
        Some(n) => n as usize,
        None if game.pairs => 4,
        None if named >= 2 => named,
        None => 2,
    };
    Setup::new(variant, players, game.pairs)
}

/// Replays a parsed record.
pub fn replay(game: &CcGame) -> CcReplay {
    let entries: Vec<Entry> = game
        .actions
        .iter()
        .map(|a| Entry {
            action: a.text,
            annotated: a.annotated_captures,
            player: a.player.as_deref(),
        })
        .collect();
    match setup_of(game) {
        Ok(setup) => run(
            setup,
            &entries,
            &game.header.players,
            game.header.result_text.as_deref(),
            game.termination.as_deref(),
        ),
        Err(msg) => {
            let setup = Setup {
                variant: Variant::Standard,
                players: 2,
                pairs: false,
            };
            let mut r = run(setup, &[], &[], None, None);
            r.plies = entries.len() as u32;
            r.termination = CcTermination::BadSetup;
            r.findings.push(finding(
                None,
                "bad-setup",
                Severity::Error,
                RULE_SEATS,
                format!("{msg}; the record is not replayed"),
            ));
            r
        }
    }
}

/// Replays bare actions for the arbiter CLI (`kifu check chouchou`). An invalid player
/// count or pairs without 4 players gives a `bad-setup` finding.
pub fn check(variant: Variant, players: u8, pairs: bool, actions: &[CcActionText]) -> CcReplay {
    let annotated: Vec<(CcActionText, Option<u32>)> = actions.iter().map(|&a| (a, None)).collect();
    check_annotated(variant, players, pairs, &annotated)
}

/// [`check`] with annotated capture counts (as [`super::parse_moves`] returns them).
pub fn check_annotated(
    variant: Variant,
    players: u8,
    pairs: bool,
    actions: &[(CcActionText, Option<u32>)],
) -> CcReplay {
    let entries: Vec<Entry> = actions
        .iter()
        .map(|&(action, annotated)| Entry {
            action,
            annotated,
            player: None,
        })
        .collect();
    match Setup::new(variant, players as usize, pairs) {
        Ok(setup) => run(setup, &entries, &[], None, None),
        Err(msg) => {
            let setup = Setup {
                variant,
                players: 2,
                pairs: false,
            };
            let mut r = run(setup, &[], &[], None, None);
            r.plies = entries.len() as u32;
            r.termination = CcTermination::BadSetup;
            r.findings.push(finding(
                None,
                "bad-setup",
                Severity::Error,
                RULE_SEATS,
                msg.to_string(),
            ));
            r
        }
    }
}

/// The seat a `[Result]` names: `P1`…, a player's name, `1-0`/`0-1` with two players;
/// `Some(None)` for a draw; `None` for `*`, empty or unreadable.
fn recorded_winner(text: &str, names: &[String], players: usize) -> Option<Option<usize>> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "" | "*" | "?" | "unknown" => return None,
        "draw" | "1/2-1/2" | "=" | "引き分け" => return Some(None),
        "1-0" if players == 2 => return Some(Some(0)),
        "0-1" if players == 2 => return Some(Some(1)),
        _ => {}
    }
    if let Some(d) = lower.strip_prefix('p') {
        if let Ok(n) = d.parse::<usize>() {
            if (1..=players).contains(&n) {
                return Some(Some(n - 1));
            }
        }
    }
    names
        .iter()
        .position(|n| !n.trim().is_empty() && n.trim().eq_ignore_ascii_case(t))
        .filter(|&s| s < players)
        .map(Some)
}

/// Bonus/penalty points of one game (rule 5(1)): the winner `captured − threshold` (≥ 0),
/// everyone else `−(threshold − captured)` (≤ 0). Without a winner everyone gets a penalty.
pub fn game_points(winner: Option<usize>, captured: &[u32], threshold: u32) -> Vec<i32> {
    captured
        .iter()
        .enumerate()
        .map(|(s, &c)| {
            let (c, t) = (c as i32, threshold as i32);
            if winner == Some(s) {
                (c - t).max(0)
            } else {
                -(t - c).max(0)
            }
        })
        .collect()
}

/// Replays entries on a checked setup. `names` are the seats' names (may be empty).
pub fn run(
    setup: Setup,
    entries: &[Entry],
    names: &[String],
    result_text: Option<&str>,
    termination: Option<&str>,
) -> CcReplay {
    let n = setup.players;
    let mut st = State::new(setup.variant, n, setup.pairs);
    let mut findings = Vec::new();
    let mut moves = Vec::new();
    let mut captures = Vec::new();
    let mut again = false;
    let mut stopped: Option<CcTermination> = None;
    let label = CcReplay::seat_label;
    let name_of = |s: usize| match names.get(s).map(|x| x.trim()) {
        Some(x) if !x.is_empty() => format!("{} ({x})", label(s)),
        _ => label(s),
    };
    let mut win_ply: Option<u32> = None;
    let mut positions = vec![(st.board.clone(), 0)];
    for (i, e) in entries.iter().enumerate() {
        let ply = i as u32 + 1;
        if stopped.is_some() {
            continue;
        }
        if let Some(w) = st.winner {
            findings.push(finding(
                Some(ply),
                "moves-after-win",
                Severity::Warning,
                RULE_WIN,
                format!(
                    "{} won at ply {} with {} captured; {} further entr{} not replayed",
                    name_of(w),
                    win_ply.unwrap_or(0),
                    st.captured[w],
                    entries.len() - i,
                    if entries.len() - i == 1 { "y" } else { "ies" }
                ),
            ));
            stopped = Some(CcTermination::Threshold);
            continue;
        }
        // The mover.
        let seat = if again {
            st.to_move
        } else {
            let mut s = st.to_move;
            let mut passes = 0;
            while passes < n && !st.has_legal_action(s) {
                passes += 1;
                if passes < n {
                    findings.push(finding(
                        Some(ply),
                        "no-legal-action",
                        Severity::Info,
                        RULE_PASS,
                        format!("{} has no legal action and passes", name_of(s)),
                    ));
                }
                s = st.next_seat(s);
            }
            if passes == n {
                findings.push(finding(
                    Some(ply),
                    "no-legal-action",
                    Severity::Info,
                    RULE_PASS,
                    "no player has a legal action: the game ended without a winner".to_string(),
                ));
                findings.push(finding(
                    Some(ply),
                    "illegal-action",
                    Severity::Error,
                    RULE_PASS,
                    format!(
                        "{} recorded after the game ended (no player had a legal action)",
                        action_text(&e.action)
                    ),
                ));
                stopped = Some(CcTermination::NoLegalAction);
                continue;
            }
            s
        };
        again = false;
        st.to_move = seat;
        let text = ActionText(&e.action);
        if let (Some(named), Some(expected)) = (e.player, names.get(seat)) {
            if !named.trim().is_empty() && !named.trim().eq_ignore_ascii_case(expected.trim()) {
                findings.push(finding(
                    Some(ply),
                    "wrong-player",
                    Severity::Warning,
                    RULE_SEATS,
                    format!(
                        "the record gives {text} to '{}', but by the turn order it is {}'s",
                        named.trim(),
                        name_of(seat)
                    ),
                ));
            }
        }
        if let Err(reason) = st.board_legality(seat, &e.action) {
            let rule = match e.action {
                CcActionText::Place { .. } => RULE_PLACE,
                _ => RULE_MOVE,
            };
            let rule = if reason.is_off_board() {
                RULE_NOTATION
            } else {
                rule
            };
            findings.push(finding(
                Some(ply),
                "illegal-action",
                Severity::Error,
                rule,
                format!("{text} by {}: {reason}", name_of(seat)),
            ));
            stopped = Some(CcTermination::IllegalAction);
            continue;
        }
        if is_piece_move(&e.action) {
            if st.tokens[seat] >= MOVE_TOKENS {
                findings.push(finding(
                    Some(ply),
                    "move-limit",
                    Severity::Error,
                    RULE_TOKENS,
                    format!(
                        "{text} by {} would be piece move number {}: each player has {MOVE_TOKENS} move tokens",
                        name_of(seat),
                        st.tokens[seat] + 1
                    ),
                ));
                stopped = Some(CcTermination::MoveLimit);
                continue;
            }
            if st.must_place[seat] {
                let given = st.apply_penalty(seat);
                let who: Vec<String> = given.iter().map(|&(s, _)| name_of(s)).collect();
                let each = given.first().map_or(0, |g| g.1);
                findings.push(finding(
                    Some(ply),
                    "consecutive-move",
                    Severity::Warning,
                    RULE_CONSECUTIVE,
                    format!(
                        "{text} by {} is a second piece move in a row: void and taken back; \
                         {each} penalty pieces to {} {}; {} plays again",
                        name_of(seat),
                        if given.len() > 1 { "each of" } else { "" },
                        who.join(", "),
                        label(seat)
                    )
                    .replace("  ", " "),
                ));
                if let Some(k) = e.annotated.filter(|&k| k > 0) {
                    findings.push(finding(
                        Some(ply),
                        "capture-mismatch",
                        Severity::Error,
                        RULE_CONSECUTIVE,
                        format!("{text} is void (rule 7(1)) but annotated as taking {k}"),
                    ));
                }
                moves.push(CcPly {
                    ply,
                    seat,
                    action: e.action,
                    void: true,
                    taken: 0,
                    entitled: 0,
                });
                if st.winner.is_some() && win_ply.is_none() {
                    win_ply = Some(ply);
                    let reached: Vec<usize> = given
                        .iter()
                        .map(|g| g.0)
                        .filter(|&s| st.captured[s] >= st.variant.threshold())
                        .collect();
                    if reached.len() > 1 {
                        findings.push(finding(
                            Some(ply),
                            "rules-silent",
                            Severity::Info,
                            RULE_WIN,
                            format!(
                                "penalty pieces bring {} to the threshold at once: the first in \
                                 play order after the offender, {}, is taken as the winner [decision]",
                                reached.iter().map(|&s| label(s)).collect::<Vec<_>>().join(" and "),
                                label(reached[0])
                            ),
                        ));
                    }
                }
                again = true;
                continue;
            }
        }
        let applied = st.apply(seat, &e.action, e.annotated);
        if let Some(msg) = applied.ambiguous.clone() {
            findings.push(finding(
                Some(ply),
                "rules-silent",
                Severity::Info,
                RULE_MOVE,
                msg,
            ));
        }
        if let Some(msg) = applied.silent.clone() {
            findings.push(finding(
                Some(ply),
                "rules-silent",
                Severity::Info,
                RULE_SWAP_SILENT,
                msg,
            ));
        }
        let taken = applied.taken();
        if let Some(k) = e.annotated {
            if k > applied.entitlement {
                findings.push(finding(
                    Some(ply),
                    "capture-mismatch",
                    Severity::Error,
                    RULE_CAPTURE,
                    format!(
                        "{text} is annotated as taking {k}, but the board gives {} {}",
                        label(seat),
                        applied.entitlement
                    ),
                ));
            } else if k < applied.entitlement {
                findings.push(finding(
                    Some(ply),
                    "capture-forgotten",
                    Severity::Warning,
                    RULE_FORGOTTEN,
                    format!(
                        "{text} is annotated as taking {k} of the {} pieces {} was entitled to: \
                         the rest is forgotten and stays on the board (lines taken in reading order)",
                        applied.entitlement,
                        label(seat)
                    ),
                ));
            }
        }
        if taken > 0 {
            captures.push(CaptureEvent {
                ply,
                player: seat,
                taken,
                steps: applied.steps.clone(),
            });
        }
        moves.push(CcPly {
            ply,
            seat,
            action: e.action,
            void: false,
            taken,
            entitled: applied.entitlement,
        });
        if st.winner.is_some() && win_ply.is_none() {
            win_ply = Some(ply);
        }
        st.to_move = st.next_seat(seat);
        positions.push((st.board.clone(), st.to_move));
    }
    // The record ended: a game blocked for every player ends without a winner.
    let mut term = stopped;
    if term.is_none() && st.winner.is_none() && !again && !entries.is_empty() {
        let blocked = (0..n).all(|k| !st.has_legal_action((st.to_move + k) % n));
        if blocked {
            findings.push(finding(
                Some(entries.len() as u32),
                "no-legal-action",
                Severity::Info,
                RULE_PASS,
                "no player has a legal action: the game ends without a winner".to_string(),
            ));
            term = Some(CcTermination::NoLegalAction);
        }
    }
    let mut winner = st.winner;
    let term = match term {
        Some(t) => t,
        None if winner.is_some() => CcTermination::Threshold,
        None => match termination.map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => CcTermination::Recorded(t.to_string()),
            None => CcTermination::Unfinished,
        },
    };
    let thr = setup.variant.threshold();
    if let Some(rec) = result_text.and_then(|t| recorded_winner(t, names, n)) {
        match (st.winner, rec) {
            (Some(w), r) if r != Some(w) => findings.push(finding(
                None,
                "result-contradicts-board",
                Severity::Error,
                RULE_WIN,
                format!(
                    "[Result] says {}, but {} reached {} captured pieces (threshold {thr}) at ply {}",
                    r.map_or("draw".to_string(), label),
                    name_of(w),
                    st.captured[w],
                    win_ply.unwrap_or(0)
                ),
            )),
            (None, Some(r)) => {
                if matches!(term, CcTermination::Recorded(_)) {
                    winner = Some(r);
                } else if matches!(term, CcTermination::Unfinished | CcTermination::NoLegalAction)
                {
                    findings.push(finding(
                        None,
                        "capture-mismatch",
                        Severity::Error,
                        RULE_WIN,
                        format!(
                            "[Result] names {} the winner, but {} captured {} of the {thr} needed \
                             and no [Termination] explains the end",
                            label(r),
                            label(r),
                            st.captured[r]
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    let captured: Vec<u32> = st.captured[..n].to_vec();
    CcReplay {
        variant: setup.variant,
        players: n,
        pairs: setup.pairs,
        plies: entries.len() as u32,
        moves,
        winner,
        points: game_points(winner, &captured, thr),
        captured,
        penalty: st.penalty[..n].to_vec(),
        placed: st.placed[..n].to_vec(),
        tokens_used: st.tokens[..n].to_vec(),
        captures,
        findings,
        termination: term,
        board: st.board,
        positions,
    }
}
