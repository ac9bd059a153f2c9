//! The rows of games table.

macro_rules! rows_games_table {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            GameColumn => ["game", "対局", "对局", "對局"],
            RoundColumn => ["round", "回戦", "轮次", "輪次"],
            BoardColumn => ["board", "台", "台次", "台次"],
            TeamsColumn => ["teams", "チーム", "队伍", "隊伍"],
            ResultColumn => ["result", "結果", "结果", "結果"],
            OpeningColumn => ["opening", "布局", "布局", "佈局"],
            PliesColumn => ["plies", "手数", "步数", "步數"],
            FindingsColumn => ["e/w/i", "誤/警/情", "错/警/信", "錯/警/信"],
            FindingsColumnTitle => [
                "errors / warnings / info",
                "エラー／警告／情報",
                "错误／警告／信息",
                "錯誤／警告／資訊",
            ],
            SearchGames => [
                "player, round, opening or result",
                "対局者、回戦、布局、結果",
                "棋手、轮次、布局或结果",
                "棋手、輪次、佈局或結果",
            ],
            /// `{shown}` is the count the search box updates.
            GamesShown => [
                "{shown} of {n} games shown",
                "{n} 局中 {shown} 局を表示",
                "显示 {shown} / {n} 局",
                "顯示 {shown} / {n} 局",
            ],
            NoMatch => [
                "No game matches the search.",
                "検索に合う対局はありません。",
                "没有符合搜索的对局。",
                "沒有符合搜尋的對局。",
            ],
            /// The result that counts, and the recorded one that differs (the board decided).
            RecordedResult => [
                "{counted} (recorded {recorded})",
                "{counted}（記録では {recorded}）",
                "{counted}（记录为 {recorded}）",
                "{counted}（記錄為 {recorded}）",
            ],
            /// The public edition's length column: every move of either side counted.
            MovesColumn => ["moves", "手数", "步数", "步數"],
        }
    };
}
