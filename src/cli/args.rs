//! The flags several commands share: the database, the one game filter (turned once into
//! a [`GameFilter`]) and the listings' format. Each command's own flags are in its module.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use kifu_facts::{ResultName, Severity};
use kifu_rules::xiangqi;
use kifu_store::filter::{
    parse_result, DateRange, FilterError, GameSelector, OpeningSelector, PartialDate, PliesRange,
    Side, Status,
};
use kifu_store::{GameFilter, RulesetChoice, DEFAULT_DB};

use crate::choice::unknown_name;

#[derive(Args)]
pub(super) struct DbArg {
    /// The database file (created by `ingest` if missing).
    #[arg(long, default_value = DEFAULT_DB)]
    pub(super) db: PathBuf,
}

/// Which games a command covers: the one filter of `games`, `players`, `events`, `audit`,
/// `stats`, `report`, `standings` and `export`, turned once into a [`GameFilter`].
#[derive(Args, Clone)]
pub(super) struct FilterArgs {
    /// A game kind (renju, xiangqi, territorial, chouchou), or one game by its id.
    #[arg(long, value_name = "KIND|ID", help_heading = "Filter")]
    game: Option<GameSelector>,
    /// A player in any seat: the whole name, `*` for any run of characters (full- and
    /// half-width forms, ASCII case, and Traditional and Simplified Chinese are alike).
    #[arg(long, value_name = "NAME", help_heading = "Filter")]
    player: Option<String>,
    /// The side --player played: black, white, red or P1…P4.
    #[arg(long, value_name = "SIDE", help_heading = "Filter")]
    side: Option<Side>,
    /// A player in another seat than --player (or, alone, in any seat).
    #[arg(long, value_name = "NAME", help_heading = "Filter")]
    opponent: Option<String>,
    /// The event: the whole name, `*` for any run of characters (folded as --player).
    #[arg(long, value_name = "NAME", help_heading = "Filter")]
    event: Option<String>,
    /// Played on DATE (1985, 1985-06 or 1985-06-03: a game's partial date must lie
    /// wholly within) or within FROM..TO (either end may be left out).
    #[arg(long, value_name = "DATE|FROM..TO", help_heading = "Filter")]
    date: Option<DateRange>,
    /// Played on or after DATE.
    #[arg(long, value_name = "DATE", help_heading = "Filter")]
    from: Option<PartialDate>,
    /// Played on or before DATE.
    #[arg(long, value_name = "DATE", help_heading = "Filter")]
    to: Option<PartialDate>,
    /// The round, as recorded (full- and half-width forms, ASCII case, and Traditional and
    /// Simplified Chinese are alike).
    #[arg(long, help_heading = "Filter")]
    round: Option<String>,
    /// The result that counts: black, white, red, draw, P1…P4, or unknown (none counts).
    #[arg(long, value_parser = parse_result, value_name = "RESULT", help_heading = "Filter")]
    result: Option<ResultName>,
    /// The recorded result (unknown: nothing, or no result, recorded).
    #[arg(long, value_parser = parse_result, value_name = "RESULT", help_heading = "Filter")]
    recorded: Option<ResultName>,
    /// Only games whose recorded result is not the one that counts (the board decided).
    #[arg(long, help_heading = "Filter")]
    result_differs: bool,
    /// The Renju opening rule (rif, yamaguchi, soosorv, soosorv-8, taraguchi, …).
    #[arg(long, value_name = "RULE", help_heading = "Filter")]
    rule: Option<String>,
    /// The rules a Renju-board game was replayed by: renju (the default: free-style games
    /// are left out, and how many is said), freestyle (free-style gomoku only) or all
    /// (both; audit and export cover all by default).
    #[arg(long, value_name = "RULES", value_parser = parse_ruleset_choice, help_heading = "Filter")]
    ruleset: Option<RulesetChoice>,
    /// An opening: Renju D1–D13/I1–I13, ECCO A00–E99, a range (C20-C29) or a prefix (C2);
    /// repeat for any of several.
    #[arg(long, value_name = "CODE", help_heading = "Filter")]
    opening: Vec<OpeningSelector>,
    /// Games with a finding of this code; repeat for any of several.
    #[arg(long, value_name = "CODE", help_heading = "Filter")]
    code: Vec<String>,
    /// Games with a finding of this severity or worse (with --code: that finding); where
    /// findings are listed, only those.
    #[arg(long, value_parser = severity_parser(), help_heading = "Filter")]
    severity: Option<Severity>,
    /// The number of plies: N, MIN..MAX, MIN.. or ..MAX.
    #[arg(long, value_name = "N|MIN..MAX", help_heading = "Filter")]
    plies: Option<PliesRange>,
    /// valid (no warning or error), findings (a warning or error) or quarantined.
    #[arg(long, value_name = "STATUS", help_heading = "Filter")]
    status: Option<Status>,
    /// Linked copies (the same game under a board symmetry): include or exclude
    /// (default: exclude, but include for audit and export).
    #[arg(long, value_parser = ["include", "exclude"], help_heading = "Filter")]
    duplicates: Option<String>,
    /// The same as --duplicates include.
    #[arg(long, conflicts_with = "duplicates", help_heading = "Filter")]
    with_duplicates: bool,
}

impl FilterArgs {
    /// The typed filter; linked copies are included when the flags say so, else when
    /// `copies_by_default` (audit and export list every record).
    pub(super) fn filter(&self, copies_by_default: bool) -> Result<GameFilter, FilterError> {
        let (game, id) = match self.game {
            Some(GameSelector::Kind(k)) => (Some(k), None),
            Some(GameSelector::Id(id)) => (None, Some(id)),
            None => (None, None),
        };
        let with_duplicates = match (self.duplicates.as_deref(), self.with_duplicates) {
            (Some("include"), _) | (_, true) => true,
            (Some(_), _) => false,
            (None, false) => copies_by_default,
        };
        let filter = GameFilter {
            game,
            id,
            player: self.player.clone(),
            side: self.side,
            opponent: self.opponent.clone(),
            event: self.event.clone(),
            date: self.date.unwrap_or_default().with_ends(self.from, self.to),
            round: self.round.clone(),
            result: self.result,
            recorded: self.recorded,
            result_differs: self.result_differs,
            rule: self.rule.clone(),
            // One default for every command that selects games, but those that cover
            // every record (audit, export): a free-style game is not a Renju game.
            ruleset: self.ruleset.unwrap_or(if copies_by_default {
                RulesetChoice::All
            } else {
                RulesetChoice::Renju
            }),
            openings: self.opening.clone(),
            codes: self.code.clone(),
            severity: self.severity,
            plies: self.plies.unwrap_or_default(),
            status: self.status,
            with_duplicates,
        };
        filter.validate()?;
        unassigned_ecco(&filter)?;
        Ok(filter)
    }
}

/// An exact ECCO code that ECCO 2004 leaves empty (`空`, 240 of the 500 slots) names no
/// opening kifu's classifier gives: an error listing the assigned codes, closest first.
/// The store checks only the form of a code; the table of assigned ones is the rules'.
fn unassigned_ecco(filter: &GameFilter) -> Result<(), FilterError> {
    use kifu_facts::GameKind;
    if filter.game.is_some_and(|k| k != GameKind::Xiangqi) {
        return Ok(());
    }
    for o in &filter.openings {
        let Some((from, to)) = &o.ecco else { continue };
        // `D10` is also Renju's D10 unless the filter is for Xiangqi games only.
        let renju_too = o.renju.is_some() && filter.game.is_none();
        if from != to || renju_too {
            continue;
        }
        let assigned = from
            .parse::<xiangqi::ecco::Code>()
            .ok()
            .and_then(xiangqi::ecco::name)
            .is_some();
        if !assigned {
            let codes: Vec<String> = xiangqi::ecco::definitions()
                .iter()
                .map(|d| d.code.to_string())
                .collect();
            return Err(FilterError::unknown(
                "ECCO opening",
                from,
                codes.iter().map(String::as_str),
            ));
        }
    }
    Ok(())
}

/// `--format` of the listings: an aligned table, JSON lines or CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ListFormat {
    Table,
    Json,
    Csv,
}

pub(super) fn parse_list_format(s: &str) -> Result<ListFormat, String> {
    match s {
        "table" => Ok(ListFormat::Table),
        "json" => Ok(ListFormat::Json),
        "csv" => Ok(ListFormat::Csv),
        _ => Err(unknown_name("format", s, ["table", "json", "csv"])),
    }
}

/// `--severity`: one of [`Severity`]'s names, listed in the help.
fn severity_parser() -> impl TypedValueParser<Value = Severity> {
    PossibleValuesParser::new(Severity::ALL.map(Severity::name))
        .map(|name| Severity::from_name(&name).expect("a listed severity name"))
}

fn parse_ruleset_choice(s: &str) -> Result<RulesetChoice, String> {
    RulesetChoice::from_name(s).ok_or_else(|| unknown_name("rules", s, RulesetChoice::NAMES))
}
