#!/usr/bin/env bash
# Fuzzes several targets in turn, WORKERS at a time (default: the machine's cores), each for
# MINUTES (resuming its earlier runs), at the lowest CPU priority so that builds and tests
# beside it keep the machine (nice 19, and the fuzzed processes' sessions lowered to 19:
# TARGET_NICE in fuzz/run.sh). After each run, the target's cumulative statistics (AFL++
# restores them on resume) are appended to fuzz/out/ledger.tsv.
#
#   fuzz/campaign.sh MINUTES TARGET...      # `all` for every target
#   fuzz/campaign.sh 20 bdt cbf:12 psq:8    # TARGET:MINUTES gives one target its own time
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:?usage: fuzz/campaign.sh MINUTES TARGET... (all: every target)}
[[ $minutes =~ ^[0-9]+$ ]] || { echo "fuzz/campaign.sh: the minutes ($minutes) must be a number" >&2; exit 1; }
shift
mapfile -t known < <(fuzz/run.sh list)
if [ "${1:-}" = all ]; then
  targets=("${known[@]}")
else
  targets=("$@")
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz/campaign.sh: name at least one target" >&2; exit 1; }
workers=${WORKERS:-$(nproc)}
ledger=fuzz/out/ledger.tsv
mkdir -p fuzz/out
[ -f "$ledger" ] || printf 'finished\ttarget\trun_time\texecs_done\tedges_found\ttotal_edges\tcorpus_count\tsaved_crashes\tsaved_hangs\n' > "$ledger"

# Every name and time is checked before anything is built or run.
for item in "${targets[@]}"; do
  t=${item%%:*}
  [[ " ${known[*]} " == *" $t "* ]] || { echo "fuzz/campaign.sh: no target $t (fuzz/run.sh list names them)" >&2; exit 1; }
  [ "$t" = "$item" ] || [[ ${item#*:} =~ ^[0-9]+$ ]] || { echo "fuzz/campaign.sh: $item: the minutes must be a number" >&2; exit 1; }
done
# Builds once before the workers start, so that they do not queue on cargo's lock.
fuzz/run.sh build

stat() { grep -E "^$2 " "$1" | sed 's/.*: //'; }
one() {
  local t=$1 m=$2 s=fuzz/out/$1/main/fuzzer_stats
  CORES=1 TARGET_NICE=19 nice -n 19 fuzz/run.sh "$t" "$m" > "fuzz/out/$t.campaign.log" 2>&1 || true
  if [ -f "$s" ]; then
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" \
      "$(stat "$s" run_time)" "$(stat "$s" execs_done)" "$(stat "$s" edges_found)" \
      "$(stat "$s" total_edges)" "$(stat "$s" corpus_count)" "$(stat "$s" saved_crashes)" \
      "$(stat "$s" saved_hangs)" >> "$ledger"
  fi
}
for item in "${targets[@]}"; do
  t=${item%%:*}
  m=$minutes
  [ "$t" = "$item" ] || m=${item#*:}
  while [ "$(jobs -rp | wc -l)" -ge "$workers" ]; do sleep 5; done
  one "$t" "$m" &
done
wait
column -t -s $'\t' "$ledger"
