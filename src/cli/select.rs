//! The step every command that selects games shares: the filter flags turned once into
//! the one game filter, checked against the database (an unknown finding code or rule is
//! an error naming the valid ones), and each name that matches no one said on standard
//! error with the closest names, so an empty answer never passes for "nothing there";
//! and the position index caught up before a command reads it.

use std::path::Path;

use anyhow::{Context, Result};
use kifu_facts::GameKind;
use kifu_store::{GameFilter, RulesetChoice, Store};

use super::args::FilterArgs;

/// Opens the database read-only and builds the filter of `command`; linked copies are
/// covered unless the flags say otherwise when `copies_by_default` (audit, export).
pub(super) fn open(
    db: &Path,
    flags: &FilterArgs,
    copies_by_default: bool,
    command: &str,
) -> Result<(Store, GameFilter)> {
    // The flags first: a malformed value is an error even before a database is found.
    let filter = flags.filter(copies_by_default)?;
    let store = open_for(db, &filter, command)?;
    Ok((store, filter))
}

/// Opens the database read-only for a filter already built, and says on standard error
/// each name in it that matches no one.
pub(super) fn open_for(db: &Path, filter: &GameFilter, command: &str) -> Result<Store> {
    let store = Store::open_read_only(db)?;
    for notice in notices(&store, filter)? {
        if notice.always || !super::progress::quiet() {
            eprintln!("kifu {command}: {}", notice.text);
        }
    }
    Ok(store)
}

/// Something a reader of an answer should know about the question: a name that matches no
/// one (with the closest names), or games the defaults left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Notice {
    pub(super) text: String,
    /// Said even under `--quiet` (it explains an answer that may look empty).
    pub(super) always: bool,
}

/// What `filter` asked that the answer does not show: each name in it that matches no
/// one, and the free-style games the one ruleset default leaves out.
pub(super) fn notices(store: &Store, filter: &GameFilter) -> Result<Vec<Notice>> {
    let mut notices: Vec<Notice> = store
        .check_filter(filter)?
        .into_iter()
        .map(|unmatched| Notice {
            text: unmatched.to_string(),
            always: true,
        })
        .collect();
    if filter.ruleset == RulesetChoice::Renju && filter.admits_kind(GameKind::Renju) {
        let left_out = store.count_games(&GameFilter {
            ruleset: RulesetChoice::Freestyle,
            ..filter.clone()
        })?;
        if left_out > 0 {
            notices.push(Notice {
                text: format!(
                    "{left_out} free-style gomoku game(s) left out (Renju rules by default: \
                     --ruleset freestyle selects them, --ruleset all both)"
                ),
                always: false,
            });
        }
    }
    Ok(notices)
}

/// What a position answer read from an index behind the games (a server's, while an ingest
/// writes) left out: the newest games, said, so the counts are not taken for all.
pub(super) fn index_behind_notice(store: &Store) -> Result<Option<String>> {
    let behind = store.games_not_indexed()?;
    Ok((behind > 0).then(|| {
        format!(
            "the {behind} newest game(s) are not in the position index yet (an ingest is \
             adding them): this answer leaves them out"
        )
    }))
}

/// Brings the position index up to the newest game before a command reads it (the games
/// an ingest left behind its mark: killed, `--no-index`, or still writing), saying on
/// standard error how many it indexes.
pub(super) fn catch_up_index(db: &Path, command: &str) -> Result<()> {
    if !db.exists() {
        return Ok(()); // opening it says so
    }
    let store = Store::open_read_only(db)?;
    if store.read_only_folder() {
        // Nothing can be written beside the database: the command reads the index as it
        // is, and says what is missing if it needs more.
        return Ok(());
    }
    let behind = store.games_not_indexed()?;
    drop(store);
    if behind == 0 {
        return Ok(());
    }
    if !super::progress::quiet() {
        eprintln!(
            "kifu {command}: indexing the positions of {behind} game(s) the position index \
             does not cover yet"
        );
    }
    let caught_up = kifu_ingest::index::catch_up(db, 0)
        .with_context(|| format!("catch up the position index of {}", db.display()))?;
    say_set_aside(command, caught_up.set_aside.as_ref());
    Ok(())
}

/// Says on standard error (`--quiet` or not) that a damaged position index file was set
/// aside, naming it and where it is kept.
pub(super) fn say_set_aside(command: &str, set_aside: Option<&kifu_store::positions::SetAside>) {
    if let Some(s) = set_aside {
        eprintln!("kifu {command}: {s}");
    }
}

#[cfg(test)]
mod tests {
    use kifu_facts::RENJU_OPENING_RULES;
    use kifu_rules::renju::OpeningRule;

    /// The rule names a filter accepts without a database holding them include every rule
    /// the engine checks, and each is one the engine or the RIF reader knows.
    #[test]
    fn known_opening_rules_are_the_engines_and_the_readers() {
        for name in RENJU_OPENING_RULES {
            let engine = OpeningRule::from_name(name).is_some();
            let reader = kifu_parser::rif::normalize_rule(name) == *name;
            assert!(engine || reader, "{name}");
        }
        for rule in [
            OpeningRule::Rif,
            OpeningRule::Yamaguchi,
            OpeningRule::Soosorv { max: 4 },
            OpeningRule::Soosorv { max: 8 },
            OpeningRule::Taraguchi,
            OpeningRule::Taraguchi10,
            OpeningRule::Exclusion,
        ] {
            assert!(
                RENJU_OPENING_RULES.contains(&rule.name()),
                "{}",
                rule.name()
            );
        }
    }
}
