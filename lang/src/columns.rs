//! Table columns by name: the label of a column in each language.

use super::{Lang, Msg};

/// The message naming column `name` (`black_wins` and `black wins` alike); `None` for a
/// column named by data (a round, a crosstable line number).
pub fn column_msg(name: &str) -> Option<Msg> {
    Some(match name.replace('_', " ").to_ascii_lowercase().as_str() {
        "sonneborn-berger" | "sonneborn berger" => Msg::ColSonnebornBerger,
        "action" => Msg::ColAction,
        "advantage" => Msg::ColAdvantage,
        "advantage high" => Msg::ColAdvantageHigh,
        "advantage low" => Msg::ColAdvantageLow,
        "at bound" => Msg::ColAtBound,
        "p value" => Msg::ColPValue,
        "p1 wins" => Msg::ColP1Wins,
        "p1 score" => Msg::ColP1Score,
        "other wins" => Msg::ColOtherWins,
        "p holm" => Msg::ColPHolm,
        "flag" => Msg::ColFlag,
        "best bonus" => Msg::ColBestBonus,
        "black mean" => Msg::ColBlackMean,
        "black score" => Msg::ColBlackScore,
        "black wins" => Msg::ColBlackWins,
        "captures" => Msg::ColCaptures,
        "captures per game" => Msg::ColCapturesPerGame,
        "cells" => Msg::ColCells,
        "chain share" => Msg::ColChainShare,
        "chains" => Msg::ColChains,
        "changed" => Msg::ColChanged,
        "claimed wins" => Msg::ColClaimedWins,
        "code" => Msg::ColCode,
        "continuation" => Msg::ColContinuation,
        "contradicted" => Msg::ColContradicted,
        "decade" => Msg::ColDecade,
        "decided by" => Msg::ColDecidedBy,
        "doubled share" => Msg::ColDoubledShare,
        "draws" => Msg::ColDraws,
        "error" | "errors" => Msg::ColError,
        "event" => Msg::ColEvent,
        "events" => Msg::ColEvents,
        "expected" => Msg::ColExpected,
        "family" => Msg::ColFamily,
        "findings" => Msg::ColFindings,
        "first mover score" => Msg::ColFirstMoverScore,
        "first player share" => Msg::ColFirstPlayerShare,
        "first player wins" => Msg::ColFirstPlayerWins,
        "games" => Msg::ColGames,
        "info" => Msg::ColInfo,
        "kind" => Msg::ColKind,
        "last game" => Msg::ColLastGame,
        "line" => Msg::ColLine,
        "linked copies" => Msg::ColLinkedCopies,
        "losses" => Msg::ColLosses,
        "margin mean" => Msg::ColMarginMean,
        "mean plies" => Msg::ColMeanPlies,
        "missing rounds" => Msg::ColMissingRounds,
        "multiplier" => Msg::ColMultiplier,
        "name" => Msg::ColName,
        "no" => Msg::ColNo,
        "opening" => Msg::ColOpening,
        "openings" => Msg::ColOpenings,
        "pairs" => Msg::ColPairs,
        "penalties" => Msg::ColPenalties,
        "penalty games" => Msg::ColPenaltyGames,
        "piece" => Msg::ColPiece,
        "pieces" => Msg::ColPieces,
        "place" => Msg::ColPlace,
        "player" => Msg::ColPlayer,
        "players" => Msg::ColPlayers,
        "points" => Msg::ColPoints,
        "rank" => Msg::ColRank,
        "rating" => Msg::ColRating,
        "records" => Msg::ColRecords,
        "red score" => Msg::ColRedScore,
        "red wins" => Msg::ColRedWins,
        "results" => Msg::ColResults,
        "rule" => Msg::ColRule,
        "score" => Msg::ColScore,
        "sd" => Msg::ColSd,
        "severity" => Msg::ColSeverity,
        "side" => Msg::ColSide,
        "simultaneous share" => Msg::ColSimultaneousShare,
        "source" => Msg::ColSource,
        "swap rate" => Msg::ColSwapRate,
        "taken" => Msg::ColTaken,
        "territories" => Msg::ColTerritories,
        "total" => Msg::ColTotal,
        "unclaimed" => Msg::ColUnclaimed,
        "valid" => Msg::ColValid,
        "variant" => Msg::ColVariant,
        "warning" | "warnings" => Msg::ColWarning,
        "white mean" => Msg::ColWhiteMean,
        "white score" => Msg::ColWhiteScore,
        "white wins" => Msg::ColWhiteWins,
        "wilson high" => Msg::ColWilsonHigh,
        "wilson low" => Msg::ColWilsonLow,
        "wins" => Msg::ColWins,
        "with findings" => Msg::ColWithFindings,
        "worst penalty" => Msg::ColWorstPenalty,
        "year" => Msg::ColYear,
        "byes" => Msg::ColByes,
        "buchholz" => Msg::TiebreakBuchholz,
        "buchholz cut 1" => Msg::TiebreakBuchholzCut1,
        "direct encounter" => Msg::TiebreakDirectEncounter,
        "rounds without a match" => Msg::ColRoundsWithoutMatch,
        "opponent" => Msg::ColOpponent,
        "team" => Msg::ColTeam,
        "matches" => Msg::ColMatches,
        "match points" => Msg::ColMatchPoints,
        "board points" | "game points" => Msg::ColBoardPoints,
        "round" => Msg::ColRound,
        "board" => Msg::ColBoard,
        "result" => Msg::ColResult,
        "plies" => Msg::ColPlies,
        "period" => Msg::ColPeriod,
        "date" => Msg::ColDate,
        _ => return None,
    })
}

/// `n` findings of `severity` in words that read in `lang` (`50 errors`, `1 error`).
pub fn severity_count(severity: &str, n: usize, lang: Lang) -> String {
    let msg = match severity {
        "error" => Msg::ErrorCount,
        "warning" => Msg::WarningCount,
        _ => Msg::InfoCount,
    };
    lang.count(msg, n)
}

/// A column's label: its message in `lang`, else its name with spaces for underscores.
pub fn column_label(name: &str, lang: Lang) -> String {
    match column_msg(name) {
        Some(m) => lang.text(m).to_owned(),
        None => name.replace('_', " "),
    }
}

/// A severity's name (`error`, `warning`, `info`) in `lang`.
pub fn severity_label(severity: &str, lang: Lang) -> &'static str {
    match severity {
        "error" => lang.text(Msg::ColError),
        "warning" => lang.text(Msg::ColWarning),
        _ => lang.text(Msg::ColInfo),
    }
}

/// A standings line's “decided by” (`points`, a tie-break's label, `tie (shared place)`)
/// in `lang`; a label it does not know is kept.
pub fn decided_label(label: &str, lang: Lang) -> String {
    let msg = match label {
        "points" => Msg::ColPoints,
        "wins" => Msg::ColWins,
        "Sonneborn-Berger" => Msg::ColSonnebornBerger,
        "Buchholz" => Msg::TiebreakBuchholz,
        "Buchholz cut 1" => Msg::TiebreakBuchholzCut1,
        "direct encounter" => Msg::TiebreakDirectEncounter,
        "tie (shared place)" => Msg::TieSharedPlace,
        "match points" => Msg::ColMatchPoints,
        "board points" => Msg::ColBoardPoints,
        "best bonus" => Msg::ColBestBonus,
        "worst penalty" => Msg::ColWorstPenalty,
        _ => return label.to_owned(),
    };
    lang.text(msg).to_owned()
}
