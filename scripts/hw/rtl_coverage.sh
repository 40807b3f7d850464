#!/usr/bin/env bash
# Verilator line and toggle coverage of the RTL under the SystemC testbench: builds an instrumented
# uetlb-tb in build-cov/, runs seeds over the three spraying types, merges, annotates the sources and
# prints the totals.
#   scripts/hw/rtl_coverage.sh [SEEDS] [CYCLES]   (default 10 seeds x 200000 cycles)
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
seeds=${1:-10}
cycles=${2:-200000}
"$root/scripts/setup.sh"
build="$root/build-cov"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DUETLB_TB_COVERAGE=ON >/dev/null
"$root/scripts/lib/cmake_build.sh" "$build" -j"${UETLB_JOBS:-2}" --target uetlb-tb >/dev/null
out="$build/rtl-coverage"
rm -rf "$out"
mkdir -p "$out"
for s in $(seq 1 "$seeds"); do
  SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$build/tb/uetlb-tb" --seed "$s" --cycles "$cycles" --quiet \
    --rtl-coverage "$out/seed$s.dat"
done
verilator_coverage --write "$out/merged.dat" "$out"/seed*.dat
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/merged.dat" | tee "$out/summary.txt"
echo "annotated sources (lines marked %000000 were never reached): $out/annotated"
