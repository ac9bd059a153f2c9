//! The curation file (`kifu curate`): plain TOML a federation keeps beside its records,
//! read into [`kifu_facts::Curation`] and checked on its own. The file is read whole
//! before it is judged (syntax, keys and types per entry, [`table`]; then each entry's
//! content): each error names its line and what is wrong, and every error of the file is
//! reported, not only the first.
//!
//! What needs a database (a game key that names no game, an event that matches nothing)
//! is checked where the curation is applied (`kifu_store::curation`).

use std::collections::{BTreeMap, HashMap, HashSet};

use kifu_facts::curation::{
    parse_game_key, Attested, CopyChoice, CuratedGame, Decision, EventEntry, EventMatch,
    EventTerms, PlayerEntry, Provenance, ResultCorrection, RuleEntry, SectionList, Sections,
};
use kifu_facts::translated::ROUND_NUMBER;
use kifu_facts::{
    fold_name, fold_text, is_finding_code, rule_key, Curation, CurationError, GameKind, Names,
    ResultName, RulesInForce, Scoring, TeamRanking, Tiebreak, Verdict,
};
use kifu_lang::Lang;
use toml::de::{DeTable, DeValue};

mod entries;
mod table;

use entries::{RawCopy, RawDecision, RawEvent, RawGame, RawPlayer, RawResult, RawRule, RawScoring};
use table::{type_name, Keyed, Problem, Size, Table};

/// The kinds of entry a file holds, as its `[[kind]]` headers name them.
const KINDS: [&str; 7] = [
    "player", "rule", "event", "result", "game", "decision", "copy",
];

/// Reads and checks a curation file whole: the entries that read and passed their checks,
/// and every error found, in line order. A TOML syntax error, an unknown key, a missing
/// key, a value of the wrong type and a string over its size limit are errors at their own
/// lines, and hide no other: every other entry is still read and checked. An entry with
/// an error is left out of the curation (a syntax error inside an entry: the entry is
/// read no further).
pub fn read(text: &str) -> (Curation, Vec<CurationError>) {
    let lines = LineIndex::new(text);
    let (document, syntax) = DeTable::parse_recoverable(text);
    let mut check = Checker {
        lines,
        errors: Vec::new(),
        syntax: syntax
            .iter()
            .filter_map(|e| e.span())
            .map(|s| s.start)
            .collect(),
        events_left_out: HashSet::new(),
    };
    for e in &syntax {
        check.errors.push(syntax_error(text, &check.lines, e));
    }
    let [players, rules, events, results, games, decisions, copies] =
        check.entries(document.get_ref(), text.len());
    let curation = Curation {
        players: check.players(&players),
        rules: check.rules(&rules),
        events: check.events(&events),
        results: check.results(&results),
        games: check.games(&games),
        decisions: check.decisions(&decisions),
        copies: check.copies(&copies),
    };
    let mut errors = check.errors;
    errors.sort_by_key(|e| e.line);
    (curation, errors)
}

/// A TOML syntax error at its line; a duplicate key is named.
fn syntax_error(text: &str, lines: &LineIndex, e: &toml::de::Error) -> CurationError {
    let span = e.span().unwrap_or(0..0);
    let mut message = e.message().trim().to_owned();
    if message == "duplicate key" {
        if let Some(key) = text.get(span.clone()).filter(|k| !k.contains('\n')) {
            message = format!("duplicate key `{}`", key.trim());
        }
    }
    CurationError {
        line: lines.line(span.start),
        entry: String::new(),
        message: format!("TOML: {message}"),
    }
}

/// One `[[kind]]` entry of the file: its table, and the bytes up to the next entry (a
/// syntax error there damages it).
struct Entry<'t, 'i> {
    table: &'t DeTable<'i>,
    start: usize,
    end: usize,
}

/// What names an entry in its errors: the value of its key `label` (a name, a game key,
/// the players of a `[[game]]`), as far as it is text.
fn label_of(table: &DeTable<'_>, label: &str) -> Option<String> {
    let (_, value) = table.iter().find(|(k, _)| k.get_ref().as_ref() == label)?;
    match value.get_ref() {
        DeValue::String(s) => Some(s.to_string()),
        DeValue::Array(items) => Some(
            items
                .iter()
                .filter_map(|i| i.get_ref().as_str())
                .collect::<Vec<_>>()
                .join(" – "),
        ),
        _ => None,
    }
}

/// Byte offset → 1-based line.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    fn line(&self, offset: usize) -> u32 {
        self.starts.partition_point(|&s| s <= offset) as u32
    }
}

struct Checker {
    lines: LineIndex,
    errors: Vec<CurationError>,
    /// Where each syntax error is.
    syntax: Vec<usize>,
    /// The folded names of the `[[event]]` entries left out: a `[[game]]` of one is left
    /// out too, its event's errors standing for it (the database would not know the
    /// event).
    events_left_out: HashSet<String>,
}

/// The entry an error is about, and where it starts.
struct At {
    line: u32,
    entry: String,
}

impl Checker {
    /// The file's entries by kind (in [`KINDS`] order); a key that is no kind, or a kind
    /// that is not a list of tables, is an error.
    fn entries<'t, 'i>(
        &mut self,
        document: &'t DeTable<'i>,
        len: usize,
    ) -> [Vec<Entry<'t, 'i>>; KINDS.len()] {
        let mut by_kind: [Vec<Entry<'t, 'i>>; KINDS.len()] = std::array::from_fn(|_| Vec::new());
        for (key, value) in document.iter() {
            let name = key.get_ref().as_ref();
            let line = self.lines.line(key.span().start);
            let Some(kind) = KINDS.iter().position(|k| *k == name) else {
                let known: Vec<String> = KINDS.iter().map(|k| format!("[[{k}]]")).collect();
                self.file_error(
                    line,
                    format!("unknown key `{name}` (known: {})", known.join(", ")),
                );
                continue;
            };
            let items = match value.get_ref() {
                DeValue::Array(items) => items,
                other => {
                    let message = format!(
                        "`{name}` must be a list of [[{name}]] tables (it is {})",
                        type_name(other)
                    );
                    self.file_error(line, message);
                    continue;
                }
            };
            for item in items.iter() {
                match item.get_ref() {
                    DeValue::Table(table) => by_kind[kind].push(Entry {
                        table,
                        start: item.span().start,
                        end: len,
                    }),
                    other => {
                        let message = format!(
                            "`{name}` must be a list of [[{name}]] tables (an item is {})",
                            type_name(other)
                        );
                        self.file_error(self.lines.line(item.span().start), message);
                    }
                }
            }
        }
        // An entry runs to the next one, of any kind.
        let mut starts: Vec<usize> = by_kind.iter().flatten().map(|e| e.start).collect();
        starts.sort_unstable();
        for entry in by_kind.iter_mut().flatten() {
            let next = starts.partition_point(|&s| s <= entry.start);
            entry.end = starts.get(next).copied().unwrap_or(len);
        }
        by_kind
    }

    fn file_error(&mut self, line: u32, message: String) {
        self.errors.push(CurationError {
            line,
            entry: String::new(),
            message,
        });
    }

    /// Reads one entry with `read`: the entry, where it is and whether its keys read
    /// without a problem (each problem is an error at its own line). `None` when a
    /// syntax error falls inside it, or its required keys did not read. Its errors name
    /// it by its `label` key's value, where that is within `size`.
    fn entry<T>(
        &mut self,
        entry: &Entry<'_, '_>,
        kind: &str,
        (label, size): (&str, Size),
        read: impl FnOnce(&mut Table<'_, '_, '_>) -> Option<T>,
    ) -> Option<(At, T, bool)> {
        if self
            .syntax
            .iter()
            .any(|&s| (entry.start..entry.end).contains(&s))
        {
            return None;
        }
        let at = At {
            line: self.lines.line(entry.start),
            entry: match label_of(entry.table, label) {
                // A name over its size is said by its error, not repeated in every one.
                Some(name) if name.chars().count() <= size.limit() => {
                    format!("[[{kind}]] {name:?}")
                }
                _ => format!("[[{kind}]]"),
            },
        };
        let mut problems: Vec<Problem> = Vec::new();
        let mut table = Table::new(entry.table, entry.start, &mut problems);
        let raw = read(&mut table);
        table.finish();
        for p in &problems {
            self.errors.push(CurationError {
                line: self.lines.line(p.offset),
                entry: at.entry.clone(),
                message: p.message.clone(),
            });
        }
        Some((at, raw?, problems.is_empty()))
    }

    fn error(&mut self, at: &At, message: impl Into<String>) {
        self.errors.push(CurationError {
            line: at.line,
            entry: at.entry.clone(),
            message: message.into(),
        });
    }

    /// Text that must not be empty.
    fn required(&mut self, at: &At, field: &str, value: &str) {
        if value.trim().is_empty() {
            self.error(at, format!("`{field}` is empty"));
        }
    }

    fn date(&mut self, at: &At, field: &str, value: Option<&str>) {
        if let Some(d) = value {
            if !is_date(d) {
                self.error(
                    at,
                    format!("`{field}` {d:?} is not a date (YYYY, YYYY-MM or YYYY-MM-DD)"),
                );
            }
        }
    }

    fn date_range(&mut self, at: &At, field: &str, value: &Option<String>) {
        let Some(range) = value else { return };
        let ok = match range.split_once("..") {
            Some((a, b)) => {
                (a.is_empty() || is_date(a))
                    && (b.is_empty() || is_date(b))
                    && !(a.is_empty() && b.is_empty())
                    && (a.is_empty() || b.is_empty() || a <= b)
            }
            None => is_date(range),
        };
        if !ok {
            self.error(
                at,
                format!("`{field}` {range:?} is not a date range (A..B, A.., ..B or one date)"),
            );
        }
    }

    /// Who made a correction or a decision, and when: both required, the date checked.
    fn attested(&mut self, at: &At, reason: Option<String>, by: String, date: String) -> Attested {
        self.required(at, "by", &by);
        self.date(at, "date", Some(&date));
        Attested { reason, by, date }
    }

    /// Whether an entry goes into the curation: its keys read whole (`clean`) and its
    /// checks, begun when `before` errors were found, found none.
    fn kept(&self, clean: bool, before: usize) -> bool {
        clean && self.errors.len() == before
    }

    fn players(&mut self, entries: &[Entry<'_, '_>]) -> Vec<PlayerEntry> {
        // Every name an identity answers to, folded, with the entry that claimed it first.
        let mut claimed: HashMap<String, (String, u32)> = HashMap::new();
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, p, clean)) =
                self.entry(entry, "player", ("name", Size::Name), RawPlayer::read)
            else {
                continue;
            };
            let before = self.errors.len();
            self.required(&at, "name", &p.name);
            // The id is a name the identity answers to (results files name players by it).
            for name in std::iter::once(&p.name)
                .chain(&p.aliases)
                .chain(p.id.as_ref())
            {
                let key = fold_name(name);
                match claimed.get(&key) {
                    Some((owner, line)) if *owner != p.name || *line != at.line => {
                        let message = format!(
                            "{name:?} is already a name of [[player]] {owner:?} (line {line})"
                        );
                        self.error(&at, message);
                    }
                    _ => {
                        claimed.insert(key, (p.name.clone(), at.line));
                    }
                }
            }
            if let Some(id) = &p.id {
                if let Some(line) = ids.insert(id.clone(), at.line) {
                    self.error(&at, format!("id {id:?} is already given at line {line}"));
                }
            }
            if let Some(team) = &p.team {
                self.required(&at, "team", team);
            }
            let names = self.names(&at, "names", p.names);
            if self.kept(clean, before) {
                out.push(PlayerEntry {
                    line: at.line,
                    name: p.name,
                    aliases: p.aliases,
                    id: p.id,
                    country: p.country,
                    female: p.female,
                    team: p.team,
                    names,
                });
            }
        }
        out
    }

    /// `[[rule]]` entries: an id named twice, or a name given to two ids, is an error
    /// naming the first (a name must find one rule, as `--rule NAME` looks it up).
    fn rules(&mut self, entries: &[Entry<'_, '_>]) -> Vec<RuleEntry> {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut names: HashMap<String, (String, u32)> = HashMap::new();
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, r, clean)) = self.entry(entry, "rule", ("id", Size::Name), RawRule::read)
            else {
                continue;
            };
            let before = self.errors.len();
            self.required(&at, "id", &r.id);
            self.required(&at, "name", &r.name);
            if let Some(line) = ids.get(&r.id) {
                self.error(
                    &at,
                    format!("the rule {:?} is already named at line {line}", r.id),
                );
            } else {
                ids.insert(r.id.clone(), at.line);
            }
            match names.get(&rule_key(&r.name)) {
                Some((id, line)) => {
                    let message =
                        format!("{:?} is already the name of {id:?} (line {line})", r.name);
                    self.error(&at, message);
                }
                None => {
                    names.insert(rule_key(&r.name), (r.id.clone(), at.line));
                }
            }
            if self.kept(clean, before) {
                out.push(RuleEntry {
                    line: at.line,
                    id: r.id,
                    name: r.name,
                    description: r.description,
                });
            }
        }
        out
    }

    fn events(&mut self, entries: &[Entry<'_, '_>]) -> Vec<EventEntry> {
        let mut names: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, e, clean)) =
                self.entry(entry, "event", ("name", Size::Name), RawEvent::read)
            else {
                if let Some(name) = label_of(entry.table, "name") {
                    self.events_left_out.insert(fold_text(&name));
                }
                continue;
            };
            let before = self.errors.len();
            self.required(&at, "name", &e.name);
            if let Some(line) = names.insert(fold_text(&e.name), at.line) {
                self.error(
                    &at,
                    format!("an event of this name is given at line {line}"),
                );
            }
            let m = e.matcher;
            if m.event.is_none() && m.source.is_none() && m.date.is_none() && m.players.is_empty() {
                self.error(
                    &at,
                    "`match` names no condition (event, source, date or players)",
                );
            }
            self.date_range(&at, "match.date", &m.date);
            self.date_range(&at, "dates", &e.dates);
            // A section that lists no players only names a section the records' tag makes.
            let mut section_names: BTreeMap<String, Names> = BTreeMap::new();
            let mut lists = Vec::new();
            let mut naming_only = Vec::new();
            for s in e.section {
                let field = format!("section {:?}: `names`", s.name);
                let names = self.names(&at, &field, s.names);
                if !names.is_empty() && section_names.insert(s.name.clone(), names).is_some() {
                    self.error(&at, format!("section {:?} is named twice", s.name));
                }
                match s.players {
                    Some(players) => lists.push(SectionList {
                        name: s.name,
                        players,
                    }),
                    None => naming_only.push(s.name),
                }
            }
            if !lists.is_empty() {
                for name in &naming_only {
                    self.error(
                        &at,
                        format!(
                            "section {name:?} lists no `players`: list every section's players, \
                             or none (to name the sections a record tag makes)"
                        ),
                    );
                }
            }
            let sections = match (e.sections, lists.is_empty()) {
                (Some(_), false) => {
                    self.error(
                        &at,
                        "give `sections` (a tag) or [[event.section]] lists, not both",
                    );
                    Sections::None
                }
                (Some(tag), true) => {
                    self.required(&at, "sections", &tag);
                    Sections::Tag(tag)
                }
                (None, false) => Sections::Lists(lists),
                (None, true) => Sections::None,
            };
            let names = self.names(&at, "names", e.names);
            let rounds = self.names(&at, "rounds", e.rounds);
            for (tag, pattern) in rounds.iter() {
                if !pattern.contains(ROUND_NUMBER) {
                    self.error(
                        &at,
                        format!(
                            "`rounds.{tag}` {pattern:?} has no {ROUND_NUMBER} (where the \
                             round's number goes)"
                        ),
                    );
                }
            }
            // What a key left out means is the terms' default, as a stored value without
            // the key reads back.
            let defaults = EventTerms::default();
            let scoring = self.scoring(&at, "scoring", e.scoring, defaults.scoring);
            let team_scoring =
                self.scoring(&at, "team_scoring", e.team_scoring, defaults.team_scoring);
            let team_ranking = match e.team_ranking {
                None => defaults.team_ranking,
                Some(name) => TeamRanking::from_name(&name).unwrap_or_else(|| {
                    let known: Vec<&str> = TeamRanking::ALL.iter().map(|t| t.name()).collect();
                    self.error(
                        &at,
                        format!(
                            "unknown team_ranking {name:?} (known: {})",
                            known.join(", ")
                        ),
                    );
                    defaults.team_ranking
                }),
            };
            let mut tiebreaks = Vec::new();
            for name in e.tiebreaks.unwrap_or_default() {
                match Tiebreak::from_name(&name) {
                    Some(t) if tiebreaks.contains(&t) => {
                        self.error(&at, format!("tie-break {name:?} is listed twice"))
                    }
                    Some(t) => tiebreaks.push(t),
                    None => {
                        let known: Vec<&str> = Tiebreak::ALL.iter().map(|t| t.name()).collect();
                        self.error(
                            &at,
                            format!("unknown tie-break {name:?} (known: {})", known.join(", ")),
                        );
                    }
                }
            }
            let rules = e.rules.and_then(|r| {
                let rules = RulesInForce::from_name(&r);
                if rules.is_none() {
                    self.error(
                        &at,
                        format!(
                            "unknown rules {r:?} (Xiangqi: world, chinese; Renju: an opening \
                             rule: {})",
                            kifu_facts::RENJU_OPENING_RULES.join(", ")
                        ),
                    );
                }
                rules
            });
            if !self.kept(clean, before) {
                self.events_left_out.insert(fold_text(&e.name));
                continue;
            }
            out.push(EventEntry {
                matcher: EventMatch {
                    event: m.event,
                    source: m.source,
                    date: m.date,
                    players: m.players,
                },
                terms: EventTerms {
                    line: at.line,
                    name: e.name,
                    sections,
                    scoring,
                    tiebreaks,
                    rules,
                    dates: e.dates,
                    venue: e.venue,
                    team_scoring,
                    team_ranking,
                    team_matches: e.team_matches,
                    names,
                    section_names,
                    rounds,
                },
            });
        }
        out
    }

    /// A `names` (or `rounds`) table: each key a language the pages are written in
    /// ([`Lang::parse`], kept by its [`Lang::tag`]), given once, its name not empty.
    fn names(&mut self, at: &At, field: &str, raw: Option<Vec<Keyed>>) -> Names {
        let mut names = Names::default();
        let mut given: HashMap<Lang, String> = HashMap::new();
        for Keyed { key, text } in raw.unwrap_or_default() {
            let Some(lang) = Lang::parse(&key) else {
                let known: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
                self.error(
                    at,
                    format!(
                        "{field}: unknown language {key:?} (known: {})",
                        known.join(", ")
                    ),
                );
                continue;
            };
            if let Some(first) = given.insert(lang, key.clone()) {
                self.error(
                    at,
                    format!("{field}: {key:?} names the language of {first:?} again"),
                );
                continue;
            }
            if text.trim().is_empty() {
                self.error(at, format!("{field}: the {key:?} name is empty"));
                continue;
            }
            names.insert(lang.tag(), text);
        }
        names
    }

    /// A `scoring` or `team_scoring` table (`default` when absent); points are not negative.
    fn scoring(
        &mut self,
        at: &At,
        field: &str,
        raw: Option<RawScoring>,
        default: Scoring,
    ) -> Scoring {
        let scoring = raw.map_or(default, |s| Scoring {
            win: s.win,
            draw: s.draw,
            loss: s.loss,
        });
        for (what, points) in [
            ("win", scoring.win),
            ("draw", scoring.draw),
            ("loss", scoring.loss),
        ] {
            if !(points.is_finite() && points >= 0.0) {
                self.error(
                    at,
                    format!("{field}: a {what} scores {points}: points are not negative"),
                );
            }
        }
        scoring
    }

    fn results(&mut self, entries: &[Entry<'_, '_>]) -> Vec<ResultCorrection> {
        let mut games: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, r, clean)) =
                self.entry(entry, "result", ("game", Size::Text), RawResult::read)
            else {
                continue;
            };
            let before = self.errors.len();
            self.game_key(&at, &r.game);
            if let Some(line) = games.insert(r.game.clone(), at.line) {
                self.error(
                    &at,
                    format!("the game's result is corrected at line {line} too"),
                );
            }
            let result = self.outcome(&at, &r.result);
            let attested = self.attested(&at, r.reason, r.by, r.date);
            if self.kept(clean, before) {
                out.push(ResultCorrection {
                    line: at.line,
                    game: r.game,
                    result,
                    attested,
                });
            }
        }
        out
    }

    fn games(&mut self, entries: &[Entry<'_, '_>]) -> Vec<CuratedGame> {
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, g, clean)) =
                self.entry(entry, "game", ("players", Size::Text), RawGame::read)
            else {
                continue;
            };
            let before = self.errors.len();
            self.required(&at, "event", &g.event);
            let kind = g.kind.and_then(|k| {
                let kind = GameKind::from_name(&k);
                if kind.is_none() {
                    self.error(
                        &at,
                        format!("unknown kind {k:?} (renju, xiangqi, territorial, chouchou)"),
                    );
                }
                kind
            });
            if g.players.len() < 2 || g.players.iter().any(|p| p.trim().is_empty()) {
                self.error(&at, "`players` names every seat's player (two at least)");
            }
            self.date(&at, "date", g.date.as_deref());
            let result = self.outcome(&at, &g.result);
            if !self.kept(clean, before) || self.events_left_out.contains(&fold_text(&g.event)) {
                continue;
            }
            out.push(CuratedGame {
                line: at.line,
                event: g.event,
                kind,
                round: g.round,
                date: g.date,
                players: g.players,
                result,
                forfeit: g.forfeit,
                provenance: Provenance {
                    reason: g.reason,
                    by: g.by,
                    date: None,
                },
            });
        }
        out
    }

    fn decisions(&mut self, entries: &[Entry<'_, '_>]) -> Vec<Decision> {
        let mut seen: HashMap<(String, String), u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, d, clean)) =
                self.entry(entry, "decision", ("game", Size::Text), RawDecision::read)
            else {
                continue;
            };
            let before = self.errors.len();
            self.game_key(&at, &d.game);
            if !is_finding_code(&d.code) {
                self.error(&at, format!("unknown finding code {:?}", d.code));
            }
            if let Some(line) = seen.insert((d.game.clone(), d.code.clone()), at.line) {
                self.error(&at, format!("this finding is decided at line {line} too"));
            }
            let verdict = Verdict::from_name(&d.decision).unwrap_or_else(|| {
                self.error(
                    &at,
                    format!(
                        "decision {:?} is neither confirmed nor dismissed",
                        d.decision
                    ),
                );
                Verdict::Confirmed
            });
            let attested = self.attested(&at, d.reason, d.by, d.date);
            if self.kept(clean, before) {
                out.push(Decision {
                    line: at.line,
                    game: d.game,
                    code: d.code,
                    verdict,
                    attested,
                });
            }
        }
        out
    }

    fn copies(&mut self, entries: &[Entry<'_, '_>]) -> Vec<CopyChoice> {
        let mut games: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in entries {
            let Some((at, c, clean)) =
                self.entry(entry, "copy", ("game", Size::Text), RawCopy::read)
            else {
                continue;
            };
            let before = self.errors.len();
            self.game_key(&at, &c.game);
            if let Some(line) = games.insert(c.game.clone(), at.line) {
                self.error(&at, format!("this copy is named at line {line} too"));
            }
            let attested = self.attested(&at, c.reason, c.by, c.date);
            if self.kept(clean, before) {
                out.push(CopyChoice {
                    line: at.line,
                    game: c.game,
                    attested,
                });
            }
        }
        out
    }

    /// A game key as the data contract writes it: `<sha256 hex>:<member>:<byte offset>`.
    fn game_key(&mut self, at: &At, key: &str) {
        if parse_game_key(key).is_none() {
            self.error(
                at,
                format!("{key:?} is not a game key (<source sha256>:<member>:<byte offset>)"),
            );
        }
    }

    fn outcome(&mut self, at: &At, name: &str) -> ResultName {
        match ResultName::parse(name).filter(|o| o.is_known()) {
            Some(o) => o,
            None => {
                self.error(
                    at,
                    format!("result {name:?} is none of black, white, red, draw, P1…P4"),
                );
                ResultName::Unknown
            }
        }
    }
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, a real month and day.
pub(crate) fn is_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let number = |p: &str, len: usize| -> Option<u32> {
        (p.len() == len && p.bytes().all(|b| b.is_ascii_digit())).then(|| p.parse().ok())?
    };
    let Some(year) = parts.first().and_then(|p| number(p, 4)) else {
        return false;
    };
    let month = match parts.get(1) {
        None => return parts.len() == 1,
        Some(m) => match number(m, 2) {
            Some(m @ 1..=12) => m,
            _ => return false,
        },
    };
    match parts.get(2) {
        None => parts.len() == 2,
        Some(d) => {
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
            let days = match month {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            parts.len() == 3 && number(d, 2).is_some_and(|d| (1..=days).contains(&d))
        }
    }
}

#[cfg(test)]
mod tests;
