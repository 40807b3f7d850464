#!/usr/bin/env bash
# Shows the formal proofs are not vacuous: each mutant plants one bug in a copy of the RTL, and the proof
# that covers it must fail. Exits 1 if any mutant survives.
#   scripts/hw/formal_mutants.sh        the mutants of the fast proofs (CI)
#   scripts/hw/formal_mutants.sh all    also those of the full proofs (none at present)
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
case "${1:-}" in
  "") full=0 ;;
  all) full=1 ;;
  *) echo "formal_mutants.sh: unknown argument '$1' (expected nothing or all)" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# file @ proof @ text @ replacement @ the bug
mutants=(
  "core/uet_lb_cache.sv@cache@assign full        = cnt_i == cap_i;@assign full        = 1'b0;@a full cache takes a recycle as if it had room"
  "core/uet_lb_cache.sv@cache@assign oldest_o    = (push_i && full) ? wr_inc : ((wr_i - PtrW'(cnt_i)) & cmask_i);@assign oldest_o    = (wr_i - PtrW'(cnt_i)) & cmask_i;@a recycle into a full cache leaves the overwritten slot as the oldest"
  "core/uet_lb_cache.sv@cache@assign dec = take_i && (!push_i || full);@assign dec = take_i;@a take after a recycle into a not-full cache loses a value"
  "core/uet_lb_window.sv@window@  assign low      = BufBitsMax'(left_i) ^ BufBitsMax'(2);@  assign low      = BufBitsMax'(left_i) ^ BufBitsMax'(1);@window explores one position late"
  "core/uet_lb_window.sv@window@  assign explores_now_o = open_i ? w_x_i : explore_i;@  assign explores_now_o = explore_i;@a request in the update that opens the window misses its explore"
  "core/uet_lb_age.sv@age@      end else if (tick && !(a1_q[g] && a0_q[g])) begin@      end else if (tick && !a1_q[g]) begin@a freeze start's age stops at 2, long past after only one quarter-turn"
  "core/uet_lb_age.sv@age@  assign tick = q1_q != q2_q;@  assign tick = t_i[TsWidth-1 -: 2] != q1_q;@the ages run a cycle ahead of the time of the events that read them"
  "core/uet_lb_pretest.sv@pretest@    elapsed_o = e_new ? e_lt : (e_kept || (old_i && !fresh_i));@    elapsed_o = e_new ? e_lt : (e_kept || old_i);@a long-past age counts after the group froze again"
  "core/uet_lb_forward.sv@forward@  assign fresh_o = fresh_c_q || (fwd_f_o[1] && x_ent_r_q) || (fwd_f_o[0] && x_ent_f_q);@  assign fresh_o = (fwd_f_o[1] && x_ent_r_q) || (fwd_f_o[0] && x_ent_f_q);@an entry into freezing two cycles before D is missed"
  "prim/uet_lb_secded_dec.sv@secded_16@  assign data_o   = code_i[K-1:0] ^ flip;@  assign data_o   = code_i[K-1:0];@a single flip is reported but not corrected"
  "prim/uet_lb_secded_enc.sv@secded_67@      check = check ^ (data_i[i] ? R'(uet_lb_secded_pkg::column(R, i)) : '0);@      check = check ^ (data_i[i] ? R'(uet_lb_secded_pkg::column(R, i / 2)) : '0);@two data bits share a column, so a flip of one is corrected in the other"
  "core/uet_lb_timeout.sv@timeout@assign elapsed_o = (b1 && !now_lt_t_i) || (b1 == now_lt_t_i && !b3);@assign elapsed_o = b1 == now_lt_t_i && !b3;@the freezing test misses the time wrap past the start"
  "core/uet_lb_pretest.sv@pretest@    e_new     = (fwd_lr && entered_r_i) || (!fwd_lr && fwd_lf && entered_f_i);@    e_new     = (fwd_lr && entered_r_i) || (fwd_lf && entered_f_i);@the freezing test takes the feedback lane's entry when the request lane's word wins"
  "core/uet_lb_inflight.sv@inflight@    else opens_bx_q <= |op[4:0];@    else opens_bx_q <= |op[3:0];@an open at stage L is forgotten by the count of opens on their way"
  "core/uet_lb_lanes.sv@lanes@    b_same_q <= a_f_q.v && a_r_q.v && a_f_q.g == a_r_q.g;@    b_same_q <= a_f_q.v && a_r_q.v;@two events on different groups are taken as one group's"
  "core/uet_lb_loop.sv@loop@      u_r_recycle_q <= d_f_v_i && d_same_i && !d_open_i && d_recycle;@      u_r_recycle_q <= d_f_v_i && !d_open_i && d_recycle;@the request lane applies the feedback lane's recycle to another group"
  "core/uet_lb_forward.sv@forward@    if (hit[7]) pick = x_s_r_o;@    if (hit[5]) pick = y_s_r_q; else if (hit[7]) pick = x_s_r_o;@forwarding prefers a result two cycles old to one a cycle old"
  "core/uet_lb_forward.sv@forward@               inr && z_v_r_q && z_g_r_q == g, inr && z_v_f_q && z_g_f_q == g};@               1'b0, 1'b0};@L's result four cycles before C, which the store's read missed, is not forwarded"
  "core/uet_lb_rr.sv@rr@{8'd0, step_i & span_mask_i}@{8'd0, step_i & span_mask_i & 8'hfe}@round robin skips odd ports"
  "prim/uet_lb_first2.sv@first2@  assign second_o = bits_i & below1 & ~below2;@  assign second_o = bits_i & below1;@the second select picks every set bit past the first, not the next one"
  "prim/uet_lb_onehot_mux.sv@onehot_mux@    for (int k = 0; k < N; k++) data_o = data_o | ({W{sel_i[k]}} & data_i[k * W +: W]);@    for (int k = 0; k < N - 1; k++) data_o = data_o | ({W{sel_i[k]}} & data_i[k * W +: W]);@the last input is never selected"
  "prim/uet_lb_fifo.sv@fifo@      if (pop_i) rp_q <= rp_q + 1'b1;@      if (valid_o) rp_q <= rp_q + 1'b1;@a response is dropped under back-pressure"
  "prim/uet_lb_fifo.sv@fifo@      if (push_i) wp_q <= wp_q + 1'b1;@      if (push_i && !pop_i) wp_q <= wp_q + 1'b1;@a response is lost when one leaves as it arrives"
  "core/uet_lb_admit.sv@core@  assign req_ready_o  = !stall && req_room && !(open_valid_i && !req_owed_q);@  assign req_ready_o  = !stall && req_room;@an open and a request accepted in one cycle"
  "core/uet_lb_admit.sv@admit@  assign stall   = stall_q || due_q || trk_stop_i;@  assign stall   = stall_q || trk_stop_i;@a request past its deadline overtaken by a new one"
  "core/uet_lb_cfg.sv@cfg@((PtrW'(window_i) & cmask_o) == (PtrW'(2) & cmask_o))@((PtrW'(window_i) & cmask_o) == (PtrW'(1) & cmask_o))@position 2 of a window explores when position 1 should"
  "core/uet_lb_respond.sv@respond@    if (x_match) x_ev = rec_ev_i;@    if (1'b0) x_ev = rec_ev_i;@a reuse misses the value a recycle writes to its slot in the same cycle"
  "core/uet_lb_store.sv@store@        else if (fr_q[g / Cols] && fc_q[g % Cols]) lvt_q[g] <= 1'b0;@        else if (fr_q[g / Cols]) lvt_q[g] <= 1'b0;@a feedback-lane write moves every group of its row to bank F"
  "core/uet_lb_store.sv@store_ecc@      rd_word_o[k * StateW +: StateW] <= data;@      rd_word_o[k * StateW +: StateW] <= code[StateW-1:0];@a flipped bit reaches the lanes uncorrected"
  "core/uet_lb_store.sv@store_ecc@      inj_r_q <= inj_q && !inj_f_q && !inj_r_q && next_wr_i && next_wr_group_i == inj_g_q;@      inj_r_q <= inj_q && !inj_f_q && !inj_r_q && next_wr_i;@an injection flips the next request-lane write of any group"
  "core/uet_lb_respond.sv@respond_ecc@    e_slot_q   <= slot_q;@    e_slot_q   <= slot_rd[15:0];@a slot's flipped bit reaches the response uncorrected"
  "core/uet_lb_respond.sv@respond_ecc@  assign z_read = z_q.v && z_q.applies && z_q.slot && !z_q.match;@  assign z_read = z_q.applies && z_q.slot && !z_q.match;@a slot read is flagged for a stage Z that holds no request (a count after reset)"
  "tracker/uet_lb_tracker_order.sv@tracker_order@                  (dl_a == dl_b && uet_lb_pkg::wrap_before(32'(seq_a), 32'(seq_b), SeqW));@                  1'b0;@two runs' first elements with the same deadline are not ordered by send, and the later one may be picked"
  "tracker/uet_lb_tracker_fire.sv@tracker_fire@      fire_q   <= due_now && fire_go;@      fire_q   <= due_now && fire_ok;@an early failure fires while a packet with an earlier deadline is in flight"
  "tracker/uet_lb_tracker_fire.sv@tracker_fire@    ob_q    <= sum_before(now_i, span_i, cdl_q) || span_moves_i;@    ob_q    <= sum_before(now_i, span_i, cdl_q);@a fire overtakes the request offered when the span moves"
  "tracker/uet_lb_tracker.sv@tracker@  assign stop_o      = hold_run != '0 || hold_inf || runs_unsettled || fire_waited;@  assign stop_o      = hold_run != '0 || hold_inf || runs_unsettled;@a fire that waits lets the streams run on past its deadline"
  "tracker/uet_lb_tracker_fire.sv@tracker_fire@      g0_q   <= g0_fl[pick];@      g0_q   <= dl_before(rec_next_i[TsWidth-1:0], cdl_q);@a newly chosen candidate keeps a record that lands before it"
  "tracker/uet_lb_tracker_check.sv@tracker_check@    kill2 = fk1_2_q || eq2_q != '0;@    kill2 = fk1_2_q;@a fire stands though a clear of its packet was in flight"
  "tracker/uet_lb_tracker_sets.sv@tracker_sets@      if (hit4[w]) match4_o[w] = cmp4_keq_i[0];@      if (hit4[w]) match4_o[w] = match4_o[w];@a clear misses the packet of its key that the record just ahead allocated"
  "tracker/uet_lb_tracker_hold.sv@tracker_hold@>= AgeMax - 1;@>= AgeMax;@the age flag misses, for a cycle, a run whose oldest allocation falls AgeMax behind"
  "tracker/uet_lb_tracker_ops.sv@tracker_ops@    for (int w = Ways - 1; w >= 0; w--) if (free4[w]) first_free = WayW'(w);@    for (int w = 0; w < Ways; w++) if (free4[w]) first_free = WayW'(w);@an allocation takes the highest free way of its set, not the lowest the golden model's tracker takes"
  "tracker/uet_lb_tracker_choice.sv@tracker_choice@    room_o = push_q[run_o] ? room1_q[run_o] : room0_q[run_o];@    room_o = room0_q[run_o];@a nearly full run takes an allocation past its depth when the record ahead joined it too"
  "tracker/uet_lb_tracker_resolve.sv@tracker_resolve@    r5_kill_q <= r4_kill_q || freed(r4_way_q, clr_free_i, clr_set_i, clr_mask_i);@    r5_kill_q <= r4_kill_q;@an element whose way is freed while it is at r4 lands live"
  "tracker/uet_lb_tracker_view.sv@tracker_view@  assign sl_valid_o    = sl_lo2 || (sl_hi1 && e1v_q[1]) || (!e1v_q[0] && e2v_q[1]);@  assign sl_valid_o    = sl_lo2 || (!e1v_q[0] && e2v_q[1]);@a run hides its second live element when the lower half of its window holds only the first"
  "axi/uet_lb_axil.sv@axi@      end else if (bready_i) begin@      end else begin@B dropped without BREADY"
  "axi/uet_lb_axil.sv@axi@  assign want_wr = aw_v_q && w_v_q && !b_v_q && !busy;@  assign want_wr = aw_v_q && !b_v_q && !busy;@a write issued before its data arrived"
  "axi/uet_lb_axis.sv@axi@  assign req_ok         = !loc_v_q && (req_bad ? owed_q == '0 : req_ready_i);@  assign req_ok         = !loc_v_q && (req_bad || req_ready_i);@a local answer overtakes the core's responses"
)
survivors=0
skipped=0
for m in "${mutants[@]}"; do
  IFS='@' read -r file proof from to what <<<"$m"
  # A mutant of a full proof (formal.sh's speed column) runs only with "all".
  if [ "$full" = 0 ] && [ "$("$root/scripts/hw/formal.sh" --speed "$proof")" = full ]; then
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
  UETLB_RTL_DIR="$tmp/rtl" UETLB_FORMAL_DIR="$tmp/formal" "$root/scripts/hw/formal.sh" "$proof" >"$tmp/out.txt" 2>&1 || true
  if ! grep -q "FAIL in BMC" "$tmp/out.txt"; then  # a counterexample, not a tool failure
    echo "mutant survived: $what ($file, proof $proof): $(cat "$tmp/out.txt")"
    survivors=$((survivors + 1))
  else
    echo "mutant killed:   $what (proof $proof)"
    # Every proof has a committed save file, and it must open the counterexample whole.
    save=$("$root/scripts/hw/formal.sh" --save-file "$proof")
    if [ -z "$save" ]; then
      echo "  proof $proof has no save file rtl/formal/fv_$proof.gtkw (scripts/gen/make_gtkw.py writes one from a counterexample)"
      survivors=$((survivors + 1))
    elif ! python3 "$root/scripts/gen/check_gtkw.py" "$tmp/formal/$proof/trace.vcd" "$save" >/dev/null; then
      echo "  $save does not open the counterexample: $(python3 "$root/scripts/gen/check_gtkw.py" "$tmp/formal/$proof/trace.vcd" "$save" 2>&1)"
      survivors=$((survivors + 1))
    fi
  fi
done
run=$((${#mutants[@]} - skipped))
echo "$((run - survivors)) of $run mutants killed$([ "$skipped" = 0 ] || echo " ($skipped of full proofs not run: scripts/hw/formal_mutants.sh all)")"
[ "$survivors" -eq 0 ]
