//! The standings section: per game kind, event and section (the record's `section` or
//! `group` tag), the points table with its named tie-breaks and a round-by-round crosstable
//! (ChouChou: the federation's score sheet and standings), every round a player has no
//! game in flagged. One implementation with `kifu standings`:
//! [`kifu_analysis::standings`].

use kifu_analysis::standings::{
    chouchou_standings_by_section, points_tables, points_text, ChouChouTable, Line, Pairing, Table,
    TeamTable,
};
use kifu_analysis::Filter;
use kifu_facts::{GameKind, Tiebreak};
use kifu_store::Store;
use polars::prelude::*;

use crate::lang::{decided_label, Lang, Msg};
use crate::{Error, Section};

/// Most events whose tables are shown per game kind: the largest (most games, ties by
/// name); the rest are counted in the intro (`kifu standings` lists all).
const MAX_TABLES: usize = 8;

/// The `most` largest of `events` (name, games), most games first, ties by name; and how
/// many events there are.
fn largest_events(events: &[(String, usize)], most: usize) -> Vec<&str> {
    let mut sized: Vec<&(String, usize)> = events.iter().collect();
    sized.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    sized.iter().take(most).map(|(n, _)| n.as_str()).collect()
}

/// Each event's games among `rows`, by its standings name.
fn games_per_event(rows: &[kifu_store::query::ResultRow]) -> Vec<(String, usize)> {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for r in rows {
        *counts
            .entry(kifu_analysis::standings::event_name(r))
            .or_default() += 1;
    }
    counts.into_iter().collect()
}

/// The position of `event` among the events shown (largest first), if it is one.
fn rank_of(shown: &[&str], event: &str) -> Option<usize> {
    shown.iter().position(|e| *e == event)
}

/// The mark of a round without a game, in the tables and the crosstable.
pub(crate) const MISSING: &str = "⚠";

fn text_col(name: &str, v: Vec<String>) -> Column {
    Column::new(name.into(), v)
}

fn u32_col(name: &str, v: Vec<u32>) -> Column {
    Column::new(name.into(), v)
}

fn frame(columns: Vec<Column>) -> Result<DataFrame, Error> {
    let height = columns.first().map_or(0, |c| c.len());
    Ok(DataFrame::new(height, columns)?)
}

/// `event · section`.
fn heading(kind: GameKind, event: &str, section: Option<&str>, lang: Lang) -> String {
    let kind = lang.kind(kind);
    match section {
        Some(s) => format!("{kind} · {event} · {s}"),
        None => format!("{kind} · {event}"),
    }
}

/// `⚠ 3 of 54 players have no game in some round`, or empty.
fn missing_note(incomplete: usize, players: usize, lang: Lang) -> String {
    if incomplete == 0 {
        String::new()
    } else {
        let note = lang.fill(
            Msg::MissingNote,
            &[
                ("missing", MISSING),
                ("n", &incomplete.to_string()),
                ("players", &players.to_string()),
            ],
        );
        format!(" — {note}")
    }
}

/// `⚠ 1–2, 5, 8–12`: the rounds missing, runs of consecutive rounds of the section
/// (`all`, in order) as ranges; empty when none is.
pub(crate) fn missing_text(rounds: &[String], all: &[String]) -> String {
    if rounds.is_empty() {
        return String::new();
    }
    let mut at: Vec<usize> = rounds
        .iter()
        .filter_map(|r| all.iter().position(|x| x == r))
        .collect();
    at.sort_unstable();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for i in at {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == i => *end = i,
            _ => runs.push((i, i)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                all[a].clone()
            } else {
                format!("{}–{}", all[a], all[b])
            }
        })
        .collect();
    format!("{MISSING} {}", parts.join(", "))
}

/// One crosstable cell: a player's games of one round, or why there is none.
pub(crate) enum RoundCell<'a> {
    /// Each game as `+n`, `=n` or `−n` (a win, draw or loss against line n) with its
    /// pairing (which names the game).
    Games(Vec<(String, &'a Pairing)>),
    /// No game recorded in a round of the section.
    Missing,
    /// The round the one player left over of an odd number sat out.
    Bye,
    /// A game without a result: recorded, not scored.
    Unscored,
}

impl RoundCell<'_> {
    /// The cell's text with its words (`bye`) in `lang`.
    pub(crate) fn text_in(&self, lang: Lang) -> String {
        match self {
            RoundCell::Games(games) => games
                .iter()
                .map(|(t, _)| t.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            RoundCell::Missing => MISSING.to_string(),
            RoundCell::Bye => lang.text(Msg::Bye).to_string(),
            RoundCell::Unscored => "?".to_string(),
        }
    }
}

/// Line `x`'s cell of `round` in table `t`'s crosstable (opponents by their line number).
pub(crate) fn round_cell<'a>(t: &Table, x: &'a Line, round: &str) -> RoundCell<'a> {
    let number = |name: &str| {
        t.lines
            .iter()
            .position(|y| y.player == name)
            .map_or(0, |i| i + 1)
    };
    let games: Vec<(String, &Pairing)> = x
        .pairings
        .iter()
        .filter(|p| p.round.as_deref() == Some(round))
        .map(|p| {
            let mark = if p.points == 1.0 {
                "+"
            } else if p.points == 0.0 {
                "−"
            } else {
                "="
            };
            (format!("{mark}{}", number(&p.opponent)), p)
        })
        .collect();
    if !games.is_empty() {
        RoundCell::Games(games)
    } else if x.missing_rounds.iter().any(|r| r == round) {
        RoundCell::Missing
    } else if x.byes.iter().any(|r| r == round) {
        RoundCell::Bye
    } else {
        RoundCell::Unscored
    }
}

/// A ChouChou score sheet's entry: `2/3 +5`, or the missing mark.
pub(crate) fn sheet_entry_text(entry: Option<&kifu_rules::chouchou::RoundEntry>) -> String {
    match entry {
        Some(e) => format!("{} {}", e.mark(), signed(e.points)),
        None => MISSING.to_string(),
    }
}

/// A two-player event's table and crosstable.
fn points_frames(kind: GameKind, t: &Table, lang: Lang) -> Result<Vec<(String, DataFrame)>, Error> {
    let mut head = heading(kind, &t.event, t.section.as_deref(), lang);
    if let Some(scoring) = t.scoring_note() {
        head.push(' ');
        head.push_str(&lang.fill(Msg::ScoringNote, &[("scoring", &scoring.to_string())]));
    }
    let note = missing_note(t.incomplete().count(), t.lines.len(), lang);
    let unscored = if t.unscored > 0 {
        format!(" {}", lang.count(Msg::UnscoredLeftOut, t.unscored as usize))
    } else {
        String::new()
    };
    let l = &t.lines;
    let mut columns = vec![
        u32_col("place", l.iter().map(|x| x.place as u32).collect()),
        text_col("player", l.iter().map(|x| x.player.clone()).collect()),
        u32_col("games", l.iter().map(|x| x.games).collect()),
        u32_col("wins", l.iter().map(|x| x.wins).collect()),
        u32_col("draws", l.iter().map(|x| x.draws).collect()),
        u32_col("losses", l.iter().map(|x| x.losses).collect()),
        text_col("points", l.iter().map(|x| points_text(x.points)).collect()),
        text_col(
            "Sonneborn-Berger",
            l.iter().map(|x| points_text(x.sonneborn_berger)).collect(),
        ),
        text_col(
            "decided by",
            l.iter()
                .map(|x| decided_label(x.decided_by, lang))
                .collect(),
        ),
        text_col(
            "missing rounds",
            l.iter()
                .map(|x| missing_text(&x.missing_rounds, &t.rounds))
                .collect(),
        ),
    ];
    if l.iter().any(|x| !x.byes.is_empty()) {
        columns.push(text_col(
            "byes",
            l.iter().map(|x| x.byes.join(", ")).collect(),
        ));
    }
    // The event's other tie-breaks (Sonneborn-Berger and wins have their columns).
    for (i, tb) in t.tiebreaks.iter().enumerate() {
        if matches!(tb, Tiebreak::SonnebornBerger | Tiebreak::Wins) {
            continue;
        }
        columns.push(text_col(
            tb.label(),
            l.iter()
                .map(|x| points_text(x.tiebreaks[i].value))
                .collect(),
        ));
    }
    let mut out = vec![(
        format!(
            "{head}: {}{note}{unscored}",
            lang.text(Msg::StandingsCaption)
        ),
        frame(columns)?,
    )];
    if t.rounds.is_empty() {
        return Ok(out);
    }
    // The crosstable: one column per round, the opponent by their line number.
    let mut columns = vec![
        u32_col("no", (1..=l.len() as u32).collect()),
        text_col("player", l.iter().map(|x| x.player.clone()).collect()),
    ];
    for round in &t.rounds {
        let cells = l
            .iter()
            .map(|x| round_cell(t, x, round).text_in(lang))
            .collect();
        columns.push(text_col(round, cells));
    }
    columns.push(text_col(
        "points",
        l.iter().map(|x| points_text(x.points)).collect(),
    ));
    out.push((
        format!("{head}: {}{note}", lang.text(Msg::CrosstableCaption)),
        frame(columns)?,
    ));
    if let Some(teams) = &t.teams {
        out.extend(team_frames(&head, teams, lang)?);
    }
    Ok(out)
}

/// A team table and its matches (`kifu standings --teams`).
fn team_frames(head: &str, t: &TeamTable, lang: Lang) -> Result<Vec<(String, DataFrame)>, Error> {
    let l = &t.lines;
    let left_out = t.left_out().map(|n| format!(" ({n})")).unwrap_or_default();
    let table = frame(vec![
        u32_col("place", l.iter().map(|x| x.place as u32).collect()),
        text_col("team", l.iter().map(|x| x.team.clone()).collect()),
        u32_col("matches", l.iter().map(|x| x.matches).collect()),
        u32_col("wins", l.iter().map(|x| x.wins).collect()),
        u32_col("draws", l.iter().map(|x| x.draws).collect()),
        u32_col("losses", l.iter().map(|x| x.losses).collect()),
        text_col(
            "match points",
            l.iter().map(|x| points_text(x.match_points)).collect(),
        ),
        text_col(
            "board points",
            l.iter().map(|x| points_text(x.board_points)).collect(),
        ),
        text_col(
            "direct encounter",
            l.iter()
                .map(|x| x.direct_encounter.map(points_text).unwrap_or_default())
                .collect(),
        ),
        text_col(
            "decided by",
            l.iter()
                .map(|x| decided_label(x.decided_by, lang))
                .collect(),
        ),
        text_col(
            "rounds without a match",
            l.iter()
                .map(|x| {
                    let mut text = x.missing_rounds.join(", ");
                    if !x.byes.is_empty() {
                        text = format!("{text} bye: {}", x.byes.join(", "));
                    }
                    text.trim().to_owned()
                })
                .collect(),
        ),
    ])?;
    let m = &t.matches;
    let matches = frame(vec![
        text_col(
            "round",
            m.iter()
                .map(|x| x.round.clone().unwrap_or_default())
                .collect(),
        ),
        text_col("team", m.iter().map(|x| x.teams[0].clone()).collect()),
        text_col(
            "score",
            m.iter()
                .map(|x| {
                    format!(
                        "{}–{}",
                        points_text(x.board_points[0]),
                        points_text(x.board_points[1])
                    )
                })
                .collect(),
        ),
        text_col("opponent", m.iter().map(|x| x.teams[1].clone()).collect()),
        u32_col("games", m.iter().map(|x| x.games).collect()),
    ])?;
    Ok(vec![
        (format!("{head}: {}{left_out}", t.title()), table),
        (format!("{head}: {}", lang.text(Msg::TeamMatches)), matches),
    ])
}

pub(crate) fn signed(p: i32) -> String {
    if p > 0 {
        format!("+{p}")
    } else {
        p.to_string()
    }
}

/// A ChouChou event's score sheet and standings.
fn chouchou_frames(t: &ChouChouTable, lang: Lang) -> Result<Vec<(String, DataFrame)>, Error> {
    let head = heading(GameKind::ChouChou, &t.event, t.section.as_deref(), lang);
    let st = &t.standings;
    let missing = t.missing_rounds();
    let incomplete = missing.iter().filter(|(_, m)| !m.is_empty()).count();
    let note = missing_note(incomplete, st.sheet.len(), lang);
    let mut columns = vec![text_col(
        "player",
        st.sheet.iter().map(|r| r.player.clone()).collect(),
    )];
    for (i, round) in st.rounds.iter().enumerate() {
        columns.push(text_col(
            &format!("R{round}"),
            st.sheet
                .iter()
                .map(|r| sheet_entry_text(r.rounds[i].as_ref()))
                .collect(),
        ));
    }
    columns.push(text_col(
        "total",
        st.sheet
            .iter()
            .map(|r| signed(r.rounds.iter().flatten().map(|e| e.points).sum()))
            .collect(),
    ));
    columns.push(text_col(
        "missing rounds",
        missing
            .iter()
            .map(|(_, m)| missing_text(m, &st.rounds))
            .collect(),
    ));
    let sheet = frame(columns)?;
    let tb = &st.table;
    let table = frame(vec![
        u32_col("place", tb.iter().map(|r| r.place).collect()),
        text_col("player", tb.iter().map(|r| r.player.clone()).collect()),
        u32_col("wins", tb.iter().map(|r| r.wins).collect()),
        text_col("points", tb.iter().map(|r| signed(r.points_sum)).collect()),
        text_col(
            "best bonus",
            tb.iter().map(|r| signed(r.best_bonus)).collect(),
        ),
        text_col(
            "worst penalty",
            tb.iter().map(|r| r.worst_penalty.to_string()).collect(),
        ),
        text_col(
            "decided by",
            tb.iter()
                .map(|r| decided_label(r.decided_by, lang))
                .collect(),
        ),
    ])?;
    Ok(vec![
        (
            format!("{head}: {}{note}", lang.text(Msg::ScoreSheet)),
            sheet,
        ),
        (
            format!("{head}: {}", lang.text(Msg::StandingsCaption)),
            table,
        ),
    ])
}

/// The standings of every event under `filter`, or `None` when no game has two named
/// players (nothing to table).
/// The distinct events of `tabled` (in order) with their games from `sizes`.
fn with_sizes<'a>(
    tabled: impl Iterator<Item = &'a str>,
    sizes: &[(String, usize)],
) -> Vec<(String, usize)> {
    let sizes: std::collections::HashMap<&str, usize> =
        sizes.iter().map(|(e, n)| (e.as_str(), *n)).collect();
    let mut seen = std::collections::HashSet::new();
    tabled
        .filter(|event| seen.insert(*event))
        .map(|event| (event.to_string(), sizes.get(event).copied().unwrap_or(0)))
        .collect()
}

/// The standings of the events under `filter` (the [`MAX_TABLES`] with the most games of
/// each kind, largest first), or `None` when no game has two named players (nothing to
/// table).
pub(crate) fn standings_section(
    store: &Store,
    filter: &Filter,
    lang: Lang,
) -> Result<Option<Section>, Error> {
    let mut tables = Vec::new();
    let (mut events, mut left_out) = (0, Vec::new());
    let terms = store.event_terms()?;
    // What the tables shown hold, so the introduction speaks of those only.
    let (mut two_player, mut teams, mut chouchou) = (false, false, false);
    for kind in GameKind::ALL {
        let rows = store.results_of(kind, filter)?;
        if rows.is_empty() {
            continue;
        }
        let sizes = games_per_event(&rows);
        let tabled: Vec<(String, usize)>;
        let mut frames: Vec<(usize, Vec<(String, DataFrame)>)> = Vec::new();
        if kind == GameKind::ChouChou {
            let all = chouchou_standings_by_section(&rows);
            tabled = with_sizes(all.iter().map(|t| t.event.as_str()), &sizes);
            let shown = largest_events(&tabled, MAX_TABLES);
            for t in &all {
                if let Some(rank) = rank_of(&shown, &t.event) {
                    chouchou = true;
                    frames.push((rank, chouchou_frames(t, lang)?));
                }
            }
        } else {
            let all: Vec<Table> = points_tables(&rows, &terms)
                .into_iter()
                .filter(|t| !t.lines.is_empty())
                .collect();
            tabled = with_sizes(all.iter().map(|t| t.event.as_str()), &sizes);
            let shown = largest_events(&tabled, MAX_TABLES);
            for t in &all {
                if let Some(rank) = rank_of(&shown, &t.event) {
                    two_player = true;
                    teams |= t.teams.is_some();
                    frames.push((rank, points_frames(kind, t, lang)?));
                }
            }
        }
        // Largest event first; an event's sections stay in their order.
        frames.sort_by_key(|(rank, _)| *rank);
        tables.extend(frames.into_iter().flat_map(|(_, f)| f));
        let total = tabled.len();
        events += total;
        if total > MAX_TABLES {
            left_out.push(lang.fill(
                Msg::LargestEventsShown,
                &[
                    ("n", &MAX_TABLES.to_string()),
                    ("total", &total.to_string()),
                    ("kind", lang.kind(kind)),
                ],
            ));
        }
    }
    if events == 0 {
        return Ok(None);
    }
    let parts = [
        (two_player, Msg::StandingsIntroPoints),
        (teams, Msg::StandingsIntroTeams),
        (chouchou, Msg::StandingsIntroChouChou),
    ];
    let mut intro = parts
        .into_iter()
        .filter(|(shown, _)| *shown)
        .map(|(_, m)| lang.text(m))
        .collect::<Vec<_>>()
        .join(" ");
    if !left_out.is_empty() {
        intro.push(' ');
        intro.push_str(&lang.fill(Msg::StandingsShown, &[("shown", &left_out.join(", "))]));
    }
    Ok(Some(Section {
        title: lang.text(Msg::Standings).into(),
        intro,
        tables,
        charts: Vec::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_rounds_read_as_ranges() {
        let all: Vec<String> = (1..=12).map(|r| r.to_string()).collect();
        let some = |r: &[u32]| r.iter().map(|r| r.to_string()).collect::<Vec<_>>();
        assert_eq!(
            missing_text(&some(&[1, 2, 5, 8, 9, 10, 12]), &all),
            "⚠ 1–2, 5, 8–10, 12"
        );
        assert_eq!(missing_text(&[], &all), "");
    }

    #[test]
    fn the_largest_events_are_shown_never_the_first_by_name() {
        let events: Vec<(String, usize)> = [("A", 2), ("B", 9), ("C", 9), ("D", 1), ("E", 5)]
            .iter()
            .map(|(e, n)| (e.to_string(), *n))
            .collect();
        assert_eq!(largest_events(&events, 3), ["B", "C", "E"]);
        assert_eq!(largest_events(&events, 9).len(), 5);
    }
}
