//! RenjuNet results ([`Format::RenjuNetResults`]): the tab-separated supplement the Renju
//! rating site (wind23/whr_renju, `data/additional_input.txt`) keeps beside the RenjuNet
//! database. Each line is one typed row, its first field the type:
//!
//! ```text
//! country    <id> <name> <abbr>
//! city       <id> <country> <name>
//! rule       <id> <name> <category>
//! player     <id> <name> <surname> <country> <city>
//! tournament <id> <name> <country> <city> <start> <end> <rule>
//! game       <id> <tournament> <round> <rule> <black> <white> <B|W|D>
//! ```
//!
//! The ids are RenjuNet database ids. A `game` row is one game without moves. Its players,
//! tournament and rule are named by the file's own `player`, `tournament` and `rule` rows
//! where it has them (in any order: the file is read whole), and otherwise by their ids as
//! `renjunet:<id>`. Its date is the tournament's last day, as the rating site dates it. The
//! ids are kept in the header either way (`renjunet_tournament`, `renjunet_black`, …).
//! Blank lines are skipped. A row of an unknown type, with the wrong number of fields, or a
//! game without a result is a [`RawError`] at the field it concerns; the other rows still
//! read.

use kifu_facts::{GameKind, PartialDate};
use std::collections::HashMap;

use crate::raw::{raw_text, Format, Location, Outcome, RawError, RawGame, RawItem, Span};

/// The row types and their field counts (type included).
const ROWS: [(&[u8], usize); 6] = [
    (b"country", 4),
    (b"city", 4),
    (b"rule", 4),
    (b"player", 6),
    (b"tournament", 8),
    (b"game", 8),
];

/// A name the ids stand for where the file has no row naming them.
fn by_id(id: &str) -> String {
    format!("renjunet:{id}")
}

/// Whether the first non-blank line is a `game` row (or another row type) of this format.
pub fn looks_like(head: &[u8]) -> bool {
    let Some(first) = head
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))
    else {
        return false;
    };
    let fields: Vec<&[u8]> = first.split(|&b| b == b'\t').collect();
    ROWS.iter()
        .any(|(kind, count)| fields[0] == *kind && fields.len() == *count)
}

/// One line: its text (no terminator) and where it starts.
struct Row<'a> {
    text: &'a [u8],
    at: Location,
}

impl Row<'_> {
    /// The fields and the byte column (1-based) each starts at.
    fn fields(&self) -> Vec<(&[u8], u32)> {
        let mut column = 1;
        self.text
            .split(|&b| b == b'\t')
            .map(|f| {
                let at = column;
                column += f.len() as u32 + 1;
                (f, at)
            })
            .collect()
    }

    fn error(&self, column: u32, message: String) -> RawError {
        RawError {
            format: Some(Format::RenjuNetResults),
            at: Location::new(self.at.offset + u64::from(column - 1), self.at.line, column),
            start: self.at,
            span: Span::new(self.at.offset, self.at.offset + self.text.len() as u64),
            message,
            raw: raw_text(self.text),
        }
    }
}

fn text(field: &[u8]) -> String {
    String::from_utf8_lossy(field).trim().to_owned()
}

/// What the file's `player`, `tournament` and `rule` rows say.
#[derive(Default)]
struct Names {
    players: HashMap<String, String>,
    /// Tournament id → (name, last day).
    tournaments: HashMap<String, (String, Option<String>)>,
    rules: HashMap<String, String>,
}

/// A `YYYY-MM-DD` date, kept as written (RenjuNet writes `0000-00-00` for none). Unlike
/// the RIF export's reader this one has never read a `00` month or day as unknown: a
/// `2019-00-00` is stored so.
fn date(value: &str) -> Option<String> {
    (PartialDate::is_iso_shaped(value) && !value.starts_with("0000")).then(|| value.to_owned())
}

/// Reads every row: the games, in file order, and an error for each row that is not one.
pub fn parse(bytes: &[u8]) -> Vec<RawItem> {
    let bytes_no_bom = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let skipped = (bytes.len() - bytes_no_bom.len()) as u64;
    let mut rows = Vec::new();
    let mut offset = skipped;
    for (i, line) in bytes_no_bom.split_inclusive(|&b| b == b'\n').enumerate() {
        let text = crate::line::chomp(line);
        if !text.iter().all(u8::is_ascii_whitespace) {
            rows.push(Row {
                text,
                at: Location::new(offset, i as u32 + 1, 1),
            });
        }
        offset += line.len() as u64;
    }
    let mut names = Names::default();
    let mut out: Vec<(u64, RawItem)> = Vec::new();
    let mut games = Vec::new();
    for row in &rows {
        let fields = row.fields();
        let kind = fields[0].0;
        let Some((_, count)) = ROWS.iter().find(|(k, _)| *k == kind) else {
            let known: Vec<String> = ROWS.iter().map(|(k, _)| text(k)).collect();
            out.push((
                row.at.offset,
                Err(row.error(
                    1,
                    format!(
                        "'{}' is not a row type: expected {}",
                        text(kind),
                        known.join(", ")
                    ),
                )),
            ));
            continue;
        };
        if fields.len() != *count {
            out.push((
                row.at.offset,
                Err(row.error(
                    1,
                    format!(
                        "a {} row has {count} tab-separated fields, this one {}",
                        text(kind),
                        fields.len()
                    ),
                )),
            ));
            continue;
        }
        let f: Vec<String> = fields.iter().map(|(v, _)| text(v)).collect();
        match kind {
            b"player" => {
                let name = format!("{} {}", f[2], f[3]).trim().to_owned();
                if !name.is_empty() {
                    names.players.insert(f[1].clone(), name);
                }
            }
            b"tournament" if !f[2].is_empty() => {
                names
                    .tournaments
                    .insert(f[1].clone(), (f[2].clone(), date(&f[6])));
            }
            b"rule" if !f[2].is_empty() => {
                names.rules.insert(f[1].clone(), f[2].clone());
            }
            b"game" => games.push((row, fields, f)),
            _ => {}
        }
    }
    for (row, fields, f) in games {
        out.push((row.at.offset, game(row, &fields, &f, &names)));
    }
    out.sort_by_key(|(at, _)| *at);
    out.into_iter().map(|(_, item)| item).collect()
}

/// A `game` row: `game id tournament round rule black white result`, its `fields` (with
/// their columns) and their trimmed text `f`, split once by [`parse`].
fn game(row: &Row<'_>, fields: &[(&[u8], u32)], f: &[String], names: &Names) -> RawItem {
    for (i, what) in [
        (1, "game id"),
        (5, "black player id"),
        (6, "white player id"),
    ] {
        if f[i].is_empty() {
            return Err(row.error(fields[i].1, format!("the {what} is empty")));
        }
    }
    let result = match f[7].as_str() {
        "B" => Outcome::of(GameKind::Renju, kifu_facts::ResultName::Black),
        "W" => Outcome::of(GameKind::Renju, kifu_facts::ResultName::White),
        "D" => Some(Outcome::Draw),
        _ => None,
    };
    let Some(result) = result else {
        return Err(row.error(
            fields[7].1,
            format!("'{}' is not a result: expected B, W or D", f[7]),
        ));
    };
    let mut g = RawGame::new(Format::RenjuNetResults, row.at);
    g.span = Span::new(row.at.offset, row.at.offset + row.text.len() as u64);
    let h = &mut g.header;
    h.id = Some(f[1].clone());
    let player = |id: &str| names.players.get(id).cloned().unwrap_or_else(|| by_id(id));
    h.black = Some(player(&f[5]));
    h.white = Some(player(&f[6]));
    if !f[2].is_empty() {
        match names.tournaments.get(&f[2]) {
            Some((name, end)) => {
                h.event = Some(name.clone());
                h.date = end.clone();
            }
            None => h.event = Some(by_id(&f[2])),
        }
    }
    h.round = Some(f[3].clone()).filter(|r| !r.is_empty());
    if !f[4].is_empty() {
        h.rule = Some(
            names
                .rules
                .get(&f[4])
                .cloned()
                .unwrap_or_else(|| by_id(&f[4])),
        );
    }
    h.result = Some(result);
    h.result_text = Some(f[7].clone());
    for (key, at) in [
        ("renjunet_tournament", 2),
        ("renjunet_rule", 4),
        ("renjunet_black", 5),
        ("renjunet_white", 6),
    ] {
        if !f[at].is_empty() {
            h.extra.push((key.to_owned(), f[at].clone()));
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_rows_are_games_without_moves_named_by_the_files_rows_or_their_ids() {
        let file = b"game\tG1\t2596\t1\t1\t3557\t3556\tW\n\
                     \n\
                     game\t22806\t2652\t\t5\t516\t1207\tD\r\n\
                     player\t516\tAna\tStepanova\tRUS\t12\n\
                     tournament\t2652\tOpen Cup\t1\t2\t2019-05-01\t2019-05-03\t5\n\
                     rule\t5\tYamaguchi\trenju\n";
        assert!(looks_like(file));
        let games: Vec<RawGame> = parse(file).into_iter().map(Result::unwrap).collect();
        assert_eq!(games.len(), 2);
        let h = &games[0].header;
        assert_eq!(h.id.as_deref(), Some("G1"));
        assert_eq!(h.event.as_deref(), Some("renjunet:2596"));
        assert_eq!(h.round.as_deref(), Some("1"));
        assert_eq!(h.rule.as_deref(), Some("renjunet:1"));
        assert_eq!(h.black.as_deref(), Some("renjunet:3557"));
        assert_eq!(h.white.as_deref(), Some("renjunet:3556"));
        assert_eq!(
            h.result,
            Outcome::of(GameKind::Renju, kifu_facts::ResultName::White)
        );
        assert!(games[0].moves.is_empty());
        assert_eq!(games[0].span, Span::new(0, 28));
        // Named by the file's own rows, which may follow the game; dated by the
        // tournament's last day; the ids kept.
        let g = &games[1];
        assert_eq!(g.start, Location::new(30, 3, 1));
        assert_eq!(g.header.black.as_deref(), Some("Ana Stepanova"));
        assert_eq!(g.header.white.as_deref(), Some("renjunet:1207"));
        assert_eq!(g.header.event.as_deref(), Some("Open Cup"));
        assert_eq!(g.header.date.as_deref(), Some("2019-05-03"));
        assert_eq!(g.header.round, None);
        assert_eq!(g.header.rule.as_deref(), Some("Yamaguchi"));
        assert_eq!(g.header.result, Some(Outcome::Draw));
        assert!(g
            .header
            .extra
            .contains(&("renjunet_black".to_owned(), "516".to_owned())));
    }

    #[test]
    fn the_results_only_formats_are_formats() {
        for name in kifu_facts::RESULTS_ONLY_FORMATS {
            assert!(Format::from_name(name).is_some(), "{name}");
        }
        assert!(kifu_facts::is_results_only_format(
            Format::RenjuNetResults.name()
        ));
    }

    #[test]
    fn a_bad_row_is_an_error_at_its_field_and_the_rest_read() {
        let file = b"game\tG1\t1\t1\t1\t2\t3\tB\n\
                     game\tG2\t1\t1\t1\t2\t3\tX\n\
                     game\tG3\t1\t1\t1\t2\n\
                     match\tG4\n\
                     game\tG5\t1\t1\t1\t\t3\tB\n\
                     game\tG6\t1\t1\t1\t4\t5\tD\n";
        let items = parse(file);
        let errors: Vec<(u32, u32, String)> = items
            .iter()
            .filter_map(|i| i.as_ref().err())
            .map(|e| (e.at.line, e.at.column, e.message.clone()))
            .collect();
        assert_eq!(
            errors,
            [
                (2, 19, "'X' is not a result: expected B, W or D".to_owned()),
                (
                    3,
                    1,
                    "a game row has 8 tab-separated fields, this one 6".to_owned()
                ),
                (
                    4,
                    1,
                    "'match' is not a row type: expected country, city, rule, player, \
                     tournament, game"
                        .to_owned()
                ),
                (5, 15, "the black player id is empty".to_owned()),
            ]
        );
        let ids: Vec<&str> = items
            .iter()
            .filter_map(|i| i.as_ref().ok())
            .map(|g| g.header.id.as_deref().unwrap())
            .collect();
        assert_eq!(ids, ["G1", "G6"]);
        // The error's byte offset is the field's.
        let bad = items[1].as_ref().unwrap_err();
        assert_eq!(bad.at.offset, 20 + 18);
        assert!(!looks_like(b"black h8 h9\n"));
        assert!(!looks_like(b"game\tG1\t1\n"));
    }
}
