//! The rows of the server's pages rendered from the site's: what a player's page says when
//! no game seats the name asked for.

macro_rules! rows_served_pages {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            /// A player's page asked for a name no game of the archive seats (`{name}`), or
            /// for a pattern; the store's detail (the closest names) follows.
            UiNoSuchPlayer => [
                "No game of the archive seats the player {name}",
                "アーカイブに棋士 {name} の対局はありません",
                "档案中没有棋手 {name} 的棋局",
                "檔案中沒有棋手 {name} 的棋局",
            ],
        }
    };
}
