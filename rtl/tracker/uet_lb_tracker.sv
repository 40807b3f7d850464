// Early-failure tracker in block RAM (SPEC section 6): the packets sent under REPS with M > 0, each until
// an ACK or NACK of its (group, psn) clears it or its deadline passes, when it fires one early failure.
//
// Storage. Entries = Sets x Ways ways. A packet takes a free way of the set its (group, psn) hashes to
// (uet_lb_tracker_ops' set_of): the set's keys are read in one RAM word per way (tag RAMs), so a clear
// finds every tracked packet of its key by comparing Ways keys; each way's group, psn, entropy value,
// open generation and allocation number (seq) sit in RAMs read by way. A valid bit per way (flip-flops)
// says the way holds a tracked packet. A packet that finds its set full, or no run its deadline fits,
// is not tracked (untracked_o); the golden model mirrors both rules (ModelOptions).
//
// Order. Firing order is by deadline, then send order. Packets are appended to a run (a FIFO,
// uet_lb_tracker_run) whose deadlines never decrease, so each run's head is its earliest; a packet goes
// to the current run when its deadline is not below the run's last one, else to another run where it is
// not (a base-RTT or multiplier decrease starts one), else it is not tracked. The earliest live head of
// all runs fires. Cleared packets free their way at once and leave their run when they reach its head.
//
// A full run. A run holds RunDepth packets from its oldest live one on; a packet that would make it hold
// more is not tracked (the model mirrors this too). That needs the run's head to be its oldest live
// packet when the allocation is decided: while a run is nearly full (RunDepth - Margin), the core holds
// its streams until the head is known live (dead heads leave one a cycle, no time need pass:
// unsettled_o), and then lets no clear be in flight beside an allocation (interlock_o), so nothing
// kills the head between an allocation's acceptance and its decision.
//
// Timing. Clear and allocate operations (one of each a cycle, the clear first) enter at t0 and take
// effect at t5 (four register stages, then a record that every table applies). Each stage forwards the
// effect of the records it cannot yet see in the tables, so an operation acts on the tracker exactly as
// it stands after every earlier one. The entropy value of an allocation comes three cycles after it
// (alc_ev_i, when the core has made it).
//
// Early failures. The earliest live packet not yet fired (each run's first, fl, then by deadline and send
// order) is the candidate: its data are read ahead, before its deadline. In the first cycle whose events
// are past its deadline it fires: fire_o for one cycle with its fields, and the core applies it on the
// feedback lane, before that cycle's request-lane event. A fire is decided before the clears taken ahead
// of it have reached the tables, so it is checked against them on its way: their keys in the core's
// stages and here, and the records applied since the candidate was read (fire_kill_o, three cycles after
// fire_o: the packet had been cleared, the fire changes nothing). A fire that stands frees its way as an
// operation of its own, in event order: the clear slot of t0 six cycles after fire_o, when the core's
// stage X holds the early failure. hold_o tells the core to accept no new event: a live packet other than
// the one firing may be past its deadline at now_i, or an allocation in flight has a deadline before it.
`default_nettype none

module uet_lb_tracker #(
  parameter int unsigned Entries  = 1024,  ///< ways in all: Sets x Ways (powers of 2)
  parameter int unsigned Ways     = 4,     ///< ways per set: 1, 2 or 4
  parameter int unsigned Runs     = 2,     ///< runs (1..4)
  parameter int unsigned RunDepth = 2048,  ///< elements a run holds (a power of 2, >= 64)
  parameter int unsigned GroupW   = 4,
  parameter int unsigned PsnWidth = 32,
  parameter int unsigned TsWidth  = 32,
  parameter int unsigned GenW     = 8,     ///< open generation width (the core's GenW)
  // Derived, do not override.
  parameter int unsigned Sets     = Entries / Ways,
  parameter int unsigned SetW     = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned EntW     = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned SeqW     = $clog2(Runs * RunDepth) + 2,
  parameter int unsigned CntW     = $clog2(Entries + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,         ///< synchronous, active low
  input  logic                flush_i,        ///< drop every tracked packet (a CTRL clear)
  input  logic [TsWidth-1:0]  now_i,          ///< the time of the events the core accepts next cycle
  input  logic [TsWidth-1:0]  now_q_i,        ///< the time of the events the core accepts now (now_i of
                                              ///< the cycle before)
  input  logic [TsWidth-1:0]  t_ref_i,        ///< no allocation still to come before t0 is older (late is safe)
  // The core's clears taken before t0, for a fire's check: its stages B, C, D and L (bit / slice 0..3).
  input  logic [3:0]          pre_clr_i,
  input  logic [4*GroupW-1:0] pre_group_i,
  input  logic [4*PsnWidth-1:0] pre_psn_i,
  // Operations (t0), in event order: the clear applies before the allocation.
  input  logic                clr_valid_i,    ///< an ACK or NACK of (group, psn)
  input  logic [GroupW-1:0]   clr_group_i,
  input  logic [PsnWidth-1:0] clr_psn_i,
  input  logic                alc_valid_i,    ///< a request to track
  input  logic [GroupW-1:0]   alc_group_i,
  input  logic [PsnWidth-1:0] alc_psn_i,
  input  logic [TsWidth-1:0]  alc_time_i,     ///< when it was sent
  input  logic [TsWidth-1:0]  alc_deadline_i,
  input  logic [GenW-1:0]     alc_gen_i,      ///< the group's open generation when it was sent
  input  logic [15:0]         alc_ev_i,       ///< its entropy value, three cycles after alc_valid_i
  output logic                untracked_o,    ///< an allocation found no room (five cycles after it)
  output logic [CntW-1:0]     tracked_o,      ///< packets tracked now
  // Early failures.
  output logic                hold_o,         ///< a packet is (or may be) past its deadline: accept nothing
                                              ///< (registered, made a cycle ahead from now_i)
  output logic                unsettled_o,    ///< a run is nearly full and its head not known live, or its
                                              ///< oldest allocation too old: accept nothing
  output logic                interlock_o,    ///< a run is nearly full (its head live): let no clear and
                                              ///< allocation be in flight together
  output logic                stop_o,         ///< hold_o, unsettled_o, or a fire due waited for a packet in
                                              ///< flight: an OR of flip-flops (Runs + 3)
  input  logic                quiet_i,        ///< no clear or allocation is in flight before t0
  input  logic                fire_block_i,   ///< decide no fire for next cycle (the core holds its streams
                                              ///< then: a register apply settles, the sweep runs)
  // The requests on their way here, for a fire's waits (a packet in flight with an earlier deadline goes
  // first): the one offered now, and the core's stages A, B, C, D and L (bit / slice 0..4).
  input  logic                offer_i,        ///< a request is offered to the core now
  input  logic [TsWidth-1:0]  span_i,         ///< M x base RTT: a request's deadline less its time
  input  logic                span_moves_i,   ///< span_i may change at the next edge
  input  logic [4:0]          core_req_i,     ///< the stage holds a request
  input  logic [5*TsWidth-1:0] core_dl_i,     ///< its deadline
  output logic                fire_next_o,    ///< fire_o may rise next cycle
  output logic                fire_due_o,     ///< the chosen packet is read and past due at now_i: it fires
                                              ///< when nothing blocks it (a superset of fire_next_o that
                                              ///< waits on no input but now_i)
  output logic                fire_o,         ///< apply this early failure now (the feedback lane)
  output logic                fire_kill_o,    ///< the fire of three cycles ago changes nothing: its packet
                                              ///< was cleared before it
  output logic [GroupW-1:0]   fire_group_o,
  output logic [PsnWidth-1:0] fire_psn_o,
  output logic [15:0]         fire_ev_o,
  output logic [GenW-1:0]     fire_gen_o,
  output logic [TsWidth-1:0]  fire_deadline_o,
  output logic                busy_o          ///< an operation taken at an earlier edge is in flight here,
                                              ///< or a fire's free is on its way (flip-flops only: not
                                              ///< this cycle's clr_valid_i and alc_valid_i)
);
  localparam int unsigned RunW   = (Runs > 1) ? $clog2(Runs) : 1;
  localparam int unsigned KeyW   = GroupW + PsnWidth;
  localparam int unsigned RunCntW = $clog2(RunDepth + 1);
  // Allocations that may still come after unsettled_o or interlock_o rises: the core's stages up to t0 and
  // ours, rounded up.
  localparam int unsigned Margin = 24;

  // ---------------------------------------------------------------------------------------------
  // Operations t0..t4 and their records (uet_lb_tracker_ops), the sets and the allocation's run found on
  // the way. A fire's free takes the clear slot (dfree, from the fire block below): the core's stage X
  // then holds the early failure, not a feedback.
  localparam int unsigned DataW = KeyW + 16 + GenW;  // a packet's data by way: key, entropy value, generation
  logic                  dfree;
  logic [EntW-1:0]       dfree_way;
  logic [Entries-1:0]    valid_q;       // (the sets' flip-flops)
  logic [CntW-1:0]       tracked_q;
  logic [Runs-1:0]       r_push_q;      // (the choice's flip-flops)
  logic                  push_hs_q;     // (the operations' flip-flops, as seq_q)
  logic                  rec_clr, rec_alc, rec_untracked, next_clr, next_alc;
  logic [SetW-1:0]       rec_cset, next_cset;
  logic [Ways-1:0]       rec_cmask, next_cmask;
  logic [EntW-1:0]       rec_way;
  logic [RunW-1:0]       rec_run, next_run;
  logic [TsWidth-1:0]    rec_dl, next_dl;
  logic [SeqW-1:0]       rec_seq;
  logic [SeqW-1:0]       seq_q;         // the next tracked allocation's number
  logic [DataW-1:0]      rec_data;
  logic [6:0]            alc_v;         // allocations at t0..t4, the record applying now, the last
  logic [7*TsWidth-1:0]  alc_dl;
  logic [3:0]            kclr_ops;      // key clears at t1..t4
  logic [5*KeyW-1:0]     ckey_ops;      // t0..t4's clear keys
  logic                  ops_past, ops_busy;
  logic [Runs*RunCntW-1:0] cnt_v, cnt_next_v;  // each run's count, and next count (flat)
  logic [Runs-1:0]       r_popd;
  uet_lb_tracker_ops #(
    .Entries (Entries), .Ways (Ways), .Runs (Runs), .RunDepth (RunDepth), .GroupW (GroupW),
    .PsnWidth (PsnWidth), .TsWidth (TsWidth), .GenW (GenW), .SeqW (SeqW)
  ) u_ops (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .t_ref_i (t_ref_i),
    .clr_valid_i (clr_valid_i), .clr_group_i (clr_group_i), .clr_psn_i (clr_psn_i),
    .dfree_i (dfree), .dfree_way_i (dfree_way),
    .alc_valid_i (alc_valid_i), .alc_group_i (alc_group_i), .alc_psn_i (alc_psn_i), .alc_time_i (alc_time_i),
    .alc_deadline_i (alc_deadline_i), .alc_gen_i (alc_gen_i), .alc_ev_i (alc_ev_i),
    .cnt_i (cnt_v), .pop_i (r_popd), .push_o (r_push_q), .push_hs_o (push_hs_q),
    .valid_o (valid_q), .tracked_o (tracked_q),
    .rec_clr_o (rec_clr), .rec_cset_o (rec_cset), .rec_cmask_o (rec_cmask), .rec_alc_o (rec_alc),
    .rec_untracked_o (rec_untracked), .rec_way_o (rec_way), .rec_run_o (rec_run), .rec_dl_o (rec_dl),
    .rec_seq_o (rec_seq), .rec_data_o (rec_data),
    .next_clr_o (next_clr), .next_cset_o (next_cset), .next_cmask_o (next_cmask), .next_alc_o (next_alc),
    .next_run_o (next_run), .next_dl_o (next_dl), .seq_o (seq_q),
    .alc_o (alc_v), .alc_dl_o (alc_dl), .kclr_o (kclr_ops), .ckey_o (ckey_ops),
    .past_o (ops_past), .busy_o (ops_busy)
  );

  // ---------------------------------------------------------------------------------------------
  // Runs.
  logic [Runs-1:0]       r_flv, r_slv, r_unseen, r_hold, r_fire, r_skip;
  logic [EntW-1:0]       r_flway [Runs], r_slway [Runs];
  logic [SeqW-1:0]       r_oldest [Runs];
  logic [Runs*4*TsWidth-1:0] r_hdl;  // each run's view's four half deadlines, numbers and selects (flat)
  logic [Runs*4*SeqW-1:0]    r_hseq;
  logic [Runs*2-1:0]     r_flhs;
  logic [Runs*4-1:0]     r_slhs;
  logic [RunCntW-1:0]    r_cnt [Runs], r_cnt_next [Runs];
  logic [Runs-1:0]       r_h0stays, r_flfire;
  logic [Runs-1:0]       r_fired;
  logic [SeqW-1:0]       cseq;   // the fire candidate's allocation number (uet_lb_tracker_fire, below)
  logic [SeqW-1:0]       fseq1;  // the number of the element fired at the last edge (r_fired: its run)
  localparam int unsigned FpDepth = 6;  // cycles from a fire to its free (uet_lb_tracker_fire)

  // Each run's own copy of the record's frees (the record applying now: clr, cset, cmask): they reach
  // every slot of its window, and one register read by both runs, the tables and the fire block routed
  // far (uet_lb_dup).
  // (Packed: Yosys 0.23 reads an unpacked array driven by instance ports as a memory.)
  logic [Runs-1:0]      rc_clr;
  logic [Runs*SetW-1:0] rc_cset;
  logic [Runs*Ways-1:0] rc_cmask;
  for (genvar r = 0; r < Runs; r++) begin : g_run
    uet_lb_dup #(.W (1 + SetW + Ways)) u_rclr (
      .clk_i (clk_i), .rst_ni (rst_ni), .clr_i (flush_i), .d_i ({next_clr, next_cset, next_cmask}),
      .q_o ({rc_clr[r], rc_cset[r * SetW +: SetW], rc_cmask[r * Ways +: Ways]})
    );
    uet_lb_tracker_run #(
      .Entries (Entries), .Ways (Ways), .Depth (RunDepth), .SeqW (SeqW), .TsWidth (TsWidth)
    ) u_run (
      .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i),
      .push_i (r_push_q[r]), .push_way_i (rec_way), .push_seq_i (rec_seq), .push_deadline_i (rec_dl),
      .valid_i (valid_q), .seq_we_i (rec_alc), .seq_way_i (rec_way), .seq_i (rec_seq),
      .clr_free_i (rc_clr[r]), .clr_set_i (rc_cset[r * SetW +: SetW]), .clr_mask_i (rc_cmask[r * Ways +: Ways]),
      .clr_next_set_i (next_cset), .push_hs_i (push_hs_q),
      .now_i (now_i), .fire_i (r_fire[r]), .fire_seq_i (cseq), .skip_i (r_skip[r]), .skip_seq_i (cseq),
      .fired_i (r_fired[r]), .fired_seq_i (fseq1),
      .fl_valid_o (r_flv[r]), .fl_way_o (r_flway[r]), .sl_valid_o (r_slv[r]), .sl_way_o (r_slway[r]),
      .hdl_o (r_hdl[r * 4 * TsWidth +: 4 * TsWidth]), .hseq_o (r_hseq[r * 4 * SeqW +: 4 * SeqW]),
      .fl_hsel_o (r_flhs[r * 2 +: 2]), .sl_hsel_o (r_slhs[r * 4 +: 4]),
      .unseen_o (r_unseen[r]), .hold_o (r_hold[r]),
      .count_o (r_cnt[r]), .oldest_seq_o (r_oldest[r]), .count_next_o (r_cnt_next[r]),
      .h0_stays_o (r_h0stays[r]), .pop_o (r_popd[r]), .fl_is_fire_o (r_flfire[r])
    );
  end
  // t5: the record applies in every table: the sets, the data RAM and the runs (above).
  assign tracked_o   = tracked_q;
  assign untracked_o = rec_untracked;

  // The packet data by way, read when a packet fires.
  logic [DataW-1:0] data_rd;
  logic [EntW-1:0]  data_raddr;
  uet_lb_ram #(.Depth (Entries), .Width (DataW), .OutReg (1'b1)) u_data (
    .clk_i (clk_i), .we_i (rec_alc), .waddr_i (rec_way), .wdata_i (rec_data),
    .raddr_i (data_raddr), .rdata_o (data_rd)
  );

  // ---------------------------------------------------------------------------------------------
  // The candidate, its fire, and the fire's check and free (uet_lb_tracker_fire). A fire waits while a
  // request in flight, in the core's stages or the tracker's, has an earlier deadline (it goes first): the
  // positions in the order a packet passes them, A, B, C, D, L, X (t0), t1..t4 (the records follow in the
  // block), each with the deadline it holds next cycle (its predecessor's now).
  localparam int unsigned KClears = 9;
  logic                   fp_busy;      // a fire's check or free is on its way
  logic [Runs-1:0]        hold_run;     // per run: its hold_o, registered (u_hold, below)
  logic                   hold_inf, runs_unsettled, interlock;
  logic [Runs*SeqW-1:0]    oldest_v;
  logic [KClears-1:0]     kclr;     // the key clears a fire is checked against: core B, C, D, L; t0; t1..t4
  logic [KClears*KeyW-1:0] kkey;
  assign kclr = {kclr_ops, clr_valid_i, pre_clr_i};
  assign kkey = {ckey_ops,
                 pre_group_i[3 * GroupW +: GroupW], pre_psn_i[3 * PsnWidth +: PsnWidth],
                 pre_group_i[2 * GroupW +: GroupW], pre_psn_i[2 * PsnWidth +: PsnWidth],
                 pre_group_i[1 * GroupW +: GroupW], pre_psn_i[1 * PsnWidth +: PsnWidth],
                 pre_group_i[0 * GroupW +: GroupW], pre_psn_i[0 * PsnWidth +: PsnWidth]};
  logic [Runs*EntW-1:0]    fl_way_v, sl_way_v;
  for (genvar r = 0; r < Runs; r++) begin : g_fl
    assign fl_way_v[r * EntW +: EntW]       = r_flway[r];
    assign sl_way_v[r * EntW +: EntW]       = r_slway[r];
    assign cnt_v[r * RunCntW +: RunCntW]      = r_cnt[r];
    assign cnt_next_v[r * RunCntW +: RunCntW] = r_cnt_next[r];
    assign oldest_v[r * SeqW +: SeqW]         = r_oldest[r];
  end
  localparam int unsigned Flight = 10;
  logic [Flight-1:0]           flight_v;
  logic [(Flight-1)*TsWidth-1:0] flight_dl;
  logic                        fire_waited;
  assign flight_v  = {alc_v[4:0], core_req_i};
  assign flight_dl = {alc_dl[4 * TsWidth - 1:0], core_dl_i};
  uet_lb_tracker_fire #(
    .Entries (Entries), .Ways (Ways), .Runs (Runs), .KeyW (KeyW), .TsWidth (TsWidth), .SeqW (SeqW),
    .KClears (KClears), .FpDepth (FpDepth), .Flight (Flight)
  ) u_fire (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .fl_valid_i (r_flv), .fl_way_i (fl_way_v), .fl_is_fire_i (r_flfire),
    .sl_valid_i (r_slv), .sl_way_i (sl_way_v),
    .hdl_i (r_hdl), .hseq_i (r_hseq), .fl_hsel_i (r_flhs), .sl_hsel_i (r_slhs),
    .unseen_i (r_unseen),
    .run_fire_o (r_fire), .run_skip_o (r_skip), .run_fired_o (r_fired), .cand_seq_o (cseq), .fired_seq_o (fseq1),
    .rec_next_i ({next_clr, next_cset, next_cmask, next_alc, next_run, next_dl}),
    .rec_i ({rec_clr, rec_cset, rec_cmask, rec_alc, rec_run, rec_dl}),
    .data_raddr_o (data_raddr), .cand_key_i (data_rd[DataW-1 -: KeyW]),
    .offer_i (offer_i), .now_q_i (now_q_i), .span_i (span_i), .span_moves_i (span_moves_i),
    .flight_v_i (flight_v), .flight_dl_i (flight_dl), .fire_waited_o (fire_waited),
    .fire_block_i (fire_block_i), .interlock_i (interlock),
    .quiet_i (quiet_i), .ops_busy_i (ops_busy), .runs_hold_i (hold_run != '0),
    .fire_next_o (fire_next_o), .fire_due_o (fire_due_o), .fire_o (fire_o), .fire_deadline_o (fire_deadline_o),
    .kclr_i (kclr), .kkey_i (kkey), .fire_kill_o (fire_kill_o), .dfree_o (dfree), .dfree_way_o (dfree_way),
    .busy_o (fp_busy)
  );
  assign {fire_group_o, fire_psn_o, fire_ev_o, fire_gen_o} = data_rd;

  // The hold (uet_lb_tracker_hold): each run's, the allocations on their way past due, the unsettled runs
  // and the interlock, in flip-flops. The allocations on their way: t0..t4, the record that lands in a run
  // now and the one that landed at the last edge (the runs' hold sees their windows a cycle late).
  uet_lb_tracker_hold #(
    .Runs (Runs), .RunDepth (RunDepth), .SeqW (SeqW), .TsWidth (TsWidth), .Margin (Margin), .Flight (7)
  ) u_hold (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .cnt_i (cnt_v), .cnt_next_i (cnt_next_v), .push_i (r_push_q), .pop_i (r_popd), .h0_stays_i (r_h0stays),
    .oldest_i (oldest_v), .hold_i (r_hold), .seq_i (seq_q),
    .alc_i (alc_v), .alc_dl_i (alc_dl),
    .hold_run_o (hold_run), .hold_inf_o (hold_inf), .unsettled_o (runs_unsettled), .interlock_o (interlock)
  );
  assign stop_o      = hold_run != '0 || hold_inf || runs_unsettled || fire_waited;
  assign hold_o      = hold_run != '0 || hold_inf;
  assign unsettled_o = runs_unsettled;
  assign interlock_o = interlock;
  assign busy_o      = ops_past || fp_busy;

`ifndef SYNTHESIS
  // Per-run checks, one bit a run (each assertion below is labelled once, outside any loop: Yosys 0.23
  // names a procedural assertion by its label, so a labelled one inside a loop is made twice).
  logic [Runs-1:0] ok_rclr;
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      ok_rclr[r] = {rc_clr[r], rc_cset[r * SetW +: SetW], rc_cmask[r * Ways +: Ways]} ==
                   {rec_clr, rec_cset, rec_cmask};
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      // A fire's free takes a t0 whose clear slot is free (the core's stage X holds its early failure).
      a_fire_free_slot: assert (!(dfree && clr_valid_i));
      a_run_rec_copy: assert (&ok_rclr);  // each run's copy of the record's frees is the record's
    end
  end
`endif
endmodule
