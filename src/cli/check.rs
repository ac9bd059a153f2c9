//! `kifu check`: the arbiter's look at a position given on the command line — Renju,
//! Xiangqi, Chess Territorial or ChouChou — as text or JSON.

use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::{Args, Subcommand};
use kifu_facts::GameKind;
use kifu_rules::renju::{self, Marks, Position, Stone};
use kifu_rules::{chouchou, territorial, xiangqi};
use serde_json::json;

use super::text::finding_text;
use crate::stdout;
use kifu_reports::replay::{captured_totals, classes_text};

/// `kifu check`'s flags: the game, whose subcommand has the position's.
#[derive(Args)]
pub(super) struct CheckArgs {
    #[command(subcommand)]
    game: CheckGame,
}

/// The game checked, with its position's flags.
#[derive(Subcommand)]
enum CheckGame {
    /// A Renju position: whose turn, Black's forbidden points and their kinds, the winner.
    Renju {
        /// Moves in RIF notation from the empty board, `--` for a pass.
        #[arg(long, default_value = "")]
        moves: String,
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A Xiangqi position: each move's classes (check, chase with chaser and target, …),
    /// the legal moves and any repetition verdict (棋例).
    Xiangqi {
        /// Start position (default: the standard one).
        #[arg(long, default_value = xiangqi::START_FEN)]
        fen: String,
        /// Moves in ICCS (`h2e2 h9g7 …`, ranks 0-9).
        #[arg(long, default_value = "")]
        moves: String,
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A Chess Territorial game: legality of each placement, whose turn, the territories
    /// (size, multiplier), each side's score and the winner.
    Territorial {
        /// Placements from the empty board: `K@e1 K@d8 Q@e2 @e3 --`.
        #[arg(long, default_value = "")]
        moves: String,
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A ChouChou game: each action's captures (simultaneous and chain steps), the
    /// findings, each player's captured total and the winner.
    Chouchou {
        /// 3x3, js or 4x4.
        #[arg(long, default_value = "3x3")]
        variant: String,
        /// 2, 3 or 4 players.
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// Four players as two pairs.
        #[arg(long)]
        pairs: bool,
        /// Actions: `1A 2A 3C→1A② 2B→3A① …` (optionally `x3` after an action).
        #[arg(long, default_value = "")]
        moves: String,
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

pub(super) fn run(args: &CheckArgs) -> Result<ExitCode> {
    match &args.game {
        CheckGame::Renju { moves, json } => check_renju(moves, *json),
        CheckGame::Xiangqi { fen, moves, json } => check_xiangqi(fen, moves, *json),
        CheckGame::Territorial { moves, json } => check_territorial(moves, *json),
        CheckGame::Chouchou {
            variant,
            players,
            pairs,
            moves,
            json,
        } => check_chouchou(variant, *players, *pairs, moves, *json),
    }
}

/// `check renju`: the position after RIF moves, whose turn, Black's forbidden points with
/// their kinds, the winner.
fn check_renju(moves: &str, json: bool) -> Result<ExitCode> {
    let moves = renju::parse_moves(moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let position = Position::from_moves(&moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let forbidden = position.forbidden_points();
    let winner = position.winner();
    if json {
        let value = json!({
            "to_move": position.to_move().name(),
            "forbidden": forbidden
                .iter()
                .map(|(p, k)| json!({"point": p.to_string(), "kind": k.name()}))
                .collect::<Vec<_>>(),
            "winner": winner.map(Stone::name),
            "last_move_forbidden": position.last_move_forbidden().map(|k| k.name()),
            "plies": position.ply(),
        });
        stdout::line(&value)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = position.render(&Marks::standard());
    if forbidden.is_empty() {
        if position.to_move() == Stone::Black && !position.is_over() {
            out.push_str("no forbidden points for Black\n");
        }
    } else {
        for (p, k) in &forbidden {
            out.push_str(&format!("forbidden {p}: {k}\n"));
        }
    }
    match winner {
        Some(s) => out.push_str(&format!("won: {} has made five\n", s.name())),
        None if position.is_over() => out.push_str("game over: draw\n"),
        None => out.push_str("not yet won\n"),
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `check xiangqi`: ICCS moves replayed from a FEN, each move's classes, the legal moves,
/// the repetition verdict the moves end in and those play went past.
fn check_xiangqi(fen: &str, moves: &str, json: bool) -> Result<ExitCode> {
    let mut parsed = Vec::new();
    for (i, token) in moves.split_whitespace().enumerate() {
        let m = xiangqi::Move::parse_iccs(token, false).ok_or_else(|| {
            anyhow!(
                "--moves: move {} `{token}` is not an ICCS move like h2e2",
                i + 1
            )
        })?;
        parsed.push(m);
    }
    let analysis = xiangqi::analyze(fen, &parsed).map_err(|e| anyhow!("{e}"))?;
    let verdict = analysis.verdict.as_ref().map(|v| {
        json!({
            "result": v.result.name(GameKind::Xiangqi).name(),
            "loser": v.loser.map(|s| s.name()),
            "rule": v.rule,
            "kind": v.kind.name(),
            "ply": v.ply,
            "cycle": v.cycle_text(),
        })
    });
    // Verdicts play went past (a later move left the cycle): they decide nothing.
    let passed: Vec<_> = analysis
        .passed
        .iter()
        .map(|p| {
            let v = &p.ruling.verdict;
            json!({
                "result": v.result.name(GameKind::Xiangqi).name(),
                "loser": v.loser.map(|s| s.name()),
                "rule": v.rule,
                "kind": v.kind.name(),
                "ply": v.ply,
                "cycle": v.cycle_text(),
                "occurrences": p.ruling.occurrences,
                "left_at": p.left_at,
                "left_by": p.left_by.name(),
            })
        })
        .collect();
    if json {
        let value = json!({
            "to_move": analysis.to_move.name(),
            "legal_moves": analysis.legal_moves.iter().map(|m| m.iccs()).collect::<Vec<_>>(),
            "moves": analysis.moves.iter().map(|(m, c)| json!({
                "move": m.iccs(),
                "classes": c.classes.iter().map(|k| k.name()).collect::<Vec<_>>(),
                "chases": c.chases.iter().map(|ch| json!({
                    "by": ch.by.iccs(),
                    "target": ch.target.iccs(),
                    "forbidden": ch.forbidden,
                    "rule": ch.reason,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "verdict": verdict,
            "passed": passed,
            "fen": analysis.position.to_fen(),
        });
        stdout::line(&value)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = analysis.position.render(parsed.last().copied());
    out.push_str(&format!(
        "{} to move, {} legal moves; FEN {}\n",
        analysis.to_move.name(),
        analysis.legal_moves.len(),
        analysis.position.to_fen()
    ));
    for (i, (m, c)) in analysis.moves.iter().enumerate() {
        out.push_str(&format!(
            "{:>3}. {}: {}\n",
            i + 1,
            m.iccs(),
            classes_text(c)
        ));
    }
    for p in &analysis.passed {
        let v = &p.ruling.verdict;
        let duty = match v.loser {
            Some(l) => format!("{} had to change", l.name()),
            None => "drawn only if neither side changes".to_owned(),
        };
        out.push_str(&format!(
            "passed: {} at move {}, {}: {duty}; {} left the cycle at move {}, so it decides \
             nothing; cycle: {}\n",
            v.kind.name(),
            v.ply,
            v.rule,
            p.left_by.name(),
            p.left_at,
            v.cycle_text()
        ));
    }
    match &analysis.verdict {
        Some(v) => out.push_str(&format!(
            "verdict: {} ({}) at move {}, {}; cycle: {}\n",
            v.result.name(GameKind::Xiangqi),
            v.kind.name(),
            v.ply,
            v.rule,
            v.cycle_text()
        )),
        None => out.push_str("no repetition verdict\n"),
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `check territorial`: placements replayed from the empty board, the findings, the
/// territories, the score and the winner once the game is over.
fn check_territorial(moves: &str, json: bool) -> Result<ExitCode> {
    let header = kifu_parser::raw::Header::default();
    let parsed = territorial::parse_moves(moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let texts: Vec<(kifu_parser::CtMoveText, String)> = parsed
        .iter()
        .map(|m| (m.to_text(), m.to_string()))
        .collect();
    let replay = territorial::replay_moves(texts.iter().map(|(t, w)| (*t, w.as_str())), &header);
    let score = &replay.score;
    let winner = if replay.position.is_over() {
        Some(score.winner.map(|s| s.name()).unwrap_or("draw"))
    } else {
        None
    };
    if json {
        let value = json!({
            "findings": replay.findings.iter().map(|f| json!({
                "ply": f.ply, "code": f.code, "severity": f.severity.name(),
                "message": f.message, "rule": f.rule,
            })).collect::<Vec<_>>(),
            "score": {"white": score.white, "black": score.black},
            "territories": score.territories.iter().map(|t| json!({
                "side": t.side.name(),
                "size": t.size,
                "multiplier": t.multiplier,
                "king": t.has_king,
                "queen": t.has_queen,
                "squares": t.squares.iter().map(|q| q.to_string()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "to_move": if replay.position.is_over() { None } else { Some(replay.position.side_to_move().name()) },
            "winner": winner,
        });
        stdout::line(&value)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = replay.position.to_text();
    out.push('\n');
    for f in &replay.findings {
        out.push_str(&finding_text(f));
    }
    for t in &score.territories {
        out.push_str(&format!(
            "{} territory of {}{}{} ×{}\n",
            t.side.name(),
            t.size,
            if t.has_king { ", king" } else { "" },
            if t.has_queen { ", queen" } else { "" },
            t.multiplier
        ));
    }
    out.push_str(&format!("{score}\n"));
    if winner.is_none() {
        out.push_str("the game is not over: the score above is the current count\n");
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `check chouchou`: actions replayed, each capture with its simultaneous and chain steps,
/// the findings, the captured totals and the winner.
fn check_chouchou(
    variant: &str,
    players: u8,
    pairs: bool,
    moves: &str,
    json: bool,
) -> Result<ExitCode> {
    let variant = chouchou::Variant::from_id(variant).ok_or_else(|| {
        anyhow!(crate::choice::unknown_name(
            "variant",
            variant,
            chouchou::Variant::ALL.map(chouchou::Variant::id)
        ))
    })?;
    let actions = chouchou::parse_moves(moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let replay = chouchou::check_annotated(variant, players, pairs, &actions);
    if json {
        stdout::line(replay.check_json())?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = replay.board.render();
    out.push('\n');
    for c in &replay.captures {
        let steps: Vec<String> = c.steps.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "move {}: {} takes {} (simultaneous {}{})\n",
            c.ply,
            chouchou::CcReplay::seat_label(c.player),
            c.taken,
            steps.first().cloned().unwrap_or_default(),
            if steps.len() > 1 {
                format!(", then chains {}", steps[1..].join(", "))
            } else {
                String::new()
            }
        ));
    }
    for f in &replay.findings {
        out.push_str(&finding_text(f));
    }
    out.push_str(&format!(
        "captured: {} (threshold {})\n",
        captured_totals(&replay.captured),
        variant.threshold()
    ));
    match replay.winner {
        Some(w) => out.push_str(&format!("winner: {}\n", chouchou::CcReplay::seat_label(w))),
        None => out.push_str("no winner yet\n"),
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}
