//! How published pages write a Xiangqi move for their readers: Chinese notation
//! (`炮二平五 马8进7`) for Chinese and Japanese readers, in Traditional characters for
//! `zh-Hant` and Japanese (`馬8進7`), and WXF notation (`C2=5 H8+7`) for English readers.

use kifu_rules::xiangqi::{self, Move, Position};

use crate::lang::Lang;

/// Move `m` of `pos` as `lang`'s readers write it.
pub fn xiangqi_move(pos: &Position, m: Move, lang: Lang) -> String {
    match lang {
        Lang::En => xiangqi::move_to_wxf(pos, m),
        _ if lang.writes_traditional() => traditional(&xiangqi::move_to_chinese(pos, m)),
        _ => xiangqi::move_to_chinese(pos, m),
    }
}

/// The Simplified characters of Xiangqi move texts and pieces and their Traditional forms
/// (the game pages' script converts variation texts with the same table).
pub const TRADITIONAL: [(char, char); 6] = [
    ('马', '馬'),
    ('车', '車'),
    ('帅', '帥'),
    ('将', '將'),
    ('进', '進'),
    ('后', '後'),
];

/// A Simplified Chinese move text in Traditional characters (the characters of moves
/// only).
pub fn traditional(text: &str) -> String {
    text.chars()
        .map(|c| TRADITIONAL.iter().find(|(s, _)| *s == c).map_or(c, |t| t.1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_writes_the_opening_moves_its_way() {
        let mut pos = Position::startpos();
        let mut written = Vec::new();
        for iccs in ["h2e2", "h9g7"] {
            let m = Move::parse_iccs(iccs, false).unwrap();
            written.push(
                Lang::ALL
                    .iter()
                    .map(|&l| xiangqi_move(&pos, m, l))
                    .collect::<Vec<_>>(),
            );
            pos.make(m);
        }
        assert_eq!(written[0], ["C2=5", "炮二平五", "炮二平五", "炮二平五"]);
        assert_eq!(written[1], ["H8+7", "馬8進7", "马8进7", "馬8進7"]);
    }
}
