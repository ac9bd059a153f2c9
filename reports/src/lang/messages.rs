//! The message table: one row per label, its texts in English, Japanese, Simplified and
//! Traditional Chinese (the order of [`super::Lang`]). Rows are grouped by where they are
//! shown; add a row in its group.

macro_rules! messages {
    ($($(#[$doc:meta])* $name:ident => [$en:expr, $ja:expr, $hans:expr, $hant:expr $(,)?],)*) => {
        /// A label, caption, heading or message of the published pages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Msg {
            $($(#[$doc])* $name,)*
        }

        impl Msg {
            /// Every message, in table order.
            pub const ALL: &'static [Msg] = &[$(Msg::$name,)*];

            /// The texts in the order of [`super::Lang::ALL`].
            pub(super) fn texts(self) -> [&'static str; 4] {
                match self {
                    $(Msg::$name => [$en, $ja, $hans, $hant],)*
                }
            }
        }
    };
}

messages! {
    // ---- shared: games, results, sides --------------------------------------------
    GameCount => ["{n} game|{n} games", "{n} 局", "{n} 局", "{n} 局"],
    PlayerCount => ["{n} player|{n} players", "{n} 人", "{n} 名棋手", "{n} 名棋手"],
    EventCount => ["{n} event|{n} events", "{n} 大会", "{n} 项赛事", "{n} 項賽事"],
    Draw => ["draw", "引き分け", "和棋", "和棋"],
    NoResult => ["no result", "結果なし", "无结果", "無結果"],
    Footer => [
        "Made with kifu",
        "kifu で作成",
        "由 kifu 生成",
        "由 kifu 生成",
    ],

    // ---- site index -----------------------------------------------------------------
    Standings => ["Standings", "順位表", "排名", "排名"],
    Crosstable => ["Crosstable", "対戦表", "对阵表", "對陣表"],
    Games => ["Games", "対局", "对局", "對局"],
    Search => ["Search", "検索", "搜索", "搜尋"],
    /// The audit edition's line above an index's title.
    SiteKicker => ["kifu event site", "kifu 大会サイト", "kifu 赛事网站", "kifu 賽事網站"],
    Audit => ["Audit", "監査", "审核", "審核"],
    Charts => ["Charts", "グラフ", "图表", "圖表"],
    NoStandings => [
        "No game has two named players to table.",
        "順位表にできる、対局者が二人とも名のある対局はありません。",
        "没有双方棋手都有姓名的对局可列排名。",
        "沒有雙方棋手都有姓名的對局可列排名。",
    ],
    StandingsIntroPoints => [
        "Two-player games score 1 for a win, ½ for a draw; places by points, then Sonneborn-Berger, then wins. In a crosstable +n is a win against line n, =n a draw, −n a loss (each a link to the game), ? a game without a result, ⚠ a round without a game, “bye” a round sat out.",
        "二人対局は勝ち 1 点、引き分け ½ 点。順位は得点、次に SB（ゾンネボルン・ベルガー）、次に勝数で決まります。対戦表の +n は n 行目の相手への勝ち、=n は引き分け、−n は負け（それぞれ対局へのリンク）、? は結果のない対局、⚠ は対局のない回戦、「不戦」は休みの回戦です。",
        "双人对局胜得 1 分，和得 ½ 分；名次依积分，其次 SB（索内伯恩-伯格分），其次胜局数。对阵表中 +n 为胜第 n 行棋手，=n 为和，−n 为负（均链接至对局），? 为无结果的对局，⚠ 为无对局的轮次，“轮空”为轮空的轮次。",
        "雙人對局勝得 1 分，和得 ½ 分；名次依積分，其次 SB（索內伯恩-伯格分），其次勝局數。對陣表中 +n 為勝第 n 行棋手，=n 為和，−n 為負（均連結至對局），? 為無結果的對局，⚠ 為無對局的輪次，「輪空」為輪空的輪次。",
    ],
    StandingsIntroChouChou => [
        "ChouChou: the federation's standings (wins, points, best bonus, worst penalty) and score sheet (○ won, × lost, the round's points; each a link to the game).",
        "チョウチョウ：連盟の順位表（勝数、得点、最高ボーナス、最低ペナルティ）と得点表（○ 勝ち、× 負け、その回戦の得点。それぞれ対局へのリンク）。",
        "丑丑棋：协会的排名（胜局、积分、最高奖分、最低罚分）与记分表（○ 胜，× 负，该轮积分；均链接至对局）。",
        "丑丑棋：協會的排名（勝局、積分、最高獎分、最低罰分）與記分表（○ 勝，× 負，該輪積分；均連結至對局）。",
    ],
    NoFindings => [
        "No findings in these games.",
        "これらの対局に指摘事項はありません。",
        "这些对局没有发现问题。",
        "這些對局沒有發現問題。",
    ],
    FindingCode => ["code", "コード", "代码", "代碼"],
    FindingSeverity => ["severity", "重大度", "严重程度", "嚴重程度"],
    Findings => ["findings", "指摘", "问题", "問題"],
    /// A finding's place: its game and ply.
    GameAtPly => ["game {game}, ply {ply}", "対局 {game}、{ply} 手目", "对局 {game}，第 {ply} 步", "對局 {game}，第 {ply} 步"],
    GameNumbered => ["game {game}", "対局 {game}", "对局 {game}", "對局 {game}"],
    Quarantined => ["(quarantined)", "（隔離）", "（已隔离）", "（已隔離）"],

    // ---- site events index (whole archives) -----------------------------------------
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
    KindRenju => ["Renju", "連珠", "连珠", "連珠"],
    KindXiangqi => ["Xiangqi", "シャンチー", "象棋", "象棋"],
    KindTerritorial => ["Territorial", "陣取り", "领地棋", "領地棋"],
    KindChouChou => ["ChouChou", "チョウチョウ", "丑丑棋", "丑丑棋"],
    Venue => ["venue: {venue}", "会場：{venue}", "地点：{venue}", "地點：{venue}"],

    // ---- games table ----------------------------------------------------------------
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

    // ---- game pages -----------------------------------------------------------------

    // ---- charts ---------------------------------------------------------------------

    // ---- report ---------------------------------------------------------------------

    // ---- print and PDF --------------------------------------------------------------
}
