//! The points tables of two-player games ([`kifu_analysis::standings::points_tables`]: win
//! 1, draw ½, loss 0, with Sonneborn-Berger) as text and CSV.

use kifu_analysis::standings::{points_text, Table};
use kifu_facts::GameKind;

use crate::cli::table::pad_right;
use crate::cli::text::csv_field;

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
                "  {:<2} {} {:>5} {:>3} {:>3} {:>3} {:>7}  {}\n",
                l.place,
                pad_right(&l.player, 27),
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
