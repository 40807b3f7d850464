// Early-failure tracker in block RAM (SPEC section 6): the packets sent under REPS with M > 0, each until
// an ACK or NACK of its (group, psn) clears it or its deadline passes, when it fires one early failure.
//
// Storage. Entries = Sets x Ways ways. A packet takes a free way of the set its (group, psn) hashes to
// (set_of below): the set's keys are read in one RAM word per way (tag RAMs), so a clear
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
  parameter int unsigned WayW     = (Ways > 1) ? $clog2(Ways) : 1,
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
  // The set of a (group, psn) (uet_lb_pkg::tracker_set; the golden model's hardware_set).
  function automatic logic [SetW-1:0] set_of(input logic [GroupW-1:0] g, input logic [PsnWidth-1:0] p);
    set_of = SetW'(uet_lb_pkg::tracker_set(32'(g), 32'(p), GroupW, $clog2(Sets)));
  endfunction

  // Times in TsWidth bits (uet_lb_pkg's wrap_before).
  function automatic logic ts_before(input logic [TsWidth-1:0] x, input logic [TsWidth-1:0] y);
    ts_before = uet_lb_pkg::wrap_before(32'(x), 32'(y), TsWidth);
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Operation stages t0..t4 and the records.
  typedef struct packed {
    logic                clr;
    logic                dir;        // the clear is a fire's: it frees way dway of cset (no key)
    logic [WayW-1:0]     dway;
    logic [KeyW-1:0]     ckey;
    logic [SetW-1:0]     cset;
    logic                alc;
    logic [KeyW-1:0]     akey;
    logic [SetW-1:0]     aset;
    logic [TsWidth-1:0]  tm;
    logic [TsWidth-1:0]  dl;
    logic [GenW-1:0]     gen;
  } op_t;
  // What an operation did (decided at t4, applied by every table at t5).
  typedef struct packed {
    logic                clr;        // the clear freed cmask in cset
    logic [SetW-1:0]     cset;
    logic [Ways-1:0]     cmask;
    logic                alc;        // the allocation took way awy of aset (tracked)
    logic                untracked;  // the allocation found no room
    logic [SetW-1:0]     aset;
    logic [WayW-1:0]     awy;
    logic [KeyW-1:0]     akey;
    logic [TsWidth-1:0]  dl;
    logic [GenW-1:0]     gen;
    logic [15:0]         ev;
    logic [SeqW-1:0]     seq;
    logic [RunW-1:0]     run;
  } rec_t;
  // Flags of an operation against the ones before it (index d - 1: the operation d ahead).
  localparam int unsigned Back = 5;
  typedef struct packed {
    logic [Back-1:0] keq;  // clear key == that allocation's key
    logic [Back-1:0] csa;  // clear set == that allocation's set
    logic [Back-1:0] csc;  // clear set == that clear's set
    logic [Back-1:0] asa;  // allocation set == that allocation's set
    logic [Back-1:0] asc;  // allocation set == that clear's set
    logic            own;  // clear set == own allocation set
    logic            dge;  // deadline >= the allocation's one ahead (modulo)
  } cmp_t;

  op_t  op0, op1_q, op2_q, op3_q, op4_q;
  cmp_t cmp0, cmp1_q, cmp2_q, cmp3_q, cmp4_q;
  rec_t rec_d, rec0_q, rec1_q, rec2_q, rec3_q;  // rec0_q: decided last cycle, applied now
  logic [15:0] ev4_q;

  // A fire's free takes the clear slot (dfree, from the fire pipeline below): the core's stage X then
  // holds the early failure, not a feedback.
  logic            dfree;
  logic [EntW-1:0] dfree_way;
  assign op0.clr  = clr_valid_i || dfree;
  assign op0.dir  = dfree;
  assign op0.dway = (Ways > 1) ? WayW'(dfree_way) : '0;
  assign op0.ckey = {clr_group_i, clr_psn_i};
  assign op0.cset = dfree ? SetW'(uet_lb_pkg::way_set(32'(dfree_way), $clog2(Sets), $clog2(Ways)))
                          : set_of(clr_group_i, clr_psn_i);
  assign op0.alc  = alc_valid_i;
  assign op0.akey = {alc_group_i, alc_psn_i};
  assign op0.aset = set_of(alc_group_i, alc_psn_i);
  assign op0.tm   = alc_time_i;
  assign op0.dl   = alc_deadline_i;
  assign op0.gen  = alc_gen_i;

  // t0: compare with the operations ahead (t1..t4) and the record of the one before them (d ahead at
  // index d - 1). (Written out per operation: Yosys 0.23 mishandles arrays of structures.)
  logic [KeyW-1:0] ah_akey [Back];
  logic [SetW-1:0] ah_aset [Back], ah_cset [Back];
  assign ah_akey[0] = op1_q.akey;
  assign ah_akey[1] = op2_q.akey;
  assign ah_akey[2] = op3_q.akey;
  assign ah_akey[3] = op4_q.akey;
  assign ah_akey[4] = rec0_q.akey;
  assign ah_aset[0] = op1_q.aset;
  assign ah_aset[1] = op2_q.aset;
  assign ah_aset[2] = op3_q.aset;
  assign ah_aset[3] = op4_q.aset;
  assign ah_aset[4] = rec0_q.aset;
  assign ah_cset[0] = op1_q.cset;
  assign ah_cset[1] = op2_q.cset;
  assign ah_cset[2] = op3_q.cset;
  assign ah_cset[3] = op4_q.cset;
  assign ah_cset[4] = rec0_q.cset;
  always_comb begin
    for (int d = 0; d < Back; d++) begin
      cmp0.keq[d] = op0.ckey == ah_akey[d];
      cmp0.csa[d] = op0.cset == ah_aset[d];
      cmp0.csc[d] = op0.cset == ah_cset[d];
      cmp0.asa[d] = op0.aset == ah_aset[d];
      cmp0.asc[d] = op0.aset == ah_cset[d];
    end
    cmp0.own = op0.cset == op0.aset;
    cmp0.dge = !ts_before(op0.dl, op1_q.dl);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      op1_q.clr <= 1'b0;
      op1_q.alc <= 1'b0;
      op2_q.clr <= 1'b0;
      op2_q.alc <= 1'b0;
      op3_q.clr <= 1'b0;
      op3_q.alc <= 1'b0;
      op4_q.clr <= 1'b0;
      op4_q.alc <= 1'b0;
    end else begin
      op1_q.clr <= op0.clr;
      op1_q.alc <= op0.alc;
      op2_q.clr <= op1_q.clr;
      op2_q.alc <= op1_q.alc;
      op3_q.clr <= op2_q.clr;
      op3_q.alc <= op2_q.alc;
      op4_q.clr <= op3_q.clr;
      op4_q.alc <= op3_q.alc;
    end
  end
  always_ff @(posedge clk_i) begin
    {op1_q.dir, op1_q.dway, op1_q.ckey, op1_q.cset, op1_q.akey, op1_q.aset, op1_q.tm, op1_q.dl, op1_q.gen} <=
        {op0.dir, op0.dway, op0.ckey, op0.cset, op0.akey, op0.aset, op0.tm, op0.dl, op0.gen};
    {op2_q.dir, op2_q.dway, op2_q.ckey, op2_q.cset, op2_q.akey, op2_q.aset, op2_q.tm, op2_q.dl, op2_q.gen} <=
        {op1_q.dir, op1_q.dway, op1_q.ckey, op1_q.cset, op1_q.akey, op1_q.aset, op1_q.tm, op1_q.dl, op1_q.gen};
    {op3_q.dir, op3_q.dway, op3_q.ckey, op3_q.cset, op3_q.akey, op3_q.aset, op3_q.tm, op3_q.dl, op3_q.gen} <=
        {op2_q.dir, op2_q.dway, op2_q.ckey, op2_q.cset, op2_q.akey, op2_q.aset, op2_q.tm, op2_q.dl, op2_q.gen};
    {op4_q.dir, op4_q.dway, op4_q.ckey, op4_q.cset, op4_q.akey, op4_q.aset, op4_q.tm, op4_q.dl, op4_q.gen} <=
        {op3_q.dir, op3_q.dway, op3_q.ckey, op3_q.cset, op3_q.akey, op3_q.aset, op3_q.tm, op3_q.dl, op3_q.gen};
    cmp1_q <= cmp0;
    cmp2_q <= cmp1_q;
    cmp3_q <= cmp2_q;
    cmp4_q <= cmp3_q;
    ev4_q  <= alc_ev_i;  // (the entropy value of the allocation at t3 now)
  end

  // ---------------------------------------------------------------------------------------------
  // Sets (uet_lb_tracker_sets): the tag RAMs, the valid bits and their count, and what each operation
  // finds in its sets on its way to t4, the records ahead of it applied.
  logic [Entries-1:0] valid_q;  // (the sets' flip-flops)
  logic [CntW-1:0]    tracked_q;
  logic [Ways-1:0]    match4, va4;
  uet_lb_tracker_sets #(.Entries (Entries), .Ways (Ways), .KeyW (KeyW)) u_sets (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i),
    .op0_cset_i (op0.cset), .op1_cset_i (op1_q.cset), .op1_aset_i (op1_q.aset), .op2_cset_i (op2_q.cset),
    .op2_aset_i (op2_q.aset), .op2_ckey_i (op2_q.ckey), .op3_clr_i (op3_q.clr), .op3_alc_i (op3_q.alc),
    .op4_clr_i (op4_q.clr), .op4_dir_i (op4_q.dir), .op4_dway_i (op4_q.dway), .op4_cset_i (op4_q.cset),
    .cmp2_csa_i (cmp2_q.csa), .cmp2_csc_i (cmp2_q.csc), .cmp2_asa_i (cmp2_q.asa), .cmp2_asc_i (cmp2_q.asc),
    .cmp3_keq_i (cmp3_q.keq), .cmp3_csa_i (cmp3_q.csa), .cmp3_csc_i (cmp3_q.csc), .cmp3_asa_i (cmp3_q.asa),
    .cmp3_asc_i (cmp3_q.asc),
    .cmp4_keq_i (cmp4_q.keq), .cmp4_csa_i (cmp4_q.csa), .cmp4_csc_i (cmp4_q.csc), .cmp4_asa_i (cmp4_q.asa),
    .cmp4_asc_i (cmp4_q.asc),
    .rec0_clr_i (rec0_q.clr), .rec0_cset_i (rec0_q.cset), .rec0_cmask_i (rec0_q.cmask), .rec0_alc_i (rec0_q.alc),
    .rec0_aset_i (rec0_q.aset), .rec0_awy_i (rec0_q.awy), .rec0_akey_i (rec0_q.akey),
    .rec1_clr_i (rec1_q.clr), .rec1_cmask_i (rec1_q.cmask), .rec1_alc_i (rec1_q.alc), .rec1_awy_i (rec1_q.awy),
    .rec2_alc_i (rec2_q.alc), .rec2_awy_i (rec2_q.awy), .rec3_alc_i (rec3_q.alc), .rec3_awy_i (rec3_q.awy),
    .match4_o (match4), .va4_o (va4), .valid_o (valid_q), .tracked_o (tracked_q)
  );

  // ---------------------------------------------------------------------------------------------
  // Runs.
  logic [Runs-1:0]       r_push_q, r_flv, r_slv, r_unseen, r_hold, r_fire, r_skip;
  logic [EntW-1:0]       r_flway [Runs], r_slway [Runs];
  logic [SeqW-1:0]       r_flseq [Runs], r_slseq [Runs], r_oldest [Runs];
  logic [Runs*4*TsWidth-1:0] r_hdl;  // each run's view's four half deadlines and their selects (flat)
  logic [Runs*4-1:0]     r_flhs, r_slhs;
  logic [RunCntW-1:0]    r_cnt [Runs], r_cnt_next [Runs];
  logic [Runs-1:0]       r_h0stays, r_popd, r_flfire;
  logic [EntW-1:0]       rec_way;
  logic                  push_hs_q;
  logic [Runs*RunCntW-1:0] cnt_v, cnt_next_v;  // r_cnt, r_cnt_next flat
  logic [Runs-1:0]       r_fired;
  logic [SeqW-1:0]       cseq;   // the fire candidate's allocation number (uet_lb_tracker_fire, below)
  logic [SeqW-1:0]       fseq1;  // the number of the element fired at the last edge (r_fired: its run)
  localparam int unsigned FpDepth = 6;  // cycles from a fire to its free (uet_lb_tracker_fire)
  assign rec_way = (Ways > 1) ? EntW'({rec0_q.aset, rec0_q.awy}) : EntW'(rec0_q.aset);

  // Each run's own copy of the record's frees (rec0_q's clr, cset, cmask): they reach every slot of its
  // window, and one register read by both runs, the tables and the fire block routed far (uet_lb_dup).
  // (Packed: Yosys 0.23 reads an unpacked array driven by instance ports as a memory.)
  logic [Runs-1:0]      rc_clr;
  logic [Runs*SetW-1:0] rc_cset;
  logic [Runs*Ways-1:0] rc_cmask;
  for (genvar r = 0; r < Runs; r++) begin : g_run
    uet_lb_dup #(.W (1 + SetW + Ways)) u_rclr (
      .clk_i (clk_i), .rst_ni (rst_ni), .clr_i (flush_i), .d_i ({rec_d.clr, rec_d.cset, rec_d.cmask}),
      .q_o ({rc_clr[r], rc_cset[r * SetW +: SetW], rc_cmask[r * Ways +: Ways]})
    );
    uet_lb_tracker_run #(
      .Entries (Entries), .Ways (Ways), .Depth (RunDepth), .SeqW (SeqW), .TsWidth (TsWidth)
    ) u_run (
      .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i),
      .push_i (r_push_q[r]), .push_way_i (rec_way), .push_seq_i (rec0_q.seq), .push_deadline_i (rec0_q.dl),
      .valid_i (valid_q), .seq_we_i (rec0_q.alc), .seq_way_i (rec_way), .seq_i (rec0_q.seq),
      .clr_free_i (rc_clr[r]), .clr_set_i (rc_cset[r * SetW +: SetW]), .clr_mask_i (rc_cmask[r * Ways +: Ways]),
      .clr_next_set_i (rec_d.cset), .push_hs_i (push_hs_q),
      .now_i (now_i), .fire_i (r_fire[r]), .fire_seq_i (cseq), .skip_i (r_skip[r]), .skip_seq_i (cseq),
      .fired_i (r_fired[r]), .fired_seq_i (fseq1),
      .fl_valid_o (r_flv[r]), .fl_way_o (r_flway[r]), .fl_seq_o (r_flseq[r]),
      .sl_valid_o (r_slv[r]), .sl_way_o (r_slway[r]), .sl_seq_o (r_slseq[r]),
      .hdl_o (r_hdl[r * 4 * TsWidth +: 4 * TsWidth]), .fl_hsel_o (r_flhs[r * 4 +: 4]),
      .sl_hsel_o (r_slhs[r * 4 +: 4]),
      .unseen_o (r_unseen[r]), .hold_o (r_hold[r]),
      .count_o (r_cnt[r]), .oldest_seq_o (r_oldest[r]), .count_next_o (r_cnt_next[r]),
      .h0_stays_o (r_h0stays[r]), .pop_o (r_popd[r]), .fl_is_fire_o (r_flfire[r])
    );
  end
  // push_hs_q: the pushed way's set is the set the record after it frees (rec_d.cset then), compared a
  // cycle ahead in the operation pipeline (both fields shift every cycle).
  always_ff @(posedge clk_i) push_hs_q <= op4_q.aset == op3_q.cset;

  // The allocation's run (uet_lb_tracker_choice): the runs' tails and stale flags, the current run, t3's
  // fit and room flags, t4's pick, and each run's push decoded from the record.
  logic [SeqW-1:0]    seq_q;        // the next allocation's number
  logic [TsWidth-1:0] t_ref_q;      // no allocation still to come is older than this (a cycle late)
  logic               fit_any, run_room;
  logic [RunW-1:0]    run_pick;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) seq_q <= '0;
    else if (rec0_q.alc) seq_q <= seq_q + 1'b1;
  end
  uet_lb_tracker_choice #(.Runs (Runs), .RunDepth (RunDepth), .TsWidth (TsWidth)) u_choice (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .t_ref_i (t_ref_q),
    .op3_dl_i (op3_q.dl), .op4_alc_i (op4_q.alc), .op4_dl_i (op4_q.dl), .dge4_i (cmp4_q.dge),
    .rec_alc_i (rec0_q.alc), .rec_run_i (rec0_q.run), .rec_dl_i (rec0_q.dl),
    .next_alc_i (rec_d.alc), .next_run_i (rec_d.run), .cnt_i (cnt_v), .pop_i (r_popd),
    .run_o (run_pick), .fit_o (fit_any), .room_o (run_room), .push_o (r_push_q)
  );

  // t4: the record. The clear frees the ways it matches (the sets', after the record just ahead) or, a
  // fire's free, its own way; the allocation takes the first free way of its set (after the clear, when
  // the same set) and a run its deadline fits.
  logic [Ways-1:0] cm4, free4;
  logic            any_free;
  logic [WayW-1:0] first_free;
  always_comb begin
    // A fire's free: its own way (the key compares above are not its).
    for (int w = 0; w < Ways; w++) cm4[w] = op4_q.dir ? op4_q.dway == WayW'(w) : match4[w];
    free4 = ~va4 | (cmp4_q.own ? cm4 : '0);
    any_free   = free4 != '0;
    first_free = '0;
    for (int w = Ways - 1; w >= 0; w--) if (free4[w]) first_free = WayW'(w);
    // No way free, no run the deadline fits, or the chosen run full (its head then is its oldest live
    // packet, see above): not tracked.
    rec_d           = '0;
    rec_d.clr       = op4_q.clr;
    rec_d.cset      = op4_q.cset;
    rec_d.cmask     = cm4;
    rec_d.alc       = op4_q.alc && any_free && fit_any && run_room;
    rec_d.untracked = op4_q.alc && !(any_free && fit_any && run_room);
    rec_d.aset      = op4_q.aset;
    rec_d.awy       = first_free;
    rec_d.akey      = op4_q.akey;
    rec_d.dl        = op4_q.dl;
    rec_d.gen       = op4_q.gen;
    rec_d.ev        = ev4_q;
    rec_d.seq       = seq_q + SeqW'(rec0_q.alc);
    rec_d.run       = run_pick;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      rec0_q <= '0;
      rec1_q <= '0;
      rec2_q <= '0;
      rec3_q <= '0;
    end else begin
      rec0_q <= rec_d;
      rec1_q <= rec0_q;
      rec2_q <= rec1_q;
      rec3_q <= rec2_q;
    end
  end

  // t5: the record applies in every table: the sets, the data RAM and the runs (above).
  assign tracked_o   = tracked_q;
  assign untracked_o = rec0_q.untracked;

  // The packet data by way, read when a packet fires.
  localparam int unsigned DataW = KeyW + 16 + GenW;
  logic [DataW-1:0] data_rd;
  logic [EntW-1:0]  data_raddr;
  uet_lb_ram #(.Depth (Entries), .Width (DataW), .OutReg (1'b1)) u_data (
    .clk_i (clk_i), .we_i (rec0_q.alc), .waddr_i (rec_way), .wdata_i ({rec0_q.akey, rec0_q.ev, rec0_q.gen}),
    .raddr_i (data_raddr), .rdata_o (data_rd)
  );

  // ---------------------------------------------------------------------------------------------
  // Early failures.
  // An operation or record in flight here (allocations among them), and the time of the oldest
  // operation not yet applied (tails in the past are marked stale by it).
  // ops_past: those taken at an earlier edge (flip-flops only; the core knows of op0, from its stage X).
  logic                ops_busy, ops_past;
  assign ops_past = op1_q.clr || op1_q.alc || op2_q.clr || op2_q.alc || op3_q.clr || op3_q.alc || op4_q.clr ||
                    op4_q.alc || rec0_q.clr || rec0_q.alc || rec0_q.untracked;
  assign ops_busy = op0.clr || op0.alc || ops_past;
  // A run's tail in the past of every allocation still to come fits any of them: it is marked stale, so
  // its comparison never has to span more than half the time range. The reference is the oldest
  // allocation's time in flight here, else the core's (times only grow along the pipeline), registered
  // (a cycle late is earlier, so safe).
  always_ff @(posedge clk_i) begin
    if (op4_q.alc) t_ref_q <= op4_q.tm;
    else if (op3_q.alc) t_ref_q <= op3_q.tm;
    else if (op2_q.alc) t_ref_q <= op2_q.tm;
    else if (op1_q.alc) t_ref_q <= op1_q.tm;
    else if (op0.alc) t_ref_q <= op0.tm;
    else t_ref_q <= t_ref_i;
  end
  logic unused;
  assign unused = ^{rec1_q, rec2_q, rec3_q, cmp3_q.own, cmp3_q.dge};

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
  assign kclr = {op4_q.clr && !op4_q.dir, op3_q.clr && !op3_q.dir, op2_q.clr && !op2_q.dir,
                 op1_q.clr && !op1_q.dir, clr_valid_i, pre_clr_i};
  assign kkey = {op4_q.ckey, op3_q.ckey, op2_q.ckey, op1_q.ckey, op0.ckey,
                 pre_group_i[3 * GroupW +: GroupW], pre_psn_i[3 * PsnWidth +: PsnWidth],
                 pre_group_i[2 * GroupW +: GroupW], pre_psn_i[2 * PsnWidth +: PsnWidth],
                 pre_group_i[1 * GroupW +: GroupW], pre_psn_i[1 * PsnWidth +: PsnWidth],
                 pre_group_i[0 * GroupW +: GroupW], pre_psn_i[0 * PsnWidth +: PsnWidth]};
  logic [Runs*EntW-1:0]    fl_way_v, sl_way_v;
  logic [Runs*SeqW-1:0]    fl_seq_v, sl_seq_v;
  for (genvar r = 0; r < Runs; r++) begin : g_fl
    assign fl_way_v[r * EntW +: EntW]       = r_flway[r];
    assign sl_way_v[r * EntW +: EntW]       = r_slway[r];
    assign fl_seq_v[r * SeqW +: SeqW]       = r_flseq[r];
    assign sl_seq_v[r * SeqW +: SeqW]       = r_slseq[r];
    assign cnt_v[r * RunCntW +: RunCntW]      = r_cnt[r];
    assign cnt_next_v[r * RunCntW +: RunCntW] = r_cnt_next[r];
    assign oldest_v[r * SeqW +: SeqW]         = r_oldest[r];
  end
  localparam int unsigned Flight = 10;
  logic [Flight-1:0]           flight_v;
  logic [(Flight-1)*TsWidth-1:0] flight_dl;
  logic                        fire_waited;
  assign flight_v  = {op4_q.alc, op3_q.alc, op2_q.alc, op1_q.alc, op0.alc, core_req_i};
  assign flight_dl = {op3_q.dl, op2_q.dl, op1_q.dl, op0.dl, core_dl_i};
  uet_lb_tracker_fire #(
    .Entries (Entries), .Ways (Ways), .Runs (Runs), .KeyW (KeyW), .TsWidth (TsWidth), .SeqW (SeqW),
    .KClears (KClears), .FpDepth (FpDepth), .Flight (Flight)
  ) u_fire (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .fl_valid_i (r_flv), .fl_way_i (fl_way_v), .fl_seq_i (fl_seq_v), .fl_is_fire_i (r_flfire),
    .sl_valid_i (r_slv), .sl_way_i (sl_way_v), .sl_seq_i (sl_seq_v),
    .hdl_i (r_hdl), .fl_hsel_i (r_flhs), .sl_hsel_i (r_slhs),
    .unseen_i (r_unseen),
    .run_fire_o (r_fire), .run_skip_o (r_skip), .run_fired_o (r_fired), .cand_seq_o (cseq), .fired_seq_o (fseq1),
    .rec_next_i ({rec_d.clr, rec_d.cset, rec_d.cmask, rec_d.alc, rec_d.run, rec_d.dl}),
    .rec_i ({rec0_q.clr, rec0_q.cset, rec0_q.cmask, rec0_q.alc, rec0_q.run, rec0_q.dl}),
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
    .alc_i ({rec1_q.alc, rec0_q.alc, op4_q.alc, op3_q.alc, op2_q.alc, op1_q.alc, op0.alc}),
    .alc_dl_i ({rec1_q.dl, rec0_q.dl, op4_q.dl, op3_q.dl, op2_q.dl, op1_q.dl, op0.dl}),
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
                   {rec0_q.clr, rec0_q.cset, rec0_q.cmask};
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      // A fire's free takes a t0 whose clear slot is free (the core's stage X holds its early failure).
      a_fire_free_slot: assert (!(dfree && clr_valid_i));
      a_alloc_or_untracked: assert (!(rec0_q.alc && rec0_q.untracked));
      a_run_rec_copy: assert (&ok_rclr);  // each run's copy of the record's frees is rec0_q's
    end
  end
`endif
endmodule
