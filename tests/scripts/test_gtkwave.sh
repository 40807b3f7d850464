#!/usr/bin/env bash
# GTKWave itself, headless: a short testbench run with early failures, opened with tb/uetlb.gtkw and
# tb/gtkwave/uetlb.tcl under Xvfb; tests/scripts/gtkwave_check.tcl checks what a person would see.
#   tests/scripts/test_gtkwave.sh UETLB_TB WORK_DIR [SCREENSHOT.png]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 UETLB_TB WORK_DIR [SCREENSHOT.png]" >&2; exit 2; }
tb=$1
work=$2
shot=${3:-$work/gtkwave.png}
for tool in xvfb-run gtkwave; do
  command -v "$tool" >/dev/null || { echo "test_gtkwave: $tool is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
done
mkdir -p "$work"
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$tb" --seed 2 --cycles 20000 --loss 0.02 --quiet --wave "$work/loss.fst" >/dev/null
save=$root/tb/uetlb.gtkw
expect=$(grep -cv '^[[@*^-]' "$save")
log=$work/gtkwave.log
if ! UETLB_ROOT=$root UETLB_EXPECT_SIGNALS=$expect UETLB_SCREENSHOT=$shot timeout 120 \
     xvfb-run -a -s "-screen 0 1600x1000x24" gtkwave -S "$root/tests/scripts/gtkwave_check.tcl" "$work/loss.fst" "$save" \
     >"$log" 2>&1; then
  grep -E 'gtkwave_check|uetlb.tcl' "$log" >&2 || tail -20 "$log" >&2
  echo "test_gtkwave: GTKWave did not show the waveform as expected (log: $log)" >&2
  exit 1
fi
grep -E 'gtkwave_check|uetlb.tcl' "$log"
[ -s "$shot" ] || { echo "test_gtkwave: no screenshot written to $shot" >&2; exit 1; }
echo "test_gtkwave: screenshot $shot"
