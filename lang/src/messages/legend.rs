//! The rows of standings legend: made from each event's terms.

macro_rules! rows_legend {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            LegendScoring => [
                "A win scores {win}, a draw {draw}, a loss {loss}.",
                "勝ち {win} 点、引き分け {draw} 点、負け {loss} 点。",
                "胜得 {win} 分，和得 {draw} 分，负得 {loss} 分。",
                "勝得 {win} 分，和得 {draw} 分，負得 {loss} 分。",
            ],
            LegendPlaces => [
                "Places by points, then {tiebreaks}.",
                "順位は得点、次に{tiebreaks}で決める。",
                "名次依积分，其次{tiebreaks}。",
                "名次依積分，其次{tiebreaks}。",
            ],
            /// What joins the tie-breaks of a legend, in order.
            LegendThen => [", then ", "、次に", "，其次", "，其次"],
            LegendSonnebornBerger => [
                "Sonneborn-Berger: the points of the opponents beaten plus half the points of those drawn with.",
                "ゾンネボーン・ベルガー：勝った相手の得点と、引き分けた相手の得点の半分の和。",
                "索伯分：所胜对手的积分加上所和对手积分的一半。",
                "索伯分：所勝對手的積分加上所和對手積分的一半。",
            ],
            LegendBuchholz => [
                "Buchholz: the sum of the opponents' points.",
                "ブッフホルツ：対戦相手の得点の合計。",
                "布赫霍尔茨分：所有对手积分之和。",
                "布赫霍爾茨分：所有對手積分之和。",
            ],
            LegendBuchholzCut1 => [
                "Buchholz cut 1: Buchholz less the lowest opponent's points.",
                "ブッフホルツ（最低 1 除外）：ブッフホルツから最も得点の低い相手の得点を除いたもの。",
                "布赫霍尔茨分（去掉最低 1）：布赫霍尔茨分减去积分最低的对手的积分。",
                "布赫霍爾茨分（去掉最低 1）：布赫霍爾茨分減去積分最低的對手的積分。",
            ],
            LegendDirectEncounter => [
                "Direct encounter: the points scored against the others on the same points (– for a player alone on their points).",
                "直接対決：同じ得点の他の対局者から得た得点（同点者のいない対局者は –）。",
                "直接对局：对同积分其他棋手所得的积分（无同分者为 –）。",
                "直接對局：對同積分其他棋手所得的積分（無同分者為 –）。",
            ],
            LegendForfeit => [
                "F after a crosstable mark: a game scored without being played (a forfeit).",
                "対戦表の記号の後の F：指されずに得点がついた対局（不戦）。",
                "对阵表记号后的 F：未实际对弈而计分的对局（弃权）。",
                "對陣表記號後的 F：未實際對弈而計分的對局（棄權）。",
            ],
            /// A team table's title.
            TeamsTitle => [
                "Teams (matches {scoring}; by {criteria})",
                "チーム（対戦 {scoring}、{criteria}の順）",
                "团体（对抗 {scoring}；依{criteria}）",
                "團體（對抗 {scoring}；依{criteria}）",
            ],
            /// What joins the items of a short list.
            ListComma => [", ", "、", "、", "、"],
            MatchCaption => ["match", "番勝負", "对抗赛", "對抗賽"],
            MatchGames => ["match games", "番勝負の対局", "对抗赛对局", "對抗賽對局"],
            MatchIntro => [
                "{a} {score} {b} (a win 1, a draw ½ to each).",
                "{a} {score} {b}（勝ち 1、引き分けは各 ½）。",
                "{a} {score} {b}（胜 1 分，和各 ½ 分）。",
                "{a} {score} {b}（勝 1 分，和各 ½ 分）。",
            ],
            /// The title of a rating beside a player's name: the stored WHR rating at the
            /// event's last game date.
            /// The standings heading of the games that name no event.
            NoEventName => ["(no event)", "（大会名なし）", "（无赛事名）", "（無賽事名）"],
            RatingAsOf => [
                "kifu rating, as of {date}",
                "kifu のレーティング（{date} 時点）",
                "kifu 等级分（截至 {date}）",
                "kifu 等級分（截至 {date}）",
            ],
        }
    };
}
