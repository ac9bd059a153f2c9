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

    // ---- charts ---------------------------------------------------------------------

    // ---- report ---------------------------------------------------------------------

    // ---- print and PDF --------------------------------------------------------------
}
