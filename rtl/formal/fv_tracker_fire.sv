// Formal harness of uet_lb_tracker_fire (4 ways in 2 sets, 2 runs, 4-bit times and numbers, three positions
// in flight): the fire rules hold whatever the runs show. The runs' first and second elements (their
// deadlines and numbers by free one-hot selects: the first's one of the two halves' firsts, the second's any
// of four), the time, the packets in flight and the key clears are free each cycle; the record applying is
// the one decided a cycle before (as the tracker applies it), a position's deadline the one shown for it a
// cycle before, and the span moves only when announced. A fire comes only in the cycle after its candidate
// was due and nothing held it, with the deadline it was due by; it comes exactly when the fire decided then
// found no packet in flight (the request offered, the positions, the records) with an earlier deadline, and
// waited_o rises exactly when one did (or the offered request's span moved); fires are at least three cycles
// apart; one run fires, and is told so a cycle later; a fire whose key a clear in flight carries is killed,
// three cycles after it; a fire not killed frees its own way FpDepth cycles after it, and nothing else is
// freed. Yosys sat: BMC from reset; cover flags for a killed fire, for two fires three cycles apart (the
// second element following the first) and for a fire that waited.
`default_nettype none

module fv_tracker_fire (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       flush_i,
  input logic [3:0] now_i,
  input logic [1:0] fl_valid_i, fl_is_fire_i, sl_valid_i, unseen_i,
  input logic [3:0] fl_way_i, sl_way_i,   // 2 bits a run
  input logic [31:0] hdl_i,               // four 4-bit deadlines a run
  input logic [31:0] hseq_i,              // four 4-bit numbers a run
  input logic [3:0] fl_hsel_i,            // 2 bits a run (of the first two), one-hot
  input logic [7:0] sl_hsel_i,            // 4 bits a run, one-hot
  input logic [9:0] rec_next_i,           // {clr, cset, cmask[1:0], alc, run, dl[3:0]}
  input logic [2:0] cand_key_i,
  input logic       offer_i, span_moves_i,
  input logic [3:0] span_i,
  input logic [2:0] flight_v_i,
  input logic [7:0] flight_dl_i,          // positions 1 and 2, next cycle
  input logic       fire_block_i, interlock_i, quiet_i, ops_busy_i, runs_hold_i,
  input logic [1:0] kclr_i,
  input logic [5:0] kkey_i
);
  localparam int unsigned FpDepth = 6;
  logic       past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The time of the events taken now; the span, moving only when announced a cycle before.
  logic [3:0] now_q, span_q;
  logic       moves_q;
  always_ff @(posedge clk_i) begin
    now_q   <= now_i;
    span_q  <= span_i;
    moves_q <= span_moves_i;
  end
  always_comb if (past1_q && !moves_q) assume (span_i == span_q);
  // What each position holds now: position 0 the request taken a cycle ago (its time plus the span then),
  // 1 and 2 the deadlines shown for them a cycle ago.
  logic [3:0] pdl_q [3];
  always_ff @(posedge clk_i) begin
    pdl_q[0] <= now_q + span_i;
    pdl_q[1] <= flight_dl_i[3:0];
    pdl_q[2] <= flight_dl_i[7:4];
  end

  // The first's deadline and number: one of the run's halves' firsts, by its one-hot select (the second's
  // is any of the four, by its own).
  logic [7:0] fl_dl, fl_seq;  // 4 bits a run
  always_comb begin
    fl_dl  = '0;
    fl_seq = '0;
    for (int r = 0; r < 2; r++) begin
      assume ($onehot(fl_hsel_i[2*r +: 2]) && $onehot(sl_hsel_i[4*r +: 4]));
      for (int j = 0; j < 2; j++) begin
        fl_dl[4*r +: 4]  = fl_dl[4*r +: 4] | (fl_hsel_i[2*r + j] ? hdl_i[16*r + 4*j +: 4] : 4'd0);
        fl_seq[4*r +: 4] = fl_seq[4*r +: 4] | (fl_hsel_i[2*r + j] ? hseq_i[16*r + 4*j +: 4] : 4'd0);
      end
    end
  end

  // An element is its allocation number: a run's first element shown with the same number as a cycle ago
  // has the same way and deadline, and two runs never show the same number.
  logic [1:0] flv_prev_q;
  logic [7:0] flseq_prev_q, fldl_prev_q;
  logic [3:0] flway_prev_q;
  always_ff @(posedge clk_i) begin
    flv_prev_q   <= fl_valid_i;
    flseq_prev_q <= fl_seq;
    fldl_prev_q  <= fl_dl;
    flway_prev_q <= fl_way_i;
  end
  always_comb begin
    for (int r = 0; r < 2; r++) begin
      if (past1_q && fl_valid_i[r] && flv_prev_q[r] && fl_seq[4*r +: 4] == flseq_prev_q[4*r +: 4]) begin
        assume (fl_dl[4*r +: 4] == fldl_prev_q[4*r +: 4] && fl_way_i[2*r +: 2] == flway_prev_q[2*r +: 2]);
      end
    end
    if (fl_valid_i == 2'b11) assume (fl_seq[3:0] != fl_seq[7:4]);
  end

  // The record applying now: the one decided at the last edge; and the one before it.
  logic [9:0] rec_q;
  logic [4:0] rec1_q;  // {alc, dl}
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      rec_q  <= '0;
      rec1_q <= '0;
    end else begin
      rec_q  <= rec_next_i;
      rec1_q <= {rec_q[5], rec_q[3:0]};
    end
  end

  logic [1:0] run_fire, run_skip, run_fired, raddr, dfree_way;
  logic [3:0] cand_seq, fired_seq, fire_dl;
  logic       fire_next, fire_due, fire, fire_waited, fire_kill, dfree, busy;
  uet_lb_tracker_fire #(
    .Entries (4), .Ways (2), .Runs (2), .KeyW (3), .TsWidth (4), .SeqW (4), .KClears (2), .FpDepth (FpDepth),
    .Flight (3)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .fl_valid_i (fl_valid_i), .fl_way_i (fl_way_i), .fl_is_fire_i (fl_is_fire_i),
    .sl_valid_i (sl_valid_i), .sl_way_i (sl_way_i),
    .hdl_i (hdl_i), .hseq_i (hseq_i), .fl_hsel_i (fl_hsel_i), .sl_hsel_i (sl_hsel_i),
    .unseen_i (unseen_i),
    .run_fire_o (run_fire), .run_skip_o (run_skip), .run_fired_o (run_fired), .cand_seq_o (cand_seq),
    .fired_seq_o (fired_seq), .rec_next_i (rec_next_i), .rec_i (rec_q),
    .data_raddr_o (raddr), .cand_key_i (cand_key_i),
    .offer_i (offer_i), .now_q_i (now_q), .span_i (span_i), .span_moves_i (span_moves_i),
    .flight_v_i (flight_v_i), .flight_dl_i (flight_dl_i), .fire_waited_o (fire_waited), .fire_block_i (fire_block_i), .interlock_i (interlock_i), .quiet_i (quiet_i),
    .ops_busy_i (ops_busy_i), .runs_hold_i (runs_hold_i),
    .fire_next_o (fire_next), .fire_due_o (fire_due), .fire_o (fire), .fire_deadline_o (fire_dl),
    .kclr_i (kclr_i), .kkey_i (kkey_i), .fire_kill_o (fire_kill), .dfree_o (dfree), .dfree_way_o (dfree_way),
    .busy_o (busy)
  );

  // A packet in flight now with a deadline before the candidate's (the offered request's when the span did
  // not move): the fire decided now waits.
  function automatic logic before4(input logic [3:0] x, input logic [3:0] y);
    before4 = 1'(4'(x - y) >> 3);
  endfunction
  logic wait_ref;
  always_comb begin
    wait_ref = offer_i && (moves_q || before4(now_q + span_i, fire_dl));
    for (int k = 0; k < 3; k++) if (flight_v_i[k] && before4(pdl_q[k], fire_dl)) wait_ref = 1'b1;
    if (rec_q[5] && before4(rec_q[3:0], fire_dl)) wait_ref = 1'b1;  // (bit 5: alc)
    if (rec1_q[4] && before4(rec1_q[3:0], fire_dl)) wait_ref = 1'b1;
  end
  // What the harness remembers: the cycle before's decision inputs, and each fire in flight (its way, its
  // candidate key, whether a key clear in flight carried that key a cycle after it).
  logic             ok_prev_q;          // last cycle: due, nothing held it, no flush
  logic             next_prev_q, wait_prev_q;  // last cycle: fire_next, wait_ref
  logic [3:0]       dl_prev_q, now_prev_q;
  logic [3:0]       seq_prev_q;
  logic [1:0]       run_fire_prev_q;
  logic [FpDepth:1] hv_q;               // a fire k cycles ago (cleared by a flush, as the block's)
  logic [1:0]       hway_q [1:FpDepth];
  logic [2:0]       hkey1_q;            // the key of the fire a cycle ago
  logic             hkeyed2_q, hkeyed3_q;  // its key was cleared in flight a cycle after it
  always_ff @(posedge clk_i) begin
    ok_prev_q       <= rst_ni && !flush_i && fire_due && !fire_block_i && !wait_ref;
    next_prev_q     <= rst_ni && !flush_i && fire_next;
    wait_prev_q     <= wait_ref;
    dl_prev_q       <= fire_dl;
    now_prev_q      <= now_i;
    seq_prev_q      <= cand_seq;
    run_fire_prev_q <= run_fire;
    if (!rst_ni || flush_i) hv_q <= '0;
    else hv_q <= {hv_q[FpDepth-1:1], fire};
    hway_q[1] <= raddr;
    for (int k = 2; k <= FpDepth; k++) hway_q[k] <= hway_q[k - 1];
    hkey1_q   <= cand_key_i;
    hkeyed2_q <= (kclr_i[0] && kkey_i[2:0] == hkey1_q) || (kclr_i[1] && kkey_i[5:3] == hkey1_q);
    hkeyed3_q <= hkeyed2_q;
  end

  // Covers: a fire killed by its key; two fires three cycles apart.
  (* keep *) logic seen_kill_q, seen_chain_q, seen_waited_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_kill_q   <= 1'b0;
      seen_chain_q  <= 1'b0;
      seen_waited_q <= 1'b0;
    end else begin
      if (fire_kill) seen_kill_q <= 1'b1;
      if (fire && hv_q[3]) seen_chain_q <= 1'b1;
      if (fire_waited) seen_waited_q <= 1'b1;
    end
  end

  logic unused;
  assign unused = ^{run_skip, dl_prev_q, seen_kill_q, seen_chain_q, seen_waited_q};
  always_comb begin
    if (rst_ni && past1_q) begin
      // A fire: its candidate was due at the last cycle's now_i, and nothing held it; the same deadline.
      if (fire) a_fire_when_due: assert (ok_prev_q && fire_dl == dl_prev_q);
      // The fire decided a cycle ago went unless a packet in flight went first; then it waited.
      if (!flush_i) begin
        a_fire_unless_first: assert (fire == (next_prev_q && !wait_prev_q));
        a_waited: assert (fire_waited == (next_prev_q && wait_prev_q));
      end
      // Fires are at least three cycles apart (read out again after each).
      a_fire_spacing: assert (!(fire && (hv_q[1] || hv_q[2])));
      // One run fires: the candidate's.
      a_one_run: assert (fire ? (run_fire == 2'b01 || run_fire == 2'b10) : run_fire == 2'b00);
      // The runs learn a cycle later which element fired.
      if (!flush_i) begin
        a_told: assert (run_fired == (hv_q[1] ? run_fire_prev_q : 2'b00));
        if (hv_q[1]) a_told_seq: assert (fired_seq == seq_prev_q);
      end
      // A kill only three cycles after a fire, and always when a clear in flight carried its key.
      if (fire_kill) a_kill_of_fire: assert (hv_q[3]);
      if (hv_q[3] && hkeyed3_q) a_kill_by_key: assert (fire_kill);
      // The free: exactly the fires not killed, FpDepth cycles after them, their own way.
      a_free_of_fire: assert (!dfree || hv_q[FpDepth]);
      if (dfree) a_free_way: assert (dfree_way == hway_q[FpDepth]);
      a_busy: assert (busy == (hv_q != '0));
    end
  end
  // A fire that stands frees: killed at 3 or freed at FpDepth (no flush between).
  logic [FpDepth:4] stood_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) stood_q <= '0;
    else stood_q <= {stood_q[FpDepth-1:4], hv_q[3] && !fire_kill};
  end
  always_comb if (rst_ni && past1_q) a_free_when_stood: assert (dfree == stood_q[FpDepth]);
  // (now_prev_q: the deadline was past the time of last cycle's decision.)
  always_comb if (rst_ni && past1_q && fire) a_fire_past: assert (before4(fire_dl, now_prev_q));
endmodule
