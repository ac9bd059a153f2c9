//! The points tables of two-player games ([`kifu_analysis::standings::points_tables`]: per
//! event and section, win 1, draw ½, loss 0 with Sonneborn-Berger, or the curated event's
//! scoring and tie-breaks) as text and CSV.

use kifu_analysis::standings::{points_text, Table};
use kifu_facts::GameKind;

use crate::cli::table::pad_right;
use crate::cli::text::csv_field;

/// The CSV header of the two-player tables.
pub(super) const CSV_HEADER: &str = "game,event,section,place,player,games,wins,draws,losses,\
                                     points,sonneborn_berger,tiebreaks,missing_rounds,byes\n";

/// One CSV line per player (under [`CSV_HEADER`]); `tiebreaks` as `name=value;…` in the
/// table's order.
pub(super) fn csv(kind: GameKind, tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        for l in &t.lines {
            let tiebreaks: Vec<String> = l
                .tiebreaks
                .iter()
                .map(|v| format!("{}={}", v.name, v.value))
                .collect();
            out.push_str(&format!(
                "{kind},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                csv_field(&t.event),
                csv_field(t.section.as_deref().unwrap_or("")),
                l.place,
                csv_field(&l.player),
                l.games,
                l.wins,
                l.draws,
                l.losses,
                l.points,
                l.sonneborn_berger,
                csv_field(&tiebreaks.join(";")),
                csv_field(&l.missing_rounds.join(";")),
                csv_field(&l.byes.join(";")),
            ));
        }
    }
    out
}

/// Each table as text, points as `1½`, its tie-breaks in columns; the rounds a player has
/// no game in flagged, byes named; then its team table. `teams_only`: the team tables
/// with their matches.
pub(super) fn text(kind: GameKind, tables: &[Table], teams_only: bool) -> String {
    let mut out = String::new();
    for t in tables {
        let section = t
            .section
            .as_deref()
            .map(|s| format!(" · {s}"))
            .unwrap_or_default();
        let scoring = t
            .scoring_note()
            .map(|s| format!(" (scoring {s})"))
            .unwrap_or_default();
        out.push_str(&format!("{kind}: {}{section}{scoring}\n", t.event));
        if teams_only {
            if let Some(teams) = &t.teams {
                out.push_str(&super::teams::text(teams));
                out.push_str(&super::teams::matches_text(teams));
            }
            out.push('\n');
            continue;
        }
        let mut head = String::from("  #  player                      games  +   =   -   points");
        for tb in &t.tiebreaks {
            head.push_str(&format!("  {}", tb.label()));
        }
        out.push_str(&head);
        out.push('\n');
        for l in &t.lines {
            let mut line = format!(
                "  {:<2} {} {:>5} {:>3} {:>3} {:>3} {:>7}",
                l.place,
                pad_right(&l.player, 27),
                l.games,
                l.wins,
                l.draws,
                l.losses,
                points_text(l.points),
            );
            for (tb, v) in t.tiebreaks.iter().zip(&l.tiebreaks) {
                let width = tb.label().chars().count();
                line.push_str(&format!("  {:>width$}", points_text(v.value)));
            }
            if !l.missing_rounds.is_empty() {
                line.push_str(&format!("  ⚠ no game: {}", l.missing_rounds.join(", ")));
            }
            if !l.byes.is_empty() {
                line.push_str(&format!("  bye: {}", l.byes.join(", ")));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if t.unscored > 0 {
            out.push_str(&format!(
                "  ({} game(s) without a result left out)\n",
                t.unscored
            ));
        }
        if let Some(teams) = &t.teams {
            out.push('\n');
            out.push_str(&super::teams::text(teams));
        }
        out.push('\n');
    }
    out
}
