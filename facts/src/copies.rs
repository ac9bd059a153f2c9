//! The one rule for the linked copies of one game: which header fields (result, players,
//! date, event, round) they record differently, with each copy's value and place, for the
//! store to write as `copies-disagree` findings.
//!
//! Only known values are compared: a copy that lacks a value (no date, an empty seat, an
//! `unknown` result) leaves it to the others, as a copy fills what the first lacks. Players
//! are compared folded as names ([`fold_name`]), events and rounds as texts ([`fold_text`]),
//! so spellings a search takes as one never disagree; players are compared seat by seat, and copies that name
//! the same players in swapped seats are said to be so.

use std::collections::BTreeSet;
use std::fmt;

use crate::{fold_name, fold_text, BySeat, ResultName, Severity};

/// A header field the copies of a game can record differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CopyField {
    Result,
    Players,
    Date,
    Event,
    Round,
}

impl CopyField {
    /// Every field, in the order a game's disagreements are listed.
    pub const ALL: [CopyField; 5] = [
        CopyField::Result,
        CopyField::Players,
        CopyField::Date,
        CopyField::Event,
        CopyField::Round,
    ];

    /// The field's name in a finding's message: `result`, `players`, …
    pub fn name(self) -> &'static str {
        match self {
            CopyField::Result => "result",
            CopyField::Players => "players",
            CopyField::Date => "date",
            CopyField::Event => "event",
            CopyField::Round => "round",
        }
    }

    /// The field a `copies-disagree` finding's message ([`Disagreement::message`]) is
    /// about: `None` for another message.
    pub fn of_message(message: &str) -> Option<CopyField> {
        let rest = message.strip_prefix("copies disagree on the ")?;
        CopyField::ALL.into_iter().find(|f| {
            rest.strip_prefix(f.name())
                .is_some_and(|after| after.starts_with(':') || after.starts_with(" ("))
        })
    }

    /// How serious the copies' disagreement on the field is: a result or the players
    /// change what the game counts for (warning); a date, event or round is how a
    /// collection filed the game (info: CCPD files 8,824 games under two event names, a
    /// match's and an opening category's, which must not drown the audit).
    pub fn severity(self) -> Severity {
        match self {
            CopyField::Result | CopyField::Players => Severity::Warning,
            CopyField::Date | CopyField::Event | CopyField::Round => Severity::Info,
        }
    }
}

impl fmt::Display for CopyField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one copy's header records, values as written (empty or missing: not known).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyHeader {
    /// The copy's game id.
    pub game: i64,
    /// Where the copy is (`source:line`), for a reader to find it.
    pub at: String,
    pub result: Option<ResultName>,
    /// Each seat's player, seat 1 first (`None`: the seat names no one).
    pub seats: BySeat<Option<String>>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
}

/// A copy's seats from the players it names, `(seat number, name)` in any order: names
/// trimmed, a blank one naming no one, seats up to the highest named. The store, the shard
/// writer and `kifu copies-disagree` build [`CopyHeader::seats`] with it, so they compare alike.
pub fn named_seats<'a>(named: impl IntoIterator<Item = (u8, &'a str)>) -> BySeat<Option<String>> {
    let named: Vec<(u8, &str)> = named
        .into_iter()
        .map(|(seat, name)| (seat, name.trim()))
        .filter(|(_, name)| !name.is_empty())
        .collect();
    let most = named.iter().map(|(seat, _)| usize::from(*seat)).max();
    BySeat::first(most.unwrap_or(0), |seat| {
        named
            .iter()
            .find(|(n, _)| *n == seat.number())
            .map(|(_, name)| (*name).to_owned())
    })
}

/// Where a copy is, as a finding names it: its file's (or archive member's) name and its
/// line, `…/00000740.pgn:1`. The game id says which copy and `show` gives the whole path; a
/// message naming many copies stays readable.
pub fn copy_place(path: &str, member: &str, line: i64) -> String {
    let whole = if member.is_empty() {
        path.to_owned()
    } else {
        format!("{path}!{member}")
    };
    match whole.rsplit_once(['/', '\\', '!']) {
        Some((_, name)) => format!("…/{name}:{line}"),
        None => format!("{whole}:{line}"),
    }
}

/// One copy's value of a field that the copies record differently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyValue {
    pub game: i64,
    pub at: String,
    /// As the copy writes it (players: the seats' names, seat 1 first, `?` for an empty
    /// seat).
    pub value: String,
}

/// A field the copies of one game record differently: every copy that records it, in the
/// order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub field: CopyField,
    /// Players only: the copies name the same players, in swapped seats.
    pub swapped: bool,
    pub values: Vec<CopyValue>,
}

impl Disagreement {
    pub fn severity(&self) -> Severity {
        self.field.severity()
    }

    /// `copies disagree on the result: red in game 10271 (a.pgn:3), black in game 10399
    /// (b.pgn:3)`: each value by the first copy recording it, with how many others do
    /// (`and 2 other copies`), at most [`MESSAGE_VALUES`] values (`and 3 other values in
    /// 5 copies`). A message stays short however many copies a game has (records of one
    /// move are copies of each other: hundreds in a large archive).
    pub fn message(&self) -> String {
        let swapped = if self.swapped { " (seats swapped)" } else { "" };
        // Each value as written by its first copy, with the number of copies recording it.
        let mut values: Vec<(&CopyValue, usize)> = Vec::new();
        for v in &self.values {
            match values.iter_mut().find(|(first, _)| first.value == v.value) {
                Some((_, n)) => *n += 1,
                None => values.push((v, 1)),
            }
        }
        let mut shown: Vec<String> = values
            .iter()
            .take(MESSAGE_VALUES)
            .map(|(v, n)| {
                let others = match n - 1 {
                    0 => String::new(),
                    1 => " and 1 other copy".to_owned(),
                    more => format!(" and {more} other copies"),
                };
                format!("{} in game {} ({}){others}", v.value, v.game, v.at)
            })
            .collect();
        if values.len() > MESSAGE_VALUES {
            let rest = &values[MESSAGE_VALUES..];
            let copies: usize = rest.iter().map(|(_, n)| n).sum();
            shown.push(format!(
                "and {} other values in {copies} copies",
                rest.len()
            ));
        }
        format!(
            "copies disagree on the {}{swapped}: {}",
            self.field,
            shown.join(", ")
        )
    }
}

/// The most values a [`Disagreement::message`] names.
pub const MESSAGE_VALUES: usize = 4;

/// A known text value: trimmed, not empty.
fn known(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// The folded name of a known text value.
fn folded(value: &Option<String>) -> Option<String> {
    known(value).map(fold_name)
}

/// The fields the copies of one game record differently, in [`CopyField::ALL`]'s order
/// (none for one copy). `copies` are the game's copies, its first copy first.
pub fn disagreements(copies: &[CopyHeader]) -> Vec<Disagreement> {
    let mut out: Vec<Disagreement> = results(copies).into_iter().collect();
    out.extend(players(copies));
    for field in [CopyField::Date, CopyField::Event, CopyField::Round] {
        // A date is compared as written; events and rounds folded as texts ([`fold_text`]: their numbering is kept).
        let compared = |c: &CopyHeader| {
            text_of(field, c).map(|t| {
                if field == CopyField::Date {
                    t.to_owned()
                } else {
                    fold_text(t)
                }
            })
        };
        let distinct: BTreeSet<String> = copies.iter().filter_map(compared).collect();
        if distinct.len() > 1 {
            out.push(Disagreement {
                field,
                swapped: false,
                values: copies
                    .iter()
                    .filter_map(|c| Some(value_of(c, text_of(field, c)?)))
                    .collect(),
            });
        }
    }
    out
}

/// A copy's known date, event or round.
fn text_of(field: CopyField, c: &CopyHeader) -> Option<&str> {
    known(match field {
        CopyField::Date => &c.date,
        CopyField::Event => &c.event,
        _ => &c.round,
    })
}

fn value_of(c: &CopyHeader, value: &str) -> CopyValue {
    CopyValue {
        game: c.game,
        at: c.at.clone(),
        value: value.to_owned(),
    }
}

fn results(copies: &[CopyHeader]) -> Option<Disagreement> {
    let recorded = |c: &CopyHeader| c.result.filter(|r| r.is_known());
    let distinct: BTreeSet<&str> = copies
        .iter()
        .filter_map(|c| recorded(c).map(ResultName::name))
        .collect();
    (distinct.len() > 1).then(|| Disagreement {
        field: CopyField::Result,
        swapped: false,
        values: copies
            .iter()
            .filter_map(|c| Some(value_of(c, recorded(c)?.name())))
            .collect(),
    })
}

/// The seats of a copy, folded (`None`: an empty seat).
fn folded_seats(c: &CopyHeader) -> Vec<Option<String>> {
    c.seats.iter().map(|(_, name)| folded(name)).collect()
}

fn players(copies: &[CopyHeader]) -> Option<Disagreement> {
    let seats: Vec<Vec<Option<String>>> = copies.iter().map(folded_seats).collect();
    let most = seats.iter().map(Vec::len).max().unwrap_or(0);
    let differs = (0..most).any(|i| {
        let names: BTreeSet<&String> = seats
            .iter()
            .filter_map(|s| s.get(i).and_then(Option::as_ref))
            .collect();
        names.len() > 1
    });
    if !differs {
        return None;
    }
    // Swapped: the copies naming every seat name the same players (in another order),
    // and every copy's names are among them.
    let full: Vec<&Vec<Option<String>>> = seats
        .iter()
        .filter(|s| s.len() == most && s.iter().all(Option::is_some))
        .collect();
    let players = |s: &Vec<Option<String>>| -> Vec<String> {
        let mut names: Vec<String> = s.iter().flatten().cloned().collect();
        names.sort();
        names
    };
    let swapped = full.len() >= 2
        && full.iter().all(|s| players(s) == players(full[0]))
        && seats
            .iter()
            .all(|s| s.iter().flatten().all(|n| players(full[0]).contains(n)));
    Some(Disagreement {
        field: CopyField::Players,
        swapped,
        values: copies
            .iter()
            .filter(|c| c.seats.iter().any(|(_, n)| known(n).is_some()))
            .map(|c| {
                let names: Vec<&str> = c
                    .seats
                    .iter()
                    .map(|(_, n)| known(n).unwrap_or("?"))
                    .collect();
                value_of(c, &names.join(" – "))
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_message_names_its_field() {
        for field in CopyField::ALL {
            let d = Disagreement {
                field,
                swapped: field == CopyField::Players,
                values: Vec::new(),
            };
            assert_eq!(CopyField::of_message(&d.message()), Some(field));
        }
        assert_eq!(
            CopyField::of_message("copies disagree on the resultant: x"),
            None
        );
        assert_eq!(CopyField::of_message("moves after mate"), None);
    }

    use super::*;

    fn copy(game: i64, result: Option<ResultName>, red: &str, black: &str) -> CopyHeader {
        let seat = |n: &str| (!n.is_empty()).then(|| n.to_owned());
        CopyHeader {
            game,
            at: format!("{game}.pgn:3"),
            result,
            seats: BySeat::from([seat(red), seat(black)]),
            ..CopyHeader::default()
        }
    }

    #[test]
    fn ccpd_10271_and_10399_disagree_on_the_result() {
        // The same 112 plies and seats, one record filing them under the match's red win,
        // the other under a black win (CCPD 楊官璘/00000740.pgn and 00000868.pgn).
        let mut first = copy(10271, Some(ResultName::Red), "董文淵", "楊官璘");
        first.at = "楊官璘/00000740.pgn:1".into();
        first.date = Some("1952-09-19".into());
        first.event = Some("楊、董十局賽 楊官璘先勝董文淵（1952.9.19於上海）".into());
        let mut second = copy(10399, Some(ResultName::Black), "董文淵", "楊官璘");
        second.at = "楊官璘/00000868.pgn:1".into();
        second.date = Some("1952-09-19".into());
        second.event = Some("楊、董十局賽 董文淵先負楊官璘".into());
        let found = disagreements(&[first, second]);
        let fields: Vec<CopyField> = found.iter().map(|d| d.field).collect();
        assert_eq!(fields, [CopyField::Result, CopyField::Event]);
        assert_eq!(found[0].severity(), Severity::Warning);
        assert_eq!(
            found[0].message(),
            "copies disagree on the result: red in game 10271 (楊官璘/00000740.pgn:1), \
             black in game 10399 (楊官璘/00000868.pgn:1)"
        );
        assert_eq!(found[1].severity(), Severity::Info);
    }

    #[test]
    fn a_missing_or_unknown_value_is_not_a_disagreement() {
        let mut a = copy(1, Some(ResultName::Red), "甲", "");
        let mut b = copy(2, Some(ResultName::Unknown), "", "乙");
        let c = copy(3, None, "", "");
        a.event = Some("  ".into());
        b.event = Some("全國賽".into());
        b.round = Some("第3局".into());
        assert_eq!(disagreements(&[a.clone(), b, c]), []);
        assert_eq!(disagreements(&[a]), []);
        assert_eq!(disagreements(&[]), []);
    }

    #[test]
    fn players_are_compared_by_seat_and_folded() {
        let a = copy(1, None, "ＡＢ Cd", "乙");
        let b = copy(2, None, "ab cd", "乙");
        assert_eq!(disagreements(&[a.clone(), b]), []);
        let c = copy(3, None, "呂欽", "趙國榮");
        let found = disagreements(&[a, c]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].field, CopyField::Players);
        assert!(!found[0].swapped);
        assert_eq!(
            found[0].message(),
            "copies disagree on the players: ＡＢ Cd – 乙 in game 1 (1.pgn:3), \
             呂欽 – 趙國榮 in game 3 (3.pgn:3)"
        );
    }

    #[test]
    fn seats_swapped_are_said_to_be() {
        let a = copy(1, Some(ResultName::Red), "甲", "乙");
        let b = copy(2, Some(ResultName::Red), "乙", "甲");
        let partial = copy(3, None, "", "甲");
        let found = disagreements(&[a.clone(), b.clone(), partial]);
        assert_eq!(found.len(), 1);
        assert!(found[0].swapped);
        assert_eq!(
            found[0].message(),
            "copies disagree on the players (seats swapped): 甲 – 乙 in game 1 (1.pgn:3), \
             乙 – 甲 in game 2 (2.pgn:3), ? – 甲 in game 3 (3.pgn:3)"
        );
        // A third player: not a swap.
        let other = copy(4, None, "丙", "乙");
        assert!(!disagreements(&[a, b, other])[0].swapped);
    }

    #[test]
    fn date_event_and_round_are_information() {
        let mut a = copy(1, Some(ResultName::Draw), "甲", "乙");
        let mut b = copy(2, Some(ResultName::Draw), "甲", "乙");
        a.date = Some("1985".into());
        b.date = Some("1986".into());
        a.event = Some("2009;全國象棋甲級聯賽 R8".into());
        b.event = Some("2009年惠州華軒杯第8輪".into());
        a.round = Some("第3局".into());
        b.round = Some("第3局 ".into());
        let found = disagreements(&[a, b]);
        let fields: Vec<(CopyField, Severity)> =
            found.iter().map(|d| (d.field, d.severity())).collect();
        assert_eq!(
            fields,
            [
                (CopyField::Date, Severity::Info),
                (CopyField::Event, Severity::Info)
            ]
        );
        assert_eq!(
            found[0].message(),
            "copies disagree on the date: 1985 in game 1 (1.pgn:3), 1986 in game 2 (2.pgn:3)"
        );
    }

    #[test]
    fn a_message_names_each_value_once_and_a_few_values_only() {
        let results = [
            ResultName::Red,
            ResultName::Black,
            ResultName::Red,
            ResultName::Red,
            ResultName::Draw,
        ];
        let copies: Vec<CopyHeader> = (1..)
            .zip(results)
            .map(|(game, r)| copy(game, Some(r), "", ""))
            .collect();
        assert_eq!(
            disagreements(&copies)[0].message(),
            "copies disagree on the result: red in game 1 (1.pgn:3) and 2 other copies, \
             black in game 2 (2.pgn:3), draw in game 5 (5.pgn:3)"
        );
        let mut dated: Vec<CopyHeader> = (1..=8).map(|game| copy(game, None, "", "")).collect();
        for (year, c) in (1980..).zip(&mut dated) {
            c.date = Some((year.min(1986)).to_string());
        }
        let found = disagreements(&dated);
        assert_eq!(found[0].values.len(), 8, "every copy kept");
        assert_eq!(
            found[0].message(),
            "copies disagree on the date: 1980 in game 1 (1.pgn:3), 1981 in game 2 (2.pgn:3), \
             1982 in game 3 (3.pgn:3), 1983 in game 4 (4.pgn:3), \
             and 3 other values in 4 copies"
        );
    }

    #[test]
    fn every_field_has_a_name_and_a_severity() {
        let names: Vec<&str> = CopyField::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(names, ["result", "players", "date", "event", "round"]);
        let serious: Vec<bool> = CopyField::ALL
            .iter()
            .map(|f| f.severity().is_serious())
            .collect();
        assert_eq!(serious, [true, true, false, false, false]);
    }
}
