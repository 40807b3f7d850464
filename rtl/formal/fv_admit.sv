// Formal harness of uet_lb_admit (8-bit times, two core stages): the admission rules hold whatever is
// offered. At most one request-lane event a cycle; nothing taken while the tracker stops the streams, in
// the cycle after a request is found past due, or in the settling cycles after a register apply; no
// feedback beside an early failure; never more requests owed than the response queue holds; and an open
// does not go ahead of a request twice in a row while the request waits with room. Offers, times and the
// tracker's flags are free each cycle; responses leave only when one is owed. Yosys sat: BMC from reset;
// cover flags for a request taken after an open went first, and for RspDepth requests owed.
`default_nettype none

module fv_admit (
  input logic        clk_i,
  input logic        rst_ni,
  input logic [7:0]  now_i,
  input logic [7:0]  span_i,
  input logic        efd_on_i,
  input logic        open_valid_i,
  input logic        fb_valid_i,
  input logic        req_valid_i,
  input logic [1:0]  stage_req_i,
  input logic [15:0] stage_dl_i,
  input logic        hold_next_i,
  input logic        apply_i,
  input logic        trk_stop_i,
  input logic        trk_fire_i,
  input logic        trk_interlock_i,
  input logic        reqs_out_i,
  input logic        fbs_out_i,
  input logic        empty_i,
  input logic        rsp_take_i
);
  localparam int unsigned RspDepth = uet_lb_pkg::RspDepth;
  logic       open_ready, fb_ready, req_ready, open_take, fb_take, req_take, offer_open, due_next;
  logic       settling, settled, drained;
  logic [7:0] now, deadline;
  uet_lb_admit #(.TsWidth (8), .Stages (2)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .now_i (now_i), .span_i (span_i), .efd_on_i (efd_on_i),
    .open_valid_i (open_valid_i), .fb_valid_i (fb_valid_i), .req_valid_i (req_valid_i),
    .open_ready_o (open_ready), .fb_ready_o (fb_ready), .req_ready_o (req_ready),
    .open_take_o (open_take), .fb_take_o (fb_take), .req_take_o (req_take), .offer_open_o (offer_open),
    .now_o (now), .deadline_o (deadline), .stage_req_i (stage_req_i), .stage_dl_i (stage_dl_i),
    .due_next_o (due_next), .hold_next_i (hold_next_i), .apply_i (apply_i), .settling_o (settling),
    .settled_o (settled), .trk_stop_i (trk_stop_i), .trk_fire_i (trk_fire_i), .trk_interlock_i (trk_interlock_i),
    .reqs_out_i (reqs_out_i), .fbs_out_i (fbs_out_i), .empty_i (empty_i), .drained_o (drained),
    .rsp_take_i (rsp_take_i)
  );

  logic       past_valid_q;
  logic [5:0] owed_q;               // requests taken, responses not yet taken
  logic [2:0] since_apply_q;        // edges since the last apply (saturating)
  localparam logic [2:0] Settle = 3'(uet_lb_pkg::SettleCycles);
  logic       due_q;                // due_next a cycle ago
  logic       open_first_q;         // an open went first while a request waited with room
  (* keep *) logic seen_turn_q, seen_full_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);  // the first cycle is a reset
    if (owed_q == '0) assume (!rsp_take_i);
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      owed_q        <= '0;
      since_apply_q <= 3'd7;
      due_q         <= 1'b0;
      open_first_q  <= 1'b0;
      seen_turn_q   <= 1'b0;
      seen_full_q   <= 1'b0;
    end else begin
      owed_q        <= owed_q + 6'(req_take) - 6'(rsp_take_i);
      since_apply_q <= apply_i ? 3'd0 : (since_apply_q == 3'd7 ? 3'd7 : since_apply_q + 1'b1);
      due_q         <= due_next;
      // (Room: the tracker not interlocked and the queue far from full, so the request could have gone.)
      if (open_take) open_first_q <= req_valid_i && !trk_interlock_i && 32'(owed_q) + 3 <= RspDepth;
      else if (req_take || !req_valid_i) open_first_q <= 1'b0;
      if (req_take && open_first_q) seen_turn_q <= 1'b1;
      if (32'(owed_q) == RspDepth) seen_full_q <= 1'b1;
    end
  end
  logic unused;
  assign unused = ^{drained, seen_turn_q, seen_full_q};
  logic any_take;
  assign any_take = open_take || fb_take || req_take;
  always_ff @(posedge clk_i) begin
    if (past_valid_q && rst_ni) begin
      a_one_request_lane: assert (!(open_take && req_take));
      if (trk_stop_i) a_stop_holds: assert (!any_take);
      if (due_q) a_due_holds: assert (!any_take);
      if (since_apply_q < Settle) a_settle_holds: assert (!any_take);
      if (trk_fire_i) a_fire_lane: assert (!fb_take);
      a_owed: assert (32'(owed_q) <= RspDepth);
      if (open_first_q && req_valid_i && !trk_interlock_i) a_turn: assert (!open_take);
      a_deadline: assert (deadline == 8'(now + span_i));
      a_takes: assert (open_take == (open_valid_i && open_ready) && fb_take == (fb_valid_i && fb_ready) &&
                       req_take == (req_valid_i && req_ready));
      if (open_take) a_open_offered: assert (offer_open);
      if (since_apply_q <= Settle - 3'd2) a_settling: assert (settling && !settled);
      if (since_apply_q >= Settle) a_settled: assert (settled);
    end
  end
endmodule
