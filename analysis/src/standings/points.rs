//! The points tables of two-player games (Renju, Xiangqi, Chess Territorial), per event and
//! section: win 1, draw ½, loss 0, placed by points, then Sonneborn-Berger, then wins;
//! or, for an event the curation describes ([`EventTerms`]), by its scoring, its
//! tie-breaks and its sections.

use std::collections::{BTreeMap, BTreeSet};

use kifu_facts::curation::{
    EventTerms, Scoring, Sections, TeamRanking, Tiebreak, DEFAULT_TIEBREAKS,
};
use kifu_facts::{fold_name, GameKind, ResultName};
use kifu_store::query::ResultRow;
use serde::Serialize;

use super::crosstable::{CrossCell, CrossGame, PlayerOutcome};
use super::decider::Decider;
use super::duel::{Duel, DuelGame};
use super::teams::{team_table, TeamTable, TeamTerms};
use super::{absences, event_name, places, section_name, sorted_rounds, winner};

/// One game of a player, as the crosstable shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub round: Option<String>,
    pub opponent: String,
    /// The game's outcome for the player.
    pub outcome: PlayerOutcome,
    /// The points the game scored (1, ½ or 0, or the event's scoring).
    pub points: f64,
    /// The game's id (a site links each crosstable entry to its game); negative for a
    /// curated game without moves.
    pub game: i64,
    /// A curated game scored without being played.
    pub forfeit: bool,
}

/// A tie-break's value on a line.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TiebreakValue {
    #[serde(skip)]
    pub tiebreak: Tiebreak,
    /// The tie-break's curation name (`sonneborn-berger`).
    pub name: &'static str,
    /// `None` where it does not apply: direct encounter for a player alone on their points.
    pub value: Option<f64>,
}

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
    /// Sonneborn-Berger: the points of the opponents beaten plus the draw's share (half,
    /// under win 1 and draw ½) of those drawn with, the usual first tie-break of
    /// round-robin tables.
    pub sonneborn_berger: f64,
    /// The table's tie-breaks in order, with this line's values.
    pub tiebreaks: Vec<TiebreakValue>,
    /// What set this line apart from its neighbour.
    pub decided_by: Decider,
    /// The rounds of the table in which this player has no game recorded (a bye left out).
    pub missing_rounds: Vec<String>,
    /// The rounds this player sat out as the one player without a game of a section with an
    /// odd number of players: a bye, not a game missing from the records.
    pub byes: Vec<String>,
    /// The crosstable's cells of this line, one per round of the table.
    pub crosstable: Vec<CrossCell>,
    /// The scored games, in round order.
    #[serde(skip)]
    pub pairings: Vec<Pairing>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Table {
    pub event: String,
    /// The section (the record's section or group tag, or the curation's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Points for a win, a draw and a loss.
    pub scoring: Scoring,
    pub lines: Vec<Line>,
    /// Games left out: no result, a seat without a name, or one player in both seats.
    pub unscored: u32,
    /// The rounds recorded in the table's games, in order (the crosstable's columns).
    pub rounds: Vec<String>,
    /// The tie-breaks after points, in order.
    #[serde(serialize_with = "tiebreak_names")]
    pub tiebreaks: Vec<Tiebreak>,
    /// Whether a game of the table was scored without being played.
    pub forfeits: bool,
    /// The table as a match, when it has two players.
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    pub duel: Option<Duel>,
    /// The teams' table, where the games name each seat's team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teams: Option<TeamTable>,
}

/// The tie-breaks by their curation names.
fn tiebreak_names<S: serde::Serializer>(tbs: &[Tiebreak], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(tbs.iter().map(|tb| tb.name()))
}

impl Table {
    /// The lines with a round missing.
    pub fn incomplete(&self) -> impl Iterator<Item = &Line> {
        self.lines.iter().filter(|l| !l.missing_rounds.is_empty())
    }

    /// The event's scoring when it is not win 1, draw ½, loss 0 (`2/1/0`), for headings.
    pub fn scoring_note(&self) -> Option<String> {
        let s = self.scoring;
        ((s.win, s.draw, s.loss) != (1.0, 0.5, 0.0))
            .then(|| format!("{}/{}/{}", s.win, s.draw, s.loss))
    }
}

/// The first seat's score in a two-player game (1 a win, ½ a draw, 0 a loss), from its
/// result that counts; `None` without one. What ratings and the adjusted balance count.
pub(crate) fn first_seat_score(kind: GameKind, result: Option<ResultName>) -> Option<f64> {
    winner(kind, result).map(|won| match won {
        Some(0) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// The tables of `rows`, one per event and section, the one implementation `kifu
/// standings`, the report and the site print. An event the curation describes (in
/// `terms`, by name) is split, scored and placed as its entry says; any other by the
/// record's `section` or `group` tag, win 1, draw ½, Sonneborn-Berger then wins.
pub fn points_tables(rows: &[ResultRow], terms: &[EventTerms]) -> Vec<Table> {
    let terms: BTreeMap<&str, &EventTerms> = terms.iter().map(|t| (t.name.as_str(), t)).collect();
    grouped(rows, &terms)
        .into_iter()
        .map(|((event, section), games)| {
            let t = terms.get(event.as_str());
            let scoring = t.map_or_else(Scoring::default, |t| t.scoring);
            let tiebreaks = match t {
                Some(t) if !t.tiebreaks.is_empty() => t.tiebreaks.clone(),
                _ => DEFAULT_TIEBREAKS.to_vec(),
            };
            let mut table = table(event, section, &games, scoring, tiebreaks);
            table.teams = team_table(
                &games,
                scoring,
                TeamTerms {
                    scoring: t.map_or(Scoring::TEAM_MATCH, |t| t.team_scoring),
                    ranking: t.map_or_else(TeamRanking::default, |t| t.team_ranking),
                    matches: t.and_then(|t| t.team_matches),
                },
            );
            table
        })
        .collect()
}

/// The games of each event and section.
fn grouped<'a>(
    rows: &'a [ResultRow],
    terms: &BTreeMap<&str, &EventTerms>,
) -> BTreeMap<(String, Option<String>), Vec<&'a ResultRow>> {
    let mut groups: BTreeMap<(String, Option<String>), Vec<&ResultRow>> = BTreeMap::new();
    // A curated game without moves has no tags: it goes to its players' section.
    let mut sections_of: BTreeMap<(String, &str), String> = BTreeMap::new();
    for row in rows.iter().filter(|r| !r.is_curated()) {
        let tag = match terms.get(event_name(row).as_str()).map(|t| &t.sections) {
            Some(Sections::Tag(tag)) => row.extra.tag(tag),
            _ => None,
        };
        if let Some(section) = tag.map(str::trim).filter(|s| !s.is_empty()) {
            for (_, name) in &row.players {
                sections_of.insert((event_name(row), name.as_str()), section.to_owned());
            }
        }
    }
    let mixing = events_whose_tag_mixes_players(rows, terms);
    for row in rows {
        let event = event_name(row);
        let section = match terms.get(event.as_str()).map(|t| &t.sections) {
            None if mixing.contains(&event) => None,
            None => section_name(row),
            Some(Sections::None) => None,
            Some(Sections::Tag(tag)) => row
                .extra
                .tag(tag)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .or_else(|| {
                    row.players.iter().find_map(|(_, name)| {
                        sections_of.get(&(event.clone(), name.as_str())).cloned()
                    })
                }),
            Some(Sections::Lists(lists)) => row.players.iter().find_map(|(_, name)| {
                let key = fold_name(name);
                lists
                    .iter()
                    .find(|l| l.players.iter().any(|p| fold_name(p) == key))
                    .map(|l| l.name.clone())
            }),
        };
        groups.entry((event, section)).or_default().push(row);
    }
    groups
}

/// The events (no curation describing them) whose records' section or group tag seats a
/// player in more than [`MAX_SECTIONS_OF_A_PLAYER`] of its values: there it names something
/// else than sections (a team league's dpxq records write each match, `京冀联队-广东`, as
/// the group), so the event is one table. A player in two or three sections is an event's
/// stages (a preliminary group, then the final), which stay apart.
fn events_whose_tag_mixes_players(
    rows: &[ResultRow],
    terms: &BTreeMap<&str, &EventTerms>,
) -> BTreeSet<String> {
    let mut sections_of: BTreeMap<(String, &str), BTreeSet<String>> = BTreeMap::new();
    for row in rows {
        let event = event_name(row);
        if terms.contains_key(event.as_str()) {
            continue;
        }
        let Some(section) = section_name(row) else {
            continue;
        };
        for (_, name) in &row.players {
            sections_of
                .entry((event.clone(), name.as_str()))
                .or_default()
                .insert(section.clone());
        }
    }
    sections_of
        .into_iter()
        .filter(|(_, sections)| sections.len() > MAX_SECTIONS_OF_A_PLAYER)
        .map(|((event, _), _)| event)
        .collect()
}

/// The most sections of one event a player plays in when the tag names sections (stages).
const MAX_SECTIONS_OF_A_PLAYER: usize = 3;

fn table(
    event: String,
    section: Option<String>,
    games: &[&ResultRow],
    scoring: Scoring,
    tiebreaks: Vec<Tiebreak>,
) -> Table {
    let rounds = sorted_rounds(games.iter().filter_map(|g| g.round.as_deref()));
    // The rounds each named player has a game in, scored or not.
    let mut played: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for g in games.iter().filter(|g| g.players.len() == 2) {
        for (_, name) in &g.players {
            let set = played.entry(name.clone()).or_default();
            if let Some(r) = &g.round {
                set.insert(r.clone());
            }
        }
    }
    let mut absent = absences(&rounds, &played);
    let mut lines: BTreeMap<String, Line> = BTreeMap::new();
    let mut unscored = 0;
    for g in games {
        let (Some(w), 2) = (winner(g.kind, g.result), g.players.len()) else {
            unscored += 1;
            continue;
        };
        if g.names_one_player_twice() {
            unscored += 1;
            continue;
        }
        let names = [g.players[0].1.clone(), g.players[1].1.clone()];
        for (seat, name) in names.iter().enumerate() {
            let line = lines.entry(name.clone()).or_insert_with(|| Line {
                player: name.clone(),
                ..Line::default()
            });
            line.games += 1;
            let (outcome, points) = match w {
                None => {
                    line.draws += 1;
                    (PlayerOutcome::Draw, scoring.draw)
                }
                Some(s) if s == seat => {
                    line.wins += 1;
                    (PlayerOutcome::Win, scoring.win)
                }
                Some(_) => {
                    line.losses += 1;
                    (PlayerOutcome::Loss, scoring.loss)
                }
            };
            line.points += points;
            line.pairings.push(Pairing {
                round: g.round.clone(),
                opponent: names[1 - seat].clone(),
                outcome,
                points,
                game: g.game,
                forfeit: g.forfeit,
            });
        }
    }
    let totals: BTreeMap<String, f64> = lines.iter().map(|(n, l)| (n.clone(), l.points)).collect();
    let total = |name: &str| totals.get(name).copied().unwrap_or(0.0);
    // A game's share of a win: 1 won, ½ drawn (under win 1, draw ½), 0 lost.
    let share = |points: f64| {
        if scoring.win > 0.0 {
            (points - scoring.loss) / (scoring.win - scoring.loss).max(f64::MIN_POSITIVE)
        } else {
            0.0
        }
    };
    for line in lines.values_mut() {
        line.sonneborn_berger = line
            .pairings
            .iter()
            .map(|p| share(p.points) * total(&p.opponent))
            .sum::<f64>()
            + 0.0;
        line.pairings.sort_by(|a, b| match (&a.round, &b.round) {
            (Some(x), Some(y)) => super::round_order(x, y),
            (x, y) => x.is_none().cmp(&y.is_none()),
        });
        let (byes, missing) = absent.remove(&line.player).unwrap_or_default();
        line.byes = byes;
        line.missing_rounds = missing;
    }
    let mut lines: Vec<Line> = lines.into_values().collect();
    lines.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.player.cmp(&b.player)));
    // [decision] Direct encounter is the points scored against the others on the same
    // points: shown for every tie (not only where it came to decide), and what orders the
    // players still level when its turn comes, so the order follows the column printed.
    let mut on_points: BTreeMap<u64, BTreeSet<String>> = BTreeMap::new();
    for line in &lines {
        on_points
            .entry(line.points.to_bits())
            .or_default()
            .insert(line.player.clone());
    }
    // Each tie-break orders the runs of lines still equal on everything before it.
    for (i, &tb) in tiebreaks.iter().enumerate() {
        let mut start = 0;
        while start < lines.len() {
            let mut end = start + 1;
            while end < lines.len() && same_so_far(&lines[start], &lines[end], i) {
                end += 1;
            }
            for line in &mut lines[start..end] {
                let tied = &on_points[&line.points.to_bits()];
                // `+ 0.0`: an empty sum is -0.0, which would print as "-0".
                let value = tiebreak_value(tb, line, tied, &totals).map(|v| v + 0.0);
                line.tiebreaks.push(TiebreakValue {
                    tiebreak: tb,
                    name: tb.name(),
                    value,
                });
            }
            let key = |l: &Line| l.tiebreaks[i].value.unwrap_or(f64::NEG_INFINITY);
            lines[start..end].sort_by(|a, b| key(b).total_cmp(&key(a)));
            start = end;
        }
    }
    let criteria = tiebreaks.len();
    let decide = |a: &Line, b: &Line| -> Decider {
        if a.points != b.points {
            return Decider::Points;
        }
        (0..criteria)
            .find(|&i| a.tiebreaks[i].value != b.tiebreaks[i].value)
            .map_or(Decider::SharedPlace, |i| Decider::Tiebreak(tiebreaks[i]))
    };
    let placed = places(
        lines.len(),
        |i, j| same_so_far(&lines[i], &lines[j], criteria),
        |i, j| decide(&lines[i], &lines[j]),
        Decider::Points,
        Decider::SharedPlace,
    );
    for (line, (place, decided_by)) in lines.iter_mut().zip(placed) {
        line.place = place;
        line.decided_by = decided_by;
    }
    fill_crosstable(&mut lines, &rounds);
    let forfeits = lines.iter().any(|l| l.pairings.iter().any(|p| p.forfeit));
    Table {
        event,
        section,
        scoring,
        duel: duel(&lines),
        lines,
        unscored,
        rounds,
        tiebreaks,
        forfeits,
        teams: None,
    }
}

/// Each line's cells, one per round of `rounds`, opponents by their line number in `lines`
/// (which are in their final order).
fn fill_crosstable(lines: &mut [Line], rounds: &[String]) {
    let number: std::collections::HashMap<String, usize> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.player.clone(), i + 1))
        .collect();
    for line in lines.iter_mut() {
        line.crosstable = rounds
            .iter()
            .map(|round| cell(line, round, &number))
            .collect();
    }
}

fn cell(line: &Line, round: &str, number: &std::collections::HashMap<String, usize>) -> CrossCell {
    let games: Vec<CrossGame> = line
        .pairings
        .iter()
        .filter(|p| p.round.as_deref() == Some(round))
        .map(|p| CrossGame {
            outcome: p.outcome,
            opponent: number.get(&p.opponent).copied().unwrap_or(0),
            game: p.game,
            forfeit: p.forfeit,
        })
        .collect();
    if !games.is_empty() {
        CrossCell::Games(games)
    } else if line.missing_rounds.iter().any(|r| r == round) {
        CrossCell::Missing
    } else if line.byes.iter().any(|r| r == round) {
        CrossCell::Bye
    } else {
        CrossCell::Unscored
    }
}

/// The match of a table whose every scored game is between the same two players.
fn duel(lines: &[Line]) -> Option<Duel> {
    let [a, b] = lines else {
        return None;
    };
    Some(Duel {
        players: [a.player.clone(), b.player.clone()],
        score: [match_score(a), match_score(b)],
        games: a
            .pairings
            .iter()
            .map(|p| DuelGame {
                round: p.round.clone(),
                game: p.game,
                outcome: p.outcome,
                forfeit: p.forfeit,
            })
            .collect(),
    })
}

/// Games won plus half the games drawn.
fn match_score(line: &Line) -> f64 {
    f64::from(line.wins) + f64::from(line.draws) / 2.0
}

/// Whether two lines are equal on points and their first `criteria` tie-breaks.
fn same_so_far(a: &Line, b: &Line, criteria: usize) -> bool {
    a.points == b.points && (0..criteria).all(|i| a.tiebreaks[i].value == b.tiebreaks[i].value)
}

/// A tie-break's value for `line`, `tied` the players on its points (itself included);
/// `None` for direct encounter when no one else is on its points.
fn tiebreak_value(
    tb: Tiebreak,
    line: &Line,
    tied: &BTreeSet<String>,
    totals: &BTreeMap<String, f64>,
) -> Option<f64> {
    let total = |name: &str| totals.get(name).copied().unwrap_or(0.0);
    Some(match tb {
        Tiebreak::SonnebornBerger => line.sonneborn_berger,
        Tiebreak::Buchholz => line.pairings.iter().map(|p| total(&p.opponent)).sum(),
        Tiebreak::BuchholzCut1 => {
            let scores: Vec<f64> = line.pairings.iter().map(|p| total(&p.opponent)).collect();
            let lowest = scores.iter().copied().fold(f64::INFINITY, f64::min);
            if scores.is_empty() {
                0.0
            } else {
                scores.iter().sum::<f64>() - lowest
            }
        }
        Tiebreak::Wins => f64::from(line.wins),
        Tiebreak::DirectEncounter if tied.len() < 2 => return None,
        Tiebreak::DirectEncounter => line
            .pairings
            .iter()
            .filter(|p| p.opponent != line.player && tied.contains(&p.opponent))
            .map(|p| p.points)
            .sum(),
    })
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
    use kifu_facts::curation::Sections;

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
            teams: vec![None, None],
            result: ResultName::parse(result).filter(|o| o.is_known()),
            date: None,
            extra: kifu_facts::Extra::parse(GameKind::Renju, None).unwrap(),
            forfeit: false,
        }
    }

    fn terms(sections: Sections, scoring: Scoring, tiebreaks: Vec<Tiebreak>) -> EventTerms {
        EventTerms {
            name: "Cup".into(),
            scoring,
            tiebreaks,
            sections,
            rules: None,
            dates: None,
            venue: None,
            line: 1,
            team_scoring: Scoring::TEAM_MATCH,
            team_ranking: TeamRanking::default(),
            team_matches: None,
            ..EventTerms::default()
        }
    }

    #[test]
    fn an_events_scoring_and_tiebreaks_place_its_players() {
        // A, B, C, D: A beats C, B beats D, A–B drawn, C–D drawn, C beats B, D beats A.
        // 2/1/0: A 3, B 3, C 3, D 3: all tied on points.
        let rows = vec![
            game(1, "A", "C", "black"),
            game(2, "B", "D", "black"),
            game(3, "A", "B", "draw"),
            game(4, "C", "D", "draw"),
            game(5, "C", "B", "black"),
            game(6, "D", "A", "black"),
        ];
        let two = Scoring {
            win: 2.0,
            draw: 1.0,
            loss: 0.0,
        };
        let t = &points_tables(
            &rows,
            &[terms(
                Sections::None,
                two,
                vec![Tiebreak::Wins, Tiebreak::DirectEncounter],
            )],
        )[0];
        assert_eq!(t.scoring_note().as_deref(), Some("2/1/0"));
        let got: Vec<(&str, f64, usize, &str)> = t
            .lines
            .iter()
            .map(|l| (l.player.as_str(), l.points, l.place, l.decided_by.label()))
            .collect();
        // Everyone has one win: all tie on wins, then direct encounter among all four is
        // their points again: a shared place.
        assert!(got.iter().all(|g| g.1 == 3.0 && g.2 == 1), "{got:?}");
        assert!(got.iter().all(|g| g.3 == "tie (shared place)"));
        // One more game: A beats D again in a round 7. A 5; B, C, D 3. Direct encounter
        // among B, C, D: B beat D (2) and lost to C (0) = 2; C beat B (2), drew D (1) = 3;
        // D drew C (1), lost to B (0) = 1 (D's win is against A, outside the run).
        let mut more = rows.clone();
        more.push(game(7, "A", "D", "black"));
        let t = &points_tables(
            &more,
            &[terms(
                Sections::None,
                two,
                vec![Tiebreak::DirectEncounter, Tiebreak::Buchholz],
            )],
        )[0];
        let got: Vec<(&str, f64, Vec<Option<f64>>, &str)> = t
            .lines
            .iter()
            .map(|l| {
                (
                    l.player.as_str(),
                    l.points,
                    l.tiebreaks.iter().map(|v| v.value).collect(),
                    l.decided_by.label(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                // Buchholz: A's C 3 + B 3 + D 3 + D 3; D's B 3 + C 3 + A 5 + A 5. A is alone
                // on 5 points: no direct encounter.
                ("A", 5.0, vec![None, Some(12.0)], "points"),
                ("C", 3.0, vec![Some(3.0), Some(11.0)], "points"),
                ("B", 3.0, vec![Some(2.0), Some(11.0)], "direct encounter"),
                ("D", 3.0, vec![Some(1.0), Some(16.0)], "direct encounter"),
            ]
        );
    }

    #[test]
    fn one_player_in_both_seats_is_no_game_of_theirs() {
        let rows = vec![game(1, "A", "B", "black"), game(2, "A", "A", "black")];
        let t = &points_tables(&rows, &[])[0];
        assert_eq!(t.unscored, 1);
        let a = t.lines.iter().find(|l| l.player == "A").unwrap();
        assert_eq!((a.games, a.wins, a.losses), (1, 1, 0));
    }

    #[test]
    fn points_and_sonneborn_berger() {
        let rows = vec![
            game(1, "A", "B", "black"),
            game(2, "B", "C", "black"),
            game(3, "C", "A", "draw"),
            game(4, "A", "C", "unknown"),
        ];
        let t = &points_tables(&rows, &[])[0];
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
                    l.decided_by.label(),
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
        let tables = points_tables(&rows, &[]);
        type Decided<'a> = Vec<(&'a str, &'a str)>;
        let got: Vec<(Option<&str>, Decided)> = tables
            .iter()
            .map(|t| {
                (
                    t.section.as_deref(),
                    t.lines
                        .iter()
                        .map(|l| (l.player.as_str(), l.decided_by.label()))
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
        // An event the curation keeps whole is one table of the four players.
        let whole = terms(Sections::None, Scoring::default(), vec![]);
        assert_eq!(points_tables(&rows, &[whole])[0].lines.len(), 4);
    }

    #[test]
    fn a_group_tag_that_seats_a_player_in_four_groups_is_no_section() {
        // A league's records write each match as the group.
        let tagged = |mut row: ResultRow, group: &str| {
            row.extra.tags.push(("group".into(), group.into()));
            row
        };
        let mut rows = vec![
            tagged(game(1, "A", "B", "draw"), "A-B"),
            tagged(game(1, "C", "D", "draw"), "C-D"),
            tagged(game(2, "C", "A", "draw"), "C-A"),
        ];
        // Two groups a player: stages, still tabled apart.
        assert_eq!(points_tables(&rows, &[]).len(), 3);
        rows.push(tagged(game(3, "A", "D", "draw"), "A-D"));
        rows.push(tagged(game(4, "B", "A", "draw"), "B-A"));
        let tables = points_tables(&rows, &[]);
        assert_eq!(tables.len(), 1);
        assert_eq!(
            (tables[0].section.as_deref(), tables[0].lines.len()),
            (None, 4)
        );
        // A curation naming the tag as the sections is followed even so.
        let by_tag = terms(Sections::Tag("group".into()), Scoring::default(), vec![]);
        assert_eq!(points_tables(&rows, &[by_tag]).len(), 5);
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
        let t = &points_tables(&rows, &[])[0];
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
        let t = &points_tables(&rows, &[])[0];
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
    fn crosstable_marks_are_outcomes_whatever_the_scoring() {
        // Under 2/1/0 a win scores 2 and a draw 1: the marks must still read + and =.
        let rows = vec![
            game(1, "A", "B", "black"),
            game(2, "B", "C", "draw"),
            game(3, "C", "A", "black"),
        ];
        let two = Scoring {
            win: 2.0,
            draw: 1.0,
            loss: 0.0,
        };
        let t = &points_tables(&rows, &[terms(Sections::None, two, vec![])])[0];
        assert_eq!(t.rounds, ["1", "2", "3"]);
        let marks: Vec<(&str, Vec<String>)> = t
            .lines
            .iter()
            .map(|l| {
                (
                    l.player.as_str(),
                    l.crosstable.iter().map(|c| c.text("bye")).collect(),
                )
            })
            .collect();
        // A 2, C 3, B 1: C first (beat A, drew B), then A (beat B, lost to C), then B.
        let v = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            marks,
            [
                ("C", v(&["bye", "=3", "+2"])),
                ("A", v(&["+3", "bye", "−1"])),
                ("B", v(&["−2", "=1", "bye"])),
            ]
        );
        // No game of the table was a forfeit; three players are no match.
        assert!(!t.forfeits);
        assert!(t.duel.is_none());
    }

    #[test]
    fn direct_encounter_counts_the_games_against_those_on_the_same_points() {
        // A and B both on 1½ (A beat C, drew B; B beat D, drew A), separated by
        // Sonneborn-Berger before direct encounter's turn: each still shows ½ from their
        // draw; C and D are alone on their points: none.
        let rows = vec![
            game(1, "A", "C", "black"),
            game(2, "B", "D", "black"),
            game(3, "A", "B", "draw"),
            game(4, "C", "D", "black"),
        ];
        let t = &points_tables(
            &rows,
            &[terms(
                Sections::None,
                Scoring::default(),
                vec![Tiebreak::SonnebornBerger, Tiebreak::DirectEncounter],
            )],
        )[0];
        let got: Vec<(&str, f64, Option<f64>, &str)> = t
            .lines
            .iter()
            .map(|l| {
                (
                    l.player.as_str(),
                    l.points,
                    l.tiebreak(Tiebreak::DirectEncounter),
                    l.decided_by.label(),
                )
            })
            .collect();
        // SB: A beat C (1) + ½ × B (1½) = 1¾; B beat D (0) + ½ × A (1½) = ¾.
        assert_eq!(
            got,
            [
                ("A", 1.5, Some(0.5), "Sonneborn-Berger"),
                ("B", 1.5, Some(0.5), "Sonneborn-Berger"),
                ("C", 1.0, None, "points"),
                ("D", 0.0, None, "points"),
            ]
        );
    }

    #[test]
    fn a_table_of_two_players_is_a_match() {
        let rows = vec![
            game(1, "A", "B", "white"),
            game(2, "B", "A", "black"),
            game(3, "A", "B", "black"),
            game(4, "B", "A", "draw"),
        ];
        let t = &points_tables(&rows, &[])[0];
        let duel = t.duel.as_ref().unwrap();
        assert_eq!(duel.players, ["B".to_string(), "A".to_string()]);
        assert_eq!(duel.score, [2.5, 1.5]);
        let outcomes: Vec<PlayerOutcome> = duel.games.iter().map(|g| g.outcome).collect();
        assert_eq!(
            outcomes,
            [
                PlayerOutcome::Win,
                PlayerOutcome::Win,
                PlayerOutcome::Loss,
                PlayerOutcome::Draw
            ]
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
