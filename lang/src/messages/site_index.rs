//! The rows of site index.

macro_rules! rows_site_index {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            Standings => ["Standings", "順位表", "排名", "排名"],
            Crosstable => ["Crosstable", "対戦表", "对阵表", "對陣表"],
            Games => ["Games", "対局", "对局", "對局"],
            Search => ["Search", "検索", "搜索", "搜尋"],
            /// The audit edition's line above an index's title.
            SiteKicker => ["kifu event site", "kifu 大会サイト", "kifu 赛事网站", "kifu 賽事網站"],
            Charts => ["Charts", "グラフ", "图表", "圖表"],
            NoStandings => [
                "No game has two named players to table.",
                "順位表にできる、対局者が二人とも名のある対局はありません。",
                "没有双方棋手都有姓名的对局可列排名。",
                "沒有雙方棋手都有姓名的對局可列排名。",
            ],
            SiteStandingsIntroPoints => [
                "Each table's legend gives its event's scoring and tie-breaks; a mark in bold is what decided the place. In a crosstable +n is a win against line n, =n a draw, −n a loss (each a link to the game), ? a game without a result, ⚠ a round without a game, “bye” a round sat out. An event of two players is shown as a match.",
                "各表の凡例に大会の得点と同点時の基準を示す。太字はその順位を決めた値。対戦表の +n は n 行目の相手への勝ち、=n は引き分け、−n は負け（それぞれ対局へのリンク）、? は結果のない対局、⚠ は対局のない回戦、「休み」は休みの回戦。二人だけの大会は番勝負として示す。",
                "各表的图例给出该赛事的计分与同分时的比较标准；粗体为决定名次的数值。对阵表中 +n 为胜第 n 行棋手，=n 为和，−n 为负（均链接至对局），? 为无结果的对局，⚠ 为无对局的轮次，“轮空”为轮空的轮次。只有两名棋手的赛事以对抗赛显示。",
                "各表的圖例給出該賽事的計分與同分時的比較標準；粗體為決定名次的數值。對陣表中 +n 為勝第 n 行棋手，=n 為和，−n 為負（均連結至對局），? 為無結果的對局，⚠ 為無對局的輪次，「輪空」為輪空的輪次。只有兩名棋手的賽事以對抗賽顯示。",
            ],
            SiteStandingsIntroChouChou => [
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
            FindingsWord => ["findings", "指摘", "问题", "問題"],
            /// A finding's place: its game and ply.
            GameAtPly => ["game {game}, ply {ply}", "対局 {game}、{ply} 手目", "对局 {game}，第 {ply} 步", "對局 {game}，第 {ply} 步"],
            FindingGame => ["game {game}", "対局 {game}", "对局 {game}", "對局 {game}"],
            Quarantined => ["(quarantined)", "（隔離）", "（已隔离）", "（已隔離）"],
        }
    };
}
