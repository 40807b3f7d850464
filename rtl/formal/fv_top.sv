// Formal harness of uet_lb (small parameters): under any traffic on every stream, any back-pressure and
// any register writes, a request accepted is answered exactly once, in order, with its own PSN and group;
// the response is held until taken; open and feedback are always accepted. Also checks every assertion
// inside the core (cache, tracker, PRNG, registers, stream protocol) on reachable states.
`default_nettype none
`include "fv_core_ports.svh"

module fv_top (
  `FV_CORE_INPUTS
);
  `FV_CORE_SIGNALS

  uet_lb #(
    `FV_CORE_SIZES
  ) dut (
    `FV_CORE_CONNECT
  );

  logic       unused_outputs;
  assign unused_outputs = ^{rsp_ev, rsp_decision, rsp_retx, efd_valid, efd_due, efd_ev, efd_group, efd_psn,
                            efd_time, efd_tracked, idle, reg_rdata};

  logic       past_valid_q, stall_q, outstanding_q, last_group_q;
  logic [3:0] last_psn_q, held_psn_q;
  logic       held_group_q, held_retx_q;
  logic       req_fire, rsp_take;
  assign req_fire = req_valid_i && req_ready;
  assign rsp_take = rsp_valid && rsp_ready_i;

  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    stall_q      <= req_valid_i && !req_ready;
    held_psn_q   <= req_psn_i;
    held_group_q <= req_group_i;
    held_retx_q  <= req_retx_i;
    if (!rst_ni) begin
      outstanding_q <= 1'b0;
    end else begin
      // Requests accepted minus responses taken.
      outstanding_q <= req_fire ? 1'b1 : (rsp_take ? 1'b0 : outstanding_q);
      if (req_fire) begin
        last_psn_q   <= req_psn_i;
        last_group_q <= req_group_i;
      end
    end
  end

  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (base_rtt_i != '0);
    assume (fb_kind_i <= 3'd4);
    // The sender holds a request, unchanged, until it is accepted.
    if (past_valid_q && rst_ni && stall_q) begin
      assume (req_valid_i && req_psn_i == held_psn_q && req_group_i == held_group_q && req_retx_i == held_retx_q);
    end
    if (past_valid_q && rst_ni) begin
      assert (open_ready && fb_ready);                   // open and feedback are never refused
      assert (rsp_valid == outstanding_q);               // one response per accepted request, none extra
      if (rsp_valid) assert (rsp_psn == last_psn_q && rsp_group == last_group_q);  // its own, in order
      if (req_fire && outstanding_q) assert (rsp_take);  // a new request only as the old answer leaves
    end
  end
endmodule
