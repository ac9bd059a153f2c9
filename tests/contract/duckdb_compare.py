"""Two datasets of the data contract compared table by table on every column that is not
local to the database (or shard) that wrote it: `kifu export` of a database against
`kifu ingest --to-parquet` of the same inputs.

    python duckdb_compare.py DATASET_A DATASET_B [--ids]   -> one JSON object on standard
    output: per table, the rows of each and the rows of each not in the other (as multisets)

With --ids the ids are compared too (every column but the time of writing and a finding's
own id): for a dataset that numbers its ids as a database of the same inputs does, as the
Spark job's does. A finding's id is the order kifu wrote it in, and the `copies-disagree`
findings of a batch are written when it ends, at batch boundaries only that ingest knows.
"""

import json
import sys

import duckdb

# The columns whose values are ids local to one database or shard, or the time of writing.
LOCAL = {
    "games": ["game_id", "duplicate_of"],
    "players": ["game_id"],
    "moves": ["game_id"],
    "comments": ["game_id"],
    "findings": ["finding_id", "game_id", "quarantine_id"],
    "quarantine": ["quarantine_id"],
    "sources": ["source_id", "ingested_at"],
    "variations": ["game_id"],
    "move_marks": ["game_id"],
    "decisions": ["game_id"],
    "library_texts": ["text_id"],
}

a, b = sys.argv[1], sys.argv[2]
if "--ids" in sys.argv[3:]:
    LOCAL = {
        t: [c for c in cols if c in ("ingested_at", "finding_id")] for t, cols in LOCAL.items()
    }
con = duckdb.connect()
out = {}
for table, local in LOCAL.items():
    for name, root in (("a", a), ("b", b)):
        con.execute(
            f"CREATE VIEW {name}_{table} AS SELECT * "
            + (f"EXCLUDE ({', '.join(local)}) " if local else "")
            + f"FROM read_parquet('{root}/{table}/*.parquet')"
        )
    count = lambda sql: con.execute(sql).fetchone()[0]
    out[table] = {
        "rows_a": count(f"SELECT count(*) FROM a_{table}"),
        "rows_b": count(f"SELECT count(*) FROM b_{table}"),
        "only_a": count(
            f"SELECT count(*) FROM (SELECT * FROM a_{table} EXCEPT ALL SELECT * FROM b_{table})"
        ),
        "only_b": count(
            f"SELECT count(*) FROM (SELECT * FROM b_{table} EXCEPT ALL SELECT * FROM a_{table})"
        ),
        "columns": [
            r[0] for r in con.execute(f"DESCRIBE a_{table}").fetchall()
        ],
    }

# Within each dataset the local ids link up: a linked copy's duplicate_of is the game_id of
# a first copy with key duplicate_of_key; a game's finding names it by id and key.
for name, root in (("a", a), ("b", b)):
    con.execute(
        f"CREATE VIEW {name}_g AS SELECT * FROM read_parquet('{root}/games/*.parquet')"
    )
    con.execute(
        f"CREATE VIEW {name}_x AS SELECT * FROM read_parquet('{root}/findings/*.parquet')"
    )
    out[f"unlinked_{name}"] = {
        "copies": con.execute(
            f"""SELECT count(*) FROM {name}_g c WHERE c.duplicate_of IS NOT NULL AND NOT EXISTS
                (SELECT 1 FROM {name}_g f WHERE f.game_id = c.duplicate_of
                 AND f.game_key = c.duplicate_of_key AND f.first_copy)"""
        ).fetchone()[0],
        "findings": con.execute(
            f"""SELECT count(*) FROM {name}_x x WHERE x.game_id IS NOT NULL AND NOT EXISTS
                (SELECT 1 FROM {name}_g g WHERE g.game_id = x.game_id
                 AND g.game_key = x.record_key)"""
        ).fetchone()[0],
    }

print(json.dumps(out))
