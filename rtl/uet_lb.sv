// UET entropy load balancer: chooses the entropy value (UDP source port) of every data packet and
// retransmission, per PDC group, under None, Default Packet Spraying or REPS (SPEC sections 2-9).
//
// Streams (valid/ready): group open, feedback, request in; response out. Open and feedback are always
// ready. A request is answered one cycle after it is accepted (response register, held under
// back-pressure). One open, one feedback, one request and one early-failure event are applied every
// cycle, for any mix of groups, in this order:
//     efd (deadline passed) -> open -> feedback -> request
// so a request sees the effect of the same cycle's feedback on its group, and so on.
`default_nettype none

module uet_lb #(
  parameter int unsigned NumGroups      = 16,  ///< PDC groups, 1..4096
  parameter int unsigned BufBitsMax     = 3,   ///< largest REPSBufferSizeMaskBits, 1..16
  parameter int unsigned TsWidth        = 32,  ///< timestamp width (ns), 16..32
  parameter int unsigned PsnWidth       = 32,  ///< PSN width, 1..32
  parameter int unsigned TrackerEntries = 32,  ///< early-failure tracker entries, 1..256
  parameter int unsigned WindowWidth    = 12,  ///< width of W and window_left, 1..16
  parameter int unsigned BaseRttWidth   = 20,  ///< base RTT width (ns); 8 + BaseRttWidth < TsWidth
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
  input  logic [15:0]             open_port_i,      ///< local port of the PDC that created the group
  // Feedback.
  input  logic                    fb_valid_i,
  output logic                    fb_ready_o,
  input  logic [GroupW-1:0]       fb_group_i,
  input  uet_lb_pkg::fb_kind_e                fb_kind_i,
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
  output uet_lb_pkg::decision_e               rsp_decision_o,
  output logic [GroupW-1:0]       rsp_group_o,
  output logic [PsnWidth-1:0]     rsp_psn_o,
  output logic                    rsp_retx_o,
  // Early-failure events, one cycle after they are applied (observation; no back-pressure).
  output logic                    efd_valid_o,
  output logic [GroupW-1:0]       efd_group_o,
  output logic [PsnWidth-1:0]     efd_psn_o,
  output logic [15:0]             efd_ev_o,
  output logic [TsWidth-1:0]      efd_time_o,       ///< the deadline: the time the efd applies at
  output logic                    efd_due_o,        ///< a tracked packet is past its deadline now
  output logic [$clog2(TrackerEntries+1)-1:0] efd_tracked_o,
  output logic                    idle_o,           ///< every accepted event has been applied (always 1 here)
  // Observation of one group's state (waveforms, debug); leave unconnected in a product.
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
  // ---------------------------------------------------------------------------------------------
  // Elaboration-time parameter checks.
  uet_lb_param_check #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .PsnWidth (PsnWidth),
    .TrackerEntries (TrackerEntries), .WindowWidth (WindowWidth), .BaseRttWidth (BaseRttWidth)
  ) u_param_check ();

  // ---------------------------------------------------------------------------------------------
  // Per-group state table: written without reset (RAM-style); the open bits are reset.
  typedef struct packed {
    logic [SlotsMax*16-1:0]    slots;         // REPS cache, slot k at [16k +: 16]; slot 0 = None port / Default step
    logic [BufBitsMax-1:0]     wr;
    logic [BufBitsMax-1:0]     rd;            // oldest unconsumed slot
    logic                      full;          // C unconsumed values: count = full ? C : (wr - rd) mod C
    logic                      wrapped;       // filled = wrapped ? C : wr
    logic [BufBitsMax-1:0]     replay;
    logic                      freezing;
    logic [TsWidth-1:0]        freeze_start;
    logic [WindowWidth-1:0]    window_left;
  } grp_t;

  // Stored as plain vectors: Yosys 0.23 mishandles unpacked arrays of a packed-struct type.
  localparam int unsigned GrpBits = SlotsMax * 16 + 3 * BufBitsMax + 1 + 1 + 1 + TsWidth + WindowWidth;
`ifdef VERILATOR
  if ($bits(grp_t) != GrpBits) begin : g_bad_grp_bits
    $error("uet_lb: GrpBits does not match grp_t");
  end
`endif
  logic [GrpBits-1:0] state_q [NumGroups];
  logic [NumGroups-1:0] open_q, open_d;

  // Configuration.
  logic [1:0]             cfg_spray;  // a uet_lb_pkg::spray_e value
  logic [7:0]             cfg_span;
  logic [15:0]            cfg_port;
  logic [4:0]             cfg_buf;
  logic [16:0]            cfg_size;
  logic [TsWidth-1:0]     cfg_timeout;
  logic [7:0]             cfg_mult;
  logic [WindowWidth-1:0] cfg_window;
  logic                   seed_we, clear_groups;
  logic [31:0]            seed;
  logic                   unused_active, unused_size_we, unused_efd_on, unused_regs_busy;
  // Outputs of shared blocks that a stage does not use.
  logic [15:0]            unused_e_ev, unused_f_ev;
  uet_lb_pkg::decision_e              unused_e_dec, unused_f_dec;
  logic                   unused_e_explore, unused_f_explore;
  logic [31:0]            unused_prng_state;

  // ---------------------------------------------------------------------------------------------
  // Stream handshakes.
  logic req_fire, rsp_valid_q;
  assign open_ready_o = 1'b1;
  assign fb_ready_o   = 1'b1;
  assign req_ready_o  = !rsp_valid_q || rsp_ready_i;
  assign req_fire     = req_valid_i && req_ready_o;

  // ---------------------------------------------------------------------------------------------
  // Stage E: the early-failure tracker fires its first expired entry in SPEC order (a path failure at
  // its deadline).
  logic                trk_fire;
  logic [GroupW-1:0]   trk_group;
  logic [PsnWidth-1:0] trk_psn;
  logic [15:0]         trk_ev;
  logic [TsWidth-1:0]  trk_deadline;
  logic                trk_untracked, trk_alloc;
  grp_t                e_in, s_e;

  // Stage O: open resets the group.
  grp_t                s_o;
  // Stage F: feedback.
  grp_t                f_in, s_f;
  logic                f_open, f_apply;
  // Stage R: request.
  grp_t                r_in, s_r;
  logic                r_open, r_apply;
  logic [15:0]         r_ev, prng_value;
  uet_lb_pkg::decision_e           r_decision;
  logic                r_explore;

  // Group numbers at or above NumGroups (possible when NumGroups is not a power of two) name no group:
  // such an open is dropped and flagged (STATUS.ERR_GROUP); feedback and requests for them count as
  // for unopened groups.
  logic open_ok, fb_in_range, req_in_range;
  if (NumGroups == (1 << GroupW)) begin : g_pow2
    assign open_ok      = open_valid_i;
    assign fb_in_range  = 1'b1;
    assign req_in_range = 1'b1;
  end else begin : g_range
    assign open_ok      = open_valid_i && (32'(open_group_i) < NumGroups);
    assign fb_in_range  = 32'(fb_group_i) < NumGroups;
    assign req_in_range = 32'(req_group_i) < NumGroups;
  end

  // Whether a group is open when stage F or R reads it (an open earlier in the cycle counts).
  assign f_open  = fb_in_range && (open_q[fb_group_i] || (open_ok && open_group_i == fb_group_i));
  assign r_open  = req_in_range && (open_q[req_group_i] || (open_ok && open_group_i == req_group_i));
  assign f_apply = fb_valid_i && f_open;
  assign r_apply = req_fire && r_open;

  // Forwarding: each stage reads the newest state of its group in this cycle.
  assign e_in = state_q[trk_group];

  always_comb begin
    f_in = state_q[fb_group_i];
    if (trk_fire && trk_group == fb_group_i) f_in = s_e;
    if (open_ok && open_group_i == fb_group_i) f_in = s_o;

    r_in = state_q[req_group_i];
    if (trk_fire && trk_group == req_group_i) r_in = s_e;
    if (open_ok && open_group_i == req_group_i) r_in = s_o;
    if (f_apply && fb_group_i == req_group_i) r_in = s_f;
  end

  always_comb begin
    s_o          = '0;
    s_o.slots[15:0] = (cfg_spray == uet_lb_pkg::SPRAY_NONE) ? open_port_i : 16'd0;
  end

  // One instance of the group logic per stage.
  uet_lb_group #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_grp_e (
    .spray_type_i (cfg_spray), .span_mask_i (cfg_span), .start_port_i (cfg_port), .buf_bits_i (cfg_buf),
    .freeze_timeout_i (cfg_timeout), .window_i (cfg_window),
    .now_i (trk_deadline), .failure_i (trk_fire), .recycle_i (1'b0), .recycle_ev_i (16'd0),
    .choose_i (1'b0), .explore_ev_i (16'd0),
    .slots_i (e_in.slots), .wr_i (e_in.wr), .rd_i (e_in.rd), .full_i (e_in.full), .wrapped_i (e_in.wrapped),
    .replay_i (e_in.replay), .freezing_i (e_in.freezing), .freeze_start_i (e_in.freeze_start),
    .window_left_i (e_in.window_left),
    .slots_o (s_e.slots), .wr_o (s_e.wr), .rd_o (s_e.rd), .full_o (s_e.full), .wrapped_o (s_e.wrapped),
    .replay_o (s_e.replay), .freezing_o (s_e.freezing), .freeze_start_o (s_e.freeze_start),
    .window_left_o (s_e.window_left),
    .ev_o (unused_e_ev), .decision_o (unused_e_dec), .explore_o (unused_e_explore)
  );

  uet_lb_group #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_grp_f (
    .spray_type_i (cfg_spray), .span_mask_i (cfg_span), .start_port_i (cfg_port), .buf_bits_i (cfg_buf),
    .freeze_timeout_i (cfg_timeout), .window_i (cfg_window),
    .now_i (now_i), .failure_i (f_apply && fb_kind_i == uet_lb_pkg::FB_RTO),
    .recycle_i (f_apply && (fb_kind_i == uet_lb_pkg::FB_ACK || fb_kind_i == uet_lb_pkg::FB_NACK_TRIM_LAST_HOP)),
    .recycle_ev_i (fb_ev_i), .choose_i (1'b0), .explore_ev_i (16'd0),
    .slots_i (f_in.slots), .wr_i (f_in.wr), .rd_i (f_in.rd), .full_i (f_in.full), .wrapped_i (f_in.wrapped),
    .replay_i (f_in.replay), .freezing_i (f_in.freezing), .freeze_start_i (f_in.freeze_start),
    .window_left_i (f_in.window_left),
    .slots_o (s_f.slots), .wr_o (s_f.wr), .rd_o (s_f.rd), .full_o (s_f.full), .wrapped_o (s_f.wrapped),
    .replay_o (s_f.replay), .freezing_o (s_f.freezing), .freeze_start_o (s_f.freeze_start),
    .window_left_o (s_f.window_left),
    .ev_o (unused_f_ev), .decision_o (unused_f_dec), .explore_o (unused_f_explore)
  );

  uet_lb_group #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_grp_r (
    .spray_type_i (cfg_spray), .span_mask_i (cfg_span), .start_port_i (cfg_port), .buf_bits_i (cfg_buf),
    .freeze_timeout_i (cfg_timeout), .window_i (cfg_window),
    .now_i (now_i), .failure_i (1'b0), .recycle_i (1'b0), .recycle_ev_i (16'd0),
    .choose_i (r_apply), .explore_ev_i (prng_value),
    .slots_i (r_in.slots), .wr_i (r_in.wr), .rd_i (r_in.rd), .full_i (r_in.full), .wrapped_i (r_in.wrapped),
    .replay_i (r_in.replay), .freezing_i (r_in.freezing), .freeze_start_i (r_in.freeze_start),
    .window_left_i (r_in.window_left),
    .slots_o (s_r.slots), .wr_o (s_r.wr), .rd_o (s_r.rd), .full_o (s_r.full), .wrapped_o (s_r.wrapped),
    .replay_o (s_r.replay), .freezing_o (s_r.freezing), .freeze_start_o (s_r.freeze_start),
    .window_left_o (s_r.window_left),
    .ev_o (r_ev), .decision_o (r_decision), .explore_o (r_explore)
  );

  uet_lb_prng u_prng (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .seed_we_i  (seed_we),
    .seed_i     (seed),
    .step_i     (r_explore),
    .set_size_i (cfg_size),
    .value_o    (prng_value),
    .state_o    (unused_prng_state)
  );

  // ---------------------------------------------------------------------------------------------
  // Early-failure tracker.
  logic [TsWidth-1:0] deadline;
  assign deadline  = now_i + TsWidth'(cfg_mult * base_rtt_i);
  assign trk_alloc = r_apply && cfg_spray == uet_lb_pkg::SPRAY_REPS && cfg_mult != 8'd0;

  uet_lb_efd_tracker #(
    .Entries (TrackerEntries), .GroupW (GroupW), .PsnWidth (PsnWidth), .TsWidth (TsWidth)
  ) u_tracker (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .now_i            (now_i),
    .flush_i          (clear_groups),
    .drop_i           (open_ok),
    .drop_group_i     (open_group_i),
    .clear_i          (f_apply && fb_kind_i != uet_lb_pkg::FB_RTO),
    .clear_group_i    (fb_group_i),
    .clear_psn_i      (fb_psn_i),
    .alloc_i          (trk_alloc),
    .alloc_group_i    (req_group_i),
    .alloc_psn_i      (req_psn_i),
    .alloc_ev_i       (r_ev),
    .alloc_deadline_i (deadline),
    .untracked_o      (trk_untracked),
    .fire_o           (trk_fire),
    .fire_group_o     (trk_group),
    .fire_psn_o       (trk_psn),
    .fire_ev_o        (trk_ev),
    .fire_deadline_o  (trk_deadline),
    .due_o            (efd_due_o),
    .count_o          (efd_tracked_o)
  );
  // Every event applies at the edge that accepts it: nothing is ever in flight.
  assign idle_o = 1'b1;

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
    .bad_open_i          (open_valid_i && !open_ok),
    .inc_fb_unopened_i   (fb_valid_i && !f_open),
    .inc_efd_untracked_i (trk_untracked),
    .inc_req_unopened_i  (req_fire && !r_open),
    .in_flight_i         (1'b0),  // every event applies in the cycle it is accepted
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
    .size_we_o           (unused_size_we),
    .efd_on_o            (unused_efd_on),
    .clear_groups_o      (clear_groups),
    .active_o            (unused_active),
    .busy_o              (unused_regs_busy)  // (counters in one chain: never busy)
  );

  // ---------------------------------------------------------------------------------------------
  // State update: later stages win when they touch the same group (they already include the earlier
  // stages' effects through forwarding).
  always_comb begin
    open_d = open_q;
    if (open_ok) open_d[open_group_i] = 1'b1;
    if (clear_groups) open_d = '0;
  end

  // One write per group per cycle: the newest stage that touched it.
  for (genvar g = 0; g < NumGroups; g++) begin : g_state
    always_ff @(posedge clk_i) begin
      if (r_apply && 32'(req_group_i) == g) begin
        state_q[g] <= s_r;
      end else if (f_apply && 32'(fb_group_i) == g) begin
        state_q[g] <= s_f;
      end else if (open_ok && 32'(open_group_i) == g) begin
        state_q[g] <= s_o;
      end else if (trk_fire && 32'(trk_group) == g) begin
        state_q[g] <= s_e;
      end
    end
  end

  // Response and efd observation registers.
  logic [15:0]         rsp_ev_q;
  uet_lb_pkg::decision_e           rsp_decision_q;
  logic [GroupW-1:0]   rsp_group_q;
  logic [PsnWidth-1:0] rsp_psn_q;
  logic                rsp_retx_q;
  logic                efd_valid_q;
  logic [GroupW-1:0]   efd_group_q;
  logic [PsnWidth-1:0] efd_psn_q;
  logic [15:0]         efd_ev_q;
  logic [TsWidth-1:0]  efd_time_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      open_q      <= '0;
      rsp_valid_q <= 1'b0;
      efd_valid_q <= 1'b0;
    end else begin
      open_q      <= open_d;
      efd_valid_q <= trk_fire;
      if (req_fire) begin
        rsp_valid_q <= 1'b1;
      end else if (rsp_ready_i) begin
        rsp_valid_q <= 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_fire) begin
      rsp_ev_q       <= r_apply ? r_ev : 16'd0;
      rsp_decision_q <= r_apply ? r_decision : uet_lb_pkg::DEC_FIXED;
      rsp_group_q    <= req_group_i;
      rsp_psn_q      <= req_psn_i;
      rsp_retx_q     <= req_retx_i;
    end
    if (trk_fire) begin
      efd_group_q <= trk_group;
      efd_psn_q   <= trk_psn;
      efd_ev_q    <= trk_ev;
      efd_time_q  <= trk_deadline;
    end
  end

  assign rsp_valid_o    = rsp_valid_q;
  assign rsp_ev_o       = rsp_ev_q;
  assign rsp_decision_o = rsp_decision_q;
  assign rsp_group_o    = rsp_group_q;
  assign rsp_psn_o      = rsp_psn_q;
  assign rsp_retx_o     = rsp_retx_q;
  assign efd_valid_o    = efd_valid_q;
  assign efd_group_o    = efd_group_q;
  assign efd_psn_o      = efd_psn_q;
  assign efd_ev_o       = efd_ev_q;
  assign efd_time_o     = efd_time_q;

  // Observation port.
  grp_t dbg;
  assign dbg                = state_q[dbg_group_i];
  assign dbg_open_o         = open_q[dbg_group_i];
  assign dbg_count_o        = (BufBitsMax + 1)'(uet_lb_pkg::cache_count(16'(dbg.wr), 16'(dbg.rd), dbg.full, cfg_buf));
  assign dbg_wr_o           = dbg.wr;
  assign dbg_replay_o       = dbg.replay;
  assign dbg_wrapped_o      = dbg.wrapped;
  assign dbg_freezing_o     = dbg.freezing;
  assign dbg_freeze_start_o = dbg.freeze_start;
  assign dbg_window_left_o  = dbg.window_left;
  assign dbg_slot0_o        = dbg.slots[15:0];

  // ---------------------------------------------------------------------------------------------
  // Assertions (Verilator --assert and Yosys read_verilog -formal): registered history, no sequences.
`ifndef SYNTHESIS
  logic                past_valid_q, stall_q, req_stall_q, req_fire_q;
  logic [15:0]         past_ev_q;
  uet_lb_pkg::decision_e           past_dec_q;
  logic [PsnWidth-1:0] past_psn_q;
  logic [GroupW-1:0]   past_req_group_q;
  always_ff @(posedge clk_i) begin
    past_valid_q     <= rst_ni;
    stall_q          <= rsp_valid_o && !rsp_ready_i;
    req_stall_q      <= req_valid_i && !req_ready_o;
    req_fire_q       <= req_fire;
    past_ev_q        <= rsp_ev_o;
    past_dec_q       <= rsp_decision_o;
    past_psn_q       <= req_psn_i;
    past_req_group_q <= req_group_i;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && past_valid_q) begin
      // A response is held, unchanged, until it is taken.
      if (stall_q) assert (rsp_valid_o && rsp_ev_o == past_ev_q && rsp_decision_o == past_dec_q);
      // No response without a request: a new response follows an accepted request.
      if (rsp_valid_o && !stall_q) assert (req_fire_q);
      // Inputs: a request is held until it is accepted (checked on the environment).
      if (req_stall_q) assert (req_valid_i && req_psn_i == past_psn_q && req_group_i == past_req_group_q);
    end
    if (rst_ni) begin
      assert (base_rtt_i != '0 || !trk_alloc);
      assert (!(fb_valid_i && fb_kind_i > uet_lb_pkg::FB_RTO));
    end
  end
`endif
endmodule
