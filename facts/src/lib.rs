//! The facts every kifu crate shares, each with one typed home: the game kind, a finding's
//! severity and the list of finding codes, the forbidden-move kind, the key of a record's
//! copies and the rule for where copies disagree, result names with the one rule for the
//! result that counts, the per-game annotations stored beside each game, and the one way
//! names are folded for search (with the closest names to a misspelt one).
//!
//! This crate sits at the bottom of the dependency graph (parser → rules → ingest/store →
//! analysis → reports → CLI all build on it) and knows nothing of files, engines or SQL.

pub mod annotation;
pub mod codes;
pub mod copies;
pub mod copy_key;
pub mod curation;
pub mod date;
pub mod forbidden;
pub mod kind;
pub mod names;
pub mod opening_rules;
pub mod outcome;
pub mod plausible;
pub mod position;
pub mod rating;
pub mod ruleset;
pub mod seat;
pub mod severity;
mod simplified;
mod sorted_json;
pub mod source_path;
#[cfg(feature = "sql")]
mod sql;
pub mod termination;
pub mod translated;
pub mod variation;

pub use annotation::{
    Annotations, BadExtra, ChouChouAnnotations, ChouChouCapture, ChouChouEntry,
    ChouChouStatedCount, Extra, PieceCounts, RenjuAnnotations, TerritorialAnnotations,
    TerritorialScore, Territory, XiangqiAnnotations, XiangqiCaptures,
};
pub use codes::{answered_by_correction, is_finding_code, FINDING_CODES};
pub use copies::{
    copy_place, disagreements, named_seats, CopyField, CopyHeader, CopyValue, Disagreement,
};
pub use copy_key::CanonicalKey;
pub use curation::{
    Curation, CurationError, EventTerms, RuleEntry, RulesInForce, Scoring, TeamRanking, Tiebreak,
    Verdict,
};
pub use date::{DateError, PartialDate};
pub use forbidden::ForbiddenKind;
pub use kind::{is_results_only_format, GameKind, UnknownName, RESULTS_ONLY_FORMATS};
pub use names::{closest, edit_distance, fold_name, fold_text};
pub use opening_rules::{
    recorded_rule_name, rule_key, RENJU_OPENING_RULES, RULE_NAME_FORMAT, RULE_NAME_TAG,
};
pub use outcome::{
    board_decides, count_result, counted_result, counted_result_under, is_repetition_verdict,
    NotAResultName, Outcome, ResultName,
};
pub use plausible::{first_recorded_year, implausible_date, today, ImplausibleDate};
pub use position::{MoveCode, PlyStep, PositionKey};
pub use rating::{RatingSystem, UndatedResults};
pub use ruleset::Ruleset;
pub use seat::{BySeat, Seat};
pub use severity::Severity;
pub use source_path::{shown_path, SourcePath};
pub use termination::Termination;
pub use translated::Names;
pub use variation::{variation_lines, VariationLine, VariationMove};
