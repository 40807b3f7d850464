// Admission: which of the offered events the core takes this cycle. The request lane takes an open or a
// request, the feedback lane a feedback (or, instead, an early failure the tracker fires). Everything
// that decides it is a flip-flop made a cycle ahead, so the ready outputs are a few gates after them:
//   - the streams are held (stall) while a register write applies and settles, the sweep runs, a request
//     in the core's stages will be past its deadline (the tracker cannot hold a packet it has not
//     allocated yet, so none may overtake it), or the tracker stops them;
//   - a request needs room for its response (at most uet_lb_pkg::RspDepth owed);
//   - an open goes ahead of a request unless a request waited while the last open went first;
//   - while a tracker run is nearly full, clears and allocations take turns and are never in flight
//     together (the locks).
// The time of an event is now_i of the cycle before the one that takes it (now_o).
`default_nettype none

module uet_lb_admit #(
  parameter int unsigned TsWidth = 32,
  parameter int unsigned Stages  = 5     ///< core stages that may hold a request not yet at the tracker
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,        ///< synchronous, active low
  input  logic [TsWidth-1:0]         now_i,
  input  logic [TsWidth-1:0]         span_i,        ///< M x base RTT
  input  logic                       efd_on_i,      ///< REPS with early failure detection
  // Offers.
  input  logic                       open_valid_i,
  input  logic                       fb_valid_i,
  input  logic                       req_valid_i,
  output logic                       open_ready_o,
  output logic                       fb_ready_o,
  output logic                       req_ready_o,
  output logic                       open_take_o,
  output logic                       fb_take_o,
  output logic                       req_take_o,
  output logic                       offer_open_o,  ///< the request lane offers the open (else the request)
  output logic [TsWidth-1:0]         now_o,         ///< the time of the events taken now
  output logic [TsWidth-1:0]         deadline_o,    ///< now_o + M x base RTT: a request's deadline
  // The core's stages: the requests in them and their deadlines.
  input  logic [Stages-1:0]          stage_req_i,
  input  logic [Stages*TsWidth-1:0]  stage_dl_i,
  output logic                       due_next_o,    ///< one of them, or the request offered, is past due next
                                                    ///< cycle (the streams are held then)
  // Holds.
  input  logic                       hold_next_i,   ///< next cycle the sweep runs or a write is pending
  input  logic                       apply_i,       ///< register writes apply now
  output logic                       settling_o,    ///< the configuration is still settling after an apply
  output logic                       settled_o,     ///< nothing settles
  // The tracker.
  input  logic                       trk_stop_i,    ///< stop the streams (a flip-flop OR)
  input  logic                       trk_fire_i,    ///< an early failure takes the feedback lane now
  input  logic                       trk_interlock_i,
  input  logic                       reqs_out_i,    ///< a request is on its way to the tracker
  input  logic                       fbs_out_i,     ///< a feedback is
  input  logic                       empty_i,       ///< no event in any stage, the tracker idle
  output logic                       drained_o,     ///< held, and empty since the last edge
  // Responses.
  input  logic                       rsp_take_i     ///< a response leaves the queue
);
  // The configuration follows an apply within this many edges (uet_lb_cfg: the mask and the type flags,
  // then the window facts; the span, the last).
  localparam int unsigned SettleCycles = uet_lb_pkg::SettleCycles;
  localparam int unsigned RspDepth     = uet_lb_pkg::RspDepth;
  localparam int unsigned RspCntW      = $clog2(RspDepth + 1);

  // Times in TsWidth bits (uet_lb_pkg's wrap_before and sum_before).
  function automatic logic ts_before(input logic [TsWidth-1:0] x, input logic [TsWidth-1:0] y);
    ts_before = uet_lb_pkg::wrap_before(32'(x), 32'(y), TsWidth);
  endfunction
  function automatic logic sum_before(input logic [TsWidth-1:0] x, input logic [TsWidth-1:0] z,
                                      input logic [TsWidth-1:0] y);
    sum_before = uet_lb_pkg::sum_before(32'(x), 32'(z), 32'(y), TsWidth);
  endfunction

  logic [TsWidth-1:0] now_q;
  logic [RspCntW-1:0] owed_q;      // requests accepted and not yet taken as responses
  logic               req_owed_q;  // an open went ahead of a waiting request: the request goes next
  logic [3:0]         settle_q;
  logic               stall_q, due_q, lock_fb_q, lock_req_q, turn_req_q, drained_q;
  logic               owed_ok_q;   // a request may be taken: its response will find room (a cycle ahead)
  logic               stall, stall_d, lock_fb_d, lock_req_d, turn_req_d;

  // The count owed next cycle for both outcomes of this cycle's request, selected by the take (the take
  // comes through the ready logic, late; an adder behind it was an ECP5 critical path).
  logic [RspCntW-1:0] owed_up, owed_dn;
  assign owed_dn = owed_q - RspCntW'(rsp_take_i);
  assign owed_up = owed_q + 1'b1 - RspCntW'(rsp_take_i);
  assign now_o      = now_q;
  assign deadline_o = now_q + span_i;
  always_comb begin
    due_next_o = req_valid_i && sum_before(now_q, span_i, now_i);
    for (int k = 0; k < Stages; k++) begin
      if (stage_req_i[k] && ts_before(stage_dl_i[k * TsWidth +: TsWidth], now_i)) due_next_o = 1'b1;
    end
    due_next_o = efd_on_i && due_next_o;
  end
  assign stall   = stall_q || due_q || trk_stop_i;
  assign stall_d = hold_next_i || settle_q > 4'd1 || (apply_i && SettleCycles != 0);
  assign settling_o = settle_q > 4'd1;
  assign settled_o  = settle_q == '0;

  // A tracker run nearly full: no feedback while a request is on its way to the tracker, no request while
  // a feedback is, and not both in one cycle (they take turns when both wait). Made a cycle ahead, counting
  // what this cycle takes and what waits.
  always_comb begin
    turn_req_d = turn_req_q;
    if (fb_take_o) turn_req_d = 1'b1;
    else if (req_take_o) turn_req_d = 1'b0;
    else if (turn_req_q && !req_valid_i) turn_req_d = 1'b0;  // a lane with nothing to send passes its turn
    else if (!turn_req_q && !fb_valid_i) turn_req_d = 1'b1;
  end
  assign lock_fb_d  = turn_req_d || reqs_out_i || req_take_o;
  assign lock_req_d = !turn_req_d || fbs_out_i || fb_take_o;

  // The request lane takes an open or a request: the open, unless a request waited (one it could have
  // taken) while the last open went ahead of it. An open needs no response room and no tracker turn.
  logic req_room;
  assign req_room     = !(trk_interlock_i && lock_req_q) && owed_ok_q;
  assign offer_open_o = open_valid_i && !(req_valid_i && req_owed_q);
  assign open_ready_o = !stall && !(req_valid_i && req_owed_q);
  assign fb_ready_o   = !stall && !trk_fire_i && !(trk_interlock_i && lock_fb_q);
  assign req_ready_o  = !stall && req_room && !(open_valid_i && !req_owed_q);
  assign open_take_o  = open_valid_i && open_ready_o;
  assign fb_take_o    = fb_valid_i && fb_ready_o;
  assign req_take_o   = req_valid_i && req_ready_o;
  assign drained_o    = drained_q;

  always_ff @(posedge clk_i) begin
    now_q <= now_i;
    if (!rst_ni) begin
      req_owed_q <= 1'b0;
      turn_req_q <= 1'b0;
      settle_q   <= '0;
      stall_q    <= 1'b1;
      due_q      <= 1'b0;
      lock_fb_q  <= 1'b0;
      lock_req_q <= 1'b0;
      drained_q  <= 1'b0;
      owed_ok_q  <= 1'b0;
      owed_q     <= '0;
    end else begin
      // At most one request a cycle: owed_q + 1 is the most the next cycle can owe.
      owed_ok_q  <= 32'(owed_q) + 1 < RspDepth;
      owed_q     <= req_take_o ? owed_up : owed_dn;
      if (open_take_o) req_owed_q <= req_valid_i && req_room;
      else if (req_take_o) req_owed_q <= 1'b0;
      turn_req_q <= turn_req_d;
      if (apply_i) settle_q <= 4'(SettleCycles);
      else if (settle_q != '0) settle_q <= settle_q - 1'b1;
      stall_q    <= stall_d;
      due_q      <= due_next_o;
      lock_fb_q  <= lock_fb_d;
      lock_req_q <= lock_req_d;
      // Drained next cycle: nothing in any stage now, nothing taken now (stalled), the tracker idle.
      drained_q  <= stall && empty_i;
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      a_owed_bound: assert (32'(owed_q) <= RspDepth);
      a_deadline_sum: assert (sum_before(now_q, span_i, now_i) == ts_before(deadline_o, now_i));
      // An early failure takes the feedback lane: no feedback beside it.
      if (trk_fire_i) a_fire_takes_lane: assert (!fb_take_o);
    end
  end
`endif
endmodule
