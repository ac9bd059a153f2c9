"""kifu on Spark: ingest record files on the executors, merge the shards into one dataset of
kifu's data contract, dedupe across shards, and compute kifu's summary tables in Spark SQL.

    spark-submit scale/spark/kifu_spark.py --kifu PATH/TO/kifu --out DATASET PATH...

Each partition of the input files is ingested by one `kifu ingest --to-parquet` run into a
shard directory under --staging; the driver then reads every shard with the schema the
shards' `_schema.json` documents and writes DATASET/<table>/ with ids numbered across the
whole input, first_copy and duplicate_of recomputed over every shard, `_schema.json`, and
`_stats.json`: the opening balance and findings tables under the names and with the
columns of `kifu stats --format json`. See the README's "Spark" section.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F
from pyspark.sql import types as T

from kifu_summaries import KINDS_PRESENT, OMITTED_WHEN_EMPTY, summaries

TABLES = ["games", "players", "moves", "comments", "findings", "quarantine", "sources", "variations", "move_marks", "decisions", "library_texts"]
SPARK_TYPES = {
    "string": T.StringType(),
    "int64": T.LongType(),
    "boolean": T.BooleanType(),
    "list<int32>": T.ArrayType(T.IntegerType()),
    "list<string>": T.ArrayType(T.StringType()),
}


class JobError(Exception):
    """A problem with the job's arguments or inputs: reported in one line, exit status 2."""


def discover(paths):
    """The input files in kifu's own order (`ingest::input::discover`): each path as given;
    a directory walked depth first, entries sorted by name, hidden ones skipped."""
    files = []

    def walk(d):
        for name in sorted(os.listdir(d), key=os.fsencode):
            if name.startswith("."):
                continue
            p = os.path.join(d, name)
            if os.path.isdir(p):
                walk(p)
            elif os.path.isfile(p):
                files.append(p)

    for p in paths:
        if os.path.isdir(p):
            walk(p)
        elif os.path.isfile(p):
            files.append(p)
        else:
            raise JobError(f"{p}: no such file or directory")
    if not files:
        raise JobError("no input files under " + " ".join(paths))
    return files


def plan(files, partitions):
    """Spreads files over partitions, biggest first onto the least loaded one, so one large
    archive does not wait behind many small files. Each partition keeps input order."""
    load = [[0, i, []] for i in range(max(1, min(partitions, len(files))))]
    sized = sorted(enumerate(files), key=lambda f: (-os.path.getsize(f[1]), f[0]))
    for index, path in sized:
        part = min(load, key=lambda p: (p[0], p[1]))
        part[0] += os.path.getsize(path)
        part[2].append((index, path))
    return [sorted(p[2]) for p in load if p[2]]


def task_binary(kifu):
    """The kifu binary as a task finds it: at its path, or shipped with `spark-submit
    --files kifu` in the task's SparkFiles."""
    if os.path.exists(kifu):
        return kifu
    from pyspark import SparkFiles

    return SparkFiles.get(os.path.basename(kifu))


def shard_runner(kifu, staging, fmt, threads):
    """The function each task runs: one `kifu ingest --to-parquet` over its files."""

    def run(part, files):
        files = list(files)
        if not files:
            return
        binary = task_binary(kifu)
        shard = os.path.join(staging, f"shard-{part:05d}")
        cmd = [binary, "ingest", "--json", "--to-parquet", shard, "--overwrite"]
        cmd += ["--threads", str(threads)]
        if fmt:
            cmd += ["--format", fmt]
        cmd += [path for _, path in sorted(files)]
        start = time.monotonic()
        done = subprocess.run(cmd, capture_output=True)
        seconds = time.monotonic() - start
        if done.returncode != 0:
            raise RuntimeError(
                f"kifu ingest of shard {part} failed ({done.returncode}): "
                + done.stderr.decode("utf-8", "replace")[-2000:]
            )
        summary = json.loads(done.stdout)
        yield (part, shard, seconds, summary["games"], summary["bytes"], json.dumps(summary))

    return run


def spark_schema(table_doc):
    return T.StructType(
        [
            T.StructField(c["name"], SPARK_TYPES[c["type"]], c["nullable"])
            for c in table_doc["columns"]
        ]
    )


def read_shards(spark, shards, schema_doc):
    """Every table of every shard, with the shard's number in a column `_shard`."""
    docs = {t["name"]: t for t in schema_doc["tables"]}
    tables = {}
    for name in TABLES:
        frame = None
        for part, shard in shards:
            df = (
                spark.read.schema(spark_schema(docs[name]))
                .parquet(os.path.join(shard, name))
                .withColumn("_shard", F.lit(part))
            )
            frame = df if frame is None else frame.unionByName(df)
        tables[name] = frame
    return tables


def id_offsets(df, id_col):
    """Per (shard, file): the file's first local id and the rows of all earlier files. A
    shard numbers its rows from 1 in its own input order, so within one (shard, file) the
    ids are contiguous: the global id is the rows of earlier files plus the rank within the
    file. A small table (a row per file), collected and broadcast."""
    per_file = (
        df.groupBy("_shard", "_file")
        .agg(F.min(id_col).alias("_first"), F.count(F.lit(1)).alias("_n"))
        .collect()
    )
    per_file.sort(key=lambda r: r["_file"])
    rows, before = [], 0
    for r in per_file:
        rows.append((r["_shard"], r["_file"], r["_first"], before))
        before += r["_n"]
    schema = "_shard long, _file long, _first long, _before long"
    return F.broadcast(df.sparkSession.createDataFrame(rows, schema))


def to_global(df, id_col, offsets):
    """`id_col` (a shard's local id, or null) numbered across the whole input, in input
    order, by `offsets` of the table the id names."""
    first, before = f"_first_{id_col}", f"_before_{id_col}"
    o = offsets.select(
        "_shard", "_file", F.col("_first").alias(first), F.col("_before").alias(before)
    )
    return (
        df.join(o, ["_shard", "_file"], "left")
        .withColumn(id_col, F.col(id_col) - F.col(first) + F.col(before) + 1)
        .drop(first, before)
    )


def merge(spark, tables, file_index):
    """One dataset from the shards: the first file of each content only (kifu skips a file
    whose bytes it has ingested), ids across the input, copies linked across shards. Every
    join but the dedupe's is with a small broadcast table, so rows are not shuffled."""
    index = spark.createDataFrame(list(file_index.items()), "path string, _file long")
    sources = (
        tables["sources"]
        .join(F.broadcast(index), "path")
        .withColumn("_keep", F.row_number().over(Window.partitionBy("sha256").orderBy("_file")))
        .where("_keep = 1")
        .drop("_keep")
        # One partition on purpose: a row per input file.
        .withColumn(
            "source_id",
            F.row_number().over(Window.partitionBy(F.lit(0)).orderBy("_file")).cast("long"),
        )
        .cache()
    )
    kept = F.broadcast(sources.select("_shard", F.col("sha256").alias("_sha"), "_file"))

    def owned(name, sha):
        """The table's rows from the shard that kept their file (by its SHA-256, `sha`)."""
        return tables[name].withColumn("_sha", sha).join(kept, ["_shard", "_sha"]).drop("_sha")

    games = owned("games", F.col("source_sha256"))
    game_offsets = id_offsets(games, "game_id")
    games = to_global(games, "game_id", game_offsets)
    # A record without moves is a copy by its header: the k-th record with a header key in
    # each file goes with the k-th of the other files (a file never lists one game twice
    # without its moves). A game with neither key is nobody's copy: its own key keeps it
    # alone (and keeps the window partitions small). Rulesets never mix.
    in_file = Window.partitionBy("kind", "ruleset", "header_key", "_file").orderBy("game_id")
    games = games.withColumn(
        "_header",
        F.when(
            F.col("canonical_hash").isNull() & F.col("header_key").isNotNull(),
            F.concat(F.lit("h:"), F.col("header_key"), F.lit("#"), F.row_number().over(in_file)),
        ),
    )
    games = games.withColumn("_copy_of", F.coalesce("canonical_hash", "_header", "game_key"))
    first = Window.partitionBy("kind", "ruleset", "_copy_of").orderBy("_file", "game_id")
    keyed = F.col("canonical_hash").isNotNull() | F.col("_header").isNotNull()
    linked = keyed & (F.row_number().over(first) > 1)
    games = (
        games.withColumn("_first_id", F.first("game_id").over(first))
        .withColumn("_first_shard", F.first("_shard").over(first))
        .withColumn("_first_key", F.first("game_key").over(first))
        .withColumn("first_copy", ~linked)
        .withColumn("duplicate_of", F.when(linked, F.col("_first_id")))
        .withColumn("duplicate_of_key", F.when(linked, F.col("_first_key")))
        .drop("_first_id", "_first_key", "_copy_of", "_header")
        .cache()
    )

    def by_game(name):
        df = owned(name, F.substring_index("game_key", ":", 1))
        return to_global(df, "game_id", game_offsets)

    quarantine = owned("quarantine", F.col("source_sha256"))
    quarantine_offsets = id_offsets(quarantine, "quarantine_id")
    quarantine = to_global(quarantine, "quarantine_id", quarantine_offsets)
    findings = owned("findings", F.col("source_sha256"))
    findings = to_global(findings, "finding_id", id_offsets(findings, "finding_id"))
    findings = to_global(findings, "game_id", game_offsets)
    findings = to_global(findings, "quarantine_id", quarantine_offsets)
    library_texts = owned("library_texts", F.col("source_sha256"))
    library_texts = to_global(library_texts, "text_id", id_offsets(library_texts, "text_id"))
    return {
        "games": games,
        "players": by_game("players"),
        "moves": by_game("moves"),
        "comments": by_game("comments"),
        "findings": findings,
        "quarantine": quarantine,
        "sources": sources,
        "variations": by_game("variations"),
        "move_marks": by_game("move_marks"),
        "decisions": by_game("decisions"),
        "library_texts": library_texts,
    }


def copies_disagree(spark, tables, kifu):
    """The merged tables with every `copies-disagree` finding made again over the copies as
    linked across shards: a shard saw only its own copies of a game (and named them by its
    local ids). Each game with copies goes, as one JSON line, through `kifu copies-disagree`
    on the executors, so the rule and its words are kifu's own."""
    games = tables["games"].withColumn("_game", F.coalesce("duplicate_of", "game_id"))
    with_copies = (
        games.groupBy("_game").agg(F.count(F.lit(1)).alias("_n")).where("_n > 1").select("_game")
    )
    paths = tables["sources"].select(F.col("sha256").alias("source_sha256"), "path")
    seats = tables["players"].groupBy("game_id").agg(
        F.collect_list(F.struct("seat", F.col("recorded_name").alias("name"))).alias("seats")
    )
    copy = F.struct(
        F.col("game_id").alias("game"),
        "path",
        "member",
        "line",
        F.col("recorded_result").alias("result"),
        "seats",
        "date",
        F.col("recorded_event").alias("event"),
        "round",
    )
    groups = (
        games.join(with_copies, "_game", "left_semi")
        .join(F.broadcast(paths), "source_sha256")
        .join(seats, "game_id", "left")
        # Copies in id order: the first copy has the lowest id of its game.
        .groupBy("_game")
        .agg(F.sort_array(F.collect_list(F.struct("game_id", copy.alias("copy")))).alias("_c"))
        .select(F.to_json(F.struct(F.col("_c.copy").alias("copies"))).alias("line"))
    )

    def judge(lines):
        lines = "".join(row.line + "\n" for row in lines)
        if not lines:
            return
        done = subprocess.run(
            [task_binary(kifu), "copies-disagree"], input=lines.encode("utf-8"), capture_output=True
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"kifu copies-disagree failed ({done.returncode}): "
                + done.stderr.decode("utf-8", "replace")[-2000:]
            )
        for out in done.stdout.decode("utf-8").splitlines():
            f = json.loads(out)
            yield (f["game"], f["severity"], f["message"])

    found = spark.createDataFrame(
        groups.rdd.mapPartitions(judge), "game_id long, severity string, message string"
    )
    kept = tables["findings"].where("code <> 'copies-disagree'")
    before = kept.agg(F.max("finding_id")).first()[0] or 0
    numbered = Window.partitionBy(F.lit(0)).orderBy("game_id", "message")
    made = (
        found.join(
            tables["games"].select(
                "game_id",
                "kind",
                "source_sha256",
                "member",
                F.col("game_key").alias("record_key"),
                "byte_offset",
                "line",
                "column_number",
            ),
            "game_id",
        )
        .withColumn("finding_id", (F.row_number().over(numbered) + F.lit(before)).cast("long"))
        .withColumn("quarantine_id", F.lit(None).cast("long"))
        .withColumn("ply", F.lit(None).cast("long"))
        .withColumn("code", F.lit("copies-disagree"))
        .withColumn("rule", F.lit(""))
        .withColumn("forbidden_kind", F.lit(None).cast("string"))
        .withColumn("variation_node", F.lit(None).cast("long"))
    )
    return {**tables, "findings": kept.unionByName(made, allowMissingColumns=True)}


def apply_curation(spark, tables, directory):
    """The merged tables with a curation's facts applied (`kifu curate --facts`): kifu
    matched the curation's events and identities on a database of the same files; here its
    findings are joined on by game key, the recorded values kept beside them."""
    games = tables["games"]
    curated = spark.read.parquet(f"{directory}/curated_games").select(
        "game_key",
        F.col("event").alias("_c_event"),
        F.col("counted_result").alias("_c_counted"),
        F.col("corrected_result").alias("_c_corrected"),
        F.col("correction_reason").alias("_c_reason"),
        F.lit(True).alias("_curated"),
    )
    curated_game = F.col("_curated").isNotNull()
    games = (
        games.join(curated, "game_key", "left")
        .withColumn("event", F.when(curated_game, F.col("_c_event")).otherwise(F.col("event")))
        .withColumn(
            "counted_result",
            F.when(curated_game, F.col("_c_counted")).otherwise(F.col("counted_result")),
        )
        .withColumn("corrected_result", F.col("_c_corrected"))
        .withColumn("correction_reason", F.col("_c_reason"))
        .drop("_c_event", "_c_counted", "_c_corrected", "_c_reason", "_curated")
    )
    # A rule the curation names takes its name in every game giving it (matched exactly).
    rules = spark.read.parquet(f"{directory}/curated_rules").select(
        "rule", F.col("name").alias("_c_rule_name")
    )
    games = (
        games.join(F.broadcast(rules), "rule", "left")
        .withColumn("rule_name", F.coalesce(F.col("_c_rule_name"), F.col("rule_name")))
        .drop("_c_rule_name")
    )
    names = spark.read.parquet(f"{directory}/curated_players").select(
        "game_key", "seat", F.col("name").alias("_c_name")
    )
    players = (
        tables["players"]
        .join(names, ["game_key", "seat"], "left")
        .withColumn("name", F.coalesce(F.col("_c_name"), F.col("name")))
        .drop("_c_name")
    )
    decisions = (
        spark.read.parquet(f"{directory}/decisions")
        .drop("game_id")
        .join(games.select("game_key", "game_id"), "game_key")
    )
    return {**tables, "games": games, "players": players, "decisions": decisions}


def hadoop_fs(spark, path):
    jvm = spark.sparkContext._jvm
    p = jvm.org.apache.hadoop.fs.Path(path)
    return p.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()), p, jvm


def write_text(spark, path, text):
    fs, p, _ = hadoop_fs(spark, path)
    out = fs.create(p, True)
    out.write(bytearray(text.encode("utf-8")))
    out.close()


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+", metavar="PATH", help="record files or directories")
    ap.add_argument(
        "--kifu",
        required=True,
        help="the kifu binary (on every executor, or shipped with spark-submit --files)",
    )
    ap.add_argument(
        "--out",
        required=True,
        help="the dataset to write (any path Spark writes: a local directory, hdfs://, s3a://)",
    )
    ap.add_argument(
        "--staging",
        help="where executors write their shards: a directory every "
        "executor and the driver can read and write (default: a local temporary "
        "directory, for local mode)",
    )
    ap.add_argument(
        "--partitions", type=int, default=0, help="shards (default: the default parallelism)"
    )
    ap.add_argument(
        "--threads", type=int, default=0, help="kifu threads per shard (default: spark.task.cpus)"
    )
    ap.add_argument(
        "--shuffle-partitions",
        type=int,
        default=0,
        help="partitions of the "
        "merge's joins and windows (default: 4 per shard, at least the default "
        "parallelism)",
    )
    ap.add_argument("--format", help="the record format, as `kifu ingest --format` takes it")
    ap.add_argument(
        "--curation",
        help="the facts of a curation (`kifu curate --facts DIR` on a database of the same "
        "files): curated events, results, names and decisions, joined on by game key",
    )
    ap.add_argument("--overwrite", action="store_true", help="replace an existing dataset")
    ap.add_argument("--keep-staging", action="store_true", help="leave the shards in place")
    return ap.parse_args(argv)


def local_path(path):
    """The local path of a dataset path without a scheme (file:// or none), else None."""
    if path.startswith("file://"):
        return path[len("file://") :]
    return None if "://" in path else path


def main(argv):
    args = parse_args(argv)
    files = discover(args.paths)
    local = local_path(args.out)
    # A local dataset is checked before Spark starts; any other when it has.
    if local is not None and os.path.exists(local) and not args.overwrite:
        raise JobError(f"{args.out} exists (use --overwrite to replace it)")
    spark = SparkSession.builder.appName("kifu").getOrCreate()
    fs, out_path, jvm = hadoop_fs(spark, args.out)
    if fs.exists(out_path) and not args.overwrite:
        raise JobError(f"{args.out} exists (use --overwrite to replace it)")
    timings = {}
    staging = args.staging or tempfile.mkdtemp(prefix="kifu-spark-")
    sc = spark.sparkContext
    partitions = args.partitions or sc.defaultParallelism
    threads = args.threads or int(sc.getConf().get("spark.task.cpus", "1"))
    parts = plan(files, partitions)
    spark.conf.set(
        "spark.sql.shuffle.partitions",
        str(args.shuffle_partitions or max(4 * len(parts), sc.defaultParallelism)),
    )

    start = time.monotonic()
    rdd = sc.parallelize(parts, len(parts)).mapPartitionsWithIndex(
        lambda i, it: shard_runner(args.kifu, staging, args.format, threads)(
            i, (f for part in it for f in part)
        )
    )
    shard_rows = sorted(rdd.collect())
    timings["shards"] = time.monotonic() - start
    shards = [(r[0], r[1]) for r in shard_rows]
    with open(os.path.join(shards[0][1], "_schema.json"), encoding="utf-8") as f:
        schema_text = f.read()
    schema_doc = json.loads(schema_text)

    start = time.monotonic()
    tables = merge(
        spark, read_shards(spark, shards, schema_doc), {p: i for i, p in enumerate(files)}
    )
    tables = copies_disagree(spark, tables, args.kifu)
    if args.curation:
        tables = apply_curation(spark, tables, args.curation)
    docs = {t["name"]: t for t in schema_doc["tables"]}
    tmp = args.out.rstrip("/") + f".tmp-{os.getpid()}"
    for name in TABLES:
        columns = [c["name"] for c in docs[name]["columns"]]
        tables[name].select(*columns).write.mode("overwrite").parquet(f"{tmp}/{name}")
    write_text(spark, f"{tmp}/_schema.json", schema_text)
    timings["merge"] = time.monotonic() - start

    start = time.monotonic()
    for name in TABLES:
        spark.read.parquet(f"{tmp}/{name}").createOrReplaceTempView(name)
    kinds = {r[0] for r in spark.sql(KINDS_PRESENT).collect()}
    stats = {}
    for name, kind, sql in summaries(schema_doc.get("counting_rules", {})):
        if kind is None or kind in kinds:
            rows = [r.asDict() for r in spark.sql(sql).collect()]
            if rows or name not in OMITTED_WHEN_EMPTY:
                stats[name] = rows
    first_copies = spark.sql("SELECT count(*) FROM games WHERE first_copy").first()[0]
    across = tables["games"].where("NOT first_copy AND _first_shard <> _shard").count()
    timings["summaries"] = time.monotonic() - start
    write_text(spark, f"{tmp}/_stats.json", json.dumps(stats, ensure_ascii=False, default=str))

    if fs.exists(out_path):
        fs.delete(out_path, True)
    if not fs.rename(jvm.org.apache.hadoop.fs.Path(tmp), out_path):
        raise JobError(f"could not rename {tmp} to {args.out}")
    if not args.keep_staging and not args.staging:
        shutil.rmtree(staging, ignore_errors=True)
    report = {
        "files": len(files),
        "shards": [
            {"shard": r[0], "seconds": r[2], "games": r[3], "bytes": r[4]} for r in shard_rows
        ],
        "games": sum(r[3] for r in shard_rows),
        "first_copies": first_copies,
        "linked_across_shards": across,
        "seconds": timings,
        "out": args.out,
    }
    print(json.dumps(report))
    spark.stop()


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except JobError as e:
        print(f"kifu_spark: {e}", file=sys.stderr)
        sys.exit(2)
