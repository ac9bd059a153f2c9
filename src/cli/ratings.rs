//! `kifu ratings`: the players of one game rated by Whole-History Rating or Elo, as a list
//! (rank, player, rating, ±, games, last game) or one player's history, in text, JSON or CSV.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_analysis::ratings::{
    rate_from, rated_games, read_current, stored_filter, stored_lists, RatingTerms, Ratings,
    StartingPoint,
};
use kifu_analysis::DrawModel;
use kifu_facts::GameKind;
use kifu_facts::{RatingSystem, UndatedResults};
use kifu_store::filter::PartialDate;
use kifu_store::generation::{Derived, Freshness, Generation};

use super::args::{DbArg, FilterArgs};
use super::table::{capped, render, right};
use super::text::csv_line;
use crate::choice::unknown_name;
use crate::stdout;

/// `kifu ratings`'s flags: the games, the rating system and its terms, and the output.
#[derive(Args)]
pub(super) struct RatingsArgs {
    #[command(flatten)]
    db: DbArg,
    /// The games rated (--player instead names the player whose line to show).
    #[command(flatten)]
    filter: FilterArgs,
    /// whr (Whole-History Rating: each player's rating over time) or elo.
    #[arg(long, default_value = "whr", value_parser = parse_rating_system)]
    system: RatingSystem,
    /// Ratings as of this date: only the games played by then (YYYY, YYYY-MM, YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    as_of: Option<String>,
    /// With --player: the player's rating in each rating period.
    #[arg(long)]
    history: bool,
    // The terms of one system are refused with the other, so they are options: given or
    // not, their defaults are the rating crate's.
    /// WHR: the variance of a rating's drift, in Elo² per day (default 14, Coulom's).
    #[arg(long)]
    w2: Option<f64>,
    /// WHR: the prior's virtual wins and losses (as many of each) against a 1500 player
    /// on the player's first day (default 1).
    #[arg(long)]
    prior_games: Option<f64>,
    /// Elo: the K factor (the most a game moves a rating, times two; default 20).
    #[arg(long)]
    k: Option<f64>,
    /// WHR: how a draw counts: half (half a win, the default) or davidson (an outcome of
    /// its own, with a draw parameter ν fitted beside the ratings and reported).
    #[arg(long, value_name = "MODEL", value_parser = parse_draws)]
    draws: Option<DrawModel>,
    /// Results without a date when others have one: leave-out (counted on standard error)
    /// or own-period (rated as one period of their own, the day before the first dated day).
    #[arg(long, default_value = "leave-out", value_parser = parse_undated)]
    undated: UndatedResults,
    /// Only the first N lines of the list (0: all).
    #[arg(long, default_value_t = 0)]
    top: usize,
    /// Also write the games rated, in the order rated, as CSV (first, second, score,
    /// date, day), to check the ratings with another program.
    #[arg(long, value_name = "FILE")]
    rated_games: Option<PathBuf>,
    /// table, json or csv.
    #[arg(long, default_value = "table", value_parser = parse_text_format)]
    format: TextFormat,
}

/// A listing's output: aligned text, JSON or CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TextFormat {
    Table,
    Json,
    Csv,
}

fn parse_text_format(s: &str) -> Result<TextFormat, String> {
    match s {
        "table" => Ok(TextFormat::Table),
        "json" => Ok(TextFormat::Json),
        "csv" => Ok(TextFormat::Csv),
        _ => Err(unknown_name("format", s, ["table", "json", "csv"])),
    }
}

fn parse_rating_system(s: &str) -> Result<RatingSystem, String> {
    RatingSystem::from_name(s).ok_or_else(|| {
        unknown_name(
            "rating system",
            s,
            RatingSystem::ALL.map(RatingSystem::name),
        )
    })
}

fn parse_draws(s: &str) -> Result<DrawModel, String> {
    DrawModel::from_name(s).ok_or_else(|| unknown_name("draws", s, DrawModel::NAMES))
}

fn parse_undated(s: &str) -> Result<UndatedResults, String> {
    UndatedResults::from_name(s).ok_or_else(|| {
        unknown_name(
            "choice for undated results",
            s,
            UndatedResults::ALL.map(UndatedResults::name),
        )
    })
}

impl RatingsArgs {
    /// `--as-of`, read as a partial date.
    fn as_of(&self) -> Result<Option<PartialDate>> {
        Ok(self.as_of.as_deref().map(str::parse).transpose()?)
    }

    /// The system and its terms, each term checked to be a number above 0 and to be one
    /// the system has: checked before anything is read or computed.
    fn terms(&self) -> Result<RatingTerms> {
        self.check_terms_are_the_systems()?;
        let (whr, elo) = (
            kifu_rating::WhrParams::default(),
            kifu_rating::EloParams::default(),
        );
        let terms = RatingTerms {
            system: self.system,
            whr: kifu_rating::WhrParams {
                w2: self.w2.unwrap_or(whr.w2),
                prior_games: self.prior_games.unwrap_or(whr.prior_games),
                draws: self.draws.unwrap_or(whr.draws),
                ..whr
            },
            elo: kifu_rating::EloParams {
                k: self.k.unwrap_or(elo.k),
                ..elo
            },
            undated: self.undated,
        };
        if !(terms.whr.w2 > 0.0 && terms.whr.w2.is_finite()) {
            bail!(
                "--w2 must be a number above 0 (Elo² per day), not {}",
                terms.whr.w2
            );
        }
        if !(terms.whr.prior_games > 0.0 && terms.whr.prior_games.is_finite()) {
            bail!(
                "--prior-games must be a number above 0, not {}",
                terms.whr.prior_games
            );
        }
        if !(terms.elo.k > 0.0 && terms.elo.k.is_finite()) {
            bail!("--k must be a number above 0, not {}", terms.elo.k);
        }
        Ok(terms)
    }

    /// Refuses a term of the system not asked for (it would change nothing): WHR's
    /// `--w2`, `--prior-games` and `--draws davidson` with Elo, Elo's `--k` with WHR.
    /// `--draws half` is what Elo does, so it is not refused.
    fn check_terms_are_the_systems(&self) -> Result<()> {
        let davidson = self.draws == Some(DrawModel::Davidson);
        let whr_terms = [
            ("--w2", self.w2.is_some()),
            ("--prior-games", self.prior_games.is_some()),
            ("--draws davidson", davidson),
        ];
        let elo_terms = [("--k", self.k.is_some())];
        let (given, theirs, why) = match self.system {
            RatingSystem::Elo => (
                whr_terms.as_slice(),
                "Whole-History Rating's (--system whr)",
                if davidson {
                    ": elo counts a draw as half a win and has no draw model"
                } else {
                    ""
                },
            ),
            RatingSystem::Whr => (elo_terms.as_slice(), "Elo's (--system elo)", ""),
        };
        let named: Vec<&str> = given
            .iter()
            .filter(|(_, given)| *given)
            .map(|(flag, _)| *flag)
            .collect();
        if named.is_empty() {
            return Ok(());
        }
        let verb = if named.len() == 1 { "is" } else { "are" };
        bail!("{} {verb} {theirs}{why}", named.join(" and "))
    }
}

pub(super) fn run(args: &RatingsArgs) -> Result<ExitCode> {
    let terms = args.terms()?;
    let (filter, player) = args.question()?;
    let store = super::select::open_for(&args.db.db, &filter, "ratings")?;
    let rated = rate(args, &terms, &store, &filter, Some(&args.db.db))?;
    for note in &rated.notes {
        eprintln!("kifu ratings: {note}");
    }
    if rated.ratings.lines.is_empty() {
        return Ok(ExitCode::from(1));
    }
    let text = shown(args, &rated, player.as_deref(), args.format)?;
    stdout::print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// The API's answer (`/api/ratings`): the object `--format json` prints, with the notes the
/// CLI says on standard error as `notices`. Stale stored lists are computed, not stored: a
/// public request writes nothing.
pub(super) fn answer(args: &RatingsArgs, store: &kifu_store::Store) -> Result<serde_json::Value> {
    if args.rated_games.is_some() || args.format != TextFormat::Json {
        bail!("the API answers ratings as JSON: --rated-games and --format are the CLI's");
    }
    let terms = args.terms()?;
    let (filter, player) = args.question()?;
    let mut notices: Vec<String> = super::select::notices(store, &filter)?
        .into_iter()
        .map(|n| n.text)
        .collect();
    let rated = rate(args, &terms, store, &filter, None)?;
    notices.extend(rated.notes.iter().cloned());
    let mut answer = if rated.ratings.lines.is_empty() {
        serde_json::json!({"lines": []})
    } else {
        serde_json::from_str(&shown(args, &rated, player.as_deref(), TextFormat::Json)?)?
    };
    answer["notices"] = notices.into();
    Ok(answer)
}

/// The ratings computed, and what to say of them.
struct Rated {
    ratings: Ratings,
    kind: GameKind,
    notes: Vec<String>,
}

impl RatingsArgs {
    /// The games rated and the player whose line to show (`--player` names whose line to
    /// show: every player's games are rated).
    fn question(&self) -> Result<(kifu_store::GameFilter, Option<String>)> {
        let mut filter = self.filter.filter(false)?;
        let player = filter.player.take();
        if self.history && player.is_none() {
            bail!("--history shows one player's ratings over time: name them with --player");
        }
        if let Some(date) = self.as_of()? {
            filter.date = filter.date.with_ends(None, Some(date));
        }
        Ok((filter, player))
    }
}

/// Rates the games of `filter`: the stored list when it is this one and current, else
/// computed (and stored when `db` is given and the stored list is this one).
fn rate(
    args: &RatingsArgs,
    terms: &RatingTerms,
    store: &kifu_store::Store,
    filter: &kifu_store::GameFilter,
    db: Option<&Path>,
) -> Result<Rated> {
    let as_of = args.as_of()?;
    let kind = match filter.game {
        Some(kind) => kind,
        None => {
            let kinds = store.kinds()?;
            match kinds.as_slice() {
                [one] => *one,
                [] => bail!("no games in the database"),
                many => bail!(
                    "ratings are of one game's players: give --game ({} are present)",
                    many.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ")
                ),
            }
        }
    };
    // The list kifu stores (the default terms over every game), when this is one: stored
    // by this command when the games have changed since it was computed.
    let of_kind = kifu_analysis::Filter {
        game: Some(kind),
        ..filter.clone()
    };
    let stored_list = as_of.is_none() && terms.are_default() && of_kind == stored_filter(kind);
    let generation = store.generation()?;
    let stale = store.freshness(Derived::Ratings(kind))? == Freshness::Stale;
    let mut games = rated_games(store, kind, filter, terms.undated)?;
    if let Some(date) = as_of {
        games = games.until(date.last_day_number());
    }
    if let Some(path) = &args.rated_games {
        write_rated_games(&games, path)?;
    }
    let current = if stored_list && !stale {
        read_current(store, kind, terms.system, &games)?
    } else {
        None
    };
    let ratings = match current {
        Some(ratings) => ratings,
        None => {
            // The stored fit of nearly the same games is where WHR starts: the same
            // result in fewer passes.
            let start = StartingPoint::stored(store, kind)?;
            let ratings = rate_from(kind, &games, terms, &start);
            if let (true, true, Some(db)) = (stored_list, stale, db) {
                store_lists(db, kind, generation, &games, &start, &ratings)?;
            }
            ratings
        }
    };
    let mut notes = Vec::new();
    for reason in ratings.not_rated.reasons() {
        notes.push(format!("not rated: {reason}"));
    }
    if let Some(note) = ratings.not_rated.undated_note() {
        notes.push(note.to_string());
    }
    if let Some(note) = games.own_period_note() {
        notes.push(note.to_string());
    }
    if ratings.lines.is_empty() {
        notes.push(format!("no {kind} game can be rated under the filter"));
    } else if !ratings.converged {
        notes.push(format!(
            "WHR stopped after {} iterations without meeting its tolerance",
            ratings.iterations
        ));
    }
    if let Some(note) = draw_note(terms, &ratings) {
        notes.push(note);
    }
    Ok(Rated {
        ratings,
        kind,
        notes,
    })
}

/// Davidson's ν said, as `stats --adjusted --draws davidson` says it; `None` when draws
/// count half.
fn draw_note(terms: &RatingTerms, ratings: &Ratings) -> Option<String> {
    if terms.system != RatingSystem::Whr
        || terms.whr.draws != DrawModel::Davidson
        || ratings.lines.is_empty()
    {
        return None;
    }
    Some(match ratings.draw_parameter {
        Some(d) => format!(
            "Davidson's draw parameter ν = {:.3} (95% interval {:.3} to {:.3}, over every \
             rating's uncertainty): between equals a draw has probability ν/(2+ν) = {:.3}",
            d.nu,
            d.low,
            d.high,
            d.nu / (2.0 + d.nu)
        ),
        None => "Davidson's draw parameter not fitted: the rated games have no draw, or only \
                 draws (the model is then Bradley–Terry)"
            .to_owned(),
    })
}

/// The list, or one player's line or history, in `format`.
fn shown(
    args: &RatingsArgs,
    rated: &Rated,
    player: Option<&str>,
    format: TextFormat,
) -> Result<String> {
    let (ratings, kind) = (&rated.ratings, rated.kind);
    Ok(match player {
        Some(name) => {
            let Some(line) = ratings.line(name) else {
                let names = ratings.lines.iter().map(|l| l.player.as_str());
                bail!(
                    "no rated {kind} player is named `{name}`; closest: {}",
                    kifu_facts::closest(name, names, 5).join(", ")
                );
            };
            if args.history {
                history(ratings, &line.player, format)?
            } else {
                list(ratings, std::slice::from_ref(line), format)?
            }
        }
        None => {
            let top = if args.top == 0 {
                ratings.lines.len()
            } else {
                args.top.min(ratings.lines.len())
            };
            list(ratings, &ratings.lines[..top], format)?
        }
    })
}

/// The games rated, in the order rated: `first,second,score,date,day` (`day`: days from
/// 1970-01-01 of the date's first day, 0 for undated games).
fn write_rated_games(games: &kifu_analysis::ratings::RatedGames, path: &Path) -> Result<()> {
    let mut out = csv_line(&["first", "second", "score", "date", "day"].map(String::from));
    for (p, date) in games.pairings.iter().zip(&games.dates) {
        out.push_str(&csv_line(&[
            games.names[p.first as usize].clone(),
            games.names[p.second as usize].clone(),
            p.score.to_string(),
            date.clone().unwrap_or_default(),
            p.day.to_string(),
        ]));
    }
    std::fs::write(path, out).with_context(|| format!("write {}", path.display()))
}

fn rounded(x: f64) -> String {
    format!("{x:.0}")
}

fn list(
    ratings: &Ratings,
    lines: &[kifu_analysis::ratings::RatingLine],
    format: TextFormat,
) -> Result<String> {
    let cells = |l: &kifu_analysis::ratings::RatingLine| {
        vec![
            l.rank.to_string(),
            l.player.clone(),
            rounded(l.rating),
            l.sd.map(rounded).unwrap_or_default(),
            l.games.to_string(),
            l.last_game.clone().unwrap_or_default(),
        ]
    };
    Ok(match format {
        TextFormat::Json => {
            let mut v = serde_json::to_value(ratings)?;
            v["lines"] = serde_json::to_value(lines)?;
            serde_json::to_string_pretty(&v)? + "\n"
        }
        TextFormat::Csv => {
            let mut out = csv_line(
                &["rank", "player", "rating", "sd", "games", "last_game"].map(String::from),
            );
            for l in lines {
                let mut row = cells(l);
                row[2] = format!("{:.3}", l.rating);
                row[3] = l.sd.map(|s| format!("{s:.3}")).unwrap_or_default();
                out.push_str(&csv_line(&row));
            }
            out
        }
        TextFormat::Table => {
            let mut out = heading(ratings);
            let rows: Vec<Vec<String>> = lines.iter().map(cells).collect();
            out.push_str(&render(
                &[
                    right("rank"),
                    capped("player", 32),
                    right("rating"),
                    right("±"),
                    right("games"),
                    capped("last game", 12),
                ],
                &rows,
            ));
            out
        }
    })
}

fn heading(ratings: &Ratings) -> String {
    let periods = if ratings.periods == 1 && !ratings.lines.iter().any(|l| l.last_game.is_some()) {
        "one period (no dates)".to_owned()
    } else {
        format!("{} rating periods", ratings.periods)
    };
    let spread = match ratings.system {
        RatingSystem::Whr => "; ± is one standard deviation",
        RatingSystem::Elo => "",
    };
    format!(
        "{} ratings: {} players, {} games, {periods}\n{}{spread}\n\n",
        ratings.kind,
        ratings.lines.len(),
        ratings.games,
        ratings.terms
    )
}

fn history(ratings: &Ratings, player: &str, format: TextFormat) -> Result<String> {
    let points = ratings.histories.get(player).map_or(&[][..], Vec::as_slice);
    Ok(match format {
        TextFormat::Json => {
            let mut v = serde_json::json!({
                "kind": ratings.kind.name(),
                "system": ratings.system,
                "terms": ratings.terms,
                "player": player,
                "history": points,
            });
            if let Some(d) = ratings.draw_parameter {
                v["draw_parameter"] = serde_json::to_value(d)?;
            }
            serde_json::to_string_pretty(&v)? + "\n"
        }
        TextFormat::Csv => {
            let mut out = csv_line(&["date", "rating", "sd", "games"].map(String::from));
            for p in points {
                out.push_str(&csv_line(&[
                    p.date.clone().unwrap_or_default(),
                    format!("{:.3}", p.rating),
                    p.sd.map(|s| format!("{s:.3}")).unwrap_or_default(),
                    p.games.to_string(),
                ]));
            }
            out
        }
        TextFormat::Table => {
            let mut out = format!(
                "{player}: {} ratings over time\n{}\n\n",
                ratings.kind, ratings.terms
            );
            let rows: Vec<Vec<String>> = points
                .iter()
                .map(|p| {
                    vec![
                        p.date.clone().unwrap_or_else(|| "(no date)".into()),
                        rounded(p.rating),
                        p.sd.map(rounded).unwrap_or_default(),
                        p.games.to_string(),
                    ]
                })
                .collect();
            out.push_str(&render(
                &[
                    capped("date", 12),
                    right("rating"),
                    right("±"),
                    right("games"),
                ],
                &rows,
            ));
            out
        }
    })
}

/// Stores the lists of `kind` (the one just computed and the other systems'), computed from
/// the games of `generation`. A database that cannot be written (a read-only folder) keeps
/// its stale lists: the next command that can write brings them up to date.
fn store_lists(
    db: &Path,
    kind: GameKind,
    generation: Generation,
    games: &kifu_analysis::ratings::RatedGames,
    start: &StartingPoint,
    ratings: &Ratings,
) -> Result<()> {
    let Some(mut store) = super::derived::writable(db) else {
        return Ok(());
    };
    let lists = stored_lists(kind, games, start, Some(ratings));
    store.replace_ratings(kind, generation, &lists)?;
    Ok(())
}
