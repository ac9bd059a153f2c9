//! The points tables of two-player games (Renju, Xiangqi, Chess Territorial: win 1, draw ½,
//! loss 0) with Sonneborn-Berger, per event or per event and section.

use std::collections::{BTreeMap, BTreeSet};

use kifu_facts::{GameKind, Outcome};
use kifu_store::query::ResultRow;
use serde::Serialize;

use super::{event_name, section_name, sorted_rounds};

/// One game of a player, as the crosstable shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub round: Option<String>,
    pub opponent: String,
    /// 1, ½ or 0.
    pub points: f64,
    /// The game's id (a site links each crosstable entry to its game).
    pub game: i64,
}

/// One player's line in an event's table. (The fields after `sonneborn_berger` are not
/// serialized: `kifu standings --json` keeps its shape.)
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
    /// What set this line apart from its neighbour: `points`, `Sonneborn-Berger`, `wins`,
    /// or `tie (shared place)`.
    #[serde(skip)]
    pub decided_by: &'static str,
    /// The rounds of the table in which this player has no game recorded (a bye left out).
    #[serde(skip)]
    pub missing_rounds: Vec<String>,
    /// The rounds this player sat out as the one player without a game of a section with an
    /// odd number of players: a bye, not a game missing from the records.
    #[serde(skip)]
    pub byes: Vec<String>,
    /// The scored games, in round order.
    #[serde(skip)]
    pub pairings: Vec<Pairing>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Table {
    pub event: String,
    /// The section or group (`--by section` tables only).
    #[serde(skip)]
    pub section: Option<String>,
    pub lines: Vec<Line>,
    /// Games left out: no result, or a seat without a name.
    pub unscored: u32,
    /// The rounds recorded in the table's games, in order.
    #[serde(skip)]
    pub rounds: Vec<String>,
}

impl Table {
    /// The lines with a round missing.
    pub fn incomplete(&self) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(|l| !l.missing_rounds.is_empty())
    }
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
pub fn points_tables(rows: &[ResultRow]) -> Vec<Table> {
    grouped(rows, |row| (event_name(row), None))
}

/// Tables per event and section (the record's `section` or `group` tag; games without one
/// form the event's own table).
pub fn points_tables_by_section(rows: &[ResultRow]) -> Vec<Table> {
    grouped(rows, |row| (event_name(row), section_name(row)))
}

fn grouped(rows: &[ResultRow], key: impl Fn(&ResultRow) -> (String, Option<String>)) -> Vec<Table> {
    let mut groups: BTreeMap<(String, Option<String>), Vec<&ResultRow>> = BTreeMap::new();
    for row in rows {
        groups.entry(key(row)).or_default().push(row);
    }
    groups
        .into_iter()
        .map(|((event, section), games)| table(event, section, &games))
        .collect()
}

fn table(event: String, section: Option<String>, games: &[&ResultRow]) -> Table {
    let rounds = sorted_rounds(games.iter().filter_map(|g| g.round.as_deref()));
    // The rounds each named player has a game in, scored or not.
    let mut played: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for g in games.iter().filter(|g| g.players.len() == 2) {
        for (_, name) in &g.players {
            let set = played.entry(name.as_str()).or_default();
            if let Some(r) = g.round.as_deref() {
                set.insert(r);
            }
        }
    }
    // A round of an odd number of players that only one of them sat out: their bye.
    let bye: BTreeMap<&str, &str> = if played.len() % 2 == 1 {
        rounds
            .iter()
            .filter_map(|r| {
                let mut out = played.iter().filter(|(_, s)| !s.contains(r.as_str()));
                match (out.next(), out.next()) {
                    (Some((p, _)), None) => Some((r.as_str(), *p)),
                    _ => None,
                }
            })
            .collect()
    } else {
        BTreeMap::new()
    };
    let mut lines: BTreeMap<String, Line> = BTreeMap::new();
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
            line.pairings.push(Pairing {
                round: g.round.clone(),
                opponent: names[1 - seat].clone(),
                points,
                game: g.game,
            });
        }
    }
    let totals: BTreeMap<String, f64> = lines.iter().map(|(n, l)| (n.clone(), l.points)).collect();
    for line in lines.values_mut() {
        line.sonneborn_berger = line
            .pairings
            .iter()
            .map(|p| p.points * totals.get(&p.opponent).copied().unwrap_or(0.0))
            .sum();
        line.pairings.sort_by(|a, b| match (&a.round, &b.round) {
            (Some(x), Some(y)) => super::round_order(x, y),
            (x, y) => x.is_none().cmp(&y.is_none()),
        });
        let have = played.get(line.player.as_str());
        let (byes, missing) = rounds
            .iter()
            .filter(|r| !have.is_some_and(|s| s.contains(r.as_str())))
            .cloned()
            .partition(|r| bye.get(r.as_str()) == Some(&line.player.as_str()));
        line.byes = byes;
        line.missing_rounds = missing;
    }
    let mut lines: Vec<Line> = lines.into_values().collect();
    let key = |l: &Line| (l.points, l.sonneborn_berger, l.wins);
    lines.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.sonneborn_berger.total_cmp(&a.sonneborn_berger))
            .then(b.wins.cmp(&a.wins))
            .then(a.player.cmp(&b.player))
    });
    let decide = |a: &Line, b: &Line| -> &'static str {
        if a.points != b.points {
            "points"
        } else if a.sonneborn_berger != b.sonneborn_berger {
            "Sonneborn-Berger"
        } else {
            "wins"
        }
    };
    let n = lines.len();
    let mut place = 0;
    for i in 0..n {
        let tied_above = i > 0 && key(&lines[i]) == key(&lines[i - 1]);
        let tied_below = i + 1 < n && key(&lines[i]) == key(&lines[i + 1]);
        if !tied_above {
            place = i + 1;
        }
        lines[i].place = place;
        lines[i].decided_by = if tied_above || tied_below {
            "tie (shared place)"
        } else if i > 0 {
            decide(&lines[i], &lines[i - 1])
        } else if n > 1 {
            decide(&lines[0], &lines[1])
        } else {
            "points"
        };
    }
    Table {
        event,
        section,
        lines,
        unscored,
        rounds,
    }
}

/// `1½` style points; Sonneborn-Berger's quarters (half a draw's half point) as `¼`, `¾`.
pub fn points_text(p: f64) -> String {
    let whole = p.trunc() as u64;
    let fraction = match p.fract() {
        0.0 => "",
        0.25 => "¼",
        0.5 => "½",
        0.75 => "¾",
        _ => return p.to_string(),
    };
    match (whole, fraction) {
        (w, "") => w.to_string(),
        (0, f) => f.to_string(),
        (w, f) => format!("{w}{f}"),
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
        let rows = vec![
            game(1, "A", "B", "black"),
            game(2, "B", "C", "black"),
            game(3, "C", "A", "draw"),
            game(4, "A", "C", "unknown"),
        ];
        let t = &points_tables(&rows)[0];
        assert_eq!(t.unscored, 1);
        let got: Vec<(&str, f64, f64, usize, &str)> = t
            .lines
            .iter()
            .map(|l| {
                (
                    l.player.as_str(),
                    l.points,
                    l.sonneborn_berger,
                    l.place,
                    l.decided_by,
                )
            })
            .collect();
        // A: 1.5 (beat B with 1, drew C with 0.5 → SB 1 + 0.25); B: 1 (beat C → SB 0.5);
        // C: 0.5 (drew A → SB 0.75).
        assert_eq!(
            got,
            [
                ("A", 1.5, 1.25, 1, "points"),
                ("B", 1.0, 0.5, 2, "points"),
                ("C", 0.5, 0.75, 3, "points")
            ]
        );
        // Rounds 1–4: A played 1, 3, 4 (4 unscored but recorded); B 1, 2; C 2, 3, 4. Of
        // three players one sits out each round: a bye, no game missing.
        let byes: Vec<(&str, Vec<String>, usize)> = t
            .lines
            .iter()
            .map(|l| (l.player.as_str(), l.byes.clone(), l.missing_rounds.len()))
            .collect();
        assert_eq!(
            byes,
            [
                ("A", vec!["2".to_string()], 0),
                ("B", vec!["3".to_string(), "4".to_string()], 0),
                ("C", vec!["1".to_string()], 0)
            ]
        );
        assert_eq!(points_text(1.5), "1½");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.0), "2");
        assert_eq!(points_text(15.25), "15¼");
        assert_eq!(points_text(0.75), "¾");
        assert_eq!(points_text(0.0), "0");
    }

    #[test]
    fn sections_are_tabled_apart_and_ties_named() {
        let tagged = |mut row: ResultRow, group: &str| {
            row.extra.tags.push(("group".into(), group.into()));
            row
        };
        let rows = vec![
            tagged(game(1, "A", "B", "draw"), "men"),
            tagged(game(1, "C", "D", "black"), "women"),
            tagged(game(2, "D", "C", "black"), "women"),
        ];
        let tables = points_tables_by_section(&rows);
        type Decided<'a> = Vec<(&'a str, &'a str)>;
        let got: Vec<(Option<&str>, Decided)> = tables
            .iter()
            .map(|t| {
                (
                    t.section.as_deref(),
                    t.lines
                        .iter()
                        .map(|l| (l.player.as_str(), l.decided_by))
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (
                    Some("men"),
                    vec![("A", "tie (shared place)"), ("B", "tie (shared place)")]
                ),
                (
                    Some("women"),
                    vec![("C", "tie (shared place)"), ("D", "tie (shared place)")]
                )
            ]
        );
        assert_eq!(tables[1].rounds, ["1", "2"]);
        assert_eq!(tables[0].rounds, ["1"]);
        // By event alone the four players share one table.
        assert_eq!(points_tables(&rows)[0].lines.len(), 4);
    }

    #[test]
    fn the_one_player_out_of_a_round_of_an_odd_section_has_a_bye() {
        let at = |round: &str, black: &str, white: &str| ResultRow {
            round: Some(round.into()),
            ..game(1, black, white, "draw")
        };
        // Four players: round 2 has one game recorded, B and D out of it: their games are
        // missing (an even section has no byes).
        let rows = vec![at("1", "A", "B"), at("1", "C", "D"), at("2", "A", "C")];
        let t = &points_tables(&rows)[0];
        let got: Vec<(&str, Vec<String>, Vec<String>)> = t
            .lines
            .iter()
            .map(|l| (l.player.as_str(), l.byes.clone(), l.missing_rounds.clone()))
            .collect();
        let v = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            got,
            [
                ("A", v(&[]), v(&[])),
                ("C", v(&[]), v(&[])),
                ("B", v(&[]), v(&["2"])),
                ("D", v(&[]), v(&["2"])),
            ]
        );
        // A fifth player, E, in round 2 only: E alone sits out round 1 and D alone round 2,
        // byes both.
        let mut rows = rows;
        rows.push(at("2", "E", "B"));
        let t = &points_tables(&rows)[0];
        let e = t.lines.iter().find(|l| l.player == "E").unwrap();
        assert_eq!(
            (e.byes.clone(), e.missing_rounds.clone()),
            (v(&["1"]), v(&[]))
        );
        let d = t.lines.iter().find(|l| l.player == "D").unwrap();
        assert_eq!(
            (d.byes.clone(), d.missing_rounds.clone()),
            (v(&["2"]), v(&[]))
        );
    }

    #[test]
    fn rounds_sort_by_their_number() {
        assert_eq!(
            sorted_rounds(["第10轮", "第02轮", "第01轮", "第02轮"]),
            ["第01轮", "第02轮", "第10轮"]
        );
    }
}
