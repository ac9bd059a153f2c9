"""kifu's Renju opening table and Xiangqi results table, computed by DuckDB from an export
using only the columns `_schema.json` documents, plus checks that the moves decode in SQL.

    python duckdb_tables.py EXPORT_DIR   -> one JSON object on standard output
"""

import json
import os
import sys

import duckdb

root = sys.argv[1]
con = duckdb.connect()
for table in ["games", "players", "moves", "comments", "findings", "quarantine", "sources", "variations", "move_marks", "decisions", "library_texts"]:
    con.execute(
        f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{root}/{table}/*.parquet')"
    )


def rows(sql):
    cur = con.execute(sql)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


Z = 1.959964
# The counting rules: counted_result only, first copies only, unclassified games out,
# Renju rules only (free-style gomoku has its own balance).
renju_openings = rows(
    f"""
    WITH t AS (
        SELECT opening,
               count(*) AS games,
               count(counted_result) AS results,
               count(*) FILTER (WHERE counted_result = 'black') AS black_wins,
               count(*) FILTER (WHERE counted_result = 'white') AS white_wins,
               count(*) FILTER (WHERE counted_result = 'draw') AS draws,
               count(swapped) AS swap_known,
               count(*) FILTER (WHERE swapped) AS swap_yes,
               avg(plies) AS mean_plies
        FROM games
        WHERE kind = 'renju' AND ruleset = 'renju' AND first_copy AND opening IS NOT NULL
        GROUP BY opening
    ), s AS (
        SELECT *, CASE WHEN results > 0
                       THEN (black_wins + draws / 2.0) / results END AS black_score
        FROM t
    )
    SELECT opening, games, results, black_wins, white_wins, draws, black_score,
           (black_score + {Z}^2 / (2 * results)
             - {Z} * sqrt(black_score * (1 - black_score) / results + {Z}^2 / (4 * results^2)))
             / (1 + {Z}^2 / results) AS wilson_low,
           (black_score + {Z}^2 / (2 * results)
             + {Z} * sqrt(black_score * (1 - black_score) / results + {Z}^2 / (4 * results^2)))
             / (1 + {Z}^2 / results) AS wilson_high,
           CASE WHEN swap_known > 0 THEN swap_yes / swap_known END AS swap_rate,
           mean_plies
    FROM s
    ORDER BY left(opening, 1), CAST(substr(opening, 2) AS INTEGER)
    """
)

xiangqi_results = rows(
    f"""
    WITH t AS (
        SELECT coalesce(nullif(trim(opening), ''), opening_name, '(none)') AS opening,
               count(*) AS games,
               count(*) FILTER (WHERE counted_result IN ('red', 'black', 'draw')) AS results,
               count(*) FILTER (WHERE counted_result = 'red') AS red_wins,
               count(*) FILTER (WHERE counted_result = 'black') AS black_wins,
               count(*) FILTER (WHERE counted_result = 'draw') AS draws
        FROM games
        WHERE kind = 'xiangqi' AND first_copy
        GROUP BY 1
    ), s AS (
        SELECT *, CASE WHEN results > 0
                       THEN (red_wins + draws / 2.0) / results END AS red_score
        FROM t
    )
    SELECT opening, games, results, red_wins, black_wins, draws, red_score,
           (red_score + {Z}^2 / (2 * results)
             - {Z} * sqrt(red_score * (1 - red_score) / results + {Z}^2 / (4 * results^2)))
             / (1 + {Z}^2 / results) AS wilson_low,
           (red_score + {Z}^2 / (2 * results)
             + {Z} * sqrt(red_score * (1 - red_score) / results + {Z}^2 / (4 * results^2)))
             / (1 + {Z}^2 / results) AS wilson_high
    FROM s
    ORDER BY games DESC, opening
    """
)

# Moves decode in SQL: Renju codes to RIF points, compared with the exported texts.
renju_decode = rows(
    """
    SELECT count(*) AS games,
           sum(len(move_codes)) AS moves,
           count(*) FILTER (WHERE list_transform(move_codes,
               c -> CASE WHEN c = 255 THEN '--' ELSE chr(97 + c % 15) || (c // 15 + 1) END)
               <> move_texts) AS differing
    FROM moves WHERE encoding = 'renju-idx8'
    """
)[0]
# Xiangqi codes to ICCS: Red's opening cannon moves by code and by their Chinese text.
xiangqi_first = rows(
    """
    WITH m AS (
        SELECT move_codes[1] AS c, move_texts[1] AS t
        FROM moves JOIN games USING (game_key)
        WHERE moves.encoding = 'xiangqi-sq16' AND len(move_codes) > 0
          AND json_extract_string(games.extra, '$.start_fen') IS NULL
    ), d AS (
        SELECT chr(97 + (c // 256) % 9) || ((c // 256) // 9)
               || chr(97 + (c % 256) % 9) || ((c % 256) // 9) AS iccs, t
        FROM m
    )
    SELECT iccs, t AS text, count(*) AS games FROM d
    WHERE iccs IN ('h2e2', 'b2e2', 'h0g2', 'c3c4') OR t IN ('炮二平五', '炮八平五', '马二进三', '兵七进一')
    GROUP BY ALL ORDER BY iccs, text
    """
)

metadata = rows(
    f"""
    SELECT decode(key) AS key, decode(value) AS value
    FROM parquet_kv_metadata('{root}/games/*.parquet')
    WHERE decode(key) LIKE 'kifu.%'
    """
)
reserved = rows(
    """
    SELECT DISTINCT c.column_name AS name
    FROM information_schema.columns c
    JOIN duckdb_keywords() k ON lower(k.keyword_name) = lower(c.column_name)
    WHERE k.keyword_category = 'reserved'
    """
)
findings_by_kind = rows(
    """
    SELECT code, forbidden_kind, severity, count(*) AS findings FROM findings
    GROUP BY ALL ORDER BY code, forbidden_kind NULLS FIRST, severity
    """
)
counts = {
    t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
    for t in ["games", "players", "moves", "comments", "findings", "quarantine", "sources", "variations", "move_marks", "decisions", "library_texts"]
}
# The derived tables _schema.json lists (the stored ratings), read the same way: an export
# (it has _export.json) writes them; a shard of `ingest --to-parquet` has no database to
# derive them from.
derived = []
if os.path.exists(f"{root}/_export.json"):
    with open(f"{root}/_schema.json", encoding="utf-8") as f:
        derived = [t["name"] for t in json.load(f)["derived_tables"]]
for table in derived:
    con.execute(
        f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{root}/{table}/*.parquet')"
    )
    counts[table] = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
# Each game's highest WHR rating now: a player's current rating is their last period's.
top_rated = [] if "ratings" not in derived else rows(
    """
    SELECT kind, arg_max(player, rating) AS player, max(rating) AS rating FROM (
        SELECT kind, player, arg_max(rating, period) AS rating FROM ratings
        WHERE system = 'whr' GROUP BY kind, player
    ) GROUP BY kind ORDER BY kind
    """
)

print(
    json.dumps(
        {
            "renju_balance_by_opening": renju_openings,
            "xiangqi_results": xiangqi_results,
            "renju_decode": renju_decode,
            "xiangqi_first": xiangqi_first,
            "findings_by_kind": findings_by_kind,
            "metadata": {r["key"]: r["value"] for r in metadata if r["key"] != "kifu.schema"},
            "schema_in_metadata": json.loads(
                next(r["value"] for r in metadata if r["key"] == "kifu.schema")
            )["schema_version"],
            "reserved_columns": [r["name"] for r in reserved],
            "counts": counts,
            "top_rated": top_rated,
        },
        default=float,
        ensure_ascii=False,
    )
)
