//! The rows of server: explorer.

macro_rules! rows_explorer {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            ExplorerTitle => ["Explorer", "局面エクスプローラー", "局面浏览器", "局面瀏覽器"],
            ExplorerArchive => ["Archive", "アーカイブ", "棋谱库", "棋譜庫"],
            ExplorerGame => ["game", "種目", "棋种", "棋種"],
            ExplorerMoves => ["moves", "手順", "着法", "著法"],
            ExplorerPlayer => ["player", "対局者", "棋手", "棋手"],
            ExplorerFrom => ["from", "開始日", "起始日期", "起始日期"],
            ExplorerTo => ["to", "終了日", "截止日期", "截止日期"],
            ExplorerRuleset => ["rules", "ルール", "规则", "規則"],
            ExplorerRulesetRenju => ["Renju rules", "連珠ルール", "连珠规则", "連珠規則"],
            ExplorerRulesetFreestyle => ["free-style gomoku", "自由五目並べ", "自由五子棋", "自由五子棋"],
            ExplorerRulesetAll => ["both", "両方", "两者", "兩者"],
            ExplorerVariant => ["board", "盤", "棋盘", "棋盤"],
            ExplorerSeats => ["players", "人数", "人数", "人數"],
            ExplorerPairs => ["in pairs", "ペア戦", "双人组队", "雙人組隊"],
            ExplorerApply => ["Explore", "表示", "查看", "查看"],
            ExplorerStart => ["start", "最初へ", "回到开局", "回到開局"],
            ExplorerBack => ["back", "戻る", "后退", "後退"],
            ExplorerForward => ["forward", "進む", "前进", "前進"],
            ExplorerToMove => ["{side} to move", "{side}の手番", "轮到{side}", "輪到{side}"],
            ExplorerHelpRenju => [
                "Click an empty point to play it, or a move in the table.",
                "空いている点をクリックすると打てます。表の手も選べます。",
                "点击空点落子，或点击表中的着法。",
                "點擊空點落子，或點擊表中的著法。",
            ],
            ExplorerHelpXiangqi => [
                "Click a piece, then where it goes; or a move in the table.",
                "駒をクリックし、次に行き先をクリックします。表の手も選べます。",
                "先点击棋子，再点击目标位置；或点击表中的着法。",
                "先點擊棋子，再點擊目標位置；或點擊表中的著法。",
            ],
            ExplorerHelpTable => [
                "Click a move in the table to play it, or write the moves above.",
                "表の手をクリックするか、上に手順を書いてください。",
                "点击表中的着法，或在上方输入着法。",
                "點擊表中的著法，或在上方輸入著法。",
            ],
            ExplorerColMove => ["move", "手", "着法", "著法"],
            ExplorerColScore => ["{side}'s score (95%)", "{side}の得点率 (95%)", "{side}得分率 (95%)", "{side}得分率 (95%)"],
            ExplorerColContinuation => ["continuation", "続き", "后续", "後續"],
            ExplorerColGame => ["game", "対局", "对局", "對局"],
            ExplorerColPly => ["ply", "手目", "步", "步"],
            ExplorerColPlayers => ["players", "対局者", "棋手", "棋手"],
            ExplorerReached => [
                "{n} games reach this position; {ended} end in it.",
                "この局面に至った対局 {n} 局、ここで終わった対局 {ended} 局。",
                "到达此局面的对局 {n} 局，其中 {ended} 局在此结束。",
                "到達此局面的對局 {n} 局，其中 {ended} 局在此結束。",
            ],
            ExplorerNoGame => [
                "No game reaches this position.",
                "この局面に至った対局はありません。",
                "没有对局到达此局面。",
                "沒有對局到達此局面。",
            ],
            ExplorerGamesHeading => ["Games reaching this position", "この局面に至った対局", "到达此局面的对局", "到達此局面的對局"],
            ExplorerMoreGames => ["… and {n} more", "…ほか {n} 局", "……另有 {n} 局", "……另有 {n} 局"],
            ExplorerLoading => ["Loading…", "読み込み中…", "加载中…", "載入中…"],
            ExplorerRefused => ["Not answered: {message}", "回答できません: {message}", "无法回答：{message}", "無法回答：{message}"],
        }
    };
}
