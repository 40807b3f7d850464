// UET entropy load balancer, pipelined variant: the behaviour of uet_lb (SPEC sections 2-9, the same
// ports and registers) built for clock rate and size instead of per-cycle throughput.
//
//   - The per-group state lives in a simple dual-port RAM (one read, one write per cycle): block RAM on
//     an FPGA, so 256 or 1,024 groups cost RAM blocks, not flip-flops.
//   - One event enters per cycle, in the order open > feedback > request (a stream is ready only when
//     every stream before it in that order is idle). The order of acceptance is the order the events
//     apply in, so a scoreboard feeds the golden model at each handshake.
//   - Stage A (accept): the accepted event is registered with now_i and its early-failure deadline.
//     Every input goes into a register before it reaches any logic but the ready decision, and the
//     issue decision depends on registers only.
//   - Stage I (issue): the event in stage A, or an early failure before it; update the open bits, the
//     tracker and the counters; read the group's state. Stage U (update): the group update on the RAM
//     output; write the state back; push the response. A response leaves 3 cycles after its request
//     was accepted.
//   - Early failures: the tracker compares its deadlines with the time of the event waiting in stage A,
//     or, with stage A empty, with now_i of the cycle before. That time is known a cycle ahead (now_i
//     when stage A is free, else unchanged), so the comparison is made then and registered
//     (ExpiryAhead). Every packet past its deadline at that time fires (one per cycle, in SPEC order)
//     before the waiting event issues, so a driver may move time by any step below 2^30 ns. efd_due_o
//     reports that comparison (one cycle after now_i moves).
//   - An event whose group is in stage U waits one cycle (no forwarding path), so one group takes an
//     event every other cycle; different groups take one per cycle. An early-failure event issues only
//     when stage U is empty.
//   - The PRNG draws ahead into a queue (uet_lb_prng_pipe); under REPS a request waits until the queue
//     is full after reset, a re-seed or a new set size. The early-failure deadline's M x base RTT is
//     a register (base_rtt_i and the multiplier take effect one cycle after they change).
//   - idle_o: no accepted event is still to be applied (stages A and U empty); counters and state then
//     show every accepted event.
//   - A register write holds the issue of a request in the next cycle (a re-seed or a new set size
//     restarts the draw queue at that edge); configuration other than STATUS and CTRL is meant to be
//     written while the core is idle.
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

  localparam int unsigned TrkIdxW = (TrackerEntries > 1) ? $clog2(TrackerEntries) : 1;

  // Per-group state (same fields as uet_lb). The RAM holds it as a flat word.
  typedef struct packed {
    logic [SlotsMax*16-1:0]    slots;
    logic [BufBitsMax-1:0]     wr;
    logic [BufBitsMax-1:0]     rd;
    logic                      full;
    logic                      wrapped;
    logic [BufBitsMax-1:0]     replay;
    logic                      freezing;
    logic [TsWidth-1:0]        freeze_start;
    logic [WindowWidth-1:0]    window_left;
  } grp_t;
  localparam int unsigned GrpBits = SlotsMax * 16 + 3 * BufBitsMax + 1 + 1 + 1 + TsWidth + WindowWidth;

  // Event kinds in the pipeline.
  localparam logic [1:0] K_EFD = 2'd0, K_OPEN = 2'd1, K_FB = 2'd2, K_REQ = 2'd3;

  // Configuration.
  logic [1:0]             cfg_spray;
  logic [7:0]             cfg_span;
  logic [15:0]            cfg_port;
  logic [4:0]             cfg_buf;
  logic [16:0]            cfg_size;
  logic [TsWidth-1:0]     cfg_timeout;
  logic [7:0]             cfg_mult;
  logic [WindowWidth-1:0] cfg_window;
  logic                   seed_we, clear_groups, unused_active;
  logic [31:0]            seed, unused_prng_state;

  logic [NumGroups-1:0]   open_q, open_d;

  // ---------------------------------------------------------------------------------------------
  // Stage U registers (the event issued last cycle).
  logic                   u_valid_q, u_apply_q, u_tracked_q, u_retx_q;
  logic [1:0]             u_kind_q;
  logic [GroupW-1:0]      u_group_q;
  logic [TsWidth-1:0]     u_time_q;
  uet_lb_pkg::fb_kind_e   u_fb_kind_q;
  logic [15:0]            u_ev_q;         // feedback EV, or the open's local port
  logic [PsnWidth-1:0]    u_psn_q;
  logic [TrkIdxW-1:0]     u_trk_idx_q;
  logic [GrpBits-1:0]     rd_q;           // RAM read data: the state of u_group_q

  // ---------------------------------------------------------------------------------------------
  // Stage A: accept one event into a register. The stage is free when empty or when its event issues
  // this cycle (a_issue below depends on registers only).
  logic                   a_valid_q, a_retx_q;
  logic [1:0]             a_kind_q;
  logic [GroupW-1:0]      a_group_q;
  uet_lb_pkg::fb_kind_e   a_fb_kind_q;
  logic [15:0]            a_ev_q;         // feedback EV, or the open's local port
  logic [PsnWidth-1:0]    a_psn_q;
  logic [TsWidth-1:0]     a_time_q, a_deadline_q;
  logic                   a_free, a_issue, open_acc, fb_acc, req_acc;

  // M x base RTT, registered (the multiply leaves the accept path).
  logic [TsWidth-1:0] span_q;
  always_ff @(posedge clk_i) span_q <= TsWidth'(cfg_mult * base_rtt_i);

  assign open_ready_o = a_free;
  assign fb_ready_o   = a_free && !open_valid_i;
  assign req_ready_o  = a_free && !open_valid_i && !fb_valid_i;
  assign open_acc     = open_valid_i && open_ready_o;
  assign fb_acc       = fb_valid_i && fb_ready_o;
  assign req_acc      = req_valid_i && req_ready_o;
  // The group of the event stage A takes when it is free (open > feedback > request).
  logic [GroupW-1:0] in_group;
  assign in_group = open_valid_i ? open_group_i : (fb_valid_i ? fb_group_i : req_group_i);

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
      a_deadline_q <= now_i + span_q;
      a_fb_kind_q  <= fb_kind_i;
      a_retx_q     <= req_retx_i;
      a_group_q    <= in_group;
      if (open_acc) begin
        a_kind_q  <= K_OPEN;
        a_psn_q   <= '0;
        a_ev_q    <= open_port_i;
      end else if (fb_acc) begin
        a_kind_q  <= K_FB;
        a_psn_q   <= fb_psn_i;
        a_ev_q    <= fb_ev_i;
      end else begin
        a_kind_q  <= K_REQ;
        a_psn_q   <= req_psn_i;
        a_ev_q    <= 16'd0;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Stage I: an early failure, else the event in stage A.
  logic                a_in_range;
  if (NumGroups == (1 << GroupW)) begin : g_pow2
    assign a_in_range = 1'b1;
  end else begin : g_range
    assign a_in_range = 32'(a_group_q) < NumGroups;
  end

  logic                trk_fire, trk_due, trk_untracked, trk_alloc;
  logic [GroupW-1:0]   trk_group;
  logic [PsnWidth-1:0] trk_psn;
  logic [15:0]         trk_ev;
  logic [TsWidth-1:0]  trk_deadline;
  logic [TrkIdxW-1:0]  trk_alloc_idx;
  logic                prng_ready, rsp_space;
  logic                a_open, a_fb, a_req, a_busy, a_group_open;
  logic                open_go, fb_go, req_go, open_ok, fb_apply, req_apply;
  logic [15:0]         rsp_ev_d;       // stage U's response EV (also the tracker's late EV)

  assign a_open       = a_valid_q && a_kind_q == K_OPEN;
  assign a_fb         = a_valid_q && a_kind_q == K_FB;
  assign a_req        = a_valid_q && a_kind_q == K_REQ;
  // Hazard: stage U is about to write this group (the RAM read would see the old state). An open
  // reads nothing: its write follows stage U's.
  assign a_busy       = u_valid_q && u_group_q == a_group_q && !a_open;
  // Only REPS draws from the PRNG (SPRAY_TYPE cannot change while a group is open), so under None and
  // Default Packet Spraying a request need not wait for the draw-ahead queue to fill after reset or a
  // re-seed.
  assign a_issue      = a_valid_q && !trk_due && !a_busy
                        && (!a_req || (rsp_space && !reg_we_q
                                       && (prng_ready || cfg_spray != uet_lb_pkg::SPRAY_REPS)));
  assign a_free       = !a_valid_q || a_issue;

  // Whether the accepted event's group is open, looked up as the event is accepted, so the issue
  // decision reads one register instead of a NumGroups-to-1 multiplexer. While an event waits in stage
  // A, only two things change the open bits: the open in stage A itself, which issues exactly in the
  // cycle stage A is free (hence the bypass when the incoming group is the one it opens), and a CTRL
  // clear (clear_groups), which clears the copy too. The copy is exact (asserted below); only feedback
  // and requests use it.
  logic              in_group_open, a_group_open_q, a_group_open_d;
  if (NumGroups == (1 << GroupW)) begin : g_in_pow2
    assign in_group_open = open_q[in_group] || (a_open && a_group_q == in_group);
  end else begin : g_in_range
    assign in_group_open = 32'(in_group) < NumGroups && (open_q[in_group] || (a_open && a_group_q == in_group));
  end
  always_comb begin
    a_group_open_d = a_free ? in_group_open : a_group_open_q;
    if (clear_groups) a_group_open_d = 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_group_open_q <= 1'b0;
    end else begin
      a_group_open_q <= a_group_open_d;
    end
  end
  assign a_group_open = a_group_open_q;

  assign open_go   = a_open && a_issue;
  assign fb_go     = a_fb && a_issue;
  assign req_go    = a_req && a_issue;
  assign open_ok   = open_go && a_in_range;
  assign fb_apply  = fb_go && a_group_open;
  assign req_apply = req_go && a_group_open;
  assign trk_alloc = req_apply && cfg_spray == uet_lb_pkg::SPRAY_REPS && cfg_mult != 8'd0;

  uet_lb_efd_tracker #(
    .Entries (TrackerEntries), .GroupW (GroupW), .PsnWidth (PsnWidth), .TsWidth (TsWidth),
    .OneOpPerCycle (1'b1), .ExpiryAhead (1'b1)
  ) u_tracker (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .now_i            (now_i),                    // the next cycle's time, unless stage A holds its event
    .hold_i           (!a_free),
    .flush_i          (clear_groups),
    .fire_en_i        (!u_valid_q),
    .drop_i           (open_ok),
    .drop_group_i     (a_group_q),
    .clear_i          (fb_apply && a_fb_kind_q != uet_lb_pkg::FB_RTO),
    .clear_group_i    (a_group_q),
    .clear_psn_i      (a_psn_q),
    .alloc_i          (trk_alloc),
    .alloc_group_i    (a_group_q),
    .alloc_psn_i      (a_psn_q),
    .alloc_ev_i       (16'd0),
    .alloc_deadline_i (a_deadline_q),
    .untracked_o      (trk_untracked),
    .alloc_idx_o      (trk_alloc_idx),
    .ev_we_i          (u_valid_q && u_kind_q == K_REQ && u_tracked_q),
    .ev_idx_i         (u_trk_idx_q),
    .ev_i             (rsp_ev_d),
    .fire_o           (trk_fire),
    .fire_group_o     (trk_group),
    .fire_psn_o       (trk_psn),
    .fire_ev_o        (trk_ev),
    .fire_deadline_o  (trk_deadline),
    .due_o            (trk_due),
    .count_o          (efd_tracked_o)
  );
  assign efd_due_o = trk_due;
  assign idle_o    = !a_valid_q && !u_valid_q;

  // The group whose state stage U needs.
  logic [GroupW-1:0] rd_group;
  assign rd_group = trk_fire ? trk_group : a_group_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      u_valid_q <= 1'b0;
    end else begin
      // Feedback for an unopened group is only counted; a request for one still owes a response.
      u_valid_q <= trk_fire || open_ok || fb_apply || req_go;
    end
  end

  always_ff @(posedge clk_i) begin
    u_apply_q   <= trk_fire || fb_apply || req_apply;
    u_tracked_q <= trk_alloc && !trk_untracked;
    u_trk_idx_q <= trk_alloc_idx;
    u_time_q    <= trk_fire ? trk_deadline : a_time_q;
    u_fb_kind_q <= a_fb_kind_q;
    u_retx_q    <= a_retx_q;
    u_group_q   <= rd_group;
    if (trk_fire) begin
      u_kind_q <= K_EFD;
      u_psn_q  <= trk_psn;
      u_ev_q   <= trk_ev;
    end else begin
      u_kind_q <= a_kind_q;
      u_psn_q  <= a_psn_q;
      u_ev_q   <= a_ev_q;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Group state RAM: one synchronous read (stage I address, data in stage U), one write (stage U).
  // Never read and written at one address in one cycle (the hazard above), so the read may be
  // read-first or write-first. No reset: an open writes the group's initial state.
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
  // Stage U: the group update.
  grp_t                  u_in, u_out, s_open;
  logic [15:0]           r_ev, prng_value;
  uet_lb_pkg::decision_e r_decision;
  logic                  r_explore, u_failure, u_recycle, u_choose;
  assign u_in      = rd_q;
  assign u_failure = u_apply_q && (u_kind_q == K_EFD || (u_kind_q == K_FB && u_fb_kind_q == uet_lb_pkg::FB_RTO));
  assign u_recycle = u_apply_q && u_kind_q == K_FB
                     && (u_fb_kind_q == uet_lb_pkg::FB_ACK || u_fb_kind_q == uet_lb_pkg::FB_NACK_TRIM_LAST_HOP);
  assign u_choose  = u_apply_q && u_kind_q == K_REQ;

  always_comb begin
    s_open             = '0;
    s_open.slots[15:0] = (cfg_spray == uet_lb_pkg::SPRAY_NONE) ? u_ev_q : 16'd0;
  end

  uet_lb_group #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_grp (
    .spray_type_i (cfg_spray), .span_mask_i (cfg_span), .start_port_i (cfg_port), .buf_bits_i (cfg_buf),
    .freeze_timeout_i (cfg_timeout), .window_i (cfg_window),
    .now_i (u_time_q), .failure_i (u_failure), .recycle_i (u_recycle), .recycle_ev_i (u_ev_q),
    .choose_i (u_choose), .explore_ev_i (prng_value),
    .slots_i (u_in.slots), .wr_i (u_in.wr), .rd_i (u_in.rd), .full_i (u_in.full), .wrapped_i (u_in.wrapped),
    .replay_i (u_in.replay), .freezing_i (u_in.freezing), .freeze_start_i (u_in.freeze_start),
    .window_left_i (u_in.window_left),
    .slots_o (u_out.slots), .wr_o (u_out.wr), .rd_o (u_out.rd), .full_o (u_out.full), .wrapped_o (u_out.wrapped),
    .replay_o (u_out.replay), .freezing_o (u_out.freezing), .freeze_start_o (u_out.freeze_start),
    .window_left_o (u_out.window_left),
    .ev_o (r_ev), .decision_o (r_decision), .explore_o (r_explore)
  );

  assign wr_en    = u_valid_q && (u_kind_q == K_OPEN || u_apply_q);
  assign wr_data  = (u_kind_q == K_OPEN) ? GrpBits'(s_open) : GrpBits'(u_out);
  assign rsp_ev_d = u_choose ? r_ev : 16'd0;

  // A register write reaches the draw queue a cycle later, and holds a request's issue in that cycle:
  // a request that issued with the write takes its draw as the queue restarts.
  logic        reg_we_q, seed_we_q;
  logic [31:0] seed_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      reg_we_q  <= 1'b0;
      seed_we_q <= 1'b0;
    end else begin
      reg_we_q  <= reg_we_i;
      seed_we_q <= seed_we;
    end
  end
  always_ff @(posedge clk_i) seed_q <= seed;

  uet_lb_prng_pipe u_prng (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .seed_we_i  (seed_we_q),
    .seed_i     (seed_q),
    .step_i     (r_explore),
    .set_size_i (cfg_size),
    .ready_o    (prng_ready),
    .value_o    (prng_value),
    .state_o    (unused_prng_state)
  );

  // ---------------------------------------------------------------------------------------------
  // Response queue (4 entries): a request issues only when its response will find room, counting the
  // one in stage U and assuming no response is taken meanwhile.
  localparam int unsigned RspBits = 16 + 3 + GroupW + PsnWidth + 1;
  logic [RspBits-1:0] rsp_mem_q [4];
  logic [1:0]         rsp_wp_q, rsp_rp_q;
  logic               rsp_push, rsp_pop;
  logic [2:0]         rsp_count_q;
  logic               u_req;
  uet_lb_pkg::decision_e rsp_dec_d;

  assign u_req     = u_valid_q && u_kind_q == K_REQ;
  assign rsp_push  = u_req;
  assign rsp_pop   = rsp_valid_o && rsp_ready_i;
  // (rsp_count_q + u_req) < 4 written as a comparison of the count alone (no adder on the issue path).
  assign rsp_space = rsp_count_q < 3'd3 || (rsp_count_q == 3'd3 && !u_req);
  assign rsp_dec_d = u_choose ? r_decision : uet_lb_pkg::DEC_FIXED;

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
    .TrackerEntries (TrackerEntries)
  ) u_regs (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .reg_we_i            (reg_we_i),
    .reg_addr_i          (reg_addr_i),
    .reg_wdata_i         (reg_wdata_i),
    .reg_rdata_o         (reg_rdata_o),
    .group_opened_i      (open_ok),
    .bad_open_i          (open_go && !a_in_range),
    .inc_fb_unopened_i   (fb_go && !a_group_open),
    .inc_efd_untracked_i (trk_untracked),
    .inc_req_unopened_i  (req_go && !a_group_open),
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
    .clear_groups_o      (clear_groups),
    .active_o            (unused_active)
  );

  always_comb begin
    open_d = open_q;
    if (open_ok) open_d[a_group_q] = 1'b1;
    if (clear_groups) open_d = '0;
  end

  // Early-failure observation (its fields are known at issue).
  logic efd_valid_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      open_q      <= '0;
      efd_valid_q <= 1'b0;
    end else begin
      open_q      <= open_d;
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
    assign dbg_open_o         = open_q[dbg_group_i];
    assign dbg_count_o        = (BufBitsMax + 1)'(uet_lb_pkg::cache_count(16'(dbg.wr), 16'(dbg.rd), dbg.full, cfg_buf));
    assign dbg_wr_o           = dbg.wr;
    assign dbg_replay_o       = dbg.replay;
    assign dbg_wrapped_o      = dbg.wrapped;
    assign dbg_freezing_o     = dbg.freezing;
    assign dbg_freeze_start_o = dbg.freeze_start;
    assign dbg_window_left_o  = dbg.window_left;
    assign dbg_slot0_o        = dbg.slots[15:0];
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
      // One event per cycle, and never one whose group stage U is writing.
      assert (32'(trk_fire) + 32'(open_go) + 32'(fb_go) + 32'(req_go) <= 1);
      assert (32'(open_acc) + 32'(fb_acc) + 32'(req_acc) <= 1);
      assert (!(u_valid_q && (trk_fire || fb_go || req_go) && rd_group == u_group_q));
      assert (!(trk_fire && u_valid_q));
      assert (!(u_choose && r_explore && !prng_ready));
      assert (!(rsp_push && rsp_count_q == 3'd4 && !rsp_pop));  // the response queue never overflows
      assert (base_rtt_i != '0 || !trk_alloc);
      assert (!(fb_acc && fb_kind_i > uet_lb_pkg::FB_RTO));
      assert (!a_valid_q || a_group_open_q == (a_in_range && open_q[a_group_q]));  // the copy is exact
      if (past_valid_q && stall_q) assert (rsp_valid_o && rsp_ev_o == past_ev_q);
    end
  end
`endif
endmodule
