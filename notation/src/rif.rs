//! Renju as a RenjuNet (RIF) XML database (`rif-xml`, read back by `kifu_parser::rif`).
//!
//! The database holds tables that games refer to by id, so the games are kept until the
//! end ([`RifDatabase::write`]): `<players>` (the whole name in `name`, `surname` empty),
//! `<tournaments>` (one per event and date: `name`, and `start` for a full date or
//! `year`/`month`), `<rules>` and `<openings>` (by name), then `<games>`, each
//! `<game id tournament round rule black white bresult opening>` with `<move>h8 h9 …</move>`.
//!
//! It carries players, event, date, round, rule, result (`bresult` 1, 0.5 or 0; a game
//! stating no or an unknown result has none), the opening's name, the times used
//! (`btime`, `wtime`) and the opening procedure (`swap`, the 5th-move proposals as `alt`).
//! It carries no comments, no other tags, and a date only through the game's event.

use std::collections::HashMap;

use kifu_facts::ResultName;

use crate::renju_text::push_point;
use crate::{GameMoves, RecordOut};

/// Ids by row for one table, in first-seen order.
struct Table<Row = String> {
    ids: HashMap<Row, usize>,
    rows: Vec<Row>,
}

impl<Row> Default for Table<Row> {
    fn default() -> Self {
        Table {
            ids: HashMap::new(),
            rows: Vec::new(),
        }
    }
}

impl<Row: Clone + Eq + std::hash::Hash> Table<Row> {
    /// The id of `row` (1-based), added when new.
    fn id(&mut self, row: Row) -> usize {
        if let Some(&id) = self.ids.get(&row) {
            return id;
        }
        self.rows.push(row.clone());
        let id = self.rows.len();
        self.ids.insert(row, id);
        id
    }
}

/// The games and tables of a database being written.
#[derive(Default)]
pub struct RifDatabase {
    players: Table,
    /// (event, date): a text may hold any character, so the two are kept apart.
    tournaments: Table<(String, String)>,
    rules: Table,
    openings: Table,
    games: String,
    count: usize,
}

/// `s` with the five XML special characters escaped, for an attribute or text.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            c => out.push(c),
        }
    }
    out
}

fn attr(out: &mut String, name: &str, value: &str) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    out.push_str(&escape(value));
    out.push('"');
}

impl RifDatabase {
    /// Keeps one game (a Renju one; others are refused before).
    pub fn add(&mut self, record: &RecordOut<'_>) {
        let GameMoves::Renju(moves) = record.moves else {
            return;
        };
        self.count += 1;
        let g = &mut self.games;
        g.push_str("<game");
        attr(g, "id", &self.count.to_string());
        if record.event.is_some() || record.date.is_some() {
            let key = (
                record.event.unwrap_or_default().to_owned(),
                record.date.unwrap_or_default().to_owned(),
            );
            attr(g, "tournament", &self.tournaments.id(key).to_string());
        }
        if let Some(r) = record.round {
            attr(g, "round", r);
        }
        if let Some(r) = record.rule {
            attr(g, "rule", &self.rules.id(r.to_owned()).to_string());
        }
        for side in ["black", "white"] {
            if let Some(name) = record.player(side) {
                attr(g, side, &self.players.id(name.to_owned()).to_string());
            }
        }
        let bresult = match record.result {
            Some(ResultName::Black) => Some("1"),
            Some(ResultName::White) => Some("0"),
            Some(ResultName::Draw) => Some("0.5"),
            _ => None,
        };
        if let Some(b) = bresult {
            attr(g, "bresult", b);
        }
        if let Some(o) = record.opening.name.or(record.opening.code) {
            attr(g, "opening", &self.openings.id(o.to_owned()).to_string());
        }
        if let Some(r) = record.renju {
            // The proposals as stored (the played 5th move among them, which the reader
            // adds when `alt` leaves it out), else the declared count.
            let alt = r
                .proposals
                .clone()
                .or_else(|| r.declared_proposals.map(|n| n.to_string()));
            for (name, value) in [
                ("btime", r.black_time.as_deref()),
                ("wtime", r.white_time.as_deref()),
                ("swap", r.swap.as_deref()),
                ("alt", alt.as_deref()),
            ] {
                if let Some(v) = value {
                    attr(g, name, v);
                }
            }
        }
        g.push_str("><move>");
        for (i, m) in moves.iter().enumerate() {
            if i > 0 {
                g.push(' ');
            }
            match m {
                Some(p) => push_point(g, *p),
                None => g.push_str("--"),
            }
        }
        g.push_str("</move></game>\n");
    }

    /// Appends the whole database.
    pub fn write(&self, out: &mut String) {
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<database>\n<players>\n");
        for (i, name) in self.players.rows.iter().enumerate() {
            out.push_str("<player");
            attr(out, "id", &(i + 1).to_string());
            attr(out, "name", name);
            attr(out, "surname", "");
            out.push_str("/>\n");
        }
        out.push_str("</players>\n<tournaments>\n");
        for (i, (name, date)) in self.tournaments.rows.iter().enumerate() {
            out.push_str("<tournament");
            attr(out, "id", &(i + 1).to_string());
            attr(out, "name", name);
            let parts: Vec<&str> = date.split('-').collect();
            match parts.as_slice() {
                [_, _, _] => attr(out, "start", date),
                [y, m] => {
                    attr(out, "year", y);
                    attr(out, "month", m);
                }
                [y] if !y.is_empty() => attr(out, "year", y),
                _ => {}
            }
            out.push_str("/>\n");
        }
        out.push_str("</tournaments>\n<rules>\n");
        for (i, name) in self.rules.rows.iter().enumerate() {
            out.push_str("<rule");
            attr(out, "id", &(i + 1).to_string());
            attr(out, "name", name);
            out.push_str("/>\n");
        }
        out.push_str("</rules>\n<openings>\n");
        for (i, name) in self.openings.rows.iter().enumerate() {
            out.push_str("<opening");
            attr(out, "id", &(i + 1).to_string());
            attr(out, "name", name);
            out.push_str("/>\n");
        }
        out.push_str("</openings>\n<games>\n");
        out.push_str(&self.games);
        out.push_str("</games>\n</database>\n");
    }
}
