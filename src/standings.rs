//! `kifu standings`: points tables of two-player games (Renju, Xiangqi, Chess
//! Territorial: win 1, draw ½, loss 0) per event.

use std::collections::BTreeMap;

use kifu_facts::{ChouChouAnnotations, GameKind, Outcome};
use kifu_rules::chouchou::{self, GameResult, Standings};
use kifu_store::query::ResultRow;
use serde::Serialize;

/// One player's line in an event's table.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Line {
    pub place: usize,
    pub player: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points: f64,
    /// Sonneborn-Berger: the points of the opponents beaten plus half those drawn with,
    /// the usual first tie-break of round-robin tables.
    pub sonneborn_berger: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Table {
    pub event: String,
    pub lines: Vec<Line>,
    /// Games left out: no result, or a seat without a name.
    pub unscored: u32,
}

/// Which seat won a two-player game, from a result name: `Some(Some(0))` first seat,
/// `Some(Some(1))` second seat, `Some(None)` draw, `None` no result.
fn winner(kind: GameKind, result: Option<Outcome>) -> Option<Option<usize>> {
    let first = kind.first_side();
    let second = match kind {
        GameKind::Renju => Outcome::White,
        _ => Outcome::Black,
    };
    match result? {
        Outcome::Draw => Some(None),
        r if r == first => Some(Some(0)),
        r if r == second => Some(Some(1)),
        _ => None,
    }
}

/// Tables per event (games without an event go under "(no event)").
pub fn two_player_tables(rows: &[ResultRow]) -> Vec<Table> {
    let mut events: BTreeMap<String, Vec<&ResultRow>> = BTreeMap::new();
    for row in rows {
        let event = row.event.clone().unwrap_or_else(|| "(no event)".into());
        events.entry(event).or_default().push(row);
    }
    events
        .into_iter()
        .map(|(event, games)| table(event, &games))
        .collect()
}

fn table(event: String, games: &[&ResultRow]) -> Table {
    let mut lines: BTreeMap<String, Line> = BTreeMap::new();
    // (player, opponent, points scored) for the tie-break.
    let mut scored: Vec<(String, String, f64)> = Vec::new();
    let mut unscored = 0;
    for g in games {
        let (Some(w), 2) = (winner(g.kind, g.result), g.players.len()) else {
            unscored += 1;
            continue;
        };
        let names = [g.players[0].1.clone(), g.players[1].1.clone()];
        for (seat, name) in names.iter().enumerate() {
            let line = lines.entry(name.clone()).or_insert_with(|| Line {
                player: name.clone(),
                ..Line::default()
            });
            line.games += 1;
            let points = match w {
                None => {
                    line.draws += 1;
                    0.5
                }
                Some(s) if s == seat => {
                    line.wins += 1;
                    1.0
                }
                Some(_) => {
                    line.losses += 1;
                    0.0
                }
            };
            line.points += points;
            scored.push((name.clone(), names[1 - seat].clone(), points));
        }
    }
    let totals: BTreeMap<String, f64> = lines.iter().map(|(n, l)| (n.clone(), l.points)).collect();
    for (player, opponent, points) in scored {
        if let Some(line) = lines.get_mut(&player) {
            line.sonneborn_berger += points * totals.get(&opponent).copied().unwrap_or(0.0);
        }
    }
    let mut lines: Vec<Line> = lines.into_values().collect();
    lines.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.sonneborn_berger.total_cmp(&a.sonneborn_berger))
            .then(b.wins.cmp(&a.wins))
            .then(a.player.cmp(&b.player))
    });
    let mut place = 0;
    for i in 0..lines.len() {
        let tied = i > 0
            && lines[i].points == lines[i - 1].points
            && lines[i].sonneborn_berger == lines[i - 1].sonneborn_berger
            && lines[i].wins == lines[i - 1].wins;
        if !tied {
            place = i + 1;
        }
        lines[i].place = place;
    }
    Table {
        event,
        lines,
        unscored,
    }
}

/// `1½` style points.
pub fn points_text(p: f64) -> String {
    let whole = p.trunc() as u64;
    if p.fract() == 0.0 {
        whole.to_string()
    } else if whole == 0 {
        "½".into()
    } else {
        format!("{whole}½")
    }
}

// ---------------------------------------------------------------------------------------
// ChouChou: the federation's score sheet and standings (rule 5).

/// The ChouChou games of each event as the engine's standings.
pub fn chouchou_standings(rows: &[ResultRow]) -> Vec<(String, Standings)> {
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
        let event = row.event.clone().unwrap_or_else(|| "(no event)".into());
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

pub fn chouchou_text(events: &[(String, Standings)]) -> String {
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

pub fn chouchou_csv(events: &[(String, Standings)]) -> String {
    let mut out =
        String::from("game,event,place,player,wins,points,best_bonus,worst_penalty,decided_by\n");
    for (event, st) in events {
        for t in &st.table {
            out.push_str(&format!(
                "chouchou,{},{},{},{},{},{},{},{}\n",
                csv(event),
                t.place,
                csv(&t.player),
                t.wins,
                t.points_sum,
                t.best_bonus,
                t.worst_penalty,
                csv(t.decided_by)
            ));
        }
    }
    out
}

pub fn chouchou_json(events: &[(String, Standings)]) -> serde_json::Value {
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

fn csv(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: i64, black: &str, white: &str, result: &str) -> ResultRow {
        ResultRow {
            game: id,
            kind: GameKind::Renju,
            event: Some("Cup".into()),
            round: Some(id.to_string()),
            players: vec![
                ("black".into(), black.into()),
                ("white".into(), white.into()),
            ],
            result: Outcome::parse(result).filter(|o| o.is_known()),
            extra: kifu_facts::Extra::parse(GameKind::Renju, None).unwrap(),
        }
    }

    #[test]
    fn points_and_sonneborn_berger() {
        // A beats B, B beats C, A draws C, C beats A? no: A–C draw.
        let rows = vec![
            game(1, "A", "B", "black"),
            game(2, "B", "C", "black"),
            game(3, "C", "A", "draw"),
            game(4, "A", "C", "unknown"),
        ];
        let t = &two_player_tables(&rows)[0];
        assert_eq!(t.unscored, 1);
        let got: Vec<(&str, f64, f64, usize)> = t
            .lines
            .iter()
            .map(|l| (l.player.as_str(), l.points, l.sonneborn_berger, l.place))
            .collect();
        // A: 1.5 (beat B with 1, drew C with 0.5 → SB 1 + 0.25); B: 1 (beat C → SB 0.5);
        // C: 0.5 (drew A → SB 0.75).
        assert_eq!(
            got,
            [("A", 1.5, 1.25, 1), ("B", 1.0, 0.5, 2), ("C", 0.5, 0.75, 3)]
        );
        assert_eq!(points_text(1.5), "1½");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.0), "2");
    }
}
