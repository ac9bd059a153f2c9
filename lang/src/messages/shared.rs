//! The rows of shared: games, results, sides.

macro_rules! rows_shared {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            GameCount => ["{n} game|{n} games", "{n} 局", "{n} 局", "{n} 局"],
            PlayerCount => ["{n} player|{n} players", "{n} 人", "{n} 名棋手", "{n} 名棋手"],
            EventCount => ["{n} event|{n} events", "{n} 大会", "{n} 项赛事", "{n} 項賽事"],
            Draw => ["draw", "引き分け", "和棋", "和棋"],
            NoResult => ["no result", "結果なし", "无结果", "無結果"],
            SeatWins => ["{seat} wins", "{seat} 勝ち", "{seat} 胜", "{seat} 勝"],
            Footer => [
                "Made with kifu",
                "kifu で作成",
                "由 kifu 生成",
                "由 kifu 生成",
            ],
        }
    };
}
