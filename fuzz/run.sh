#!/usr/bin/env bash
# Runs one fuzz target under AFL++ (cargo-afl, stable Rust):
#
#   fuzz/run.sh TARGET [MINUTES]     # default 30 minutes; `fuzz/run.sh list` names the targets
#   fuzz/run.sh build                # builds what a run needs, and stops
#
# Installs cargo-afl when it is missing and builds AFL++ once (`cargo afl config --build`),
# builds the instrumented `kifu-fuzz` (release, in target/afl), writes the target's seeds
# from the real files (samples/ and ../shared/data) and the corpus kept so far
# (fuzz/corpus/TARGET/) into fuzz/out/TARGET/in, and fuzzes with the format's dictionary.
# A run that was stopped resumes (AFL_AUTORESUME). Crashes and hangs are left in
# fuzz/out/TARGET/default/{crashes,hangs}; `fuzz/keep.sh TARGET` keeps the new finds.
#
# Environment: CORES=N runs N instances (one main, the rest secondaries; default 1),
# AFL_ARGS adds options to afl-fuzz, TARGET_NICE=N lowers the fuzzed processes' weight
# (what fuzz/campaign.sh sets).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh TARGET [MINUTES] (fuzz/run.sh list names the targets)}
minutes=${2:-30}
cores=${CORES:-1}
# The instrumented build has a target folder of its own: cargo-afl's flags would otherwise
# rebuild the workspace's ordinary artifacts, and these, back and forth.
afl_target=${AFL_TARGET_DIR:-$PWD/target/afl}

if [ "$target" = list ]; then
  cargo run -q -p kifu-fuzz --bin kifu-fuzz-corpus -- targets
  exit 0
fi

if ! cargo afl --version >/dev/null 2>&1; then
  cargo install --locked cargo-afl
fi
# AFL++'s runtime, built once per compiler (cargo-afl's install may have built it already).
if ! config=$(cargo afl config --build 2>&1); then
  case "$config" in
    *"already built"*) ;;
    *) echo "$config" >&2; exit 1 ;;
  esac
fi
# Fuzzing wants checks, not the shipped profile: overflow and debug assertions on (an
# overflow in a reader is a crash to find), no LTO (builds in minutes), debug info for
# the crashes' stacks.
export CARGO_PROFILE_RELEASE_LTO=false
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
export CARGO_PROFILE_RELEASE_DEBUG=1
export CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true
export CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true

# Edge coverage from the blocks that carry it: cargo-afl turns LLVM's pruning off, so every
# block of a byte loop called into AFL++'s runtime, half of an execution's time (perf, on
# xiangqi-pgn and dhtmlxq). With LLVM's default (libFuzzer's too), a block whose coverage its
# dominators imply is left out: a third less CPU an input (afl-showmap, 300 queue inputs).
# cargo-afl puts our RUSTFLAGS after its own, and the last setting of an LLVM option holds.
prune="-C llvm-args=-sanitizer-coverage-prune-blocks=1"
RUSTFLAGS="$prune${RUSTFLAGS:+ $RUSTFLAGS}" CARGO_TARGET_DIR=$afl_target \
  cargo afl build --release -q -p kifu-fuzz --features afl --bin kifu-fuzz
fuzzer="$afl_target/release/kifu-fuzz"
cargo build -q -p kifu-fuzz --bin kifu-fuzz-corpus
[ "$target" = build ] && exit 0

out="fuzz/out/$target"
in="$out/in"
rm -rf "$in"
mkdir -p "$in"
cargo run -q -p kifu-fuzz --bin kifu-fuzz-corpus -- seeds "$target" "$in"
if [ -d "fuzz/corpus/$target" ]; then
  cp fuzz/corpus/"$target"/* "$in"/ 2>/dev/null || true
fi

dict=()
case "$target" in
  detect|ingest)
    cat fuzz/dict/*.dict > "$out/all.dict"
    dict=(-x "$out/all.dict")
    ;;
  *)
    [ -f "fuzz/dict/$target.dict" ] && dict=(-x "fuzz/dict/$target.dict")
    ;;
esac

export KIFU_FUZZ_TARGET=$target
export AFL_AUTORESUME=1
export AFL_SKIP_CPUFREQ=1
export AFL_NO_UI=1
export AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
# A bad input may take a while in the replay (a 10,000-node tree): 2 s before a hang.
common=(-i "$in" -o "$out" -t 2000 -V $((minutes * 60)) "${dict[@]}" ${AFL_ARGS:-})
pids=()
# AFL++ starts the target in a session of its own, and where the kernel groups the scheduling
# by session (autogroup, the default of most distributions) a process's nice value weighs only
# within its session: a target at nice 19 would still take a whole core from a build. So the
# target's session is lowered as a whole, as soon as it appears (a crash restarts it).
if [ -n "${TARGET_NICE:-}" ] && [ -e /proc/self/autogroup ]; then
  (
    while sleep 2; do
      for p in $(pgrep -x kifu-fuzz); do
        [ "$(readlink -f "/proc/$p/exe" 2>/dev/null)" = "$(readlink -f "$fuzzer")" ] || continue
        echo "$TARGET_NICE" > "/proc/$p/autogroup" 2>/dev/null || true
      done
    done
  ) &
  pids+=($!)
  lowering=$!
fi
for ((i = 1; i < cores; i++)); do
  cargo afl fuzz "${common[@]}" -S "s$i" -- "$fuzzer" > "$out/s$i.log" 2>&1 &
  pids+=($!)
done
cargo afl fuzz "${common[@]}" -M main -- "$fuzzer" | tee "$out/main.log" | grep -E "^\[|crash|hang|exec" || true
[ -n "${lowering:-}" ] && kill "$lowering" 2>/dev/null || true
for pid in "${pids[@]}"; do wait "$pid" || true; done

stats="$out/main/fuzzer_stats"
if [ -f "$stats" ]; then
  grep -E "^(run_time|execs_done|execs_per_sec|corpus_count|edges_found|total_edges|saved_crashes|saved_hangs) " "$stats"
fi
echo "crashes: $(ls "$out"/*/crashes 2>/dev/null | grep -c id: || true), hangs: $(ls "$out"/*/hangs 2>/dev/null | grep -c id: || true) (in $out/*/{crashes,hangs})"
