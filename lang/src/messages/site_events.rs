//! The rows of site events index (whole archives).

macro_rules! rows_site_events {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            Events => ["Events", "大会", "赛事", "賽事"],
            EventColumn => ["event", "大会", "赛事", "賽事"],
            DatesColumn => ["dates", "日程", "日期", "日期"],
            GamesColumn => ["games", "対局数", "局数", "局數"],
            PlayersColumn => ["players", "人数", "棋手数", "棋手數"],
            KindColumn => ["kind", "種目", "棋种", "棋種"],
            /// Where the events list of a page starts and ends.
            EventsShown => [
                "events {from}–{to} of {n}",
                "大会 {from}–{to}（全 {n}）",
                "赛事 {from}–{to}（共 {n} 项）",
                "賽事 {from}–{to}（共 {n} 項）",
            ],
            Pages => ["Pages", "ページ", "页", "頁"],
            AllEvents => ["All events", "すべての大会", "全部赛事", "全部賽事"],
            SearchEveryGame => [
                "player, event, round, opening or result",
                "対局者、大会、回戦、布局、結果",
                "棋手、赛事、轮次、布局或结果",
                "棋手、賽事、輪次、佈局或結果",
            ],
            /// Said while the search's index of every game loads.
            SearchLoading => ["Loading the games…", "対局を読み込み中…", "正在载入对局…", "正在載入對局…"],
            /// More games match than the list shows.
            SearchFirstShown => [
                "The first {shown} are listed; add words to narrow the search.",
                "最初の {shown} 局を表示しています。語を加えて絞り込んでください。",
                "仅列出前 {shown} 局；请添加关键词缩小范围。",
                "僅列出前 {shown} 局；請添加關鍵詞縮小範圍。",
            ],
            Venue => ["venue: {venue}", "会場：{venue}", "地点：{venue}", "地點：{venue}"],
        }
    };
}
