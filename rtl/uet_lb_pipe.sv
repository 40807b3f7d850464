// UET entropy load balancer, pipelined variant: the behaviour of uet_lb (SPEC sections 2-9, the same
// ports and registers) built for clock rate and size instead of per-cycle throughput.
//
//   - The per-group state lives in two simple dual-port RAMs (block RAM on an FPGA, so 256 or 1,024
//     groups cost RAM blocks, not flip-flops): the state RAM (the word without the REPS slots, with four
//     stored facts) and the slot RAM (slot k of group g at {g, k}).
//   - Beats: the core takes one step every two cycles, and each step's logic is cut in two by mid
//     registers, so no path holds more than half of it (see "Beats" below). One event enters a beat,
//     in the order open > feedback > request (a stream is ready only when every stream before it in that
//     order is idle, and only in a beat's second cycle). The order of acceptance is the order the events
//     apply in, so a scoreboard feeds the golden model at each handshake.
//   - Stage A (accept): the accepted event is registered with now_i and the parts of its early-failure
//     deadline; no other logic sits between the ports and these registers.
//   - Stage W (wait): the event, with what its issue needs, made from stage A's registers as it moves
//     on: its group's open bit, the tracker entries it removes, and flags registered a beat ahead
//     (due, block, response room, PRNG ready), so the issue decision is one LUT deep.
//   - Issue: the event in stage W, or an early failure before it; update the open bits and the tracker;
//     read the group's state. Stage P: the group update's decision (uet_lb_group_look) on the state
//     read (or, for the group stage U writes at the same edge, on stage U's write data). Stage U: the
//     freezing test, the cache operation and the entropy value (uet_lb_group_apply, in two steps), the
//     request's slot read; write the state and the slot back; push the response. A response leaves 10
//     cycles after its request was accepted.
//   - Early failures (uet_lb_efd_tracker_pipe): every packet past its deadline at the time of the event
//     in stage W fires (one a beat, in SPEC order) before that event issues; with stages A and W
//     empty, packets are compared with the time of the beat before. A driver may move time by any
//     step below 2^30 ns. An early failure issues only when stages P and U are empty.
//   - An event whose group is in stage P waits (stage U's write is forwarded), so one group takes an
//     event every second beat (every fourth cycle); different groups take one a beat.
//   - The PRNG draws ahead through eight stages and a table of multiples (uet_lb_prng_pipe); under REPS
//     a request waits until it is full after reset or a new set size (27 cycles) or a re-seed (11). The
//     early-failure deadline's M x base RTT is computed in registered steps: base_rtt_i takes effect five
//     cycles after it changes, the multiplier four.
//   - idle_o: no accepted event is still to be applied (stages A, W, P and U empty, nothing on its way
//     into the counters, the response queue, the tracker or the PRNG); counters and state then show
//     every accepted event.
//   - The register block takes writes a cycle late (its write port is registered) and returns reads a
//     cycle after the address; nothing issues, fires or moves in a beat in which a write applies, and a
//     re-seed or new set size restarts the draw queue. Configuration other than STATUS, and CTRL, are
//     meant to be written while the core is idle.
//   - The response queue has 4 entries; a request issues when the queue will have room even if no
//     response is taken after the beat's second cycle, which keeps rsp_ready_i to one LUT of the issue.
`default_nettype none

module uet_lb_pipe #(
  parameter int unsigned NumGroups      = 16,  ///< PDC groups, 1..4096
  parameter int unsigned BufBitsMax     = 3,   ///< largest REPSBufferSizeMaskBits, 1..16
  parameter int unsigned TsWidth        = 32,  ///< timestamp width (ns), 16..32
  parameter int unsigned PsnWidth       = 32,  ///< PSN width, 1..32
  parameter int unsigned TrackerEntries = 32,  ///< early-failure tracker entries, 1..256
  parameter int unsigned WindowWidth    = 12,  ///< width of W and window_left, 1..16
  parameter int unsigned BaseRttWidth   = 20,  ///< base RTT width (ns); 8 + BaseRttWidth < TsWidth
  parameter bit          DbgPort        = 1'b1,///< build the dbg_* observation port (a second RAM read port)
  /// Open bits as 16-bit words in a RAM with a valid flip-flop per word (1), or as one word of NumGroups
  /// flip-flops (0): the RAM's lookup is shallower above 256 groups, the flip-flops' up to 256.
  parameter bit          OpenRam        = (NumGroups > 256),
  /// The tracker's expiry and order comparisons as two half-width carry chains and a select (1), or one
  /// chain (0). 1 suits parts whose carry logic is one bit per cell (iCE40, ECP5: it halves the longest
  /// chain); 0 suits parts whose wide carry blocks include the sum bit (UltraScale+: the select would
  /// be one more LUT level). The same results either way (fv_time proves the two forms equal).
  parameter bit          SplitCarry     = 1'b1,
  // Derived, do not override.
  parameter int unsigned GroupW         = (NumGroups > 1) ? $clog2(NumGroups) : 1,
  parameter int unsigned SlotsMax       = 1 << BufBitsMax
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,           ///< synchronous reset, active low
  input  logic [TsWidth-1:0]      now_i,            ///< free-running time in ns (wraps)
  input  logic [BaseRttWidth-1:0] base_rtt_i,       ///< base RTT from congestion control, ns, > 0
  // Group open.
  input  logic                    open_valid_i,
  output logic                    open_ready_o,
  input  logic [GroupW-1:0]       open_group_i,
  input  logic [15:0]             open_port_i,
  // Feedback.
  input  logic                    fb_valid_i,
  output logic                    fb_ready_o,
  input  logic [GroupW-1:0]       fb_group_i,
  input  uet_lb_pkg::fb_kind_e    fb_kind_i,
  input  logic [15:0]             fb_ev_i,
  input  logic [PsnWidth-1:0]     fb_psn_i,
  // Request.
  input  logic                    req_valid_i,
  output logic                    req_ready_o,
  input  logic [GroupW-1:0]       req_group_i,
  input  logic [PsnWidth-1:0]     req_psn_i,
  input  logic                    req_retx_i,
  // Response.
  output logic                    rsp_valid_o,
  input  logic                    rsp_ready_i,
  output logic [15:0]             rsp_ev_o,
  output uet_lb_pkg::decision_e   rsp_decision_o,
  output logic [GroupW-1:0]       rsp_group_o,
  output logic [PsnWidth-1:0]     rsp_psn_o,
  output logic                    rsp_retx_o,
  // Early-failure events, one cycle after they issue (observation; no back-pressure).
  output logic                    efd_valid_o,
  output logic [GroupW-1:0]       efd_group_o,
  output logic [PsnWidth-1:0]     efd_psn_o,
  output logic [15:0]             efd_ev_o,
  output logic [TsWidth-1:0]      efd_time_o,
  output logic                    efd_due_o,
  output logic [$clog2(TrackerEntries+1)-1:0] efd_tracked_o,
  output logic                    idle_o,           ///< every accepted event has been applied
  // Observation of one group's state (DbgPort = 1); zeros when DbgPort = 0.
  input  logic [GroupW-1:0]       dbg_group_i,
  output logic                    dbg_open_o,
  output logic [BufBitsMax:0]     dbg_count_o,
  output logic [BufBitsMax-1:0]   dbg_wr_o,
  output logic [BufBitsMax-1:0]   dbg_replay_o,
  output logic                    dbg_wrapped_o,
  output logic                    dbg_freezing_o,
  output logic [TsWidth-1:0]      dbg_freeze_start_o,
  output logic [WindowWidth-1:0]  dbg_window_left_o,
  output logic [15:0]             dbg_slot0_o,
  // Register port.
  input  logic                    reg_we_i,
  input  logic [5:0]              reg_addr_i,
  input  logic [31:0]             reg_wdata_i,
  output logic [31:0]             reg_rdata_o
);
  // Elaboration-time parameter checks.
  uet_lb_param_check #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .PsnWidth (PsnWidth),
    .TrackerEntries (TrackerEntries), .WindowWidth (WindowWidth), .BaseRttWidth (BaseRttWidth)
  ) u_param_check ();

  // Per-group state: the fields of uet_lb's but the REPS cache's slots, which live in a RAM of their own
  // (the slot RAM below: a request reads one slot and a recycle writes one, so the state word need not
  // carry them). The state RAM holds the rest as a flat word; aux is slot 0 as uet_lb keeps it for None
  // (the local port) and Default Packet Spraying (the step counter). The cache part is a type of its
  // own: stage U needs only that part.
  typedef struct packed {
    logic [15:0]               aux;
    logic [BufBitsMax-1:0]     wr;
    logic [BufBitsMax-1:0]     rd;
    logic                      full;
    logic                      wrapped;
    logic [BufBitsMax-1:0]     replay;
  } cache_t;
  // The last four fields are facts about the others, computed as the state is written (stage U) so
  // that stage P's decision reads them instead of deriving them (uet_lb_group_apply).
  typedef struct packed {
    cache_t                    cache;
    logic                      freezing;
    logic [TsWidth-1:0]        freeze_start;
    logic [WindowWidth-1:0]    window_left;
    logic                      nonempty;     // the cache holds an unconsumed value
    logic                      written;      // a slot has been written
    logic                      explore;      // a request now, in the window, explores
    logic                      in_window;    // window_left > 0
  } grp_t;
  localparam int unsigned GrpBits = 16 + 3 * BufBitsMax + 1 + 1 + 1 + TsWidth + WindowWidth + 4;
  localparam int unsigned SlotW   = GroupW + BufBitsMax;  // slot RAM address: {group, slot}

  // Event kinds in the pipeline.
  localparam logic [1:0] K_OPEN = 2'd1, K_FB = 2'd2, K_REQ = 2'd3;

  // Configuration.
  logic [1:0]             cfg_spray;
  logic [7:0]             cfg_span;
  logic [15:0]            cfg_port;
  logic [4:0]             cfg_buf;
  logic [16:0]            cfg_size;
  logic [TsWidth-1:0]     cfg_timeout;
  logic [7:0]             cfg_mult;
  logic [WindowWidth-1:0] cfg_window;
  logic                   seed_we, size_we, efd_on, clear_groups, unused_active, regs_busy;
  logic [31:0]            seed, unused_prng_state;

  // ---------------------------------------------------------------------------------------------
  // Beats. The core takes one step every two cycles: ph_q is 1 in the second cycle of each beat, and
  // the registers that hold the pipeline's state (stages A, W, P, U, the tracker, the flags below)
  // change only at the edge that ends a beat. Each beat's logic is cut in two: what the first cycle
  // computes from that state lands in mid registers (suffix _m), loaded at every edge and read only in
  // the second cycle, when they hold the first cycle's results (their inputs do not change within a
  // beat). So every path is at most half of a beat's logic, and every decision a beat takes is a
  // register by its second cycle: the enables of the stage registers come straight from flip-flops.
  logic ph_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ph_q <= 1'b0;
    end else begin
      ph_q <= !ph_q;
    end
  end

  // Open bits: words of OpenRowBits bits in a RAM read asynchronously, plus a valid flip-flop per word
  // (see "Open bits" below).
  localparam int unsigned OpenColW    = (OpenRam && GroupW > 4) ? 4 : GroupW;
  localparam int unsigned OpenRowBits = 1 << OpenColW;
  localparam int unsigned OpenRowW    = GroupW - OpenColW;           // 0: a single word
  localparam int unsigned OpenRows    = 1 << OpenRowW;
  localparam int unsigned OpenIdxW    = (OpenRowW > 0) ? OpenRowW : 1;
  logic [OpenRowBits-1:0] open_mem_q [OpenRows];
  logic [OpenRows-1:0]    open_rv_q, open_rv_d;

  // ---------------------------------------------------------------------------------------------
  // Stage P registers (the event issued at the end of the last beat; the RAM's read data, forwarded
  // from stage U's write where the two name one group, is its group's state).
  logic                   p_valid_q, p_write_q, p_tracked_q, p_retx_q, p_open_q, p_req_q, p_fwd_q;
  logic                   p_failure_q, p_recycle_q, p_choose_q;
  logic [GroupW-1:0]      p_group_q;
  logic [TsWidth-1:0]     p_time_q;
  // {p_time_q < FreezingTimeout, p_time_q - FreezingTimeout} for the freezing test, which only a
  // recycle (a feedback, never an early failure) makes: so it is made from stage W's time.
  logic [TsWidth:0]       p_time_less_timeout_q;
  logic [TsWidth-1:0]     p_time_n_q, p_less_n_q;  // p_time_q and its time less the timeout, inverted
  logic [15:0]            p_ev_q;         // feedback EV, or the open's local port
  logic [PsnWidth-1:0]    p_psn_q;
  logic [TrackerEntries-1:0] p_trk_oh_q;  // the tracker entry a tracked request took, one-hot
  logic [GrpBits-1:0]     rd_q;           // RAM read data (the RAM's own output register)
  logic [GrpBits-1:0]     p_state_m;      // the state of p_group_q, taken in the first cycle
  // Stage U registers (the event in stage P last beat, with what stage P decided for it).
  logic                   u_valid_q, u_write_q, u_tracked_q, u_retx_q, u_open_q, u_req_q, u_choose_q;
  logic                   u_push_q, u_pop_q, u_replay_take_q, u_explore_q, u_freezing_q, u_thaw_test_q;
  logic [GroupW-1:0]      u_group_q;
  logic [15:0]            u_ev_q, u_rr_ev_q;
  logic [BufBitsMax-1:0]  u_slot_idx_q;   // the slot a request reads: the oldest (reuse) or replay's
  logic [7:0]             u_rr_step_q;
  logic [PsnWidth-1:0]    u_psn_q;
  logic [TsWidth-1:0]     u_freeze_start_q;
  logic [6:0]             u_thaw_borrows_q;
  logic [WindowWidth-1:0] u_window_left_q;
  logic                   u_explore_kept_q, u_in_window_kept_q;
  uet_lb_pkg::decision_e  u_decision_q;
  logic [TrackerEntries-1:0] u_trk_oh_q;
  cache_t                 u_cache_q;      // the group's cache as stage P read it
  logic [GrpBits-1:0]     u_wdata, u_wdata_q;  // stage U's state to write back (second cycle), kept
  logic [15:0]            slot_rdata;     // the slot RAM's read data (stage U's second cycle)
  logic [15:0]            u_rsp_ev;       // stage U's response EV (second cycle)

  // ---------------------------------------------------------------------------------------------
  // Stage A: accept one event at the end of a beat into registers, with its time and the parts of its
  // early-failure deadline (now_i + M x base RTT: the low half's sum and the high half's for either
  // carry, three carry chains side by side); no other logic lies between the ports and stage A. Stage A
  // is free when empty or when its event moves on to stage W at the end of this beat. rdy_q says so in
  // the second cycle of a beat, when the streams may hand over (it is 0 in the first cycle).
  logic                   a_valid_q, a_retx_q, rdy_q, rdy_d;
  logic [1:0]             a_kind_q;
  logic [GroupW-1:0]      a_group_q;
  uet_lb_pkg::fb_kind_e   a_fb_kind_q;
  logic [15:0]            a_ev_q;         // feedback EV, or the open's local port
  logic [PsnWidth-1:0]    a_psn_q;
  logic [TsWidth-1:0]     a_time_q;
  logic [16:0]            a_dl_lo_q;      // {carry, low half} of now + span (left-aligned to 32 bits)
  logic [15:0]            a_dl_hi0_q, a_dl_hi1_q;  // the high half for a carry of 0 and of 1
  logic [TsWidth-1:0]     a_deadline_m;   // the deadline, joined in the first cycle
  logic                   open_acc, fb_acc, req_acc;

  // M x base RTT in registered steps, each one carry chain between registers (no multiplier block):
  // base RTT and 3 x base RTT; the four multiples chosen by 2-bit digits of M; two sums of two of them;
  // their sum in two halves (the low half and its carry, then the high half). base_rtt_i reaches span_q
  // five edges after it changes (regs::kPipeSpanDelay in the testbench), M four after its write applies.
  localparam int unsigned RttW  = BaseRttWidth;
  localparam int unsigned SpanW = RttW + 8;
  localparam int unsigned SpanLoW = SpanW / 2;
  function automatic logic [RttW+1:0] rtt_times(input logic [1:0] d, input logic [RttW-1:0] r,
                                                input logic [RttW+1:0] r3);
    unique case (d)
      2'd0:    rtt_times = '0;
      2'd1:    rtt_times = (RttW + 2)'(r);
      2'd2:    rtt_times = (RttW + 2)'({r, 1'b0});
      default: rtt_times = r3;
    endcase
  endfunction
  logic [RttW-1:0]        rtt_q;
  logic [RttW+1:0]        rtt3_q;
  logic [RttW+1:0]        rtt_m0_q, rtt_m1_q, rtt_m2_q, rtt_m3_q;  // base RTT x digit k of M
  logic [RttW+3:0]        span_lo_q, span_hi_q;  // base RTT x M[3:0], base RTT x M[7:4]
  logic [SpanLoW:0]       span_a_q;              // {carry, low half} of the sum
  logic [SpanW-SpanLoW-1:0] span_b_hi_q, span_c_hi_q;
  logic [SpanW-1:0]       span_q;
  always_ff @(posedge clk_i) begin
    logic [SpanW-1:0] b, c;
    rtt_q       <= base_rtt_i;
    rtt3_q      <= (RttW + 2)'(base_rtt_i) + (RttW + 2)'({base_rtt_i, 1'b0});
    rtt_m0_q    <= rtt_times(cfg_mult[1:0], rtt_q, rtt3_q);
    rtt_m1_q    <= rtt_times(cfg_mult[3:2], rtt_q, rtt3_q);
    rtt_m2_q    <= rtt_times(cfg_mult[5:4], rtt_q, rtt3_q);
    rtt_m3_q    <= rtt_times(cfg_mult[7:6], rtt_q, rtt3_q);
    span_lo_q   <= (RttW + 4)'(rtt_m0_q) + (RttW + 4)'({rtt_m1_q, 2'b00});
    span_hi_q   <= (RttW + 4)'(rtt_m2_q) + (RttW + 4)'({rtt_m3_q, 2'b00});
    b            = SpanW'(span_lo_q);
    c            = SpanW'({span_hi_q, 4'b0000});
    span_a_q    <= (SpanLoW + 1)'(b[SpanLoW-1:0]) + (SpanLoW + 1)'(c[SpanLoW-1:0]);
    span_b_hi_q <= b[SpanW-1:SpanLoW];
    span_c_hi_q <= c[SpanW-1:SpanLoW];
    span_q      <= {span_b_hi_q + span_c_hi_q + (SpanW - SpanLoW)'(span_a_q[SpanLoW]), span_a_q[SpanLoW-1:0]};
  end

  // The deadline's parts: now_i + span_q on timestamps left-aligned to 32 bits, in halves.
  logic [31:0] now32, span32;
  assign now32  = uet_lb_pkg::ts_align(32'(now_i), TsWidth);
  assign span32 = uet_lb_pkg::ts_align(32'(span_q), TsWidth);

  assign open_ready_o = rdy_q;
  assign fb_ready_o   = rdy_q && !open_valid_i;
  assign req_ready_o  = rdy_q && !open_valid_i && !fb_valid_i;
  assign open_acc     = open_valid_i && open_ready_o;
  assign fb_acc       = fb_valid_i && fb_ready_o;
  assign req_acc      = req_valid_i && req_ready_o;

  // rdy_q is 1 only in the second cycle of a beat (so the enable of stage A is rdy_q itself).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rdy_q <= 1'b0;
    end else begin
      rdy_q <= !ph_q && rdy_d;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
    end else if (rdy_q) begin
      a_valid_q <= open_acc || fb_acc || req_acc;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rdy_q) begin
      a_time_q     <= now_i;
      a_dl_lo_q    <= {1'b0, now32[15:0]} + {1'b0, span32[15:0]};
      a_dl_hi0_q   <= now32[31:16] + span32[31:16];
      a_dl_hi1_q   <= now32[31:16] + span32[31:16] + 16'd1;
      a_fb_kind_q  <= fb_kind_i;
      a_retx_q     <= req_retx_i;
      if (open_valid_i) begin
        a_kind_q  <= K_OPEN;
        a_group_q <= open_group_i;
        a_psn_q   <= '0;
        a_ev_q    <= open_port_i;
      end else if (fb_valid_i) begin
        a_kind_q  <= K_FB;
        a_group_q <= fb_group_i;
        a_psn_q   <= fb_psn_i;
        a_ev_q    <= fb_ev_i;
      end else begin
        a_kind_q  <= K_REQ;
        a_group_q <= req_group_i;
        a_psn_q   <= req_psn_i;
        a_ev_q    <= 16'd0;
      end
    end
  end
  logic [31:0] a_deadline32;
  assign a_deadline32 = {a_dl_lo_q[16] ? a_dl_hi1_q : a_dl_hi0_q, a_dl_lo_q[15:0]};
  always_ff @(posedge clk_i) a_deadline_m <= a_deadline32[31 -: TsWidth];

  // ---------------------------------------------------------------------------------------------
  // Stage W: the event waiting to issue, taken from stage A at the end of a beat when stage W is empty
  // or its event issues (move_m). Issue: an early failure, else the event in stage W.
  logic                   w_valid_q, w_retx_q, w_req_q, w_in_range_q;
  logic [1:0]             w_kind_q;
  logic [GroupW-1:0]      w_group_q;
  uet_lb_pkg::fb_kind_e   w_fb_kind_q;
  logic [15:0]            w_ev_q;
  logic [PsnWidth-1:0]    w_psn_q;
  logic [TsWidth-1:0]     w_time_q, w_deadline_n_q;  // (the deadline inverted, as the tracker keeps it)
  logic                   w_removes_q;    // an open, or a feedback that clears its (group, psn)
  // This beat's decisions, made in its first cycle from registers and held in mid registers.
  logic                   issue_m, fire_m, move_m, issue_d, fire_d, move_d, reg_blk;
  logic                   we_prev_q, we_prev2_q;  // a register write was taken one, two cycles before

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      w_valid_q <= 1'b0;
    end else if (ph_q && move_m) begin
      w_valid_q <= a_valid_q;
    end
  end
  logic a_in_range;
  if (NumGroups == (1 << GroupW)) begin : g_pow2
    assign a_in_range = 1'b1;
  end else begin : g_range
    assign a_in_range = 32'(a_group_q) < NumGroups;
  end
  always_ff @(posedge clk_i) begin
    if (ph_q && move_m) begin
      w_kind_q     <= a_kind_q;
      w_req_q      <= a_kind_q == K_REQ;
      w_removes_q  <= a_kind_q == K_OPEN || (a_kind_q == K_FB && a_fb_kind_q != uet_lb_pkg::FB_RTO);
      w_group_q    <= a_group_q;
      w_in_range_q <= a_in_range;
      w_fb_kind_q  <= a_fb_kind_q;
      w_ev_q       <= a_ev_q;
      w_psn_q      <= a_psn_q;
      w_retx_q     <= a_retx_q;
      w_time_q     <= a_time_q;
      w_deadline_n_q <= ~a_deadline_m;
    end
  end

  logic                trk_due, trk_pick_any, trk_expired, trk_untracked, trk_tracked;
  logic [GroupW-1:0]   trk_group;
  logic [PsnWidth-1:0] trk_psn;
  logic [15:0]         trk_ev;
  logic [TsWidth-1:0]  trk_deadline;
  logic [TrackerEntries-1:0] trk_alloc_oh;
  logic                prng_ready, prng_ready_next, rsp_pop;
  logic [2:0]          rsp_count_q;
  logic                w_open, w_fb;
  logic                blk_q, blk_d, req_ok_q, req_ok_d, fire_en_q, fire_en_d;
  logic                open_go, fb_go, req_go, open_ok, fb_apply, req_apply;
  logic                w_group_open_q;

  assign w_open = w_valid_q && w_kind_q == K_OPEN;
  assign w_fb   = w_valid_q && w_kind_q == K_FB;
  // The first cycle's decisions read registers only, each computed in the beat before:
  //   trk_due      - the tracker's flag: an entry may be past the time of stage W's event, so early
  //                  failures go first;
  //   blk_q        - stage P holds an event of this event's group (its state is not written back yet;
  //                  stage U's is forwarded);
  //   req_ok_q     - a request's response will find room in the response queue, the PRNG's draw queue
  //                  is full (only REPS draws from it, so under None and Default Packet Spraying a request
  //                  need not wait for it; SPRAY_TYPE cannot change while a group is open), and no
  //                  re-seed or new set size is on its way to it;
  //   fire_en_q    - an early failure may issue: stage P will be empty and holds no tracked request
  //                  whose entropy value is not yet in the tracker;
  //   reg_blk      - a register write applies in this beat (taken in its first cycle or in the two
  //                  before; a CTRL clear reaches the state a cycle after the write applies): nothing
  //                  issues, fires or moves while the configuration changes.
  assign reg_blk = we_prev2_q || we_prev_q || reg_we_i;
  assign fire_d  = fire_en_q && trk_pick_any && !reg_blk;
  assign issue_d = w_valid_q && !trk_due && !blk_q && (!w_req_q || req_ok_q) && !reg_blk;
  assign move_d  = (!w_valid_q || issue_d) && !reg_blk;
  assign rdy_d   = !a_valid_q || move_d;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      we_prev_q <= 1'b0;
      we_prev2_q <= 1'b0;
      issue_m   <= 1'b0;
      fire_m    <= 1'b0;
      move_m    <= 1'b0;
    end else begin
      we_prev_q <= reg_we_i;
      we_prev2_q <= we_prev_q;
      issue_m   <= issue_d;
      fire_m    <= fire_d;
      move_m    <= move_d;
    end
  end

  assign open_go   = ph_q && w_open && issue_m;
  assign fb_go     = ph_q && w_fb && issue_m;
  assign req_go    = ph_q && w_req_q && w_valid_q && issue_m;
  assign open_ok   = open_go && w_in_range_q;
  assign fb_apply  = fb_go && w_group_open_q;
  assign req_apply = req_go && w_group_open_q;
  // A request of an open group is tracked under REPS with a non-zero multiplier (efd_on) when it issues.
  logic w_alloc;
  assign w_alloc = w_valid_q && w_req_q && w_group_open_q && efd_on;

  // Group comparisons for next beat's block, made in the first cycle: stage A's event against stage W's
  // group (stage W's event is in stage P next beat if it issues now, and stage A's in stage W).
  logic a_meets_w_m;
  always_ff @(posedge clk_i) a_meets_w_m <= a_valid_q && a_kind_q != K_OPEN && a_group_q == w_group_q;
  // Next beat's block: if stage W's event issues now, stage A's event (then in W) waits if it names the
  // same group (an open reads nothing, so it never waits); if an early failure issues, stage W's next
  // event waits a beat whatever its group; else stage P is empty next beat.
  assign blk_d = issue_m ? a_meets_w_m : fire_m;
  // Next beat's room for a response: the queue now, plus the responses of the requests in stages P and
  // U and of the request issuing now (pushed at the end of the beats to come), must leave room for one
  // more; no response taken is assumed.
  // The room is made in the first cycle for each case of the second (a request issuing now or not, a
  // response taken in the second cycle or not), from the queue as it will be in the second cycle (after
  // this cycle's pop and the count of a response pushed at the last beat's end), and the second picks
  // one: a response taken in the second cycle makes room, one taken later is not counted on. A table of
  // the bits involved (no adder on the path). The PRNG's flags too: a re-seed or new size applied in the
  // second cycle holds requests from the beat after, before its delivery.
  function automatic logic [511:0] room_tables();
    int count, next;
    room_tables = '0;
    for (int c = 0; c < 8; c++) begin      // c = {a request in stage P, issuing, popping}
      for (int k = 0; k < 64; k++) begin   // k = {count[2:0], rsp_push_q, a response taken now, U's}
        count = (k >> 3) + ((k >> 2) & 1) - (((k >> 1) & 1) != 0 && (k >> 3) != 0 ? 1 : 0);
        next  = count + (k & 1) + ((c >> 2) & 1) + ((c >> 1) & 1) - ((c & 1) != 0 && count != 0 ? 1 : 0);
        room_tables[64 * c + k] = next <= 3;
      end
    end
  endfunction
  localparam logic [511:0] RoomTables = room_tables();
  logic [3:0] room_m;    // [{issuing, popping}]
  logic       prng_ok_m;
  logic [5:0] room_idx;
  assign room_idx = {rsp_count_q, rsp_push_q, rsp_valid_o && rsp_ready_i, u_valid_q && u_req_q};
  always_ff @(posedge clk_i) begin
    for (int c = 0; c < 4; c++) room_m[c] <= RoomTables[64 * ((p_valid_q && p_req_q ? 4 : 0) + c) + 32'(room_idx)];
    prng_ok_m <= !seed_we && !size_we && !seed_pend_q && !size_pend_q && !seed_go_q && !size_go_q
                 && (prng_ready_next || cfg_spray != uet_lb_pkg::SPRAY_REPS);
  end
  assign req_ok_d = room_m[{issue_m && w_req_q, rsp_valid_o && rsp_ready_i}] && prng_ok_m;
  // An early failure issues next beat only if stages P and U are then empty (it reads its group's state)
  // and no tracked request's entropy value is still on its way into the tracker (it goes in a cycle after
  // the request leaves stage U).
  assign fire_en_d = !issue_m && !fire_m && !p_valid_q && !(u_valid_q && u_req_q && u_tracked_q);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      blk_q     <= 1'b0;
      req_ok_q  <= 1'b0;
      fire_en_q <= 1'b0;
    end else if (ph_q) begin
      blk_q     <= blk_d;
      req_ok_q  <= req_ok_d;
      fire_en_q <= fire_en_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Open bits. One bit among NumGroups flip-flops, chosen by a registered group, is a NumGroups-to-1
  // multiplexer: at 1,024 groups it alone takes 5 LUT levels in the UltraScale+ netlist. So with OpenRam
  // (the default above 256 groups) the bits are kept as OpenRows words of 16 bits in a RAM read
  // asynchronously (LUT RAM on parts that have it), and a valid flip-flop per word says whether the
  // word was written since reset or the last CTRL clear. Without OpenRam the same logic has a single
  // word of NumGroups bits, which synthesis keeps in flip-flops. Reset and the clear zero the valid bits
  // only; the first open of a word after them writes the word with only its own bit set, later ones read
  // the word (a second read port) and write it back with their bit added. The RAM needs no reset and no
  // sweep, and its contents before the first write do not matter (formal starts them arbitrary, the
  // 40-group block test random).
  function automatic logic [OpenIdxW-1:0] open_row(input logic [GroupW-1:0] g);
    open_row = (OpenRowW == 0) ? '0 : OpenIdxW'(g >> OpenColW);
  endfunction

  logic [OpenIdxW-1:0]    a_open_row, w_open_row;
  logic [OpenRowBits-1:0] a_open_word, w_open_word, w_open_new;
  logic                   a_open_m, a_eq_w_m;
  assign a_open_row  = open_row(a_group_q);
  assign w_open_row  = open_row(w_group_q);
  assign a_open_word = open_mem_q[a_open_row];
  assign w_open_word = open_mem_q[w_open_row];
  // Stage A's group's open bit: the word's bits at the group's low column bits (one for each value of
  // the high ones) in the first cycle, the one of them the high bits name in the second; and the group's
  // comparison with stage W's.
  localparam int unsigned ColLoW   = OpenColW / 2;
  localparam int unsigned ColHiW   = OpenColW - ColLoW;
  localparam int unsigned ColParts = 1 << ColHiW;
  logic [ColParts-1:0] a_open_part_m;
  logic                a_open_rv_m;
  always_ff @(posedge clk_i) begin
    for (int h = 0; h < ColParts; h++) begin
      a_open_part_m[h] <= a_open_word[(h << ColLoW) | ((ColLoW > 0) ? 32'(a_group_q) % (1 << ColLoW) : 0)];
    end
    a_open_rv_m <= a_in_range && open_rv_q[a_open_row];
    a_eq_w_m    <= a_group_q == w_group_q;
  end
  assign a_open_m = a_open_rv_m && a_open_part_m[32'(a_group_q[OpenColW-1:0]) >> ColLoW];

  // An open in stage W writes its word as it issues (made in the first cycle); a clear in the same cycle
  // wins (it zeroes the valid bits). Written on whole words (a decoder each, no loop).
  always_ff @(posedge clk_i) begin
    w_open_new <= (open_rv_q[w_open_row] ? w_open_word : '0) | (OpenRowBits'(1) << w_group_q[OpenColW-1:0]);
  end
  assign open_rv_d  = clear_groups ? '0 : open_rv_q | (open_ok ? OpenRows'(1) << w_open_row : '0);
  always_ff @(posedge clk_i) begin
    if (open_ok) open_mem_q[w_open_row] <= w_open_new;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      open_rv_q <= '0;
    end else begin
      open_rv_q <= open_rv_d;
    end
  end

  // Whether stage W's event's group is open, looked up from stage A as the event moves to stage W, so
  // the issue reads one register. The open bits change in only two ways: an open issuing from stage W
  // (hence the bypass: the event then moves to stage W at the same edge) and a CTRL clear, which clears
  // the copy too (no event moves in a beat in which a write applies). The copy is exact for the events
  // that use it (feedback and requests; asserted below).
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_groups) begin
      w_group_open_q <= 1'b0;
    end else if (ph_q && move_m) begin
      w_group_open_q <= a_open_m || (open_go && a_eq_w_m && a_in_range);
    end
  end

  // Entries of an unopened group do not exist (an entry is taken only for an open group, and only a
  // CTRL clear, which flushes the tracker, closes groups), so the tracker's marks need not know whether
  // a feedback's group is open: a feedback for an unopened group matches nothing.
  logic                      ev_we;
  uet_lb_efd_tracker_pipe #(
    .Entries (TrackerEntries), .GroupW (GroupW), .PsnWidth (PsnWidth), .TsWidth (TsWidth),
    .SplitCarry (SplitCarry)
  ) u_tracker (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .ph_i             (ph_q),
    .flush_i          (clear_groups),
    .a_time_i         (a_time_q),
    .a_deadline_i     (a_deadline_m),
    .a_drop_i         (a_valid_q && a_kind_q == K_OPEN),
    .a_clear_i        (a_valid_q && a_kind_q == K_FB && a_fb_kind_q != uet_lb_pkg::FB_RTO),
    .a_group_i        (a_group_q),
    .a_psn_i          (a_psn_q),
    .w_valid_i        (w_valid_q),
    .w_alloc_i        (w_alloc),
    .w_remove_i       (w_removes_q),
    .w_deadline_n_i   (w_deadline_n_q),
    .w_group_i        (w_group_q),
    .w_psn_i          (w_psn_q),
    .move_i           (move_m),
    .fire_i           (fire_m),
    .issue_i          (issue_m),
    .issue_next_i     (issue_d),
    .tracked_o        (trk_tracked),
    .untracked_o      (trk_untracked),
    .alloc_oh_o       (trk_alloc_oh),
    .ev_we_i          (ev_we),
    .ev_oh_i          (ev_oh_q),
    .ev_i             (u_ev_out_q),
    .pick_any_o       (trk_pick_any),
    .fire_group_o     (trk_group),
    .fire_psn_o       (trk_psn),
    .fire_ev_o        (trk_ev),
    .fire_deadline_o  (trk_deadline),
    .due_o            (trk_due),
    .expired_o        (trk_expired),
    .count_o          (efd_tracked_o)
  );
  // The counters count a cycle after the beat's end (one pulse a beat at most).
  logic inc_fb_q, inc_efd_q, inc_req_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      inc_fb_q  <= 1'b0;
      inc_efd_q <= 1'b0;
      inc_req_q <= 1'b0;
    end else begin
      inc_fb_q  <= fb_go && !w_group_open_q;
      inc_efd_q <= ph_q && trk_untracked;
      inc_req_q <= req_go && !w_group_open_q;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Issue at the end of the beat: stage P takes the early failure or stage W's event. The state RAM
  // reads its group at that edge (the address below, in the second cycle), and where stage U writes the
  // same group at that edge, stage P takes stage U's write data instead (p_fwd_q).
  logic [GroupW-1:0] rd_group;
  logic              fwd_m;  // stage U writes stage W's group at this beat's end
  assign rd_group = fire_m ? trk_group : w_group_q;
  always_ff @(posedge clk_i) fwd_m <= u_valid_q && u_write_q && u_group_q == w_group_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      p_valid_q <= 1'b0;
    end else if (ph_q) begin
      p_valid_q <= issue_m || fire_m;
    end
  end
  // {now < FreezingTimeout, (now - FreezingTimeout) mod 2^TsWidth} at stage W's time, in the first
  // cycle as the low half's difference and the high half's for either borrow (three chains side by
  // side), joined in the second.
  logic [31:0] w_time32, timeout32;
  logic [16:0] tlt_lo_m, tlt_hi0_m, tlt_hi1_m;
  assign w_time32  = uet_lb_pkg::ts_align(32'(w_time_q), TsWidth);
  assign timeout32 = uet_lb_pkg::ts_align(32'(cfg_timeout), TsWidth);
  // (FreezingTimeout is kept inverted, a cycle behind the register, so the chains add two registers.)
  logic [31:0] timeout32_n_q;
  always_ff @(posedge clk_i) timeout32_n_q <= ~timeout32;
  always_ff @(posedge clk_i) begin
    tlt_lo_m  <= {1'b0, w_time32[15:0]} + {1'b0, timeout32_n_q[15:0]} + 17'd1;
    tlt_hi0_m <= {1'b0, w_time32[31:16]} + {1'b0, timeout32_n_q[31:16]} + 17'd1;
    tlt_hi1_m <= {1'b0, w_time32[31:16]} + {1'b0, timeout32_n_q[31:16]};
  end
  logic [32:0]      time_diff32;
  logic [TsWidth:0] time_less_timeout;
  // (Each part's bit 16 is a carry out, the inverse of the borrow: a carry from the low half selects the
  // high half with no borrow in.)
  assign time_diff32       = tlt_lo_m[16] ? {!tlt_hi0_m[16], tlt_hi0_m[15:0], tlt_lo_m[15:0]}
                                          : {!tlt_hi1_m[16], tlt_hi1_m[15:0], tlt_lo_m[15:0]};
  assign time_less_timeout = {time_diff32[32], time_diff32[31 -: TsWidth]};
  logic unused_ts_pad;  // below TsWidth 32, the aligned parts' and difference's low bits (zero)
  assign unused_ts_pad = ^{a_deadline32, time_diff32, now32, span32};
  always_ff @(posedge clk_i) begin
    if (ph_q) begin
      p_write_q   <= fire_m || open_ok || fb_apply || req_apply;
      p_open_q    <= !fire_m && w_kind_q == K_OPEN;
      p_req_q     <= !fire_m && w_req_q;
      p_failure_q <= fire_m || (fb_apply && w_fb_kind_q == uet_lb_pkg::FB_RTO);
      p_recycle_q <= fb_apply && (w_fb_kind_q == uet_lb_pkg::FB_ACK || w_fb_kind_q == uet_lb_pkg::FB_NACK_TRIM_LAST_HOP);
      p_choose_q  <= req_apply;
      p_tracked_q <= trk_tracked;
      p_trk_oh_q  <= trk_alloc_oh;
      p_time_q    <= fire_m ? trk_deadline : w_time_q;
      p_time_less_timeout_q <= time_less_timeout;  // (used by a recycle only)
      p_time_n_q  <= ~(fire_m ? trk_deadline : w_time_q);
      p_less_n_q  <= ~time_less_timeout[TsWidth-1:0];
      p_retx_q    <= w_retx_q;
      p_group_q   <= rd_group;
      p_psn_q     <= fire_m ? trk_psn : w_psn_q;
      p_ev_q      <= fire_m ? trk_ev : w_ev_q;
      p_fwd_q     <= !fire_m && fwd_m;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Group state RAM: one synchronous read (address rd_group; the data of the read at the end of a beat
  // is the state stage P needs), one write at the end of stage U's beat. A read and a write of one
  // group at the same edge return the old data; stage P then takes the write data (p_fwd_q). No reset:
  // an open writes the group's initial state.
  logic [GrpBits-1:0] mem_q [NumGroups];
  logic               wr_en;

  always_ff @(posedge clk_i) begin
    rd_q <= mem_q[rd_group];
  end
  always_ff @(posedge clk_i) begin
    if (wr_en) mem_q[u_group_q] <= u_wdata;
  end
  // Stage P's first cycle: the state read, or stage U's write of it (kept at the end of the last beat).
  always_ff @(posedge clk_i) p_state_m <= p_fwd_q ? u_wdata_q : rd_q;

  // ---------------------------------------------------------------------------------------------
  // Stage P's second cycle: the first half of the group update (uet_lb_group_look) on the state.
  grp_t                  p_in, u_out;
  cache_t                s_open_cache;  // the cache part of a group's state when it is opened
  always_comb begin
    s_open_cache             = '0;
    s_open_cache.aux = (cfg_spray == uet_lb_pkg::SPRAY_NONE) ? p_ev_q : 16'd0;
  end
  logic [15:0]           r_ev, prng_value, p_rr_ev;
  logic [SlotsMax*16-1:0] p_slots, u_slots, u_slots_out;  // slot 0 as aux, the others unused here
  logic [15:0]           unused_p_oldest_ev, unused_p_replay_ev;  // (read from the slot RAM in stage U)
  logic [SlotsMax*16-16-1:0] unused_slots_out;
  assign p_slots = (SlotsMax * 16)'(p_in.cache.aux);
  assign u_slots = (SlotsMax * 16)'(u_cache_q.aux);
  logic [7:0]            p_rr_step;
  uet_lb_pkg::decision_e p_decision;
  logic                  p_push, p_pop, p_replay_take, p_explore, p_freezing, p_thaw_test, p_explore_kept;
  logic                  p_in_window_kept;
  logic [TsWidth-1:0]    p_freeze_start;
  logic [6:0]            p_thaw_borrows;
  logic [WindowWidth-1:0] p_window_left;
  assign p_in = p_state_m;

  uet_lb_group_look #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_look (
    .spray_type_i (cfg_spray), .span_mask_i (cfg_span), .start_port_i (cfg_port), .buf_bits_i (cfg_buf),
    .window_i (cfg_window),
    // (the event's flags count in the beat's second cycle only, when p_state_m holds its state)
    .now_i (p_time_q), .now_less_timeout_i (p_time_less_timeout_q), .now_n_i (p_time_n_q),
    .now_less_timeout_n_i (p_less_n_q), .failure_i (ph_q && p_failure_q && p_valid_q),
    .recycle_i (ph_q && p_recycle_q && p_valid_q), .choose_i (ph_q && p_choose_q && p_valid_q),
    .slots_i (p_slots), .wr_i (p_in.cache.wr), .rd_i (p_in.cache.rd), .full_i (p_in.cache.full),
    .wrapped_i (p_in.cache.wrapped), .replay_i (p_in.cache.replay), .freezing_i (p_in.freezing), .freeze_start_i (p_in.freeze_start),
    .window_left_i (p_in.window_left), .nonempty_i (p_in.nonempty), .written_i (p_in.written),
    .explore_i (p_in.explore), .in_window_i (p_in.in_window),
    .freezing_o (p_freezing), .freeze_start_o (p_freeze_start), .window_left_o (p_window_left),
    .thaw_test_o (p_thaw_test), .thaw_borrows_o (p_thaw_borrows),
    .push_o (p_push), .pop_o (p_pop), .replay_take_o (p_replay_take), .explore_o (p_explore),
    .explore_kept_o (p_explore_kept), .in_window_kept_o (p_in_window_kept),
    .decision_o (p_decision), .oldest_ev_o (unused_p_oldest_ev), .replay_ev_o (unused_p_replay_ev), .rr_ev_o (p_rr_ev),
    .rr_step_o (p_rr_step)
  );

  // Stage U's controls are reset (they come from stage P's flags, which are not).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      u_valid_q       <= 1'b0;
      u_req_q         <= 1'b0;
      u_write_q       <= 1'b0;
      u_choose_q      <= 1'b0;
      u_push_q        <= 1'b0;
      u_pop_q         <= 1'b0;
      u_replay_take_q <= 1'b0;
      u_explore_q     <= 1'b0;
      u_thaw_test_q   <= 1'b0;
    end else if (ph_q) begin
      u_valid_q       <= p_valid_q;
      u_req_q         <= p_valid_q && p_req_q;
      u_write_q       <= p_valid_q && p_write_q;
      u_choose_q      <= p_valid_q && p_choose_q;
      u_push_q        <= p_push;
      u_pop_q         <= p_pop;
      u_replay_take_q <= p_replay_take;
      u_explore_q     <= p_explore;
      u_thaw_test_q   <= p_thaw_test;
    end
  end
  always_ff @(posedge clk_i) begin
    if (ph_q) begin
      u_open_q         <= p_open_q;
      u_tracked_q      <= p_tracked_q;
      u_trk_oh_q       <= p_trk_oh_q;
      u_retx_q         <= p_retx_q;
      u_group_q        <= p_group_q;
      u_psn_q          <= p_psn_q;
      u_ev_q           <= p_ev_q;
      u_cache_q        <= p_open_q ? s_open_cache : p_in.cache;
      u_decision_q     <= p_decision;
      u_slot_idx_q     <= p_pop ? p_in.cache.rd : p_in.cache.replay;
      u_rr_ev_q        <= p_rr_ev;
      u_rr_step_q      <= p_rr_step;
      u_freezing_q     <= p_freezing;
      u_freeze_start_q <= p_freeze_start;
      u_thaw_borrows_q <= p_thaw_borrows;
      u_window_left_q  <= p_window_left;
      u_explore_kept_q <= p_explore_kept;
      u_in_window_kept_q <= p_in_window_kept;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Stage U: the second half (uet_lb_group_apply, cut in two: its operations in the first cycle, the
  // state they make in the second) and the response's entropy value (first cycle, into a mid register).
  // An open (no cache operation) writes the initial state: its cache part was put in u_cache_q in its
  // place, the rest is zero. At the beat's end the RAM is written, the response pushed and a tracked
  // request's entropy value written into its tracker entry.
  // The explore fact of a window just opened, from the configuration (W and B), two cycles after it
  // changes (the configuration is written while the core is idle): W > 0, and W mod 2^B == 1 mod 2^B,
  // a test of W's low BufBitsMax bits only (B <= BufBitsMax).
  logic                  w_nonzero_q, w_low_one_q, explore_w_q;
  logic [BufBitsMax-1:0] w_kmask, w_low;
  always_comb begin
    for (int k = 0; k < BufBitsMax; k++) begin
      w_kmask[k] = cfg_buf > 5'(k);
      w_low[k]   = (k < WindowWidth) ? cfg_window[k % WindowWidth] : 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    w_nonzero_q <= cfg_window != '0;
    w_low_one_q <= (w_low & w_kmask) == (BufBitsMax'(1) & w_kmask);
    explore_w_q <= w_nonzero_q && w_low_one_q;
  end

  logic                   u_freezing_out, u_explore_out, u_in_window_out;
  logic [WindowWidth-1:0] u_window_left_out;
  uet_lb_group_apply #(.BufBitsMax(BufBitsMax), .WindowWidth(WindowWidth), .Cut(1'b1)) u_apply (
    .clk_i (clk_i), .spray_type_i (cfg_spray), .buf_bits_i (cfg_buf), .window_i (cfg_window),
    .thaw_test_i (u_thaw_test_q), .thaw_borrows_i (u_thaw_borrows_q), .freezing_i (u_freezing_q),
    .window_left_i (u_window_left_q), .explore_kept_i (u_explore_kept_q), .explore_opened_i (explore_w_q),
    .in_window_kept_i (u_in_window_kept_q), .in_window_opened_i (w_nonzero_q),
    .freezing_o (u_freezing_out), .window_left_o (u_window_left_out),
    .choose_i (u_choose_q), .recycle_ev_i (u_ev_q),
    .push_i (u_push_q), .pop_i (u_pop_q), .replay_take_i (u_replay_take_q), .decision_i (u_decision_q),
    .oldest_ev_i (slot_rdata), .replay_ev_i (slot_rdata), .rr_ev_i (u_rr_ev_q), .rr_step_i (u_rr_step_q),
    .explore_ev_i (prng_value),
    .slots_i (u_slots), .wr_i (u_cache_q.wr), .rd_i (u_cache_q.rd), .full_i (u_cache_q.full),
    .wrapped_i (u_cache_q.wrapped), .replay_i (u_cache_q.replay),
    .slots_o (u_slots_out), .wr_o (u_out.cache.wr), .rd_o (u_out.cache.rd), .full_o (u_out.cache.full),
    .wrapped_o (u_out.cache.wrapped), .replay_o (u_out.cache.replay),
    .nonempty_o (u_out.nonempty), .written_o (u_out.written), .explore_o (u_explore_out),
    .in_window_o (u_in_window_out), .ev_o (r_ev)
  );
  assign u_out.freezing     = u_freezing_out && !u_open_q;
  assign u_out.freeze_start = u_open_q ? '0 : u_freeze_start_q;
  assign u_out.window_left  = u_open_q ? '0 : u_window_left_out;
  assign u_out.explore      = u_explore_out && !u_open_q;  // (an open's empty cache gives the other two)
  assign u_out.in_window    = u_in_window_out && !u_open_q;

  // The state to write back is u_out in the second cycle (the operations' results from the first, then
  // a LUT or two); it is kept in u_wdata_q at the beat's end for stage P's forwarding.
  assign u_wdata = GrpBits'(u_out);
  always_ff @(posedge clk_i) begin
    if (ph_q) u_wdata_q <= u_wdata;
  end
  assign {unused_slots_out, u_out.cache.aux} = u_slots_out;  // (slot 0 under None and Default)
  assign u_rsp_ev = u_choose_q ? r_ev : 16'd0;  // (second cycle: a reuse or a replay reads the slot RAM)
  assign wr_en = ph_q && u_write_q;

  // Slot RAM: the REPS caches' slots, slot k of group g at {g, k}. A request's slot (the oldest, or
  // replay's) is read in stage U's first cycle (its data in the second); a recycle writes slot wr at the
  // end of stage U's beat. A group's next event reads its slot at least a beat after that write (it waits
  // while the group is in stage P and reads in its own stage U), so the RAM needs no forwarding. No
  // reset: a slot is read only once written (the facts say so). A read at the edge of a write is never
  // used (reads that count are at the middle of a beat, writes at its end), so the RAM needs no
  // collision logic (no_rw_check).
  (* no_rw_check *) logic [15:0] slot_mem_q [NumGroups * SlotsMax];
  always_ff @(posedge clk_i) begin
    slot_rdata <= slot_mem_q[SlotW'({u_group_q, u_slot_idx_q})];
  end
  always_ff @(posedge clk_i) begin
    if (ph_q && u_write_q && u_push_q) slot_mem_q[SlotW'({u_group_q, u_cache_q.wr})] <= u_ev_q;
  end
  // A tracked request's entropy value goes into its tracker entry a cycle after stage U's beat.
  logic [TrackerEntries-1:0] ev_oh_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ev_we <= 1'b0;
    end else begin
      ev_we <= ph_q && u_req_q && u_tracked_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (ph_q) ev_oh_q <= u_trk_oh_q;
  end

  // A re-seed or a new set size (applied by the register block a cycle after the write) waits until no
  // request is in stage P or U, or issuing (a request in flight takes a draw of the old sequence), then
  // reaches the draw queue in the cycle after a beat's end. Requests do not issue meanwhile (req_ok_q),
  // and the queue's ready then holds them until it has refilled.
  logic        seed_pend_q, size_pend_q, seed_go_q, size_go_q, prng_go, prng_go_m;
  logic [31:0] seed_q;
  always_ff @(posedge clk_i) prng_go_m <= !(p_valid_q && p_req_q) && !(issue_d && w_req_q);
  assign prng_go = ph_q && prng_go_m;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seed_pend_q <= 1'b0;
      size_pend_q <= 1'b0;
      seed_go_q   <= 1'b0;
      size_go_q   <= 1'b0;
    end else begin
      seed_pend_q <= seed_we || (seed_pend_q && !prng_go);
      size_pend_q <= size_we || (size_pend_q && !prng_go);
      seed_go_q   <= seed_pend_q && prng_go && !seed_we;
      size_go_q   <= size_pend_q && prng_go && !size_we;
    end
  end
  always_ff @(posedge clk_i) begin
    if (seed_we) seed_q <= seed;
  end

  uet_lb_prng_pipe u_prng (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .seed_we_i  (seed_go_q),
    .seed_i     (seed_q),
    .step_next_i (!ph_q && u_explore_q),  // a step comes at the end of the beat
    .step_i     (ph_q && u_explore_q),
    .size_we_i  (size_go_q),
    .set_size_i (cfg_size),
    .ready_o    (prng_ready),
    .ready_next_o (prng_ready_next),
    .value_o    (prng_value),
    .state_o    (unused_prng_state)
  );

  // ---------------------------------------------------------------------------------------------
  // Response queue (4 entries): a request issues only when its response will find room, counting the
  // ones in stages P and U and assuming no response is taken meanwhile. A response is written in two
  // parts: its request's fields at the end of stage U's beat, its entropy value (which the slot RAM's
  // read data give in that beat's second cycle, so it is registered first: u_ev_out_q) a cycle later,
  // when it is counted (rsp_push_q). A pop in any cycle.
  localparam int unsigned RspBits = 3 + GroupW + PsnWidth + 1;
  logic [RspBits-1:0] rsp_mem_q [4];
  logic [15:0]        rsp_ev_mem_q [4];
  logic [1:0]         rsp_wp_q, rsp_rp_q, rsp_ev_wp_q;
  logic               rsp_push, rsp_push_q;
  logic [15:0]        u_ev_out_q;
  uet_lb_pkg::decision_e rsp_dec_d;

  assign rsp_push  = ph_q && u_req_q;
  assign rsp_pop   = rsp_valid_o && rsp_ready_i;
  assign rsp_dec_d = u_choose_q ? u_decision_q : uet_lb_pkg::DEC_FIXED;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rsp_wp_q    <= '0;
      rsp_rp_q    <= '0;
      rsp_count_q <= '0;
      rsp_push_q  <= 1'b0;
    end else begin
      if (rsp_push) rsp_wp_q <= rsp_wp_q + 2'd1;
      if (rsp_pop) rsp_rp_q <= rsp_rp_q + 2'd1;
      rsp_push_q  <= rsp_push;
      rsp_count_q <= rsp_count_q + 3'(rsp_push_q) - 3'(rsp_pop);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rsp_push) begin
      rsp_mem_q[rsp_wp_q] <= {rsp_dec_d, u_group_q, u_psn_q, u_retx_q};
      rsp_ev_wp_q         <= rsp_wp_q;
    end
    if (ph_q) u_ev_out_q <= u_rsp_ev;
    if (rsp_push_q) rsp_ev_mem_q[rsp_ev_wp_q] <= u_ev_out_q;
  end
  assign rsp_valid_o = rsp_count_q != 3'd0;
  assign {rsp_decision_o, rsp_group_o, rsp_psn_o, rsp_retx_o} = rsp_mem_q[rsp_rp_q];
  assign rsp_ev_o = rsp_ev_mem_q[rsp_rp_q];

  // ---------------------------------------------------------------------------------------------
  // Registers.
  uet_lb_regs #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth),
    .TrackerEntries (TrackerEntries), .Pipelined (1'b1)
  ) u_regs (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .reg_we_i            (reg_we_i),
    .reg_addr_i          (reg_addr_i),
    .reg_wdata_i         (reg_wdata_i),
    .reg_rdata_o         (reg_rdata_o),
    .group_opened_i      (open_ok),
    .bad_open_i          (open_go && !w_in_range_q),
    .inc_fb_unopened_i   (inc_fb_q),
    .inc_efd_untracked_i (inc_efd_q),
    .inc_req_unopened_i  (inc_req_q),
    .in_flight_i         (a_valid_q || w_valid_q || p_valid_q || u_valid_q),
    .spray_type_o        (cfg_spray),
    .span_mask_o         (cfg_span),
    .start_port_o        (cfg_port),
    .buf_bits_o          (cfg_buf),
    .set_size_o          (cfg_size),
    .freeze_timeout_o    (cfg_timeout),
    .efd_mult_o          (cfg_mult),
    .window_o            (cfg_window),
    .seed_we_o           (seed_we),
    .seed_o              (seed),
    .size_we_o           (size_we),
    .efd_on_o            (efd_on),
    .clear_groups_o      (clear_groups),
    .active_o            (unused_active),
    .busy_o              (regs_busy)
  );

  assign idle_o = !a_valid_q && !w_valid_q && !p_valid_q && !u_valid_q && !inc_fb_q && !inc_efd_q && !inc_req_q
                  && !regs_busy && !seed_pend_q && !size_pend_q && !seed_go_q && !size_go_q && !rsp_push_q && !ev_we;

  // Early-failure observation (its fields are known at issue).
  logic efd_valid_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      efd_valid_q <= 1'b0;
    end else begin
      efd_valid_q <= ph_q && fire_m;
    end
  end
  always_ff @(posedge clk_i) begin
    if (ph_q && fire_m) begin
      efd_group_o <= trk_group;
      efd_psn_o   <= trk_psn;
      efd_ev_o    <= trk_ev;
      efd_time_o  <= trk_deadline;
    end
  end
  assign efd_valid_o = efd_valid_q;
  assign efd_due_o   = trk_expired;

  // ---------------------------------------------------------------------------------------------
  // Observation port: a second, asynchronous read of the state RAM.
  grp_t dbg;
  if (DbgPort) begin : g_dbg
    assign dbg                = mem_q[dbg_group_i];
    logic [OpenRowBits-1:0] dbg_open_word;
    assign dbg_open_word      = open_mem_q[open_row(dbg_group_i)];
    assign dbg_open_o         = open_rv_q[open_row(dbg_group_i)] && dbg_open_word[dbg_group_i[OpenColW-1:0]];
    assign dbg_count_o        = (BufBitsMax + 1)'(uet_lb_pkg::cache_count(16'(dbg.cache.wr), 16'(dbg.cache.rd), dbg.cache.full, cfg_buf));
    assign dbg_wr_o           = dbg.cache.wr;
    assign dbg_replay_o       = dbg.cache.replay;
    assign dbg_wrapped_o      = dbg.cache.wrapped;
    assign dbg_freezing_o     = dbg.freezing;
    assign dbg_freeze_start_o = dbg.freeze_start;
    assign dbg_window_left_o  = dbg.window_left;
    assign dbg_slot0_o        = cfg_spray == uet_lb_pkg::SPRAY_REPS ? slot_mem_q[SlotW'({dbg_group_i, BufBitsMax'(0)})]
                                                                    : dbg.cache.aux;
    logic unused_dbg_facts;  // derived from the fields above
    assign unused_dbg_facts   = ^{dbg.nonempty, dbg.written, dbg.explore, dbg.in_window};
  end else begin : g_no_dbg
    logic unused_dbg;
    assign dbg                = '0;
    assign unused_dbg         = ^{dbg_group_i, dbg};
    assign dbg_open_o         = 1'b0;
    assign dbg_count_o        = '0;
    assign dbg_wr_o           = '0;
    assign dbg_replay_o       = '0;
    assign dbg_wrapped_o      = 1'b0;
    assign dbg_freezing_o     = 1'b0;
    assign dbg_freeze_start_o = '0;
    assign dbg_window_left_o  = '0;
    assign dbg_slot0_o        = '0;
  end

  // ---------------------------------------------------------------------------------------------
  // Assertions (Verilator --assert and Yosys read_verilog -formal).
`ifndef SYNTHESIS
  logic past_valid_q, stall_q;
  logic [15:0] past_ev_q;
  always_ff @(posedge clk_i) begin
    past_valid_q <= rst_ni;
    stall_q      <= rsp_valid_o && !rsp_ready_i;
    past_ev_q    <= rsp_ev_o;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // One event a beat, and never one whose group stage P is about to write (stage U's is forwarded).
      if (ph_q) begin
        assert (32'(fire_m) + 32'(issue_m) <= 1);
        assert (!(p_valid_q && (fire_m || fb_go || req_go) && rd_group == p_group_q));
        assert (!(fire_m && p_valid_q));
        assert (!(u_explore_q && !prng_ready));  // an explore always finds a draw
      end
      assert (!rdy_q || ph_q);  // streams hand over only in a beat's second cycle
      assert (32'(open_acc) + 32'(fb_acc) + 32'(req_acc) <= 1);
      assert (!(rsp_push_q && rsp_count_q == 3'd4 && !rsp_pop));  // the response queue never overflows
      assert (base_rtt_i != '0 || !(ph_q && trk_tracked));
      assert (!(fb_acc && fb_kind_i > uet_lb_pkg::FB_RTO));
      // The copy is exact for the events that use it (for an open it is not looked up).
      assert (!(w_fb || (w_valid_q && w_req_q))
              || w_group_open_q == (w_in_range_q && open_rv_q[w_open_row] && w_open_word[w_group_q[OpenColW-1:0]]));
      if (past_valid_q && stall_q) assert (rsp_valid_o && rsp_ev_o == past_ev_q);
    end
  end
`endif
endmodule
