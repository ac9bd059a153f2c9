//! The rows of audit decisions entered in the browser (kifu serve).

macro_rules! rows_audit {
    ([$next:ident $($rest:ident)*] $($rows:tt)*) => {
        $next! { [$($rest)*] $($rows)*
            DecideToken => ["Auditor's token", "監査用トークン", "审核令牌", "審核權杖"],
            DecideUseToken => ["Use token", "トークンを使う", "使用令牌", "使用權杖"],
            DecideForgetToken => ["Forget token", "トークンを消す", "清除令牌", "清除權杖"],
            DecideBy => ["Your name", "記入者", "审核人", "審核人"],
            DecideReason => ["Reason", "理由", "理由", "理由"],
            DecideConfirm => ["Confirm the finding", "指摘を確認", "确认此问题", "確認此問題"],
            DecideDismiss => ["Dismiss the finding", "指摘を却下", "驳回此问题", "駁回此問題"],
            DecideCorrect => ["Correct the result", "結果を訂正", "更正结果", "更正結果"],
            DecideResult => ["Result", "結果", "结果", "結果"],
            DecideWritten => [
                "Written to the curation file, line {line}",
                "整備ファイルの {line} 行目に記入",
                "已写入整理文件第 {line} 行",
                "已寫入整理檔案第 {line} 行",
            ],
            DecideRefused => ["Refused: {error}", "拒否：{error}", "被拒绝：{error}", "被拒絕：{error}"],
            DecideNeedToken => [
                "Enter the auditor's token first.",
                "先に監査用トークンを入力してください。",
                "请先输入审核令牌。",
                "請先輸入審核權杖。",
            ],
        }
    };
}
