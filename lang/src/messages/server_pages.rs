//! The rows of server: pages.

macro_rules! rows_server_pages {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            UiSiteTitle => ["kifu archive", "kifu 棋譜アーカイブ", "kifu 棋谱库", "kifu 棋譜庫"],
            UiHome => ["Archive", "アーカイブ", "棋谱库", "棋譜庫"],
            UiExplore => ["Explore positions", "局面を調べる", "探索局面", "探索局面"],
            UiInArchive => ["In the archive", "アーカイブの内容", "棋谱库内容", "棋譜庫內容"],
            UiSearchGames => ["Search games", "対局を検索", "搜索对局", "搜尋對局"],
            UiAnyKind => ["any kind", "すべての種目", "所有棋种", "所有棋種"],
            UiAnyResult => ["any result", "すべての結果", "所有结果", "所有結果"],
            UiUnknownResult => ["unknown", "不明", "未知", "未知"],
            UiDateFrom => ["from", "開始日", "起始日期", "起始日期"],
            UiDateTo => ["to", "終了日", "结束日期", "結束日期"],
            UiSortBy => ["sort by", "並び順", "排序", "排序"],
            UiSortId => ["number", "番号", "编号", "編號"],
            UiShowing => ["{shown} of {total} games", "{total} 局中 {shown} 局", "共 {total} 局，显示 {shown} 局", "共 {total} 局，顯示 {shown} 局"],
            UiMoreGames => ["Show more games", "さらに表示", "显示更多对局", "顯示更多對局"],
            UiNoGamesMatch => ["No games match.", "該当する対局はない。", "没有符合条件的对局。", "沒有符合條件的對局。"],
            UiLoading => ["Loading…", "読み込み中…", "载入中…", "載入中…"],
            UiServerSaid => ["The server answered: {message}", "サーバーの応答：{message}", "服务器答复：{message}", "伺服器答覆：{message}"],
            UiGameNumber => ["game", "対局", "对局", "對局"],
            UiResultsByYear => ["Results by year", "年別の成績", "按年份的成绩", "按年份的成績"],
            UiResultsByEvent => ["Results by event", "大会別の成績", "按赛事的成绩", "按賽事的成績"],
            UiRatingHistory => ["Rating history", "レーティングの推移", "等级分走势", "等級分走勢"],
            UiSpellings => ["Also written", "別表記", "其他写法", "其他寫法"],
            UiGamesByRound => ["Games by round", "回戦別の対局", "按轮次的对局", "按輪次的對局"],
            UiNoRound => ["no round recorded", "回戦の記録なし", "未记录轮次", "未記錄輪次"],
            UiNoStandings => ["No standings: no game of this event has named players.", "順位表なし：この大会の対局に対局者名がない。", "无排名：本赛事的对局没有棋手姓名。", "無排名：本賽事的對局沒有棋手姓名。"],
            UiLastUpdated => ["last updated {time}", "最終更新 {time}", "最后更新 {time}", "最後更新 {time}"],
            UiLiveNote => ["The standings and games update as games are added.", "対局が追加されると順位表と対局一覧が更新される。", "新增对局时，排名和对局列表会自动更新。", "新增對局時，排名和對局列表會自動更新。"],
            UiLiveLost => ["The live connection is lost; reload the page.", "ライブ接続が切れた。ページを再読み込みしてほしい。", "实时连接已中断，请重新载入页面。", "即時連線已中斷，請重新載入頁面。"],
        }
    };
}
