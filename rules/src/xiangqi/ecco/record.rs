//! A replayed record's opening: kifu's ECCO code beside the code the record gives itself.

use kifu_parser::raw::Header;

use super::super::game::XqReplay;
use super::super::position::START_FEN;
use super::{classify, Code, Ecco};
use crate::finding::{Finding, Severity};

/// The code a finding about the record's own code has.
pub const DIFFERS: &str = "ecco-differs";

/// The rule the finding cites.
const RULE: &str = "ECCO 2004 (xqbase.com)";

/// A record's opening, both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordOpening {
    /// kifu's code and name: `None` for a game from another start or with no move.
    pub ecco: Option<Ecco>,
    /// The record's own `ECCO` tag, as written.
    pub tag: Option<String>,
    /// The code the record gives: its `ECCO` tag, else the code its opening text starts
    /// with (DhtmlXQ's `open`: `C72 五七炮…`).
    pub record_code: Option<Code>,
    /// An info finding when the record's code is not kifu's.
    pub finding: Option<Finding>,
}

/// The opening of a replayed record with header `header`.
pub fn of_record(header: &Header, replay: &XqReplay) -> RecordOpening {
    let tag = header
        .extra
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("ecco"))
        .map(|(_, v)| v.trim().to_owned())
        .filter(|v| !v.is_empty());
    let record_code = tag
        .as_deref()
        .and_then(Code::leading)
        .or_else(|| header.opening.as_deref().and_then(Code::leading));
    let ecco = (replay.start_fen == START_FEN)
        .then(|| classify(&replay.moves))
        .flatten();
    let finding = match (record_code, ecco) {
        (Some(theirs), Some(mine)) if theirs != mine.code => Some(Finding {
            ply: None,
            code: DIFFERS,
            severity: Severity::Info,
            message: format!(
                "the record's ECCO code {theirs} is not {} ({}), the code of its moves by the ECCO 2004 definitions",
                mine.code, mine.name
            ),
            rule: RULE,
            forbidden: None,
            node: None,
        }),
        _ => None,
    };
    RecordOpening {
        ecco,
        tag,
        record_code,
        finding,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::replay;
    use kifu_parser::raw::Format;
    use kifu_parser::raw::{Location, XqGame, XqMove, XqMoveText};

    fn game(moves: &[&str], fen: Option<&str>, ecco: Option<&str>, open: Option<&str>) -> XqGame {
        let mut g = XqGame::new(Format::XiangqiPgn, Location::default());
        g.fen = fen.map(str::to_owned);
        g.moves = moves
            .iter()
            .map(|m| XqMove {
                text: XqMoveText::Chinese((*m).to_owned()),
                written: (*m).to_owned(),
                at: Location::default(),
                len: m.len() as u16,
            })
            .collect();
        if let Some(e) = ecco {
            g.header.extra.push(("ECCO".into(), e.into()));
        }
        g.header.opening = open.map(str::to_owned);
        g
    }

    fn opening(g: &XqGame) -> RecordOpening {
        of_record(&g.header, &replay(g))
    }

    #[test]
    fn kifu_code_beside_the_tag_and_a_finding_when_they_differ() {
        let g = game(&["相三进五", "马8进7"], None, Some("A13"), None);
        let o = opening(&g);
        assert_eq!(
            o.ecco.map(|e| (e.code.to_string(), e.name)),
            Some(("A13".into(), "飞相对进左马"))
        );
        assert_eq!(o.tag.as_deref(), Some("A13"));
        assert_eq!(o.finding, None);

        let g = game(
            &["相三进五", "马8进7"],
            None,
            None,
            Some("A14 飞相(其他)对进右马"),
        );
        let o = opening(&g);
        assert_eq!(o.record_code.map(|c| c.to_string()).as_deref(), Some("A14"));
        let f = o.finding.unwrap();
        assert_eq!((f.code, f.severity, f.ply), (DIFFERS, Severity::Info, None));
        assert_eq!(
            f.message,
            "the record's ECCO code A14 is not A13 (飞相对进左马), the code of its moves by the ECCO 2004 definitions"
        );
    }

    #[test]
    fn other_starts_and_empty_games_have_no_code() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1";
        let o = opening(&game(&["相三进五"], Some(fen), Some("A10"), None));
        assert_eq!((o.ecco, o.finding), (None, None));
        assert_eq!(o.tag.as_deref(), Some("A10"));
        let o = opening(&game(&[], None, None, None));
        assert_eq!(o.ecco, None);
    }
}
