#!/usr/bin/env bash
# Fuzzes the three input parsers (configuration, stimulus, scenario and message list) with libFuzzer.
#
#   scripts/release/fuzz.sh [SECONDS]    default 300: builds fuzz_parsers in build-fuzz/cmake (CMake with
#                                UETLB_FUZZ: clang, -fsanitize=fuzzer,address,undefined), seeds a
#                                corpus from examples/ and tests/vectors/ (one copy per parser, tagged
#                                by its first byte), fuzzes for SECONDS on
#                                two jobs, and prints executions, corpus size and findings. A finding
#                                (crash, sanitizer report, undocumented exception, timeout) is copied to
#                                tests/fuzz/regressions/, which CTest fuzz_regressions replays; exit 1.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
secs=${1:-300}
case "$secs" in ''|*[!0-9]*) echo "fuzz.sh: SECONDS '$secs' is not a whole number" >&2; exit 2 ;; esac
[ $# -le 1 ] || { echo "fuzz.sh: one argument at most (SECONDS)" >&2; exit 2; }
"$root/scripts/setup.sh"  # clang and its libFuzzer runtime, when missing
work=$root/build-fuzz
mkdir -p "$work/corpus" "$work/findings"
say_why_stopped fuzz.sh

echo "fuzz: building ${work#"$root"/}/cmake/tests/fuzz_parsers (log: ${work#"$root"/}/build.log)"
# CMake's own build of the libraries the programs link (every parser source, instrumented), with clang.
{ cmake -S "$root" -B "$work/cmake" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DUETLB_FUZZ=ON -DUETLB_WITH_RTL=OFF && cmake --build "$work/cmake" --target fuzz_parsers -j2; } \
  >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }
fuzzer=$work/cmake/tests/fuzz_parsers

# The seed corpus: JSON files for the configuration and scenario parsers, CSV files for the stimulus and
# message-list parsers, each prefixed with its parser's byte.
seed() {  # seed TAG FILE
  { printf "\\$(printf '%03o' "$1")"; cat "$2"; } > "$work/corpus/seed-$1-$(basename "$2")"
}
for f in "$root"/tests/vectors/*.json "$root"/examples/*.json; do seed 0 "$f"; done
for f in "$root"/tests/vectors/*.csv "$root"/examples/*.csv; do seed 1 "$f"; done
for f in "$root"/tests/fuzz/seeds/scenario_*.json "$root"/examples/sweeps/*.json; do seed 2 "$f"; done
for f in "$root"/tests/fuzz/seeds/list_*.csv; do seed 3 "$f"; done
for f in "$root"/tests/fuzz/seeds/chakra_*.et; do seed 4 "$f"; done
echo "fuzz: $(ls "$work/corpus" | wc -l) corpus inputs; fuzzing for $secs s on 2 jobs (log: ${work#"$root"/}/fuzz.log)"

rm -f "$work"/findings/* "$work"/fuzz-*.log
status=0
(cd "$work" && "$fuzzer" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
   -jobs=2 -workers=2 -artifact_prefix="$work/findings/" corpus) >"$work/fuzz.log" 2>&1 || status=$?
execs=$(cat "$work"/fuzz-*.log 2>/dev/null | awk '/^Done [0-9]+ runs/ {s += $2} END {print s + 0}')
echo "fuzz: $execs executions, corpus now $(ls "$work/corpus" | wc -l) inputs"
found=$(ls "$work/findings" | wc -l)
if [ "$found" -gt 0 ]; then
  cp "$work"/findings/* "$root/tests/fuzz/regressions/"
  echo "fuzz: $found findings, copied to tests/fuzz/regressions/ (replay: $fuzzer FILE)" >&2
  exit 1
fi
[ "$status" = 0 ] || { echo "fuzz: libFuzzer exited $status (see $work/fuzz.log)" >&2; exit 1; }
echo "fuzz: no finding"
