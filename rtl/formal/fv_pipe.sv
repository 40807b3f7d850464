// Formal harness of uet_lb_pipe (small parameters): under any traffic on every stream, any back-pressure
// on the response and any register writes, every request accepted is answered exactly once, in the order
// accepted, with its own group, PSN and retransmit flag; no response comes without a request; a response
// is held, unchanged, until it is taken; at most one event is accepted per cycle, in the order
// open > feedback > request. With every assertion of the core kept (proof pipe_all), it also checks them
// on the reachable states.
//
// Reach: scripts/formal.sh checks this by BMC only, 7 cycles after reset (pipe) and 5 (pipe_all); pipe
// requires the cover statements below to be hit within its depth (a response by cycle 4, one held by 5,
// five owed by 6). Beyond about 8 cycles each step costs the solver minutes, so the bound is not raised
// further; the SystemC testbench and the equivalence tests check the same rules over millions of cycles.
`default_nettype none
`include "fv_core_ports.svh"

module fv_pipe (
  `FV_CORE_INPUTS
);
  `FV_CORE_SIGNALS

  uet_lb_pipe #(
    `FV_CORE_SIZES, .DbgPort (1'b0)
  ) dut (
    `FV_CORE_CONNECT
  );

  logic       unused_outputs;
  assign unused_outputs = ^{efd_valid, efd_due, efd_ev, efd_group, efd_psn, efd_time, efd_tracked, idle, reg_rdata};

  // The requests accepted and not yet answered, oldest first: {group, psn, retx} in an 8-deep FIFO (the
  // core holds at most 3 in flight plus 4 queued responses).
  localparam int unsigned Depth = 8;
  logic [Depth*6-1:0] fifo_q, fifo_d;  // entry k at [6*k +: 6]
  logic [3:0]         count_q, wr_idx;
  logic               req_fire, rsp_take, open_fire, fb_fire;
  assign req_fire  = req_valid_i && req_ready;
  assign rsp_take  = rsp_valid && rsp_ready_i;
  assign open_fire = open_valid_i && open_ready;
  assign fb_fire   = fb_valid_i && fb_ready;
  assign wr_idx    = count_q - 4'(rsp_take);

  // Pop at the front (a response taken), then push at the back (a request accepted).
  always_comb begin
    fifo_d = rsp_take ? (fifo_q >> 6) : fifo_q;
    if (req_fire) begin
      fifo_d = (fifo_d & ~((Depth*6)'(6'h3f) << (6 * wr_idx)))
               | ((Depth*6)'({req_group_i, req_psn_i, req_retx_i}) << (6 * wr_idx));
    end
  end

  logic        past_valid_q, rsp_stall_q;
  logic [24:0] rsp_held_q;  // {ev, group, psn, retx, decision} of a response not taken
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    rsp_stall_q  <= rst_ni && rsp_valid && !rsp_ready_i;
    rsp_held_q   <= {rsp_ev, rsp_group, rsp_psn, rsp_retx, rsp_decision};
    if (!rst_ni) begin
      count_q <= '0;
      fifo_q  <= '0;
    end else begin
      count_q <= count_q + 4'(req_fire) - 4'(rsp_take);
      fifo_q  <= fifo_d;
    end
  end

  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (base_rtt_i != '0);
    assume (fb_kind_i <= 3'd4);
    if (past_valid_q && rst_ni) begin
      assert (count_q <= 4'd7);                                 // bounded: never more than 7 owed
      assert (!rsp_valid || count_q != 0);                      // no response without a request
      if (rsp_valid) assert ({rsp_group, rsp_psn, rsp_retx} == fifo_q[5:0]);  // its own request, in order
      assert (32'(open_fire) + 32'(fb_fire) + 32'(req_fire) <= 1);     // one event per cycle
      if (open_valid_i) assert (!fb_ready && !req_ready);       // open first
      if (fb_valid_i) assert (!req_ready);                      // then feedback, then requests
      // Reach (scripts/formal.sh checks every cover is hit within the BMC depth, so the rules above are
      // not vacuous): a response, a response held under back-pressure, five requests owed at once.
      cover (rsp_valid);
      cover (rsp_stall_q);
      cover (count_q == 4'd5);
      if (rsp_stall_q) assert (rsp_valid && {rsp_ev, rsp_group, rsp_psn, rsp_retx, rsp_decision} == rsp_held_q);
    end
  end
endmodule
