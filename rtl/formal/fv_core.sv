// Formal harness of the core (small parameters: 2 groups, B <= 1, a 4-place tracker in one run, 16-bit
// time, 4-bit PSN), under any traffic on every stream, any back-pressure on the response and any
// register writes. Proves, by bounded model checking from reset (scripts/hw/formal.sh, proof "core"):
//   - every request accepted is answered exactly once, in the order accepted, with its own group, PSN
//     and retransmit flag, and no response comes without a request;
//   - a response not taken is held, unchanged, until it is;
//   - the request lane takes at most one event a cycle (an open or a request, never both).
// (The core's own assertions are removed for this proof, scope "own" in scripts/hw/formal.sh: they are
// checked in every simulation, the testbench's millions of cycles included.)
// The cover flags (seen_*_q, which scripts/hw/formal.sh asks Yosys's SAT solver to set by the last step)
// show the rules are not vacuous: a response, one held under back-pressure, a request and a feedback
// accepted in one cycle, an open and a feedback accepted in one cycle, three requests owed at once. A response leaves 9 cycles after its request, so
// the depth in scripts/hw/formal.sh sees several responses and their back-pressure. The SystemC testbench and
// the equivalence tests check the same rules over millions of cycles, at full size.
`default_nettype none

module fv_core (
  input logic        clk_i,
  input logic        rst_ni,
  input logic [15:0] now_i,
  input logic [3:0]  base_rtt_i,
  input logic        open_valid_i,
  input logic        open_group_i,
  input logic [15:0] open_port_i,
  input logic        fb_valid_i,
  input logic        fb_group_i,
  input logic [2:0]  fb_kind_i,
  input logic [15:0] fb_ev_i,
  input logic [3:0]  fb_psn_i,
  input logic        req_valid_i,
  input logic        req_group_i,
  input logic [3:0]  req_psn_i,
  input logic        req_retx_i,
  input logic        rsp_ready_i,
  input logic        reg_we_i,
  input logic [5:0]  reg_addr_i,
  input logic [31:0] reg_wdata_i
);
  logic        open_ready, fb_ready, req_ready, rsp_valid, rsp_retx, efd_valid, efd_due, efd_pending;
  logic [15:0] rsp_ev, efd_ev;
  uet_lb_pkg::decision_e rsp_decision;
  logic        rsp_group, efd_group;
  logic [3:0]  rsp_psn, efd_psn;
  logic [15:0] efd_time;
  logic [2:0]  efd_tracked;
  logic        idle;
  logic [31:0] reg_rdata;
  logic        reg_werr;
  logic        unused_dbg_open, unused_dbg_wrapped, unused_dbg_freezing;
  logic [1:0]  unused_dbg_count;
  logic        unused_dbg_wr, unused_dbg_replay;
  logic [15:0] unused_dbg_start, unused_dbg_slot0;
  logic [2:0]  unused_dbg_left;

  logic        unused_outputs;
  assign unused_outputs = ^{efd_valid, efd_due, efd_pending, efd_ev, efd_group, efd_psn, efd_time, efd_tracked, idle,
                            reg_rdata, reg_werr, unused_dbg_open, unused_dbg_wrapped, unused_dbg_freezing,
                            unused_dbg_count, unused_dbg_wr, unused_dbg_replay, unused_dbg_start,
                            unused_dbg_slot0, unused_dbg_left};

  logic req_fire, rsp_take, open_fire, fb_fire;
  assign req_fire  = req_valid_i && req_ready;
  assign rsp_take  = rsp_valid && rsp_ready_i;
  assign open_fire = open_valid_i && open_ready;
  assign fb_fire   = fb_valid_i && fb_ready;

  // The first cycle is a reset; the environment's rules.
  logic past_valid_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (base_rtt_i != '0);
    assume (fb_kind_i <= 3'd4);
  end

  uet_lb #(
    .NumGroups (2), .BufBitsMax (1), .TsWidth (16), .PsnWidth (4), .TrackerEntries (4), .TrackerWays (4),
    .TrackerRuns (1), .WindowWidth (3), .BaseRttWidth (4), .DbgPort (1'b0),
    // (Without the check bits: what this proof asks does not depend on them, store_ecc and secded prove
    // them, and with them its BMC took 963 to 2,251 s on a loaded host against about 90 s.)
    .Ecc (1'b0)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .now_i (now_i), .base_rtt_i (base_rtt_i),
    .open_valid_i (open_valid_i), .open_ready_o (open_ready), .open_group_i (open_group_i),
    .open_port_i (open_port_i),
    .fb_valid_i (fb_valid_i), .fb_ready_o (fb_ready), .fb_group_i (fb_group_i),
    .fb_kind_i (fb_kind_i), .fb_ev_i (fb_ev_i), .fb_psn_i (fb_psn_i),
    .req_valid_i (req_valid_i), .req_ready_o (req_ready), .req_group_i (req_group_i), .req_psn_i (req_psn_i),
    .req_retx_i (req_retx_i),
    .rsp_valid_o (rsp_valid), .rsp_ready_i (rsp_ready_i), .rsp_ev_o (rsp_ev), .rsp_decision_o (rsp_decision),
    .rsp_group_o (rsp_group), .rsp_psn_o (rsp_psn), .rsp_retx_o (rsp_retx),
    .efd_valid_o (efd_valid), .efd_group_o (efd_group), .efd_psn_o (efd_psn), .efd_ev_o (efd_ev),
    .efd_time_o (efd_time), .efd_due_o (efd_due), .efd_pending_o (efd_pending), .efd_tracked_o (efd_tracked), .idle_o (idle),
    .dbg_group_i (1'b0), .dbg_open_o (unused_dbg_open), .dbg_count_o (unused_dbg_count),
    .dbg_wr_o (unused_dbg_wr), .dbg_replay_o (unused_dbg_replay), .dbg_wrapped_o (unused_dbg_wrapped),
    .dbg_freezing_o (unused_dbg_freezing), .dbg_freeze_start_o (unused_dbg_start),
    .dbg_window_left_o (unused_dbg_left), .dbg_slot0_o (unused_dbg_slot0),
    .reg_we_i (reg_we_i), .reg_addr_i (reg_addr_i), .reg_wdata_i (reg_wdata_i), .reg_rdata_o (reg_rdata),
    .reg_werr_o (reg_werr), .ecc_inj_i (1'b0), .ecc_inj_slot_i (1'b0), .ecc_inj_group_i (1'b0), .ecc_inj_mask_i ('0)
  );

  // The requests accepted and not yet answered, oldest first: {group, psn, retx} in a FIFO deep enough
  // for any depth the proof runs to (one request a cycle).
  localparam int unsigned Depth = 32;
  logic [Depth*6-1:0] fifo_q, fifo_d;  // entry k at [6*k +: 6]
  logic [5:0]         count_q, wr_idx;
  assign wr_idx = count_q - 6'(rsp_take);
  always_comb begin
    fifo_d = rsp_take ? (fifo_q >> 6) : fifo_q;
    if (req_fire) begin
      fifo_d = (fifo_d & ~((Depth*6)'(6'h3f) << (6 * wr_idx)))
               | ((Depth*6)'({req_group_i, req_psn_i, req_retx_i}) << (6 * wr_idx));
    end
  end

  logic        rsp_stall_q;
  logic [24:0] rsp_held_q;  // {ev, group, psn, retx, decision} of a response not taken
  (* keep *) logic seen_rsp_q, seen_stall_q, seen_both_q, seen_openfb_q, seen_owed3_q;
  always_ff @(posedge clk_i) begin
    rsp_stall_q <= rst_ni && rsp_valid && !rsp_ready_i;
    rsp_held_q  <= {rsp_ev, rsp_group, rsp_psn, rsp_retx, rsp_decision};
    if (!rst_ni) begin
      count_q      <= '0;
      fifo_q       <= '0;
      seen_rsp_q   <= 1'b0;
      seen_stall_q <= 1'b0;
      seen_both_q  <= 1'b0;
      seen_openfb_q <= 1'b0;
      seen_owed3_q <= 1'b0;
    end else begin
      count_q      <= count_q + 6'(req_fire) - 6'(rsp_take);
      fifo_q       <= fifo_d;
      seen_rsp_q   <= seen_rsp_q || rsp_valid;
      seen_stall_q <= seen_stall_q || rsp_stall_q;
      seen_both_q  <= seen_both_q || (req_fire && fb_fire);
      seen_openfb_q <= seen_openfb_q || (open_fire && fb_fire);
      seen_owed3_q <= seen_owed3_q || count_q >= 6'd3;
    end
  end

  always_comb begin
    if (past_valid_q && rst_ni) begin
      fv_rsp_has_req: assert (!rsp_valid || count_q != '0);                                  // no response without a request
      if (rsp_valid) fv_rsp_in_order: assert ({rsp_group, rsp_psn, rsp_retx} == fifo_q[5:0]);  // its own request, in order
      fv_one_request_lane: assert (!(open_fire && req_fire));                                     // the request lane: one a cycle
      if (rsp_stall_q) fv_rsp_stall_holds: assert (rsp_valid && {rsp_ev, rsp_group, rsp_psn, rsp_retx, rsp_decision} == rsp_held_q);
    end
  end
endmodule
