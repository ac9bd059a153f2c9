//! The team tables of the points tables ([`kifu_analysis::standings::TeamTable`]) as text
//! and CSV: each team's matches, match and board points, placed as the event says.

use kifu_analysis::standings::{points_text, Table, TeamTable};
use kifu_facts::GameKind;

use kifu_reports::standings::{team_cell_text, team_column_heading, team_title};
use kifu_reports::Lang;

use crate::cli::table::render;
use crate::cli::text::csv_field;

/// The CSV header of the team tables (`kifu standings --teams --csv`).
pub(super) const CSV_HEADER: &str = "game,event,section,place,team,matches,wins,draws,losses,\
                                     match_points,board_points,direct_encounter,games,\
                                     missing_rounds,byes\n";

/// One CSV line per team of each table that has teams.
pub(super) fn csv(kind: GameKind, tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        let Some(teams) = &t.teams else { continue };
        for l in &teams.lines {
            out.push_str(&format!(
                "{kind},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                csv_field(&t.event),
                csv_field(t.section.as_deref().unwrap_or("")),
                l.place,
                csv_field(&l.team),
                l.matches,
                l.wins,
                l.draws,
                l.losses,
                l.match_points,
                l.board_points,
                l.direct_encounter
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
                l.games,
                csv_field(&l.missing_rounds.join(";")),
                csv_field(&l.byes.join(";")),
            ));
        }
    }
    out
}

/// A team table as text, indented under its event's heading: its columns as the report
/// and the site print them.
pub(super) fn text(teams: &TeamTable) -> String {
    let lang = Lang::En;
    let mut out = format!("  {}\n", team_title(teams, lang));
    let columns = teams.columns();
    let heads: Vec<_> = columns
        .iter()
        .map(|&c| super::heading(c.name(), || team_column_heading(c, lang), c.is_numeric()))
        .collect();
    let rows: Vec<Vec<String>> = teams
        .lines
        .iter()
        .map(|l| {
            columns
                .iter()
                .map(|&c| team_cell_text(l, c, lang))
                .collect()
        })
        .collect();
    for line in render(&heads, &rows).lines() {
        out.push_str(&format!("  {line}\n"));
    }
    if let Some(note) = teams.left_out() {
        out.push_str(&format!("  ({note})\n"));
    }
    out
}

/// The matches of a team table, a line each: `第01轮  京冀联队 1½–2½ 广东碧桂园 (4 games)`.
pub(super) fn matches_text(teams: &TeamTable) -> String {
    let mut out = String::from("  matches:\n");
    for m in &teams.matches {
        out.push_str(&format!(
            "  {:<8} {} {}–{} {} ({} games)\n",
            m.round.as_deref().unwrap_or("-"),
            m.teams[0],
            points_text(m.board_points[0]),
            points_text(m.board_points[1]),
            m.teams[1],
            m.games
        ));
    }
    out
}
