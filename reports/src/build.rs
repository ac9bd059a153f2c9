//! Assembles a [`Report`] from a database: the sections ([`crate::sections`]) and the
//! audit ([`crate::audit`]) for the games a [`ReportOptions`] covers.

use kifu_analysis::shown_names::ShownNames;
use kifu_analysis::{self as analysis, Dataset, Filter, TableDef};
use kifu_facts::GameKind;
use kifu_store::Store;

use crate::audit::serious_findings;
use crate::games::game_sheets;
use crate::lang::Msg;
use crate::masthead::Masthead;
use crate::ratings::ratings_section;
use crate::sections::{explorer_section, findings_section, kind_section, overview_section};
use crate::sides::colour_key;
use crate::standings::standings_section;
use crate::{Error, Report};

/// What goes into a report.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    /// The organizer's title; by default the curated event's name, else the events the
    /// records name ([`crate::Masthead`]).
    pub title: Option<String>,
    /// The games covered: the one game filter every command takes.
    pub filter: Filter,
    /// Most serious findings shown with a diagram; the rest are counted.
    pub audit_limit: usize,
    /// Moves deep of the opening explorer's trees (0: no explorer section).
    pub explorer_depth: u32,
    /// Edition, language and branding.
    pub presentation: crate::Presentation,
    /// The statistics tables the game kinds' sections show ([`analysis::REGISTRY`]).
    pub tables: &'static [TableDef],
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            title: None,
            filter: Filter::default(),
            audit_limit: 60,
            explorer_depth: 2,
            presentation: Default::default(),
            tables: analysis::REGISTRY,
        }
    }
}

/// The report for the games under `options.filter`: an overview, a section per game kind
/// present, the standings of each event, the findings, and the audit (errors first, then warnings, in source order; at
/// most `options.audit_limit`, the rest counted in `audit_omitted`).
pub fn build_report(store: &Store, options: &ReportOptions) -> Result<Report, Error> {
    let f = &options.filter;
    let look = &options.presentation;
    let lang = look.lang;
    let public = look.edition.is_public();
    // Every table below reads each kind's games from this one dataset.
    let dataset = Dataset::new(store, f);
    let data = &dataset;
    let overview = analysis::overview(data)?;
    let kinds: Vec<String> = overview
        .column("kind")?
        .str()?
        .iter()
        .flatten()
        .map(str::to_owned)
        .collect();
    // The curation's names, read once: the masthead, the standings and the printed games
    // name players, events and rounds through them.
    let names = ShownNames::load(store)?;
    let shown = names.in_lang(lang);
    let masthead = Masthead::of(store, f, options.title.as_deref(), shown)?;
    let mut sections = Vec::new();
    let standings = standings_section(store, f, shown)?;
    if public {
        // The public edition leads with the standings.
        sections.extend(standings.clone());
    } else {
        sections.push(overview_section(overview, lang));
    }
    // The games in a fixed order, not the table's alphabetical one.
    for kind in GameKind::ALL {
        if kinds.iter().any(|k| k == kind.name()) {
            let mut section = kind_section(kind, data, options.tables, public, lang)?;
            if public {
                // The public reads the charts and their colours; the tables and the
                // method are the researchers'.
                section.tables.clear();
                section.intro = colour_key(kind, lang);
            }
            sections.push(section);
        }
    }
    if !public {
        sections.extend(standings);
        if let Some(ratings) = ratings_section(store, f, data, lang)? {
            sections.push(ratings);
        }
        let trees = analysis::opening_trees(store, f, options.explorer_depth)?;
        if !trees.is_empty() {
            sections.push(explorer_section(trees, lang));
        }
        sections.push(findings_section(data, lang)?);
    }
    let (audit, omitted) = if public {
        (Vec::new(), 0)
    } else {
        serious_findings(store, f, options.audit_limit, lang)?
    };

    let held: Vec<GameKind> = GameKind::ALL
        .into_iter()
        .filter(|k| kinds.iter().any(|n| n == k.name()))
        .collect();
    let scope = f.describe(&held);
    let subtitle = if public {
        [masthead.dates.clone(), masthead.venue.clone()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ")
    } else if scope.is_empty() {
        lang.text(Msg::AllGamesInDatabase).to_owned()
    } else {
        scope.join(" · ")
    };
    let (games, games_total) = if public {
        game_sheets(store, f, shown)?
    } else {
        (Vec::new(), 0)
    };
    Ok(Report {
        title: masthead.title,
        subtitle,
        sections,
        audit,
        audit_omitted: omitted,
        presentation: look.clone(),
        games,
        games_total,
    })
}
