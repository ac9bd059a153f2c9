//! The texts of a game page's frames in the page's language: each move as its readers
//! write it (a Xiangqi move's Chinese, WXF or ICCS), Chess Territorial's score line, and
//! ChouChou's team and capture labels.

use kifu_facts::{GameKind, ResultName};

use super::frames::Frames;
use crate::lang::{Lang, Msg};
use crate::notation::traditional;

/// A move as the page lists it. A Xiangqi move comes as `炮二平五 C2=5 h2e2` (the
/// frames' Chinese, WXF and ICCS): Chinese where the language's readers write it so (in
/// Traditional characters where they write those), WXF in English, as the report writes
/// it, and the audit edition in English keeps the ICCS beside it for checking.
pub(super) fn move_text(kind: GameKind, lang: Lang, audit: bool, text: &str) -> String {
    if kind != GameKind::Xiangqi {
        return text.to_owned();
    }
    let mut parts = text.split(' ');
    let chinese = parts.next().unwrap_or(text);
    if lang.writes_xiangqi_in_chinese() {
        return if lang.writes_traditional() {
            traditional(chinese)
        } else {
            chinese.to_owned()
        };
    }
    match (parts.next(), parts.next()) {
        (Some(wxf), Some(iccs)) if audit => format!("{wxf} {iccs}"),
        (Some(wxf), _) => wxf.to_owned(),
        // Not a replayed move (an unplayable variation's text as recorded): as it is.
        (None, _) => text.to_owned(),
    }
}

/// The frames' texts in the page's language: the moves, Territorial's hand lines.
pub(super) fn localize_frames(frames: &mut Frames, kind: GameKind, lang: Lang, audit: bool) {
    for text in &mut frames.moves {
        *text = move_text(kind, lang, audit, text);
    }
    if lang == Lang::En {
        return;
    }
    if let Some(score) = &frames.territorial_score {
        frames.score = Some(territorial_score_text(score, lang));
    }
    if frames.pairs {
        for (k, label) in frames.legend.iter_mut().enumerate() {
            *label = lang.fill(Msg::TeamNumbered, &[("n", &(k + 1).to_string())]);
        }
    }
    for (text, (parts, void)) in frames.captures.iter_mut().zip(&frames.capture_parts) {
        let mut texts: Vec<String> = parts
            .iter()
            .map(|c| {
                lang.fill(
                    Msg::SeatCaptured,
                    &[
                        ("seat", &c.seat),
                        ("n", &c.taken.to_string()),
                        ("steps", &c.steps),
                    ],
                )
            })
            .collect();
        if *void {
            texts.push(lang.text(Msg::VoidTakenBack).to_owned());
        }
        *text = texts.join(lang.text(Msg::ListSeparator));
    }
    for [white, black] in &mut frames.hands {
        if let Some(pieces) = white.strip_prefix("White hand: ") {
            *white = lang.fill(Msg::WhiteHand, &[("pieces", pieces)]);
        }
        if let Some(pieces) = black.strip_prefix("Black hand: ") {
            *black = lang.fill(Msg::BlackHand, &[("pieces", pieces)]);
        }
    }
}

/// A Territorial score line in `lang` (`kifu show`'s, in English).
fn territorial_score_text(score: &kifu_rules::territorial::Score, lang: Lang) -> String {
    use kifu_rules::territorial::{DecidedBy, Side};
    let side = |s: Side| {
        lang.side(match s {
            Side::White => ResultName::White,
            Side::Black => ResultName::Black,
        })
    };
    let outcome = match (score.winner, score.decided_by) {
        (Some(w), DecidedBy::QueenTerritory) => {
            lang.fill(Msg::WinsOnQueenTerritory, &[("side", &side(w))])
        }
        (Some(w), _) => lang.fill(Msg::LegendWins, &[("side", &side(w))]),
        (None, _) => lang.text(Msg::Draw).to_owned(),
    };
    lang.fill(
        Msg::TerritorialScoreLine,
        &[
            ("white_side", &side(Side::White)),
            ("white", &score.white.to_string()),
            ("white_parts", &score.breakdown(Side::White)),
            ("black_side", &side(Side::Black)),
            ("black", &score.black.to_string()),
            ("black_parts", &score.breakdown(Side::Black)),
            ("outcome", &outcome),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xiangqi_moves_are_chinese_on_every_page_but_english_which_reads_wxf() {
        let xq = GameKind::Xiangqi;
        let knight = "马8进7 H8+7 h9g7";
        assert_eq!(move_text(xq, Lang::En, false, knight), "H8+7");
        assert_eq!(move_text(xq, Lang::En, true, knight), "H8+7 h9g7");
        for audit in [false, true] {
            assert_eq!(move_text(xq, Lang::Ja, audit, knight), "馬8進7");
            assert_eq!(move_text(xq, Lang::ZhHans, audit, knight), "马8进7");
            assert_eq!(move_text(xq, Lang::ZhHant, audit, knight), "馬8進7");
        }
        assert_eq!(
            move_text(xq, Lang::ZhHant, false, "后车退1 -R-1 c5c4"),
            "後車退1"
        );
        assert_eq!(
            move_text(xq, Lang::ZhHant, false, "帅五平四 K5=4 e0f0"),
            "帥五平四"
        );
        // A variation move that could not be played stays as the record wrote it.
        assert_eq!(move_text(xq, Lang::En, false, "h2e9"), "h2e9");
        assert_eq!(move_text(GameKind::Renju, Lang::ZhHans, false, "h8"), "h8");
    }
}
