#!/usr/bin/env bash
# The benchmark suite: kifu's stages per input (`kifu bench`, release build) and, in the
# same run, the Python libraries a researcher would use instead (`renju`, `cchess` from
# PyPI, in a virtual environment made here) on the same games. Writes bench/RESULTS.md.
#
#   bench/run.sh                  # generated sets of 100,000 games (and 10,000)
#   GAMES=1000000 bench/run.sh    # the full run: 1,000,000 generated games per kind
#   PEER_LIMIT=20000 bench/run.sh # the Python peers on the first 20,000 games only
#   KIFU=/elsewhere/release/kifu bench/run.sh # a release binary already built
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-100000}
WORK=${WORK:-target/kifu-bench}
DATA=${KIFU_SHARED:-../shared}/data
mkdir -p "$WORK"

# KIFU=path/to/kifu: a release binary built elsewhere (else it is built here).
if [ -z "${KIFU:-}" ]; then
  cargo build --release --quiet
  KIFU=target/release/kifu
fi

"$KIFU" bench --games "$GAMES" --work "$WORK" --out bench/RESULTS.md

# The peers, in their own virtual environment.
if [ ! -x "$WORK/venv/bin/python" ]; then
  python3 -m venv "$WORK/venv"
  "$WORK/venv/bin/pip" install --quiet renju cchess
fi
PY="$WORK/venv/bin/python"
limit=()
[ -n "${PEER_LIMIT:-}" ] && limit=(--limit "$PEER_LIMIT")

{
  echo
  echo "## kifu beside the Python libraries, same games"
  echo
  echo "| library | games | its games/s | kifu ingest games/s | kifu ÷ library | verdicts that differ |"
  echo "|---|---:|---:|---:|---:|---:|"
} >> bench/RESULTS.md

peer_row() { # name, peer json, kifu ingest json
  python3 - "$1" "$2" "$3" >> bench/RESULTS.md <<'PY'
import json, sys
name, peer, kifu = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
k = kifu["games_per_second"]
print(f"| {name} | {peer['games']} | {peer['games_per_second']:.0f} | {k:.0f} | {k / peer['games_per_second']:.0f}× | {peer['verdicts_differ']} |")
PY
}

RENJU="$DATA/renju/games/dasimagin_renju_train-2.tar.xz"
if [ -f "$RENJU" ]; then
  rm -f "$WORK"/peers-renju.db*
  kifu_json=$("$KIFU" ingest --json --db "$WORK/peers-renju.db" "$RENJU")
  peer_json=$("$PY" bench/peers.py renju "$RENJU" "$WORK/peers-renju.db" "${limit[@]}")
  echo "$peer_json" > "$WORK/peer-renju.json"
  peer_row "renju (Renju referee)" "$peer_json" "$kifu_json"
fi
CCPD="$DATA/xiangqi/ccpd/ccpd_dataset_big5.tar.xz"
if [ -f "$CCPD" ]; then
  rm -f "$WORK"/peers-ccpd.db*
  kifu_json=$("$KIFU" ingest --json --db "$WORK/peers-ccpd.db" "$CCPD")
  peer_json=$("$PY" bench/peers.py xiangqi "$WORK/peers-ccpd.db" "${limit[@]}")
  echo "$peer_json" > "$WORK/peer-xiangqi.json"
  peer_row "cchess (Xiangqi, ICCS replay of CCPD)" "$peer_json" "$kifu_json"
fi
echo >> bench/RESULTS.md
echo "Peer details (differences, examples): $WORK/peer-*.json" >> bench/RESULTS.md
cat bench/RESULTS.md
