#!/usr/bin/env bash
# Keeps what fuzz runs found for the test suite's replay: the runs' queues and the corpus
# kept before, minimized together by afl-cmin to the smallest inputs that reach every edge
# they reach, without the seeds (the real files stay in ../shared/data and samples/; the
# suite reads them from there), into fuzz/corpus/TARGET/ (replaced). A target keeps at
# most KEEP_BYTES (default 1,000,000) bytes, smallest inputs first, so that the 20 targets
# stay under the suite's bound of 20 MiB.
#
#   fuzz/keep.sh TARGET
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/keep.sh TARGET}
afl_target=${AFL_TARGET_DIR:-$PWD/target/afl}
out="fuzz/out/$target"
fuzzer="$afl_target/release/kifu-fuzz"
test -x "$fuzzer" || { echo "fuzz/keep.sh: build and run the target first (fuzz/run.sh $target)" >&2; exit 1; }

found="$out/found"
rm -rf "$found" "$out/min"
mkdir -p "$found"
# Every queue entry that is not a seed itself (AFL names those `orig:`), also those of a
# queue AFL++ set aside to resume from (`_resume`).
for queue in "$out"/*/queue "$out"/*/_resume; do
  [ -d "$queue" ] || continue
  find "$queue" -maxdepth 1 -type f -name 'id:*' ! -name '*orig:*' -exec cp {} "$found"/ \;
done
if [ -d "fuzz/corpus/$target" ]; then
  cp fuzz/corpus/"$target"/* "$found"/ 2>/dev/null || true
fi
if [ -z "$(ls -A "$found")" ]; then
  echo "fuzz/keep.sh: the run found nothing new for $target"
  exit 0
fi
KIFU_FUZZ_TARGET=$target AFL_SKIP_CPUFREQ=1 cargo afl cmin -i "$found" -o "$out/min" -t 2000 -- "$fuzzer" >/dev/null
budget=${KEEP_BYTES:-1000000}
rm -rf "fuzz/corpus/$target"
mkdir -p "fuzz/corpus/$target"
n=0
bytes=0
left=0
while read -r size f; do
  if [ $((bytes + size)) -gt "$budget" ]; then
    left=$((left + 1))
    continue
  fi
  sum=$(sha256sum "$f" | cut -c1-16)
  cp "$f" "fuzz/corpus/$target/$sum"
  n=$((n + 1))
  bytes=$((bytes + size))
done < <(find "$out/min" -maxdepth 1 -type f -printf '%s %p\n' | sort -n)
echo "fuzz/keep.sh: $n inputs ($bytes bytes) kept in fuzz/corpus/$target, $left over the budget left out ($(du -sb fuzz/corpus | cut -f1) bytes in all)"
