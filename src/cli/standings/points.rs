//! The points tables of two-player games ([`kifu_analysis::standings::points_tables`]: per
//! event and section, win 1, draw ½, loss 0 with Sonneborn-Berger, or the curated event's
//! scoring and tie-breaks) as text and CSV. The columns, the cells' words and the legend
//! are the report's and the site's ([`kifu_reports::standings`]), in English.

use kifu_analysis::standings::{points_text, Table};
use kifu_facts::GameKind;
use kifu_reports::standings::{cell_text, column_heading, duel_result, legend};
use kifu_reports::{Lang, Msg};

use crate::cli::table::{named, render};
use crate::cli::text::csv_field;

/// The CSV header of the two-player tables.
pub(super) const CSV_HEADER: &str = "game,event,section,place,player,games,wins,draws,losses,\
                                     points,sonneborn_berger,tiebreaks,decided_by,\
                                     missing_rounds,byes,crosstable\n";

/// One CSV line per player (under [`CSV_HEADER`]); `tiebreaks` as `name=value;…` in the
/// table's order (no value where one does not apply), the crosstable as `round:marks;…`.
pub(super) fn csv(kind: GameKind, tables: &[Table]) -> String {
    let mut out = String::new();
    for t in tables {
        for l in &t.lines {
            let tiebreaks: Vec<String> = l
                .tiebreaks
                .iter()
                .map(|v| {
                    let value = v.value.map(|x| x.to_string()).unwrap_or_default();
                    format!("{}={value}", v.name)
                })
                .collect();
            let crosstable: Vec<String> = t
                .rounds
                .iter()
                .zip(&l.crosstable)
                .map(|(r, c)| format!("{r}:{}", c.text("bye")))
                .collect();
            out.push_str(&format!(
                "{kind},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
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
                l.decided_by.name(),
                csv_field(&l.missing_rounds.join(";")),
                csv_field(&l.byes.join(";")),
                csv_field(&crosstable.join(";")),
            ));
        }
    }
    out
}

/// Each table as text under its legend: its columns as the report prints them (points as
/// `1½`, the event's tie-breaks, what decided each place, the rounds without a game), then
/// its crosstable; a table of two players as a match. Then its team table. `teams_only`:
/// the team tables with their matches.
pub(super) fn text(kind: GameKind, tables: &[Table], teams_only: bool) -> String {
    let lang = Lang::En;
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
        out.push_str(&format!("  {}\n", legend(t, lang)));
        match &t.duel {
            Some(duel) => out.push_str(&indent(&duel_text(duel))),
            None => {
                out.push_str(&indent(&standings_text(t, lang)));
                if !t.rounds.is_empty() {
                    out.push_str(&format!("  {}:\n", lang.text(Msg::CrosstableCaption)));
                    out.push_str(&indent(&crosstable_text(t, lang)));
                }
            }
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

/// Every line two spaces in.
fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// The table's columns, headed as the report heads them (but [`super::heading`]'s short
/// ones).
fn standings_text(t: &Table, lang: Lang) -> String {
    let columns = t.columns();
    let heads = columns
        .iter()
        .map(|&c| super::heading(c.name(), || column_heading(c, lang), c.is_numeric()))
        .collect::<Vec<_>>();
    let rows: Vec<Vec<String>> = t
        .lines
        .iter()
        .map(|l| columns.iter().map(|&c| cell_text(t, l, c, lang)).collect())
        .collect();
    render(&heads, &rows)
}

/// One column per round: `+n` a win against line n, `=n` a draw, `−n` a loss.
fn crosstable_text(t: &Table, lang: Lang) -> String {
    let mut heads = vec![
        named("no".into(), true, 4),
        named("player".into(), false, 40),
    ];
    heads.extend(t.rounds.iter().map(|r| named(r.clone(), true, 40)));
    heads.push(named("points".into(), true, 8));
    let bye = lang.text(Msg::Bye);
    let rows: Vec<Vec<String>> = t
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut row = vec![(i + 1).to_string(), l.player.clone()];
            row.extend(l.crosstable.iter().map(|c| c.text(bye)));
            row.push(points_text(l.points));
            row
        })
        .collect();
    render(&heads, &rows)
}

/// A match: `A 3–1 B`, then its games with their results from A's seat.
fn duel_text(d: &kifu_analysis::standings::Duel) -> String {
    let mut out = String::from("match games:\n");
    let heads = vec![
        named("no".into(), true, 4),
        named("round".into(), false, 30),
        named("game".into(), true, 12),
        named(format!("{} – {}", d.players[0], d.players[1]), false, 60),
    ];
    let rows: Vec<Vec<String>> = d
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let forfeit = if g.forfeit { " F" } else { "" };
            vec![
                (i + 1).to_string(),
                g.round.clone().unwrap_or_default(),
                if g.game < 0 {
                    String::new()
                } else {
                    g.game.to_string()
                },
                format!("{}{forfeit}", duel_result(g.outcome)),
            ]
        })
        .collect();
    out.push_str(&render(&heads, &rows));
    out
}
