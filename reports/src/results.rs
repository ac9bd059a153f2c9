//! A game's result as its readers write it: `1–0`, `0–1`, `½–½` for two-player games (the
//! first seat's score first), whatever points the event's scoring gives (those are the
//! standings'), and a ChouChou game's winning seat. Every page, the PDF among them, writes
//! results only in this form.

use kifu_facts::{GameKind, ResultName};

use crate::lang::{Lang, Msg};
use crate::sides::sides;

/// The customary text of a game's counted result.
pub fn customary_result(kind: GameKind, counted: Option<ResultName>, lang: Lang) -> String {
    let Some(outcome) = counted.filter(|o| *o != ResultName::Unknown) else {
        return lang.text(Msg::NoResult).to_owned();
    };
    if kind == GameKind::ChouChou {
        return match outcome {
            ResultName::Seat(n) => lang.fill(Msg::SeatWins, &[("seat", &format!("P{n}"))]),
            _ => lang.text(Msg::Draw).to_owned(),
        };
    }
    let first = sides(kind)[0];
    match outcome {
        ResultName::Draw => "½–½",
        o if o == first => "1–0",
        _ => "0–1",
    }
    .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_results_are_written_from_the_first_seat() {
        let r = |kind, o| customary_result(kind, Some(o), Lang::En);
        assert_eq!(r(GameKind::Xiangqi, ResultName::Red), "1–0");
        assert_eq!(r(GameKind::Xiangqi, ResultName::Black), "0–1");
        assert_eq!(r(GameKind::Renju, ResultName::Black), "1–0");
        assert_eq!(r(GameKind::Territorial, ResultName::White), "1–0");
        assert_eq!(r(GameKind::Renju, ResultName::Draw), "½–½");
        assert_eq!(r(GameKind::ChouChou, ResultName::Seat(3)), "P3 wins");
        assert_eq!(
            customary_result(GameKind::ChouChou, Some(ResultName::Seat(2)), Lang::ZhHans),
            "P2 胜"
        );
        assert_eq!(
            customary_result(GameKind::Renju, None, Lang::En),
            "no result"
        );
    }
}
