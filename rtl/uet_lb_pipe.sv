// UET entropy load balancer, pipelined variant: the behaviour of uet_lb (SPEC sections 2-9, the same
// ports and registers) built for clock rate and size instead of per-cycle throughput.
//
//   - The per-group state lives in a simple dual-port RAM (one read, one write per cycle): block RAM on
//     an FPGA, so 256 or 1,024 groups cost RAM blocks, not flip-flops.
//   - One event enters per cycle, in the order open > feedback > request (a stream is ready only when
//     every stream before it in that order is idle). The order of acceptance is the order the events
//     apply in, so a scoreboard feeds the golden model at each handshake.
//   - Stage A (accept): the accepted event is registered with now_i and its early-failure deadline; no
//     logic but the ready decision sits between the ports and these registers.
//   - Stage W (wait): the event, with what its issue needs, made from stage A's registers as it moves
//     on: its group's open bit, the tracker entries it removes, and flags registered a cycle ahead
//     (due, block, response room, PRNG ready), so the issue decision is one LUT deep.
//   - Stage I (issue): the event in stage W, or an early failure before it; update the open bits and
//     the tracker; read the group's state. Stage P: the group update's decision (uet_lb_group_look) on
//     the RAM's output (for the freezing test, two borrows against freeze_start only). Stage U: the
//     freezing test (one LUT over three borrows), the cache operation and the entropy value
//     (uet_lb_group_apply); write the state back with the facts stage P reads; push the response. A response leaves 5 cycles after its request was accepted.
//   - Early failures (uet_lb_efd_tracker_pipe): every packet past its deadline at the time of the event
//     in stage W fires (one per cycle, in SPEC order) before that event issues; with stages A and W
//     empty, packets are compared with now_i of the cycle before. A driver may move time by any step
//     below 2^30 ns. An early failure issues only when stages P and U are empty.
//   - An event whose group is in stage P or U waits (no forwarding path), so one group takes an event
//     every third cycle; different groups take one per cycle.
//   - The PRNG draws ahead through a 16-stage multiply (uet_lb_prng_pipe); under REPS a request waits
//     until it is full after reset, a re-seed or a new set size (17 cycles). The early-failure
//     deadline's M x base RTT is computed in three registered steps: base_rtt_i takes effect three
//     cycles after it changes, the multiplier two.
//   - idle_o: no accepted event is still to be applied (stages A, W, P and U empty, no counter
//     increment pending); counters and state then show every accepted event.
//   - The register block takes writes a cycle late (its write port is registered); nothing issues or
//     fires in the cycle a write applies, and a re-seed or new set size restarts the draw queue.
//     Configuration other than STATUS, and CTRL, are meant to be written while the core is idle.
//   - The response queue has 4 entries; a request issues when the queue will have room even if no
//     response is taken, which keeps rsp_ready_i off the issue decision.
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

  // Per-group state (same fields as uet_lb). The RAM holds it as a flat word. The cache part is a type of
  // its own: stage U needs only that part.
  typedef struct packed {
    logic [SlotsMax*16-1:0]    slots;
    logic [BufBitsMax-1:0]     wr;
    logic [BufBitsMax-1:0]     rd;
    logic                      full;
    logic                      wrapped;
    logic [BufBitsMax-1:0]     replay;
  } cache_t;
  // The last three fields are facts about the others, computed as the state is written (stage U) so
  // that stage P's decision reads them from the RAM instead of deriving them (uet_lb_group_apply).
  typedef struct packed {
    cache_t                    cache;
    logic                      freezing;
    logic [TsWidth-1:0]        freeze_start;
    logic [WindowWidth-1:0]    window_left;
    logic                      nonempty;     // the cache holds an unconsumed value
    logic                      written;      // a slot has been written
    logic                      explore;      // a request now, in the window, explores
  } grp_t;
  localparam int unsigned GrpBits = SlotsMax * 16 + 3 * BufBitsMax + 1 + 1 + 1 + TsWidth + WindowWidth + 3;

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
  logic                   seed_we, size_we, efd_on, clear_groups, unused_active;
  logic [31:0]            seed, unused_prng_state;

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
  // Stage P registers (the event issued last cycle; the RAM's read data rd_q is its group's state).
  logic                   p_valid_q, p_write_q, p_tracked_q, p_retx_q, p_open_q, p_req_q;
  logic                   p_failure_q, p_recycle_q, p_choose_q;
  logic [GroupW-1:0]      p_group_q;
  logic [TsWidth-1:0]     p_time_q;
  // {p_time_q < FreezingTimeout, p_time_q - FreezingTimeout} for the freezing test, which only a
  // recycle (a feedback, never an early failure) makes: so it is made from stage W's time.
  logic [TsWidth:0]       p_time_less_timeout_q;
  logic [15:0]            p_ev_q;         // feedback EV, or the open's local port
  logic [PsnWidth-1:0]    p_psn_q;
  logic [TrackerEntries-1:0] p_trk_oh_q;  // the tracker entry a tracked request took, one-hot
  logic [GrpBits-1:0]     rd_q;           // RAM read data: the state of p_group_q
  // Stage U registers (the event in stage P last cycle, with what stage P decided for it).
  logic                   u_valid_q, u_write_q, u_tracked_q, u_retx_q, u_open_q, u_req_q, u_choose_q;
  logic                   u_push_q, u_pop_q, u_replay_take_q, u_explore_q, u_freezing_q, u_thaw_test_q;
  logic [GroupW-1:0]      u_group_q;
  logic [15:0]            u_ev_q, u_oldest_ev_q, u_replay_ev_q, u_rr_ev_q;
  logic [7:0]             u_rr_step_q;
  logic [PsnWidth-1:0]    u_psn_q;
  logic [TsWidth-1:0]     u_freeze_start_q;
  logic [6:0]             u_thaw_borrows_q;
  logic [WindowWidth-1:0] u_window_left_q;
  uet_lb_pkg::decision_e  u_decision_q;
  logic [TrackerEntries-1:0] u_trk_oh_q;
  cache_t                 u_cache_q;      // the group's cache as stage P read it

  // ---------------------------------------------------------------------------------------------
  // Stage A: accept one event into registers, with no logic between the ports and the registers but
  // the ready decision. Stage A is free when empty or when its event moves on to stage W this cycle.
  logic                   a_valid_q, a_retx_q;
  logic [1:0]             a_kind_q;
  logic [GroupW-1:0]      a_group_q;
  uet_lb_pkg::fb_kind_e   a_fb_kind_q;
  logic [15:0]            a_ev_q;         // feedback EV, or the open's local port
  logic [PsnWidth-1:0]    a_psn_q;
  logic [TsWidth-1:0]     a_time_q, a_deadline_q;
  logic                   a_free, move, open_acc, fb_acc, req_acc;

  // M x base RTT in three registered steps, one adder each (no multiplier block; fast on parts without
  // one): base RTT and 3 x base RTT; two sums of two of its multiples chosen by 2-bit digits of M, each
  // covering 4 bits of M; their sum. base_rtt_i reaches span_q three edges after it changes, M two.
  localparam int unsigned RttW = BaseRttWidth;
  function automatic logic [RttW+1:0] rtt_times(input logic [1:0] d, input logic [RttW-1:0] r,
                                                input logic [RttW+1:0] r3);
    unique case (d)
      2'd0:    rtt_times = '0;
      2'd1:    rtt_times = (RttW + 2)'(r);
      2'd2:    rtt_times = (RttW + 2)'({r, 1'b0});
      default: rtt_times = r3;
    endcase
  endfunction
  logic [RttW-1:0]    rtt_q;
  logic [RttW+1:0]    rtt3_q;
  logic [RttW+3:0]    span_lo_q, span_hi_q;  // base RTT x M[3:0], base RTT x M[7:4]
  logic [TsWidth-1:0] span_q;
  always_ff @(posedge clk_i) begin
    rtt_q     <= base_rtt_i;
    rtt3_q    <= (RttW + 2)'(base_rtt_i) + (RttW + 2)'({base_rtt_i, 1'b0});
    span_lo_q <= (RttW + 4)'(rtt_times(cfg_mult[1:0], rtt_q, rtt3_q))
                 + (RttW + 4)'({rtt_times(cfg_mult[3:2], rtt_q, rtt3_q), 2'b00});
    span_hi_q <= (RttW + 4)'(rtt_times(cfg_mult[5:4], rtt_q, rtt3_q))
                 + (RttW + 4)'({rtt_times(cfg_mult[7:6], rtt_q, rtt3_q), 2'b00});
    span_q    <= TsWidth'(span_lo_q) + TsWidth'({span_hi_q, 4'b0000});
  end

  // The deadline now + M x base RTT (two half-width chains and a select, uet_lb_pkg::ts_sum).
  logic [31:0]        a_deadline32;
  logic [TsWidth-1:0] a_deadline;
  assign a_deadline32 = uet_lb_pkg::ts_sum(uet_lb_pkg::ts_align(32'(now_i), TsWidth),
                                           uet_lb_pkg::ts_align(32'(span_q), TsWidth));
  assign a_deadline   = a_deadline32[31 -: TsWidth];

  assign open_ready_o = a_free;
  assign fb_ready_o   = a_free && !open_valid_i;
  assign req_ready_o  = a_free && !open_valid_i && !fb_valid_i;
  assign open_acc     = open_valid_i && open_ready_o;
  assign fb_acc       = fb_valid_i && fb_ready_o;
  assign req_acc      = req_valid_i && req_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
    end else if (a_free) begin
      a_valid_q <= open_acc || fb_acc || req_acc;
    end
  end
  always_ff @(posedge clk_i) begin
    if (a_free) begin
      a_time_q     <= now_i;
      a_deadline_q <= a_deadline;
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

  // ---------------------------------------------------------------------------------------------
  // Stage W: the event waiting to issue, taken from stage A when stage W is empty or its event issues
  // (move). Stage I: an early failure, else the event in stage W.
  logic                   w_valid_q, w_retx_q, w_req_q;
  logic [1:0]             w_kind_q;
  logic [GroupW-1:0]      w_group_q;
  uet_lb_pkg::fb_kind_e   w_fb_kind_q;
  logic [15:0]            w_ev_q;
  logic [PsnWidth-1:0]    w_psn_q;
  logic [TsWidth-1:0]     w_time_q, w_deadline_q;
  logic                   w_removes_q;    // an open, or a feedback that clears its (group, psn)
  logic                   w_issue;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      w_valid_q <= 1'b0;
    end else if (move) begin
      w_valid_q <= a_valid_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (move) begin
      w_kind_q     <= a_kind_q;
      w_req_q      <= a_kind_q == K_REQ;
      w_removes_q  <= a_kind_q == K_OPEN || (a_kind_q == K_FB && a_fb_kind_q != uet_lb_pkg::FB_RTO);
      w_group_q    <= a_group_q;
      w_fb_kind_q  <= a_fb_kind_q;
      w_ev_q       <= a_ev_q;
      w_psn_q      <= a_psn_q;
      w_retx_q     <= a_retx_q;
      w_time_q     <= a_time_q;
      w_deadline_q <= a_deadline_q;
    end
  end

  logic                w_in_range;
  if (NumGroups == (1 << GroupW)) begin : g_pow2
    assign w_in_range = 1'b1;
  end else begin : g_range
    assign w_in_range = 32'(w_group_q) < NumGroups;
  end

  logic                trk_fire, trk_due, trk_newexp, trk_expired, trk_untracked, trk_alloc;
  logic [GroupW-1:0]   trk_group;
  logic [PsnWidth-1:0] trk_psn;
  logic [15:0]         trk_ev;
  logic [TsWidth-1:0]  trk_deadline;
  logic [TrackerEntries-1:0] trk_alloc_oh;
  logic                prng_ready, prng_ready_next, rsp_pop;
  logic [2:0]          rsp_count_q;
  logic                w_open, w_fb, w_group_open;
  logic                blk_q, blk_d, req_ok_q, req_ok_d, fire_en_q, fire_en_d;
  logic                open_go, fb_go, req_go, open_ok, fb_apply, req_apply;
  logic [15:0]         rsp_ev_d;       // stage U's response EV (also the tracker's late EV)

  assign w_open = w_valid_q && w_kind_q == K_OPEN;
  assign w_fb   = w_valid_q && w_kind_q == K_FB;
  // The issue decision reads registers only, each computed a cycle ahead:
  //   trk_due, trk_newexp - the tracker's registered flags: an entry may be past the event's time, so
  //              early failures go first;
  //   blk_q    - the event in stage U has this event's group (stage U is about to write it, so the RAM
  //              read would see the old state), or a register write applies in this cycle;
  //   req_ok_q - a request's response will find room in the response queue, the PRNG's draw queue is
  //              full (only REPS draws from it, so under None and Default Packet Spraying a request
  //              need not wait for it after reset or a re-seed; SPRAY_TYPE cannot change while a group
  //              is open), and no re-seed or new set size is on its way to it.
  assign w_issue = w_valid_q && !trk_due && !trk_newexp && !blk_q && (!w_req_q || req_ok_q);
  assign move    = !w_valid_q || w_issue;
  assign a_free  = !a_valid_q || move;

  // Next cycle's block: stage W's event then meets an event of its group in stage P or U (which will
  // write the group's state, so the RAM read would see the old one; an open reads nothing, so only a
  // feedback or a request can meet one). If stage W's event issues now, stage P then holds it, stage U
  // stage P's event, and stage W stage A's. If an early failure issues now, stage W's next event waits
  // a cycle whatever its group. Else stage P is empty next cycle and stage U holds stage P's event. A
  // register write blocks the next cycle, in which it applies (the register block takes writes a cycle
  // late): nothing issues or fires beside it.
  logic a_meets_w, a_meets_p, w_meets_p;
  assign a_meets_w = a_valid_q && a_kind_q != K_OPEN && a_group_q == w_group_q;
  assign a_meets_p = a_valid_q && a_kind_q != K_OPEN && p_valid_q && a_group_q == p_group_q;
  assign w_meets_p = w_kind_q != K_OPEN && p_valid_q && w_group_q == p_group_q;
  always_comb begin
    if (w_issue)        blk_d = a_meets_w || a_meets_p;
    else if (trk_fire)  blk_d = 1'b1;
    else if (w_valid_q) blk_d = w_meets_p;
    else                blk_d = a_meets_p;
    if (reg_we_i) blk_d = 1'b1;
  end
  // Next cycle's room for a response: the queue after this cycle's push and pop, plus the requests in
  // stages P and U then (one of them the request issuing now), must leave room for one more; no
  // response taken is assumed. A table of the seven bits involved (no adder on the path).
  function automatic logic [127:0] room_table();
    int count, next;
    room_table = '0;
    for (int k = 0; k < 128; k++) begin
      // k = {count[2:0], push (stage U holds a request), stage P holds a request, rsp_ready_i,
      //      a request issues}
      count = k >> 4;
      next  = count + ((k >> 3) & 1) - (((k >> 1) & 1) != 0 && count != 0 ? 1 : 0)
              + ((k >> 2) & 1) + (k & 1);
      room_table[k] = next <= 3;
    end
  endfunction
  localparam logic [127:0] RoomTable = room_table();
  assign req_ok_d = RoomTable[{rsp_count_q, u_req_q, p_valid_q && p_req_q, rsp_ready_i, req_go}]
                    && !seed_we && !size_we && (prng_ready_next || cfg_spray != uet_lb_pkg::SPRAY_REPS);
  // An early failure issues only when stages P and U are empty (it reads its group's state) and no
  // tracked request's entropy value is still on its way into the tracker (the late write below).
  logic ev_we_q;
  assign fire_en_d = !p_valid_d && !p_valid_q && !(u_req_q && u_tracked_q) && !reg_we_i;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      blk_q     <= 1'b0;
      req_ok_q  <= 1'b0;
      fire_en_q <= 1'b0;
    end else begin
      blk_q     <= blk_d;
      req_ok_q  <= req_ok_d;
      fire_en_q <= fire_en_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Open bits. One bit among NumGroups flip-flops, chosen by a registered group, is a NumGroups-to-1
  // multiplexer: at 1,024 groups it alone takes 5 LUT levels in the UltraScale+ netlist, the deepest
  // logic of the core. So with OpenRam (the default above 256 groups) the bits are kept as OpenRows
  // words of 16 bits in a RAM read asynchronously (LUT RAM on parts that have it), and a valid
  // flip-flop per word says whether the word was written since reset or the last CTRL clear. Without
  // OpenRam the same logic has a single word of NumGroups bits, which synthesis keeps in flip-flops (up
  // to 256 groups their multiplexer is shallower than a RAM read followed by the word's). Reset and the
  // clear zero the valid bits only; the first open of a word after them writes the word with only its
  // own bit set, later ones read the word (a second read port) and write it back with their bit added.
  // The RAM needs no reset and no sweep, and its contents before the first write do not matter (formal
  // starts them arbitrary, the 40-group block test random).
  function automatic logic [OpenIdxW-1:0] open_row(input logic [GroupW-1:0] g);
    open_row = (OpenRowW == 0) ? '0 : OpenIdxW'(g >> OpenColW);
  endfunction

  logic [OpenIdxW-1:0]    a_open_row, w_open_row;
  logic [OpenRowBits-1:0] a_open_word, w_open_word, w_open_new;
  logic                   a_open_stored;
  assign a_open_row    = open_row(a_group_q);
  assign w_open_row    = open_row(w_group_q);
  assign a_open_word   = open_mem_q[a_open_row];
  assign w_open_word   = open_mem_q[w_open_row];
  assign a_open_stored = open_rv_q[a_open_row] && a_open_word[a_group_q[OpenColW-1:0]];

  // An open in stage W writes its word; a clear in the same cycle wins (it zeroes the valid bits).
  // Written on whole words (a decoder each, no loop), so a cycle-based simulator spends a few
  // instructions on them per cycle.
  assign w_open_new = (open_rv_q[w_open_row] ? w_open_word : '0) | (OpenRowBits'(1) << w_group_q[OpenColW-1:0]);
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

  // Whether stage W's event's group is open, looked up in stage A, so the issue reads one register.
  // The open bits change in only two ways: an open issuing from stage W (hence the bypass, as the event
  // then moves to stage W in the same cycle) and a CTRL clear (clear_groups), which clears the copy
  // too. The copy is exact for the events that use it (feedback and requests; asserted below).
  logic a_group_open, w_group_open_q;
  if (NumGroups == (1 << GroupW)) begin : g_in_pow2
    assign a_group_open = a_open_stored || (open_go && w_group_q == a_group_q);
  end else begin : g_in_range
    assign a_group_open = 32'(a_group_q) < NumGroups && (a_open_stored || (open_go && w_group_q == a_group_q));
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_groups) begin
      w_group_open_q <= 1'b0;
    end else if (move) begin
      w_group_open_q <= a_group_open;
    end
  end
  assign w_group_open = w_group_open_q;

  assign open_go   = w_open && w_issue;
  assign fb_go     = w_fb && w_issue;
  assign req_go    = w_req_q && w_issue;
  assign open_ok   = open_go && w_in_range;
  assign fb_apply  = fb_go && w_group_open;
  assign req_apply = req_go && w_group_open;
  assign trk_alloc = req_apply && efd_on;  // REPS with a non-zero multiplier

  // Entries of an unopened group do not exist (an entry is taken only for an open group, and only a
  // CTRL clear, which flushes the tracker, closes groups), so the tracker's marks need not know whether
  // a feedback's group is open: a feedback for an unopened group matches nothing.
  logic [15:0]        ev_val_q;
  logic [TrackerEntries-1:0] ev_oh_q;
  uet_lb_efd_tracker_pipe #(
    .Entries (TrackerEntries), .GroupW (GroupW), .PsnWidth (PsnWidth), .TsWidth (TsWidth),
    .SplitCarry (SplitCarry)
  ) u_tracker (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .now_i            (now_i),
    .flush_i          (clear_groups),
    .fire_en_i        (fire_en_q),
    .a1_load_i        (a_free),
    .a1_deadline_i    (a_deadline_q),
    .a1_drop_i        (a_valid_q && a_kind_q == K_OPEN),
    .a1_clear_i       (a_valid_q && a_kind_q == K_FB && a_fb_kind_q != uet_lb_pkg::FB_RTO),
    .a1_group_i       (a_group_q),
    .a1_psn_i         (a_psn_q),
    .move_i           (move),
    .a2_valid_i       (w_valid_q),
    .remove_i         (w_issue && w_removes_q),
    .alloc_i          (trk_alloc),
    .alloc_group_i    (w_group_q),
    .alloc_psn_i      (w_psn_q),
    .alloc_deadline_i (w_deadline_q),
    .untracked_o      (trk_untracked),
    .alloc_oh_o       (trk_alloc_oh),
    .ev_we_i          (ev_we_q),
    .ev_oh_i          (ev_oh_q),
    .ev_i             (ev_val_q),
    .fire_o           (trk_fire),
    .fire_group_o     (trk_group),
    .fire_psn_o       (trk_psn),
    .fire_ev_o        (trk_ev),
    .fire_deadline_o  (trk_deadline),
    .due_o            (trk_due),
    .newexp_o         (trk_newexp),
    .expired_o        (trk_expired),
    .count_o          (efd_tracked_o)
  );
  // The counters count a cycle after the issue.
  logic inc_fb_q, inc_efd_q, inc_req_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      inc_fb_q  <= 1'b0;
      inc_efd_q <= 1'b0;
      inc_req_q <= 1'b0;
    end else begin
      inc_fb_q  <= fb_go && !w_group_open;
      inc_efd_q <= trk_untracked;
      inc_req_q <= req_go && !w_group_open;
    end
  end
  assign efd_due_o = trk_expired;
  // (a late entropy value written meanwhile is not observable)
  assign idle_o = !a_valid_q && !w_valid_q && !p_valid_q && !u_valid_q && !inc_fb_q && !inc_efd_q && !inc_req_q;

  // The group whose state stage P reads.
  logic [GroupW-1:0] rd_group;
  assign rd_group = trk_fire ? trk_group : w_group_q;

  // Feedback for an unopened group is only counted; a request for one still owes a response.
  logic p_valid_d;
  assign p_valid_d = trk_fire || open_ok || fb_apply || req_go;
  // The event's kind as the group update needs it, decoded here (reset: the update reads them).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      p_valid_q   <= 1'b0;
      p_write_q   <= 1'b0;
      p_open_q    <= 1'b0;
      p_req_q     <= 1'b0;
      p_failure_q <= 1'b0;
      p_recycle_q <= 1'b0;
      p_choose_q  <= 1'b0;
    end else begin
      p_valid_q   <= p_valid_d;
      p_write_q   <= trk_fire || open_ok || fb_apply || req_apply;
      p_open_q    <= !trk_fire && w_kind_q == K_OPEN;
      p_req_q     <= !trk_fire && w_req_q;
      p_failure_q <= trk_fire || (fb_apply && w_fb_kind_q == uet_lb_pkg::FB_RTO);
      p_recycle_q <= fb_apply && (w_fb_kind_q == uet_lb_pkg::FB_ACK || w_fb_kind_q == uet_lb_pkg::FB_NACK_TRIM_LAST_HOP);
      p_choose_q  <= req_apply;
    end
  end
  // {now < FreezingTimeout, (now - FreezingTimeout) mod 2^TsWidth} at stage W's time (uet_lb_pkg::ts_diff).
  logic [32:0]        time_diff32;
  logic [TsWidth:0]   time_less_timeout;
  assign time_diff32       = uet_lb_pkg::ts_diff(uet_lb_pkg::ts_align(32'(w_time_q), TsWidth),
                                                 uet_lb_pkg::ts_align(32'(cfg_timeout), TsWidth));
  assign time_less_timeout = {time_diff32[32], time_diff32[31 -: TsWidth]};
  logic unused_ts_pad;  // below TsWidth 32, the aligned sum's and difference's low bits (zero)
  assign unused_ts_pad = ^{a_deadline32, time_diff32};
  always_ff @(posedge clk_i) begin
    p_tracked_q <= trk_alloc && !trk_untracked;
    p_trk_oh_q  <= trk_alloc_oh;
    p_time_q    <= trk_fire ? trk_deadline : w_time_q;
    p_time_less_timeout_q <= time_less_timeout;  // (used by a recycle only)
    p_retx_q    <= w_retx_q;
    p_group_q   <= rd_group;
    p_psn_q     <= trk_fire ? trk_psn : w_psn_q;
    p_ev_q      <= trk_fire ? trk_ev : w_ev_q;
  end

  // ---------------------------------------------------------------------------------------------
  // Group state RAM: one synchronous read (stage I address, data in stage P), one write (stage U).
  // Never read and written at one address in one cycle (the hazard above), so the read may be
  // read-first or write-first. No reset: an open writes the group's initial state. (Telling Yosys so
  // with no_rw_check removes its collision bypass after the RAM's output, 180 LUT4 on the iCE40, but
  // placed and routed there it lost 5 % Fmax, mean of six seeds: not taken.)
  logic [GrpBits-1:0] mem_q [NumGroups];
  logic               wr_en;
  logic [GrpBits-1:0] wr_data;

  always_ff @(posedge clk_i) begin
    rd_q <= mem_q[rd_group];
  end
  always_ff @(posedge clk_i) begin
    if (wr_en) mem_q[u_group_q] <= wr_data;
  end

  // ---------------------------------------------------------------------------------------------
  // Stage P: the first half of the group update (uet_lb_group_look) on the state just read.
  grp_t                  p_in, u_out;
  cache_t                s_open_cache;  // the cache part of a group's state when it is opened
  always_comb begin
    s_open_cache             = '0;
    s_open_cache.slots[15:0] = (cfg_spray == uet_lb_pkg::SPRAY_NONE) ? p_ev_q : 16'd0;
  end
  logic [15:0]           r_ev, prng_value, p_oldest_ev, p_replay_ev, p_rr_ev;
  logic [7:0]            p_rr_step;
  uet_lb_pkg::decision_e p_decision;
  logic                  p_push, p_pop, p_replay_take, p_explore, p_freezing, p_thaw_test;
  logic [TsWidth-1:0]    p_freeze_start;
  logic [6:0]            p_thaw_borrows;
  logic [WindowWidth-1:0] p_window_left;
  assign p_in = rd_q;

  uet_lb_group_look #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_look (
    .spray_type_i (cfg_spray), .span_mask_i (cfg_span), .start_port_i (cfg_port), .buf_bits_i (cfg_buf),
    .window_i (cfg_window),
    .now_i (p_time_q), .now_less_timeout_i (p_time_less_timeout_q), .failure_i (p_failure_q), .recycle_i (p_recycle_q), .choose_i (p_choose_q),
    .slots_i (p_in.cache.slots), .wr_i (p_in.cache.wr), .rd_i (p_in.cache.rd), .full_i (p_in.cache.full),
    .wrapped_i (p_in.cache.wrapped), .replay_i (p_in.cache.replay), .freezing_i (p_in.freezing), .freeze_start_i (p_in.freeze_start),
    .window_left_i (p_in.window_left), .nonempty_i (p_in.nonempty), .written_i (p_in.written),
    .explore_i (p_in.explore),
    .freezing_o (p_freezing), .freeze_start_o (p_freeze_start), .window_left_o (p_window_left),
    .thaw_test_o (p_thaw_test), .thaw_borrows_o (p_thaw_borrows),
    .push_o (p_push), .pop_o (p_pop), .replay_take_o (p_replay_take), .explore_o (p_explore),
    .decision_o (p_decision), .oldest_ev_o (p_oldest_ev), .replay_ev_o (p_replay_ev), .rr_ev_o (p_rr_ev),
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
    end else begin
      u_valid_q       <= p_valid_q;
      u_req_q         <= p_valid_q && p_req_q;
      u_write_q       <= p_valid_q && p_write_q;
      u_choose_q      <= p_choose_q;
      u_push_q        <= p_push;
      u_pop_q         <= p_pop;
      u_replay_take_q <= p_replay_take;
      u_explore_q     <= p_explore;
      u_thaw_test_q   <= p_thaw_test;
    end
  end
  always_ff @(posedge clk_i) begin
    u_open_q         <= p_open_q;
    u_tracked_q      <= p_tracked_q;
    u_trk_oh_q       <= p_trk_oh_q;
    u_retx_q         <= p_retx_q;
    u_group_q        <= p_group_q;
    u_psn_q          <= p_psn_q;
    u_ev_q           <= p_ev_q;
    u_cache_q        <= p_open_q ? s_open_cache : p_in.cache;
    u_decision_q     <= p_decision;
    u_oldest_ev_q    <= p_oldest_ev;
    u_replay_ev_q    <= p_replay_ev;
    u_rr_ev_q        <= p_rr_ev;
    u_rr_step_q      <= p_rr_step;
    u_freezing_q     <= p_freezing;
    u_freeze_start_q <= p_freeze_start;
    u_thaw_borrows_q <= p_thaw_borrows;
    u_window_left_q  <= p_window_left;
  end

  // ---------------------------------------------------------------------------------------------
  // Stage U: the second half (uet_lb_group_apply), the write-back and the response. An open (no cache
  // operation) writes the initial state: its cache part was put in u_cache_q in its place, the rest is
  // zero.

  logic                   u_freezing_out, u_explore_out;
  logic [WindowWidth-1:0] u_window_left_out;
  uet_lb_group_apply #(.BufBitsMax(BufBitsMax), .WindowWidth(WindowWidth)) u_apply (
    .spray_type_i (cfg_spray), .buf_bits_i (cfg_buf), .window_i (cfg_window),
    .thaw_test_i (u_thaw_test_q), .thaw_borrows_i (u_thaw_borrows_q), .freezing_i (u_freezing_q),
    .window_left_i (u_window_left_q), .freezing_o (u_freezing_out), .window_left_o (u_window_left_out),
    .choose_i (u_choose_q), .recycle_ev_i (u_ev_q),
    .push_i (u_push_q), .pop_i (u_pop_q), .replay_take_i (u_replay_take_q), .decision_i (u_decision_q),
    .oldest_ev_i (u_oldest_ev_q), .replay_ev_i (u_replay_ev_q), .rr_ev_i (u_rr_ev_q), .rr_step_i (u_rr_step_q),
    .explore_ev_i (prng_value),
    .slots_i (u_cache_q.slots), .wr_i (u_cache_q.wr), .rd_i (u_cache_q.rd), .full_i (u_cache_q.full),
    .wrapped_i (u_cache_q.wrapped), .replay_i (u_cache_q.replay),
    .slots_o (u_out.cache.slots), .wr_o (u_out.cache.wr), .rd_o (u_out.cache.rd), .full_o (u_out.cache.full),
    .wrapped_o (u_out.cache.wrapped), .replay_o (u_out.cache.replay),
    .nonempty_o (u_out.nonempty), .written_o (u_out.written), .explore_o (u_explore_out), .ev_o (r_ev)
  );
  assign u_out.freezing     = u_freezing_out && !u_open_q;
  assign u_out.freeze_start = u_open_q ? '0 : u_freeze_start_q;
  assign u_out.window_left  = u_open_q ? '0 : u_window_left_out;
  assign u_out.explore      = u_explore_out && !u_open_q;  // (an open's empty cache gives the other two)

  assign wr_en    = u_write_q;
  assign wr_data  = GrpBits'(u_out);
  assign rsp_ev_d = u_choose_q ? r_ev : 16'd0;

  // A tracked request's entropy value goes into its tracker entry a cycle after stage U.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ev_we_q <= 1'b0;
    end else begin
      ev_we_q <= u_req_q && u_tracked_q;
    end
  end
  always_ff @(posedge clk_i) begin
    ev_oh_q  <= u_trk_oh_q;
    ev_val_q <= rsp_ev_d;
  end

  // A re-seed or a new set size (applied by the register block a cycle after the write) reaches the
  // draw queue a cycle after that; no request issues in either cycle (blk_q, then req_ok_q), and the
  // queue's ready then holds requests until it has refilled.
  logic        seed_we_q, size_we_q;
  logic [31:0] seed_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seed_we_q <= 1'b0;
      size_we_q <= 1'b0;
    end else begin
      seed_we_q <= seed_we;
      size_we_q <= size_we;
    end
  end
  always_ff @(posedge clk_i) seed_q <= seed;

  uet_lb_prng_pipe u_prng (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .seed_we_i  (seed_we_q),
    .seed_i     (seed_q),
    .step_i     (u_explore_q),
    .size_we_i  (size_we_q),
    .set_size_i (cfg_size),
    .ready_o    (prng_ready),
    .ready_next_o (prng_ready_next),
    .value_o    (prng_value),
    .state_o    (unused_prng_state)
  );

  // ---------------------------------------------------------------------------------------------
  // Response queue (4 entries): a request issues only when its response will find room, counting the
  // ones in stages P and U and assuming no response is taken meanwhile.
  localparam int unsigned RspBits = 16 + 3 + GroupW + PsnWidth + 1;
  logic [RspBits-1:0] rsp_mem_q [4];
  logic [1:0]         rsp_wp_q, rsp_rp_q;
  logic               rsp_push;
  uet_lb_pkg::decision_e rsp_dec_d;

  assign rsp_push  = u_req_q;
  assign rsp_pop   = rsp_valid_o && rsp_ready_i;
  assign rsp_dec_d = u_choose_q ? u_decision_q : uet_lb_pkg::DEC_FIXED;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rsp_wp_q    <= '0;
      rsp_rp_q    <= '0;
      rsp_count_q <= '0;
    end else begin
      if (rsp_push) rsp_wp_q <= rsp_wp_q + 2'd1;
      if (rsp_pop) rsp_rp_q <= rsp_rp_q + 2'd1;
      rsp_count_q <= rsp_count_q + 3'(rsp_push) - 3'(rsp_pop);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rsp_push) rsp_mem_q[rsp_wp_q] <= {rsp_ev_d, rsp_dec_d, u_group_q, u_psn_q, u_retx_q};
  end
  assign rsp_valid_o = rsp_count_q != 3'd0;
  assign {rsp_ev_o, rsp_decision_o, rsp_group_o, rsp_psn_o, rsp_retx_o} = rsp_mem_q[rsp_rp_q];

  // ---------------------------------------------------------------------------------------------
  // Registers.
  uet_lb_regs #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth),
    .TrackerEntries (TrackerEntries), .WriteReg (1'b1)
  ) u_regs (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .reg_we_i            (reg_we_i),
    .reg_addr_i          (reg_addr_i),
    .reg_wdata_i         (reg_wdata_i),
    .reg_rdata_o         (reg_rdata_o),
    .group_opened_i      (open_ok),
    .bad_open_i          (open_go && !w_in_range),
    .inc_fb_unopened_i   (inc_fb_q),
    .inc_efd_untracked_i (inc_efd_q),
    .inc_req_unopened_i  (inc_req_q),
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
    .active_o            (unused_active)
  );

  // Early-failure observation (its fields are known at issue).
  logic efd_valid_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      efd_valid_q <= 1'b0;
    end else begin
      efd_valid_q <= trk_fire;
    end
  end
  always_ff @(posedge clk_i) begin
    if (trk_fire) begin
      efd_group_o <= trk_group;
      efd_psn_o   <= trk_psn;
      efd_ev_o    <= trk_ev;
      efd_time_o  <= trk_deadline;
    end
  end
  assign efd_valid_o = efd_valid_q;

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
    assign dbg_slot0_o        = dbg.cache.slots[15:0];
    logic unused_dbg_facts;  // derived from the fields above
    assign unused_dbg_facts   = ^{dbg.nonempty, dbg.written, dbg.explore};
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
      // One event per cycle, and never one whose group stage P or U is about to write.
      assert (32'(trk_fire) + 32'(open_go) + 32'(fb_go) + 32'(req_go) <= 1);
      assert (32'(open_acc) + 32'(fb_acc) + 32'(req_acc) <= 1);
      assert (!(p_valid_q && (trk_fire || fb_go || req_go) && rd_group == p_group_q));
      assert (!(u_valid_q && (trk_fire || fb_go || req_go) && rd_group == u_group_q));
      assert (!(trk_fire && (p_valid_q || u_valid_q)));
      assert (!(u_explore_q && !prng_ready));  // an explore always finds a draw
      assert (!(rsp_push && rsp_count_q == 3'd4 && !rsp_pop));  // the response queue never overflows
      assert (base_rtt_i != '0 || !trk_alloc);
      assert (!(fb_acc && fb_kind_i > uet_lb_pkg::FB_RTO));
      // The copy is exact for the events that use it (for an open it is not looked up).
      assert (!(w_fb || (w_valid_q && w_req_q))
              || w_group_open_q == (w_in_range && open_rv_q[w_open_row] && w_open_word[w_group_q[OpenColW-1:0]]));
      if (past_valid_q && stall_q) assert (rsp_valid_o && rsp_ev_o == past_ev_q);
    end
  end
`endif
endmodule
