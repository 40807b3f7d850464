// The core's own checks at its ports (part of uet_lb; simulation and formal only: Verilator --assert,
// Yosys read_verilog -formal), from registered history, no sequences. The blocks check their own
// invariants; these are the ones that span blocks or the interface:
//   a request taken at an edge reaches the response queue uet_lb_pkg::RspLatency edges later;
//   a response is held, unchanged, until it is taken, and a request until it is accepted (the latter
//   checks the environment);
//   admission's one stop flag covers the tracker's hold and its unsettled runs;
//   the tracker's late flush (a CTRL clear) is never seen as a fire or a settled register write;
//   a base RTT of 0 never meets a request while early failure detection is on, and no feedback kind is
//   outside the enumeration.
`default_nettype none

module uet_lb_checks #(
  parameter int unsigned PsnWidth     = 32,
  parameter int unsigned GroupW       = 4,
  parameter int unsigned BaseRttWidth = 20
) (
  input logic                    clk_i,
  input logic                    rst_ni,
  input logic                    req_valid_i,
  input logic                    req_ready_i,     ///< the core's req_ready_o
  input logic [GroupW-1:0]       req_group_i,
  input logic [PsnWidth-1:0]     req_psn_i,
  input logic                    req_take_i,      ///< admission takes the request at this edge
  input logic                    rsp_in_i,        ///< a response enters the queue (stage E)
  input logic                    rsp_valid_i,     ///< the core's rsp_valid_o
  input logic                    rsp_ready_i,
  input logic [15:0]             rsp_ev_i,
  input uet_lb_pkg::decision_e   rsp_decision_i,
  input logic [PsnWidth-1:0]     rsp_psn_i,
  input logic                    trk_hold_i,
  input logic                    trk_unsettled_i,
  input logic                    trk_stop_i,
  input logic                    trk_flush_i,     ///< the tracker's flush (a cycle after a CTRL clear)
  input logic                    trk_fire_i,
  input logic                    settled_i,       ///< a register write settled
  input logic [BaseRttWidth-1:0] base_rtt_i,
  input logic                    efd_on_i,
  input logic                    fb_valid_i,
  input uet_lb_pkg::fb_kind_e    fb_kind_i
);
`ifndef SYNTHESIS
  logic                  past_valid_q, rsp_stall_q, req_stall_q;
  logic [15:0]           past_ev_q;
  uet_lb_pkg::decision_e past_dec_q;
  logic [PsnWidth-1:0]   past_psn_q, past_rsp_psn_q;
  logic [GroupW-1:0]     past_req_group_q;
  // The package's response latency, as the pipeline keeps it (uet_lb_cfg asserts the span delay).
  logic [uet_lb_pkg::RspLatency-1:0] taken_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) taken_q <= '0;
    else taken_q <= {taken_q[uet_lb_pkg::RspLatency-2:0], req_take_i};
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) a_latency: assert (rsp_in_i == taken_q[uet_lb_pkg::RspLatency-1]);
  end
  always_ff @(posedge clk_i) begin
    past_valid_q     <= rst_ni;
    rsp_stall_q      <= rsp_valid_i && !rsp_ready_i;
    req_stall_q      <= req_valid_i && !req_ready_i;
    past_ev_q        <= rsp_ev_i;
    past_dec_q       <= rsp_decision_i;
    past_rsp_psn_q   <= rsp_psn_i;
    past_psn_q       <= req_psn_i;
    past_req_group_q <= req_group_i;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && past_valid_q) begin
      if (rsp_stall_q) a_rsp_held: assert (rsp_valid_i && rsp_ev_i == past_ev_q && rsp_decision_i == past_dec_q &&
                           rsp_psn_i == past_rsp_psn_q);
      if (req_stall_q) a_req_held: assert (req_valid_i && req_psn_i == past_psn_q && req_group_i == past_req_group_q);
      a_stop_flag: assert (!(trk_hold_i || trk_unsettled_i) || trk_stop_i);
      // (The tracker's check of a fire comes while its early failure is at stage C: u_lanes.a_kill_at_c.)
      if (trk_flush_i) a_flush_unseen: assert (!trk_fire_i && !settled_i);
      // (No response enters a full queue unless one leaves in the same cycle: u_rsp_q.a_no_overflow.)
    end
    if (rst_ni) begin
      a_base_rtt_given: assert (base_rtt_i != '0 || !efd_on_i || !req_valid_i);
      a_fb_kind_legal: assert (!(fb_valid_i && fb_kind_i > uet_lb_pkg::FB_RTO));
    end
  end
`else
  logic unused;
  assign unused = ^{clk_i, rst_ni, req_valid_i, req_ready_i, req_group_i, req_psn_i, req_take_i, rsp_in_i,
                    rsp_valid_i, rsp_ready_i, rsp_ev_i, rsp_decision_i, rsp_psn_i, trk_hold_i, trk_unsettled_i,
                    trk_stop_i, trk_flush_i, trk_fire_i, settled_i, base_rtt_i, efd_on_i, fb_valid_i, fb_kind_i};
`endif
endmodule
