//! The rows of scores as the public reads them: a percentage with the count of games it
//! is taken over (`83.3 % of 9 games`), never a bare rate.

macro_rules! rows_scores {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            /// A player's score over the games with a result: `{score}` the percentage
            /// (one decimal), `{n}` those games.
            ScoreOfGames => [
                "{score} % of {n} game|{score} % of {n} games",
                "{n} 局中 {score} %",
                "{n} 局中 {score} %",
                "{n} 局中 {score} %",
            ],
        }
    };
}
