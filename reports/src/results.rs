//! A game's result as its readers write it: `1–0`, `0–1`, `½–½` for two-player games (the
//! first seat's score first), `2:0`, `1:1` where the event's scoring gives other points,
//! and a ChouChou game's winning seat. The public pages show results only in this form.

use kifu_facts::curation::Scoring;
use kifu_facts::{GameKind, ResultName};

use crate::lang::{Lang, Msg};
use crate::sides::sides;

/// The customary text of a game's counted result under the event's `scoring` (the usual
/// 1/½/0 when `None`).
pub fn customary_result(
    kind: GameKind,
    counted: Option<ResultName>,
    scoring: Option<&Scoring>,
    lang: Lang,
) -> String {
    let Some(outcome) = counted.filter(|o| *o != ResultName::Unknown) else {
        return lang.text(Msg::NoResult).to_owned();
    };
    if kind == GameKind::ChouChou {
        return match outcome {
            ResultName::Seat(n) => lang.fill(Msg::SeatWins, &[("seat", &format!("P{n}"))]),
            _ => lang.text(Msg::Draw).to_owned(),
        };
    }
    let scoring = scoring.copied().unwrap_or_default();
    let first = sides(kind)[0];
    let (a, b) = match outcome {
        ResultName::Draw => (scoring.draw, scoring.draw),
        o if o == first => (scoring.win, scoring.loss),
        _ => (scoring.loss, scoring.win),
    };
    if scoring == Scoring::default() {
        format!("{}–{}", points(a), points(b))
    } else {
        format!("{}:{}", points(a), points(b))
    }
}

/// `1`, `½`, `2½`, `0`.
fn points(p: f64) -> String {
    let whole = p.trunc();
    let half = (p - whole - 0.5).abs() < 1e-9;
    match (whole as i64, half) {
        (0, true) => "½".into(),
        (w, true) => format!("{w}½"),
        (w, false) if (p - whole).abs() < 1e-9 => w.to_string(),
        _ => format!("{p}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_results_are_written_from_the_first_seat() {
        let r = |kind, o, s: Option<&Scoring>| customary_result(kind, Some(o), s, Lang::En);
        assert_eq!(r(GameKind::Xiangqi, ResultName::Red, None), "1–0");
        assert_eq!(r(GameKind::Xiangqi, ResultName::Black, None), "0–1");
        assert_eq!(r(GameKind::Renju, ResultName::Black, None), "1–0");
        assert_eq!(r(GameKind::Territorial, ResultName::White, None), "1–0");
        assert_eq!(r(GameKind::Renju, ResultName::Draw, None), "½–½");
        let two = Scoring {
            win: 2.0,
            draw: 1.0,
            loss: 0.0,
        };
        assert_eq!(r(GameKind::Xiangqi, ResultName::Black, Some(&two)), "0:2");
        assert_eq!(r(GameKind::Xiangqi, ResultName::Draw, Some(&two)), "1:1");
        assert_eq!(r(GameKind::ChouChou, ResultName::Seat(3), None), "P3 wins");
        assert_eq!(
            customary_result(
                GameKind::ChouChou,
                Some(ResultName::Seat(2)),
                None,
                Lang::ZhHans
            ),
            "P2 胜"
        );
        assert_eq!(
            customary_result(GameKind::Renju, None, None, Lang::En),
            "no result"
        );
    }
}
