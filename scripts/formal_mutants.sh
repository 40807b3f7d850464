#!/usr/bin/env bash
# Shows the formal proofs are not vacuous: each mutant plants one bug in a copy of the RTL, and the proof
# that covers it must fail. Exits 1 if any mutant survives.
#   scripts/formal_mutants.sh        the mutants of the fast proofs (CI)
#   scripts/formal_mutants.sh all    also those of the full proofs (pipe_deep: about 5 minutes each)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
  "") full=0 ;;
  all) full=1 ;;
  *) echo "formal_mutants.sh: unknown argument '$1' (expected nothing or all)" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# file @ proof @ text @ replacement @ the bug
mutants=(
  "uet_lb_cache.sv@cache@if (!full_i) full_o = wr_inc == rd_i;@if (!full_i) full_o = 1'b0;@a cache that fills reads as empty"
  "uet_lb_cache.sv@cache@assign oldest_ev_o = slots_i[16*rd_i +: 16];@assign oldest_ev_o = slots_i[16*rd_inc +: 16];@pop takes the second oldest"
  "uet_lb_cache.sv@cache@      else rd_o = rd_inc;@      else rd_o = rd_i;@a recycle into a full cache leaves the overwritten slot as the oldest"
  "uet_lb_window.sv@window@((left_i & cmask) == (WindowWidth'(1) & cmask))@((left_i & cmask) == '0)@window explores one position late"
  "uet_lb_freeze.sv@group@if (failure_i && !freezing_i && !in_window_i) begin@if (failure_i && !in_window_i) begin@a failure restarts the timer"
  "uet_lb_freeze.sv@group@if (failure_i && !freezing_i && !in_window_i) begin@if (failure_i && !freezing_i) begin@freezing starts inside the window"
  "uet_lb_freeze.sv@group@elapsed >= timeout_i@elapsed > timeout_i@freezing outlasts the timeout by 1 ns"
  "uet_lb_pkg.sv@time@ts_less_join = parts[2] ? parts[0] : parts[1];@ts_less_join = parts[2] ? parts[1] : parts[0];@time comparison: the halves' select swapped"
  "uet_lb_pkg.sv@time@(lo_c ? hi_c1 : hi_c0)@(lo_c ? hi_c0 : hi_c1)@expiry test: the low half's carry ignored"
  "uet_lb_rr.sv@rr@{8'd0, step_i & span_mask_i}@{8'd0, step_i & span_mask_i & 8'hfe}@round robin skips odd ports"
  "uet_lb_group_apply.sv@split@(b1 ? !(b2 && b0) : !(b2 || b0))@(b1 ? !(b2 || b0) : !(b2 && b0))@split update: the freezing test's borrows joined the wrong way"
  "uet_lb_group_look.sv@split@        if (!explore_i && nonempty_i) begin@        if (nonempty_i) begin@split update: a request reuses at the window's explore positions"
  "uet_lb_group_apply.sv@split@assign explore_o   = ops_s.thaw ? ops_s.explore_opened : ops_s.explore_kept;@assign explore_o   = ops_s.explore_kept;@split update: the stored explore fact misses the window a thaw opens"
  "uet_lb.sv@top@assign req_ready_o  = !rsp_valid_q || rsp_ready_i;@assign req_ready_o  = 1'b1;@a held response is overwritten"
  "uet_lb.sv@top@      end else if (rsp_ready_i) begin@      end else begin@a response is dropped under back-pressure"
  "uet_lb_pipe.sv@pipe@assign rsp_pop   = rsp_valid_o && rsp_ready_i;@assign rsp_pop   = rsp_valid_o;@pipelined: a response is dropped under back-pressure"
  "uet_lb_pipe.sv@pipe@      if (rsp_push) rsp_wp_q <= rsp_wp_q + 2'd1;@      if (rsp_push) rsp_wp_q <= rsp_wp_q;@pipelined: a queued response is overwritten by the next"
  "uet_lb_pipe.sv@pipe@assign fb_ready_o   = rdy_q && !open_valid_i;@assign fb_ready_o   = rdy_q;@pipelined: an open and a feedback accepted in one cycle"
  "uet_lb_pipe.sv@pipe_deep@room_tables[64 * c + k] = next <= 3;@room_tables[64 * c + k] = next <= 4;@pipelined: a request issues with no room left in the response queue"
)
survivors=0
skipped=0
for m in "${mutants[@]}"; do
  IFS='@' read -r file proof from to what <<<"$m"
  # A mutant of a full proof (formal.sh's speed column) runs only with "all".
  if [ "$full" = 0 ] && [ "$("$root/scripts/formal.sh" --speed "$proof")" = full ]; then
    skipped=$((skipped + 1))
    continue
  fi
  rm -rf "$tmp/rtl"
  cp -r "$root/rtl" "$tmp/rtl"
  python3 - "$tmp/rtl/$file" "$from" "$to" <<'PY'
import sys
path, old, new = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path).read()
if old not in text:
    sys.exit(f"formal_mutants.sh: '{old}' not found in {path}: update the mutant")
open(path, "w").write(text.replace(old, new, 1))
PY
  UETLB_RTL_DIR="$tmp/rtl" UETLB_FORMAL_DIR="$tmp/formal" "$root/scripts/formal.sh" "$proof" >"$tmp/out.txt" 2>&1 || true
  if ! grep -q "FAIL in BMC" "$tmp/out.txt"; then  # a counterexample, not a tool failure
    echo "mutant survived: $what ($file, proof $proof): $(cat "$tmp/out.txt")"
    survivors=$((survivors + 1))
  else
    echo "mutant killed:   $what (proof $proof)"
    # Every proof has a committed save file, and it must open the counterexample whole.
    save=$("$root/scripts/formal.sh" --save-file "$proof")
    if [ -z "$save" ]; then
      echo "  proof $proof has no save file rtl/formal/fv_$proof.gtkw (scripts/make_gtkw.py writes one from a counterexample)"
      survivors=$((survivors + 1))
    elif ! python3 "$root/scripts/check_gtkw.py" "$tmp/formal/$proof/trace.vcd" "$save" >/dev/null; then
      echo "  $save does not open the counterexample: $(python3 "$root/scripts/check_gtkw.py" "$tmp/formal/$proof/trace.vcd" "$save" 2>&1)"
      survivors=$((survivors + 1))
    fi
  fi
done
run=$((${#mutants[@]} - skipped))
echo "$((run - survivors)) of $run mutants killed$([ "$skipped" = 0 ] || echo " ($skipped of full proofs not run: scripts/formal_mutants.sh all)")"
[ "$survivors" -eq 0 ]
