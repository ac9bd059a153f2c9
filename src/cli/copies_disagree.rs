//! `kifu copies-disagree` (hidden): the `copies-disagree` findings of copy groups linked
//! outside kifu's store. The Spark job links copies across its shards and pipes each group
//! here, so its findings come from the same rule ([`kifu_facts::disagreements`]) and say the
//! same words as the store's, with no second copy of the rule in Python.
//!
//! Input, one JSON object per line: `{"copies": [copy, …]}`, the game's first copy first,
//! each copy `{"game", "path", "member", "line", "result", "seats": [{"seat", "name"}, …],
//! "date", "event", "round"}` (values as stored: `result` a stored result name; a missing or
//! null value is not known).
//! Output, one JSON line per field the copies disagree on: `{"game", "severity", "message"}`,
//! `game` being the first copy's id.

use std::io::{BufRead, BufWriter, Write};

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_facts::{copy_place, disagreements, named_seats, CopyHeader, ResultName};
use serde::Deserialize;
use std::process::ExitCode;

#[derive(Args)]
pub struct CopiesDisagreeArgs {}

#[derive(Deserialize)]
struct Group {
    copies: Vec<Copy>,
}

#[derive(Deserialize)]
struct Copy {
    game: i64,
    path: String,
    member: String,
    line: i64,
    result: Option<String>,
    #[serde(default)]
    seats: Vec<SeatName>,
    date: Option<String>,
    event: Option<String>,
    round: Option<String>,
}

#[derive(Deserialize)]
struct SeatName {
    seat: u8,
    name: String,
}

impl Copy {
    fn header(&self) -> Result<CopyHeader> {
        let result = match self.result.as_deref() {
            None => None,
            Some(name) => Some(
                ResultName::parse(name)
                    .with_context(|| format!("game {}: no stored result `{name}`", self.game))?,
            ),
        };
        Ok(CopyHeader {
            game: self.game,
            at: copy_place(&self.path, &self.member, self.line),
            result,
            seats: named_seats(self.seats.iter().map(|s| (s.seat, s.name.as_str()))),
            date: self.date.clone(),
            event: self.event.clone(),
            round: self.round.clone(),
        })
    }
}

pub fn run(_args: &CopiesDisagreeArgs) -> Result<ExitCode> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (number, line) in stdin.lines().enumerate() {
        let line = line.context("reading standard input")?;
        if line.trim().is_empty() {
            continue;
        }
        let group: Group = serde_json::from_str(&line)
            .with_context(|| format!("standard input line {}: not a copy group", number + 1))?;
        let Some(first) = group.copies.first() else {
            bail!("standard input line {}: a group without copies", number + 1);
        };
        let headers = group
            .copies
            .iter()
            .map(Copy::header)
            .collect::<Result<Vec<_>>>()?;
        for d in disagreements(&headers) {
            let finding = serde_json::json!({
                "game": first.game,
                "severity": d.severity().name(),
                "message": d.message(),
            });
            writeln!(out, "{finding}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
