//! ChouChou: the federation's score sheet and standings (rule 5) per event
//! ([`kifu_analysis::standings::chouchou_standings`]) as text, CSV and JSON.

use kifu_analysis::standings::{ChouChouColumn, ChouChouTable};
use kifu_reports::lang::column_label;
use kifu_reports::standings::{chouchou_cell_text, sheet_entry_text, signed};
use kifu_reports::Lang;

use crate::cli::table::{pad_right, render};
use crate::cli::text::csv_field;

/// Each event's score sheet and standings as text.
pub(super) fn text(events: &[ChouChouTable]) -> String {
    let mut out = String::new();
    for ChouChouTable {
        event,
        standings: st,
        ..
    } in events
    {
        out.push_str(&format!(
            "chouchou: {event}\n  score sheet\n  {:<24}",
            "player"
        ));
        for r in &st.rounds {
            out.push_str(&format!(" {:>8}", format!("R{r}")));
        }
        out.push_str("    total\n");
        for row in &st.sheet {
            out.push_str(&format!("  {}", pad_right(&row.player, 24)));
            let mut total = 0;
            for entry in &row.rounds {
                total += entry.as_ref().map_or(0, |e| e.points);
                out.push_str(&format!(" {:>8}", sheet_entry_text(entry.as_ref())));
            }
            out.push_str(&format!(" {:>8}\n", signed(total)));
        }
        out.push_str("  standings\n");
        let heads: Vec<_> = ChouChouColumn::ALL
            .iter()
            .map(|&c| {
                super::heading(
                    c.name(),
                    || column_label(c.name(), Lang::En),
                    c.is_numeric(),
                )
            })
            .collect();
        let rows: Vec<Vec<String>> = st
            .table
            .iter()
            .map(|r| {
                ChouChouColumn::ALL
                    .iter()
                    .map(|&c| chouchou_cell_text(r, c, Lang::En))
                    .collect()
            })
            .collect();
        for line in render(&heads, &rows).lines() {
            out.push_str(&format!("  {line}\n"));
        }
        out.push('\n');
    }
    out
}

/// One CSV line per player and event, under its own header.
pub(super) fn csv(events: &[ChouChouTable]) -> String {
    let mut out =
        String::from("game,event,place,player,wins,points,best_bonus,worst_penalty,decided_by\n");
    for ChouChouTable {
        event,
        standings: st,
        ..
    } in events
    {
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
pub(super) fn json(events: &[ChouChouTable]) -> serde_json::Value {
    serde_json::Value::Array(
        events
            .iter()
            .map(|t| {
                let (event, st) = (&t.event, &t.standings);
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
