//! The standings section: per game kind, event and section (the record's `section` or
//! `group` tag), the points table with its named tie-breaks and a round-by-round crosstable
//! (ChouChou: the federation's score sheet and standings), every round a player has no
//! game in flagged. One implementation with `kifu standings`:
//! [`kifu_analysis::standings`].

use kifu_analysis::shown_names::ShownIn;
use kifu_analysis::standings::{
    chouchou_standings_by_section, points_tables, points_text, Cell, ChouChouColumn, ChouChouTable,
    Decider, Duel, Line, PlayerOutcome, StandingsColumn, Table, TeamColumn, TeamLine, TeamTable,
    MISSING_MARK,
};
use kifu_analysis::Filter;
use kifu_facts::{GameKind, Tiebreak};
use kifu_rules::chouchou::TableRow as ChouChouRow;
use kifu_store::Store;
use polars::prelude::*;

use crate::lang::{column_label, decided_label, Lang, Msg};
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
pub(crate) const MISSING: &str = MISSING_MARK;

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

/// `event · section`, in the page's language.
fn heading(kind: GameKind, event: &str, section: Option<&str>, shown: ShownIn) -> String {
    let kind = shown.lang.kind(kind);
    let event_name = event_shown(event, shown);
    match section {
        Some(s) => format!("{kind} · {event_name} · {}", shown.section(event, s)),
        None => format!("{kind} · {event_name}"),
    }
}

/// An event's name as a heading shows it: in the page's language (the curation's
/// translation), the games without one said in that language.
pub fn event_shown<'a>(event: &'a str, shown: ShownIn<'a>) -> &'a str {
    if event == kifu_analysis::standings::NO_EVENT {
        shown.lang.text(Msg::NoEventName)
    } else {
        shown.event(event)
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

/// A ChouChou score sheet's entry: `2/3 +5`, or the missing mark.
pub fn sheet_entry_text(entry: Option<&kifu_rules::chouchou::RoundEntry>) -> String {
    match entry {
        Some(e) => format!("{} {}", e.mark(), signed(e.points)),
        None => MISSING.to_string(),
    }
}

/// A tie-break's name in `lang`.
pub fn tiebreak_label(tb: Tiebreak, lang: Lang) -> String {
    lang.text(match tb {
        Tiebreak::SonnebornBerger => Msg::ColSonnebornBerger,
        Tiebreak::Buchholz => Msg::TiebreakBuchholz,
        Tiebreak::BuchholzCut1 => Msg::TiebreakBuchholzCut1,
        Tiebreak::Wins => Msg::ColWins,
        Tiebreak::DirectEncounter => Msg::TiebreakDirectEncounter,
    })
    .to_owned()
}

/// What set a line apart, in `lang`.
pub fn decider_label(d: Decider, lang: Lang) -> String {
    match d {
        Decider::Points => lang.text(Msg::ColPoints).to_owned(),
        Decider::Tiebreak(tb) => tiebreak_label(tb, lang),
        Decider::SharedPlace => lang.text(Msg::TieSharedPlace).to_owned(),
    }
}

/// A points table's column heading in `lang`.
pub fn column_heading(c: StandingsColumn, lang: Lang) -> String {
    match c {
        StandingsColumn::Tiebreak(tb) => tiebreak_label(tb, lang),
        c => column_label(c.name(), lang),
    }
}

/// A line's cell of column `c` as text in `lang`: points as `1½`, a tie-break that does
/// not apply as `–`, missing rounds as `⚠` ranges of the table's rounds.
pub fn cell_text(t: &Table, line: &Line, c: StandingsColumn, lang: Lang) -> String {
    let missing = (c == StandingsColumn::MissingRounds).then_some(t.rounds.as_slice());
    format_cell(line.cell(c), missing, lang)
}

/// A team line's cell of column `c` as text in `lang` (rounds listed as they are named).
pub fn team_cell_text(line: &TeamLine, c: TeamColumn, lang: Lang) -> String {
    format_cell(line.cell(c), None, lang)
}

/// A ChouChou standings row's cell of column `c` as text in `lang`.
pub fn chouchou_cell_text(row: &ChouChouRow, c: ChouChouColumn, lang: Lang) -> String {
    format_cell(c.cell(row), None, lang)
}

/// A team table's column heading in `lang`.
pub fn team_column_heading(c: TeamColumn, lang: Lang) -> String {
    column_label(c.name(), lang)
}

/// A cell as text: `missing`, the table's rounds where the cell lists missing rounds (as
/// `⚠` ranges).
fn format_cell(cell: Cell, missing: Option<&[String]>, lang: Lang) -> String {
    match (cell, missing) {
        (Cell::Count(n), _) => n.to_string(),
        (Cell::Text(s), _) => s.to_owned(),
        (Cell::Points(Some(p)), _) => points_text(p),
        (Cell::Points(None), _) => "–".to_owned(),
        (Cell::Decider(d), _) => decider_label(d, lang),
        (Cell::Label(l), _) => decided_label(l, lang),
        (Cell::Signed(p), _) => signed(p),
        (Cell::Rounds(r), Some(all)) => missing_text(r, all),
        (Cell::Rounds(r), None) => r.join(", "),
    }
}

/// A team table's title in `lang`: its match scoring and the order of its criteria.
pub fn team_title(t: &TeamTable, lang: Lang) -> String {
    let s = t.scoring;
    let criteria: Vec<String> = t
        .criteria()
        .iter()
        .map(|c| decided_label(c, lang))
        .collect();
    lang.fill(
        Msg::TeamsTitle,
        &[
            ("scoring", &format!("{}/{}/{}", s.win, s.draw, s.loss)),
            ("criteria", &criteria.join(lang.text(Msg::ListComma))),
        ],
    )
}

/// The legend of a table, made from its event's terms in `lang`: the scoring, the
/// tie-breaks in order with what each counts, and the forfeit mark where one was scored;
/// a match's score.
pub fn legend(t: &Table, lang: Lang) -> String {
    if let Some(d) = &t.duel {
        return lang.fill(
            Msg::MatchIntro,
            &[
                ("a", &d.players[0]),
                ("score", &duel_score(d)),
                ("b", &d.players[1]),
            ],
        );
    }
    let s = t.scoring;
    let mut parts = vec![lang.fill(
        Msg::LegendScoring,
        &[
            ("win", &points_text(s.win)),
            ("draw", &points_text(s.draw)),
            ("loss", &points_text(s.loss)),
        ],
    )];
    let order: Vec<String> = t
        .tiebreaks
        .iter()
        .map(|tb| tiebreak_label(*tb, lang))
        .collect();
    parts.push(lang.fill(
        Msg::LegendPlaces,
        &[("tiebreaks", &order.join(lang.text(Msg::LegendThen)))],
    ));
    for tb in &t.tiebreaks {
        let explained = match tb {
            Tiebreak::SonnebornBerger => Msg::LegendSonnebornBerger,
            Tiebreak::Buchholz => Msg::LegendBuchholz,
            Tiebreak::BuchholzCut1 => Msg::LegendBuchholzCut1,
            Tiebreak::DirectEncounter => Msg::LegendDirectEncounter,
            Tiebreak::Wins => continue,
        };
        parts.push(lang.text(explained).to_owned());
    }
    if t.forfeits {
        parts.push(lang.text(Msg::LegendForfeit).to_owned());
    }
    // English sentences are spaced; Chinese and Japanese ones are not.
    parts.join(if lang == Lang::En { " " } else { "" })
}

/// A match's score, `3–1`, the leader's first.
pub fn duel_score(d: &Duel) -> String {
    format!("{}–{}", points_text(d.score[0]), points_text(d.score[1]))
}

/// A match game's result from the first player's seat of the match: `1–0`, `½–½`, `0–1`.
pub fn duel_result(outcome: PlayerOutcome) -> &'static str {
    match outcome {
        PlayerOutcome::Win => "1–0",
        PlayerOutcome::Draw => "½–½",
        PlayerOutcome::Loss => "0–1",
    }
}

/// The caption of a table: `Xiangqi · event · section (scoring 2/1/0)`.
fn table_heading(kind: GameKind, t: &Table, shown: ShownIn) -> String {
    let lang = shown.lang;
    let mut head = heading(kind, &t.event, t.section.as_deref(), shown);
    if let Some(scoring) = t.scoring_note() {
        head.push(' ');
        head.push_str(&lang.fill(Msg::ScoringNote, &[("scoring", &scoring.to_string())]));
    }
    head
}

/// A two-player event's table and crosstable (a match's score and games).
fn points_frames(
    kind: GameKind,
    t: &Table,
    shown: ShownIn,
) -> Result<Vec<(String, DataFrame)>, Error> {
    let lang = shown.lang;
    let head = table_heading(kind, t, shown);
    if let Some(duel) = &t.duel {
        return duel_frames(&head, t, duel, shown);
    }
    let note = missing_note(t.incomplete().count(), t.lines.len(), lang);
    let unscored = if t.unscored > 0 {
        format!(" {}", lang.count(Msg::UnscoredLeftOut, t.unscored as usize))
    } else {
        String::new()
    };
    let l = &t.lines;
    // Counts are numbers in the frame; every other cell is its text in `lang`.
    let columns: Vec<Column> = t
        .columns()
        .into_iter()
        .map(|c| {
            let counts: Option<Vec<u32>> = l
                .iter()
                .map(|x| match x.cell(c) {
                    Cell::Count(n) => Some(n),
                    _ => None,
                })
                .collect();
            match counts {
                Some(counts) if !l.is_empty() => u32_col(c.name(), counts),
                _ if c == StandingsColumn::Player => text_col(
                    c.name(),
                    l.iter()
                        .map(|x| shown.player(&x.player).to_owned())
                        .collect(),
                ),
                _ => text_col(
                    c.name(),
                    l.iter().map(|x| cell_text(t, x, c, lang)).collect(),
                ),
            }
        })
        .collect();
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
    let bye = lang.text(Msg::Bye);
    let mut columns = vec![
        u32_col("no", (1..=l.len() as u32).collect()),
        text_col(
            "player",
            l.iter()
                .map(|x| shown.player(&x.player).to_owned())
                .collect(),
        ),
    ];
    // A round's column by its name in the page's language, unless two rounds would share
    // it (a frame's columns are named once each).
    let mut named = std::collections::HashSet::new();
    for (i, round) in t.rounds.iter().enumerate() {
        let cells = l.iter().map(|x| x.crosstable[i].text(bye)).collect();
        let name = shown.round(&t.event, round);
        let name = if named.insert(name.clone().into_owned()) {
            name
        } else {
            round.into()
        };
        columns.push(text_col(&name, cells));
    }
    columns.push(text_col(
        "points",
        l.iter().map(|x| points_text(x.points)).collect(),
    ));
    out.push((
        format!("{head}: {}{note}", lang.text(Msg::CrosstableCaption)),
        frame(columns)?,
    ));
    if let Some(columns) = round_robin_columns(t) {
        out.push((
            format!("{head}: {}", lang.text(Msg::RoundRobinCaption)),
            frame(columns)?,
        ));
    }
    if let Some(teams) = &t.teams {
        out.extend(team_frames(&head, teams, lang)?);
    }
    Ok(out)
}

/// Most players a round robin's player-against-player table is printed for: one column
/// each, so more would not fit a page's width.
const ROUND_ROBIN_PLAYERS: usize = 30;

/// The mark on a round robin table's diagonal (a player against themselves).
const SELF_MARK: &str = "×";

/// A round robin's player-against-player table from the same lines as the crosstable:
/// line number, player, one column per opponent (by line number) holding the signs of the
/// games between the two (`+`, `=`, `−`, a forfeit `F`), and the points; `None` unless
/// every player met every other (3 to [`ROUND_ROBIN_PLAYERS`] players).
fn round_robin_columns(t: &Table) -> Option<Vec<Column>> {
    let l = &t.lines;
    if l.len() < 3 || l.len() > ROUND_ROBIN_PLAYERS {
        return None;
    }
    let line_of: std::collections::HashMap<&str, usize> = l
        .iter()
        .enumerate()
        .map(|(i, x)| (x.player.as_str(), i))
        .collect();
    // marks[i][j]: the signs of i's games against j, in round order.
    let mut marks = vec![vec![Vec::<String>::new(); l.len()]; l.len()];
    for (i, x) in l.iter().enumerate() {
        for p in &x.pairings {
            let j = *line_of.get(p.opponent.as_str())?;
            let forfeit = if p.forfeit { "F" } else { "" };
            marks[i][j].push(format!("{}{forfeit}", p.outcome.sign()));
        }
    }
    let everyone_met =
        (0..l.len()).all(|i| (0..l.len()).all(|j| i == j || !marks[i][j].is_empty()));
    if !everyone_met {
        return None;
    }
    let mut columns = vec![
        u32_col("no", (1..=l.len() as u32).collect()),
        text_col("player", l.iter().map(|x| x.player.clone()).collect()),
    ];
    // Column j: every line's games against line j.
    for j in 0..l.len() {
        let cells = marks
            .iter()
            .enumerate()
            .map(|(i, row)| {
                if i == j {
                    SELF_MARK.to_owned()
                } else {
                    row[j].join(" ")
                }
            })
            .collect();
        columns.push(text_col(&(j + 1).to_string(), cells));
    }
    columns.push(text_col(
        "points",
        l.iter().map(|x| points_text(x.points)).collect(),
    ));
    Some(columns)
}

/// A match: its score line per player (the table's two lines), then its games.
fn duel_frames(
    head: &str,
    t: &Table,
    d: &Duel,
    shown: ShownIn,
) -> Result<Vec<(String, DataFrame)>, Error> {
    let lang = shown.lang;
    let l = &t.lines;
    let players = d.players.clone().map(|p| shown.player(&p).to_owned());
    let score = frame(vec![
        text_col("player", players.to_vec()),
        u32_col("wins", l.iter().map(|x| x.wins).collect()),
        u32_col("draws", l.iter().map(|x| x.draws).collect()),
        u32_col("losses", l.iter().map(|x| x.losses).collect()),
        text_col("score", d.score.iter().map(|p| points_text(*p)).collect()),
    ])?;
    let games = frame(vec![
        u32_col("no", (1..=d.games.len() as u32).collect()),
        text_col(
            "round",
            d.games
                .iter()
                .map(|g| {
                    shown
                        .round(&t.event, g.round.as_deref().unwrap_or_default())
                        .into_owned()
                })
                .collect(),
        ),
        text_col(
            "result",
            d.games
                .iter()
                .map(|g| {
                    let forfeit = if g.forfeit { " F" } else { "" };
                    format!("{}{forfeit}", duel_result(g.outcome))
                })
                .collect(),
        ),
    ])?;
    Ok(vec![
        (
            format!(
                "{head}: {} {} {} {}",
                lang.text(Msg::MatchCaption),
                players[0],
                duel_score(d),
                players[1]
            ),
            score,
        ),
        (
            format!(
                "{head}: {} ({} – {})",
                lang.text(Msg::MatchGames),
                players[0],
                players[1]
            ),
            games,
        ),
    ])
}

/// A team table and its matches (`kifu standings --teams`).
fn team_frames(head: &str, t: &TeamTable, lang: Lang) -> Result<Vec<(String, DataFrame)>, Error> {
    let l = &t.lines;
    let left_out = t.left_out().map(|n| format!(" ({n})")).unwrap_or_default();
    let table = frame(
        t.columns()
            .into_iter()
            .map(|c| match c {
                TeamColumn::Place
                | TeamColumn::Matches
                | TeamColumn::Wins
                | TeamColumn::Draws
                | TeamColumn::Losses => u32_col(
                    c.name(),
                    l.iter()
                        .map(|x| match x.cell(c) {
                            Cell::Count(n) => n,
                            _ => 0,
                        })
                        .collect(),
                ),
                _ => text_col(
                    c.name(),
                    l.iter().map(|x| team_cell_text(x, c, lang)).collect(),
                ),
            })
            .collect(),
    )?;
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
        (format!("{head}: {}{left_out}", team_title(t, lang)), table),
        (format!("{head}: {}", lang.text(Msg::TeamMatches)), matches),
    ])
}

pub fn signed(p: i32) -> String {
    if p > 0 {
        format!("+{p}")
    } else {
        p.to_string()
    }
}

/// A ChouChou event's score sheet and standings.
fn chouchou_frames(t: &ChouChouTable, shown: ShownIn) -> Result<Vec<(String, DataFrame)>, Error> {
    let lang = shown.lang;
    let head = heading(GameKind::ChouChou, &t.event, t.section.as_deref(), shown);
    let st = &t.standings;
    let missing = t.missing_rounds();
    let incomplete = missing.iter().filter(|(_, m)| !m.is_empty()).count();
    let note = missing_note(incomplete, st.sheet.len(), lang);
    let mut columns = vec![text_col(
        "player",
        st.sheet
            .iter()
            .map(|r| shown.player(&r.player).to_owned())
            .collect(),
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
    let table = frame(
        ChouChouColumn::ALL
            .into_iter()
            .map(|c| match c {
                ChouChouColumn::Place | ChouChouColumn::Wins => u32_col(
                    c.name(),
                    tb.iter()
                        .map(|r| match c.cell(r) {
                            Cell::Count(n) => n,
                            _ => 0,
                        })
                        .collect(),
                ),
                _ => text_col(
                    c.name(),
                    tb.iter().map(|r| chouchou_cell_text(r, c, lang)).collect(),
                ),
            })
            .collect(),
    )?;
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
/// table); its headings name what `shown_in` (the curation's names in the page's
/// language) names.
pub(crate) fn standings_section(
    store: &Store,
    filter: &Filter,
    shown_in: ShownIn,
) -> Result<Option<Section>, Error> {
    let lang = shown_in.lang;
    let mut tables = Vec::new();
    let (mut events, mut left_out) = (0, Vec::new());
    let terms = store.event_terms()?;
    // What the tables shown hold, so the introduction speaks of those only.
    let (mut two_player, mut teams, mut chouchou) = (false, false, false);
    // Each shown table's legend, under its heading.
    let mut legends: Vec<(String, String)> = Vec::new();
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
                    frames.push((rank, chouchou_frames(t, shown_in)?));
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
                    legends.push((table_heading(kind, t, shown_in), legend(t, lang)));
                    frames.push((rank, points_frames(kind, t, shown_in)?));
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
    // The legends: one when every table shown has the same terms, else one per table.
    if let Some((_, first)) = legends
        .first()
        .filter(|(_, first)| legends.iter().all(|(_, l)| l == first))
    {
        intro.push(' ');
        intro.push_str(first);
    } else {
        for (head, text) in &legends {
            intro.push_str(&format!(" {head}: {text}"));
        }
    }
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
    fn a_round_robin_prints_player_against_player() {
        use kifu_analysis::standings::Pairing;
        use kifu_analysis::standings::PlayerOutcome::{Draw, Loss, Win};
        let game = |opponent: &str, outcome| Pairing {
            round: None,
            opponent: opponent.into(),
            outcome,
            points: 0.0,
            game: 1,
            forfeit: false,
        };
        let line = |player: &str, points: f64, pairings: Vec<Pairing>| Line {
            player: player.into(),
            points,
            pairings,
            ..Line::default()
        };
        let mut t = Table {
            event: "RR".into(),
            section: None,
            scoring: Default::default(),
            lines: vec![
                line("A", 4.0, vec![game("B", Win), game("C", Win)]),
                line("B", 1.0, vec![game("A", Loss), game("C", Draw)]),
                line("C", 1.0, vec![game("A", Loss), game("B", Draw)]),
            ],
            unscored: 0,
            rounds: Vec::new(),
            tiebreaks: Vec::new(),
            forfeits: false,
            duel: None,
            teams: None,
        };
        let df = frame(round_robin_columns(&t).unwrap()).unwrap();
        let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
        assert_eq!(names, ["no", "player", "1", "2", "3", "points"]);
        let column = |name: &str| -> Vec<String> {
            df.column(name)
                .unwrap()
                .str()
                .unwrap()
                .iter()
                .map(|cell| cell.unwrap().to_owned())
                .collect()
        };
        assert_eq!(column("1"), ["×", "−", "−"]);
        assert_eq!(column("2"), ["+", "×", "="]);
        assert_eq!(column("points"), ["4", "1", "1"]);
        // Not everyone met: a Swiss table has no player-against-player table.
        t.lines[1].pairings.pop();
        t.lines[2].pairings.pop();
        assert!(round_robin_columns(&t).is_none());
    }

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
