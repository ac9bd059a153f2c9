#!/usr/bin/env python3
"""The Python libraries a researcher would script instead of kifu, on the same games.

  peers.py renju  ARCHIVE KIFU_DB   # `renju` (PyPI) replays dasimagin train-2 with Renju rules
  peers.py xiangqi KIFU_DB           # `cchess` (PyPI) replays kifu's CCPD main lines (ICCS)

Each prints one JSON line: games, seconds, games/s, and how its verdicts differ from the
ones kifu stored in KIFU_DB (a database `kifu ingest` made of the same input).
"""
import json
import sqlite3
import sys
import tarfile
import time


def renju_peer(archive, db, limit=None):
    import renju

    kifu = {}
    con = sqlite3.connect(db)
    for line, derived, termination in con.execute(
        "SELECT line, derived_result, termination FROM games WHERE kind = 'renju'"
    ):
        kifu[line] = (derived, termination)
    lines = []
    with tarfile.open(archive) as tf:
        for member in tf:
            f = tf.extractfile(member)
            if f is None:
                continue
            for n, raw in enumerate(f, 1):
                parts = raw.decode("ascii", "replace").split()
                if parts:
                    lines.append((n, parts[1:]))
    if limit:
        lines = lines[:limit]
    winners = {1: "black", 2: "white", 3: "draw"}
    start = time.perf_counter()
    verdicts = {}
    rejected = 0
    for n, moves in lines:
        board = renju.RenjuBoard(rule="renju")
        try:
            for mv in moves:
                if board.status != renju.BoardStatus.ONGOING:
                    break
                if mv == "--":
                    board.play_move(-1, -1)
                else:
                    board.play_str(mv)
        except ValueError:
            rejected += 1
        verdicts[n] = (winners.get(int(board.status)), board.reason.value)
    seconds = time.perf_counter() - start
    differ = []
    for n, (winner, reason) in verdicts.items():
        derived, termination = kifu.get(n, (None, None))
        if winner != derived:
            differ.append({"line": n, "renju": [winner, reason], "kifu": [derived, termination]})
    kinds = {}
    for d in differ:
        key = f"renju {d['renju'][1]} → kifu {d['kifu'][1]}"
        kinds[key] = kinds.get(key, 0) + 1
    return {
        "peer": "renju " + getattr(renju, "__version__", ""),
        "games": len(lines),
        "seconds": seconds,
        "games_per_second": len(lines) / seconds,
        "rejected": rejected,
        "verdicts_differ": len(differ),
        "differences": dict(sorted(kinds.items(), key=lambda kv: -kv[1])),
        "examples": differ[:5],
    }


def xiangqi_peer(db, limit=None):
    import cchess
    from cchess.common import FULL_INIT_FEN

    con = sqlite3.connect(db)
    rows = con.execute(
        """SELECT g.id, g.member, m.data FROM games g JOIN moves m ON m.game_id = g.id
           WHERE g.kind = 'xiangqi' AND g.duplicate_of IS NULL
             AND (g.extra IS NULL OR json_extract(g.extra, '$.start_fen') IS NULL)
           ORDER BY g.id"""
    ).fetchall()
    if limit:
        rows = rows[:limit]

    def iccs(sq):
        return "abcdefghi"[sq % 9] + str(sq // 9)

    games = [(gid, member, [iccs(d[i]) + iccs(d[i + 1]) for i in range(0, len(d), 2)])
             for gid, member, d in rows]
    start = time.perf_counter()
    rejected = []
    for gid, member, moves in games:
        board = cchess.ChessBoard(FULL_INIT_FEN)
        for ply, mv in enumerate(moves, 1):
            if board.move_iccs(mv) is None:
                rejected.append({"game": gid, "member": member, "ply": ply, "move": mv})
                break
            board.next_turn()
    seconds = time.perf_counter() - start
    return {
        "peer": "cchess " + getattr(cchess, "__version__", ""),
        "games": len(games),
        "plies": sum(len(m) for _, _, m in games),
        "seconds": seconds,
        "games_per_second": len(games) / seconds,
        "verdicts_differ": len(rejected),
        "examples": rejected[:5],
    }


def main():
    what = sys.argv[1]
    limit = None
    if "--limit" in sys.argv:
        limit = int(sys.argv[sys.argv.index("--limit") + 1])
    if what == "renju":
        out = renju_peer(sys.argv[2], sys.argv[3], limit)
    elif what == "xiangqi":
        out = xiangqi_peer(sys.argv[2], limit)
    else:
        sys.exit(f"unknown peer {what}")
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
