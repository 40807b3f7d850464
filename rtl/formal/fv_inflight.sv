// Formal harness of uet_lb_inflight (8-bit times): the stages move as the core's do (each cycle stage A
// takes any event, B..X take their predecessor's, a reset empties them), stage A's time is admission's
// time of the cycle before, and admission's time grows by 0 to 3 a cycle without wrapping. Against the
// stages as they stand:
//   the opens on their way are exactly the opens in A..X (the block keeps B..X's in a flip-flop);
//   quiet is exactly "no feedback or request in A..L"; reqs_out and fbs_out are any request (feedback) in
//   A..X or a busy tracker;
//   the reference time, a cycle late, is the time of the oldest request in A..L then (admission's time
//   if none) and is no later than any request now in A..L or admission's time: what the tracker needs;
//   efd_pending, empty and idle are their definitions over the stages.
// Yosys sat: BMC from reset; cover flags for a reference time from stage L and an open counted from X.
`default_nettype none

module fv_inflight (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       a_f_v_i, a_fb_i, a_efd_i, a_r_v_i, a_open_i,
  input logic [1:0] step_i,  // admission's time step
  input logic       trk_busy_i, trk_hold_i, trk_fire_i, trk_fire_due_i, trk_fire_next_i, rsp_busy_i,
  input logic       regs_pending_i, sweep_i, settled_i
);
  localparam int unsigned TsW = 8;
  logic past1_q, past2_q;
  initial {past1_q, past2_q} = '0;
  always_ff @(posedge clk_i) {past1_q, past2_q} <= {1'b1, past1_q};
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The stages (bit i: 0 A .. 5 X) and the request lane's times, moved as the core moves them.
  logic [5:0]     f_v_q, f_fb_q, f_efd_q, r_v_q, r_open_q;
  logic [TsW-1:0] now_q;
  logic [6*TsW-1:0] t_q;  // stage s's time: t_q[s * TsW +: TsW]
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      f_v_q <= '0;
      r_v_q <= '0;
      now_q <= '0;
    end else begin
      f_v_q <= {f_v_q[4:0], a_f_v_i};
      r_v_q <= {r_v_q[4:0], a_r_v_i};
      now_q <= now_q + TsW'(step_i);
    end
    f_fb_q   <= {f_fb_q[4:0], a_fb_i};
    f_efd_q  <= {f_efd_q[4:0], a_efd_i};
    r_open_q <= {r_open_q[4:0], a_open_i};
    t_q      <= {t_q[5*TsW-1:0], now_q};
  end
  always_comb assume (now_q < 8'd200);  // no wrap within the depth

  logic           quiet, opens_out, reqs_out, fbs_out, efd_pending, empty, idle;
  logic [TsW-1:0] t_ref;
  uet_lb_inflight #(.TsWidth (TsW)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .f_v_i (f_v_q), .f_fb_i (f_fb_q), .f_efd_i (f_efd_q), .r_v_i (r_v_q), .r_open_i (r_open_q),
    .r_t_i (t_q[5*TsW-1:0]), .now_q_i (now_q),
    .trk_busy_i (trk_busy_i), .trk_hold_i (trk_hold_i), .trk_fire_i (trk_fire_i), .trk_fire_due_i (trk_fire_due_i),
    .trk_fire_next_i (trk_fire_next_i), .rsp_busy_i (rsp_busy_i), .regs_pending_i (regs_pending_i),
    .sweep_i (sweep_i), .settled_i (settled_i),
    .quiet_o (quiet), .opens_out_o (opens_out), .reqs_out_o (reqs_out), .fbs_out_o (fbs_out), .t_ref_o (t_ref),
    .efd_pending_o (efd_pending), .empty_o (empty), .idle_o (idle)
  );

  logic [5:0] fb, rq, op;
  assign fb = f_v_q & f_fb_q;
  assign rq = r_v_q & ~r_open_q;
  assign op = r_v_q & r_open_q;
  // The reference: the oldest request's time in A..L (the highest stage holding one), a cycle late.
  logic [TsW-1:0] oldest, oldest_q;
  logic [2:0]     from, from_q;  // its stage (5: none)
  always_comb begin
    oldest = now_q;
    from   = 3'd5;
    for (int s = 0; s < 5; s++) begin
      if (rq[s]) begin
        oldest = t_q[s * TsW +: TsW];
        from   = 3'(s);
      end
    end
  end
  always_ff @(posedge clk_i) {oldest_q, from_q} <= {oldest, from};
  logic not_later;  // t_ref is no later than any request in A..L now, nor than admission's time
  always_comb begin
    not_later = t_ref <= now_q;
    for (int s = 0; s < 5; s++) if (rq[s] && t_ref > t_q[s * TsW +: TsW]) not_later = 1'b0;
  end
  logic stages_empty;
  assign stages_empty = f_v_q == '0 && r_v_q == '0 && !rsp_busy_i && !trk_busy_i && !trk_fire_i && !trk_hold_i;

  (* keep *) logic seen_from_l_q, seen_open_x_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_from_l_q <= 1'b0;
      seen_open_x_q <= 1'b0;
    end else begin
      if (past1_q && from_q == 3'd4 && t_ref != now_q) seen_from_l_q <= 1'b1;
      if (opens_out && op[4:0] == '0) seen_open_x_q <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (past1_q && rst_ni) begin
      fv_opens: assert (opens_out == (op != '0));
      fv_quiet: assert (quiet == (fb[4:0] == '0 && rq[4:0] == '0));
      fv_reqs: assert (reqs_out == (rq != '0 || trk_busy_i));
      fv_fbs: assert (fbs_out == (fb != '0 || trk_busy_i));
      fv_t_ref: assert (t_ref == oldest_q);
      if (past2_q) fv_t_ref_bound: assert (not_later);  // (a cycle after reset: the stages' times before)
      fv_efd_pending: assert (efd_pending == (trk_hold_i || trk_fire_due_i || trk_fire_i || (f_v_q & f_efd_q) != '0));
      fv_empty: assert (empty == (stages_empty && !trk_fire_next_i));
      fv_idle: assert (idle == (stages_empty && !trk_fire_due_i && !regs_pending_i && !sweep_i && settled_i));
    end
  end

  logic unused;
  assign unused = ^{seen_from_l_q, seen_open_x_q};
endmodule
