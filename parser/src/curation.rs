//! The curation file (`kifu curate`): plain TOML a federation keeps beside its records,
//! read into [`kifu_facts::Curation`] and checked on its own. Each error names the entry's
//! line and what is wrong; every error of the file is reported, not only the first.
//!
//! What needs a database (a game key that names no game, an event that matches nothing)
//! is checked where the curation is applied (`kifu_store::curation`).

use std::collections::HashMap;
use std::ops::Range;

use kifu_facts::curation::{
    parse_game_key, CuratedGame, Decision, EventEntry, EventMatch, EventTerms, PlayerEntry,
    Provenance, ResultCorrection, SectionList, Sections,
};
use kifu_facts::{
    fold_name, fold_text, is_finding_code, Curation, CurationError, GameKind, ResultName,
    RulesInForce, Scoring, TeamRanking, Tiebreak, Verdict,
};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    player: Vec<Spanned<RawPlayer>>,
    #[serde(default)]
    event: Vec<Spanned<RawEvent>>,
    #[serde(default)]
    result: Vec<Spanned<Outcome>>,
    #[serde(default)]
    game: Vec<Spanned<RawGame>>,
    #[serde(default)]
    decision: Vec<Spanned<RawDecision>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    name: String,
    #[serde(default)]
    aliases: Vec<String>,
    id: Option<String>,
    country: Option<String>,
    female: Option<bool>,
    team: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    #[serde(rename = "match")]
    matcher: RawMatch,
    name: String,
    sections: Option<String>,
    #[serde(default)]
    section: Vec<RawSection>,
    scoring: Option<RawScoring>,
    tiebreaks: Option<Vec<String>>,
    rules: Option<String>,
    dates: Option<String>,
    venue: Option<String>,
    team_scoring: Option<RawScoring>,
    team_ranking: Option<String>,
    team_matches: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatch {
    event: Option<String>,
    source: Option<String>,
    date: Option<String>,
    #[serde(default)]
    players: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSection {
    name: String,
    players: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScoring {
    win: f64,
    draw: f64,
    loss: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Outcome {
    game: String,
    result: String,
    reason: Option<String>,
    by: Option<String>,
    date: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    event: String,
    kind: Option<String>,
    round: Option<String>,
    date: Option<String>,
    players: Vec<String>,
    result: String,
    #[serde(default)]
    forfeit: bool,
    reason: Option<String>,
    by: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDecision {
    game: String,
    code: String,
    decision: String,
    reason: Option<String>,
    by: Option<String>,
    date: Option<String>,
}

/// Reads and checks a curation file. `Err` holds every error found, in line order.
pub fn read(text: &str) -> Result<Curation, Vec<CurationError>> {
    let lines = LineIndex::new(text);
    let file: File = toml::from_str(text).map_err(|e| {
        vec![CurationError {
            line: e.span().map_or(1, |s| lines.line(s.start)),
            entry: String::new(),
            message: e.message().trim().to_owned(),
        }]
    })?;
    let mut check = Checker {
        lines,
        errors: Vec::new(),
    };
    let curation = Curation {
        players: check.players(file.player),
        events: check.events(file.event),
        results: check.results(file.result),
        games: check.games(file.game),
        decisions: check.decisions(file.decision),
    };
    let mut errors = check.errors;
    if errors.is_empty() {
        Ok(curation)
    } else {
        errors.sort_by_key(|e| e.line);
        Err(errors)
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
}

/// The entry an error is about, and where it starts.
struct At {
    line: u32,
    entry: String,
}

impl Checker {
    fn at(&self, span: Range<usize>, kind: &str, name: &str) -> At {
        At {
            line: self.lines.line(span.start),
            entry: format!("[[{kind}]] {name:?}"),
        }
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

    fn date(&mut self, at: &At, field: &str, value: &Option<String>) {
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

    fn provenance(
        &mut self,
        at: &At,
        reason: Option<String>,
        by: Option<String>,
        date: Option<String>,
    ) -> Provenance {
        self.date(at, "date", &date);
        Provenance { reason, by, date }
    }

    fn players(&mut self, raw: Vec<Spanned<RawPlayer>>) -> Vec<PlayerEntry> {
        // Every name an identity answers to, folded, with the entry that claimed it first.
        let mut claimed: HashMap<String, (String, u32)> = HashMap::new();
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in raw {
            let span = entry.span();
            let p = entry.into_inner();
            let at = self.at(span, "player", &p.name);
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
            out.push(PlayerEntry {
                line: at.line,
                name: p.name,
                aliases: p.aliases,
                id: p.id,
                country: p.country,
                female: p.female,
                team: p.team.filter(|t| {
                    let empty = t.trim().is_empty();
                    if empty {
                        self.error(&at, "`team` is empty");
                    }
                    !empty
                }),
            });
        }
        out
    }

    fn events(&mut self, raw: Vec<Spanned<RawEvent>>) -> Vec<EventEntry> {
        let mut names: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in raw {
            let span = entry.span();
            let e = entry.into_inner();
            let at = self.at(span, "event", &e.name);
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
            let sections = match (e.sections, e.section.is_empty()) {
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
                (None, false) => Sections::Lists(
                    e.section
                        .into_iter()
                        .map(|s| SectionList {
                            name: s.name,
                            players: s.players,
                        })
                        .collect(),
                ),
                (None, true) => Sections::None,
            };
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
                },
            });
        }
        out
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

    fn results(&mut self, raw: Vec<Spanned<Outcome>>) -> Vec<ResultCorrection> {
        let mut games: HashMap<String, u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in raw {
            let span = entry.span();
            let r = entry.into_inner();
            let at = self.at(span, "result", &r.game);
            self.game_key(&at, &r.game);
            if let Some(line) = games.insert(r.game.clone(), at.line) {
                self.error(
                    &at,
                    format!("the game's result is corrected at line {line} too"),
                );
            }
            let result = self.outcome(&at, &r.result);
            let provenance = self.provenance(&at, r.reason, r.by, r.date);
            out.push(ResultCorrection {
                line: at.line,
                game: r.game,
                result,
                provenance,
            });
        }
        out
    }

    fn games(&mut self, raw: Vec<Spanned<RawGame>>) -> Vec<CuratedGame> {
        let mut out = Vec::new();
        for entry in raw {
            let span = entry.span();
            let g = entry.into_inner();
            let at = self.at(span, "game", &g.players.join(" – "));
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
            self.date(&at, "date", &g.date);
            let result = self.outcome(&at, &g.result);
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

    fn decisions(&mut self, raw: Vec<Spanned<RawDecision>>) -> Vec<Decision> {
        let mut seen: HashMap<(String, String), u32> = HashMap::new();
        let mut out = Vec::new();
        for entry in raw {
            let span = entry.span();
            let d = entry.into_inner();
            let at = self.at(span, "decision", &d.game);
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
            let provenance = self.provenance(&at, d.reason, d.by, d.date);
            out.push(Decision {
                line: at.line,
                game: d.game,
                code: d.code,
                verdict,
                provenance,
            });
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
mod tests {
    use super::*;

    const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef::120";

    #[test]
    fn a_whole_file_reads_into_typed_entries() {
        let text = format!(
            r#"
[[player]]
name = "胡荣华"
aliases = ["胡榮華", "上海胡榮華"]
id = "CXA-0001"
country = "CHN"
female = false

[[event]]
match = {{ event = "2015年慕中杯第14届世界象棋锦标赛" }}
name = "第14届世界象棋锦标赛"
sections = "group"
scoring = {{ win = 2, draw = 1, loss = 0 }}
tiebreaks = ["sonneborn-berger", "buchholz", "wins", "direct-encounter"]
rules = "world"
dates = "2015-08-22..2015-08-26"
venue = "Munich"

[[result]]
game = "{KEY}"
result = "draw"
reason = "the arbiter's score sheet"
by = "chief arbiter"
date = "2026-11-20"

[[game]]
event = "第14届世界象棋锦标赛"
round = "第08轮"
players = ["郑惟桐", "谢靖"]
result = "draw"

[[decision]]
game = "{KEY}"
code = "result-contradicts-board"
decision = "dismissed"
reason = "the score sheet"
"#
        );
        let c = read(&text).unwrap();
        assert_eq!(c.players[0].aliases, ["胡榮華", "上海胡榮華"]);
        assert_eq!(c.players[0].line, 2);
        let e = &c.events[0].terms;
        assert_eq!(
            (e.line, e.sections.clone()),
            (9, Sections::Tag("group".into()))
        );
        assert_eq!(
            e.scoring,
            Scoring {
                win: 2.0,
                draw: 1.0,
                loss: 0.0
            }
        );
        assert_eq!(e.tiebreaks.len(), 4);
        assert_eq!(e.rules, Some(RulesInForce::XiangqiWorld));
        assert_eq!(c.results[0].result, ResultName::Draw);
        assert_eq!(c.results[0].provenance.by.as_deref(), Some("chief arbiter"));
        assert_eq!(c.games[0].players, ["郑惟桐", "谢靖"]);
        assert_eq!(
            (c.decisions[0].verdict, c.decisions[0].line),
            (Verdict::Dismissed, 32)
        );
        assert_eq!(parse_game_key(KEY).map(|k| k.2), Some(120));
    }

    #[test]
    fn each_bad_entry_is_an_error_with_its_line() {
        let text = format!(
            r#"[[player]]
name = "A"
aliases = ["a b"]

[[player]]
name = "B"
aliases = ["Ａ"]

[[event]]
match = {{}}
name = "Cup"
scoring = {{ win = 1, draw = -1, loss = 0 }}
tiebreaks = ["coin-toss"]
rules = "house"
dates = "2015-02-30"

[[result]]
game = "38265"
result = "maybe"

[[decision]]
game = "{KEY}"
code = "no-such-code"
decision = "perhaps"
"#
        );
        let errors: Vec<String> = read(&text)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            errors,
            [
                r#"line 5: [[player]] "B": "Ａ" is already a name of [[player]] "A" (line 1)"#,
                r#"line 9: [[event]] "Cup": `match` names no condition (event, source, date or players)"#,
                r#"line 9: [[event]] "Cup": `dates` "2015-02-30" is not a date range (A..B, A.., ..B or one date)"#,
                r#"line 9: [[event]] "Cup": scoring: a draw scores -1: points are not negative"#,
                r#"line 9: [[event]] "Cup": unknown tie-break "coin-toss" (known: sonneborn-berger, buchholz, buchholz-cut1, wins, direct-encounter)"#,
                "line 9: [[event]] \"Cup\": unknown rules \"house\" (Xiangqi: world, chinese; Renju: an opening rule: rif, yamaguchi, soosorv, soosorv-8, taraguchi, taraguchi-10, sakata, tarannikov, swap2, exclusion, renju, gomoku)",
                r#"line 17: [[result]] "38265": "38265" is not a game key (<source sha256>:<member>:<byte offset>)"#,
                r#"line 17: [[result]] "38265": result "maybe" is none of black, white, red, draw, P1…P4"#,
                r#"line 21: [[decision]] "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef::120": unknown finding code "no-such-code""#,
                r#"line 21: [[decision]] "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef::120": decision "perhaps" is neither confirmed nor dismissed"#,
            ]
        );
    }

    #[test]
    fn a_syntax_error_or_an_unknown_key_names_its_line() {
        let e = read("[[player]]\nname = \"A\"\nnickname = \"B\"\n").unwrap_err();
        assert_eq!(e[0].line, 3, "{}", e[0]);
        assert!(e[0].message.contains("nickname"), "{}", e[0]);
        let e = read("[[player]]\nname = \n").unwrap_err();
        assert_eq!(e[0].line, 2, "{}", e[0]);
        assert!(read("").unwrap().players.is_empty());
    }

    #[test]
    fn dates() {
        for good in ["2015", "2015-08", "2015-08-26", "2016-02-29"] {
            assert!(is_date(good), "{good}");
        }
        for bad in [
            "15",
            "2015-13",
            "2015-02-30",
            "2015-8-1",
            "2015-08-26-1",
            "2015/08",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }
}
