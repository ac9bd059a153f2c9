//! The index's standings: per event the table `kifu standings --json` gives (same grouping,
//! same event string, same order of lines), then the crosstables per event and section,
//! every result a link to its game page. The tables come from [`kifu_analysis::standings`],
//! the cells from the report's [`round_cell`] and [`sheet_entry_text`].

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::lang::{column_label, Lang, Msg};
use kifu_analysis::ratings::RatingHistory;
use kifu_analysis::shown_names::{ShownIn, ShownNames};
use kifu_analysis::standings::{
    chouchou_standings, chouchou_standings_by_section, event_name, game_result, points_tables,
    points_text, section_name, ChouChouColumn, ChouChouTable, CrossCell, Duel, StandingsColumn,
    Table, TeamTable,
};
use kifu_analysis::Filter;
use kifu_facts::{EventTerms, GameKind};
use kifu_rules::chouchou::entry_names;
use kifu_store::query::ResultRow;
use kifu_store::Store;

use crate::escape::escape;
use crate::standings::{
    cell_text, chouchou_cell_text, column_heading, duel_result, duel_score, legend,
    sheet_entry_text, signed, team_cell_text, team_column_heading, team_title,
};
use crate::Error;

/// A game page's link from a page `base` deep (`""` from the index, `"../"` from an event
/// page).
pub(crate) fn game_href(base: &str, game: i64) -> String {
    format!("{base}games/{game}.html")
}

/// One event's standings as the site's event page draws them (tables, crosstables, team
/// tables), from the games `filter` selects (an event's name in `filter.event`), its game
/// links from a page `base` deep (`"/"` for `kifu serve`'s pages), with `ratings` each
/// player's rating as of the event beside the name: empty when no game has named players
/// to table.
pub fn event_standings_html(
    store: &Store,
    filter: &Filter,
    base: &str,
    lang: Lang,
    ratings: bool,
) -> Result<String, Error> {
    let source = StandingsSource::load(store, filter, ratings)?;
    Ok(source.whole().html(base, lang))
}

/// One kind's result rows with its players' rating histories, when ratings are shown.
struct KindRows<'a> {
    kind: GameKind,
    rows: Vec<ResultRow>,
    ratings: Option<&'a RatingHistory>,
}

/// What the standings of a site are drawn from, read once: per kind the result rows under
/// the filter and, when ratings are shown, the players' rating histories, and the
/// curation's event terms and its names in other languages.
pub(crate) struct StandingsSource {
    kinds: Vec<(GameKind, Vec<ResultRow>, Option<RatingHistory>)>,
    pub(crate) terms: Vec<EventTerms>,
    pub(crate) names: ShownNames,
}

/// The rows of one page's standings (the whole site's, or one event's).
pub(crate) struct StandingsRows<'a> {
    kinds: Vec<KindRows<'a>>,
    terms: &'a [EventTerms],
    names: &'a ShownNames,
}

impl StandingsSource {
    /// The rows under `filter`, with the ratings to show beside the names when `ratings`.
    pub(crate) fn load(
        store: &Store,
        filter: &Filter,
        ratings: bool,
    ) -> Result<StandingsSource, Error> {
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
            let ratings = if ratings && kind != GameKind::ChouChou {
                Some(RatingHistory::whr(store, kind)?)
            } else {
                None
            };
            out.push((kind, rows, ratings));
        }
        Ok(StandingsSource {
            kinds: out,
            terms: store.event_terms()?,
            names: ShownNames::load(store)?,
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
                    ratings: ratings.as_ref(),
                })
                .collect(),
            terms: &self.terms,
            names: &self.names,
        }
    }

    /// Each kind's rating history, where the standings show ratings: what a player's page
    /// charts.
    pub(crate) fn histories(&self) -> Vec<(GameKind, &RatingHistory)> {
        self.kinds
            .iter()
            .filter_map(|(kind, _, history)| Some((*kind, history.as_ref()?)))
            .collect()
    }

    /// The points tables of every kind but ChouChou's, as the standings draw them (the
    /// event's curated scoring and tie-breaks): what a player's page reads its points from.
    pub(crate) fn points_tables(&self) -> Vec<Table> {
        self.kinds
            .iter()
            .filter(|(kind, _, _)| *kind != GameKind::ChouChou)
            .flat_map(|(_, rows, _)| points_tables(rows, &self.terms))
            .collect()
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
                names: &self.names,
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
                        ratings: ratings.as_ref(),
                    }),
                }
            }
        }
        out
    }
}

impl StandingsRows<'_> {
    /// The standings section's body (empty when no game has named players to table), its
    /// game links from a page `base` deep.
    pub(crate) fn html(&self, base: &str, lang: Lang) -> String {
        let mut out = String::new();
        let shown = self.names.in_lang(lang);
        for k in &self.kinds {
            if k.kind == GameKind::ChouChou {
                chouchou_html(&mut out, &k.rows, base, shown);
            } else {
                points_html(
                    &mut out, k.kind, &k.rows, self.terms, k.ratings, base, shown,
                );
            }
        }
        out
    }
}

/// The ratings a table shows: each player's as of the event's last game date.
#[derive(Clone, Copy)]
struct RatingsAsOf<'a> {
    history: &'a RatingHistory,
    /// The event's last game date (`None`: its games have no date).
    end: Option<&'a str>,
}

/// The latest date of `event`'s games among `rows`: the day its ratings are read at.
fn event_end<'a>(rows: &'a [ResultRow], event: &str) -> Option<&'a str> {
    rows.iter()
        .filter(|r| event_name(r) == event)
        .filter_map(|r| r.date.as_deref())
        .max()
}

/// A player's cell: the name, and beside it the rating as of the event where ratings are
/// shown and the player was rated by then (none is made up for a player who was not).
fn player_cell(name: &str, ratings: Option<RatingsAsOf>, shown: ShownIn) -> String {
    let shown_name = escape(shown.player(name));
    match ratings.and_then(|r| Some((r.history.as_of(name, r.end)?, r))) {
        Some((rating, r)) => format!(
            "{shown_name} <span class=\"rating\" title=\"{}\">{rating:.0}</span>",
            escape(&rating_label(r.end, shown.lang))
        ),
        None => shown_name,
    }
}

/// `kifu rating, as of 2015-08-26` in `lang`.
fn rating_label(end: Option<&str>, lang: Lang) -> String {
    let date = end.map_or_else(|| "—".to_owned(), |d| lang.date(d));
    lang.fill(Msg::RatingAsOf, &[("date", &date)])
}

fn heading(kind: GameKind, event: &str, section: Option<&str>, shown: ShownIn) -> String {
    let kind = shown.lang.kind(kind);
    let event_name = escape(crate::standings::event_shown(event, shown));
    match section {
        Some(s) => format!(
            "{kind} · {event_name} · {}",
            escape(shown.section(event, s))
        ),
        None => format!("{kind} · {event_name}"),
    }
}

/// A column's header in `lang` (escaped).
fn th(name: &str, lang: Lang) -> String {
    escape(&column_label(name, lang))
}

/// Each event's (and section's) table, as `kifu standings` prints it, with its legend,
/// then its crosstable; a match's score and games instead where the table has two players.
fn points_html(
    out: &mut String,
    kind: GameKind,
    rows: &[ResultRow],
    terms: &[EventTerms],
    ratings: Option<&RatingHistory>,
    base: &str,
    shown: ShownIn,
) {
    let lang = shown.lang;
    for t in points_tables(rows, terms) {
        let end = event_end(rows, &t.event);
        let ratings = ratings.map(|history| RatingsAsOf { history, end });
        let _ = writeln!(
            out,
            "<h3>{}</h3>\n<p class=\"legend\">{}</p>",
            heading(kind, &t.event, t.section.as_deref(), shown)
                + &t.scoring_note()
                    .map(|s| format!(
                        " {}",
                        lang.fill(Msg::ScoringNote, &[("scoring", &s.to_string())])
                    ))
                    .unwrap_or_default(),
            escape(&legend(&t, lang)),
        );
        if let Some(duel) = &t.duel {
            duel_html(out, kind, &t, duel, ratings, base, shown);
            continue;
        }
        let columns = t.columns();
        let _ = write!(
            out,
            "<div class=\"table-wrap\"><table class=\"standings\" data-event=\"{}\" \
             data-kind=\"{kind}\">\n<caption>{}</caption>\n<thead><tr>",
            escape(&t.event),
            lang.text(Msg::Standings),
        );
        for &c in &columns {
            let _ = write!(
                out,
                "<th{}>{}</th>",
                num_class(c.is_numeric()),
                escape(&column_heading(c, lang))
            );
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for l in &t.lines {
            let _ = write!(
                out,
                "<tr class=\"standing\" data-player=\"{}\" data-place=\"{}\" \
                 data-points=\"{}\" data-decided-by=\"{}\">",
                escape(&l.player),
                l.place,
                l.points,
                l.decided_by.name(),
            );
            for &c in &columns {
                let text = if c == StandingsColumn::Player {
                    player_cell(&l.player, ratings, shown)
                } else {
                    escape(&cell_text(&t, l, c, lang))
                };
                // The value that decided the place is set in bold.
                let text = if l.decided_in(c) && l.place > 1 {
                    format!("<strong>{text}</strong>")
                } else {
                    text
                };
                let _ = write!(
                    out,
                    "<td{} data-label=\"{}\">{text}</td>",
                    num_class(c.is_numeric()),
                    escape(&column_heading(c, lang))
                );
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody></table></div>\n");
        rating_note(out, &t, ratings, lang);
        if t.unscored > 0 {
            let _ = writeln!(
                out,
                "<p class=\"note\">{}</p>",
                escape(&lang.count(Msg::UnscoredSeatsLeftOut, t.unscored as usize))
            );
        }
        crosstable_html(out, kind, &t, base, shown);
        if let Some(teams) = &t.teams {
            teams_html(out, kind, &t.event, teams, lang);
        }
    }
}

/// What the numbers beside the names are, under a table that shows one.
fn rating_note(out: &mut String, t: &Table, ratings: Option<RatingsAsOf>, lang: Lang) {
    let Some(r) = ratings else {
        return;
    };
    if t.lines
        .iter()
        .any(|l| r.history.as_of(&l.player, r.end).is_some())
    {
        let _ = writeln!(
            out,
            "<p class=\"note rating-note\">{}</p>",
            escape(&rating_label(r.end, lang))
        );
    }
}

/// ` class="num"` for a column of numbers.
fn num_class(numeric: bool) -> &'static str {
    if numeric {
        " class=\"num\""
    } else {
        ""
    }
}

/// A match: the two players with their score (a standings table of two lines, as `kifu
/// standings --json` lists them), then its games, each a link to the game.
fn duel_html(
    out: &mut String,
    kind: GameKind,
    t: &Table,
    d: &Duel,
    ratings: Option<RatingsAsOf>,
    base: &str,
    shown: ShownIn,
) {
    let lang = shown.lang;
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"standings\" data-view=\"match\" \
         data-event=\"{}\" data-kind=\"{kind}\">\n<caption>{}: {} {} {}</caption>\n\
         <thead><tr><th>{}</th><th class=\"num\">+</th><th class=\"num\">=</th>\
         <th class=\"num\">−</th><th class=\"num\">{}</th></tr></thead>\n<tbody>\n",
        escape(&t.event),
        lang.text(Msg::MatchCaption),
        escape(shown.player(&d.players[0])),
        duel_score(d),
        escape(shown.player(&d.players[1])),
        th("player", lang),
        th("score", lang),
    );
    for (i, l) in t.lines.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tr class=\"standing\" data-player=\"{}\" data-place=\"{}\" data-points=\"{}\">\
             <td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            escape(&l.player),
            l.place,
            l.points,
            player_cell(&l.player, ratings, shown),
            l.wins,
            l.draws,
            l.losses,
            points_text(d.score[i]),
        );
    }
    out.push_str("</tbody></table></div>\n");
    rating_note(out, t, ratings, lang);
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"match-games\" data-event=\"{}\">\n\
         <caption>{}</caption>\n<thead><tr><th class=\"num\">{}</th><th>{}</th>\
         <th>{} – {}</th></tr></thead>\n<tbody>\n",
        escape(&t.event),
        lang.text(Msg::MatchGames),
        th("no", lang),
        th("round", lang),
        escape(shown.player(&d.players[0])),
        escape(shown.player(&d.players[1])),
    );
    for (i, g) in d.games.iter().enumerate() {
        let forfeit = if g.forfeit { " F" } else { "" };
        let result = format!("{}{forfeit}", duel_result(g.outcome));
        let result = if g.game < 0 {
            escape(&result)
        } else {
            format!(
                "<a class=\"result\" href=\"{}\">{}</a>",
                game_href(base, g.game),
                escape(&result)
            )
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td>{}</td><td>{result}</td></tr>",
            i + 1,
            escape(&shown.round(&t.event, g.round.as_deref().unwrap_or(""))),
        );
    }
    out.push_str("</tbody></table></div>\n");
}

/// A team table, as `kifu standings` prints it, then its matches with their board points.
fn teams_html(out: &mut String, kind: GameKind, event: &str, t: &TeamTable, lang: Lang) {
    let columns = t.columns();
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"team-standings\" data-event=\"{}\" \
         data-kind=\"{kind}\">\n<caption>{}</caption>\n<thead><tr>",
        escape(event),
        escape(&team_title(t, lang)),
    );
    for &c in &columns {
        let num = num_class(c.is_numeric());
        let _ = write!(
            out,
            "<th{num}>{}</th>",
            escape(&team_column_heading(c, lang))
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for l in &t.lines {
        let _ = write!(
            out,
            "<tr class=\"team-standing\" data-team=\"{}\" data-place=\"{}\" \
             data-match-points=\"{}\" data-board-points=\"{}\">",
            escape(&l.team),
            l.place,
            l.match_points,
            l.board_points,
        );
        for &c in &columns {
            let num = num_class(c.is_numeric());
            let _ = write!(
                out,
                "<td{num} data-label=\"{}\">{}</td>",
                escape(&team_column_heading(c, lang)),
                escape(&team_cell_text(l, c, lang))
            );
        }
        out.push_str("</tr>\n");
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
fn crosstable_html(out: &mut String, kind: GameKind, t: &Table, base: &str, shown: ShownIn) {
    if t.rounds.is_empty() || t.lines.is_empty() {
        return;
    }
    let lang = shown.lang;
    let caption = match &t.section {
        Some(s) => format!(
            "{} · {}",
            lang.text(Msg::Crosstable),
            escape(shown.section(&t.event, s))
        ),
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
        let _ = write!(
            out,
            "<th class=\"num\">{}</th>",
            escape(&shown.round(&t.event, r))
        );
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
            escape(shown.player(&x.player))
        );
        for (r, cell) in t.rounds.iter().zip(&x.crosstable) {
            // A phone stacks each line's cells, each said with its round (`data-label`).
            let label = escape(&shown.round(&t.event, r));
            match cell {
                CrossCell::Games(games) => {
                    let _ = write!(out, "<td class=\"num\" data-label=\"{label}\">");
                    for (k, g) in games.iter().enumerate() {
                        if k > 0 {
                            out.push(' ');
                        }
                        // No title: the row and the line number name both players, and a
                        // 2,000-game site keeps its index small.
                        // A curated game without moves has no page of its own.
                        let _ = if g.game < 0 {
                            write!(
                                out,
                                "<span class=\"result curated\" title=\"{}\">{}</span>",
                                lang.text(if g.forfeit {
                                    Msg::Forfeit
                                } else {
                                    Msg::NotRecorded
                                }),
                                escape(&g.mark())
                            )
                        } else {
                            write!(
                                out,
                                "<a class=\"result\" href=\"{}\">{}</a>",
                                game_href(base, g.game),
                                escape(&g.mark())
                            )
                        };
                    }
                    out.push_str("</td>");
                }
                cell => {
                    let _ = write!(
                        out,
                        "<td class=\"num\" data-label=\"{label}\">{}</td>",
                        escape(&cell.text(lang.text(Msg::Bye)))
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

fn chouchou_html(out: &mut String, rows: &[ResultRow], base: &str, shown: ShownIn) {
    let lang = shown.lang;
    let games = sheet_games(rows);
    let sections = chouchou_standings_by_section(rows);
    for t in chouchou_standings(rows) {
        let _ = write!(
            out,
            "<h3>{}</h3>\n<div class=\"table-wrap\"><table class=\"standings\" data-event=\"{}\" \
             data-kind=\"chouchou\">\n<caption>{}</caption>\n<thead><tr>",
            heading(GameKind::ChouChou, &t.event, None, shown),
            escape(&t.event),
            lang.text(Msg::Standings),
        );
        for c in ChouChouColumn::ALL {
            let num = num_class(c.is_numeric());
            let _ = write!(out, "<th{num}>{}</th>", th(c.name(), lang));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for r in &t.standings.table {
            let _ = write!(
                out,
                "<tr class=\"standing\" data-player=\"{}\" data-place=\"{}\" data-points=\"{}\">",
                escape(&r.player),
                r.place,
                r.points_sum,
            );
            for c in ChouChouColumn::ALL {
                let num = num_class(c.is_numeric());
                let _ = write!(
                    out,
                    "<td{num} data-label=\"{}\">{}</td>",
                    th(c.name(), lang),
                    escape(&chouchou_cell_text(r, c, lang))
                );
            }
            out.push_str("</tr>\n");
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
