// The age of each group's freeze start, so the freezing-timeout test stays right after any gap (SPEC
// section 1). The timeout test is modular (uet_lb_timeout: (t - start) mod 2^TsWidth), exact only while the
// start lies less than 2^TsWidth ns back; a group may sit frozen and idle for longer. So each group has
// an age in flip-flops: the quarter-turns of time, Q = 2^(TsWidth-2) ns, whose boundary the clock crossed
// since the group last entered freezing, counting 0, 1, 2 and stopping at 3, "long past". All ages advance
// together in the cycle the time crosses a boundary (no sweep: nothing to be late), and an entry into
// freezing sets its group's age to 0.
//
// Why "long past" can be trusted and why it comes in time (docs/architecture.md, "Time"): three boundaries
// crossed after the entry's time means more than 2Q ns passed, and FreezingTimeout is below 2Q
// (the register takes 1..2^(TsWidth-1)-1), so the timeout has elapsed; fewer than three means less than
// 3Q ns and a few cycles passed, so the modular test is still exact. The ages follow the time of the events
// that read them: they advance from t_i, the time events accepted in this cycle carry (the core's now_q),
// registered twice, so an age read in stage B never counts a boundary its event's time has not crossed.
// They rely on t_i advancing at most 2^(TsWidth-5) ns a cycle (any clock above 8 Hz at TsWidth 32, above
// 500 kHz at 16).
//
// Writes: an entry into freezing is decided at stage L and clears its group's age a cycle later (stage X),
// from flip-flops: the rows and columns of the lanes' groups are decoded at stage D, the rows ANDed with L's
// entered flags into flip-flops at L's edge, so a group's clear is an AND-OR of four flip-flops and L's late
// flag reaches no age (it crossed the 1,024 groups in one cycle before). A reset clears every age the same
// way, a cycle after it (a group that never froze has freezing 0 in its word: its age is never used).
// Reads: the feedback lane's group at stage B, its group's "long past" at stage D (uet_lb_bitsel), as the
// ages were in B's cycle; an entry in stage L in the cycle before B, or in B, C or D, is newer than that,
// and the core knows those from forwarding (uet_lb_forward's fresh_o) and the loop.
`default_nettype none

module uet_lb_age #(
  parameter int unsigned NumGroups = 16,
  parameter int unsigned TsWidth   = 32,
  // Derived, do not override.
  parameter int unsigned GroupW    = (NumGroups > 1) ? $clog2(NumGroups) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,       ///< synchronous, active low: every age is cleared a cycle later
  input  logic [TsWidth-1:0] t_i,         ///< the time of the events accepted this cycle (now_q)
  // Stage D: the groups each lane's event writes at L (d_src_*: its result is kept), for the decode.
  input  logic              d_src_f_i,
  input  logic [GroupW-1:0] d_g_f_i,
  input  logic              d_src_r_i,
  input  logic [GroupW-1:0] d_g_r_i,
  // Stage L: each lane's update enters freezing (its result is kept: the decode above).
  input  logic              l_ent_f_i,
  input  logic              l_ent_r_i,
  // Read: the feedback lane's group at stage B; its age is "long past" at stage D.
  input  logic [GroupW-1:0] b_g_f_i,
  output logic              old_o,
  output logic [NumGroups-1:0] age_hi_o,  ///< every group's age, high and low bit (observation and proofs)
  output logic [NumGroups-1:0] age_lo_o
);
  // The quarter-turn of the events' time, two cycles late, and the boundary crossings.
  logic [1:0] q1_q, q2_q;
  logic       tick;
  always_ff @(posedge clk_i) begin
    q1_q <= t_i[TsWidth-1 -: 2];
    q2_q <= q1_q;
  end
  assign tick = q1_q != q2_q;

  // Rows and columns of the groups each lane writes at L.
  localparam int unsigned ColW = (GroupW >= 5) ? 5 : GroupW;
  localparam int unsigned Cols = 1 << ColW;
  localparam int unsigned Rows = (NumGroups + Cols - 1) / Cols;
  logic [Rows-1:0] fr_q, rr_q;
  logic [Cols-1:0] fc_q, rc_q;
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Rows; i++) begin
      fr_q[i] <= d_src_f_i && (32'(d_g_f_i) >> ColW) == i;
      rr_q[i] <= d_src_r_i && (32'(d_g_r_i) >> ColW) == i;
    end
    for (int i = 0; i < Cols; i++) begin
      fc_q[i] <= (32'(d_g_f_i) & (Cols - 1)) == i;
      rc_q[i] <= (32'(d_g_r_i) & (Cols - 1)) == i;
    end
  end
  logic [Rows-1:0] fe, re;  // the rows whose lane enters freezing at L
  assign fe = l_ent_f_i ? fr_q : '0;
  assign re = l_ent_r_i ? rr_q : '0;
  // A cycle later (stage X): the rows and columns that clear, every one after a reset.
  logic [Rows-1:0] fe_q, re_q;
  logic [Cols-1:0] fc2_q, rc2_q;
  always_ff @(posedge clk_i) begin
    fe_q  <= !rst_ni ? '1 : fe;
    re_q  <= !rst_ni ? '0 : re;
    fc2_q <= !rst_ni ? '1 : fc_q;
    rc2_q <= rc_q;
  end

  // The ages: a0 and a1 per group, 3 = long past.
  logic [NumGroups-1:0] a0_q, a1_q;
  always_ff @(posedge clk_i) begin
    for (int g = 0; g < NumGroups; g++) begin
      if ((fe_q[g / Cols] && fc2_q[g % Cols]) || (re_q[g / Cols] && rc2_q[g % Cols])) begin
        {a1_q[g], a0_q[g]} <= 2'b00;
      end else if (tick && !(a1_q[g] && a0_q[g])) begin
        {a1_q[g], a0_q[g]} <= {a1_q[g], a0_q[g]} + 2'b01;
      end
    end
  end

  assign age_hi_o = a1_q;
  assign age_lo_o = a0_q;

  uet_lb_bitsel #(.N (NumGroups), .ReadW (1)) u_sel (
    .clk_i (clk_i), .bits_i (a1_q & a0_q), .idx_i (b_g_f_i), .data_o (old_o)
  );

`ifndef SYNTHESIS
  logic [TsWidth-1:0] t_prev_q;
  logic               past_q;
  always_ff @(posedge clk_i) begin
    t_prev_q <= t_i;
    past_q   <= rst_ni;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && past_q) begin
      // The events' time moves forward by at most 2^(TsWidth-5) ns a cycle: no boundary is missed, and the
      // few cycles between an entry's time and its reset, and between an event's time and its age's read,
      // add up to at most Q (docs/architecture.md, "Time").
      a_slow_time: assert (TsWidth'(t_i - t_prev_q) <= (TsWidth'(1) << (TsWidth - 5)));
    end
    if (rst_ni) begin
      // Both lanes never enter freezing on one group in one cycle (the request lane's result holds both).
      if (fe != '0 && re != '0) a_one_entry: assert (fr_q != rr_q || fc_q != rc_q);
    end
  end
`endif
endmodule
