//! ChouChou: the federation's score sheet and standings (rule 5) per event, or per event
//! and section, from the engine's [`kifu_rules::chouchou::standings`].

use std::collections::BTreeMap;

use kifu_facts::{ChouChouAnnotations, ResultName};
use kifu_rules::chouchou::{self, GameResult, Standings};
use kifu_store::query::ResultRow;

use super::{event_name, section_name};

/// One event's (or section's) score sheet and standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChouChouTable {
    pub event: String,
    pub section: Option<String>,
    pub standings: Standings,
}

impl ChouChouTable {
    /// Each score-sheet row's rounds without a game, by name.
    pub fn missing_rounds(&self) -> Vec<(String, Vec<String>)> {
        let st = &self.standings;
        st.sheet
            .iter()
            .map(|row| {
                let missing = row
                    .rounds
                    .iter()
                    .zip(&st.rounds)
                    .filter(|(e, _)| e.is_none())
                    .map(|(_, r)| r.clone())
                    .collect();
                (row.player.clone(), missing)
            })
            .collect()
    }
}

/// The ChouChou games of each event as the engine's standings.
pub fn chouchou_standings(rows: &[ResultRow]) -> Vec<ChouChouTable> {
    grouped(rows, |row| (event_name(row), None))
}

/// The same per event and section (the record's `section` or `group` tag).
pub fn chouchou_standings_by_section(rows: &[ResultRow]) -> Vec<ChouChouTable> {
    grouped(rows, |row| (event_name(row), section_name(row)))
}

fn grouped(
    rows: &[ResultRow],
    key: impl Fn(&ResultRow) -> (String, Option<String>),
) -> Vec<ChouChouTable> {
    let mut groups: BTreeMap<(String, Option<String>), Vec<GameResult>> = BTreeMap::new();
    for row in rows {
        let (event, section) = key(row);
        let game = game_result(row, &event);
        groups.entry((event, section)).or_default().push(game);
    }
    groups
        .into_iter()
        .map(|((event, section), games)| ChouChouTable {
            event,
            section,
            standings: chouchou::standings(&games),
        })
        .collect()
}

/// One stored game as the engine's standings read it: its round (`1` when the record has
/// none) and its seats by name (a seat without a name keeps its label `P1`…), so a score
/// sheet's entry can be traced back to its games.
pub fn game_result(row: &ResultRow, event: &str) -> GameResult {
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
        Some(ResultName::Seat(n)) => seat_of(&format!("P{n}")),
        _ => None,
    };
    let captured: Vec<u32> = if extra.captured.is_empty() {
        vec![0; seats]
    } else {
        extra.captured.clone()
    };
    GameResult {
        event: Some(event.to_owned()),
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
    }
}
