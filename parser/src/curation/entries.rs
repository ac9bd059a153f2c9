//! The entries of a curation file as written, one struct per kind, each read from its
//! table by [`Table`]: every key is read before the entry is judged, so an entry gives
//! every problem of its keys at once. An entry whose required keys are there and typed
//! reads; its content is checked by the caller.

use super::table::{Keyed, Size, Table};

/// `[[player]]`.
pub(super) struct RawPlayer {
    pub name: String,
    pub aliases: Vec<String>,
    pub id: Option<String>,
    pub country: Option<String>,
    pub female: Option<bool>,
    pub team: Option<String>,
    pub names: Option<Vec<Keyed>>,
}

impl RawPlayer {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawPlayer> {
        let name = t.required_text("name", Size::Name);
        let aliases = t.texts("aliases", Size::Name);
        let id = t.text("id", Size::Name);
        let country = t.text("country", Size::Name);
        let female = t.bool("female");
        let team = t.text("team", Size::Name);
        let names = t.keyed_texts("names", Size::Name);
        Some(RawPlayer {
            name: name?,
            aliases: aliases.unwrap_or_default(),
            id,
            country,
            female,
            team,
            names,
        })
    }
}

/// `[[rule]]`.
pub(super) struct RawRule {
    pub id: String,
    pub name: String,
    pub description: Option<String>,
}

impl RawRule {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawRule> {
        let id = t.required_text("id", Size::Name);
        let name = t.required_text("name", Size::Name);
        let description = t.text("description", Size::Text);
        Some(RawRule {
            id: id?,
            name: name?,
            description,
        })
    }
}

/// `[[event]]`.
pub(super) struct RawEvent {
    pub matcher: RawMatch,
    pub name: String,
    pub sections: Option<String>,
    pub section: Vec<RawSection>,
    pub scoring: Option<RawScoring>,
    pub tiebreaks: Option<Vec<String>>,
    pub rules: Option<String>,
    pub dates: Option<String>,
    pub venue: Option<String>,
    pub team_scoring: Option<RawScoring>,
    pub team_ranking: Option<String>,
    pub team_matches: Option<bool>,
    pub names: Option<Vec<Keyed>>,
    pub rounds: Option<Vec<Keyed>>,
}

impl RawEvent {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawEvent> {
        let matcher = t.required_table("match", RawMatch::read);
        let name = t.required_text("name", Size::Name);
        let sections = t.text("sections", Size::Name);
        let section = t.tables("section", RawSection::read);
        let scoring = t.table("scoring", RawScoring::read);
        let tiebreaks = t.texts("tiebreaks", Size::Name);
        let rules = t.text("rules", Size::Name);
        let dates = t.text("dates", Size::Name);
        let venue = t.text("venue", Size::Text);
        let team_scoring = t.table("team_scoring", RawScoring::read);
        let team_ranking = t.text("team_ranking", Size::Name);
        let team_matches = t.bool("team_matches");
        let names = t.keyed_texts("names", Size::Name);
        let rounds = t.keyed_texts("rounds", Size::Name);
        Some(RawEvent {
            matcher: matcher?,
            name: name?,
            sections,
            section: section.unwrap_or_default(),
            scoring,
            tiebreaks,
            rules,
            dates,
            venue,
            team_scoring,
            team_ranking,
            team_matches,
            names,
            rounds,
        })
    }
}

/// An `[[event]]`'s `match`.
pub(super) struct RawMatch {
    pub event: Option<String>,
    pub source: Option<String>,
    pub date: Option<String>,
    pub players: Vec<String>,
}

impl RawMatch {
    fn read(t: &mut Table<'_, '_, '_>) -> Option<RawMatch> {
        Some(RawMatch {
            event: t.text("event", Size::Name),
            source: t.text("source", Size::Text),
            date: t.text("date", Size::Name),
            players: t.texts("players", Size::Name).unwrap_or_default(),
        })
    }
}

/// `[[event.section]]`: a section's players, its name in other languages, or both. One
/// that gives only `names` names a section the records' tag makes.
pub(super) struct RawSection {
    pub name: String,
    pub players: Option<Vec<String>>,
    pub names: Option<Vec<Keyed>>,
}

impl RawSection {
    fn read(t: &mut Table<'_, '_, '_>) -> Option<RawSection> {
        let name = t.required_text("name", Size::Name);
        // `players` may be left out only by a section that gives its names.
        let named = t.has("names");
        let players = if named {
            t.texts("players", Size::Name)
        } else {
            t.required_texts("players", Size::Name)
        };
        let names = t.keyed_texts("names", Size::Name);
        if !named && players.is_none() {
            return None;
        }
        Some(RawSection {
            name: name?,
            players,
            names,
        })
    }
}

/// An `[[event]]`'s `scoring` or `team_scoring`.
pub(super) struct RawScoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl RawScoring {
    fn read(t: &mut Table<'_, '_, '_>) -> Option<RawScoring> {
        let win = t.required_number("win");
        let draw = t.required_number("draw");
        let loss = t.required_number("loss");
        Some(RawScoring {
            win: win?,
            draw: draw?,
            loss: loss?,
        })
    }
}

/// `[[result]]`.
pub(super) struct RawResult {
    pub game: String,
    pub result: String,
    pub reason: Option<String>,
    pub by: String,
    pub date: String,
}

impl RawResult {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawResult> {
        let game = t.required_text("game", Size::Text);
        let result = t.required_text("result", Size::Name);
        let reason = t.text("reason", Size::Text);
        let by = t.required_text("by", Size::Name);
        let date = t.required_text("date", Size::Name);
        Some(RawResult {
            game: game?,
            result: result?,
            reason,
            by: by?,
            date: date?,
        })
    }
}

/// `[[game]]`.
pub(super) struct RawGame {
    pub event: String,
    pub kind: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    pub players: Vec<String>,
    pub result: String,
    pub forfeit: bool,
    pub reason: Option<String>,
    pub by: Option<String>,
}

impl RawGame {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawGame> {
        let event = t.required_text("event", Size::Name);
        let kind = t.text("kind", Size::Name);
        let round = t.text("round", Size::Name);
        let date = t.text("date", Size::Name);
        let players = t.required_texts("players", Size::Name);
        let result = t.required_text("result", Size::Name);
        let forfeit = t.bool("forfeit");
        let reason = t.text("reason", Size::Text);
        let by = t.text("by", Size::Name);
        Some(RawGame {
            event: event?,
            kind,
            round,
            date,
            players: players?,
            result: result?,
            forfeit: forfeit.unwrap_or(false),
            reason,
            by,
        })
    }
}

/// `[[decision]]`.
pub(super) struct RawDecision {
    pub game: String,
    pub code: String,
    pub decision: String,
    pub reason: Option<String>,
    pub by: String,
    pub date: String,
}

impl RawDecision {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawDecision> {
        let game = t.required_text("game", Size::Text);
        let code = t.required_text("code", Size::Name);
        let decision = t.required_text("decision", Size::Name);
        let reason = t.text("reason", Size::Text);
        let by = t.required_text("by", Size::Name);
        let date = t.required_text("date", Size::Name);
        Some(RawDecision {
            game: game?,
            code: code?,
            decision: decision?,
            reason,
            by: by?,
            date: date?,
        })
    }
}

/// `[[copy]]`.
pub(super) struct RawCopy {
    pub game: String,
    pub reason: Option<String>,
    pub by: String,
    pub date: String,
}

impl RawCopy {
    pub(super) fn read(t: &mut Table<'_, '_, '_>) -> Option<RawCopy> {
        let game = t.required_text("game", Size::Text);
        let reason = t.text("reason", Size::Text);
        let by = t.required_text("by", Size::Name);
        let date = t.required_text("date", Size::Name);
        Some(RawCopy {
            game: game?,
            reason,
            by: by?,
            date: date?,
        })
    }
}
