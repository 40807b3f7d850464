#!/usr/bin/env bash
# Yosys 0.23 synthesis check: reads the RTL as SystemVerilog, synthesizes the top at a small size,
# and fails on latches, unsupported constructs or any problem `check` reports.
#   scripts/synth_check.sh [NumGroups]     (default 4)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
groups=${1:-4}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
srcs=$(sed "s|^|$root/rtl/|" "$root/rtl/uet_lb.f" | tr '\n' ' ')
yosys -q -l "$out/synth.log" -p "read_verilog -sv $srcs; chparam -set NumGroups $groups -set TrackerEntries 4 uet_lb; \
  synth -top uet_lb -flatten; select -assert-none t:\$*latch* t:\$_DLATCH_*; check -assert; stat" >/dev/null 2>&1 || {
  tail -20 "$out/synth.log"; echo "synth_check: FAILED"; exit 1; }
# The per-group state table has four write ports (efd, open, feedback, request in one cycle), so it is
# registers by design: Yosys says so in one warning, which is expected and the only one allowed.
expected='Replacing memory \\state_q with list of registers'
problems=$(grep -E 'Latch inferred|Warning' "$out/synth.log" | grep -v "$expected" | grep -v '^Warnings:' || true)
if [ -n "$problems" ]; then
  echo "$problems" | head -20
  echo "synth_check: FAILED (warnings above)"
  exit 1
fi
cells=$(grep -E '^\s+Number of cells:' "$out/synth.log" | tail -1 | awk '{print $4}')
echo "synth_check: uet_lb NumGroups=$groups synthesizes in Yosys with no latches ($cells cells)"
