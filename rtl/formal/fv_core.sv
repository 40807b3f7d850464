// Formal harness of the two cores (small parameters: 2 groups, B <= 1, 2 tracker entries, 16-bit time,
// 4-bit PSN), under any traffic on every stream, any back-pressure on the response and any register
// writes. Pipelined selects the core and its property set (scripts/formal.sh sets it with chparam):
//
//   0, uet_lb (proof top): a request accepted is answered exactly once, in order, with its own PSN and
//      group; a new request is taken only as the old answer leaves; open and feedback are always
//      accepted.
//   1, uet_lb_pipe (proof pipe): every request accepted is answered exactly once, in the order accepted,
//      with its own group, PSN and retransmit flag; no response comes without a request; a response is
//      held, unchanged, until it is taken; at most one event is accepted per cycle, in the order open >
//      feedback > request; and every assertion inside the core holds on the states reached.
//
// Reach of the pipelined proof: scripts/formal.sh checks it by BMC only, 15 cycles from reset (Yosys's
// SAT solver), and requires the cover statements below to be reached within them (a response, one held
// under back-pressure, five requests owed at once; as the flags seen_*_q, which Yosys sat is asked to set
// by the last step). A response comes 10 cycles after its request is accepted, so 15 cycles see the
// first responses and their back-pressure; each step beyond costs the solver tens of seconds. The
// proof pipe_deep (scripts/formal.sh all) runs the same rules 20 cycles deep, where six requests are owed
// at once (seen_owed6_q). The SystemC testbench and the equivalence tests check the same rules over
// millions of cycles.
`default_nettype none

module fv_core #(
  parameter int unsigned Pipelined = 0  ///< 0: uet_lb, 1: uet_lb_pipe (without its dbg_* port)
) (
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
  logic        open_ready, fb_ready, req_ready, rsp_valid, rsp_retx, efd_valid, efd_due;
  logic [15:0] rsp_ev, efd_ev;
  uet_lb_pkg::decision_e rsp_decision;
  logic        rsp_group, efd_group;
  logic [3:0]  rsp_psn, efd_psn;
  logic [15:0] efd_time;
  logic [1:0]  efd_tracked;
  logic        idle;
  logic [31:0] reg_rdata;
  logic        unused_dbg_open, unused_dbg_wrapped, unused_dbg_freezing;
  logic [1:0]  unused_dbg_count;
  logic        unused_dbg_wr, unused_dbg_replay;
  logic [15:0] unused_dbg_start, unused_dbg_slot0;
  logic [2:0]  unused_dbg_left;

  logic        unused_outputs;
  assign unused_outputs = ^{rsp_ev, rsp_decision, rsp_retx, efd_valid, efd_due, efd_ev, efd_group, efd_psn,
                            efd_time, efd_tracked, idle, reg_rdata};

  logic req_fire, rsp_take;
  assign req_fire = req_valid_i && req_ready;
  assign rsp_take = rsp_valid && rsp_ready_i;

  // The first cycle is a reset; the environment's rules on every core.
  logic past_valid_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (base_rtt_i != '0);
    assume (fb_kind_i <= 3'd4);
  end

  // Both cores have the same ports.
  `define FV_CORE_PORTS \
    .clk_i (clk_i), .rst_ni (rst_ni), .now_i (now_i), .base_rtt_i (base_rtt_i), \
    .open_valid_i (open_valid_i), .open_ready_o (open_ready), .open_group_i (open_group_i), \
    .open_port_i (open_port_i), \
    .fb_valid_i (fb_valid_i), .fb_ready_o (fb_ready), .fb_group_i (fb_group_i), \
    .fb_kind_i (fb_kind_i), .fb_ev_i (fb_ev_i), .fb_psn_i (fb_psn_i), \
    .req_valid_i (req_valid_i), .req_ready_o (req_ready), .req_group_i (req_group_i), .req_psn_i (req_psn_i), \
    .req_retx_i (req_retx_i), \
    .rsp_valid_o (rsp_valid), .rsp_ready_i (rsp_ready_i), .rsp_ev_o (rsp_ev), .rsp_decision_o (rsp_decision), \
    .rsp_group_o (rsp_group), .rsp_psn_o (rsp_psn), .rsp_retx_o (rsp_retx), \
    .efd_valid_o (efd_valid), .efd_group_o (efd_group), .efd_psn_o (efd_psn), .efd_ev_o (efd_ev), \
    .efd_time_o (efd_time), .efd_due_o (efd_due), .efd_tracked_o (efd_tracked), .idle_o (idle), \
    .dbg_group_i (1'b0), .dbg_open_o (unused_dbg_open), .dbg_count_o (unused_dbg_count), \
    .dbg_wr_o (unused_dbg_wr), .dbg_replay_o (unused_dbg_replay), .dbg_wrapped_o (unused_dbg_wrapped), \
    .dbg_freezing_o (unused_dbg_freezing), .dbg_freeze_start_o (unused_dbg_start), \
    .dbg_window_left_o (unused_dbg_left), .dbg_slot0_o (unused_dbg_slot0), \
    .reg_we_i (reg_we_i), .reg_addr_i (reg_addr_i), .reg_wdata_i (reg_wdata_i), .reg_rdata_o (reg_rdata)

  if (Pipelined != 0) begin : g_pipe
    uet_lb_pipe #(
      .NumGroups (2), .BufBitsMax (1), .TsWidth (16), .PsnWidth (4), .TrackerEntries (2), .WindowWidth (3),
      .BaseRttWidth (4), .DbgPort (1'b0)
    ) dut (`FV_CORE_PORTS);

    // The requests accepted and not yet answered, oldest first: {group, psn, retx} in an 8-deep FIFO
    // (the core owes at most 6: the response queue and stages P and U hold at most 4 between them, stages
    // A and W one each).
    localparam int unsigned Depth = 8;
    logic [Depth*6-1:0] fifo_q, fifo_d;  // entry k at [6*k +: 6]
    logic [3:0]         count_q, wr_idx;
    logic               open_fire, fb_fire;
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

    logic        rsp_stall_q;
    logic [24:0] rsp_held_q;  // {ev, group, psn, retx, decision} of a response not taken
    // The cover statements below, as flags that stay set once reached (scripts/formal.sh asks Yosys's SAT
    // solver for a trace that sets each by the last step).
    (* keep *) logic seen_rsp_q, seen_stall_q, seen_owed5_q, seen_owed6_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        seen_rsp_q   <= 1'b0;
        seen_stall_q <= 1'b0;
        seen_owed5_q <= 1'b0;
        seen_owed6_q <= 1'b0;
      end else begin
        seen_rsp_q   <= seen_rsp_q || rsp_valid;
        seen_stall_q <= seen_stall_q || rsp_stall_q;
        seen_owed5_q <= seen_owed5_q || count_q == 4'd5;
        seen_owed6_q <= seen_owed6_q || count_q == 4'd6;
      end
    end
    always_ff @(posedge clk_i) begin
      rsp_stall_q <= rst_ni && rsp_valid && !rsp_ready_i;
      rsp_held_q  <= {rsp_ev, rsp_group, rsp_psn, rsp_retx, rsp_decision};
      if (!rst_ni) begin
        count_q <= '0;
        fifo_q  <= '0;
      end else begin
        count_q <= count_q + 4'(req_fire) - 4'(rsp_take);
        fifo_q  <= fifo_d;
      end
    end

    always_comb begin
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
        cover (count_q == 4'd6);  // the most owed: stages A and W one each, P, U and the response queue four
        if (rsp_stall_q) assert (rsp_valid && {rsp_ev, rsp_group, rsp_psn, rsp_retx, rsp_decision} == rsp_held_q);
      end
    end
  end else begin : g_single
    uet_lb #(
      .NumGroups (2), .BufBitsMax (1), .TsWidth (16), .PsnWidth (4), .TrackerEntries (2), .WindowWidth (3),
      .BaseRttWidth (4)
    ) dut (`FV_CORE_PORTS);

    logic       stall_q, outstanding_q, last_group_q;
    logic [3:0] last_psn_q, held_psn_q;
    logic       held_group_q, held_retx_q;
    always_ff @(posedge clk_i) begin
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
  end
  `undef FV_CORE_PORTS
endmodule
