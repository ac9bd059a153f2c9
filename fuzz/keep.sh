#!/usr/bin/env bash
# Keeps what a fuzz run found for the test suite's replay: the run's queue, minimized by
# afl-cmin to the inputs that reach new edges and without the seeds (the real files stay
# in ../shared/data and samples/; the suite reads them from there), into
# fuzz/corpus/TARGET/. The whole saved corpus stays under 20 MB (checked by the suite).
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
# Every queue entry that is not a seed itself (AFL names those `orig:`).
for queue in "$out"/*/queue; do
  find "$queue" -maxdepth 1 -type f -name 'id:*' ! -name '*orig:*' -exec cp {} "$found"/ \;
done
if [ -z "$(ls -A "$found")" ]; then
  echo "fuzz/keep.sh: the run found nothing new for $target"
  exit 0
fi
KIFU_FUZZ_TARGET=$target AFL_SKIP_CPUFREQ=1 cargo afl cmin -i "$found" -o "$out/min" -t 2000 -- "$fuzzer" >/dev/null
mkdir -p "fuzz/corpus/$target"
n=0
for f in "$out"/min/*; do
  sum=$(sha256sum "$f" | cut -c1-16)
  cp "$f" "fuzz/corpus/$target/$sum"
  n=$((n + 1))
done
echo "fuzz/keep.sh: $n inputs kept in fuzz/corpus/$target ($(du -sh fuzz/corpus | cut -f1) in all)"
