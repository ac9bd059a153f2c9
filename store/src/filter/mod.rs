//! One filter for every command that selects games: `games`, `players`, `events`,
//! `audit`, `stats`, `report`, `standings` and `export` all take a [`GameFilter`], built
//! once from the command line, and the store turns it into one parameterised SQL condition
//! ([`sql`]), so the same flags select the same games everywhere.
//!
//! Values are typed and checked when the filter is built (a game kind, a date, an opening
//! code…); what only the database can tell (a finding code or rule it holds, a name that
//! matches no one) is checked by [`crate::Store::check_filter`].
//!
//! Conventions:
//! - **Names** (`player`, `opponent`, `event`, `round`): compared folded (players by
//!   [`kifu_facts::fold_name`], events and rounds by [`kifu_facts::fold_text`]: full- and
//!   half-width forms alike, ASCII case ignored, spaces between CJK characters dropped; a
//!   player's name also without a record's decoration such as `//` or a list number);
//!   `*` matches any run of characters, every other character stands for itself.
//! - **Findings** (`codes`, `severity`): select the games that have such a finding; where
//!   findings are listed or counted (audit, the findings tables, exports) only those
//!   findings are.
//! - **Quarantined records** have no header: a filter with any condition on a game's
//!   header, result, moves or duplicates leaves them out ([`GameFilter::admits_quarantined`]).

pub mod date;
pub mod opening;
pub(crate) mod sql;

use std::fmt;
use std::str::FromStr;

use kifu_facts::{closest, GameKind, ResultName, Ruleset, Severity};

pub use date::{DateRange, PartialDate};
pub use opening::OpeningSelector;

/// A filter value that cannot select anything because it is not a value at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterError {
    /// A name that is none of the valid ones (listed closest first).
    Unknown {
        what: &'static str,
        given: String,
        valid: Vec<String>,
    },
    /// A value not written in any of the accepted forms.
    Malformed {
        what: &'static str,
        given: String,
        expected: &'static str,
    },
    /// A range whose end comes before its start.
    Reversed { what: &'static str, given: String },
    /// A value that means nothing for the one game kind the filter selects.
    NotForKind {
        what: &'static str,
        given: String,
        kind: GameKind,
    },
    /// A flag that means something only beside another.
    Needs {
        flag: &'static str,
        needs: &'static str,
    },
}

impl FilterError {
    /// An unknown name, with `valid` ordered closest to it first.
    pub fn unknown<'a>(
        what: &'static str,
        given: &str,
        valid: impl IntoIterator<Item = &'a str>,
    ) -> FilterError {
        let valid: Vec<&str> = valid.into_iter().collect();
        FilterError::Unknown {
            what,
            given: given.to_owned(),
            valid: closest(given, valid.iter().copied(), valid.len())
                .into_iter()
                .map(str::to_owned)
                .collect(),
        }
    }
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterError::Unknown { what, given, valid } => write!(
                f,
                "unknown {what} `{given}`; valid, closest first: {}",
                valid.join(", ")
            ),
            FilterError::Malformed {
                what,
                given,
                expected,
            } => write!(f, "malformed {what} `{given}`: expected {expected}"),
            FilterError::Reversed { what, given } => {
                write!(f, "{what} `{given}` ends before it starts")
            }
            FilterError::NotForKind { what, given, kind } => {
                write!(f, "{what} `{given}` means nothing for {kind} games")?;
                if *what == "opening" {
                    let forms = match kind {
                        GameKind::Renju => "D1–D13, I1–I13, a range such as D3-D7, D or I",
                        GameKind::Xiangqi => {
                            "an ECCO code A00–E99, a range such as C20-C29, or a prefix such as C2"
                        }
                        GameKind::Territorial | GameKind::ChouChou => {
                            "none: their games have no opening codes"
                        }
                    };
                    write!(f, " ({kind} openings: {forms})")?;
                }
                Ok(())
            }
            FilterError::Needs { flag, needs } => write!(f, "{flag} needs {needs}"),
        }
    }
}

impl std::error::Error for FilterError {}

/// `--game`: a game kind, or one game by its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameSelector {
    Kind(GameKind),
    Id(i64),
}

impl FromStr for GameSelector {
    type Err = FilterError;

    fn from_str(s: &str) -> Result<GameSelector, FilterError> {
        if let Ok(id) = s.trim().parse::<i64>() {
            return Ok(GameSelector::Id(id));
        }
        GameKind::from_name(&s.trim().to_ascii_lowercase())
            .map(GameSelector::Kind)
            .ok_or_else(|| {
                let mut e = FilterError::unknown("game", s, GameKind::ALL.map(GameKind::name));
                if let FilterError::Unknown { valid, .. } = &mut e {
                    valid.push("a game id (a number)".into());
                }
                e
            })
    }
}

/// The side a player sat on, named as the game names it (and as a win on it is named):
/// a [`ResultName`] that is a side's, never `draw` or `unknown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side(ResultName);

impl Side {
    pub const BLACK: Side = Side(ResultName::Black);
    pub const WHITE: Side = Side(ResultName::White);
    pub const RED: Side = Side(ResultName::Red);

    /// ChouChou's seat `n` (1–4).
    pub fn seat(n: u8) -> Option<Side> {
        (1..=4).contains(&n).then_some(Side(ResultName::Seat(n)))
    }

    /// The stored name (`game_players.side`).
    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

impl FromStr for Side {
    type Err = FilterError;

    fn from_str(s: &str) -> Result<Side, FilterError> {
        let folded = s.trim().to_ascii_lowercase();
        let name = match folded.strip_prefix('p') {
            Some(n) => format!("P{n}"),
            None => folded,
        };
        match ResultName::parse(&name) {
            Some(ResultName::Draw | ResultName::Unknown) | None => Err(FilterError::unknown(
                "side",
                s,
                ResultName::sides().map(ResultName::name),
            )),
            Some(side) => Ok(Side(side)),
        }
    }
}

/// A result a game's record or board may have: a side's win, a draw, or none
/// ([`ResultName::Unknown`]: nothing, `unknown` or free text recorded; no result counts).
pub fn parse_result(s: &str) -> Result<ResultName, FilterError> {
    let folded = s.trim().to_ascii_lowercase();
    let name = match folded.as_str() {
        "none" => "unknown".to_owned(),
        p if p.starts_with('p') => p.to_ascii_uppercase(),
        other => other.to_owned(),
    };
    ResultName::parse(&name)
        .ok_or_else(|| FilterError::unknown("result", s, ResultName::ALL.map(ResultName::name)))
}

/// Valid games, games with findings, or quarantined records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// No warning or error finding (info remarks allowed).
    Valid,
    /// At least one warning or error finding.
    WithFindings,
    /// Records that could not be read (kept in quarantine): no games.
    Quarantined,
}

impl Status {
    const NAMES: [&'static str; 3] = ["valid", "findings", "quarantined"];

    pub fn name(self) -> &'static str {
        Status::NAMES[self as usize]
    }
}

impl FromStr for Status {
    type Err = FilterError;

    fn from_str(s: &str) -> Result<Status, FilterError> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "valid" => Status::Valid,
            "findings" | "with-findings" => Status::WithFindings,
            "quarantined" | "quarantine" => Status::Quarantined,
            _ => return Err(FilterError::unknown("status", s, Status::NAMES)),
        })
    }
}

/// Games with `min..=max` plies, either end open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PliesRange {
    pub min: Option<u32>,
    pub max: Option<u32>,
}

impl PliesRange {
    pub fn is_open(&self) -> bool {
        self.min.is_none() && self.max.is_none()
    }
}

impl FromStr for PliesRange {
    type Err = FilterError;

    /// `N`, `MIN..MAX`, `MIN..` or `..MAX`.
    fn from_str(s: &str) -> Result<PliesRange, FilterError> {
        let malformed = || FilterError::Malformed {
            what: "plies",
            given: s.to_owned(),
            expected: "N, MIN..MAX, MIN.. or ..MAX (such as 40..80)",
        };
        let end = |p: &str| -> Result<Option<u32>, FilterError> {
            let p = p.trim();
            if p.is_empty() {
                Ok(None)
            } else {
                p.parse().map(Some).map_err(|_| malformed())
            }
        };
        let range = match s.split_once("..") {
            Some((a, b)) => PliesRange {
                min: end(a)?,
                max: end(b)?,
            },
            None => {
                let n = end(s)?.ok_or_else(malformed)?;
                PliesRange {
                    min: Some(n),
                    max: Some(n),
                }
            }
        };
        if let (Some(a), Some(b)) = (range.min, range.max) {
            if a > b {
                return Err(FilterError::Reversed {
                    what: "plies range",
                    given: s.to_owned(),
                });
            }
        }
        Ok(range)
    }
}

impl fmt::Display for PliesRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (a, b) => write!(
                f,
                "{}..{}",
                a.map(|n| n.to_string()).unwrap_or_default(),
                b.map(|n| n.to_string()).unwrap_or_default()
            ),
        }
    }
}

/// Which rules the Renju-board games a filter selects were replayed by. Every command that
/// selects games from the command line starts from [`RulesetChoice::Renju`] (the one
/// default: a free-style game is not a Renju game), saying on standard error how many
/// free-style games it left out; `audit` and `export`, which cover every record, start from
/// [`RulesetChoice::All`], as does a filter built in code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RulesetChoice {
    /// Renju-board games replayed by the Renju rules; the other kinds as they are.
    Renju,
    /// Free-style gomoku games only.
    Freestyle,
    /// Both rulesets, and the other kinds.
    #[default]
    All,
}

impl RulesetChoice {
    pub const NAMES: [&'static str; 3] = ["renju", "freestyle", "all"];

    pub fn name(self) -> &'static str {
        match self {
            RulesetChoice::Renju => "renju",
            RulesetChoice::Freestyle => "freestyle",
            RulesetChoice::All => "all",
        }
    }

    pub fn from_name(name: &str) -> Option<RulesetChoice> {
        match name {
            "all" => Some(RulesetChoice::All),
            other => Ruleset::from_name(other).map(RulesetChoice::only),
        }
    }

    /// The choice of one ruleset.
    pub fn only(rules: Ruleset) -> RulesetChoice {
        match rules {
            Ruleset::Renju => RulesetChoice::Renju,
            Ruleset::Freestyle => RulesetChoice::Freestyle,
        }
    }

    /// Whether a game replayed by `rules` (`None`: not a Renju-board game) is chosen.
    pub fn admits(self, rules: Option<Ruleset>) -> bool {
        match self {
            RulesetChoice::Renju => rules != Some(Ruleset::Freestyle),
            RulesetChoice::Freestyle => rules == Some(Ruleset::Freestyle),
            RulesetChoice::All => true,
        }
    }
}

impl fmt::Display for RulesetChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which games (and quarantined records) a command covers. The default covers every game
/// but the linked copies (`duplicate_of` set: the same game stored again under a board
/// symmetry).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// One game kind.
    pub game: Option<GameKind>,
    /// One game, by id.
    pub id: Option<i64>,
    /// A player (name pattern) in any seat, or in `side`.
    pub player: Option<String>,
    /// The side `player` played.
    pub side: Option<Side>,
    /// A player (name pattern) in another seat than `player`'s.
    pub opponent: Option<String>,
    /// An event (name pattern).
    pub event: Option<String>,
    /// The game's (possibly partial) date lies wholly within this range.
    pub date: DateRange,
    /// The round, compared folded.
    pub round: Option<String>,
    /// The result that counts ([`kifu_facts::counted_result`]); `Unknown`: none counts.
    pub result: Option<ResultName>,
    /// The recorded result; `Unknown`: nothing (or no result) recorded.
    pub recorded: Option<ResultName>,
    /// Only games whose recorded result is not the one that counts (the board decided the
    /// game otherwise).
    pub result_differs: bool,
    /// The Renju opening rule, compared loosely ([`crate::functions::rule_key`]).
    pub rule: Option<String>,
    /// The rules a Renju-board game was replayed by (renju or free-style gomoku); only
    /// Renju-board games have them.
    pub ruleset: RulesetChoice,
    /// Any of these openings.
    pub openings: Vec<OpeningSelector>,
    /// Games with a finding of any of these codes.
    pub codes: Vec<String>,
    /// Games with a finding of this severity or worse (with `codes`: that finding).
    pub severity: Option<Severity>,
    pub plies: PliesRange,
    pub status: Option<Status>,
    /// Linked copies too.
    pub with_duplicates: bool,
}

impl GameFilter {
    /// Every game of one kind.
    pub fn game(kind: GameKind) -> GameFilter {
        GameFilter {
            game: Some(kind),
            ..GameFilter::default()
        }
    }

    /// Every record: linked copies and quarantined records included (what an export of
    /// the whole database writes).
    pub fn everything() -> GameFilter {
        GameFilter {
            with_duplicates: true,
            ..GameFilter::default()
        }
    }

    /// Whether any condition looks at a game's header, result, moves or linking: then a
    /// quarantined record, which has none of those, cannot match.
    fn has_game_conditions(&self) -> bool {
        let GameFilter {
            game,
            id,
            player,
            side,
            opponent,
            event,
            date,
            round,
            result,
            recorded,
            result_differs,
            rule,
            ruleset,
            openings,
            codes: _,
            severity: _,
            plies,
            status: _,
            with_duplicates: _,
        } = self;
        game.is_some()
            || id.is_some()
            || player.is_some()
            || side.is_some()
            || opponent.is_some()
            || event.is_some()
            || !date.is_open()
            || round.is_some()
            || result.is_some()
            || recorded.is_some()
            || *result_differs
            || rule.is_some()
            // The Renju default leaves out free-style games, not unreadable records.
            || *ruleset == RulesetChoice::Freestyle
            || !openings.is_empty()
            || !plies.is_open()
    }

    /// Whether quarantined records (and their findings) are covered.
    pub fn admits_quarantined(&self) -> bool {
        !self.has_game_conditions() && matches!(self.status, None | Some(Status::Quarantined))
    }

    /// Whether games of `kind` can match (a command skips the kinds that cannot).
    /// Whether the filter names nothing but a kind and an event (what a curation's games
    /// without moves can be selected by).
    pub fn names_only_kind_and_event(&self) -> bool {
        // The ruleset only concerns Renju-board records, and copies do not arise.
        let bare = GameFilter {
            game: self.game,
            event: self.event.clone(),
            ruleset: self.ruleset,
            with_duplicates: self.with_duplicates,
            ..GameFilter::default()
        };
        *self == bare
    }

    pub fn admits_kind(&self, kind: GameKind) -> bool {
        self.game.is_none_or(|g| g == kind)
            && (self.ruleset != RulesetChoice::Freestyle || kind == GameKind::Renju)
            && self.status != Some(Status::Quarantined)
            && (self.openings.is_empty() || self.openings.iter().any(|o| o.applies_to(kind)))
    }

    /// Checks what the values say together: `--side` needs a player, an opening must mean
    /// something for the kind selected, ranges must not be reversed.
    pub fn validate(&self) -> Result<(), FilterError> {
        if self.side.is_some() && self.player.is_none() {
            return Err(FilterError::Needs {
                flag: "--side",
                needs: "--player (the side is the one that player played)",
            });
        }
        if let Some(kind) = self.game {
            if let Some(o) = self.openings.iter().find(|o| !o.applies_to(kind)) {
                return Err(FilterError::NotForKind {
                    what: "opening",
                    given: o.text.clone(),
                    kind,
                });
            }
        }
        for (what, pattern) in [
            ("player", &self.player),
            ("opponent", &self.opponent),
            ("event", &self.event),
            ("round", &self.round),
            ("rule", &self.rule),
        ] {
            if pattern.as_deref().is_some_and(|p| p.trim().is_empty()) {
                return Err(FilterError::Malformed {
                    what,
                    given: String::new(),
                    expected: "a name (`*` for any run of characters)",
                });
            }
        }
        self.date.check()
    }

    /// The conditions in words (`game renju`, `player 胡榮華`, …), for a report's subtitle;
    /// `kinds`: the kinds of game the selection holds. The rules are named only where it
    /// holds Renju-board games, the one kind they choose among.
    pub fn describe(&self, kinds: &[GameKind]) -> Vec<String> {
        let mut out = Vec::new();
        let mut put = |what: &str, value: String| out.push(format!("{what} {value}"));
        if let Some(g) = self.game {
            put("game", g.to_string());
        }
        if let Some(id) = self.id {
            put("game id", id.to_string());
        }
        if let Some(p) = &self.player {
            match self.side {
                Some(s) => put("player", format!("{p} ({})", s.name())),
                None => put("player", p.clone()),
            }
        }
        if let Some(p) = &self.opponent {
            put("opponent", p.clone());
        }
        if let Some(e) = &self.event {
            put("event", e.clone());
        }
        if !self.date.is_open() {
            put("date", self.date.to_string());
        }
        if let Some(r) = &self.round {
            put("round", r.clone());
        }
        if let Some(r) = self.result {
            put("result", r.to_string());
        }
        if let Some(r) = self.recorded {
            put("recorded result", r.to_string());
        }
        if self.result_differs {
            out.push("recorded result differs from the board".into());
        }
        let mut put = |what: &str, value: String| out.push(format!("{what} {value}"));
        if let Some(r) = &self.rule {
            put("rule", r.clone());
        }
        let renju_held =
            kinds.contains(&GameKind::Renju) && self.game.is_none_or(|g| g == GameKind::Renju);
        if self.ruleset != RulesetChoice::All && renju_held {
            put("rules", self.ruleset.to_string());
        }
        if !self.openings.is_empty() {
            let list: Vec<&str> = self.openings.iter().map(|o| o.text.as_str()).collect();
            put("opening", list.join(", "));
        }
        if !self.codes.is_empty() {
            put("finding", self.codes.join(", "));
        }
        if let Some(s) = self.severity {
            put("severity", format!("{s} or worse"));
        }
        if !self.plies.is_open() {
            put("plies", self.plies.to_string());
        }
        if let Some(s) = self.status {
            put("status", s.name().to_owned());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_and_unknown_ones_list_the_valid_closest_first() {
        assert_eq!("renju".parse(), Ok(GameSelector::Kind(GameKind::Renju)));
        assert_eq!("42".parse(), Ok(GameSelector::Id(42)));
        let e = "renjuu".parse::<GameSelector>().unwrap_err().to_string();
        assert!(
            e.starts_with("unknown game `renjuu`; valid, closest first: renju, "),
            "{e}"
        );
        assert!(e.ends_with(", a game id (a number)"), "{e}");
        assert_eq!("P3".parse(), Ok(Side::seat(3).unwrap()));
        assert_eq!("Red".parse(), Ok(Side::RED));
        assert!("draw".parse::<Side>().is_err() && "P5".parse::<Side>().is_err());
        let e = "whte".parse::<Side>().unwrap_err().to_string();
        assert!(e.contains("`whte`; valid, closest first: white, "), "{e}");
        // Every side is offered, and neither a draw nor `unknown` is a side.
        let Err(FilterError::Unknown { mut valid, .. }) = "whte".parse::<Side>() else {
            panic!("not an unknown side");
        };
        valid.sort();
        assert_eq!(valid, ["P1", "P2", "P3", "P4", "black", "red", "white"]);
        let Err(FilterError::Unknown { valid, .. }) = parse_result("1-0") else {
            panic!("not an unknown result");
        };
        assert_eq!(valid.len(), 9);
        assert_eq!(parse_result("p2"), Ok(ResultName::Seat(2)));
        assert_eq!(parse_result("none"), Ok(ResultName::Unknown));
        assert!(parse_result("1-0").is_err());
        assert_eq!("findings".parse(), Ok(Status::WithFindings));
        assert_eq!(
            "40..".parse(),
            Ok(PliesRange {
                min: Some(40),
                max: None
            })
        );
        assert!("80..40".parse::<PliesRange>().is_err());
        assert!("many".parse::<PliesRange>().is_err());
    }

    #[test]
    fn cross_checks_and_what_quarantined_records_match() {
        let side_alone = GameFilter {
            side: Some(Side::RED),
            ..GameFilter::default()
        };
        assert!(side_alone
            .validate()
            .unwrap_err()
            .to_string()
            .contains("--side needs --player"));
        let c20_in_renju = GameFilter {
            openings: vec!["C20".parse().unwrap()],
            ..GameFilter::game(GameKind::Renju)
        };
        let e = c20_in_renju.validate().unwrap_err().to_string();
        assert!(e.contains("`C20` means nothing for renju games"), "{e}");
        assert!(GameFilter::default().admits_quarantined());
        let codes_only = GameFilter {
            codes: vec!["unreadable-record".into()],
            ..GameFilter::default()
        };
        assert!(codes_only.admits_quarantined());
        assert!(!GameFilter::game(GameKind::Renju).admits_quarantined());
        let valid = GameFilter {
            status: Some(Status::Valid),
            ..GameFilter::default()
        };
        assert!(!valid.admits_quarantined());
        assert_eq!(
            GameFilter {
                player: Some("胡榮華".into()),
                side: Some(Side::RED),
                ..GameFilter::game(GameKind::Xiangqi)
            }
            .describe(&[GameKind::Xiangqi]),
            ["game xiangqi", "player 胡榮華 (red)"]
        );
        // The rules are named where the selection holds Renju-board games, and only there.
        let renju_rules = GameFilter {
            ruleset: RulesetChoice::Renju,
            ..GameFilter::default()
        };
        assert_eq!(
            renju_rules.describe(&[GameKind::Xiangqi]),
            Vec::<String>::new()
        );
        assert_eq!(
            renju_rules.describe(&[GameKind::Renju, GameKind::Xiangqi]),
            ["rules renju"]
        );
        assert_eq!(
            GameFilter {
                ruleset: RulesetChoice::Renju,
                ..GameFilter::game(GameKind::Xiangqi)
            }
            .describe(&GameKind::ALL),
            ["game xiangqi"]
        );
    }
}
