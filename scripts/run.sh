#!/usr/bin/env bash
# The main job: builds what is needed and runs the default scenario, printing a summary and where the
# records went. Does all set-up on a fresh machine.
#   scripts/run.sh [OUT_DIR]       (default out/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/out}
"$root/scripts/build.sh" >/dev/null
mkdir -p "$out"
echo "== REPS, default attributes, examples/default_stimulus.csv (golden model)"
"$root/build/model/runner/uetlb-run" --engine model --config "$root/examples/reps_default.json" \
  --stimulus "$root/examples/default_stimulus.csv" --trace "$out/lb-trace.csv" --monitor "$out/uet-monitor.csv"
