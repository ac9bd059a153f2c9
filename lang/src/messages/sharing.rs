//! The rows of sharing: what a shared link's preview says a page is (`og:description`),
//! the record downloads, the embeddable pages, and counts that say what they count.

macro_rules! rows_sharing {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            /// A shared link's preview of an event's page.
            ShareEventPage => [
                "Standings, crosstable and games",
                "順位表・対戦表・棋譜",
                "排名、对阵表与棋局",
                "排名、對陣表與棋局",
            ],
            /// A shared link's preview of an archive's events index.
            ShareEventsIndex => ["Events and their games", "大会とその棋譜", "赛事及其棋局", "賽事及其棋局"],
            /// A shared link's preview of a player's page.
            SharePlayerPage => [
                "A player's results and games",
                "棋士の成績と棋譜",
                "棋手的成绩与棋局",
                "棋手的成績與棋局",
            ],
            /// A shared link's preview of a game's page.
            ShareGamePage => [
                "The game, replayable move by move",
                "一手ずつ再生できる棋譜",
                "可逐步回放的棋局",
                "可逐步回放的棋局",
            ],
            /// A shared link's preview of the report.
            ShareReport => [
                "Report: standings, statistics and games",
                "レポート：順位表・統計・棋譜",
                "报告：排名、统计与棋局",
                "報告：排名、統計與棋局",
            ],
            /// A game page's link to its record file.
            DownloadRecord => ["Download the record", "棋譜をダウンロード", "下载棋谱", "下載棋譜"],
            /// An event index's link to every game's record in one file.
            DownloadEventRecords => [
                "Download every game's record",
                "全対局の棋譜をダウンロード",
                "下载全部对局的棋谱",
                "下載全部對局的棋譜",
            ],
            /// An archive's event count, and how many of the events hold one game.
            EventCountOfOne => [
                "{n} events, {one} of one game",
                "{n} 大会（うち {one} 大会は1局のみ）",
                "{n} 项赛事，其中 {one} 项仅一局",
                "{n} 項賽事，其中 {one} 項僅一局",
            ],
        }
    };
}
