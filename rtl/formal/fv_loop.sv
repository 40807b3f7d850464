// Formal harness of uet_lb_loop (B <= 1, 16-bit times, 3-bit window): stage D offers any events on both
// lanes, forwarding names any source for each lane's word (L's results of this cycle, or any word at D;
// one source for both lanes when they name one group), the tracker's check kills any early failure, and
// the events move to L a cycle later as the core's stage registers move them. The configuration is any
// legal one (uet_lb_cfg from constant register fields). At L, against the word forwarding named a cycle
// before (sel):
//   a lane without an event keeps its word;
//   an early failure the check killed changes nothing and is not live;
//   when both lanes name one group, the request lane's result is the request applied to the feedback
//   lane's result (a second update unit in the harness), its decision, port or step, and slot included;
//   the recycle flag is the feedback's kind.
// Yosys sat over every step from reset; covers: a shared group with a request after a feedback that
// changed the word, a killed early failure, a loop hit (D takes L's result of this cycle, not the word it
// read).
`default_nettype none

module fv_loop #(
  parameter int unsigned StateW = uet_lb_pkg::state_w(16, 3, 1)  // (not a parameter to set)
) (
  input logic        clk_i,
  input logic        rst_ni,
  // Configuration (held constant).
  input logic [1:0]  spray_i,
  input logic [4:0]  buf_bits_i,
  input logic [2:0]  window_i,
  // Stage D.
  input logic        d_f_v_i, d_fb_i, d_efd_i,
  input logic [2:0]  d_kind_i,
  input logic [15:0] d_t_i, d_tmt_i,
  input logic        d_tlt_i,
  input logic [7:0]  d_gen_i,
  input logic        d_same_i, d_r_v_i, d_open_i,
  input logic [15:0] d_ev_i, d_port_i,
  input logic        kill_i,
  // Forwarding at D.
  input logic [3:0]  fwd_f_i,
  input logic [1:0]  fwd_r_i,
  input logic        open_prev_i,
  input logic        old_i, fresh_i,
  input logic [StateW-1:0] pre_q_f, pre_f, pre_r, x_s_f, x_s_r
);

  logic past1_q, past2_q;
  initial {past1_q, past2_q} = '0;
  always_ff @(posedge clk_i) {past1_q, past2_q} <= {1'b1, past1_q};
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // A legal configuration, constant.
  logic [1:0] spray_q;
  logic [4:0] buf_q;
  logic [2:0] window_q;
  always_ff @(posedge clk_i) {spray_q, buf_q, window_q} <= {spray_i, buf_bits_i, window_i};
  always_comb begin
    assume (spray_i != 2'd3 && buf_bits_i <= 5'd1);
    if (past1_q) assume ({spray_i, buf_bits_i, window_i} == {spray_q, buf_q, window_q});
  end
  logic       none, dflt, reps, unused_efd_on, cmask, w_nz, w_ge2, w_x, w_x1, unused_span_moves;
  logic [1:0] cap;
  logic [2:0] w_m1;
  logic [15:0] unused_span;
  uet_lb_cfg #(.BufBitsMax (1), .TsWidth (16), .WindowWidth (3), .BaseRttWidth (4)) u_cfg (
    .clk_i (clk_i), .rst_ni (rst_ni), .spray_i (spray_i), .efd_on_i (1'b1), .buf_bits_i (buf_bits_i),
    .window_i (window_i), .mult_i (8'd1), .base_rtt_i (4'd1),
    .none_o (none), .dflt_o (dflt), .reps_o (reps), .efd_on_o (unused_efd_on), .cmask_o (cmask), .cap_o (cap),
    .w_m1_o (w_m1), .w_nz_o (w_nz), .w_ge2_o (w_ge2), .w_x_o (w_x), .w_x1_o (w_x1), .span_o (unused_span),
    .span_moves_o (unused_span_moves)
  );

  // Stage L's records (D's events a cycle later, below).
  logic        l_f_v_q, l_r_v_q, l_fb_q, l_efd_q, l_same_q, l_open_q, l_kill_q, d_kill_q;
  logic [2:0]  l_kind_q;
  logic [15:0] l_t_q;
  logic [15:0] l_ev_q, l_port_q;

  // Stage D as the core makes it: a feedback or an early failure; one group on both lanes only when both
  // lanes hold an event, and then one source for both words.
  always_comb begin
    assume (!(d_fb_i && d_efd_i));
    if (d_same_i) assume (d_f_v_i && d_r_v_i && fwd_f_i[3:2] == fwd_r_i && pre_f == pre_r);
    // L's result is a source only when L keeps it (its event valid; the feedback lane's when it does not
    // share the request lane's group), and one lane's at most.
    assume (!fwd_f_i[3] || l_r_v_q);
    assume (!fwd_f_i[2] || (l_f_v_q && !l_same_q));
    assume (!fwd_r_i[1] || l_r_v_q);
    assume (!fwd_r_i[0] || (l_f_v_q && !l_same_q));
    assume (!(fwd_f_i[3] && fwd_f_i[2]) && !(fwd_r_i[1] && fwd_r_i[0]));
  end
  // The words forwarding offers are ones the core stores: the cache's count at most C, its pointers below
  // C, the window active exactly when slots are left (the update units keep them so).
  for (genvar i = 0; i < 2; i++) begin : g_legal
    logic       open, freezing, wrapped, active, explore;
    logic [7:0] gen;
    logic [15:0] aux;
    logic [2:0] left;
    logic       wr, replay;
    logic [1:0] cnt;
    uet_lb_state_view #(.BufBitsMax (1), .TsWidth (16), .WindowWidth (3)) u_view (
      .state_i (i == 0 ? pre_f : pre_r), .open_o (open), .gen_o (gen), .aux_o (aux), .freezing_o (freezing),
      .left_o (left), .active_o (active), .explore_o (explore), .wr_o (wr), .cnt_o (cnt), .wrapped_o (wrapped),
      .replay_o (replay)
    );
    logic unused;
    assign unused = ^{open, freezing, wrapped, explore, gen, aux};
    always_comb begin
      assume (cnt <= cap && (wr & ~cmask) == 1'b0 && (replay & ~cmask) == 1'b0 && active == (left != 3'd0));
    end
  end

  // Stage L: D's events a cycle later.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) {l_f_v_q, l_r_v_q, d_kill_q, l_kill_q} <= '0;
    else {l_f_v_q, l_r_v_q, d_kill_q, l_kill_q} <= {d_f_v_i, d_r_v_i, kill_i, d_kill_q};
    {l_fb_q, l_efd_q, l_same_q, l_open_q, l_kind_q, l_t_q, l_ev_q, l_port_q} <=
      {d_fb_i, d_efd_i, d_same_i, d_open_i, d_kind_i, d_t_i, d_ev_i, d_port_i};
  end

  logic [StateW-1:0]     next_f, next_r;
  uet_lb_pkg::decision_e dec;
  logic [15:0]           aux;
  logic                  slot_rd, slot_wr, f_open, r_open, live, recycle, entered_f, entered_r;
  uet_lb_loop #(.BufBitsMax (1), .TsWidth (16), .WindowWidth (3)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .none_i (none), .dflt_i (dflt), .reps_i (reps), .cmask_i (cmask), .cap_i (cap), .w_i (window_q),
    .w_m1_i (w_m1), .w_nz_i (w_nz), .w_ge2_i (w_ge2), .w_x_i (w_x), .w_x1_i (w_x1),
    .d_f_v_i (d_f_v_i), .d_fb_i (d_fb_i), .d_efd_i (d_efd_i), .d_kind_i (d_kind_i), .d_t_i (d_t_i),
    .d_tmt_i (d_tmt_i), .d_tlt_i (d_tlt_i), .d_gen_i (d_gen_i), .d_same_i (d_same_i),
    .d_open_i (d_r_v_i && d_open_i), .d_req_i (d_r_v_i && !d_open_i), .kill_i (kill_i),
    .fwd_f_i (fwd_f_i), .fwd_l_f_i (fwd_f_i[3] || fwd_f_i[2]), .fwd_x_f_i (fwd_f_i[1] || fwd_f_i[0]),
    .fwd_r_i (fwd_r_i), .open_prev_i (open_prev_i), .old_i (old_i), .fresh_i (fresh_i), .pre_q_f_i (pre_q_f), .pre_f_i (pre_f), .pre_r_i (pre_r),
    .x_s_f_i (x_s_f), .x_s_r_i (x_s_r),
    .l_f_v_i (l_f_v_q), .l_efd_i (l_efd_q), .l_t_i (l_t_q), .l_ev_i (l_ev_q), .l_same_i (l_same_q),
    .l_r_v_i (l_r_v_q), .l_open_i (l_open_q), .l_port_i (l_port_q),
    .next_f_o (next_f), .next_r_o (next_r), .dec_o (dec), .aux_o (aux), .slot_rd_o (slot_rd),
    .slot_wr_o (slot_wr), .f_open_o (f_open), .r_open_o (r_open), .live_o (live), .recycle_o (recycle),
    .entered_f_o (entered_f), .entered_r_o (entered_r)
  );

  // The word forwarding named at D, as L sees it.
  logic [StateW-1:0] sel_f_q, sel_r_q;
  always_ff @(posedge clk_i) begin
    sel_f_q <= fwd_f_i[3] ? next_r : (fwd_f_i[2] ? next_f : pre_f);
    sel_r_q <= fwd_r_i[1] ? next_r : (fwd_r_i[0] ? next_f : pre_r);
  end

  // The reference for a shared group: the request alone, applied to the feedback lane's result.
  logic [StateW-1:0]     ref_r;
  uet_lb_pkg::decision_e ref_dec;
  logic [15:0]           ref_aux;
  logic                  ref_rd, unused_ref_wr, unused_ref_fo, ref_ro, unused_ref_ent;
  uet_lb_update #(.BufBitsMax (1), .TsWidth (16), .WindowWidth (3)) u_ref (
    .none_i (none), .dflt_i (dflt), .reps_i (reps), .cmask_i (cmask), .cap_i (cap), .w_i (window_q),
    .w_m1_i (w_m1), .w_nz_i (w_nz), .w_ge2_i (w_ge2), .w_x_i (w_x), .w_x1_i (w_x1),
    .state_i (next_f), .f_open_i (1'b0), .f_recycle_i (1'b0), .f_failure_i (1'b0), .f_time_i (l_t_q),
    .f_elapsed_i (1'b0), .f_port_i (16'd0), .r_req_i (1'b1),
    .state_o (ref_r), .decision_o (ref_dec), .aux_o (ref_aux), .slot_rd_o (ref_rd), .slot_wr_o (unused_ref_wr),
    .f_open_o (unused_ref_fo), .r_open_o (ref_ro), .entered_o (unused_ref_ent)
  );

  logic both;  // both lanes' events on one group, a request on the request lane
  assign both = l_f_v_q && l_r_v_q && l_same_q && !l_open_q;
  always_comb begin
    if (rst_ni && past2_q) begin
      if (!l_f_v_q) a_idle_f: assert (next_f == sel_f_q);
      if (!l_r_v_q && !(l_f_v_q && l_same_q)) a_idle_r: assert (next_r == sel_r_q);
      if (l_f_v_q && l_efd_q && l_kill_q) a_killed: assert (next_f == sel_f_q && !live);
      // (aux means something for None and Default, the slot for a reuse or a replay)
      if (both) a_shared: assert (next_r == ref_r && dec == ref_dec && r_open == ref_ro &&
                                  (aux == ref_aux || !(dec == uet_lb_pkg::DEC_FIXED || dec == uet_lb_pkg::DEC_ROUND_ROBIN)) &&
                                  (slot_rd == ref_rd || !(dec == uet_lb_pkg::DEC_REUSE || dec == uet_lb_pkg::DEC_REPLAY)));
      if (l_f_v_q) a_recycle: assert (recycle == (l_fb_q && (l_kind_q == uet_lb_pkg::FB_ACK ||
                                                             l_kind_q == uet_lb_pkg::FB_NACK_TRIM_LAST_HOP)));
    end
  end

  // Covers (Yosys sat finds a trace that sets each flag by the last step).
  (* keep *) logic seen_shared_q, seen_killed_q, seen_loop_q;
  initial {seen_shared_q, seen_killed_q, seen_loop_q} = '0;
  always_ff @(posedge clk_i) begin
    seen_shared_q <= seen_shared_q || (rst_ni && past2_q && both && next_f != sel_f_q);
    seen_killed_q <= seen_killed_q || (rst_ni && past2_q && l_f_v_q && l_efd_q && l_kill_q);
    seen_loop_q   <= seen_loop_q || (rst_ni && past2_q && l_f_v_q && d_f_v_i && fwd_f_i[2] && next_f != pre_f);
  end

  logic unused;
  assign unused = ^{unused_efd_on, unused_span, unused_span_moves, slot_wr, f_open, unused_ref_wr, unused_ref_fo,
                    unused_ref_ent, entered_f, entered_r, seen_shared_q, seen_killed_q, seen_loop_q};
endmodule
