"""kifu's summary tables in Spark SQL, over the views games, findings, quarantine and
sources of a dataset in kifu's data contract (`_schema.json`). Each table has the name,
columns, rows and order of the same table in `kifu stats --format json`; the counting
rules are the contract's: counted_result only, first copies only, unclassified games out,
Renju rules only in the Renju balance (free-style gomoku has its own).
"""

Z = 1.959964  # the 97.5% normal quantile of kifu's Wilson bounds


# `(none)` for a missing grouping value, as kifu's tables write it.
def or_none(column):
    return f"coalesce(nullif(trim({column}), ''), '(none)')"


# A rule as kifu's tables show it: its name with the recorded id beside it,
# `Yamaguchi (renjunet:5)`, where the contract's rule_name names it, else as recorded.
SHOWN_RULE = f"""
    CASE WHEN nullif(trim(rule), '') IS NOT NULL AND rule_name IS NOT NULL
         THEN concat(rule_name, ' (', rule, ')') ELSE {or_none("rule")} END"""


def renju_games(results_only_formats):
    """The games the balance counts, as kifu does: by the Renju rules, at least 3 moves (they
    reached an opening) or a result without moves (a record of a results file: one of the
    contract's `results_only_formats`, no length), not forfeits (no `forfeit-result`
    finding)."""
    formats = ", ".join("'" + f.replace("'", "''") + "'" for f in results_only_formats)
    results_only = f"format IN ({formats})" if formats else "FALSE"
    return f"""
    SELECT {SHOWN_RULE} AS rule, opening, CAST(year AS STRING) AS year,
           counted_result AS r, swapped,
           CASE WHEN {results_only} THEN NULL ELSE plies END AS plies
    FROM games WHERE kind = 'renju' AND ruleset = 'renju' AND first_copy
      AND (plies >= 3 OR {results_only})
      AND game_key NOT IN (
        SELECT record_key FROM findings WHERE code = 'forfeit-result' AND game_id IS NOT NULL)
"""

# D1..D13, then I1..I13, then anything else (kifu's opening_key).
OPENING_ORDER = """
    CASE WHEN opening LIKE 'D%' THEN coalesce(CAST(substr(opening, 2) AS INT), 99)
         WHEN opening LIKE 'I%' THEN 100 + coalesce(CAST(substr(opening, 2) AS INT), 99)
         ELSE 1000 END
"""


def renju_balance(results_only_formats, keys, where="TRUE"):
    """Black's score per group of `keys` (rule, opening, year): the games, results, wins,
    draws, the score with its 95% Wilson bounds, the swap rate and the mean length."""
    group = ", ".join(keys)
    select = group + ", " if keys else ""
    order = ", ".join(OPENING_ORDER if k == "opening" else k for k in keys)
    return f"""
    WITH t AS (
        SELECT {select}
               count(*) AS games,
               count(r) AS results,
               count(CASE WHEN r = 'black' THEN 1 END) AS black_wins,
               count(CASE WHEN r = 'white' THEN 1 END) AS white_wins,
               count(CASE WHEN r = 'draw' THEN 1 END) AS draws,
               count(swapped) AS swap_known,
               count(CASE WHEN swapped THEN 1 END) AS swap_yes,
               avg(plies) AS mean_plies
        FROM ({renju_games(results_only_formats)}) WHERE {where}
        {"GROUP BY " + group if keys else ""}
    ), s AS (
        SELECT *, CASE WHEN results > 0 THEN (black_wins + draws * 0.5D) / results END
                  AS black_score
        FROM t
    )
    SELECT {select} games, results, black_wins, white_wins, draws, black_score,
           {wilson('black_score')},
           CASE WHEN swap_known > 0 THEN swap_yes / CAST(swap_known AS DOUBLE) END AS swap_rate,
           mean_plies
    FROM s
    {"ORDER BY " + order if keys else ""}
    """


def wilson(score):
    """The 95% Wilson interval of the first mover's `score` over `results`, as kifu's
    score columns (`wilson_low`, `wilson_high`): one formula for every score table."""
    return f"""
           CASE WHEN results > 0 THEN
             ({score} + {Z}D * {Z}D / (2 * results)
              - {Z}D * sqrt({score} * (1 - {score}) / results
                            + {Z}D * {Z}D / (4D * results * results)))
             / (1 + {Z}D * {Z}D / results) END AS wilson_low,
           CASE WHEN results > 0 THEN
             ({score} + {Z}D * {Z}D / (2 * results)
              + {Z}D * sqrt({score} * (1 - {score}) / results
                            + {Z}D * {Z}D / (4D * results * results)))
             / (1 + {Z}D * {Z}D / results) END AS wilson_high"""


XIANGQI_OPENING = """
    coalesce(nullif(trim(opening), ''), nullif(trim(opening_name), ''), '(none)')
"""
# The ECCO family: the letter of a code A00-E99 (full-width and lower case read too).
XIANGQI_FAMILY = """
    CASE WHEN upper(translate(trim(opening), 'ＡＢＣＤＥａｂｃｄｅ０１２３４５６７８９',
                              'ABCDEabcde0123456789')) RLIKE '^[A-E][0-9][0-9]$'
         THEN upper(translate(substr(trim(opening), 1, 1), 'ＡＢＣＤＥａｂｃｄｅ', 'ABCDEabcde'))
         ELSE '(none)' END
"""


def xiangqi_results(label, key):
    """Red's score per `label` (opening or family): most games first."""
    return f"""
    WITH t AS (
        SELECT {key} AS {label},
               count(*) AS games,
               count(CASE WHEN counted_result IN ('red', 'black', 'draw') THEN 1 END) AS results,
               count(CASE WHEN counted_result = 'red' THEN 1 END) AS red_wins,
               count(CASE WHEN counted_result = 'black' THEN 1 END) AS black_wins,
               count(CASE WHEN counted_result = 'draw' THEN 1 END) AS draws
        FROM games WHERE kind = 'xiangqi' AND first_copy
        GROUP BY 1
    ), s AS (
        SELECT *, CASE WHEN results > 0 THEN (red_wins + draws * 0.5D) / results END
                  AS red_score
        FROM t
    )
    SELECT {label}, games, results, red_wins, black_wins, draws, red_score,
           {wilson('red_score')}
    FROM s ORDER BY games DESC, {label}
    """


# A finding counts when its game is a first copy, or it is not a game's (a quarantined
# record's, a file's). Its source is the file with `!member` inside an archive.
# Findings of first copies and of unreadable records; as kifu's default, not those of
# free-style gomoku games (`kifu stats --ruleset freestyle` has them).
FINDING_ROWS = f"""
    SELECT CASE WHEN coalesce(g.member, q.member, '') = '' THEN s.path
                ELSE s.path || '!' || coalesce(g.member, q.member) END AS source,
           {or_none("g.event")} AS event,
           coalesce(g.kind, 'unreadable') AS kind,
           x.code, x.severity, x.record_key AS record
    FROM findings x
    JOIN sources s ON s.sha256 = x.source_sha256
    LEFT JOIN games g ON g.game_key = x.record_key AND x.game_id IS NOT NULL
    LEFT JOIN quarantine q ON q.record_key = x.record_key AND x.quarantine_id IS NOT NULL
    WHERE (x.game_id IS NULL OR g.first_copy) AND coalesce(g.ruleset, '') <> 'freestyle'
"""

FINDINGS_OVERVIEW = f"""
    SELECT source, event, kind, code, severity, count(*) AS findings,
           -- kifu counts a missing record (a file's finding) as one more distinct value
           count(DISTINCT record) + max(CASE WHEN record IS NULL THEN 1 ELSE 0 END) AS records
    FROM ({FINDING_ROWS})
    GROUP BY source, event, kind, code, severity
    ORDER BY findings DESC, source, event, kind, code, severity
"""

FINDINGS_BY_EVENT = f"""
    SELECT event,
           count(CASE WHEN severity = 'info' THEN 1 END) AS info,
           count(CASE WHEN severity = 'warning' THEN 1 END) AS warning,
           count(CASE WHEN severity = 'error' THEN 1 END) AS error,
           count(*) AS total
    FROM ({FINDING_ROWS})
    GROUP BY event ORDER BY event
"""

def summaries(counting_rules):
    """(name, kind, SQL): the tables of `kifu stats --format json` the job computes, under
    the contract's counting rules (`_schema.json`). As kifu does, a kind's tables are given
    only when games of that kind are present (first copies), and the table by year only
    when some game has a year."""
    formats = counting_rules.get("results_only_formats", [])
    return [
        ("renju_balance", "renju", renju_balance(formats, [])),
        ("renju_balance_by_rule", "renju", renju_balance(formats, ["rule"])),
        (
            "renju_balance_by_opening",
            "renju",
            renju_balance(formats, ["opening"], "opening IS NOT NULL"),
        ),
        (
            "renju_balance_by_rule_opening",
            "renju",
            renju_balance(formats, ["rule", "opening"], "opening IS NOT NULL"),
        ),
        ("renju_balance_by_year", "renju", renju_balance(formats, ["year"], "year IS NOT NULL")),
        ("xiangqi_results", "xiangqi", xiangqi_results("opening", XIANGQI_OPENING)),
        ("xiangqi_results_by_family", "xiangqi", xiangqi_results("family", XIANGQI_FAMILY)),
        ("findings_overview", None, FINDINGS_OVERVIEW),
        ("findings_by_event", None, FINDINGS_BY_EVENT),
    ]


OMITTED_WHEN_EMPTY = {"renju_balance_by_year"}
KINDS_PRESENT = "SELECT DISTINCT kind FROM games WHERE first_copy"
