//! What each API endpoint answers: the command of the same question, its query's pairs
//! parsed by that command's own flags (`player=X` is `--player X`), so the API and the
//! CLI share one vocabulary, one set of defaults and one set of errors; and its answer the
//! command's own JSON. The flags that say where output goes (`--db`, `--format`, `--out`)
//! are the server's; the lists are paged.

use clap::builder::ValueRange;
use clap::{ArgAction, Args, CommandFactory, FromArgMatches, Parser};
use kifu_serve::{Edition, Endpoint, Params, Refusal};
use kifu_store::Store;
use serde_json::Value;

use super::super::{
    event, explore, games, names, player, position, ratings, show_json, standings, stats,
};

/// The most lines one answer lists (`limit`, `top`); a longer list is asked for in pages.
pub(crate) const MAX_PAGE: u64 = 1000;
/// The lines a list gives when `limit` is not said.
pub(crate) const DEFAULT_PAGE: u64 = 100;
/// The deepest explorer tree one answer gives (each level multiplies the rows).
pub(crate) const MAX_EXPLORE_DEPTH: u64 = 4;

/// The answers of `kifu serve`: the commands', as the edition shows them.
pub(super) struct CliAnswers {
    pub(super) edition: Edition,
}

/// What only the audit edition asks and shows: the findings and where records came from
/// (as the site's public edition leaves them out).
const AUDIT_PARAMETERS: [&str; 3] = ["code", "severity", "status"];
/// The fields the public edition leaves out wherever they are in an answer: where a record
/// is (its file, line, column, byte), its findings and the auditors' decisions.
const AUDIT_FIELDS: [&str; 6] = [
    "source",
    "line",
    "column",
    "offset",
    "findings",
    "decisions",
];

impl kifu_serve::Answers for CliAnswers {
    fn answer(
        &self,
        store: &Store,
        endpoint: &Endpoint,
        params: &Params,
    ) -> Result<Value, Refusal> {
        if self.edition.is_public() {
            if let Some((name, _)) = params
                .pairs()
                .iter()
                .find(|(n, _)| AUDIT_PARAMETERS.contains(&n.as_str()))
            {
                return Err(Refusal::BadRequest(format!(
                    "`{name}` asks for the findings: only the audit edition (kifu serve \
                     --edition audit) answers it"
                )));
            }
        }
        let mut answer = self.command_answer(store, endpoint, params)?;
        if self.edition.is_public() {
            public_view(&mut answer);
        }
        Ok(answer)
    }
}

/// The answer as the public edition shows it: no [`AUDIT_FIELDS`] anywhere, no findings
/// table.
fn public_view(answer: &mut Value) {
    if let Some(tables) = answer.as_object_mut() {
        tables.retain(|name, _| !name.starts_with("findings_"));
    }
    leave_out_audit_fields(answer);
}

fn leave_out_audit_fields(value: &mut Value) {
    match value {
        Value::Object(fields) => {
            for field in AUDIT_FIELDS {
                fields.remove(field);
            }
            fields.values_mut().for_each(leave_out_audit_fields);
        }
        Value::Array(items) => items.iter_mut().for_each(leave_out_audit_fields),
        _ => {}
    }
}

impl CliAnswers {
    fn command_answer(
        &self,
        store: &Store,
        endpoint: &Endpoint,
        params: &Params,
    ) -> Result<Value, Refusal> {
        match endpoint {
            Endpoint::Games => {
                let asked = Question::new("games", params)
                    .owns(&["db", "format"], &["--format=json"])
                    .paged("limit")?
                    .parse::<games::GamesArgs>()?;
                games::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Players => {
                let asked = Question::new("players", params)
                    .owns(&["db", "format", "suggest-aliases"], &["--format=json"])
                    .paged("limit")?
                    .parse::<names::PlayersArgs>()?;
                names::players_answer(&asked, store).map_err(refusal)
            }
            Endpoint::Player(name) => {
                let asked = Question::new("player", params)
                    .owns(&["db", "json"], &["--json"])
                    .paged("limit")?
                    .naming(name)
                    .parse::<player::PlayerArgs>()?;
                player::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Event(name) => {
                let asked = Question::new("event", params)
                    .owns(&["db", "json"], &["--json"])
                    .naming(name)
                    .parse::<event::EventArgs>()?;
                event::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Events => {
                let asked = Question::new("events", params)
                    .owns(&["db", "format"], &["--format=json"])
                    .paged("limit")?
                    .parse::<names::EventsArgs>()?;
                names::events_answer(&asked, store).map_err(refusal)
            }
            Endpoint::Position => {
                let asked = Question::new("position", params)
                    .owns(&["db", "json"], &["--json"])
                    .bounded("limit")?
                    .parse::<position::PositionArgs>()?;
                position::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Explore => {
                let asked = Question::new("explore", params)
                    .owns(&["db", "json", "format", "out"], &["--json"])
                    .at_most("depth", MAX_EXPLORE_DEPTH)?
                    .parse::<explore::ExploreArgs>()?;
                explore::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Stats => {
                let asked = Question::new("stats", params)
                    .owns(&["db", "format", "out"], &["--format=json"])
                    .parse::<stats::StatsArgs>()?;
                stats::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Standings => {
                let asked = Question::new("standings", params)
                    .owns(&["db", "json", "csv"], &["--json"])
                    .parse::<standings::StandingsArgs>()?;
                standings::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Ratings => {
                let asked = Question::new("ratings", params)
                    .owns(&["db", "format", "rated-games"], &["--format=json"])
                    .paged("top")?
                    .parse::<ratings::RatingsArgs>()?;
                ratings::answer(&asked, store).map_err(refusal)
            }
            Endpoint::Game(id) => {
                if !params.is_empty() {
                    return Err(Refusal::BadRequest(
                        "/api/games/ID takes no parameter: the answer is the whole game".into(),
                    ));
                }
                let Ok(id) = id.parse::<i64>() else {
                    return Err(Refusal::BadRequest(format!(
                        "{id:?} is no game id: /api/games/ID takes the id `kifu games` lists"
                    )));
                };
                show_json::game_json(store, id).map_err(refusal)
            }
        }
    }
}

/// A command's flags under the name the CLI gives them (`kifu games`), for their parser.
#[derive(Parser)]
#[command(name = "kifu")]
struct Asked<T: Args> {
    #[command(flatten)]
    args: T,
}

/// One endpoint's query on its way to the command's parser.
struct Question<'a> {
    command: &'static str,
    params: &'a Params,
    owned: &'static [&'static str],
    fixed: Vec<String>,
    /// The command's one positional value (the name of `/api/players/NAME`).
    named: Option<String>,
}

impl<'a> Question<'a> {
    fn new(command: &'static str, params: &'a Params) -> Question<'a> {
        Question {
            command,
            params,
            owned: &[],
            fixed: Vec::new(),
            named: None,
        }
    }

    /// The flags the server sets (`fixed`): `owned` may not be asked.
    fn owns(mut self, owned: &'static [&'static str], fixed: &[&str]) -> Question<'a> {
        self.owned = owned;
        self.fixed = fixed.iter().map(|f| f.to_string()).collect();
        self
    }

    /// The command's positional value: what the path names, taken as it is (after `--`,
    /// so a name that starts with `-` is no flag).
    fn naming(mut self, name: &str) -> Question<'a> {
        self.named = Some(name.to_owned());
        self
    }

    /// A list: `flag` (its length) is at most [`MAX_PAGE`], [`DEFAULT_PAGE`] unless said.
    fn paged(mut self, flag: &str) -> Result<Question<'a>, Refusal> {
        if self.params.get(flag).is_none() {
            self.fixed.push(format!("--{flag}={DEFAULT_PAGE}"));
        }
        self.bounded(flag)
    }

    /// `flag`, if said as a number, is at most [`MAX_PAGE`] (0, "all", is refused too).
    fn bounded(self, flag: &str) -> Result<Question<'a>, Refusal> {
        if let Some(n) = self.params.get(flag).and_then(|v| v.parse::<u64>().ok()) {
            if n == 0 || n > MAX_PAGE {
                return Err(Refusal::BadRequest(format!(
                    "{flag}={n}: an answer lists 1 to {MAX_PAGE} lines; ask for more in pages"
                )));
            }
        }
        Ok(self)
    }

    /// `flag`, if said as a number, is at most `most`.
    fn at_most(self, flag: &str, most: u64) -> Result<Question<'a>, Refusal> {
        if let Some(n) = self.params.get(flag).and_then(|v| v.parse::<u64>().ok()) {
            if n > most {
                return Err(Refusal::BadRequest(format!(
                    "{flag}={n}: an answer goes at most {most} deep"
                )));
            }
        }
        Ok(self)
    }

    /// The query as the command's flags, parsed by the command's parser.
    fn parse<T: Args>(self) -> Result<T, Refusal> {
        let mut command = <Asked<T> as CommandFactory>::command()
            .bin_name(format!("kifu {}", self.command))
            .name(self.command);
        let mut argv = vec![format!("kifu {}", self.command)];
        argv.extend(["--db".to_owned(), "(served)".to_owned()]);
        argv.extend(self.fixed.iter().cloned());
        for (name, value) in self.params.pairs() {
            if self.owned.contains(&name.as_str()) {
                return Err(Refusal::BadRequest(format!(
                    "`{name}` is no parameter of /api/{}: the server sets it (answers are JSON, \
                     read from the database it serves)",
                    self.command
                )));
            }
            let arg = command
                .get_arguments()
                .find(|a| a.get_long() == Some(name.as_str()));
            match arg {
                Some(a) if matches!(a.get_action(), ArgAction::SetTrue) => match value.as_str() {
                    "" | "true" => argv.push(format!("--{name}")),
                    "false" => {}
                    _ => {
                        return Err(Refusal::BadRequest(format!(
                            "`{name}` is a switch: give it alone, or as {name}=true or \
                                 {name}=false, not {name}={value}"
                        )))
                    }
                },
                Some(a) if a.get_num_args().is_some_and(takes_several) => {
                    // `compare=1990s,2000s` is `--compare 1990s 2000s`.
                    argv.push(format!("--{name}"));
                    argv.extend(value.split(',').map(str::to_owned));
                }
                // An unknown name too: the command's parser says so, as the CLI does.
                _ => argv.push(format!("--{name}={value}")),
            }
        }
        if let Some(name) = self.named {
            argv.extend(["--".to_owned(), name]);
        }
        let matches = command
            .try_get_matches_from_mut(argv)
            .map_err(|e| Refusal::BadRequest(clap_message(&e)))?;
        let asked = <Asked<T> as FromArgMatches>::from_arg_matches(&matches)
            .map_err(|e| Refusal::BadRequest(clap_message(&e)))?;
        Ok(asked.args)
    }
}

fn takes_several(range: ValueRange) -> bool {
    range.min_values() > 1
}

/// The parser's message as the CLI prints it, without the usage that follows (`error: …`
/// and any tip).
pub(crate) fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let text = text.split("\n\nUsage:").next().unwrap_or(&text);
    let text = text
        .split("\n\nFor more information")
        .next()
        .unwrap_or(text);
    let text = text.trim_end();
    text.strip_prefix("error: ").unwrap_or(text).to_owned()
}

/// A command's error as a refusal: what the question got wrong is `400` with the message
/// the CLI gives; a game, player or event that is not there `404`; the database failing `500`.
fn refusal(e: anyhow::Error) -> Refusal {
    let message = crate::failure::message(&e);
    for cause in e.chain() {
        if let Some(store) = cause.downcast_ref::<kifu_store::Error>() {
            return match store {
                kifu_store::Error::Filter(_) => Refusal::BadRequest(message),
                kifu_store::Error::NotFound(
                    kifu_store::Missing::Game(_) | kifu_store::Missing::Name(_),
                ) => Refusal::NotFound(message),
                _ => Refusal::Failed(message),
            };
        }
    }
    Refusal::BadRequest(message)
}
