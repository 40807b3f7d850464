// The tracker's hold on the core's streams, in flip-flops: a live run head other than the one firing may
// be past its deadline (each run's own hold, registered), an allocation in flight has a deadline before
// now_i (it becomes a past-due packet no run shows yet), or a run is unsettled (nearly full with its head
// not known live, or its oldest allocation so far behind that the allocation numbers would wrap). While a
// run is nearly full the core also lets no clear be in flight beside an allocation (interlock). Each is a
// flip-flop, so no OR follows the time comparisons beyond each run's own; the core ORs them with its own
// stall flip-flops.
`default_nettype none

module uet_lb_tracker_hold #(
  parameter int unsigned Runs     = 2,
  parameter int unsigned RunDepth = 2048,  ///< elements a run holds
  parameter int unsigned SeqW     = 14,    ///< allocation numbers
  parameter int unsigned TsWidth  = 32,
  parameter int unsigned Margin   = 24,    ///< allocations that may still come after unsettled_o or
                                           ///< interlock_o rises
  parameter int unsigned Flight   = 7,     ///< allocations on their way into a run (t0..t4, the record
                                           ///< applying and the one before)
  // Derived, do not override.
  parameter int unsigned RunCntW  = $clog2(RunDepth + 1),
  parameter int unsigned AgeMax   = (1 << (SeqW - 1)) - Margin  ///< allocations the oldest element may lag
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,        ///< synchronous, active low
  input  logic                      flush_i,
  input  logic [TsWidth-1:0]        now_i,
  // The runs (slice r: run r).
  input  logic [Runs*RunCntW-1:0]   cnt_i,         ///< elements held
  input  logic [Runs*RunCntW-1:0]   cnt_next_i,    ///< after this edge (the checks only)
  input  logic [Runs-1:0]           push_i,        ///< an element pushed at this edge
  input  logic [Runs-1:0]           pop_i,         ///< one popped
  input  logic [Runs-1:0]           h0_stays_i,    ///< the head is known live
  input  logic [Runs*SeqW-1:0]      oldest_i,      ///< the oldest element's allocation number
  input  logic [Runs-1:0]           hold_i,        ///< the run's own hold (its window's live head past due)
  input  logic [SeqW-1:0]           seq_i,         ///< the next allocation's number
  // The allocations on their way.
  input  logic [Flight-1:0]         alc_i,
  input  logic [Flight*TsWidth-1:0] alc_dl_i,
  // The hold, registered.
  output logic [Runs-1:0]           hold_run_o,    ///< per run: its hold
  output logic                      hold_inf_o,    ///< an allocation on its way was past due
  output logic                      unsettled_o,
  output logic                      interlock_o
);
  function automatic logic [RunCntW-1:0] cnt(input int unsigned r);
    cnt = cnt_i[r * RunCntW +: RunCntW];
  endfunction
  function automatic logic [SeqW-1:0] oldest(input int unsigned r);
    oldest = oldest_i[r * SeqW +: SeqW];
  endfunction

  // A run's oldest allocation at least AgeMax - 1 behind the next one, a cycle ago: a run holding an
  // element AgeMax behind now was not empty a cycle ago, and its oldest then was at least AgeMax - 1
  // behind (one allocation a cycle at most, and the oldest only moves on), so the flag is set (early by a
  // cycle at worst: it only holds the streams).
  logic [Runs-1:0] near_full, unsettled, old_q;
  always_ff @(posedge clk_i) begin
    for (int r = 0; r < Runs; r++) old_q[r] <= cnt(r) != '0 && 32'(SeqW'(seq_i - oldest(r))) >= AgeMax - 1;
  end
  // Each run's count != 0, a flip-flop (a constant comparison of the count selected by this cycle's push and
  // pop).
  logic [Runs-1:0] nz_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) nz_q <= '0;
    else for (int r = 0; r < Runs; r++) nz_q[r] <= uet_lb_pkg::run_next_ge(32'(cnt(r)), push_i[r], pop_i[r], 1);
  end
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      // Next cycle: nearly full, and its head not known live, or its oldest allocation too old.
      near_full[r] = uet_lb_pkg::run_next_ge(32'(cnt(r)), push_i[r], pop_i[r], RunDepth - Margin);
      unsettled[r] = (near_full[r] && !h0_stays_i[r]) || (nz_q[r] && old_q[r]);
    end
  end
  // The allocations on their way whose deadline is before now_i: past-due packets.
  logic inflight_due;
  always_comb begin
    inflight_due = 1'b0;
    for (int i = 0; i < Flight; i++) begin
      if (alc_i[i] && uet_lb_pkg::wrap_before(32'(alc_dl_i[i * TsWidth +: TsWidth]), 32'(now_i), TsWidth)) begin
        inflight_due = 1'b1;
      end
    end
  end

  logic [Runs-1:0] hold_run_q;
  logic            hold_inf_q, unsettled_q, interlock_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      hold_run_q  <= '0;
      hold_inf_q  <= 1'b0;
      unsettled_q <= 1'b0;
      interlock_q <= 1'b0;
    end else begin
      hold_run_q  <= hold_i;
      hold_inf_q  <= inflight_due;
      unsettled_q <= |unsettled;
      interlock_q <= |near_full;
    end
  end
  assign hold_run_o  = hold_run_q;
  assign hold_inf_o  = hold_inf_q;
  assign unsettled_o = unsettled_q;
  assign interlock_o = interlock_q;

`ifndef SYNTHESIS
  // Per-run checks, one bit a run (each assertion labelled once, outside any loop).
  logic [Runs-1:0] ok_near_full, ok_old, ok_nz;
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      ok_near_full[r] = near_full[r] == (cnt_next_i[r * RunCntW +: RunCntW] >= RunCntW'(RunDepth - Margin));
      // The registered age flag never misses a run whose oldest allocation is AgeMax behind.
      ok_old[r] = !(cnt(r) != '0 && 32'(SeqW'(seq_i - oldest(r))) >= AgeMax) || old_q[r];
      ok_nz[r]  = nz_q[r] == (cnt(r) != '0);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      a_near_full_flags: assert (&ok_near_full);
      a_age_flags: assert (&ok_old);
      a_nonempty_flags: assert (&ok_nz);
    end
  end
`else
  logic unused_cnt_next;
  assign unused_cnt_next = ^cnt_next_i;
`endif
endmodule
