#!/usr/bin/env bash
# Yosys 0.23 synthesis check: reads the RTL as SystemVerilog, synthesizes a top at a small size,
# and fails on latches, unsupported constructs or any problem `check` reports.
#   scripts/hw/synth_check.sh [NumGroups] [TOP [PARAM=VALUE ...]]     (default 4 uet_lb; uet_lb_axi too)
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
groups=${1:-4}
top=${2:-uet_lb}
params="-set NumGroups $groups -set TrackerEntries 4"
for p in "${@:3}"; do params="$params -set ${p%%=*} ${p#*=}"; done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
srcs=$(sed "s|^|$root/rtl/|" "$root/rtl/uet_lb.f" "$root/rtl/uet_lb_axi.f" | tr '\n' ' ')
yosys -q -l "$out/synth.log" -p "read_verilog -sv $srcs; chparam $params $top; \
  synth -top $top -flatten; select -assert-none t:\$*latch* t:\$_DLATCH_*; check -assert; stat" >/dev/null 2>&1 || {
  tail -20 "$out/synth.log"; echo "synth_check: FAILED"; exit 1; }
# Small arrays kept in flip-flops by design, which Yosys reports as memories replaced with registers (the
# only warnings allowed): the tracker's run windows (ww_q/ws_q/wd_q and their next values nw/ns/nd, and
# each window half's first and second live elements, e1*/e2* and registered e1*_q/e2*_q), the per-run tails,
# first live elements, counts and order (tail_q, r_*, the fire block's fl_*/sl_*, flseq_q, ord_q), the
# fired ways on their way to their free (fway_q), the tracker's recent allocations and clears (ah_*), its
# tag parts and tag reads by way (tpart_q, tag_rd), and the core's per-reader RAM addresses and read data
# (rd_addr, bank_f_q, bank_r_q). Every RAM (uet_lb_ram) must stay a memory: a RAM
# named here would be a regression of the block-RAM mapping.
regs='ww_q|ws_q|wd_q|nw|ns|nd|tail_q|r_cnt|r_cnt_next|r_fldl|r_flseq|r_flway|r_sldl|r_slseq|r_slway|r_oldest|flseq_q|fway_q|ah_akey'
regs="$regs|fl_way|fl_seq|fl_dl|sl_way|sl_seq|sl_dl|ah_aset|ah_cset|tpart_q|tag_rd|rd_addr|bank_f_q|bank_r_q|ord_q|e1w|e1s|e1d|e2w|e2s|e2d|e1w_q|e1s_q|e1d_q|e2w_q|e2s_q|e2d_q"
expected="Replacing memory \\\\($regs) with list of registers"
problems=$(grep -E 'Latch inferred|Warning' "$out/synth.log" | grep -Ev "$expected" | grep -v '^Warnings:' || true)
if [ -n "$problems" ]; then
  echo "$problems" | head -20
  echo "synth_check: FAILED (warnings above)"
  exit 1
fi
cells=$(grep -E '^\s+Number of cells:' "$out/synth.log" | tail -1 | awk '{print $4}')
echo "synth_check: $top NumGroups=$groups ${*:3} synthesizes in Yosys with no latches ($cells cells)"
