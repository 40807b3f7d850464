#!/usr/bin/env bash
# The main job: builds what is needed, then runs the default scenario through the golden model and the
# RTL, and prints a short summary with the paths of the records and the waveform. Does all set-up on a
# fresh machine.
#   scripts/run.sh [OUT_DIR]       (default out/)
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/lib/common.sh"
out=${1:-$root/out}
mkdir -p "$out"
UETLB_BUILD_LOG="$out/build.log" "$root/scripts/build.sh"
b="$root/build"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

echo "== 1. Fabric: the default scenario (16-host permutation, one leaf-spine link fails) under each spraying type"
"$b/sim/uet-fabric" --out "$out/fabric" --quiet | sed 's/^/   /'

echo "== 2. One stimulus, two engines (model, Verilated uet_lb): examples/default_stimulus.csv, examples/reps_default.json"
for engine in model rtl; do
  extra=()
  [ "$engine" = rtl ] && extra=(--wave "$out/uetlb-run-rtl.fst")
  "$b/tools/uetlb-run/uetlb-run" --engine "$engine" --config "$root/examples/reps_default.json" \
    --stimulus "$root/examples/default_stimulus.csv" --trace "$out/lb-trace-$engine.csv" \
    --monitor "$out/uet-monitor-$engine.csv" "${extra[@]}" --quiet
done
rows=$(($(wc -l < "$out/lb-trace-model.csv") - 1))
for engine in rtl; do
  if cmp -s "$out/lb-trace-model.csv" "$out/lb-trace-$engine.csv" && \
     cmp -s "$out/uet-monitor-model.csv" "$out/uet-monitor-$engine.csv"; then
    echo "   model and $engine traces identical: $rows events; uet-monitor records identical"
  else
    echo "   MISMATCH between the model and $engine traces: diff $out/lb-trace-model.csv $out/lb-trace-$engine.csv"
    exit 1
  fi
done
"$b/tools/uetlb-run/uetlb-run" --engine model --config "$root/examples/reps_default.json" \
  --stimulus "$root/examples/default_stimulus.csv" --trace /dev/null | sed -n '4,7p' | sed 's/^/   /'

echo "== 3. Cycle-accurate SystemC testbench: 200,000 cycles of constrained-random traffic against the model"
"$b/tb/uetlb-tb" --seed 4 --cycles 200000 --require-coverage --wave "$out/uetlb-tb.fst" \
  --coverage-out "$out/coverage.json" > "$out/uetlb-tb.log"
sed -n '1,2p' "$out/uetlb-tb.log" | sed 's/^/   /'
grep -E '^uetlb-tb: [a-z_]+, [0-9]+ cycles' "$out/uetlb-tb.log" | sed 's/^/   /'
echo "   coverage bins: $(grep -cE ' ok$' "$out/uetlb-tb.log") at goal, $(grep -c SHORT "$out/uetlb-tb.log" || true) short (full table: $out/uetlb-tb.log)"

echo "== Records"
echo "   fabric:          $out/fabric/{none,default,reps}/ (uet-monitor, uet-transport-stats,"
echo "                    scala-switch-load-balancing-stats, messages), plots $out/fabric/*.png"
echo "   LB traces:       $out/lb-trace-{model,rtl}.csv"
echo "   uet-monitor:     $out/uet-monitor-{model,rtl}.csv"
echo "   waveforms:       gtkwave -S $root/tb/gtkwave/uetlb.tcl $out/uetlb-tb.fst $root/tb/uetlb.gtkw"
echo "                    gtkwave -S $root/tb/gtkwave/uetlb.tcl $out/uetlb-run-rtl.fst $root/tb/uetlb_run.gtkw"
echo "   coverage:        $out/coverage.json"
