//! The score sheet and standings of rule 5.
//!
//! Per game the winner scores a bonus (captured − threshold, ≥ 0) and every other player a
//! penalty (threshold − captured, written negative) — [`super::game_points`]. In pairs the
//! ranked entry is the pair (`A / C`, members in seat order): it wins when either member
//! wins, and per round its points are the sum of its members' (rule 5(2)).
//!
//! Standings, rule 5(2): (1) more wins; (2) larger sum of points; (3) larger best single
//! bonus; (4) smaller worst single penalty (the penalty nearest to zero ranks higher);
//! (5) all equal: decided by janken, shown as `tie (janken)` and given the same place.
//! Each row's `decided_by` names the criterion that separates it from the row above (the
//! first row: from the row below); a row tied with a neighbour on all four says
//! `tie (janken)`.

use super::game::game_points;
use std::collections::HashMap;

/// One finished game for the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub event: Option<String>,
    pub round: String,
    /// Names in seat order.
    pub players: Vec<String>,
    pub pairs: bool,
    /// Seat index of the winner.
    pub winner: Option<usize>,
    /// Captured pieces per seat (penalty pieces included).
    pub captured: Vec<u32>,
    pub threshold: u32,
}

/// One player's (or pair's) result in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    pub wins: u32,
    pub games: u32,
    /// Bonus and penalty points of the round, summed.
    pub points: i32,
}

impl RoundEntry {
    /// `○` for a win, `×` for a loss.
    pub fn mark(&self) -> &'static str {
        if self.wins > 0 {
            "○"
        } else {
            "×"
        }
    }
}

/// A line of the score sheet: one player (or pair), one cell per round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRow {
    pub player: String,
    /// Aligned with [`Standings::rounds`]; `None` when the player did not play that round.
    pub rounds: Vec<Option<RoundEntry>>,
}

/// A line of the standings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// 1-based; rows tied on every criterion share a place.
    pub place: u32,
    pub player: String,
    pub wins: u32,
    pub points_sum: i32,
    /// Best single-round points if positive, else 0.
    pub best_bonus: i32,
    /// Worst single-round points if negative, else 0 (written negative).
    pub worst_penalty: i32,
    /// `wins`, `points`, `best bonus`, `worst penalty` or `tie (janken)`.
    pub decided_by: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// Round names, in order (numeric order when every name is a number).
    pub rounds: Vec<String>,
    pub sheet: Vec<SheetRow>,
    pub table: Vec<TableRow>,
}

/// The score sheet's entries a game counts for, each with its seats: one per player, or
/// one per pair (`A / B`) in a pairs game.
pub fn entry_names(g: &GameResult) -> Vec<(String, Vec<usize>)> {
    if g.pairs && g.players.len() == 4 {
        (0..2)
            .map(|t| {
                (
                    format!("{} / {}", g.players[t].trim(), g.players[t + 2].trim()),
                    vec![t, t + 2],
                )
            })
            .collect()
    } else {
        g.players
            .iter()
            .enumerate()
            .map(|(s, p)| (p.trim().to_string(), vec![s]))
            .collect()
    }
}

/// The score sheet and standings of a set of games (one event).
pub fn standings(games: &[GameResult]) -> Standings {
    let mut rounds: Vec<String> = Vec::new();
    for g in games {
        if !rounds.contains(&g.round) {
            rounds.push(g.round.clone());
        }
    }
    if rounds.iter().all(|r| r.trim().parse::<i64>().is_ok()) {
        rounds.sort_by_key(|r| r.trim().parse::<i64>().unwrap_or(0));
    }
    let mut order: Vec<String> = Vec::new();
    let mut cells: HashMap<String, Vec<Option<RoundEntry>>> = HashMap::new();
    for g in games {
        let r = rounds.iter().position(|x| *x == g.round).unwrap_or(0);
        let captured: Vec<u32> = (0..g.players.len())
            .map(|s| g.captured.get(s).copied().unwrap_or(0))
            .collect();
        let pts = game_points(g.winner, &captured, g.threshold);
        for (name, seats) in entry_names(g) {
            if !cells.contains_key(&name) {
                order.push(name.clone());
            }
            let row = cells
                .entry(name)
                .or_insert_with(|| vec![None; rounds.len()]);
            let e = row[r].get_or_insert(RoundEntry {
                wins: 0,
                games: 0,
                points: 0,
            });
            e.games += 1;
            if seats.iter().any(|&s| g.winner == Some(s)) {
                e.wins += 1;
            }
            e.points += seats.iter().map(|&s| pts[s]).sum::<i32>();
        }
    }
    let sheet: Vec<SheetRow> = order
        .iter()
        .map(|p| SheetRow {
            player: p.clone(),
            rounds: cells[p].clone(),
        })
        .collect();
    let mut table: Vec<TableRow> = sheet
        .iter()
        .map(|row| {
            let played: Vec<&RoundEntry> = row.rounds.iter().flatten().collect();
            TableRow {
                place: 0,
                player: row.player.clone(),
                wins: played.iter().map(|e| e.wins).sum(),
                points_sum: played.iter().map(|e| e.points).sum(),
                best_bonus: played.iter().map(|e| e.points).max().unwrap_or(0).max(0),
                worst_penalty: played.iter().map(|e| e.points).min().unwrap_or(0).min(0),
                decided_by: "",
            }
        })
        .collect();
    let key = |r: &TableRow| (r.wins, r.points_sum, r.best_bonus, r.worst_penalty);
    table.sort_by(|a, b| key(b).cmp(&key(a)).then_with(|| a.player.cmp(&b.player)));
    let decide = |a: &TableRow, b: &TableRow| -> &'static str {
        if a.wins != b.wins {
            "wins"
        } else if a.points_sum != b.points_sum {
            "points"
        } else if a.best_bonus != b.best_bonus {
            "best bonus"
        } else if a.worst_penalty != b.worst_penalty {
            "worst penalty"
        } else {
            "tie (janken)"
        }
    };
    let n = table.len();
    for i in 0..n {
        let tied_above = i > 0 && key(&table[i]) == key(&table[i - 1]);
        let tied_below = i + 1 < n && key(&table[i]) == key(&table[i + 1]);
        table[i].place = if tied_above {
            table[i - 1].place
        } else {
            i as u32 + 1
        };
        table[i].decided_by = if tied_above || tied_below {
            "tie (janken)"
        } else if i > 0 {
            decide(&table[i], &table[i - 1])
        } else if n > 1 {
            decide(&table[0], &table[1])
        } else {
            "wins"
        };
    }
    Standings {
        rounds,
        sheet,
        table,
    }
}
