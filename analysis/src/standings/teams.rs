//! Team standings of a points table: where the games name each seat's team (the records'
//! `RedTeam`/`BlackTeam` tags, or the curation's `[[player]] team`), the games between two
//! teams in one round form a match; its board points (the event's game scoring) decide it,
//! and the match scores the event's team scoring (2/1/0 unless the curation gives one).
//! Teams are placed by match points then board points (or the other way round, as the
//! curation's `team_ranking` says), then by the match points among the teams still tied.

use std::collections::{BTreeMap, BTreeSet};

use kifu_facts::curation::{Scoring, TeamRanking};
use kifu_store::query::ResultRow;
use serde::Serialize;

use super::{absences, places, round_order, sorted_rounds, winner};

/// One team's line.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct TeamLine {
    pub place: usize,
    pub team: String,
    pub matches: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub match_points: f64,
    pub board_points: f64,
    /// The match points scored against the other teams of its tie; none when no team is
    /// level with it on the criteria before.
    pub direct_encounter: Option<f64>,
    /// The team's scored games.
    pub games: u32,
    /// What set this line apart from its neighbour: `match points`, `board points`,
    /// `direct encounter`, or `tie (shared place)`.
    #[serde(skip)]
    pub decided_by: &'static str,
    /// The rounds of the table in which the team has no match (a bye left out).
    #[serde(skip)]
    pub missing_rounds: Vec<String>,
    /// The rounds the team sat out as the one team without a match of an odd number.
    #[serde(skip)]
    pub byes: Vec<String>,
}

/// One match: the games two teams played each other in one round.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TeamMatch {
    pub round: Option<String>,
    /// The teams, the one seated first in the match's first game first.
    pub teams: [String; 2],
    pub board_points: [f64; 2],
    /// The scored games (boards) of the match.
    pub games: u32,
    /// The match points each team scored.
    pub match_points: [f64; 2],
}

/// The team table of one event and section.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TeamTable {
    /// Points for a match won, drawn and lost.
    pub scoring: Scoring,
    pub ranking: TeamRanking,
    pub lines: Vec<TeamLine>,
    /// In round order, then as the games came.
    pub matches: Vec<TeamMatch>,
    /// Scored games left out: a seat without a team, or two players of one team.
    pub without_teams: u32,
}

impl TeamTable {
    /// The criteria in the order they place teams, as headings name them.
    pub fn criteria(&self) -> [&'static str; 3] {
        criteria(self.ranking)
    }

    /// What the table leaves out, as the three outputs say it (none: nothing).
    pub fn left_out(&self) -> Option<String> {
        (self.without_teams > 0).then(|| {
            format!(
                "{} game(s) without a team for each seat, or between players of one team, \
                 left out",
                self.without_teams
            )
        })
    }
}

/// Whether, of the (team, round) pairs with two games or more, nine in ten at least meet
/// one team (and there is such a pair).
fn like_team_matches(matches: &[TeamMatch]) -> bool {
    let mut met: BTreeMap<(&str, &str), (u32, u32)> = BTreeMap::new();
    for m in matches {
        let Some(round) = m.round.as_deref() else {
            continue;
        };
        for team in &m.teams {
            let (games, opponents) = met.entry((team.as_str(), round)).or_default();
            *games += m.games;
            *opponents += 1;
        }
    }
    let several: Vec<u32> = met
        .values()
        .filter(|(games, _)| *games >= 2)
        .map(|(_, opponents)| *opponents)
        .collect();
    let one = several.iter().filter(|&&o| o == 1).count();
    !several.is_empty() && one * 10 >= several.len() * 9
}

fn criteria(ranking: TeamRanking) -> [&'static str; 3] {
    match ranking {
        TeamRanking::MatchPoints => ["match points", "board points", "direct encounter"],
        TeamRanking::BoardPoints => ["board points", "match points", "direct encounter"],
    }
}

/// What an event says of its team table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TeamTerms {
    /// Points for a match won, drawn, lost.
    pub scoring: Scoring,
    pub ranking: TeamRanking,
    /// Whether games between teams are team matches; `None`: as the games show.
    pub matches: Option<bool>,
}

impl Default for TeamTerms {
    fn default() -> TeamTerms {
        TeamTerms {
            scoring: Scoring::TEAM_MATCH,
            ranking: TeamRanking::default(),
            matches: None,
        }
    }
}

/// The team table of one table's games (`game_scoring` gives a game's board points), or
/// `None`: no scored game has two teams, or the games are not team matches.
///
/// Unless the event says, the games are team matches when a team's games of a round are
/// against one team: of the rounds in which a team has two games or more, nine in ten at
/// least. A world championship's records name each player's country, but its players of
/// one country meet several countries in a round; a league's teams meet one.
pub fn team_table(
    games: &[&ResultRow],
    game_scoring: Scoring,
    terms: TeamTerms,
) -> Option<TeamTable> {
    let TeamTerms {
        scoring,
        ranking,
        matches: are_matches,
    } = terms;
    // (round, the two teams in sorted order) → the match.
    let mut matches: Vec<TeamMatch> = Vec::new();
    let mut index: BTreeMap<(Option<String>, [String; 2]), usize> = BTreeMap::new();
    let mut without_teams = 0;
    let mut played: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for g in games {
        let Some(w) = winner(g.kind, g.result).filter(|_| g.players.len() == 2) else {
            continue;
        };
        let (Some(Some(a)), Some(Some(b))) = (g.teams.first(), g.teams.get(1)) else {
            without_teams += 1;
            continue;
        };
        if a == b {
            without_teams += 1;
            continue;
        }
        let key = {
            let mut pair = [a.clone(), b.clone()];
            pair.sort();
            (g.round.clone(), pair)
        };
        let at = *index.entry(key).or_insert_with(|| {
            matches.push(TeamMatch {
                round: g.round.clone(),
                teams: [a.clone(), b.clone()],
                board_points: [0.0; 2],
                games: 0,
                match_points: [0.0; 2],
            });
            matches.len() - 1
        });
        let m = &mut matches[at];
        // The seat of the match's first team in this game.
        let first = usize::from(&m.teams[0] != a);
        let points = match w {
            None => [game_scoring.draw; 2],
            Some(0) => [game_scoring.win, game_scoring.loss],
            Some(_) => [game_scoring.loss, game_scoring.win],
        };
        m.board_points[0] += points[first];
        m.board_points[1] += points[1 - first];
        m.games += 1;
        for team in [a, b] {
            let rounds = played.entry(team.clone()).or_default();
            if let Some(r) = &g.round {
                rounds.insert(r.clone());
            }
        }
    }
    if matches.is_empty() || are_matches == Some(false) {
        return None;
    }
    if are_matches.is_none() && !like_team_matches(&matches) {
        return None;
    }
    matches.sort_by(|x, y| match (&x.round, &y.round) {
        (Some(a), Some(b)) => round_order(a, b),
        (a, b) => a.is_none().cmp(&b.is_none()),
    });
    let mut lines: BTreeMap<String, TeamLine> = BTreeMap::new();
    for m in &mut matches {
        let [a, b] = m.board_points;
        m.match_points = if a > b {
            [scoring.win, scoring.loss]
        } else if a < b {
            [scoring.loss, scoring.win]
        } else {
            [scoring.draw; 2]
        };
        for side in 0..2 {
            let line = lines
                .entry(m.teams[side].clone())
                .or_insert_with(|| TeamLine {
                    team: m.teams[side].clone(),
                    ..TeamLine::default()
                });
            let (own, other) = (m.board_points[side], m.board_points[1 - side]);
            line.matches += 1;
            line.games += m.games;
            line.match_points += m.match_points[side];
            line.board_points += own;
            match own.total_cmp(&other) {
                std::cmp::Ordering::Greater => line.wins += 1,
                std::cmp::Ordering::Equal => line.draws += 1,
                std::cmp::Ordering::Less => line.losses += 1,
            }
        }
    }
    let rounds = sorted_rounds(games.iter().filter_map(|g| g.round.as_deref()));
    let mut absent = absences(&rounds, &played);
    let mut lines: Vec<TeamLine> = lines
        .into_values()
        .map(|mut line| {
            (line.byes, line.missing_rounds) = absent.remove(&line.team).unwrap_or_default();
            line
        })
        .collect();
    let primary = |l: &TeamLine| match ranking {
        TeamRanking::MatchPoints => (l.match_points, l.board_points),
        TeamRanking::BoardPoints => (l.board_points, l.match_points),
    };
    lines.sort_by(|a, b| {
        let (pa, sa) = primary(a);
        let (pb, sb) = primary(b);
        pb.total_cmp(&pa)
            .then(sb.total_cmp(&sa))
            .then(a.team.cmp(&b.team))
    });
    // Direct encounter: within each run equal on both, the match points among its teams.
    let mut start = 0;
    while start < lines.len() {
        let mut end = start + 1;
        while end < lines.len() && primary(&lines[end]) == primary(&lines[start]) {
            end += 1;
        }
        if end - start > 1 {
            let run: BTreeSet<&str> = lines[start..end].iter().map(|l| l.team.as_str()).collect();
            let mut among: BTreeMap<&str, f64> = BTreeMap::new();
            for m in matches
                .iter()
                .filter(|m| run.contains(m.teams[0].as_str()) && run.contains(m.teams[1].as_str()))
            {
                for side in 0..2 {
                    *among.entry(m.teams[side].as_str()).or_default() += m.match_points[side];
                }
            }
            let values: Vec<f64> = lines[start..end]
                .iter()
                .map(|l| among.get(l.team.as_str()).copied().unwrap_or(0.0) + 0.0)
                .collect();
            for (line, v) in lines[start..end].iter_mut().zip(values) {
                line.direct_encounter = Some(v);
            }
            lines[start..end].sort_by(|a, b| {
                let value = |l: &TeamLine| l.direct_encounter.unwrap_or(0.0);
                value(b).total_cmp(&value(a))
            });
        }
        start = end;
    }
    let key = |l: &TeamLine| {
        let (p, s) = primary(l);
        (p, s, l.direct_encounter.unwrap_or(0.0))
    };
    let criteria = criteria(ranking);
    let decide = |a: &TeamLine, b: &TeamLine| -> &'static str {
        let (x, y) = (key(a), key(b));
        if x.0 != y.0 {
            criteria[0]
        } else if x.1 != y.1 {
            criteria[1]
        } else {
            criteria[2]
        }
    };
    let placed = places(
        lines.len(),
        |i, j| key(&lines[i]) == key(&lines[j]),
        |i, j| decide(&lines[i], &lines[j]),
        criteria[0],
        "tie (shared place)",
    );
    for (line, (place, decided_by)) in lines.iter_mut().zip(placed) {
        line.place = place;
        line.decided_by = decided_by;
    }
    Some(TeamTable {
        scoring,
        ranking,
        lines,
        matches,
        without_teams,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_facts::{GameKind, ResultName};

    fn board(round: &str, red: (&str, &str), black: (&str, &str), result: &str) -> ResultRow {
        ResultRow {
            game: 1,
            kind: GameKind::Xiangqi,
            event: Some("League".into()),
            round: Some(round.into()),
            players: vec![
                ("red".into(), red.1.into()),
                ("black".into(), black.1.into()),
            ],
            teams: vec![Some(red.0.into()), Some(black.0.into())],
            result: ResultName::parse(result).filter(|o| o.is_known()),
            date: None,
            extra: kifu_facts::Extra::parse(GameKind::Xiangqi, None).unwrap(),
            forfeit: false,
        }
    }

    #[test]
    fn matches_are_decided_by_board_points_and_teams_placed_by_match_points() {
        // Round 1: X beats Y 1½–½. Round 2: Z beats X 2–0. Round 3: Y and Z draw 1–1.
        let rows = vec![
            board("1", ("X", "x1"), ("Y", "y1"), "red"),
            board("1", ("Y", "y2"), ("X", "x2"), "draw"),
            board("2", ("Z", "z1"), ("X", "x1"), "red"),
            board("2", ("X", "x2"), ("Z", "z2"), "black"),
            board("3", ("Y", "y1"), ("Z", "z1"), "draw"),
            board("3", ("Z", "z2"), ("Y", "y2"), "draw"),
            // Two players of one team, and a game without a team: left out.
            ResultRow {
                teams: vec![Some("X".into()), None],
                ..board("3", ("X", "x1"), ("X", "q"), "red")
            },
            board("3", ("X", "x1"), ("X", "x2"), "red"),
            // No result: not a board.
            board("3", ("X", "x1"), ("Y", "y1"), "unknown"),
        ];
        let refs: Vec<&ResultRow> = rows.iter().collect();
        let t = team_table(&refs, Scoring::default(), TeamTerms::default()).unwrap();
        assert_eq!(t.without_teams, 2);
        type Scored<'a> = (&'a str, [&'a str; 2], [f64; 2], [f64; 2]);
        let matches: Vec<Scored> = t
            .matches
            .iter()
            .map(|m| {
                (
                    m.round.as_deref().unwrap(),
                    [m.teams[0].as_str(), m.teams[1].as_str()],
                    m.board_points,
                    m.match_points,
                )
            })
            .collect();
        assert_eq!(
            matches,
            [
                ("1", ["X", "Y"], [1.5, 0.5], [2.0, 0.0]),
                ("2", ["Z", "X"], [2.0, 0.0], [2.0, 0.0]),
                ("3", ["Y", "Z"], [1.0, 1.0], [1.0, 1.0]),
            ]
        );
        let lines: Vec<(&str, usize, f64, f64, &str)> = t
            .lines
            .iter()
            .map(|l| {
                (
                    l.team.as_str(),
                    l.place,
                    l.match_points,
                    l.board_points,
                    l.decided_by,
                )
            })
            .collect();
        // Z 3 match points (board 3), X 2 (1½), Y 1 (1½).
        assert_eq!(
            lines,
            [
                ("Z", 1, 3.0, 3.0, "match points"),
                ("X", 2, 2.0, 1.5, "match points"),
                ("Y", 3, 1.0, 1.5, "match points"),
            ]
        );
        // Ranked by board points: Z 3, then X and Y on 1½: X has more match points.
        let by_boards = TeamTerms {
            ranking: TeamRanking::BoardPoints,
            ..TeamTerms::default()
        };
        let t = team_table(&refs, Scoring::default(), by_boards).unwrap();
        let order: Vec<(&str, &str)> = t
            .lines
            .iter()
            .map(|l| (l.team.as_str(), l.decided_by))
            .collect();
        assert_eq!(
            order,
            [
                ("Z", "board points"),
                ("X", "board points"),
                ("Y", "match points")
            ]
        );
    }

    #[test]
    fn teams_whose_players_meet_several_teams_in_a_round_play_no_matches() {
        // A championship: X's two players meet Y and Z in round 1, Y's two X and Z.
        let rows = [
            board("1", ("X", "x1"), ("Y", "y1"), "red"),
            board("1", ("X", "x2"), ("Z", "z1"), "red"),
            board("1", ("Y", "y2"), ("Z", "z2"), "red"),
        ];
        let refs: Vec<&ResultRow> = rows.iter().collect();
        assert_eq!(
            team_table(&refs, Scoring::default(), TeamTerms::default()),
            None
        );
        // A league: each team's two boards against one team; the event may still say no.
        let rows = [
            board("1", ("X", "x1"), ("Y", "y1"), "red"),
            board("1", ("Y", "y2"), ("X", "x2"), "red"),
        ];
        let refs: Vec<&ResultRow> = rows.iter().collect();
        let t = team_table(&refs, Scoring::default(), TeamTerms::default()).unwrap();
        assert_eq!(t.matches[0].board_points, [1.0, 1.0]);
        let individual = TeamTerms {
            matches: Some(false),
            ..TeamTerms::default()
        };
        assert_eq!(team_table(&refs, Scoring::default(), individual), None);
    }

    #[test]
    fn equal_teams_are_split_by_their_own_match_then_share_a_place() {
        // X beat Y, Y beat Z, Z beat X, each 1–0 on one board: all three level on
        // everything, direct encounter included: a shared place.
        let rows = vec![
            board("1", ("X", "x"), ("Y", "y"), "red"),
            board("2", ("Y", "y"), ("Z", "z"), "red"),
            board("3", ("Z", "z"), ("X", "x"), "red"),
        ];
        let refs: Vec<&ResultRow> = rows.iter().collect();
        // One board a match: nothing shows they are team matches; the event says so.
        assert_eq!(
            team_table(&refs, Scoring::default(), TeamTerms::default()),
            None
        );
        let matches = TeamTerms {
            matches: Some(true),
            ..TeamTerms::default()
        };
        let t = team_table(&refs, Scoring::default(), matches).unwrap();
        assert!(t
            .lines
            .iter()
            .all(|l| l.place == 1 && l.decided_by == "tie (shared place)"));
        // Of three teams one sits out each round: a bye each, no match missing.
        let byes: Vec<(&str, Vec<String>, usize)> = t
            .lines
            .iter()
            .map(|l| (l.team.as_str(), l.byes.clone(), l.missing_rounds.len()))
            .collect();
        assert_eq!(
            byes,
            [
                ("X", vec!["2".to_string()], 0),
                ("Y", vec!["3".to_string()], 0),
                ("Z", vec!["1".to_string()], 0)
            ]
        );
        // A fourth round, X beats Y again: X 4 match points, Y and Z 2 each and level on
        // board points; Y beat Z in their match: direct encounter sets Z below Y.
        let mut more = rows.clone();
        more.push(board("4", ("X", "x"), ("Y", "y"), "red"));
        let refs: Vec<&ResultRow> = more.iter().collect();
        let t = team_table(&refs, Scoring::default(), matches).unwrap();
        let got: Vec<(&str, usize, Option<f64>, &str)> = t
            .lines
            .iter()
            .map(|l| (l.team.as_str(), l.place, l.direct_encounter, l.decided_by))
            .collect();
        assert_eq!(
            got,
            [
                ("X", 1, None, "match points"),
                ("Y", 2, Some(2.0), "match points"),
                ("Z", 3, Some(0.0), "direct encounter"),
            ]
        );
        // No teams at all: no table.
        let bare = ResultRow {
            teams: vec![None, None],
            ..board("1", ("X", "x"), ("Y", "y"), "red")
        };
        assert_eq!(
            team_table(&[&bare], Scoring::default(), TeamTerms::default()),
            None
        );
    }
}
