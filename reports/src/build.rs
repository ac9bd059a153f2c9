//! Assembles a [`Report`] from a database: the sections ([`crate::sections`]) and the
//! audit ([`crate::audit`]) for the games a [`ReportOptions`] covers.

use kifu_analysis::{self as analysis, Dataset, Filter};
use kifu_facts::GameKind;
use kifu_store::Store;

use crate::audit::serious_findings;
use crate::ratings::ratings_section;
use crate::sections::{explorer_section, findings_section, kind_section, overview_section};
use crate::standings::standings_section;
use crate::{Error, Report};

/// What goes into a report.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    pub title: String,
    /// The games covered: the one game filter every command takes.
    pub filter: Filter,
    /// Most serious findings shown with a diagram; the rest are counted.
    pub audit_limit: usize,
    /// Moves deep of the opening explorer's trees (0: no explorer section).
    pub explorer_depth: u32,
    /// Edition, language and branding.
    pub presentation: crate::Presentation,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            title: "kifu statistics and audit report".into(),
            filter: Filter::default(),
            audit_limit: 60,
            explorer_depth: 2,
            presentation: Default::default(),
        }
    }
}

/// The report for the games under `options.filter`: an overview, a section per game kind
/// present, the standings of each event, the findings, and the audit (errors first, then warnings, in source order; at
/// most `options.audit_limit`, the rest counted in `audit_omitted`).
pub fn build_report(store: &Store, options: &ReportOptions) -> Result<Report, Error> {
    let f = &options.filter;
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
    let mut sections = vec![overview_section(overview)];
    // The games in a fixed order, not the table's alphabetical one.
    for kind in GameKind::ALL {
        if kinds.iter().any(|k| k == kind.name()) {
            sections.push(kind_section(kind, data)?);
        }
    }
    if let Some(standings) = standings_section(store, f)? {
        sections.push(standings);
    }
    if let Some(ratings) = ratings_section(store, f, data)? {
        sections.push(ratings);
    }
    let trees = analysis::opening_trees(store, f, options.explorer_depth)?;
    if !trees.is_empty() {
        sections.push(explorer_section(trees));
    }
    sections.push(findings_section(data)?);
    let (audit, omitted) = serious_findings(store, f, options.audit_limit)?;

    let scope = f.describe();
    Ok(Report {
        title: options.title.clone(),
        subtitle: if scope.is_empty() {
            "All games in the database".into()
        } else {
            scope.join(" · ")
        },
        sections,
        audit,
        audit_omitted: omitted,
        presentation: options.presentation.clone(),
    })
}
