//! ChouChou: the federation's score sheet and standings (rule 5) per event, as text, CSV
//! and JSON.

use std::collections::BTreeMap;

use kifu_facts::{ChouChouAnnotations, Outcome};
use kifu_rules::chouchou::{self, GameResult, Standings};
use kifu_store::query::ResultRow;

use super::event_name;
use crate::cli::text::csv_field;

/// The ChouChou games of each event as the engine's standings.
pub(super) fn event_standings(rows: &[ResultRow]) -> Vec<(String, Standings)> {
    let mut events: BTreeMap<String, Vec<GameResult>> = BTreeMap::new();
    for row in rows {
        let empty = ChouChouAnnotations::default();
        let extra = row.extra.annotations.chouchou().unwrap_or(&empty);
        let seats = if extra.players > 0 {
            extra.players as usize
        } else {
            row.players.len()
        };
        // Seats by their label, so a seat without a name keeps its place.
        let mut players: Vec<String> = (0..seats).map(|i| format!("P{}", i + 1)).collect();
        for (side, name) in &row.players {
            if let Some(i) = side.strip_prefix('P').and_then(|n| n.parse::<usize>().ok()) {
                if (1..=seats).contains(&i) {
                    players[i - 1] = name.clone();
                }
            }
        }
        let seat_of = |label: &str| {
            label
                .strip_prefix('P')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| (1..=seats).contains(&n))
                .map(|n| n - 1)
        };
        // The result that counts (the recorded winner unless the board decided the game
        // otherwise: a time loss is not on the board).
        let winner = match row.result {
            Some(Outcome::Seat(n)) => seat_of(&format!("P{n}")),
            _ => None,
        };
        let captured: Vec<u32> = if extra.captured.is_empty() {
            vec![0; seats]
        } else {
            extra.captured.clone()
        };
        let event = event_name(row);
        events.entry(event.clone()).or_default().push(GameResult {
            event: Some(event),
            round: row.round.clone().unwrap_or_else(|| "1".into()),
            players,
            pairs: extra.pairs,
            winner,
            captured,
            threshold: if extra.threshold > 0 {
                extra.threshold
            } else {
                10
            },
        });
    }
    events
        .into_iter()
        .map(|(event, games)| (event, chouchou::standings(&games)))
        .collect()
}

fn signed(p: i32) -> String {
    if p > 0 {
        format!("+{p}")
    } else {
        p.to_string()
    }
}

/// Each event's score sheet and standings as text.
pub(super) fn text(events: &[(String, Standings)]) -> String {
    let mut out = String::new();
    for (event, st) in events {
        out.push_str(&format!(
            "chouchou: {event}\n  score sheet\n  {:<24}",
            "player"
        ));
        for r in &st.rounds {
            out.push_str(&format!(" {:>8}", format!("R{r}")));
        }
        out.push_str("    total\n");
        for row in &st.sheet {
            out.push_str(&format!("  {:<24}", row.player));
            let mut total = 0;
            for entry in &row.rounds {
                match entry {
                    Some(e) => {
                        total += e.points;
                        out.push_str(&format!(
                            " {:>8}",
                            format!("{} {}", e.mark(), signed(e.points))
                        ));
                    }
                    None => out.push_str(&format!(" {:>8}", "-")),
                }
            }
            out.push_str(&format!(" {:>8}\n", signed(total)));
        }
        out.push_str(
            "  standings\n  #  player                   wins  points  best  worst  decided by\n",
        );
        for t in &st.table {
            out.push_str(&format!(
                "  {:<2} {:<24} {:>4} {:>7} {:>5} {:>6}  {}\n",
                t.place,
                t.player,
                t.wins,
                signed(t.points_sum),
                signed(t.best_bonus),
                t.worst_penalty,
                t.decided_by
            ));
        }
        out.push('\n');
    }
    out
}

/// One CSV line per player and event, under its own header.
pub(super) fn csv(events: &[(String, Standings)]) -> String {
    let mut out =
        String::from("game,event,place,player,wins,points,best_bonus,worst_penalty,decided_by\n");
    for (event, st) in events {
        for t in &st.table {
            out.push_str(&format!(
                "chouchou,{},{},{},{},{},{},{},{}\n",
                csv_field(event),
                t.place,
                csv_field(&t.player),
                t.wins,
                t.points_sum,
                t.best_bonus,
                t.worst_penalty,
                csv_field(t.decided_by)
            ));
        }
    }
    out
}

/// Per event: the rounds, the score sheet and the standings.
pub(super) fn json(events: &[(String, Standings)]) -> serde_json::Value {
    serde_json::Value::Array(
        events
            .iter()
            .map(|(event, st)| {
                serde_json::json!({
                    "event": event,
                    "rounds": st.rounds,
                    "sheet": st.sheet.iter().map(|row| serde_json::json!({
                        "player": row.player,
                        "rounds": row.rounds.iter().map(|e| e.map(|e| serde_json::json!({
                            "mark": e.mark(), "wins": e.wins, "games": e.games, "points": e.points,
                        }))).collect::<Vec<_>>(),
                    })).collect::<Vec<_>>(),
                    "standings": st.table.iter().map(|t| serde_json::json!({
                        "place": t.place,
                        "player": t.player,
                        "wins": t.wins,
                        "points": t.points_sum,
                        "best_bonus": t.best_bonus,
                        "worst_penalty": t.worst_penalty,
                        "decided_by": t.decided_by,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}
