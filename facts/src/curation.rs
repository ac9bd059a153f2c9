//! What a federation knows beyond its record files, as kifu applies it (`kifu curate`):
//! players' identities, the names of the rules records give by id, events with their
//! sections, scoring, tie-breaks and rules in force, result corrections, games without moves, and an auditor's decisions on findings.
//!
//! The curation file's reader is `kifu_parser::curation`; the store keeps the applied entries
//! beside the games, never in place of what the records say. Every entry keeps the line it
//! was written on, so what it changed can be traced back to it.

use std::collections::BTreeMap;
use std::fmt;

use crate::{GameKind, Names, ResultName};

/// One curation file, read and checked on its own (game keys and event matches are checked
/// against a database when it is applied).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Curation {
    pub players: Vec<PlayerEntry>,
    pub rules: Vec<RuleEntry>,
    pub events: Vec<EventEntry>,
    pub results: Vec<ResultCorrection>,
    pub games: Vec<CuratedGame>,
    pub decisions: Vec<Decision>,
    pub copies: Vec<CopyChoice>,
}

/// `[[player]]`: one person, with the names records spell them by.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerEntry {
    pub line: u32,
    /// The name kifu shows.
    pub name: String,
    /// Names as records spell them (the shown name needs no alias).
    pub aliases: Vec<String>,
    /// The federation's id.
    pub id: Option<String>,
    pub country: Option<String>,
    pub female: Option<bool>,
    /// The team the player plays for, where a record does not say (its `RedTeam`,
    /// `BlackTeam`, … tag wins).
    pub team: Option<String>,
    /// The name in other languages (`names = { en = "Zheng Weitong" }`).
    pub names: Names,
}

/// `[[rule]]`: the name of a rule records give by an id (a results file's
/// `renjunet:5`), shown wherever a game's rule is shown or grouped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleEntry {
    pub line: u32,
    /// The rule as records give it (`renjunet:5`), compared exactly.
    pub id: String,
    /// The name kifu shows.
    pub name: String,
    pub description: Option<String>,
}

impl RuleEntry {
    /// How a curated rule is shown: its name with the recorded id beside it,
    /// `RIF (renjunet:1)`, so tables stay readable and the id stays findable.
    pub fn label(name: &str, id: &str) -> String {
        format!("{name} ({id})")
    }

    /// Whether `given` names the rule shown as `shown`: the label itself, or for a
    /// [`RuleEntry::label`], its name (compared as [`crate::rule_key`] compares) or its id.
    pub fn answers_to(shown: &str, given: &str) -> bool {
        if shown == given {
            return true;
        }
        let Some((name, id)) = shown.strip_suffix(')').and_then(|s| s.rsplit_once(" (")) else {
            return false;
        };
        id == given || crate::rule_key(name) == crate::rule_key(given)
    }
}

/// `[[event]]`: the games one `match` selects form one event, kept under its `terms`.
///
/// The matcher is used once, when the curation is applied (the store keeps which games it
/// took); the terms are what the store keeps and gives back to the tables.
#[derive(Clone, Debug, PartialEq)]
pub struct EventEntry {
    pub matcher: EventMatch,
    pub terms: EventTerms,
}

/// What an `[[event]]` says of itself and its tables: its name, scoring, tie-breaks,
/// sections and rules in force. The store keeps it whole, as one value (its serde form),
/// so a key added here is read by the curation reader and stored with no other change.
///
/// A key absent from a stored value takes its [`Default`], the value the curation reader
/// gives a key the file leaves out: a database curated before a key existed reads back
/// as a file without the key would have.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct EventTerms {
    /// The entry's line in the curation file.
    pub line: u32,
    pub name: String,
    /// How the event divides into sections (none: one table).
    pub sections: Sections,
    pub scoring: Scoring,
    /// Tie-breaks in the order they apply after points.
    pub tiebreaks: Vec<Tiebreak>,
    pub rules: Option<RulesInForce>,
    /// The event's dates as written (`2015-08-22..2015-08-26`), checked.
    pub dates: Option<String>,
    pub venue: Option<String>,
    /// Team standings: the points of a match won, drawn and lost (2/1/0 unless given).
    pub team_scoring: Scoring,
    /// Team standings: what places the teams first.
    pub team_ranking: TeamRanking,
    /// Whether the games between two teams in a round are a team match: `Some(true)` a
    /// team event, `Some(false)` an individual one whose records name the players'
    /// teams (a federation, a club); `None`: as the games show
    /// (kifu_analysis::standings::TeamTable).
    pub team_matches: Option<bool>,
    /// The event's name in other languages.
    pub names: Names,
    /// Each section's name in other languages, by the section's name (a listed one's, or
    /// a record tag's value): `[[event.section]]` entries' `names`.
    pub section_names: BTreeMap<String, Names>,
    /// How a round is named in other languages: a pattern per language, its
    /// [`crate::translated::ROUND_NUMBER`] standing for the round's number in the record
    /// (`第01轮` in English `Round 1`).
    pub rounds: Names,
}

impl Default for EventTerms {
    /// The terms of an entry that gives nothing but its name: one table, 1/½/0, no
    /// tie-breaks of its own, team matches 2/1/0 placed by match points.
    fn default() -> EventTerms {
        EventTerms {
            line: 0,
            name: String::new(),
            sections: Sections::default(),
            scoring: Scoring::default(),
            tiebreaks: Vec::new(),
            rules: None,
            dates: None,
            venue: None,
            team_scoring: Scoring::TEAM_MATCH,
            team_ranking: TeamRanking::default(),
            team_matches: None,
            names: Names::default(),
            section_names: BTreeMap::new(),
            rounds: Names::default(),
        }
    }
}

/// Which games an `[[event]]` takes: every condition given must hold. Entries are tried in
/// file order, and a game goes to the first that matches it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventMatch {
    /// The recorded event name (a name pattern: folded, `*` a wildcard).
    pub event: Option<String>,
    /// The source file: its path, or the path's end (`MST-40.bdt`), `*` a wildcard.
    pub source: Option<String>,
    /// The game's date lies within `A..B` (either end may be open).
    pub date: Option<String>,
    /// Every one of these players is seated (names as records spell them, folded).
    pub players: Vec<String>,
}

/// How an event's games divide into tables.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sections {
    /// One table.
    #[default]
    None,
    /// The record's tag of this name (`group`, `section`) names the section.
    Tag(String),
    /// `[[event.section]]`: named sections, each its players.
    Lists(Vec<SectionList>),
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SectionList {
    pub name: String,
    pub players: Vec<String>,
}

/// Points for a win, a draw and a loss.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Scoring {
    pub win: f64,
    pub draw: f64,
    pub loss: f64,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
        }
    }
}

impl Scoring {
    /// A team match's points where the curation gives none: won 2, drawn 1, lost 0 (the
    /// Olympiad's and the leagues' match points).
    pub const TEAM_MATCH: Scoring = Scoring {
        win: 2.0,
        draw: 1.0,
        loss: 0.0,
    };
}

/// What places the teams of a team table first; the other comes next, then the match
/// points among the teams still tied (direct encounter).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamRanking {
    /// Match points (a match is won by the team with more board points), then board points.
    #[default]
    MatchPoints,
    /// Board points (the sum of the team's games' points), then match points.
    BoardPoints,
}

impl TeamRanking {
    pub const ALL: [TeamRanking; 2] = [TeamRanking::MatchPoints, TeamRanking::BoardPoints];

    /// The name a curation file writes.
    pub fn name(self) -> &'static str {
        match self {
            TeamRanking::MatchPoints => "match-points",
            TeamRanking::BoardPoints => "board-points",
        }
    }

    pub fn from_name(name: &str) -> Option<TeamRanking> {
        TeamRanking::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// A tie-break of a points table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// The points of the opponents beaten plus the draw share of those drawn with.
    SonnebornBerger,
    /// The sum of the opponents' points.
    Buchholz,
    /// Buchholz less the lowest opponent's points.
    BuchholzCut1,
    /// The number of wins.
    Wins,
    /// The points scored in the games among the tied players.
    DirectEncounter,
}

impl Tiebreak {
    pub const ALL: [Tiebreak; 5] = [
        Tiebreak::SonnebornBerger,
        Tiebreak::Buchholz,
        Tiebreak::BuchholzCut1,
        Tiebreak::Wins,
        Tiebreak::DirectEncounter,
    ];

    /// The name a curation file writes.
    pub fn name(self) -> &'static str {
        match self {
            Tiebreak::SonnebornBerger => "sonneborn-berger",
            Tiebreak::Buchholz => "buchholz",
            Tiebreak::BuchholzCut1 => "buchholz-cut1",
            Tiebreak::Wins => "wins",
            Tiebreak::DirectEncounter => "direct-encounter",
        }
    }

    /// The heading a table shows.
    pub fn label(self) -> &'static str {
        match self {
            Tiebreak::SonnebornBerger => "Sonneborn-Berger",
            Tiebreak::Buchholz => "Buchholz",
            Tiebreak::BuchholzCut1 => "Buchholz cut 1",
            Tiebreak::Wins => "wins",
            Tiebreak::DirectEncounter => "direct encounter",
        }
    }

    pub fn from_name(name: &str) -> Option<Tiebreak> {
        Tiebreak::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Stored by the name a curation file writes.
impl serde::Serialize for Tiebreak {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Tiebreak {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tiebreak, D::Error> {
        let name = String::deserialize(d)?;
        Tiebreak::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown tie-break {name:?}")))
    }
}

/// The tie-breaks of a table no curation describes: Sonneborn-Berger, then wins.
pub const DEFAULT_TIEBREAKS: [Tiebreak; 2] = [Tiebreak::SonnebornBerger, Tiebreak::Wins];

/// The rules an event was played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesInForce {
    /// Xiangqi: the world rules (the default): their repetition verdicts decide a game.
    XiangqiWorld,
    /// Xiangqi: the Chinese rules. kifu judges repetition by the world rules only, so
    /// under these a verdict is information and the recorded result counts.
    XiangqiChinese,
    /// Renju: the opening rule (one of [`crate::RENJU_OPENING_RULES`]).
    RenjuOpening(String),
}

impl RulesInForce {
    /// The name as written and stored.
    pub fn name(&self) -> &str {
        match self {
            RulesInForce::XiangqiWorld => "world",
            RulesInForce::XiangqiChinese => "chinese",
            RulesInForce::RenjuOpening(rule) => rule,
        }
    }

    pub fn from_name(name: &str) -> Option<RulesInForce> {
        match name {
            "world" => Some(RulesInForce::XiangqiWorld),
            "chinese" => Some(RulesInForce::XiangqiChinese),
            rule if crate::RENJU_OPENING_RULES.contains(&rule) => {
                Some(RulesInForce::RenjuOpening(rule.to_owned()))
            }
            _ => None,
        }
    }

    /// Whether a world-rules repetition verdict decides the game's result.
    pub fn repetition_decides(&self) -> bool {
        !matches!(self, RulesInForce::XiangqiChinese)
    }
}

/// Stored by its name, as written.
impl serde::Serialize for RulesInForce {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for RulesInForce {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RulesInForce, D::Error> {
        let name = String::deserialize(d)?;
        RulesInForce::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown rules {name:?}")))
    }
}

/// The most characters a name of a curation file may have: a player's name, alias, id,
/// country or team, an event's name, a match pattern, a round, a finding code, an author
/// (who wrote the entry) and a date. Longer is an error naming its line: a name is kept in
/// the database and shown on every table and page that lists it, so a 10 MB name would
/// grow them all.
pub const MAX_NAME_CHARS: usize = 200;

/// The most characters a text of a curation file may have: a reason, a venue, a game key
/// and a `source` pattern (both hold a path).
pub const MAX_TEXT_CHARS: usize = 4_000;

/// `[[result]]`: a correction of a game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultCorrection {
    pub line: u32,
    /// The data contract's `game_key`.
    pub game: String,
    pub result: ResultName,
    pub attested: Attested,
}

/// Why, by whom and when an entry was made, where the file may leave any of it out
/// (`[[game]]`), or as the store gives back an entry applied before `by` and `date` were
/// required.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    pub reason: Option<String>,
    pub by: Option<String>,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, checked.
    pub date: Option<String>,
}

/// Who made an entry that overrides a record or a finding, and when (a correction, a
/// decision): an auditor answers for it, so `by` and `date` are required; the reason is
/// not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attested {
    pub reason: Option<String>,
    pub by: String,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, checked.
    pub date: String,
}

/// `[[copy]]`: the copy of a game whose record gives the game's facts (its result, seats,
/// date), where its linked copies disagree; without one the first copy does.
#[derive(Clone, Debug, PartialEq)]
pub struct CopyChoice {
    pub line: u32,
    /// The data contract's `game_key` of the authoritative copy.
    pub game: String,
    pub attested: Attested,
}

/// `[[game]]`: a game without moves (a forfeit, a game played but not recorded).
#[derive(Clone, Debug, PartialEq)]
pub struct CuratedGame {
    pub line: u32,
    /// A curated event's name, or a recorded one.
    pub event: String,
    /// The game (when absent: the kind of the event's games).
    pub kind: Option<GameKind>,
    pub round: Option<String>,
    pub date: Option<String>,
    /// In seat order: Red/Black, Black/White, P1….
    pub players: Vec<String>,
    pub result: ResultName,
    pub forfeit: bool,
    pub provenance: Provenance,
}

/// `[[decision]]`: an auditor's decision on a game's findings of one code.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub line: u32,
    pub game: String,
    pub code: String,
    pub verdict: Verdict,
    pub attested: Attested,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The finding stands.
    Confirmed,
    /// The finding is wrong, or does not matter here.
    Dismissed,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Confirmed => "confirmed",
            Verdict::Dismissed => "dismissed",
        }
    }

    pub fn from_name(name: &str) -> Option<Verdict> {
        match name {
            "confirmed" => Some(Verdict::Confirmed),
            "dismissed" => Some(Verdict::Dismissed),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game key's parts, as the data contract writes the key
/// (`<source sha256>:<member>:<byte offset>`): `None` when it is not one.
pub fn parse_game_key(key: &str) -> Option<(&str, &str, u64)> {
    let (hash, rest) = key.split_once(':')?;
    let (member, offset) = rest.rsplit_once(':')?;
    let offset = offset.parse().ok()?;
    (hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .then_some((hash, member, offset))
}

/// What is wrong with one entry of a curation file: `line N: [[kind]] …: what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurationError {
    /// 1-based line of the entry (or of the offending text, for a syntax error).
    pub line: u32,
    /// The entry, as `[[player]] "胡荣华"` (empty for a file-level error).
    pub entry: String,
    pub message: String,
}

impl fmt::Display for CurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.entry.is_empty() {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            write!(f, "line {}: {}: {}", self.line, self.entry, self.message)
        }
    }
}

impl std::error::Error for CurationError {}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Terms with every key set, none to its default: a key added to [`EventTerms`] must
    /// be set here (the literal names every field), and the round trips below and in
    /// `sql.rs` then cover it.
    pub(crate) fn every_key_set() -> EventTerms {
        EventTerms {
            line: 12,
            name: "Cup \"A\"".into(),
            sections: Sections::Lists(vec![
                SectionList {
                    name: "A".into(),
                    players: vec!["ann".into(), "bo".into()],
                },
                SectionList {
                    name: "B".into(),
                    players: vec!["cy".into()],
                },
            ]),
            scoring: Scoring {
                win: 3.0,
                draw: 1.0,
                loss: 0.25,
            },
            tiebreaks: vec![Tiebreak::BuchholzCut1, Tiebreak::DirectEncounter],
            rules: Some(RulesInForce::XiangqiChinese),
            dates: Some("2015-08-22..2015-08-26".into()),
            venue: Some("Tokyo".into()),
            team_scoring: Scoring {
                win: 2.0,
                draw: 0.5,
                loss: 0.1,
            },
            team_ranking: TeamRanking::BoardPoints,
            team_matches: Some(false),
            names: [("en", "Cup A")].into_iter().collect(),
            section_names: [("A".to_owned(), [("ja", "A組")].into_iter().collect())]
                .into_iter()
                .collect(),
            rounds: [("en", "Round {n}")].into_iter().collect(),
        }
    }

    #[test]
    fn every_key_differs_from_its_default() {
        let EventTerms {
            line,
            name,
            sections,
            scoring,
            tiebreaks,
            rules,
            dates,
            venue,
            team_scoring,
            team_ranking,
            team_matches,
            names,
            section_names,
            rounds,
        } = every_key_set();
        let d = EventTerms::default();
        assert_ne!(line, d.line);
        assert_ne!(name, d.name);
        assert_ne!(sections, d.sections);
        assert_ne!(scoring, d.scoring);
        assert_ne!(tiebreaks, d.tiebreaks);
        assert_ne!(rules, d.rules);
        assert_ne!(dates, d.dates);
        assert_ne!(venue, d.venue);
        assert_ne!(team_scoring, d.team_scoring);
        assert_ne!(team_ranking, d.team_ranking);
        assert_ne!(team_matches, d.team_matches);
        assert_ne!(names, d.names);
        assert_ne!(section_names, d.section_names);
        assert_ne!(rounds, d.rounds);
    }

    #[test]
    fn a_named_rule_answers_to_its_label_name_and_id() {
        let shown = RuleEntry::label("Soosõrv-8", "renjunet:8");
        assert_eq!(shown, "Soosõrv-8 (renjunet:8)");
        for given in [shown.as_str(), "soosorv 8", "renjunet:8"] {
            assert!(RuleEntry::answers_to(&shown, given), "{given}");
        }
        for given in ["renjunet:1", "soosorv", "(renjunet:8)"] {
            assert!(!RuleEntry::answers_to(&shown, given), "{given}");
        }
        assert!(RuleEntry::answers_to("rif", "rif"));
        assert!(!RuleEntry::answers_to("rif", "RIF"));
    }

    #[test]
    fn terms_round_trip_through_their_serde_form() {
        let terms = every_key_set();
        let json = serde_json::to_string(&terms).unwrap();
        assert_eq!(serde_json::from_str::<EventTerms>(&json).unwrap(), terms);
        for sections in [Sections::None, Sections::Tag("group".into())] {
            let terms = EventTerms {
                sections,
                ..EventTerms::default()
            };
            let json = serde_json::to_string(&terms).unwrap();
            assert_eq!(serde_json::from_str::<EventTerms>(&json).unwrap(), terms);
        }
        let renju = EventTerms {
            rules: RulesInForce::from_name(crate::RENJU_OPENING_RULES[0]),
            ..EventTerms::default()
        };
        let json = serde_json::to_string(&renju).unwrap();
        assert_eq!(serde_json::from_str::<EventTerms>(&json).unwrap(), renju);
    }

    #[test]
    fn a_key_a_stored_value_lacks_reads_as_its_default() {
        let terms: EventTerms = serde_json::from_str(r#"{"name": "Cup", "line": 3}"#).unwrap();
        assert_eq!(
            terms,
            EventTerms {
                name: "Cup".into(),
                line: 3,
                ..EventTerms::default()
            }
        );
    }

    #[test]
    fn named_values_are_stored_by_the_names_a_file_writes() {
        for t in Tiebreak::ALL {
            assert_eq!(serde_json::to_value(t).unwrap(), t.name());
        }
        for t in TeamRanking::ALL {
            assert_eq!(serde_json::to_value(t).unwrap(), t.name());
            let back: TeamRanking = serde_json::from_value(t.name().into()).unwrap();
            assert_eq!(back, t);
        }
        for name in ["world", "chinese", crate::RENJU_OPENING_RULES[0]] {
            let rules = RulesInForce::from_name(name).unwrap();
            assert_eq!(serde_json::to_value(&rules).unwrap(), name);
        }
        let sections = serde_json::to_value(Sections::Tag("group".into())).unwrap();
        assert_eq!(sections, serde_json::json!({"tag": "group"}));
        assert_eq!(serde_json::to_value(Sections::None).unwrap(), "none");
    }
}
