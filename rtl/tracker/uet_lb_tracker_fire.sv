// The tracker's early failures (SPEC section 6): which tracked packet fires next, when it fires, and the
// check and free that follow each fire. Part of uet_lb_tracker, which holds the packets and their runs.
//
// Candidate. Each run shows its first live element (fl) and the one after it (sl), a cycle old. The
// earliest fl by deadline, then send order, is chosen (the order block, uet_lb_tracker_order, keeps the
// runs' order and the records' flags against each element) and read out of the tracker's data RAM (two
// cycles) before its deadline. A candidate stays until it fires, a record frees its way, or a packet
// with an earlier deadline lands in another run.
//
// Fire. In the first cycle whose events are past the candidate's deadline (decided a cycle ahead from
// now_i) fire_o rises for one cycle, a flip-flop. It waits while a packet on its way to the runs has an
// earlier deadline (it goes first: SPEC's order is by deadline, then send, and every packet in flight was
// sent after the candidate), while the core holds its streams (fire_block_i), and, while a run is nearly
// full, until nothing is in flight. The waits are flip-flops: each position a packet in flight passes
// (the request offered, the core's stages, the tracker's operations and records) compares the deadline
// it will hold next cycle with the candidate's a cycle ahead, and the position's valid bit is ANDed after
// the register. That is exact because an armed candidate's deadline is the one it had a cycle before. A
// fire that waits holds the streams the next cycle (fire_waited_o), so a wait is never out of order.
//
// Check and free (uet_lb_tracker_check). A fire is decided before the clears taken ahead of it reach the
// tracker's tables: fire_kill_o, three cycles after fire_o, says the packet had been cleared; a fire that
// stands frees its way (dfree_o) FpDepth cycles after fire_o, in the tracker's clear slot.
`default_nettype none

module uet_lb_tracker_fire #(
  parameter int unsigned Entries = 1024,  ///< the tracker's ways
  parameter int unsigned Ways    = 4,     ///< ways per set
  parameter int unsigned Runs    = 2,
  parameter int unsigned KeyW    = 36,    ///< a packet's key: group and PSN
  parameter int unsigned TsWidth = 32,
  parameter int unsigned SeqW    = 14,    ///< allocation numbers
  parameter int unsigned KClears = 9,     ///< key clears a fire is checked against
  parameter int unsigned FpDepth = 6,     ///< cycles from a fire to its free
  parameter int unsigned Flight  = 10,    ///< positions of the packets in flight before the records
  // Derived, do not override.
  parameter int unsigned Sets    = Entries / Ways,
  parameter int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned EntW    = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned RunW    = (Runs > 1) ? $clog2(Runs) : 1,
  parameter int unsigned CrecW   = 1 + SetW + Ways + 1 + RunW + TsWidth
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,        ///< synchronous, active low
  input  logic                    flush_i,       ///< drop the candidate and every fire in flight
  input  logic [TsWidth-1:0]      now_i,         ///< the time of the events the core accepts next cycle
  // Each run's first and second live elements, a cycle old (run r at slice r). Their deadlines and
  // numbers come as the run's view registered them, four a run (uet_lb_tracker_view's hdl_o, hseq_o),
  // with a one-hot select of the first's (of the first two) and one of the second's.
  input  logic [Runs-1:0]         fl_valid_i,
  input  logic [Runs*EntW-1:0]    fl_way_i,
  input  logic [Runs-1:0]         fl_is_fire_i,  ///< the fl is the element fired at the last edge
  input  logic [Runs-1:0]         sl_valid_i,
  input  logic [Runs*EntW-1:0]    sl_way_i,
  input  logic [Runs*4*TsWidth-1:0] hdl_i,
  input  logic [Runs*4*SeqW-1:0]  hseq_i,
  input  logic [Runs*2-1:0]       fl_hsel_i,
  input  logic [Runs*4-1:0]       sl_hsel_i,
  input  logic [Runs-1:0]         unseen_i,      ///< live elements past the run's window, none in it
  output logic [Runs-1:0]         run_fire_o,    ///< the run whose fl fires now
  output logic [Runs-1:0]         run_skip_o,    ///< the run whose hold leaves out the armed candidate
  output logic [Runs-1:0]         run_fired_o,   ///< the run whose element fired at the last edge
  output logic [SeqW-1:0]         cand_seq_o,    ///< the candidate's allocation number
  output logic [SeqW-1:0]         fired_seq_o,   ///< the number of the element fired at the last edge
  // The tracker's record, {clr, cset, cmask, alc, run, dl}: the one decided now (the candidate keeps a
  // registered copy of its own, placed near it) and the one applying now.
  input  logic [CrecW-1:0]        rec_next_i,
  input  logic [CrecW-1:0]        rec_i,
  // The data RAM: the candidate's way, and its key read out.
  output logic [EntW-1:0]         data_raddr_o,
  input  logic [KeyW-1:0]         cand_key_i,
  // The packets on their way to the runs, for the waits: the request offered now (its deadline is the time
  // of the events taken now plus span_i), and Flight positions in the order a packet passes them (stage A
  // of the core first; the tracker's records, from rec_next_i and rec_i, follow the last).
  input  logic                    offer_i,       ///< a request is offered now
  input  logic [TsWidth-1:0]      now_q_i,       ///< the time of the events taken now (now_i a cycle ago)
  input  logic [TsWidth-1:0]      span_i,        ///< M x base RTT: a request's deadline less its time
  input  logic                    span_moves_i,  ///< span_i may change at the next edge
  input  logic [Flight-1:0]       flight_v_i,    ///< position k holds a packet now (0: stage A)
  input  logic [(Flight-1)*TsWidth-1:0] flight_dl_i,  ///< slice k - 1: the deadline position k holds next
                                                 ///< cycle (position k - 1's now); position 0's is now_q_i
                                                 ///< plus span_i
  // When a fire may go.
  input  logic                    fire_block_i,  ///< the core holds its streams next cycle: no fire then
  input  logic                    interlock_i,   ///< a run is nearly full
  input  logic                    quiet_i,       ///< no clear or allocation in flight before the tracker
  input  logic                    ops_busy_i,    ///< an operation in flight in the tracker
  input  logic                    runs_hold_i,   ///< a run holds the core (its hold flags, registered)
  output logic                    fire_next_o,   ///< fire_o may rise next cycle
  output logic                    fire_due_o,    ///< the candidate is read and past due at now_i
  output logic                    fire_o,        ///< the candidate fires now
  output logic                    fire_waited_o, ///< a fire due last cycle waited for a packet in flight:
                                                 ///< hold the streams now
  output logic [TsWidth-1:0]      fire_deadline_o,
  // The check and the free.
  input  logic [KClears-1:0]      kclr_i,        ///< key clears taken before the fire of a cycle ago
  input  logic [KClears*KeyW-1:0] kkey_i,        ///< their keys
  output logic                    fire_kill_o,   ///< the fire of three cycles ago changes nothing
  output logic                    dfree_o,       ///< free way dfree_way_o now (the fire of FpDepth ago stood)
  output logic [EntW-1:0]         dfree_way_o,
  output logic                    busy_o         ///< a fire's check or free is on its way
);
  // Deadlines in TsWidth bits (uet_lb_pkg's wrap_before and sum_before; named apart from the tracker's
  // ts_before: Verilator inlines this block into the tracker and would see the one hide the other).
  function automatic logic dl_before(input logic [TsWidth-1:0] x, input logic [TsWidth-1:0] y);
    dl_before = uet_lb_pkg::wrap_before(32'(x), 32'(y), TsWidth);
  endfunction
  function automatic logic sum_before(input logic [TsWidth-1:0] x, input logic [TsWidth-1:0] z,
                                      input logic [TsWidth-1:0] y);
    sum_before = uet_lb_pkg::sum_before(32'(x), 32'(z), 32'(y), TsWidth);
  endfunction

  // The runs' elements as arrays, the deadlines and numbers as the order block selects them (below).
  logic [EntW-1:0]      fl_way [Runs], sl_way [Runs];
  logic [SeqW-1:0]      fl_seq [Runs], sl_seq [Runs];
  logic [TsWidth-1:0]   fl_dl [Runs], sl_dl [Runs];
  logic [Runs*TsWidth-1:0] fl_dl_v, sl_dl_v;
  logic [Runs*SeqW-1:0]    fl_seq_v, sl_seq_v;
  for (genvar r = 0; r < Runs; r++) begin : g_in
    assign fl_way[r] = fl_way_i[r * EntW +: EntW];
    assign sl_way[r] = sl_way_i[r * EntW +: EntW];
    assign fl_seq[r] = fl_seq_v[r * SeqW +: SeqW];
    assign sl_seq[r] = sl_seq_v[r * SeqW +: SeqW];
    assign fl_dl[r]  = fl_dl_v[r * TsWidth +: TsWidth];
    assign sl_dl[r]  = sl_dl_v[r * TsWidth +: TsWidth];
  end
  // The ways the record applying now frees.
  logic            rec_clr;
  logic [SetW-1:0] rec_cset;
  logic [Ways-1:0] rec_cmask;
  assign rec_clr   = rec_i[CrecW-1];
  assign rec_cset  = rec_i[CrecW-2 -: SetW];
  assign rec_cmask = rec_i[CrecW-2-SetW -: Ways];
  logic [SeqW-1:0] cseq_q;  // the candidate's number
  logic            fired1;  // a fire at the last edge (the check, below); its run:
  logic [RunW-1:0] fr1;
  assign cand_seq_o = cseq_q;
  for (genvar r = 0; r < Runs; r++) begin : g_fired
    assign run_fired_o[r] = fired1 && fr1 == RunW'(r);
  end

  // The candidate: the first live element of each run (fl, as the runs register it: a cycle old), the
  // earliest of them by deadline, then send order. Its run, way, number and deadline are registered when
  // it is chosen and its data read out of the data RAM (two cycles). The runs' order is registered from
  // their fl (uet_lb_tracker_order), so it is another cycle old: a candidate is chosen only when no fl
  // changed, and no packet landed in another run in the cycle the fl do not show yet. A run whose window
  // holds no live element but more past it (unseen) may hold an earlier one: nothing is chosen then. The
  // candidate stays until it fires, a record frees its way (ck1_q), or a packet with an earlier deadline
  // lands in another run. When it fires and every other run is empty, its run's second live element (sl)
  // is chosen at once.
  typedef enum logic [1:0] {CS_IDLE, CS_READ1, CS_READ2, CS_READY} cstate_e;
  cstate_e            cs_q;
  logic [RunW-1:0]    cr_q;
  logic [EntW-1:0]    cway_q;
  logic [TsWidth-1:0] cdl_q;
  logic               ck1_q;       // a record freed its way since it was chosen (it is dead)
  logic               cand_gone;   // the candidate is dead, or a packet before it landed in another run
  logic               next_sl;     // the candidate fires, and its run's second live element follows it
  logic               armed;       // the candidate's data are read out, or will be next cycle
  logic               can_load, abandon, fire_d, fire_q, slow_ok;
  // The candidate's own copy of the record applied now (c0) and at the last edge (c1): the record reaches
  // every run's window, and a copy placed near the candidate's registers routes shorter (uet_lb_dup).
  logic                c0_clr, c0_alc, c1_clr_q, c1_alc_q;
  logic [SetW-1:0]     c0_cset, c1_cset_q;
  logic [Ways-1:0]     c0_cmask, c1_cmask_q;
  logic [RunW-1:0]     c0_run, c1_run_q;
  logic [TsWidth-1:0]  c0_dl, c1_dl_q;
  uet_lb_dup #(.W (CrecW)) u_crec (
    .clk_i (clk_i), .rst_ni (rst_ni), .clr_i (flush_i),
    .d_i (rec_next_i),
    .q_o ({c0_clr, c0_cset, c0_cmask, c0_alc, c0_run, c0_dl})
  );
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) {c1_clr_q, c1_cset_q, c1_cmask_q, c1_alc_q, c1_run_q, c1_dl_q} <= '0;
    else {c1_clr_q, c1_cset_q, c1_cmask_q, c1_alc_q, c1_run_q, c1_dl_q} <=
         {c0_clr, c0_cset, c0_cmask, c0_alc, c0_run, c0_dl};
  end
  logic [RunW-1:0]    pick;
  logic               steady;      // no run's fl changed since a cycle ago (pick is exact)

  // A record frees way w.
  function automatic logic rec_frees(input logic [EntW-1:0] w, input logic clr, input logic [SetW-1:0] cset,
                                     input logic [Ways-1:0] cmask);
    rec_frees = uet_lb_pkg::way_freed(32'(w), clr, 32'(cset), 32'(cmask), $clog2(Sets), $clog2(Ways));
  endfunction

  // Whether the records the candidate's copies show go before the candidate (g0_q: the one applying now,
  // c0; g1_q: the one applied at the last edge, c1), decided a cycle ahead against the deadline cdl_q takes
  // at the edge: the candidate's own when it stays, the picked run's fl when one is chosen, its run's sl
  // when that follows a fire. Each source is compared beside the choice and the result selected
  // (g0_fl .. g1_sl, from the order block), so the candidate's state machine reads flip-flops, not a
  // deadline comparison. Exact in every cycle but the first after a flush (the candidate is idle then).
  // Loaded with the candidate's registers, below. Likewise whether c0 or c1 frees each run's fl and sl
  // (the elements are a cycle old): fl_freed, sl_freed.
  logic g0_q, g1_q;
  logic [Runs-1:0] g0_fl, g0_sl, g1_fl, g1_sl, fl_freed, sl_freed;
  uet_lb_tracker_order #(
    .Entries (Entries), .Ways (Ways), .Runs (Runs), .TsWidth (TsWidth), .SeqW (SeqW)
  ) u_order (
    .clk_i (clk_i), .rst_ni (rst_ni), .fl_valid_i (fl_valid_i), .fl_way_i (fl_way_i), .sl_way_i (sl_way_i),
    .hdl_i (hdl_i), .hseq_i (hseq_i), .fl_hsel_i (fl_hsel_i), .sl_hsel_i (sl_hsel_i),
    .fl_dl_o (fl_dl_v), .sl_dl_o (sl_dl_v), .fl_seq_o (fl_seq_v), .sl_seq_o (sl_seq_v),
    .pick_o (pick), .steady_o (steady), .rec_dl_i (rec_next_i[TsWidth-1:0]),
    .c0_clr_i (c0_clr), .c0_cset_i (c0_cset), .c0_cmask_i (c0_cmask), .c0_dl_i (c0_dl),
    .c1_clr_i (c1_clr_q), .c1_cset_i (c1_cset_q), .c1_cmask_i (c1_cmask_q),
    .g0_fl_o (g0_fl), .g0_sl_o (g0_sl), .g1_fl_o (g1_fl), .g1_sl_o (g1_sl),
    .fl_freed_o (fl_freed), .sl_freed_o (sl_freed)
  );
  // (Nor in the cycle after a fire: the fl then still show the packet that fired.)
  assign can_load = cs_q == CS_IDLE && steady && fl_valid_i != '0 && unseen_i == '0 &&
                    !(c1_alc_q && c1_run_q != pick) && !fired1;
  always_comb begin
    cand_gone = ck1_q || (c0_alc && c0_run != cr_q && g0_q) || (c1_alc_q && c1_run_q != cr_q && g1_q);
    // (The run's fl a cycle ago is the candidate, so its sl then follows it.)
    next_sl = fire_o && fl_valid_i[cr_q] && fl_is_fire_i[cr_q] && sl_valid_i[cr_q] &&
              !(c0_alc && c0_run != cr_q) && !(c1_alc_q && c1_run_q != cr_q);
    for (int r = 0; r < Runs; r++) if (RunW'(r) != cr_q && (fl_valid_i[r] || unseen_i[r])) next_sl = 1'b0;
  end
  assign armed = cs_q == CS_READ2 || cs_q == CS_READY;
  assign abandon = flush_i || (cs_q != CS_IDLE && cand_gone) || fire_o;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      cs_q <= CS_IDLE;
    end else if (next_sl) begin
      cs_q <= CS_READ1;
    end else if (abandon) begin
      cs_q <= CS_IDLE;
    end else begin
      unique case (cs_q)
        CS_IDLE:  if (can_load) cs_q <= CS_READ1;
        CS_READ1: cs_q <= CS_READ2;
        CS_READ2: cs_q <= CS_READY;
        CS_READY: cs_q <= CS_READY;
        default:  cs_q <= CS_IDLE;
      endcase
    end
  end
  always_ff @(posedge clk_i) begin
    if (next_sl) begin
      cway_q <= sl_way[cr_q];
      cseq_q <= sl_seq[cr_q];
      ck1_q  <= sl_freed[cr_q];
      g0_q   <= g0_sl[cr_q];
      g1_q   <= g1_sl[cr_q];
    end else if (cs_q == CS_IDLE) begin
      cr_q   <= pick;
      cway_q <= fl_way[pick];
      cseq_q <= fl_seq[pick];
      ck1_q  <= fl_freed[pick];
      g0_q   <= g0_fl[pick];
      g1_q   <= g1_fl[pick];
    end else begin
      ck1_q  <= ck1_q || rec_frees(cway_q, c0_clr, c0_cset, c0_cmask);
      g0_q   <= dl_before(rec_next_i[TsWidth-1:0], cdl_q);
      g1_q   <= dl_before(c0_dl, cdl_q);
    end
  end
  assign data_raddr_o = cway_q;
  // The candidate's deadline, loaded with its other fields above (the run's sl after a fire, the pick's fl
  // when idle), and the due test's own copy of it (uet_lb_dup: it takes what cdl_q takes at every edge,
  // and is reset where cdl_q is not, so the two are equal from the first load on, before the test reads
  // it): cdl_q also feeds the waits' and the records' compares and the core's stage X, and its route into
  // the due test was an ECP5 critical path.
  logic [TsWidth-1:0] cdl_next, due_dl;
  assign cdl_next = next_sl ? sl_dl[cr_q] : (cs_q == CS_IDLE) ? fl_dl[pick] : cdl_q;
  always_ff @(posedge clk_i) cdl_q <= cdl_next;
  uet_lb_dup #(.W (TsWidth)) u_due_dl (
    .clk_i (clk_i), .rst_ni (rst_ni), .clr_i (1'b0), .d_i (cdl_next), .q_o (due_dl)
  );

  // The waits, a cycle ahead: whether the deadline each position holds next cycle is before the candidate's
  // (fb_q; the request offered: ob_q, conservative when the span moves); the records' are g0_q and g1_q.
  // Only read while the candidate is armed, when cdl_q is last cycle's.
  logic [Flight-1:0] fb_q;
  logic              ob_q;
  always_ff @(posedge clk_i) begin
    ob_q    <= sum_before(now_i, span_i, cdl_q) || span_moves_i;
    fb_q[0] <= sum_before(now_q_i, span_i, cdl_q);
    for (int k = 1; k < Flight; k++) fb_q[k] <= dl_before(flight_dl_i[(k - 1) * TsWidth +: TsWidth], cdl_q);
  end
  // A packet in flight, the request offered included, has a deadline before the candidate's: it fires first.
  logic waits;
  assign waits = (offer_i && ob_q) || (flight_v_i & fb_q) != '0 || (c0_alc && g0_q) || (c1_alc_q && g1_q);

  // Firing: in the first cycle whose events are past the candidate's deadline (decided a cycle ahead from
  // now_i), unless a packet in flight goes first (waits; the streams are then held: fire_waited_o). While
  // a run is nearly full (interlock), a fire waits until the core holds its streams with nothing in
  // flight, so every allocation's room decision sees the runs as the model does. fire_o is a flip-flop (it
  // reaches the candidate's registers and every run).
  logic fp_busy;  // a fire's check or free is on its way (below)
  assign slow_ok = !interlock_i || (quiet_i && !ops_busy_i && !fp_busy && runs_hold_i);
  // The due comparison comes late out of its carry chain; every other term of the decision comes from
  // flip-flops. They are kept apart (fire_ok, fire_go, fire_wait, run_go), so that each flip-flop the
  // decision reaches is the comparison ANDed with one early term (as the view's hold is written).
  logic cand_due, due_now, waited_q;
  (* keep *) logic fire_ok, fire_go, fire_wait;
  assign due_now   = dl_before(due_dl, now_i);
  assign cand_due  = armed && due_now;
  assign fire_ok   = armed && !flush_i && !cand_gone && !fire_o && !fire_block_i && slow_ok;
  assign fire_go   = fire_ok && !waits;
  assign fire_wait = fire_ok && waits;
  assign fire_d    = due_now && fire_ok;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      fire_q   <= 1'b0;
      waited_q <= 1'b0;
    end else begin
      fire_q   <= due_now && fire_go;
      waited_q <= due_now && fire_wait;
    end
  end
  assign fire_o        = fire_q;
  assign fire_waited_o = waited_q;
  assign fire_next_o   = fire_d;
  assign fire_due_o    = cand_due;
  // Each run's copy of the fire, made beside fire_q: the fire reaches every run's live flags, and a copy
  // per run places near its readers (uet_lb_dup). Exact because the run cr_q does not change while the
  // candidate is armed, and fire_d needs it armed.
  logic [Runs-1:0] run_fire_d;
  (* keep *) logic [Runs-1:0] run_go;
  for (genvar r = 0; r < Runs; r++) begin : g_rfire
    assign run_go[r]     = fire_go && cr_q == RunW'(r);
    assign run_fire_d[r] = due_now && run_go[r];
  end
  uet_lb_dup #(.W (Runs)) u_rfire (
    .clk_i (clk_i), .rst_ni (rst_ni), .clr_i (flush_i), .d_i (run_fire_d), .q_o (run_fire_o)
  );
  for (genvar r = 0; r < Runs; r++) begin : g_fire
    // The hold leaves out the armed candidate: it fires in the first cycle whose events are past its
    // deadline, unless it is dead, a packet before it is on its way (that one holds), or the core holds
    // its streams anyway (fire_block_i, a past-due request). Not while a run is nearly full: a fire then
    // waits for the core to hold.
    assign run_skip_o[r] = armed && !interlock_i && cr_q == RunW'(r);
  end
  assign fire_deadline_o = cdl_q;

  // The fire's check and free (uet_lb_tracker_check).
  uet_lb_tracker_check #(
    .Entries (Entries), .Ways (Ways), .Runs (Runs), .KeyW (KeyW), .SeqW (SeqW), .KClears (KClears),
    .FpDepth (FpDepth)
  ) u_check (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i),
    .fire_i (fire_o), .way_i (cway_q), .seq_i (cseq_q), .run_i (cr_q), .key_i (cand_key_i), .dead_i (ck1_q),
    .rec_clr_i (rec_clr), .rec_cset_i (rec_cset), .rec_cmask_i (rec_cmask), .kclr_i (kclr_i), .kkey_i (kkey_i),
    .fired_o (fired1), .fired_seq_o (fired_seq_o), .fired_run_o (fr1), .kill_o (fire_kill_o), .free_o (dfree_o),
    .free_way_o (dfree_way_o), .busy_o (fp_busy)
  );
  assign busy_o = fp_busy;

`ifndef SYNTHESIS
  // A record appends a packet before the candidate to a run other than the candidate's (the same
  // deadline and a later send is after it).
  function automatic logic lands_before(input logic alc, input logic [RunW-1:0] run, input logic [TsWidth-1:0] dl,
                                        input logic [RunW-1:0] cr, input logic [TsWidth-1:0] cdl);
    lands_before = alc && run != cr && dl_before(dl, cdl);
  endfunction
  // The fire as decided before fire_q took the waits in, and the record applied at the last edge.
  logic             fire_ref_q, wait_ref_q;
  logic [CrecW-1:0] rec1_ref_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) fire_ref_q <= 1'b0;
    else fire_ref_q <= fire_d;
    wait_ref_q <= waits;
    if (!rst_ni || flush_i) rec1_ref_q <= '0;
    else rec1_ref_q <= rec_i;
  end
  // The positions' deadlines now, and the span and time of a cycle ago, for the waits' references.
  logic [TsWidth-1:0] fdl_ref_q [Flight], span_ref_q;
  logic               moves_ref_q;
  always_ff @(posedge clk_i) begin
    fdl_ref_q[0] <= now_q_i + span_i;
    for (int k = 1; k < Flight; k++) fdl_ref_q[k] <= flight_dl_i[(k - 1) * TsWidth +: TsWidth];
    span_ref_q  <= span_i;
    moves_ref_q <= span_moves_i;
  end
  logic [Runs-1:0] run_fire_ref;  // the fire, decoded by the candidate's run
  always_comb for (int r = 0; r < Runs; r++) run_fire_ref[r] = fire_o && cr_q == RunW'(r);
  logic [Flight-1:0] ok_flight;
  always_comb for (int k = 0; k < Flight; k++) ok_flight[k] = fb_q[k] == dl_before(fdl_ref_q[k], cdl_q);
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      // Armed, the waits' flip-flops are the comparisons with this cycle's deadlines.
      if (armed) begin
        a_wait_flight: assert (&ok_flight);
        if (!moves_ref_q) a_wait_offer: assert (ob_q == dl_before(now_q_i + span_i, cdl_q));
        a_wait_offer_span: assert (!(span_i != span_ref_q && !moves_ref_q));
      end
      // While there is a candidate, the records' flip-flops are the comparisons with its deadline now.
      if (cs_q != CS_IDLE) begin
        a_gone_rec: assert (g0_q == dl_before(c0_dl, cdl_q) && g1_q == dl_before(c1_dl_q, cdl_q));
        a_gone_exact: assert (cand_gone == (ck1_q || lands_before(c0_alc, c0_run, c0_dl, cr_q, cdl_q) ||
                                            lands_before(c1_alc_q, c1_run_q, c1_dl_q, cr_q, cdl_q)));
      end
      a_fire_waits: assert (fire_o == (fire_ref_q && !wait_ref_q));
      if (cs_q != CS_IDLE) a_due_copy: assert (due_dl == cdl_q);
      a_run_fire: assert (run_fire_o == run_fire_ref);
      // The candidate's copies of the record are the tracker's.
      a_crec0: assert ({c0_clr, c0_cset, c0_cmask, c0_alc, c0_run, c0_dl} == rec_i);
      a_crec1: assert ({c1_clr_q, c1_cset_q, c1_cmask_q, c1_alc_q, c1_run_q, c1_dl_q} == rec1_ref_q);
      // A fire is the candidate, read out.
      if (fire_q) a_fire_armed: assert (cs_q == CS_READY);
    end
  end
`endif
endmodule
