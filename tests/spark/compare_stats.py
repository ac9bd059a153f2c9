"""Compares the Spark job's `_stats.json` with `kifu stats --format json`, table by table,
row by row in order, numbers to 1e-9.

    python compare_stats.py SPARK_STATS.json KIFU_STATS.json   -> JSON report on stdout
"""

import json
import sys


def same(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) < 1e-9
    return a == b


spark = json.load(open(sys.argv[1], encoding="utf-8"))
kifu = json.load(open(sys.argv[2], encoding="utf-8"))
report = {}
for table, rows in spark.items():
    if table not in kifu:
        report[table] = {"missing_in_kifu": True}
        continue
    theirs = kifu[table]
    differing = []
    for i, (s, k) in enumerate(zip(rows, theirs)):
        bad = [c for c in k if not same(s.get(c), k[c])]
        extra = [c for c in s if c not in k]
        if bad or extra:
            differing.append({"row": i, "spark": s, "kifu": k})
    report[table] = {
        "rows_spark": len(rows),
        "rows_kifu": len(theirs),
        "differing": len(differing),
        "first_differing": differing[:3],
    }
print(json.dumps(report, ensure_ascii=False))
