// UET entropy load balancer: chooses the entropy value (UDP source port) of every data packet and
// retransmission, per PDC group, under None, Default Packet Spraying or REPS (SPEC sections 2-9).
//
// Throughput: one request-lane event (a request or an open) and one feedback-lane event (a feedback or an
// early failure) every cycle, for any groups, the same group on both included. The feedback lane applies
// first. An open and a request offered together take turns when the request waited. A response
// leaves uet_lb_pkg::RspLatency cycles after its request is accepted, in acceptance order, held until taken. An
// early failure takes the feedback lane for the one cycle whose events are first past its deadline (a
// feedback offered then waits a cycle); the streams wait only while another tracked packet is past due
// too (efd_due_o), which happens when two deadlines fall within three cycles of each other.
//
// Structure (docs/architecture.md): the per-group state (uet_lb_update's word) lives in two RAM banks,
// one written by each lane, with a flip-flop per group saying which bank holds the group's newest word
// (a live-value table); each lane reads both banks. An event reads its group's word in stages B-D
// (the RAM, then the newest of the words written since, forwarded), and is applied in stage L, where the
// state registers of both lanes hold their groups' words: the only one-cycle loop is a group's own
// update (an event on a group that stage L applies takes L's result directly). Stage X writes the banks
// and the slot RAM (the REPS caches' values), reads a slot, steps the PRNG; the entropy value is final
// in stage Z; the early-failure tracker takes the clears and allocations from stage X.
`default_nettype none

module uet_lb #(
  parameter int unsigned NumGroups      = 16,    ///< PDC groups, 1..4096
  parameter int unsigned BufBitsMax     = 3,     ///< largest REPSBufferSizeMaskBits, 1..15
  parameter int unsigned TsWidth        = 32,    ///< timestamp width (ns), 16..32
  parameter int unsigned PsnWidth       = 32,    ///< PSN width, 1..32
  parameter int unsigned TrackerEntries = 1024,  ///< early-failure tracker ways (a power of 2, >= TrackerWays)
  parameter int unsigned TrackerWays    = 4,     ///< ways per tracker set: 1, 2 or 4
  parameter int unsigned TrackerRuns    = 2,     ///< deadline-ordered runs of the tracker, 1..4
  /// Packets a tracker run holds from its oldest live one on (a power of 2, >= 64): at least those sent
  /// within the longest M x base RTT, else some go untracked.
  parameter int unsigned TrackerRunDepth = (TrackerEntries < 32) ? 64 : 2 * TrackerEntries,
  parameter int unsigned WindowWidth    = 12,    ///< width of W and window_left, 1..16
  parameter int unsigned BaseRttWidth   = 20,    ///< base RTT width (ns); 8 + BaseRttWidth < TsWidth
  parameter bit          DbgPort        = 1'b1,  ///< 0: no dbg_* port (outputs 0, its RAM copies removed)
  parameter bit          Ecc            = 1'b1,  ///< SECDED on the group-state words and the slot RAM
                                                 ///< (docs/architecture.md, "Protection")
  // Derived, do not override.
  parameter int unsigned GroupW         = (NumGroups > 1) ? $clog2(NumGroups) : 1,
  /// Bits of a stored group-state word: the word, and its check bits with Ecc.
  parameter int unsigned CodeW          = uet_lb_pkg::state_w(TsWidth, WindowWidth, BufBitsMax)
                                          + (Ecc ? uet_lb_secded_pkg::check_bits(
                                                     uet_lb_pkg::state_w(TsWidth, WindowWidth, BufBitsMax)) : 0)
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
  // Early-failure events, once applied (observation; no back-pressure).
  output logic                    efd_valid_o,
  output logic [GroupW-1:0]       efd_group_o,
  output logic [PsnWidth-1:0]     efd_psn_o,
  output logic [15:0]             efd_ev_o,
  output logic [TsWidth-1:0]      efd_time_o,       ///< the deadline: the time the efd applies at
  output logic                    efd_due_o,        ///< a tracked packet other than the one firing is (or may
                                                    ///< be) past its deadline at now_i: the streams wait
  output logic                    efd_pending_o,    ///< an early failure is due at now_i (it fires next cycle
                                                    ///< or when nothing blocks it), fires, or is on its way to
                                                    ///< efd_valid_o (or efd_due_o): a driver that records the
                                                    ///< order of events waits for it
  output logic [$clog2(TrackerEntries+1)-1:0] efd_tracked_o,
  output logic                    idle_o,           ///< every accepted event and register write applied
  // Observation of one group's state as stored (waveforms, debug; DbgPort), four cycles late.
  input  logic [GroupW-1:0]       dbg_group_i,
  output logic                    dbg_open_o,
  output logic [BufBitsMax:0]     dbg_count_o,
  output logic [BufBitsMax-1:0]   dbg_wr_o,
  output logic [BufBitsMax-1:0]   dbg_replay_o,
  output logic                    dbg_wrapped_o,
  output logic                    dbg_freezing_o,
  output logic [TsWidth-1:0]      dbg_freeze_start_o,
  output logic [WindowWidth-1:0]  dbg_window_left_o,
  output logic [15:0]             dbg_slot0_o,      ///< REPS: slot 0; None: the local port; Default: the step
  // Register port.
  input  logic                    reg_we_i,
  input  logic [5:0]              reg_addr_i,
  input  logic [31:0]             reg_wdata_i,
  output logic [31:0]             reg_rdata_o,
  output logic                    reg_werr_o,       ///< the write presented two cycles ago was refused (the
                                                    ///< STATUS error bits say why): a bus error for wrappers
  // Test-only error injection (tie ecc_inj_i to 0): a pulse arms it; the next write of ecc_inj_group_i's
  // state word (ecc_inj_slot_i 0) or of one of its slots (1) stores it with the mask's bits flipped
  // (docs/registers.md, "Error injection"). The mask has a fixed width, whatever the build's: bits beyond
  // the stored word's are ignored.
  input  logic                    ecc_inj_i,
  input  logic                    ecc_inj_slot_i,
  input  logic [GroupW-1:0]       ecc_inj_group_i,
  input  logic [127:0]            ecc_inj_mask_i
);
  // ---------------------------------------------------------------------------------------------
  // Elaboration-time parameter checks.
  uet_lb_param_check #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .PsnWidth (PsnWidth),
    .TrackerEntries (TrackerEntries), .TrackerWays (TrackerWays), .TrackerRuns (TrackerRuns),
    .TrackerRunDepth (TrackerRunDepth), .WindowWidth (WindowWidth), .BaseRttWidth (BaseRttWidth)
  ) u_param_check ();

  // An open adds one to its group's generation; an early failure applies only to the generation its
  // packet was sent in (an open drops the group's tracked packets, SPEC section 6).
  localparam int unsigned GenW     = uet_lb_pkg::GenW;
  localparam int unsigned PtrW     = BufBitsMax;
  localparam int unsigned StateW   = uet_lb_pkg::state_w(TsWidth, WindowWidth, PtrW);

  // ---------------------------------------------------------------------------------------------
  // Registers (the active configuration) and what the core derives from them.
  logic [1:0]             cfg_spray;  // a uet_lb_pkg::spray_e value
  logic [7:0]             cfg_span;
  logic [15:0]            cfg_port;
  logic [4:0]             cfg_buf;
  logic [16:0]            cfg_size;
  logic [TsWidth-1:0]     cfg_timeout;
  logic [7:0]             cfg_mult;
  logic [WindowWidth-1:0] cfg_window;
  logic                   cfg_efd_on, seed_we, clear_groups, regs_pending, unused_active;
  logic [31:0]            seed;
  logic                   apply;
  logic                   bad_open, opened, opens_out, inc_fb_unopened, inc_req_unopened, trk_untracked;
  logic [2:0]             ecc_corrected, ecc_double;  // a read corrected one flip, found two: {slot (at E),
                                                      // request lane's word at C, feedback lane's}

  uet_lb_regs #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth),
    .TrackerEntries (TrackerEntries), .TrackerWays (TrackerWays), .TrackerRuns (TrackerRuns), .CodeW (CodeW),
    .Ecc (Ecc)
  ) u_regs (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .reg_we_i (reg_we_i), .reg_addr_i (reg_addr_i), .reg_wdata_i (reg_wdata_i), .reg_rdata_o (reg_rdata_o),
    .reg_werr_o (reg_werr_o),
    .group_opened_i (opened), .opening_i (opens_out), .bad_open_i (bad_open), .inc_fb_unopened_i (inc_fb_unopened),
    .inc_efd_untracked_i (trk_untracked), .inc_req_unopened_i (inc_req_unopened),
    .inc_ecc_corrected_i (ecc_corrected), .inc_ecc_double_i (ecc_double),
    .apply_i (apply), .pending_o (regs_pending), .pending_next_o (regs_pending_d),
    .spray_type_o (cfg_spray), .span_mask_o (cfg_span), .start_port_o (cfg_port), .buf_bits_o (cfg_buf),
    .set_size_o (cfg_size), .freeze_timeout_o (cfg_timeout), .efd_mult_o (cfg_mult), .window_o (cfg_window),
    .seed_we_o (seed_we), .seed_o (seed), .efd_on_o (cfg_efd_on), .clear_groups_o (clear_groups),
    .active_o (unused_active)
  );

  // Derived, registered (uet_lb_cfg: they follow an apply; the streams wait while they settle).
  logic [PtrW-1:0]        cmask_q;        // C - 1
  logic [BufBitsMax:0]    cap_q;          // C
  logic [WindowWidth-1:0] w_m1_q;         // W - 1 (0 for W = 0)
  logic                   w_nz_q, w_ge2_q, w_x_q, w_x1_q;
  logic [TsWidth-1:0]     span_q;         // M x base RTT
  logic                   span_moves;     // span_q may change at the next edge
  logic                   none_q, dflt_q, reps_q, efd_on_q;  // the spraying type, one-hot; REPS with M > 0
  uet_lb_cfg #(
    .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth), .BaseRttWidth (BaseRttWidth)
  ) u_cfg (
    .clk_i (clk_i), .rst_ni (rst_ni), .spray_i (cfg_spray), .efd_on_i (cfg_efd_on), .buf_bits_i (cfg_buf),
    .window_i (cfg_window), .mult_i (cfg_mult), .base_rtt_i (base_rtt_i),
    .none_o (none_q), .dflt_o (dflt_q), .reps_o (reps_q), .efd_on_o (efd_on_q), .cmask_o (cmask_q), .cap_o (cap_q),
    .w_m1_o (w_m1_q), .w_nz_o (w_nz_q), .w_ge2_o (w_ge2_q), .w_x_o (w_x_q), .w_x1_o (w_x1_q), .span_o (span_q),
    .span_moves_o (span_moves)
  );

  // ---------------------------------------------------------------------------------------------
  // Tracker (instantiated below) signals the front needs (registered there, a cycle ahead).
  logic                trk_hold, trk_unsettled, trk_interlock, trk_fire, trk_fire_next, trk_fire_due, trk_kill;
  logic                trk_busy;  // flip-flops only: this cycle's operations are stage X's, counted there
  logic                trk_stop;  // trk_hold, trk_unsettled or a fire that waited: an OR of flip-flops
  logic [GroupW-1:0]   trk_group;
  logic [PsnWidth-1:0] trk_psn;
  logic [15:0]         trk_ev;
  logic [GenW-1:0]     trk_gen;
  logic [TsWidth-1:0]  trk_deadline;

  // The lanes' stages (uet_lb_lanes, below): what each block reads of them.
  logic [4:0]           stage_rq;  // A..L hold a request, and its deadline (admission, the tracker)
  logic [5*TsWidth-1:0] stage_dl;
  logic [GroupW-1:0]    take_f_g, take_r_g, b_f_g, b_r_g, c_f_g, c_r_g, d_f_g, d_r_g, l_f_g, l_r_g, x_f_g, x_r_g;
  logic                 b_f_inr, b_r_inr, c_f_inr, c_r_inr;
  logic                 d_f_v, d_f_fb, d_f_efd, d_tlt, d_same, d_src_f, d_src_r, d_op, d_rq;
  logic [2:0]           d_f_kind, x_r_dec;
  logic [TsWidth-1:0]   d_f_t, d_tmt, l_f_t, x_r_t, x_r_dl;
  logic [GenW-1:0]      d_f_gen, x_r_gen;
  logic                 l_f_v, l_f_efd, l_same, l_src_f, l_src_r, l_r_v, l_r_op;
  logic [15:0]          l_f_ev, l_r_port, x_f_ev, x_r_aux;
  logic                 x_rec, x_rq, x_r_applies, x_r_retx, trk_clr, trk_alc;
  logic [PtrW-1:0]      x_f_slot, x_r_slot;
  logic [PsnWidth-1:0]  x_f_psn, x_r_psn;
  logic [5:0]           f_v, f_fb, f_efd, r_v, r_open;
  logic [5*TsWidth-1:0] r_t;
  logic [3:0]           pre_clr;  // clears in B..L, for the tracker's check of a fire
  logic [4*GroupW-1:0]  pre_group;
  logic [4*PsnWidth-1:0] pre_psn;

  // ---------------------------------------------------------------------------------------------
  // The core's own open: a slot read with two flipped bits (u_respond's e_double_o) leaves its group's cache
  // untrusted, so the core opens the group again, as the host would: the open goes to admission ahead of
  // the host's (whose open_ready_o is low meanwhile) and takes the request lane like any open, behind the
  // group's events in flight, so every later event sees the fresh state. Dropped by a CTRL clear (every
  // group closes). No response, no counter: CNT_ECC_DOUBLE counted the read.
  logic              heal_q, heal_set;
  logic [GroupW-1:0] heal_g_q, heal_set_g;
  logic              open_v, open_rdy;
  logic [GroupW-1:0] open_g;
  logic [15:0]       open_p;
  assign open_v       = open_valid_i || heal_q;
  assign open_g       = heal_q ? heal_g_q : open_group_i;
  assign open_p       = heal_q ? 16'd0 : open_port_i;
  assign open_ready_o = open_rdy && !heal_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_groups) heal_q <= 1'b0;
    else if (heal_set) heal_q <= 1'b1;
    else if (open_take) heal_q <= 1'b0;
    if (heal_set) heal_g_q <= heal_set_g;
  end

  // ---------------------------------------------------------------------------------------------
  // Admission (uet_lb_admit): what the core takes this cycle, decided from flip-flops made a cycle ahead.
  logic [TsWidth-1:0] now_q, cand_dl;
  logic               open_take, fb_take, req_take, offer_open, unused_due_next, settling, settled, drained_q;
  logic               regs_pending_d, sweep_d, reqs_out, fbs_out, empty, rsp_take;  // (defined below)
  uet_lb_admit #(.TsWidth (TsWidth), .Stages (5)) u_admit (
    .clk_i (clk_i), .rst_ni (rst_ni), .now_i (now_i), .span_i (span_q), .efd_on_i (efd_on_q),
    .open_valid_i (open_v), .fb_valid_i (fb_valid_i), .req_valid_i (req_valid_i),
    .open_ready_o (open_rdy), .fb_ready_o (fb_ready_o), .req_ready_o (req_ready_o),
    .open_take_o (open_take), .fb_take_o (fb_take), .req_take_o (req_take), .offer_open_o (offer_open),
    .now_o (now_q), .deadline_o (cand_dl),
    .stage_req_i (stage_rq), .stage_dl_i (stage_dl),
    .due_next_o (unused_due_next),  // (the stall's own: a fire's waits are the tracker's)
    .hold_next_i (sweep_d || regs_pending_d), .apply_i (apply), .settling_o (settling), .settled_o (settled),
    .trk_stop_i (trk_stop), .trk_fire_i (trk_fire), .trk_interlock_i (trk_interlock),
    .reqs_out_i (reqs_out), .fbs_out_i (fbs_out), .empty_i (empty), .drained_o (drained_q),
    .rsp_take_i (rsp_take)
  );

  // The lanes (uet_lb_lanes): stage A's records from what admission takes, their moves to L, stage X's
  // from what L did, and the early failures applied (the efd_* outputs).
  uet_lb_pkg::decision_e l_dec;
  logic [15:0]           l_aux;
  logic [PtrW-1:0]       l_slot_rd, l_slot_wr;
  logic                  l_f_open, l_r_open, l_live, l_recycle;
  logic [StateW-1:0]     next_f, next_r;  // L's results this cycle
  uet_lb_lanes #(
    .NumGroups (NumGroups), .GroupW (GroupW), .PsnWidth (PsnWidth), .TsWidth (TsWidth), .GenW (GenW), .PtrW (PtrW)
  ) u_lanes (
    .clk_i (clk_i), .rst_ni (rst_ni), .now_q_i (now_q), .deadline_i (cand_dl),
    .fb_take_i (fb_take), .req_take_i (req_take), .open_take_i (open_take), .offer_open_i (offer_open),
    .fb_kind_i (fb_kind_i), .fb_group_i (fb_group_i), .fb_ev_i (fb_ev_i), .fb_psn_i (fb_psn_i),
    .open_group_i (open_g), .open_port_i (open_p), .req_group_i (req_group_i), .req_psn_i (req_psn_i),
    .req_retx_i (req_retx_i), .fire_i (trk_fire), .fire_group_i (trk_group), .fire_ev_i (trk_ev),
    .fire_psn_i (trk_psn), .fire_deadline_i (trk_deadline), .fire_gen_i (trk_gen), .kill_i (trk_kill),
    .timeout_i (cfg_timeout), .bad_open_o (bad_open),
    .take_f_g_o (take_f_g), .take_r_g_o (take_r_g), .b_f_g_o (b_f_g), .b_r_g_o (b_r_g), .b_f_inr_o (b_f_inr),
    .b_r_inr_o (b_r_inr), .c_f_g_o (c_f_g), .c_r_g_o (c_r_g), .c_f_inr_o (c_f_inr), .c_r_inr_o (c_r_inr),
    .d_f_v_o (d_f_v), .d_f_fb_o (d_f_fb), .d_f_efd_o (d_f_efd), .d_f_kind_o (d_f_kind), .d_f_g_o (d_f_g),
    .d_f_t_o (d_f_t), .d_f_gen_o (d_f_gen), .d_tmt_o (d_tmt), .d_tlt_o (d_tlt), .d_same_o (d_same),
    .d_src_f_o (d_src_f), .d_src_r_o (d_src_r), .d_r_g_o (d_r_g), .d_open_o (d_op), .d_req_o (d_rq),
    .l_f_v_o (l_f_v), .l_f_efd_o (l_f_efd), .l_f_g_o (l_f_g), .l_f_ev_o (l_f_ev), .l_f_t_o (l_f_t),
    .l_same_o (l_same), .l_src_f_o (l_src_f), .l_src_r_o (l_src_r), .l_r_v_o (l_r_v), .l_r_op_o (l_r_op),
    .l_r_g_o (l_r_g), .l_r_port_o (l_r_port),
    .l_live_i (l_live), .l_f_was_open_i (l_f_open), .l_r_was_open_i (l_r_open), .l_recycle_i (l_recycle),
    .l_slot_wr_i (l_slot_wr), .l_dec_i (l_dec), .l_aux_i (l_aux), .l_slot_rd_i (l_slot_rd),
    .l_gen_i (next_r[GenW:1]), .efd_on_i (efd_on_q),
    .x_rec_o (x_rec), .x_f_g_o (x_f_g), .x_f_slot_o (x_f_slot), .x_f_ev_o (x_f_ev), .x_f_psn_o (x_f_psn),
    .x_req_o (x_rq), .x_r_applies_o (x_r_applies), .x_r_g_o (x_r_g), .x_r_psn_o (x_r_psn),
    .x_r_retx_o (x_r_retx), .x_r_t_o (x_r_t), .x_r_dl_o (x_r_dl), .x_r_dec_o (x_r_dec), .x_r_aux_o (x_r_aux),
    .x_r_slot_o (x_r_slot), .x_r_gen_o (x_r_gen), .clr_o (trk_clr), .alc_o (trk_alc),
    .inc_fb_unopened_o (inc_fb_unopened), .inc_req_unopened_o (inc_req_unopened), .opened_o (opened),
    .f_v_o (f_v), .f_fb_o (f_fb), .f_efd_o (f_efd), .r_v_o (r_v), .r_open_o (r_open), .r_t_o (r_t),
    .stage_rq_o (stage_rq), .stage_dl_o (stage_dl),
    .pre_clr_o (pre_clr), .pre_group_o (pre_group), .pre_psn_o (pre_psn),
    .efd_valid_o (efd_valid_o), .efd_group_o (efd_group_o), .efd_psn_o (efd_psn_o), .efd_ev_o (efd_ev_o),
    .efd_time_o (efd_time_o)
  );

  // ---------------------------------------------------------------------------------------------
  // The state store (uet_lb_store): the sweep, bank F (the feedback lane's words and the sweep's), bank R
  // (the request lane's) and the live-value table, SECDED-coded with Ecc. Readers: the feedback lane, the
  // request lane, the debug port; the lanes' address is the group stage A takes (so the read starts a cycle
  // before A), the newest word out, decoded, in stage C's cycle.
  localparam int unsigned Readers = DbgPort ? 3 : 2;
  logic                x_wf, x_wr;                    // stage X writes a word (bank F, bank R)
  logic [GroupW-1:0]   x_wf_g, x_wr_g;
  logic [StateW-1:0]   x_wf_d, x_wr_d;
  logic                sweep_q;
  logic [Readers*GroupW-1:0] rd_addr;
  logic [StateW-1:0]   word_f, word_r;  // the lanes' words, at stage C
  logic [StateW-1:0]   word_dbg;
  logic [Readers*StateW-1:0] rd_word;
  logic [Readers-1:0]  rd_single, rd_double;
  if (DbgPort) begin : g_dbg_addr
    assign rd_addr = {dbg_group_i, take_r_g, take_f_g};
    assign word_dbg = rd_word[2 * StateW +: StateW];
  end else begin : g_no_dbg_addr
    assign rd_addr = {take_r_g, take_f_g};
    assign word_dbg = '0;
  end
  // A word read with two flipped bits is replaced by a fresh open's (REPS, Default Packet Spraying: open,
  // the generation one past the word's as read, every other field zero): the group explores again, as
  // after an open. Under None the word's local port is lost with it, so the group is closed instead (its
  // requests are then counted as for an unopened group). Counted in CNT_ECC_DOUBLE, flagged in STATUS.
  function automatic logic [StateW-1:0] after_double(input logic [GenW-1:0] gen, input logic none);
    after_double = none ? '0 : StateW'({gen + GenW'(1), 1'b1});
  endfunction
  assign word_f = rd_double[0] ? after_double(rd_word[1 +: GenW], none_q) : rd_word[0 +: StateW];
  assign word_r = rd_double[1] ? after_double(rd_word[StateW + 1 +: GenW], none_q) : rd_word[StateW +: StateW];
  uet_lb_store #(.NumGroups (NumGroups), .StateW (StateW), .Readers (Readers), .Ecc (Ecc)) u_store (
    .clk_i (clk_i), .rst_ni (rst_ni), .clear_i (clear_groups), .sweep_o (sweep_q), .sweep_next_o (sweep_d),
    .next_wf_i (l_src_f), .next_wf_group_i (l_f_g), .next_wr_i (l_src_r), .next_wr_group_i (l_r_g),
    .wf_i (x_wf), .wf_group_i (x_wf_g), .wf_word_i (x_wf_d), .wr_i (x_wr), .wr_group_i (x_wr_g), .wr_word_i (x_wr_d),
    .rd_group_i (rd_addr), .rd_word_o (rd_word), .rd_single_o (rd_single), .rd_double_o (rd_double),
    .inj_i (ecc_inj_i && !ecc_inj_slot_i), .inj_group_i (ecc_inj_group_i), .inj_mask_i (ecc_inj_mask_i[CodeW-1:0])
  );

  // ---------------------------------------------------------------------------------------------
  // Forwarding (uet_lb_forward): L's results of the last four cycles, and the newest word of each lane's
  // group at stage D (pre_f, pre_r) with where L's next words come from (the loop: d_fwd_*.lr, .lf).
  typedef struct packed {
    logic lr, lf, xr, xf;
  } fwd_t;
  typedef struct packed {
    logic lr, lf;
  } fwd_loop_t;
  fwd_t              d_fwd_f;
  fwd_loop_t         d_fwd_r;
  logic              d_fwd_f_l, d_fwd_f_x;  // d_fwd_f.lr || d_fwd_f.lf, d_fwd_f.xr || d_fwd_f.xf (registered)
  logic              d_open_prev;
  logic              d_fresh;               // the feedback lane's group entered freezing since its age was read
  logic              l_ent_f, l_ent_r;      // L's updates enter freezing
  logic [StateW-1:0] x_s_f, x_s_r;          // L's results of the cycle before (x)
  logic [StateW-1:0] pre_f_q, pre_f, pre_r;
  logic              c_store_f, c_store_r;      // stage C takes the store's word (no newer result)
  uet_lb_forward #(.GroupW (GroupW), .StateW (StateW)) u_forward (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .l_src_f_i (l_src_f), .l_src_r_i (l_src_r), .l_g_f_i (l_f_g), .l_g_r_i (l_r_g),
    .next_f_i (next_f), .next_r_i (next_r),
    .b_g_f_i (b_f_g), .b_g_r_i (b_r_g), .b_inr_f_i (b_f_inr), .b_inr_r_i (b_r_inr),
    .c_g_f_i (c_f_g), .c_g_r_i (c_r_g), .c_inr_f_i (c_f_inr), .c_inr_r_i (c_r_inr),
    .d_g_f_i (d_f_g), .d_g_r_i (d_r_g), .d_src_f_i (d_src_f), .d_src_r_i (d_src_r),
    .d_open_r_i (d_op), .word_f_i (word_f), .word_r_i (word_r), .store_f_o (c_store_f), .store_r_o (c_store_r),
    .x_v_f_o (x_wf), .x_v_r_o (x_wr), .x_g_f_o (x_wf_g), .x_g_r_o (x_wr_g), .x_s_f_o (x_s_f), .x_s_r_o (x_s_r),
    .pre_q_f_o (pre_f_q), .pre_f_o (pre_f), .pre_r_o (pre_r),
    .fwd_f_o (d_fwd_f), .fwd_r_o (d_fwd_r), .fwd_l_f_o (d_fwd_f_l), .fwd_x_f_o (d_fwd_f_x), .open_prev_o (d_open_prev),
    .l_ent_f_i (l_ent_f), .l_ent_r_i (l_ent_r), .fresh_o (d_fresh)
  );

  // The reads that count (uet_lb_regs' CNT_ECC_*): a lane's event at stage C in range whose word is the store's.
  logic [1:0] c_reads;  // {request lane, feedback lane}
  assign c_reads       = {r_v[2] && c_r_inr && c_store_r, f_v[2] && c_f_inr && c_store_f};
  assign ecc_corrected = {e_single, c_reads & rd_single[1:0]};
  assign ecc_double    = {heal_set, c_reads & rd_double[1:0]};

  // ---------------------------------------------------------------------------------------------
  // The age of each group's freeze start (uet_lb_age): "long past" once the freezing timeout has certainly
  // elapsed, before the modular test could misread it; read for the feedback lane's group at B, out at D.
  logic                   d_old;
  logic [NumGroups-1:0]   unused_age_hi, unused_age_lo;  // (observation, for the age's own proof)
  uet_lb_age #(.NumGroups (NumGroups), .TsWidth (TsWidth)) u_age (
    .clk_i (clk_i), .rst_ni (rst_ni), .t_i (now_q),
    .d_src_f_i (d_src_f), .d_g_f_i (d_f_g), .d_src_r_i (d_src_r), .d_g_r_i (d_r_g),
    .l_ent_f_i (l_ent_f), .l_ent_r_i (l_ent_r), .b_g_f_i (b_f_g), .old_o (d_old),
    .age_hi_o (unused_age_hi), .age_lo_o (unused_age_lo)
  );
  assign x_wf_d = x_s_f;
  assign x_wr_d = x_s_r;

  // ---------------------------------------------------------------------------------------------
  // The loop (uet_lb_loop): stages D and L. Each lane's group word into the state registers at D, the
  // feedback lane's tests made ahead; at L the feedback lane's update alone, and the request lane's after
  // the feedback lane's event when both name its group.
  uet_lb_loop #(.BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth)) u_loop (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .none_i (none_q), .dflt_i (dflt_q), .reps_i (reps_q), .cmask_i (cmask_q), .cap_i (cap_q), .w_i (cfg_window),
    .w_m1_i (w_m1_q), .w_nz_i (w_nz_q), .w_ge2_i (w_ge2_q), .w_x_i (w_x_q), .w_x1_i (w_x1_q),
    .d_f_v_i (d_f_v), .d_fb_i (d_f_fb), .d_efd_i (d_f_efd), .d_kind_i (d_f_kind),
    .d_t_i (d_f_t), .d_tmt_i (d_tmt), .d_tlt_i (d_tlt), .d_gen_i (d_f_gen), .d_same_i (d_same),
    .d_open_i (d_op), .d_req_i (d_rq), .kill_i (trk_kill),
    .fwd_f_i (d_fwd_f), .fwd_l_f_i (d_fwd_f_l), .fwd_x_f_i (d_fwd_f_x), .fwd_r_i (d_fwd_r),
    .open_prev_i (d_open_prev), .old_i (d_old), .fresh_i (d_fresh), .pre_q_f_i (pre_f_q), .pre_f_i (pre_f), .pre_r_i (pre_r),
    .x_s_f_i (x_s_f), .x_s_r_i (x_s_r),
    .l_f_v_i (l_f_v), .l_efd_i (l_f_efd), .l_t_i (l_f_t), .l_ev_i (l_f_ev), .l_same_i (l_same),
    .l_r_v_i (l_r_v), .l_open_i (l_r_op), .l_port_i (l_r_port),
    .next_f_o (next_f), .next_r_o (next_r), .dec_o (l_dec), .aux_o (l_aux), .slot_rd_o (l_slot_rd),
    .slot_wr_o (l_slot_wr), .f_open_o (l_f_open), .r_open_o (l_r_open), .live_o (l_live), .recycle_o (l_recycle),
    .entered_f_o (l_ent_f), .entered_r_o (l_ent_r)
  );

  // ---------------------------------------------------------------------------------------------
  // The response side (uet_lb_respond): the slot RAM, the PRNG, stages Y, Z and E, the response queue.
  localparam int unsigned SlotCodeW = 16 + (Ecc ? uet_lb_secded_pkg::check_bits(16) : 0);
  logic        e_v, rsp_busy, slot0_we, e_single;
  logic [15:0] e_ev;
  uet_lb_respond #(.NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .PsnWidth (PsnWidth), .Ecc (Ecc)) u_respond (
    .clk_i (clk_i), .rst_ni (rst_ni), .reps_i (reps_q), .dflt_i (dflt_q), .start_port_i (cfg_port),
    .span_mask_i (cfg_span), .seed_we_i (seed_we), .seed_i (seed), .set_size_i (cfg_size),
    .rec_i (x_rec), .rec_group_i (x_f_g), .rec_slot_i (x_f_slot), .rec_ev_i (x_f_ev),
    .req_i (x_rq), .req_applies_i (x_r_applies), .req_group_i (x_r_g), .req_psn_i (x_r_psn),
    .req_retx_i (x_r_retx), .req_dec_i (x_r_dec), .req_aux_i (x_r_aux), .req_slot_i (x_r_slot),
    .e_ev_o (e_ev), .e_valid_o (e_v), .busy_o (rsp_busy), .slot0_we_o (slot0_we),
    .e_single_o (e_single), .e_double_o (heal_set), .e_group_o (heal_set_g),
    .inj_i (ecc_inj_i && ecc_inj_slot_i), .inj_group_i (ecc_inj_group_i), .inj_mask_i (ecc_inj_mask_i[SlotCodeW-1:0]),
    .rsp_valid_o (rsp_valid_o), .rsp_ready_i (rsp_ready_i), .rsp_ev_o (rsp_ev_o), .rsp_decision_o (rsp_decision_o),
    .rsp_group_o (rsp_group_o), .rsp_psn_o (rsp_psn_o), .rsp_retx_o (rsp_retx_o)
  );
  assign rsp_take = rsp_valid_o && rsp_ready_i;

  // In flight (uet_lb_inflight): what the stages A..X hold, for admission's locks and drain, the register
  // block's opens, the tracker's quiet flag and reference time, efd_pending_o and idle_o.
  logic [TsWidth-1:0] t_ref;  // the oldest request time in A..L, a cycle late (u_inflight)
  logic               quiet;  // no feedback or request in A..L
  uet_lb_inflight #(.TsWidth (TsWidth)) u_inflight (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .f_v_i (f_v), .f_fb_i (f_fb), .f_efd_i (f_efd), .r_v_i (r_v), .r_open_i (r_open), .r_t_i (r_t), .now_q_i (now_q),
    .trk_busy_i (trk_busy), .trk_hold_i (trk_hold), .trk_fire_i (trk_fire), .trk_fire_due_i (trk_fire_due),
    .trk_fire_next_i (trk_fire_next), .rsp_busy_i (rsp_busy), .regs_pending_i (regs_pending), .sweep_i (sweep_q),
    .settled_i (settled),
    .quiet_o (quiet), .opens_out_o (opens_out), .reqs_out_o (reqs_out), .fbs_out_o (fbs_out), .t_ref_o (t_ref),
    .efd_pending_o (efd_pending_o), .empty_o (empty), .idle_o (idle_o)
  );

  // The tracker flushes a cycle after a CTRL clear applies, from a flip-flop of its own (the flush reaches
  // most of its registers). Nothing sees that cycle: an apply waits for the tracker to be idle, so a fire
  // started at the apply is still reading its packet when the flush comes, and the streams are held for
  // SettleCycles after every apply.
  logic trk_flush_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) trk_flush_q <= 1'b0;
    else trk_flush_q <= clear_groups;
  end

  // No fire is decided for a cycle in which a register apply, its settling or the sweep holds the streams
  // (the same terms as stall_q's, so the streams are held whenever a fire due then waits).
  logic fire_block;
  assign fire_block = apply || settling || sweep_q || trk_flush_q;

  uet_lb_tracker #(
    .Entries (TrackerEntries), .Ways (TrackerWays), .Runs (TrackerRuns), .RunDepth (TrackerRunDepth),
    .GroupW (GroupW), .PsnWidth (PsnWidth), .TsWidth (TsWidth), .GenW (GenW)
  ) u_tracker (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (trk_flush_q), .now_i (now_i), .now_q_i (now_q),
    .t_ref_i (t_ref),
    .pre_clr_i (pre_clr), .pre_group_i (pre_group), .pre_psn_i (pre_psn),
    .clr_valid_i (trk_clr), .clr_group_i (x_f_g), .clr_psn_i (x_f_psn),
    .alc_valid_i (trk_alc), .alc_group_i (x_r_g), .alc_psn_i (x_r_psn), .alc_time_i (x_r_t),
    .alc_deadline_i (x_r_dl), .alc_gen_i (x_r_gen), .alc_ev_i (e_ev),
    .untracked_o (trk_untracked), .tracked_o (efd_tracked_o),
    .hold_o (trk_hold), .unsettled_o (trk_unsettled), .interlock_o (trk_interlock), .stop_o (trk_stop),
    .quiet_i (quiet), .fire_block_i (fire_block), .offer_i (req_valid_i), .span_i (span_q),
    .span_moves_i (span_moves), .core_req_i (stage_rq), .core_dl_i (stage_dl), .fire_next_o (trk_fire_next),
    .fire_due_o (trk_fire_due),
    .fire_o (trk_fire), .fire_kill_o (trk_kill), .fire_group_o (trk_group), .fire_psn_o (trk_psn), .fire_ev_o (trk_ev),
    .fire_gen_o (trk_gen), .fire_deadline_o (trk_deadline), .busy_o (trk_busy)
  );
  assign efd_due_o = trk_hold;

  // ---------------------------------------------------------------------------------------------
  // Register writes apply when no event is in any stage and the tracker is quiet (u_inflight's empty).
  assign apply = regs_pending && drained_q && !sweep_q;

  // ---------------------------------------------------------------------------------------------
  // Observation port: a group's stored word (both banks, the live-value bit) and its slot 0.
  uet_lb_dbg #(
    .Enable (DbgPort), .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth),
    .WindowWidth (WindowWidth)
  ) u_dbg (
    .clk_i (clk_i), .word_i (word_dbg), .reps_i (reps_q),
    .slot_we_i (slot0_we), .slot_group_i (x_f_g), .slot_ev_i (x_f_ev),
    .group_i (dbg_group_i), .open_o (dbg_open_o), .count_o (dbg_count_o), .wr_o (dbg_wr_o),
    .replay_o (dbg_replay_o), .wrapped_o (dbg_wrapped_o), .freezing_o (dbg_freezing_o),
    .freeze_start_o (dbg_freeze_start_o), .window_left_o (dbg_window_left_o), .slot0_o (dbg_slot0_o)
  );

  logic unused;
  assign unused = ^{unused_active, trk_busy, unused_age_hi, unused_age_lo, rd_single, rd_double,
                    ecc_inj_mask_i[127:CodeW]};

  // ---------------------------------------------------------------------------------------------
  // The checks that span blocks or the ports (uet_lb_checks: simulation and formal only).
  uet_lb_checks #(.PsnWidth (PsnWidth), .GroupW (GroupW), .BaseRttWidth (BaseRttWidth)) u_checks (
    .clk_i (clk_i), .rst_ni (rst_ni), .req_valid_i (req_valid_i), .req_ready_i (req_ready_o),
    .req_group_i (req_group_i), .req_psn_i (req_psn_i), .req_take_i (req_take), .rsp_in_i (e_v),
    .rsp_valid_i (rsp_valid_o), .rsp_ready_i (rsp_ready_i), .rsp_ev_i (rsp_ev_o), .rsp_decision_i (rsp_decision_o),
    .rsp_psn_i (rsp_psn_o), .trk_hold_i (trk_hold), .trk_unsettled_i (trk_unsettled), .trk_stop_i (trk_stop),
    .trk_flush_i (trk_flush_q), .trk_fire_i (trk_fire), .settled_i (settled), .base_rtt_i (base_rtt_i),
    .efd_on_i (efd_on_q), .fb_valid_i (fb_valid_i), .fb_kind_i (fb_kind_i)
  );
endmodule
