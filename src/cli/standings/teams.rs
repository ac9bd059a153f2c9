//! The team tables of the points tables ([`kifu_analysis::standings::TeamTable`]) as text
//! and CSV: each team's matches, match and board points, placed as the event says.

use kifu_analysis::standings::{points_text, Table, TeamTable};
use kifu_facts::GameKind;

use crate::cli::table::pad_right;
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

/// A team table as text, indented under its event's heading.
pub(super) fn text(teams: &TeamTable) -> String {
    let mut out = format!("  {}\n", teams.title());
    out.push_str(
        "  #  team                        matches  +   =   -   match points  board points  direct\n",
    );
    for l in &teams.lines {
        let mut line = format!(
            "  {:<2} {} {:>7} {:>3} {:>3} {:>3} {:>14} {:>13} {:>7}",
            l.place,
            pad_right(&l.team, 27),
            l.matches,
            l.wins,
            l.draws,
            l.losses,
            points_text(l.match_points),
            points_text(l.board_points),
            l.direct_encounter.map(points_text).unwrap_or_default(),
        );
        if !l.missing_rounds.is_empty() {
            line.push_str(&format!("  ⚠ no match: {}", l.missing_rounds.join(", ")));
        }
        if !l.byes.is_empty() {
            line.push_str(&format!("  bye: {}", l.byes.join(", ")));
        }
        out.push_str(line.trim_end());
        out.push('\n');
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
