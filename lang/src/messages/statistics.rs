//! The rows of statistics tables titled nowhere else (analysis's registry).

macro_rules! rows_statistics {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            ByOpeningRuleAndOpening => ["By opening rule and canonical opening", "開局規定と珠型別", "按开局规则和标准开局", "按開局規則和標準開局"],
            TerritorialScores => ["Scores per game", "対局ごとの得点", "各局得分", "各局得分"],
        }
    };
}
