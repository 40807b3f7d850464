#!/usr/bin/env bash
# Fuzzes the three input parsers (configuration, stimulus, scenario and message list) with libFuzzer.
#
#   scripts/fuzz.sh [SECONDS]    default 300: builds build-fuzz/fuzz_parsers (clang, -fsanitize=fuzzer,
#                                address,undefined), seeds a corpus from examples/ and tests/vectors/
#                                (one copy per parser, tagged by its first byte), fuzzes for SECONDS on
#                                two jobs, and prints executions, corpus size and findings. A finding
#                                (crash, sanitizer report, undocumented exception, timeout) is copied to
#                                tests/fuzz/regressions/, which CTest fuzz_regressions replays; exit 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-300}
case "$secs" in ''|*[!0-9]*) echo "fuzz.sh: SECONDS '$secs' is not a whole number" >&2; exit 2 ;; esac
[ $# -le 1 ] || { echo "fuzz.sh: one argument at most (SECONDS)" >&2; exit 2; }
"$root/scripts/setup.sh"  # clang and its libFuzzer runtime, when missing
work=$root/build-fuzz
mkdir -p "$work/corpus" "$work/findings"
trap 'echo "fuzz.sh: stopped at line $LINENO: $BASH_COMMAND" >&2' ERR

echo "fuzz: building ${work#"$root"/}/fuzz_parsers (log: ${work#"$root"/}/build.log)"
mkdir -p "$work/gen"
protoc --cpp_out="$work/gen" -I"$root/sim/proto" "$root/sim/proto/chakra_et.proto" >"$work/build.log" 2>&1 || \
  { tail -20 "$work/build.log"; exit 1; }
# (The generated protobuf code and the library are not instrumented: the fuzzer finds its way through
# the project's reader, which is.)
# shellcheck disable=SC2046  # pkg-config's flags are a list
clang++ -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$root/model/include" -I"$root/sim/include" -I"$work/gen" \
  "$root/tests/fuzz/fuzz_parsers.cpp" "$root"/model/src/*.cpp "$root/sim/src/scenario.cpp" "$root/sim/src/workloads.cpp" "$root/sim/src/hash.cpp" \
  "$root/sim/src/chakra.cpp" "$work/gen/chakra_et.pb.cc" $(pkg-config --cflags --libs protobuf) \
  -o "$work/fuzz_parsers" >>"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }

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
(cd "$work" && ./fuzz_parsers -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
   -jobs=2 -workers=2 -artifact_prefix="$work/findings/" corpus) >"$work/fuzz.log" 2>&1 || status=$?
execs=$(cat "$work"/fuzz-*.log 2>/dev/null | awk '/^Done [0-9]+ runs/ {s += $2} END {print s + 0}')
echo "fuzz: $execs executions, corpus now $(ls "$work/corpus" | wc -l) inputs"
found=$(ls "$work/findings" | wc -l)
if [ "$found" -gt 0 ]; then
  cp "$work"/findings/* "$root/tests/fuzz/regressions/"
  echo "fuzz: $found findings, copied to tests/fuzz/regressions/ (replay: $work/fuzz_parsers FILE)" >&2
  exit 1
fi
[ "$status" = 0 ] || { echo "fuzz: libFuzzer exited $status (see $work/fuzz.log)" >&2; exit 1; }
echo "fuzz: no finding"
