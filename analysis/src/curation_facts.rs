//! `kifu curate --facts DIR`: the curation a database applies, by game key, as Parquet
//! tables ([`crate::contract::CURATION_FACTS`]) that a dataset built without the database
//! joins on (the Spark job's `--curation`): kifu matches the events and identities once,
//! and the join applies what it found, so no second copy of that logic exists.

use std::path::Path;

use kifu_store::export::IdWindow;
use kifu_store::{GameFilter, Store};

use crate::batch::{Cell, TableWriter};
use crate::contract::CURATION_FACTS;
use crate::export::{decision_row, write_schema};
use crate::{Format, Result};

/// Writes the facts into `dir` (created; an existing one must be empty): each table's rows.
pub fn write_curation_facts(store: &Store, dir: &Path) -> Result<Vec<(&'static str, u64)>> {
    std::fs::create_dir_all(dir)?;
    let run = "facts";
    let mut written = Vec::new();
    let text = |s: Option<String>| Cell::Text(s);

    let mut games = TableWriter::new(&CURATION_FACTS[0], Format::Parquet, dir, run)?;
    store.each_curated_game(|(key, event, counted, corrected, reason)| {
        games.push(vec![
            Cell::Text(Some(key)),
            text(event),
            text(counted),
            text(corrected),
            text(reason),
        ])
    })?;
    written.push((CURATION_FACTS[0].name, games.finish()?.0));

    let mut seats = TableWriter::new(&CURATION_FACTS[1], Format::Parquet, dir, run)?;
    store.each_curated_seat(|(key, seat, name)| {
        seats.push(vec![
            Cell::Text(Some(key)),
            Cell::Int(Some(seat)),
            Cell::Text(Some(name)),
        ])
    })?;
    written.push((CURATION_FACTS[1].name, seats.finish()?.0));

    let mut decisions = TableWriter::new(&CURATION_FACTS[2], Format::Parquet, dir, run)?;
    let window = IdWindow::upto(store.export_marks()?);
    store.each_export_decision(&GameFilter::everything(), &window, |d| {
        decisions.push(decision_row(d))
    })?;
    written.push((CURATION_FACTS[2].name, decisions.finish()?.0));

    let mut rules = TableWriter::new(&CURATION_FACTS[3], Format::Parquet, dir, run)?;
    store.each_curated_rule(|(rule, name)| {
        rules.push(vec![Cell::Text(Some(rule)), Cell::Text(Some(name))])
    })?;
    written.push((CURATION_FACTS[3].name, rules.finish()?.0));
    write_schema(dir)?;
    Ok(written)
}
