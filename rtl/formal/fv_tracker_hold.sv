// Formal harness of uet_lb_tracker_hold (2 runs of 8, 5-bit allocation numbers so AgeMax is 12, margin 4,
// 4-bit times, 3 allocations on their way). The runs behave as the tracker's do: a count moved by a push
// and a pop (no pop of an empty run, no push into a full one), at most one allocation a cycle across the
// runs (its number the next one), a run's oldest number set by a push into an empty run and moved on only
// by a pop, never past the next number; a flush empties every run. Against the inputs of the cycle before
// (and, for the age flag, of the cycle before that):
//   each run's hold and the allocations' past-due hold are those inputs registered;
//   the interlock is "a run's count after the last edge is RunDepth - Margin or more", the count added up
//   here (the block compares the count before with constants instead);
//   unsettled is "a run nearly full with its head not known live, or not empty with its oldest allocation
//   AgeMax - 1 behind", recomputed here; and the block's own assertions (the age flag never misses a run
//   AgeMax behind) hold.
// Yosys sat: BMC from reset; cover flags for an unsettled run by age and by a nearly full run.
`default_nettype none

module fv_tracker_hold (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       flush_i,
  input logic [3:0] now_i,
  input logic [1:0] push_i,
  input logic [1:0] pop_i,
  input logic [1:0] h0_stays_i,
  input logic [1:0] hold_i,
  input logic [4:0] move_i,     // how far a pop moves a run's oldest number on (1 or more)
  input logic [2:0] alc_i,
  input logic [11:0] alc_dl_i   // 4 bits an allocation
);
  localparam int unsigned Runs = 2, Depth = 8, SeqW = 5, Margin = 4, AgeMax = 12, CntW = 4;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The runs.
  logic [Runs*CntW-1:0] cnt_q, cnt_next;  // run r: [r * CntW +: CntW]
  logic [Runs*SeqW-1:0] oldest_q;
  logic [SeqW-1:0]      seq_q;
  always_comb begin
    assume (!(push_i[0] && push_i[1]));  // one allocation a cycle
    for (int r = 0; r < Runs; r++) begin
      if (pop_i[r]) begin
        assume (cnt_q[r * CntW +: CntW] != '0 && move_i != '0);
        assume (move_i <= SeqW'(seq_q - oldest_q[r * SeqW +: SeqW]));
      end
      if (push_i[r]) assume (32'(cnt_q[r * CntW +: CntW]) + (pop_i[r] ? 0 : 1) <= Depth);
      cnt_next[r * CntW +: CntW] = cnt_q[r * CntW +: CntW] + CntW'(push_i[r]) - CntW'(pop_i[r]);
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      cnt_q <= '0;
    end else begin
      for (int r = 0; r < Runs; r++) begin
        cnt_q[r * CntW +: CntW] <= cnt_next[r * CntW +: CntW];
        if (push_i[r] && (cnt_q[r * CntW +: CntW] == '0 || (cnt_q[r * CntW +: CntW] == 4'd1 && pop_i[r]))) begin
          oldest_q[r * SeqW +: SeqW] <= seq_q;  // (the run held nothing else: the pushed one is its oldest)
        end else if (pop_i[r]) begin
          oldest_q[r * SeqW +: SeqW] <= oldest_q[r * SeqW +: SeqW] + move_i;
        end
      end
    end
    if (push_i != '0) seq_q <= seq_q + 1'b1;
  end

  logic [1:0] hold_run;
  logic       hold_inf, unsettled, interlock;
  uet_lb_tracker_hold #(
    .Runs (Runs), .RunDepth (Depth), .SeqW (SeqW), .TsWidth (4), .Margin (Margin), .Flight (3)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .cnt_i (cnt_q), .cnt_next_i (cnt_next), .push_i (push_i), .pop_i (pop_i),
    .h0_stays_i (h0_stays_i), .oldest_i (oldest_q), .hold_i (hold_i), .seq_i (seq_q),
    .alc_i (alc_i), .alc_dl_i (alc_dl_i),
    .hold_run_o (hold_run), .hold_inf_o (hold_inf), .unsettled_o (unsettled), .interlock_o (interlock)
  );

  // The reference, from the inputs.
  logic       due, full, unset_full;
  logic [1:0] old, nz;
  always_comb begin
    due        = 1'b0;
    full       = 1'b0;
    unset_full = 1'b0;
    for (int i = 0; i < 3; i++) begin
      if (alc_i[i] && uet_lb_pkg::wrap_before(32'(alc_dl_i[i * 4 +: 4]), 32'(now_i), 4)) due = 1'b1;
    end
    for (int r = 0; r < Runs; r++) begin
      if (32'(cnt_next[r * CntW +: CntW]) >= Depth - Margin) full = 1'b1;
      if (32'(cnt_next[r * CntW +: CntW]) >= Depth - Margin && !h0_stays_i[r]) unset_full = 1'b1;
      old[r] = cnt_q[r * CntW +: CntW] != '0 && 32'(SeqW'(seq_q - oldest_q[r * SeqW +: SeqW])) >= AgeMax - 1;
      nz[r]  = cnt_next[r * CntW +: CntW] != '0;
    end
  end
  logic [1:0] hold_q, old_q, nz_q;
  logic [1:0] nz_q_q, old_q_q;  // the block's non-empty and age flags as they stood when unsettled was registered
  logic       due_q, full_q, unset_full_q, ok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      {hold_q, due_q, full_q, unset_full_q, nz_q} <= '0;
      ok_q <= 1'b0;
    end else begin
      {hold_q, due_q, full_q, unset_full_q, nz_q} <= {hold_i, due, full, unset_full, nz};
      ok_q <= 1'b1;
    end
    old_q   <= old;
    nz_q_q  <= nz_q;
    old_q_q <= old_q;
  end

  (* keep *) logic seen_age_q, seen_full_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_age_q  <= 1'b0;
      seen_full_q <= 1'b0;
    end else begin
      if (ok_q && unsettled && !unset_full_q) seen_age_q <= 1'b1;
      if (interlock && unset_full_q) seen_full_q <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (past1_q && rst_ni) begin
      fv_hold_run: assert (hold_run == hold_q);
      fv_hold_inf: assert (hold_inf == due_q);
      fv_interlock: assert (interlock == full_q);
      if (ok_q) fv_unsettled: assert (unsettled == (unset_full_q || (nz_q_q & old_q_q) != '0));
    end
  end

  logic unused;
  assign unused = ^{seen_age_q, seen_full_q};
endmodule
