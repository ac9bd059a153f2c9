//! The index's standings: per event the table `kifu standings --json` gives (same grouping,
//! same event string, same order of lines), then the crosstables per event and section,
//! every result a link to its game page. The tables come from [`kifu_analysis::standings`],
//! the cells from the report's [`round_cell`] and [`sheet_entry_text`].

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use crate::lang::{column_label, decided_label, Lang, Msg};
use kifu_analysis::standings::{
    chouchou_standings, chouchou_standings_by_section, event_name, game_result, points_tables,
    points_text, section_name, ChouChouTable, Table, TeamTable,
};
use kifu_analysis::Filter;
use kifu_facts::{EventTerms, GameKind, RatingSystem};
use kifu_rules::chouchou::entry_names;
use kifu_store::query::ResultRow;
use kifu_store::Store;

use crate::escape::escape;
use crate::standings::{round_cell, sheet_entry_text, signed, RoundCell};
use crate::Error;

/// A game page's link from a page `base` deep (`""` from the index, `"../"` from an event
/// page).
pub(crate) fn game_href(base: &str, game: i64) -> String {
    format!("{base}games/{game}.html")
}

/// One kind's result rows with its players' current ratings.
struct KindRows<'a> {
    kind: GameKind,
    rows: Vec<ResultRow>,
    ratings: &'a HashMap<String, f64>,
}

/// What the standings of a site are drawn from, read once: per kind the result rows under
/// the filter and the current ratings, and the curation's event terms.
pub(crate) struct StandingsSource {
    kinds: Vec<(GameKind, Vec<ResultRow>, HashMap<String, f64>)>,
    pub(crate) terms: Vec<EventTerms>,
}

/// The rows of one page's standings (the whole site's, or one event's).
pub(crate) struct StandingsRows<'a> {
    kinds: Vec<KindRows<'a>>,
    terms: &'a [EventTerms],
}

impl StandingsSource {
    pub(crate) fn load(store: &Store, filter: &Filter) -> Result<StandingsSource, Error> {
        // The kinds as `kifu standings` takes them.
        let kinds = match filter.game {
            Some(g) => vec![g],
            None => store.kinds()?,
        };
        let mut out = Vec::new();
        for kind in kinds {
            let rows = store.results_of(kind, filter)?;
            if rows.is_empty() {
                continue;
            }
            let ratings = if kind == GameKind::ChouChou {
                HashMap::new()
            } else {
                current_ratings(store, kind)?
            };
            out.push((kind, rows, ratings));
        }
        Ok(StandingsSource {
            kinds: out,
            terms: store.event_terms()?,
        })
    }

    /// Every result row, of every kind.
    pub(crate) fn rows(&self) -> impl Iterator<Item = &ResultRow> {
        self.kinds.iter().flat_map(|(_, rows, _)| rows)
    }

    /// All the rows: the standings of a one-page site.
    pub(crate) fn whole(&self) -> StandingsRows<'_> {
        StandingsRows {
            kinds: self
                .kinds
                .iter()
                .map(|(kind, rows, ratings)| KindRows {
                    kind: *kind,
                    rows: rows.clone(),
                    ratings,
                })
                .collect(),
            terms: &self.terms,
        }
    }

    /// The rows split into `pages` parts by `page_of` (a row it places nowhere is left
    /// out): each event page's standings, read in one pass.
    pub(crate) fn split(
        &self,
        pages: usize,
        page_of: impl Fn(&ResultRow) -> Option<usize>,
    ) -> Vec<StandingsRows<'_>> {
        let mut out: Vec<StandingsRows> = (0..pages)
            .map(|_| StandingsRows {
                kinds: Vec::new(),
                terms: &self.terms,
            })
            .collect();
        for (kind, rows, ratings) in &self.kinds {
            for row in rows {
                let Some(page) = page_of(row).and_then(|p| out.get_mut(p)) else {
                    continue;
                };
                match page.kinds.last_mut() {
                    Some(k) if k.kind == *kind => k.rows.push(row.clone()),
                    _ => page.kinds.push(KindRows {
                        kind: *kind,
                        rows: vec![row.clone()],
                        ratings,
                    }),
                }
            }
        }
        out
    }
}

impl StandingsRows<'_> {
    /// Whether a curation added rows of its own (a forfeit, a game without moves).
    pub(crate) fn has_curated(&self) -> bool {
        self.kinds
            .iter()
            .any(|k| k.rows.iter().any(ResultRow::is_curated))
    }

    /// The standings section's body (empty when no game has named players to table), its
    /// game links from a page `base` deep.
    pub(crate) fn html(&self, base: &str, lang: Lang) -> String {
        let mut out = String::new();
        for k in &self.kinds {
            if k.kind == GameKind::ChouChou {
                chouchou_html(&mut out, &k.rows, base, lang);
            } else {
                points_html(&mut out, k.kind, &k.rows, self.terms, k.ratings, base, lang);
            }
        }
        out
    }
}

/// Each player's current stored rating (WHR, the default terms, over the whole database):
/// the rating shown beside the name.
fn current_ratings(store: &Store, kind: GameKind) -> Result<HashMap<String, f64>, Error> {
    let mut out = HashMap::new();
    // By player then period: the last row of each player is the current rating.
    for r in store.stored_ratings(kind, RatingSystem::Whr)? {
        out.insert(r.player, r.rating);
    }
    Ok(out)
}

/// A player's cell: the name, and the rating beside it where the player has one.
fn player_cell(name: &str, ratings: &HashMap<String, f64>) -> String {
    match ratings.get(name) {
        Some(r) => format!(
            "{} <span class=\"rating\" title=\"rating (WHR)\">{r:.0}</span>",
            escape(name)
        ),
        None => escape(name),
    }
}

fn heading(kind: GameKind, event: &str, section: Option<&str>, lang: Lang) -> String {
    let kind = lang.kind(kind);
    match section {
        Some(s) => format!("{kind} · {} · {}", escape(event), escape(s)),
        None => format!("{kind} · {}", escape(event)),
    }
}

/// A column's header in `lang` (escaped).
fn th(name: &str, lang: Lang) -> String {
    escape(&column_label(name, lang))
}

/// Each event's (and section's) table, as `kifu standings` prints it, then its crosstable.
fn points_html(
    out: &mut String,
    kind: GameKind,
    rows: &[ResultRow],
    terms: &[EventTerms],
    ratings: &HashMap<String, f64>,
    base: &str,
    lang: Lang,
) {
    for t in points_tables(rows, terms) {
        let _ = write!(
            out,
            "<h3>{}</h3>\n<div class=\"table-wrap\"><table class=\"standings\" data-event=\"{}\" \
             data-kind=\"{kind}\">\n<caption>{}</caption>\n<thead><tr><th class=\"num\">#\
             </th><th>{}</th><th class=\"num\">{}</th><th class=\"num\">+</th>\
             <th class=\"num\">=</th><th class=\"num\">−</th><th class=\"num\">{}</th>\
             <th class=\"num\">SB</th><th>{}</th></tr></thead>\n<tbody>\n",
            heading(kind, &t.event, t.section.as_deref(), lang)
                + &t.scoring_note()
                    .map(|s| format!(
                        " {}",
                        lang.fill(Msg::ScoringNote, &[("scoring", &s.to_string())])
                    ))
                    .unwrap_or_default(),
            escape(&t.event),
            lang.text(Msg::Standings),
            th("player", lang),
            th("games", lang),
            th("points", lang),
            th("decided by", lang),
        );
        for l in &t.lines {
            let _ = writeln!(
                out,
                "<tr class=\"standing\" data-player=\"{p}\" data-place=\"{}\" data-points=\"{}\">\
                 <td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td>\
                 <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
                 <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                l.place,
                l.points,
                l.place,
                player_cell(&l.player, ratings),
                l.games,
                l.wins,
                l.draws,
                l.losses,
                points_text(l.points),
                points_text(l.sonneborn_berger),
                escape(&decided_label(l.decided_by, lang)),
                p = escape(&l.player),
            );
        }
        out.push_str("</tbody></table></div>\n");
        if t.unscored > 0 {
            let _ = writeln!(
                out,
                "<p class=\"note\">{}</p>",
                escape(&lang.count(Msg::UnscoredSeatsLeftOut, t.unscored as usize))
            );
        }
        crosstable_html(out, kind, &t, base, lang);
        if let Some(teams) = &t.teams {
            teams_html(out, kind, &t.event, teams, lang);
        }
    }
}

/// A team table, as `kifu standings` prints it, then its matches with their board points.
fn teams_html(out: &mut String, kind: GameKind, event: &str, t: &TeamTable, lang: Lang) {
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"team-standings\" data-event=\"{}\" \
         data-kind=\"{kind}\">\n<caption>{}</caption>\n<thead><tr><th class=\"num\">#</th>\
         <th>{}</th><th class=\"num\">{}</th><th class=\"num\">+</th>\
         <th class=\"num\">=</th><th class=\"num\">−</th><th class=\"num\">{}</th>\
         <th class=\"num\">{}</th><th class=\"num\">{}</th><th>{}</th>\
         </tr></thead>\n<tbody>\n",
        escape(event),
        escape(&t.title()),
        th("team", lang),
        th("matches", lang),
        th("match points", lang),
        th("board points", lang),
        th("direct encounter", lang),
        th("decided by", lang),
    );
    for l in &t.lines {
        let _ = writeln!(
            out,
            "<tr class=\"team-standing\" data-team=\"{team}\" data-place=\"{}\" \
             data-match-points=\"{}\" data-board-points=\"{}\"><td class=\"num\">{}</td>\
             <td>{team}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            l.place,
            l.match_points,
            l.board_points,
            l.place,
            l.matches,
            l.wins,
            l.draws,
            l.losses,
            points_text(l.match_points),
            points_text(l.board_points),
            l.direct_encounter.map(points_text).unwrap_or_default(),
            escape(&decided_label(l.decided_by, lang)),
            team = escape(&l.team),
        );
    }
    out.push_str("</tbody></table></div>\n");
    if let Some(note) = t.left_out() {
        let _ = writeln!(out, "<p class=\"note\">{}.</p>", escape(&note));
    }
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"team-matches\" data-event=\"{}\">\n\
         <caption>{}</caption>\n<thead><tr><th>{}</th><th>{}</th>\
         <th class=\"num\">{}</th><th>{}</th><th class=\"num\">{}</th></tr>\
         </thead>\n<tbody>\n",
        escape(event),
        lang.text(Msg::TeamMatches),
        th("round", lang),
        th("team", lang),
        th("score", lang),
        th("opponent", lang),
        th("games", lang),
    );
    for m in &t.matches {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{}–{}</td><td>{}</td>\
             <td class=\"num\">{}</td></tr>",
            escape(m.round.as_deref().unwrap_or("")),
            escape(&m.teams[0]),
            points_text(m.board_points[0]),
            points_text(m.board_points[1]),
            escape(&m.teams[1]),
            m.games
        );
    }
    out.push_str("</tbody></table></div>\n");
}

/// One section's crosstable: `+n` a win against line n, `=n` a draw, `−n` a loss, each a
/// link to the game.
fn crosstable_html(out: &mut String, kind: GameKind, t: &Table, base: &str, lang: Lang) {
    if t.rounds.is_empty() || t.lines.is_empty() {
        return;
    }
    let caption = match &t.section {
        Some(s) => format!("{} · {}", lang.text(Msg::Crosstable), escape(s)),
        None => lang.text(Msg::Crosstable).into(),
    };
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"crosstable\" data-event=\"{}\" \
         data-kind=\"{kind}\">\n<caption>{caption}</caption>\n<thead><tr><th class=\"num\">{}\
         </th><th>{}</th>",
        escape(&t.event),
        th("no", lang),
        th("player", lang),
    );
    for r in &t.rounds {
        let _ = write!(out, "<th class=\"num\">{}</th>", escape(r));
    }
    let _ = write!(
        out,
        "<th class=\"num\">{}</th></tr></thead>\n<tbody>\n",
        th("points", lang)
    );
    for (i, x) in t.lines.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td class=\"num\">{}</td><td>{}</td>",
            i + 1,
            escape(&x.player)
        );
        for r in &t.rounds {
            // A phone stacks each line's cells, each said with its round (`data-label`).
            let label = escape(r);
            match round_cell(t, x, r) {
                RoundCell::Games(games) => {
                    let _ = write!(out, "<td class=\"num\" data-label=\"{label}\">");
                    for (k, (text, p)) in games.iter().enumerate() {
                        if k > 0 {
                            out.push(' ');
                        }
                        // No title: the row and the line number name both players, and a
                        // 2,000-game site keeps its index small.
                        // A curated game without moves has no page of its own.
                        let _ = if p.game < 0 {
                            write!(
                                out,
                                "<span class=\"result curated\" title=\"{}\">{}</span>",
                                lang.text(if p.forfeit {
                                    Msg::Forfeit
                                } else {
                                    Msg::NotRecorded
                                }),
                                escape(text)
                            )
                        } else {
                            write!(
                                out,
                                "<a class=\"result\" href=\"{}\">{}</a>",
                                game_href(base, p.game),
                                escape(text)
                            )
                        };
                    }
                    out.push_str("</td>");
                }
                cell => {
                    let _ = write!(
                        out,
                        "<td class=\"num\" data-label=\"{label}\">{}</td>",
                        escape(&cell.text_in(lang))
                    );
                }
            }
        }
        let _ = writeln!(
            out,
            "<td class=\"num points\" data-label=\"{}\">{}</td></tr>",
            th("points", lang),
            points_text(x.points)
        );
    }
    out.push_str("</tbody></table></div>\n");
}

/// The games of each score-sheet entry: (event, section, round, entry name) → game ids.
type SheetGames = BTreeMap<(String, Option<String>, String, String), Vec<i64>>;

fn sheet_games(rows: &[ResultRow]) -> SheetGames {
    let mut map = SheetGames::new();
    for row in rows {
        let event = event_name(row);
        let g = game_result(row, &event);
        for (name, _) in entry_names(&g) {
            map.entry((event.clone(), section_name(row), g.round.clone(), name))
                .or_default()
                .push(row.game);
        }
    }
    map
}

fn chouchou_html(out: &mut String, rows: &[ResultRow], base: &str, lang: Lang) {
    let games = sheet_games(rows);
    let sections = chouchou_standings_by_section(rows);
    for t in chouchou_standings(rows) {
        let _ = write!(
            out,
            "<h3>{}</h3>\n<div class=\"table-wrap\"><table class=\"standings\" data-event=\"{}\" \
             data-kind=\"chouchou\">\n<caption>{}</caption>\n<thead><tr>\
             <th class=\"num\">#</th><th>{}</th><th class=\"num\">{}</th>\
             <th class=\"num\">{}</th><th class=\"num\">{}</th>\
             <th class=\"num\">{}</th><th>{}</th></tr></thead>\n<tbody>\n",
            heading(GameKind::ChouChou, &t.event, None, lang),
            escape(&t.event),
            lang.text(Msg::Standings),
            th("player", lang),
            th("wins", lang),
            th("points", lang),
            th("best bonus", lang),
            th("worst penalty", lang),
            th("decided by", lang),
        );
        for r in &t.standings.table {
            let _ = writeln!(
                out,
                "<tr class=\"standing\" data-player=\"{p}\" data-place=\"{}\" data-points=\"{}\">\
                 <td class=\"num\">{}</td><td>{p}</td><td class=\"num\">{}</td>\
                 <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
                 <td>{}</td></tr>",
                r.place,
                r.points_sum,
                r.place,
                r.wins,
                signed(r.points_sum),
                signed(r.best_bonus),
                r.worst_penalty,
                escape(&decided_label(r.decided_by, lang)),
                p = escape(&r.player),
            );
        }
        out.push_str("</tbody></table></div>\n");
        for s in sections.iter().filter(|s| s.event == t.event) {
            score_sheet_html(out, s, &games, base, lang);
        }
    }
}

/// A ChouChou score sheet: each round's entry (wins/games and points) links to the game
/// (or games, numbered) the player played in that round.
fn score_sheet_html(
    out: &mut String,
    t: &ChouChouTable,
    games: &SheetGames,
    base: &str,
    lang: Lang,
) {
    let st = &t.standings;
    let sheet = lang.text(Msg::ScoreSheetHeading);
    let caption = match &t.section {
        Some(s) => format!("{sheet} · {}", escape(s)),
        None => sheet.into(),
    };
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"crosstable\" data-event=\"{}\" \
         data-kind=\"chouchou\">\n<caption>{caption}</caption>\n<thead><tr><th>{}</th>",
        escape(&t.event),
        th("player", lang),
    );
    for r in &st.rounds {
        let _ = write!(out, "<th class=\"num\">R{}</th>", escape(r));
    }
    let _ = write!(
        out,
        "<th class=\"num\">{}</th></tr></thead>\n<tbody>\n",
        th("total", lang)
    );
    for row in &st.sheet {
        let _ = write!(out, "<tr><td>{}</td>", escape(&row.player));
        for (entry, round) in row.rounds.iter().zip(&st.rounds) {
            let text = escape(&sheet_entry_text(entry.as_ref()));
            let label = format!("R{}", escape(round));
            let ids = entry.and_then(|_| {
                games.get(&(
                    t.event.clone(),
                    t.section.clone(),
                    round.clone(),
                    row.player.clone(),
                ))
            });
            match ids.map(Vec::as_slice) {
                Some([one]) => {
                    let _ = write!(
                        out,
                        "<td class=\"num\" data-label=\"{label}\"><a class=\"result\" href=\"{}\">{text}</a></td>",
                        game_href(base, *one)
                    );
                }
                Some(many) => {
                    let _ = write!(out, "<td class=\"num\" data-label=\"{label}\">{text}");
                    for (k, id) in many.iter().enumerate() {
                        let _ = write!(
                            out,
                            " <a class=\"result\" href=\"{}\">{}</a>",
                            game_href(base, *id),
                            k + 1
                        );
                    }
                    out.push_str("</td>");
                }
                None => {
                    let _ = write!(out, "<td class=\"num\" data-label=\"{label}\">{text}</td>");
                }
            }
        }
        let total: i32 = row.rounds.iter().flatten().map(|e| e.points).sum();
        let _ = writeln!(
            out,
            "<td class=\"num\" data-label=\"{}\">{}</td></tr>",
            th("total", lang),
            signed(total)
        );
    }
    out.push_str("</tbody></table></div>\n");
}
