#!/usr/bin/env bash
# Yosys 0.23 synthesis check: reads the RTL as SystemVerilog, synthesizes a top at a small size,
# and fails on latches, unsupported constructs or any problem `check` reports.
#   scripts/synth_check.sh [NumGroups] [TOP [PARAM=VALUE ...]]     (default 4 uet_lb)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
groups=${1:-4}
top=${2:-uet_lb}
params="-set NumGroups $groups -set TrackerEntries 4"
for p in "${@:3}"; do params="$params -set ${p%%=*} ${p#*=}"; done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
srcs=$(sed "s|^|$root/rtl/|" "$root/rtl/uet_lb.f" | tr '\n' ' ')
yosys -q -l "$out/synth.log" -p "read_verilog -sv $srcs; chparam $params $top; \
  synth -top $top -flatten; select -assert-none t:\$*latch* t:\$_DLATCH_*; check -assert; stat" >/dev/null 2>&1 || {
  tail -20 "$out/synth.log"; echo "synth_check: FAILED"; exit 1; }
# Registers by design, which Yosys reports (read with every top) as the only warnings allowed: uet_lb's
# per-group state table has four write ports (efd, open, feedback, request in one cycle), and the
# pipelined core's tracker writes its entry tables through a one-hot (no index decoder) and keeps its
# per-entry comparison parts (c1p_m, lp_q) the same way.
expected='Replacing memory \\(state_q|group_q|psn_q|ev_q|deadline_q|dn_q|lp_q|c1p_m) with list of registers'
problems=$(grep -E 'Latch inferred|Warning' "$out/synth.log" | grep -Ev "$expected" | grep -v '^Warnings:' || true)
if [ -n "$problems" ]; then
  echo "$problems" | head -20
  echo "synth_check: FAILED (warnings above)"
  exit 1
fi
cells=$(grep -E '^\s+Number of cells:' "$out/synth.log" | tail -1 | awk '{print $4}')
echo "synth_check: $top NumGroups=$groups ${*:3} synthesizes in Yosys with no latches ($cells cells)"
