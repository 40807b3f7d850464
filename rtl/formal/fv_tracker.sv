// Formal harness of the early-failure tracker's fire path (a small tracker: 4 ways in 2 sets of 2, one run,
// 8-bit time, 1-bit group, 2-bit PSN) in the environment the core makes for it: two lanes, each event
// taken reaching t0 six cycles later (stage X); the feedback lane carries a clear, or the early failure in
// a cycle the tracker fires (the clear offered then waits), its stages B to L shown to the tracker, and
// the request lane's stages A to L and the request offered shown too (for a fire's waits); nothing is
// taken while stop_o holds the streams; time moves on by 0 to 7 ns a cycle and a deadline is 1 to 31 ns
// after its packet's send (the span may move every cycle, announced a cycle ahead). Proves, by bounded model checking from reset (scripts/hw/formal.sh,
// proof "tracker"), with every assertion of the tracker and its run checked too (scope "all"):
//   - a fire is never early: it comes in a cycle whose events are past the packet's deadline;
//   - a fire takes no request-lane cycle: in the cycle of a lone fire (one packet tracked, nothing in
//     flight, for three cycles) the streams are not held, so the request lane takes what it is offered;
//   - a fire decided for a cycle and not made then (a packet in flight goes first) holds the streams in
//     that cycle, so no event past its deadline is taken before it.
// The cover flags show the rules are not vacuous: a fire, a fire beside a request taken in the same cycle,
// and a fire killed by its check (a clear taken just before the fire).
`default_nettype none

module fv_tracker (
  input logic       clk_i,
  input logic       rst_ni,
  input logic [2:0] step_i,       // ns time moves on this cycle
  input logic       fb_valid_i,   // a clear offered to the feedback lane
  input logic       fb_group_i,
  input logic [1:0] fb_psn_i,
  input logic       rq_valid_i,   // a request offered to the request lane
  input logic       rq_group_i,
  input logic [1:0] rq_psn_i,
  input logic [4:0] rq_span_i,    // M x base RTT next cycle: a request's deadline is its time + the span
  input logic [15:0] ev_i         // the entropy value the core gives an allocation three cycles after t0
);
  localparam int unsigned TsW = 8;

  // The first cycle is a reset; the environment's rules.
  logic past_valid_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (rq_span_i != '0);  // (span_q is never 0)
  end

  logic [TsW-1:0] now_q, now_d;  // now_q: the time of this cycle's events (now_i of the cycle before)
  assign now_d = now_q + TsW'(step_i);
  logic [4:0] span_q;            // the span moves whenever rq_span_i differs from it (announced a cycle ahead)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) now_q <= '0;
    else now_q <= now_d;
    if (!rst_ni) span_q <= 5'd1;
    else span_q <= rq_span_i;
  end

  // The lanes: stage k at index k - 1 (A .. X).
  logic [5:0] fb_v_q, fb_efd_q, rq_v_q;
  logic [5:0] fb_g_q, rq_g_q;
  logic [1:0] fb_p_q [6], rq_p_q [6];
  logic [TsW-1:0] rq_t_q [6], rq_dl_q [6];
  logic [15:0] ev_q [3];

  logic stop, fire, kill, fire_next, fire_due, busy, interlock, unsettled, hold, untracked;
  logic [2:0] tracked;
  logic       fg;
  logic [1:0] fp;
  logic [15:0] fev;
  logic [7:0] fgen;
  logic [TsW-1:0] fdl;
  logic fb_take, rq_take, quiet;
  assign fb_take = fb_valid_i && !stop && !fire;
  assign rq_take = rq_valid_i && !stop;
  assign quiet   = (fb_v_q[4:0] & ~fb_efd_q[4:0]) == '0 && rq_v_q[4:0] == '0;
  always_comb assume (!interlock);  // (a run of 64 is never nearly full within the proof's depth)

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fb_v_q <= '0;
      fb_efd_q <= '0;
      rq_v_q <= '0;
    end else begin
      fb_v_q   <= {fb_v_q[4:0], fb_take || fire};
      fb_efd_q <= {fb_efd_q[4:0], fire};
      rq_v_q   <= {rq_v_q[4:0], rq_take};
    end
    fb_g_q <= {fb_g_q[4:0], fb_group_i};
    rq_g_q <= {rq_g_q[4:0], rq_group_i};
    fb_p_q[0] <= fb_psn_i;
    rq_p_q[0] <= rq_psn_i;
    rq_t_q[0] <= now_q;
    rq_dl_q[0] <= now_q + TsW'(span_q);
    for (int k = 1; k < 6; k++) begin
      fb_p_q[k] <= fb_p_q[k - 1];
      rq_p_q[k] <= rq_p_q[k - 1];
      rq_t_q[k] <= rq_t_q[k - 1];
      rq_dl_q[k] <= rq_dl_q[k - 1];
    end
    ev_q[0] <= ev_i;
    ev_q[1] <= ev_q[0];
    ev_q[2] <= ev_q[1];
  end

  uet_lb_tracker #(
    .Entries (4), .Ways (2), .Runs (1), .RunDepth (64), .GroupW (1), .PsnWidth (2), .TsWidth (TsW), .GenW (8)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (1'b0), .now_i (now_d), .now_q_i (now_q), .t_ref_i (now_q),
    .pre_clr_i (fb_v_q[4:1] & ~fb_efd_q[4:1]), .pre_group_i (fb_g_q[4:1]),
    .pre_psn_i ({fb_p_q[4], fb_p_q[3], fb_p_q[2], fb_p_q[1]}),
    .clr_valid_i (fb_v_q[5] && !fb_efd_q[5]), .clr_group_i (fb_g_q[5]), .clr_psn_i (fb_p_q[5]),
    .alc_valid_i (rq_v_q[5]), .alc_group_i (rq_g_q[5]), .alc_psn_i (rq_p_q[5]), .alc_time_i (rq_t_q[5]),
    .alc_deadline_i (rq_dl_q[5]), .alc_gen_i (8'd0), .alc_ev_i (ev_q[2]),
    .untracked_o (untracked), .tracked_o (tracked),
    .hold_o (hold), .unsettled_o (unsettled), .interlock_o (interlock), .stop_o (stop), .quiet_i (quiet),
    .fire_block_i (1'b0), .offer_i (rq_valid_i), .span_i (TsW'(span_q)), .span_moves_i (rq_span_i != span_q),
    .core_req_i (rq_v_q[4:0]), .core_dl_i ({rq_dl_q[4], rq_dl_q[3], rq_dl_q[2], rq_dl_q[1], rq_dl_q[0]}),
    .fire_next_o (fire_next), .fire_due_o (fire_due), .fire_o (fire), .fire_kill_o (kill),
    .fire_group_o (fg), .fire_psn_o (fp), .fire_ev_o (fev), .fire_gen_o (fgen), .fire_deadline_o (fdl),
    .busy_o (busy)
  );
  logic unused;
  assign unused = ^{untracked, unsettled, hold, fire_next, fg, fp, fev, fgen};

  function automatic logic fv_before(input logic [TsW-1:0] x, input logic [TsW-1:0] y);
    logic [TsW-1:0] d;
    d = x - y;
    fv_before = d[TsW-1];
  endfunction

  // Allocations on their way (lanes and the tracker's own stages), for the lone-fire rule.
  // (Three cycles of it: the runs' hold reads their first live elements as they were a cycle before, so a
  // packet cleared at the last edges may still hold the streams a cycle.)
  logic lone, lone_q, lone_qq;
  assign lone = tracked == 3'd1 && rq_v_q == '0 && (fb_v_q & ~fb_efd_q) == '0 && !busy;
  always_ff @(posedge clk_i) begin
    lone_q  <= lone;
    lone_qq <= lone_q;
  end

  // The fire decided a cycle ago (fire_next), for the rule that one that waits holds the streams.
  logic next_q;
  always_ff @(posedge clk_i) next_q <= rst_ni && fire_next;

  (* keep *) logic seen_fire_q, seen_fire_req_q, seen_kill_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_fire_q     <= 1'b0;
      seen_fire_req_q <= 1'b0;
      seen_kill_q     <= 1'b0;
    end else begin
      seen_fire_q     <= seen_fire_q || fire;
      seen_fire_req_q <= seen_fire_req_q || (fire && rq_take);
      seen_kill_q     <= seen_kill_q || kill;
    end
  end

  always_comb begin
    if (past_valid_q && rst_ni) begin
      if (fire) a_never_early: assert (fv_before(fdl, now_q));
      if (fire && lone && lone_q && lone_qq) a_lone_fire_free: assert (!stop);  // a lone fire holds nothing
      if (kill) a_check_at_c: assert (fb_v_q[2] && fb_efd_q[2]);                // the check comes at stage C
      if (fire_next) a_due_covers: assert (fire_due);  // the outputs' due covers every fire
      if (next_q && !fire) a_wait_holds: assert (stop);  // a fire that waits holds the streams
    end
  end
endmodule
