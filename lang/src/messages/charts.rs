//! The rows of charts.

macro_rules! rows_charts {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            NounOpening => ["opening", "序盤", "开局", "開局"],
            NounRule => ["rule", "規定", "规则", "規則"],
            NounEvent => ["event", "大会", "赛事", "賽事"],
            NounCode => ["code", "コード", "代码", "代碼"],
            NounEccoFamily => ["ECCO family", "序盤の系統", "开局大类", "開局大類"],
            NounDirectIndirect => ["direct and indirect openings", "直接・間接の珠型", "直接与间接开局", "直接與間接開局"],
            NounFinding => ["findings", "件の指摘", "项问题", "項問題"],
            NounDecade => ["decade", "年代", "年代", "年代"],
            NounYear => ["year", "年", "年份", "年份"],
            NounTable => ["table", "卓", "桌", "桌"],
            PoolOther => ["other", "その他", "其他", "其他"],
            PoolLabel => ["{name} (pooled: {n} {noun})", "{name}（{n} の{noun}をまとめる）", "{name}（合并 {n} 个{noun}）", "{name}（合併 {n} 個{noun}）"],
            PoolEvery => [
                "every {noun} has at least {min} games with a result",
                "どの{noun}も結果のある対局が {min} 局以上",
                "每个{noun}都至少有 {min} 局有结果的对局",
                "每個{noun}都至少有 {min} 局有結果的對局",
            ],
            PoolByFamily => [
                "{n} {noun} with fewer than {min} games with a result pooled by {family}, the rest into \"{other}\"",
                "結果のある対局が {min} 局未満の{noun} {n} 件を{family}ごとにまとめ、残りは「{other}」に",
                "有结果的对局少于 {min} 局的 {n} 个{noun}按{family}合并，其余并入“{other}”",
                "有結果的對局少於 {min} 局的 {n} 個{noun}按{family}合併，其餘併入「{other}」",
            ],
            PoolIntoOther => [
                "{n} {noun} with fewer than {min} games with a result pooled into \"{other}\"",
                "結果のある対局が {min} 局未満の{noun} {n} 件を「{other}」にまとめる",
                "有结果的对局少于 {min} 局的 {n} 个{noun}并入“{other}”",
                "有結果的對局少於 {min} 局的 {n} 個{noun}併入「{other}」",
            ],
            LongTail => [
                "the {n} {noun} with the most; {more} more with {sum} {counted} in all, not drawn",
                "多い順に {n} の{noun}。ほか {more} の{noun}（計 {sum} {counted}）は描かない",
                "最多的 {n} 个{noun}；另有 {more} 个共 {sum} {counted}，未绘出",
                "最多的 {n} 個{noun}；另有 {more} 個共 {sum} {counted}，未繪出",
            ],
            LargestDrawn => [
                "the {room} largest drawn, {more} more in the table",
                "大きい順に {room} を描き、ほか {more} は表に",
                "绘出最大的 {room} 个，另有 {more} 个见表",
                "繪出最大的 {room} 個，另有 {more} 個見表",
            ],
            BinsOf => ["{axis} (bins of {width})", "{axis}（{width} ごとの区間）", "{axis}（每 {width} 一组）", "{axis}（每 {width} 一組）"],
            NoData => ["no data", "データなし", "无数据", "無資料"],
            ScoreWithInterval => ["score, with its 95% interval", "得点率（95% 区間付き）", "得分率（附 95% 区间）", "得分率（附 95% 區間）"],
            ShareOfGamesWithResult => ["share of the games with a result", "結果のある対局に占める割合", "占有结果对局的比例", "佔有結果對局的比例"],
            AxisGames => ["games", "対局数", "局数", "局數"],
            LevelZero => ["level (0)", "互角（0）", "持平（0）", "持平（0）"],
            LegendWins => ["{side} wins", "{side}勝ち", "{side}胜", "{side}勝"],
            LegendScore => ["{side}'s score", "{side}の得点率", "{side}得分率", "{side}得分率"],
            LegendAhead => ["{side} ahead", "{side}優勢", "{side}领先", "{side}領先"],
            ChartNothingToDraw => ["no value to draw for the games selected", "選んだ対局には描く値がない", "所选对局没有可绘制的数值", "所選對局沒有可繪製的數值"],
            ChartNoRows => ["nothing to show for the games selected", "選んだ対局には示すものがない", "所选对局没有可显示的内容", "所選對局沒有可顯示的內容"],
            ChartUnderMinimum => ["too few games for the minimum stated above", "対局数が上に述べた最小数に満たない", "对局数少于上述最低数量", "對局數少於上述最低數量"],
            /// The link to a chart's SVG file.
            ChartVectorFile => ["SVG", "拡大できる画像", "矢量图", "向量圖"],
            /// The link to a chart's PNG file.
            ChartImageFile => ["PNG", "画像", "图片", "圖片"],
        }
    };
}
