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

    // ---- site events index (whole archives) -----------------------------------------

    // ---- games table ----------------------------------------------------------------

    // ---- game pages -----------------------------------------------------------------
    GameNumbered => ["game {n}", "対局 {n}", "对局 {n}", "對局 {n}"],
    SiteIndex => ["index", "目次", "目录", "目錄"],
    BoardLabel => ["board", "盤面", "棋盘", "棋盤"],
    ToStart => ["start (Home)", "最初へ (Home)", "开局 (Home)", "開局 (Home)"],
    StepBack => ["back (←)", "一手戻る (←)", "后退一步 (←)", "後退一步 (←)"],
    StepForward => ["forward (→)", "一手進む (→)", "前进一步 (→)", "前進一步 (→)"],
    ToEnd => ["end (End)", "最後へ (End)", "终局 (End)", "終局 (End)"],
    BackToMainLine => ["← back to the main line", "← 本譜に戻る", "← 返回主线", "← 返回主線"],
    MovesHeading => ["Moves", "棋譜", "棋谱", "棋譜"],
    CommentsHeading => ["Comments", "コメント", "评注", "評註"],
    FindingsHeading => ["Findings", "検出事項", "审核发现", "審核發現"],
    NoFindings => ["no findings", "検出事項なし", "无审核发现", "無審核發現"],
    MoveAt => ["move {n}", "{n} 手目", "第 {n} 步", "第 {n} 步"],
    ActionAt => ["action {n}", "{n} 手目の操作", "第 {n} 手", "第 {n} 手"],
    VariationMoveAt => ["variation move {n}", "変化 {n} 手目", "变着第 {n} 步", "變著第 {n} 步"],
    MoveNote => ["{at}: {move}", "{at}: {move}", "{at}：{move}", "{at}：{move}"],
    StartPosition => ["start position", "初期局面", "初始局面", "初始局面"],
    VariationWord => ["variation", "変化", "变着", "變著"],
    NotPlayableBoard => [
        "not playable, the board before it",
        "指せない手、その前の局面",
        "无法走出，显示此前局面",
        "無法走出，顯示此前局面",
    ],
    EventLabel => ["event", "大会", "赛事", "賽事"],
    RoundLabel => ["round", "ラウンド", "轮次", "輪次"],
    DateLabel => ["date", "日付", "日期", "日期"],
    RuleLabel => ["rule", "ルール", "规则", "規則"],
    ResultLabel => ["result", "結果", "结果", "結果"],
    OpeningLabel => ["opening", "序盤", "开局", "開局"],
    SourceLabel => ["source", "出典", "来源", "來源"],
    RedSide => ["red", "赤", "红方", "紅方"],
    BlackSide => ["black", "黒", "黑方", "黑方"],
    WhiteSide => ["white", "白", "白方", "白方"],
    SeatWins => ["{seat} wins", "{seat} の勝ち", "{seat} 胜", "{seat} 勝"],
    ResultsCompared => [
        "recorded {recorded}, counted {counted}, board {board} ({termination})",
        "記録 {recorded}、集計 {counted}、盤面 {board} ({termination})",
        "记录 {recorded}，计分 {counted}，棋盘 {board}（{termination}）",
        "記錄 {recorded}，計分 {counted}，棋盤 {board}（{termination}）",
    ],
    GameOverAt => [
        "game over at move {n}: {verdict}",
        "{n} 手目で終局: {verdict}",
        "第 {n} 步终局：{verdict}",
        "第 {n} 步終局：{verdict}",
    ],
    CannotReplay => [
        "the moves cannot be replayed: {why}",
        "指し手を再生できません: {why}",
        "无法重放着法：{why}",
        "無法重放著法：{why}",
    ],
    BoardStopsAt => [
        "the board stops at move {n}: the record goes on after the game's end",
        "盤面は {n} 手目で止まります: 記録は終局後も続いています",
        "棋盘停在第 {n} 步：记录在终局后仍有着法",
        "棋盤停在第 {n} 步：記錄在終局後仍有著法",
    ],
    VariationLines => ["{n} variation line|{n} variation lines", "変化 {n} 本", "变着 {n} 条", "變著 {n} 條"],
    VariationMoves => ["{n} move|{n} moves", "{n} 手", "{n} 步", "{n} 步"],
    VariationsSummary => [
        "{lines}, {moves}, listed where they branch: click a variation move to see its board (◀ ▶ then walk along its line).",
        "{lines}、{moves}。分岐する位置に記載: 変化の手をクリックするとその局面を表示します（◀ ▶ でその変化をたどれます）。",
        "{lines}，{moves}，列在分支之处：点击变着可查看其局面（再用 ◀ ▶ 沿该变着走）。",
        "{lines}，{moves}，列在分支之處：點擊變著可查看其局面（再用 ◀ ▶ 沿該變著走）。",
    ],
    VariationsCut => [
        "the list shows the first {shown} of the record's {total} variation moves, to keep the page small; {command} lists them all.",
        "ページを小さく保つため、記録の変化 {total} 手のうち最初の {shown} 手を表示しています。すべては {command} で表示できます。",
        "为控制页面大小，仅列出记录中 {total} 步变着的前 {shown} 步；{command} 可列出全部。",
        "為控制頁面大小，僅列出記錄中 {total} 步變著的前 {shown} 步；{command} 可列出全部。",
    ],
    VariationsAsWritten => [
        "the variations are listed as written, not replayed: {why}",
        "変化は記録のとおりに記載し、再生していません: {why}",
        "变着按原记录列出，未重放：{why}",
        "變著按原記錄列出，未重放：{why}",
    ],
    VariationsNotPlayableNote => [
        "moves marked “not playable” are ones kifu could not play (and those after them in their line): they are written as the record has them, and the board stays at the last move it could play.",
        "「指せない手」と記した手は kifu が指せなかった手（とその変化でそれ以降の手）です。記録のとおりに記載し、盤面は指せた最後の手のまま止まります。",
        "标为“无法走出”的着法是 kifu 无法走出的着法（及其所在变着中其后的着法）：按原记录列出，棋盘停在最后一步可走出的着法。",
        "標為「無法走出」的著法是 kifu 無法走出的著法（及其所在變著中其後的著法）：按原記錄列出，棋盤停在最後一步可走出的著法。",
    ],
    NotPlayable => ["not playable", "指せない手", "无法走出", "無法走出"],
    NotPlayableTitle => [
        "not playable: kifu could not play this move (or one before it in its line); it is written as the record has it",
        "指せない手: kifu はこの手（またはその変化でこれより前の手）を指せませんでした。記録のとおりに記載しています",
        "无法走出：kifu 无法走出此着（或其所在变着中此前的一着）；按原记录列出",
        "無法走出：kifu 無法走出此著（或其所在變著中此前的一著）；按原記錄列出",
    ],
    BlacksForbiddenPoints => ["Black's forbidden points: {list}", "黒の禁手点: {list}", "黑方禁手点：{list}", "黑方禁手點：{list}"],
    ForbiddenPoint => ["forbidden: {kind}", "禁手: {kind}", "禁手：{kind}", "禁手：{kind}"],
    DoubleThree => ["double-three", "三三", "三三", "三三"],
    DoubleFour => ["double-four", "四四", "四四", "四四"],
    Overline => ["overline", "長連", "长连", "長連"],
    ForbiddenOnMainLine => [
        "Black's forbidden points are marked on the main line's boards",
        "黒の禁手点は本譜の盤面に表示されます",
        "黑方禁手点标在主线的棋盘上",
        "黑方禁手點標在主線的棋盤上",
    ],
    WhiteHand => ["White hand: {pieces}", "白の持ち駒: {pieces}", "白方手中：{pieces}", "白方手中：{pieces}"],
    BlackHand => ["Black hand: {pieces}", "黒の持ち駒: {pieces}", "黑方手中：{pieces}", "黑方手中：{pieces}"],

    // ---- charts ---------------------------------------------------------------------

    // ---- report ---------------------------------------------------------------------

    // ---- print and PDF --------------------------------------------------------------
}
