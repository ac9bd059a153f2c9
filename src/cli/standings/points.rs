//! The points tables of two-player games (Renju, Xiangqi, Chess Territorial: win 1,
//! draw ½, loss 0) per event, with Sonneborn-Berger, as text and CSV.

use std::collections::BTreeMap;

use kifu_facts::{GameKind, Outcome};
use kifu_store::query::ResultRow;
use serde::Serialize;

use super::event_name;
use crate::cli::text::csv_field;

/// One player's line in an event's table.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub(super) struct Line {
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
pub(super) struct Table {
    pub event: String,
    pub lines: Vec<Line>,
    /// Games left out: no result, or a seat without a name.
    pub unscored: u32,
}

/// Which seat won a two-player game, from its result that counts: `Some(Some(0))` first seat,
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
pub(super) fn tables(rows: &[ResultRow]) -> Vec<Table> {
    let mut events: BTreeMap<String, Vec<&ResultRow>> = BTreeMap::new();
    for row in rows {
        let event = event_name(row);
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
fn points_text(p: f64) -> String {
    let whole = p.trunc() as u64;
    if p.fract() == 0.0 {
        whole.to_string()
    } else if whole == 0 {
        "½".into()
    } else {
        format!("{whole}½")
    }
}

/// The CSV header of the two-player tables.
pub(super) const CSV_HEADER: &str =
    "game,event,place,player,games,wins,draws,losses,points,sonneborn_berger\n";

/// One CSV line per player (under [`CSV_HEADER`]).
pub(super) fn csv(kind: GameKind, tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        for l in &t.lines {
            out.push_str(&format!(
                "{kind},{},{},{},{},{},{},{},{},{}\n",
                csv_field(&t.event),
                l.place,
                csv_field(&l.player),
                l.games,
                l.wins,
                l.draws,
                l.losses,
                l.points,
                l.sonneborn_berger
            ));
        }
    }
    out
}

/// Each event's table as text, points as `1½`.
pub(super) fn text(kind: GameKind, tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        out.push_str(&format!("{kind}: {}\n", t.event));
        out.push_str("  #  player                      games  +   =   -   points  SB\n");
        for l in &t.lines {
            out.push_str(&format!(
                "  {:<2} {:<27} {:>5} {:>3} {:>3} {:>3} {:>7}  {}\n",
                l.place,
                l.player,
                l.games,
                l.wins,
                l.draws,
                l.losses,
                points_text(l.points),
                points_text(l.sonneborn_berger)
            ));
        }
        if t.unscored > 0 {
            out.push_str(&format!(
                "  ({} game(s) without a result left out)\n",
                t.unscored
            ));
        }
        out.push('\n');
    }
    out
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
        let t = &tables(&rows)[0];
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
