// The tracker's operations, t0 to the record (part of uet_lb_tracker): each cycle a clear and an
// allocation enter at t0, move a stage a cycle to t4, and there become the record every table applies at
// t5. On the way they find their sets (uet_lb_tracker_sets) and the allocation its run
// (uet_lb_tracker_choice).
//
// t0. A clear is an ACK or NACK of (group, psn), or a fire's free of one way (the fire block's dfree_i,
// which takes the clear slot); an allocation is a request to track. Each is compared with the operations
// ahead (t1..t4) and the record before them, and the flags (cmp) shift with it: at t2..t4 the sets forward
// the effect of the records they cannot yet see in their tables from those flags, not from new compares.
//
// t4: the record. The clear frees the ways it matches (the sets', after the record just ahead) or, a
// fire's free, its own way; the allocation takes the first free way of its set (after the clear when the
// same set) and a run its deadline fits. No free way, no run that fits, or the chosen run full: it is not
// tracked. The allocation's number (seq) counts the tracked ones; its entropy value comes three cycles
// after it, as the core makes it.
//
// Outputs. The record applying now (rec_*, decided at the last edge) and the one decided now (next_*: the
// runs' copies of its frees and the fire block read it a cycle ahead); the allocations in flight and
// their deadlines (t0..t4, then the records applying now and a cycle ago) for the fire's waits and the
// hold; the clears at t1..t4 with their keys for a fire's check.
`default_nettype none

module uet_lb_tracker_ops #(
  parameter int unsigned Entries  = 1024,  ///< ways in all: Sets x Ways (powers of 2)
  parameter int unsigned Ways     = 4,     ///< ways per set: 1, 2 or 4
  parameter int unsigned Runs     = 2,
  parameter int unsigned RunDepth = 2048,  ///< elements a run holds
  parameter int unsigned GroupW   = 4,
  parameter int unsigned PsnWidth = 32,
  parameter int unsigned TsWidth  = 32,
  parameter int unsigned GenW     = 8,
  parameter int unsigned SeqW     = 14,    ///< allocation numbers
  // Derived, do not override.
  parameter int unsigned Sets     = Entries / Ways,
  parameter int unsigned SetW     = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned WayW     = (Ways > 1) ? $clog2(Ways) : 1,
  parameter int unsigned EntW     = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned RunW     = (Runs > 1) ? $clog2(Runs) : 1,
  parameter int unsigned KeyW     = GroupW + PsnWidth,
  parameter int unsigned DataW    = KeyW + 16 + GenW,  ///< a packet's key, entropy value and generation
  parameter int unsigned CntW     = $clog2(Entries + 1),
  parameter int unsigned RunCntW  = $clog2(RunDepth + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,          ///< synchronous, active low
  input  logic                    flush_i,         ///< drop every operation and tracked packet
  input  logic [TsWidth-1:0]      t_ref_i,         ///< no allocation still to come before t0 is older
  // t0, in event order: the clear (or a fire's free) applies before the allocation.
  input  logic                    clr_valid_i,
  input  logic [GroupW-1:0]       clr_group_i,
  input  logic [PsnWidth-1:0]     clr_psn_i,
  input  logic                    dfree_i,         ///< a fire's free of way dfree_way_i (never beside clr_valid_i)
  input  logic [EntW-1:0]         dfree_way_i,
  input  logic                    alc_valid_i,
  input  logic [GroupW-1:0]       alc_group_i,
  input  logic [PsnWidth-1:0]     alc_psn_i,
  input  logic [TsWidth-1:0]      alc_time_i,
  input  logic [TsWidth-1:0]      alc_deadline_i,
  input  logic [GenW-1:0]         alc_gen_i,
  input  logic [15:0]             alc_ev_i,        ///< the entropy value of the allocation at t3
  // The runs (slice r: run r), for the allocation's choice.
  input  logic [Runs*RunCntW-1:0] cnt_i,           ///< elements held
  input  logic [Runs-1:0]         pop_i,           ///< one leaves at this edge
  output logic [Runs-1:0]         push_o,          ///< the record applying now pushes into the run
  output logic                    push_hs_o,       ///< ... and the pushed way's set is the set next_ frees
  // The sets.
  output logic [Entries-1:0]      valid_o,         ///< ways holding a tracked packet
  output logic [CntW-1:0]         tracked_o,
  // The record applying now (rec_) and the one decided now (next_).
  output logic                    rec_clr_o,       ///< it frees rec_cmask_o in set rec_cset_o
  output logic [SetW-1:0]         rec_cset_o,
  output logic [Ways-1:0]         rec_cmask_o,
  output logic                    rec_alc_o,       ///< it tracks a packet in way rec_way_o, run rec_run_o
  output logic                    rec_untracked_o, ///< its allocation found no room
  output logic [EntW-1:0]         rec_way_o,
  output logic [RunW-1:0]         rec_run_o,
  output logic [TsWidth-1:0]      rec_dl_o,
  output logic [SeqW-1:0]         rec_seq_o,
  output logic [DataW-1:0]        rec_data_o,      ///< {key, entropy value, generation}
  output logic                    next_clr_o,
  output logic [SetW-1:0]         next_cset_o,
  output logic [Ways-1:0]         next_cmask_o,
  output logic                    next_alc_o,
  output logic [RunW-1:0]         next_run_o,
  output logic [TsWidth-1:0]      next_dl_o,
  output logic [SeqW-1:0]         seq_o,           ///< the next tracked allocation's number
  // In flight: bit / slice k = t_k for k = 0..4, then the record applying now (5) and the last (6).
  output logic [6:0]              alc_o,           ///< an allocation
  output logic [7*TsWidth-1:0]    alc_dl_o,        ///< its deadline
  output logic [3:0]              kclr_o,          ///< t1..t4 (bit 0..3) hold a clear of a key
  output logic [5*KeyW-1:0]       ckey_o,          ///< t0..t4's clear keys
  output logic                    past_o,          ///< an operation taken at an earlier edge, or a record
                                                   ///< (flip-flops only: the core knows of t0's own)
  output logic                    busy_o           ///< past_o, or an operation at t0
);
  // ---------------------------------------------------------------------------------------------
  // The set of a (group, psn) (uet_lb_pkg::tracker_set; the golden model's hardware_set).
  function automatic logic [SetW-1:0] set_of(input logic [GroupW-1:0] g, input logic [PsnWidth-1:0] p);
    set_of = SetW'(uet_lb_pkg::tracker_set(32'(g), 32'(p), GroupW, $clog2(Sets)));
  endfunction

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

  assign op0.clr  = clr_valid_i || dfree_i;
  assign op0.dir  = dfree_i;
  assign op0.dway = (Ways > 1) ? WayW'(dfree_way_i) : '0;
  assign op0.ckey = {clr_group_i, clr_psn_i};
  assign op0.cset = dfree_i ? SetW'(uet_lb_pkg::way_set(32'(dfree_way_i), $clog2(Sets), $clog2(Ways)))
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
    cmp0.dge = !uet_lb_pkg::wrap_before(32'(op0.dl), 32'(op1_q.dl), TsWidth);
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
  // Sets: the tag RAMs, the valid bits and their count, and what each operation finds in its sets on its
  // way to t4, the records ahead of it applied.
  logic [Ways-1:0] match4, va4;
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
    .match4_o (match4), .va4_o (va4), .valid_o (valid_o), .tracked_o (tracked_o)
  );

  // ---------------------------------------------------------------------------------------------
  // The allocation's run: the runs' tails and stale flags, the current run, t3's fit and room flags, t4's
  // pick, and each run's push decoded from the record.
  logic [SeqW-1:0]    seq_q;        // the next allocation's number
  logic [TsWidth-1:0] t_ref_q;      // no allocation still to come is older than this (a cycle late)
  logic               fit_any, run_room;
  logic [RunW-1:0]    run_pick;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) seq_q <= '0;
    else if (rec0_q.alc) seq_q <= seq_q + 1'b1;
  end
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
  uet_lb_tracker_choice #(.Runs (Runs), .RunDepth (RunDepth), .TsWidth (TsWidth)) u_choice (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .t_ref_i (t_ref_q),
    .op3_dl_i (op3_q.dl), .op4_alc_i (op4_q.alc), .op4_dl_i (op4_q.dl), .dge4_i (cmp4_q.dge),
    .rec_alc_i (rec0_q.alc), .rec_run_i (rec0_q.run), .rec_dl_i (rec0_q.dl),
    .next_alc_i (rec_d.alc), .next_run_i (rec_d.run), .cnt_i (cnt_i), .pop_i (pop_i),
    .run_o (run_pick), .fit_o (fit_any), .room_o (run_room), .push_o (push_o)
  );
  // The pushed way's set is the set the record after it frees (next_cset_o then), compared a cycle ahead
  // (both fields shift every cycle).
  logic push_hs_q;
  always_ff @(posedge clk_i) push_hs_q <= op4_q.aset == op3_q.cset;
  assign push_hs_o = push_hs_q;

  // ---------------------------------------------------------------------------------------------
  // t4: the record.
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
    // packet, see uet_lb_tracker): not tracked.
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

  // ---------------------------------------------------------------------------------------------
  // Outputs.
  assign rec_clr_o        = rec0_q.clr;
  assign rec_cset_o       = rec0_q.cset;
  assign rec_cmask_o      = rec0_q.cmask;
  assign rec_alc_o        = rec0_q.alc;
  assign rec_untracked_o  = rec0_q.untracked;
  assign rec_way_o        = (Ways > 1) ? EntW'({rec0_q.aset, rec0_q.awy}) : EntW'(rec0_q.aset);
  assign rec_run_o        = rec0_q.run;
  assign rec_dl_o         = rec0_q.dl;
  assign rec_seq_o        = rec0_q.seq;
  assign rec_data_o       = {rec0_q.akey, rec0_q.ev, rec0_q.gen};
  assign next_clr_o       = rec_d.clr;
  assign next_cset_o      = rec_d.cset;
  assign next_cmask_o     = rec_d.cmask;
  assign next_alc_o       = rec_d.alc;
  assign next_run_o       = rec_d.run;
  assign next_dl_o        = rec_d.dl;
  assign seq_o            = seq_q;
  assign alc_o    = {rec1_q.alc, rec0_q.alc, op4_q.alc, op3_q.alc, op2_q.alc, op1_q.alc, op0.alc};
  assign alc_dl_o = {rec1_q.dl, rec0_q.dl, op4_q.dl, op3_q.dl, op2_q.dl, op1_q.dl, op0.dl};
  assign kclr_o   = {op4_q.clr && !op4_q.dir, op3_q.clr && !op3_q.dir, op2_q.clr && !op2_q.dir,
                     op1_q.clr && !op1_q.dir};
  assign ckey_o   = {op4_q.ckey, op3_q.ckey, op2_q.ckey, op1_q.ckey, op0.ckey};
  assign past_o   = op1_q.clr || op1_q.alc || op2_q.clr || op2_q.alc || op3_q.clr || op3_q.alc || op4_q.clr ||
                    op4_q.alc || rec0_q.clr || rec0_q.alc || rec0_q.untracked;
  assign busy_o   = op0.clr || op0.alc || past_o;
  logic unused;
  assign unused = ^{rec1_q, rec2_q, rec3_q, cmp3_q.own, cmp3_q.dge};

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      a_alloc_or_untracked: assert (!(rec0_q.alc && rec0_q.untracked));
    end
  end
`endif
endmodule
