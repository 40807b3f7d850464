// Formal harness of uet_lb_age (2 groups, 16-bit times, so a quarter-turn Q is 2^14 ns): the events' time
// moves forward by at most 2^11 ns a cycle (the core's requirement), the lanes enter freezing on any
// groups at any time. For one group (grp_i: any, held), a reference counts the time since its age was last
// cleared (a cycle after an entry, or after the reset), in the time base the ages follow (t_i one cycle
// late, as q1 holds it), saturating at 4Q:
//   el = the time since the clear, oe = el + the clear's time offset into its quarter;
// and proves, by k-induction (every step, not only those a BMC depth reaches), once the first clear is made:
//   the age is min(3, oe / Q): the quarter boundaries crossed since the clear, stopping at 3;
//   long past (age 3) means more than 2Q ns passed, so any FreezingTimeout of the register's range
//   (below 2Q) has elapsed; not long past means less than 3Q ns passed, so the modular test is exact;
//   the read port shows the group's long-past flag as it was two cycles before.
`default_nettype none

module fv_age (
  input logic        clk_i,
  input logic        rst_ni,
  input logic [15:0] t_i,
  input logic        d_src_f_i, d_src_r_i, l_ent_f_i, l_ent_r_i,
  input logic        d_g_f_i, d_g_r_i,
  input logic        grp_i         // the group the reference follows (held)
);
  localparam int unsigned Q = 1 << 14;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);
  always_comb if (past1_q) assume (rst_ni);
  logic grp_q;
  always_ff @(posedge clk_i) grp_q <= grp_i;
  always_comb if (past1_q) assume (grp_i == grp_q);

  // Time: at most 2^11 ns a cycle (t_i against the cycle before, and the registered copies likewise).
  logic [15:0] tq_q, tqq_q;
  always_ff @(posedge clk_i) begin
    tq_q  <= t_i;
    tqq_q <= tq_q;
  end
  always_comb begin
    assume (16'(t_i - tq_q) <= 16'd2048);
    assume (16'(tq_q - tqq_q) <= 16'd2048);
  end

  logic [1:0] age_hi, age_lo;
  logic       old;
  uet_lb_age #(.NumGroups (2), .TsWidth (16)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .t_i (t_i),
    .d_src_f_i (d_src_f_i), .d_g_f_i (d_g_f_i), .d_src_r_i (d_src_r_i), .d_g_r_i (d_g_r_i),
    .l_ent_f_i (l_ent_f_i), .l_ent_r_i (l_ent_r_i), .b_g_f_i (grp_i), .old_o (old), .age_hi_o (age_hi),
    .age_lo_o (age_lo)
  );

  // The group's reset: an entry at L by a lane whose group at D (a cycle before) was it. Both lanes never name
  // one group in one cycle (the core's request lane then holds both events).
  logic dsf_q, dsr_q, dgf_q, dgr_q;
  always_ff @(posedge clk_i) {dsf_q, dsr_q, dgf_q, dgr_q} <= {d_src_f_i, d_src_r_i, d_g_f_i, d_g_r_i};
  always_comb assume (!(d_src_f_i && d_src_r_i && d_g_f_i == d_g_r_i));
  logic reset_g, clr_q, known_q;  // an entry at L; the age is cleared at this cycle's edge; it was cleared once
  assign reset_g = (dsf_q && dgf_q == grp_i && l_ent_f_i) || (dsr_q && dgr_q == grp_i && l_ent_r_i);
  always_ff @(posedge clk_i) clr_q <= !rst_ni || reset_g;
  initial known_q = 1'b0;
  always_ff @(posedge clk_i) known_q <= known_q || (rst_ni && clr_q);

  // The reference, saturating at 4Q (17 bits).
  logic [16:0] el_q, oe_q, adv;
  assign adv = 17'(16'(tq_q - tqq_q));
  always_ff @(posedge clk_i) begin
    if (clr_q) begin
      el_q <= '0;
      oe_q <= 17'(tq_q[13:0]);
    end else begin
      el_q <= (el_q + adv > 17'(4 * Q)) ? 17'(4 * Q) : el_q + adv;
      oe_q <= (oe_q + adv > 17'(4 * Q)) ? 17'(4 * Q) : oe_q + adv;
    end
  end
  logic [1:0] age, want;
  assign age  = {age_hi[grp_i], age_lo[grp_i]};
  assign want = (oe_q >= 17'(3 * Q)) ? 2'd3 : 2'(oe_q >> 14);

  // The read port: the flag two cycles before.
  logic old1_q, old2_q, past2_q, past3_q;
  initial {past2_q, past3_q} = '0;
  always_ff @(posedge clk_i) begin
    old1_q  <= age == 2'd3;
    old2_q  <= old1_q;
    past2_q <= past1_q && rst_ni;
    past3_q <= past2_q;
  end

  always_comb begin
    if (past1_q && rst_ni && known_q) begin
      a_age: assert (age == want);
      // (invariants the induction needs: the reference's offset, and its phase against the time base)
      a_offset: assert (oe_q >= el_q && (oe_q == 17'(4 * Q) ? el_q > 17'(3 * Q) : oe_q - el_q < 17'(Q)));
      a_phase: assert (oe_q >= 17'(3 * Q) || oe_q[13:0] == tqq_q[13:0]);
      a_long_past_elapsed: assert (age != 2'd3 || el_q > 17'(2 * Q));
      a_recent_exact: assert (age == 2'd3 || el_q < 17'(3 * Q));
    end
    if (past3_q) a_read: assert (old == old2_q);
  end
endmodule
