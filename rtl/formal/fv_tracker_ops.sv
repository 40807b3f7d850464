// Formal harness of uet_lb_tracker_ops (16 ways in 8 sets of 2, 6-bit keys, 2 runs of 8, 6-bit times).
// Each cycle a clear (of any key, or a fire's free of a way that is in use when it reaches t4) and an
// allocation (of any key, at the harness's time, with a deadline 0 to 5 after it) may enter at t0; time
// moves on by 0 or 1 a cycle; each run pops only when it holds something; flushes come at any time. The
// harness keeps its own copy of the operations for five cycles (t0 to the record applying now) and a
// reference of every way's valid bit and key, updated by the records the block applies. Then:
//   the record applying now is the operation of five cycles ago: a clear frees exactly the valid ways of
//   its set holding its key (as the tables stood after every record before it), a fire's free its way;
//   an allocation is tracked or not, never both, is not tracked when its set has no free way, and when
//   tracked takes the lowest free way of its set (after its own clear there), with its key, entropy
//   value, generation, deadline and the next allocation number;
//   the valid bits and their count are the reference's; the allocations, deadlines and key clears in
//   flight are the operations' at t0..t4 and the records'; the busy flags say what is in flight.
// With every assertion of the sets, the run choice and the block on. Yosys sat from reset; covers: an
// allocation that takes a way its own clear freed, and one not tracked for a full set.
`default_nettype none

module fv_tracker_ops (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       flush_i,
  input logic       clr_i,       ///< a clear of (cgrp_i, cpsn_i)
  input logic [1:0] cgrp_i,
  input logic [3:0] cpsn_i,
  input logic       dfree_i,     ///< ... or a fire's free of way dway_i
  input logic [3:0] dway_i,
  input logic       alc_i,       ///< an allocation of (agrp_i, apsn_i)
  input logic [1:0] agrp_i,
  input logic [3:0] apsn_i,
  input logic [2:0] dl_off_i,    ///< its deadline less its time
  input logic       gen_i,
  input logic [15:0] ev_i,       ///< the entropy value of the allocation at t3
  input logic       tick_i,      ///< time moves on
  input logic [1:0] pop_i
);
  localparam int unsigned Entries = 16, Ways = 2, Runs = 2, Depth = 8, TsW = 6, SeqW = 5;
  localparam int unsigned KeyW = 6, CntW = 4, DataW = KeyW + 16 + 1;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);
  always_comb assume (!(dfree_i && clr_i));    // a fire's free takes a free clear slot
  always_comb assume (dl_off_i <= 3'd5);

  logic [TsW-1:0] now_q;
  always_ff @(posedge clk_i) now_q <= now_q + TsW'(tick_i);

  // The runs' counts: the block pushes, a run pops only when it holds something.
  logic [Runs*CntW-1:0] cnt_q;
  logic [Runs-1:0]      push;
  always_comb for (int r = 0; r < Runs; r++) if (pop_i[r]) assume (cnt_q[r * CntW +: CntW] != '0);
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) cnt_q <= '0;
    else for (int r = 0; r < Runs; r++) begin
      cnt_q[r * CntW +: CntW] <= cnt_q[r * CntW +: CntW] + CntW'(push[r]) - CntW'(pop_i[r]);
    end
  end

  logic [Entries-1:0]   valid;
  logic [4:0]           tracked;
  logic                 push_hs, rec_clr, rec_alc, rec_untr, nx_clr, nx_alc;
  logic [2:0]           rec_cset, nx_cset;
  logic [1:0]           rec_cmask, nx_cmask;
  logic [3:0]           rec_way;
  logic                 rec_run, nx_run;
  logic [TsW-1:0]       rec_dl, nx_dl;
  logic [SeqW-1:0]      rec_seq, seq;
  logic [DataW-1:0]     rec_data;
  logic [6:0]           alc_v;
  logic [7*TsW-1:0]     alc_dl;
  logic [3:0]           kclr;
  logic [5*KeyW-1:0]    ckey;
  logic                 past, busy;
  uet_lb_tracker_ops #(
    .Entries (Entries), .Ways (Ways), .Runs (Runs), .RunDepth (Depth), .GroupW (2), .PsnWidth (4),
    .TsWidth (TsW), .GenW (1), .SeqW (SeqW)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .t_ref_i (now_q),
    .clr_valid_i (clr_i), .clr_group_i (cgrp_i), .clr_psn_i (cpsn_i), .dfree_i (dfree_i), .dfree_way_i (dway_i),
    .alc_valid_i (alc_i), .alc_group_i (agrp_i), .alc_psn_i (apsn_i), .alc_time_i (now_q),
    .alc_deadline_i (now_q + TsW'(dl_off_i)), .alc_gen_i (gen_i), .alc_ev_i (ev_i),
    .cnt_i (cnt_q), .pop_i (pop_i), .push_o (push), .push_hs_o (push_hs), .valid_o (valid), .tracked_o (tracked),
    .rec_clr_o (rec_clr), .rec_cset_o (rec_cset), .rec_cmask_o (rec_cmask), .rec_alc_o (rec_alc),
    .rec_untracked_o (rec_untr), .rec_way_o (rec_way), .rec_run_o (rec_run), .rec_dl_o (rec_dl),
    .rec_seq_o (rec_seq), .rec_data_o (rec_data),
    .next_clr_o (nx_clr), .next_cset_o (nx_cset), .next_cmask_o (nx_cmask), .next_alc_o (nx_alc),
    .next_run_o (nx_run), .next_dl_o (nx_dl), .seq_o (seq),
    .alc_o (alc_v), .alc_dl_o (alc_dl), .kclr_o (kclr), .ckey_o (ckey), .past_o (past), .busy_o (busy)
  );

  // The harness's copy of the operations: stage k holds the one that entered k cycles ago (k = 1..5; 5 is
  // the record applying now); the entropy value joins at t4.
  typedef struct packed {
    logic            clr, dir;
    logic [3:0]      dway;
    logic [KeyW-1:0] ckey;
    logic            alc;
    logic [KeyW-1:0] akey;
    logic [TsW-1:0]  dl;
    logic            gen;
  } hop_t;
  hop_t h0, h1_q, h2_q, h3_q, h4_q, h5_q;
  logic [15:0] ev4_q, ev5_q;
  assign h0 = {clr_i || dfree_i, dfree_i, dway_i, cgrp_i, cpsn_i, alc_i, agrp_i, apsn_i, now_q + TsW'(dl_off_i),
               gen_i};
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) {h1_q, h2_q, h3_q, h4_q, h5_q} <= '0;
    else {h1_q, h2_q, h3_q, h4_q, h5_q} <= {h0, h1_q, h2_q, h3_q, h4_q};
    ev4_q <= ev_i;
    ev5_q <= ev4_q;
  end

  // The reference: each way's valid bit and key, as the records applied so far leave them.
  logic [Entries-1:0] ref_valid_q;
  logic [KeyW-1:0]    ref_key_q [Entries];
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      ref_valid_q <= '0;
    end else begin
      for (int w = 0; w < Ways; w++) if (rec_clr && rec_cmask[w]) ref_valid_q[2 * rec_cset + w] <= 1'b0;
      if (rec_alc) ref_valid_q[rec_way] <= 1'b1;
    end
    if (rst_ni && !flush_i && rec_alc) ref_key_q[rec_way] <= rec_data[DataW-1 -: KeyW];
  end
  // A fire's free names a way in use when it reaches t4 (the fire block frees only a packet it fired):
  // the tables then stand as after the record applying now.
  logic [Entries-1:0] ref_valid_n;
  always_comb begin
    ref_valid_n = ref_valid_q;
    for (int w = 0; w < Ways; w++) if (rec_clr && rec_cmask[w]) ref_valid_n[2 * rec_cset + w] = 1'b0;
    if (rec_alc) ref_valid_n[rec_way] = 1'b1;
    if (rst_ni && h4_q.dir) assume (ref_valid_n[h4_q.dway]);
  end

  // What the record applying now should be, from the reference as it stood when it was decided.
  function automatic logic [2:0] set_of(input logic [KeyW-1:0] k);
    set_of = 3'(uet_lb_pkg::tracker_set(32'(k[5:4]), 32'(k[3:0]), 2, 3));
  endfunction
  logic [2:0] c5set, a5set;
  logic [1:0] ref_cm, ref_free;
  logic       ref_first;
  always_comb begin
    c5set = h5_q.dir ? h5_q.dway[3:1] : set_of(h5_q.ckey);
    a5set = set_of(h5_q.akey);
    for (int w = 0; w < Ways; w++) begin
      ref_cm[w] = h5_q.dir ? h5_q.dway[0] == 1'(w)
                           : ref_valid_q[2 * c5set + w] && ref_key_q[2 * c5set + w] == h5_q.ckey;
      ref_free[w] = !ref_valid_q[2 * a5set + w] || (h5_q.clr && c5set == a5set && ref_cm[w]);
    end
    ref_first = !ref_free[0];
  end

  // The tracked allocations so far: the next one's number.
  logic [SeqW-1:0] ref_seq_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) ref_seq_q <= '0;
    else if (rec_alc) ref_seq_q <= ref_seq_q + 1'b1;
  end
  logic rec_alc_last_q;
  always_ff @(posedge clk_i) rec_alc_last_q <= rst_ni && !flush_i && rec_alc;

  // The deadlines of the allocations in flight and the keys of the key clears (fields of an empty stage
  // are whatever they were).
  logic [5:0] ok_dl;
  logic [4:0] ok_key;
  always_comb begin
    ok_dl[0]  = alc_dl[0 +: TsW] == h0.dl;
    ok_dl[1]  = !h1_q.alc || alc_dl[1 * TsW +: TsW] == h1_q.dl;
    ok_dl[2]  = !h2_q.alc || alc_dl[2 * TsW +: TsW] == h2_q.dl;
    ok_dl[3]  = !h3_q.alc || alc_dl[3 * TsW +: TsW] == h3_q.dl;
    ok_dl[4]  = !h4_q.alc || alc_dl[4 * TsW +: TsW] == h4_q.dl;
    ok_dl[5]  = !rec_alc || alc_dl[5 * TsW +: TsW] == rec_dl;
    ok_key[0] = ckey[0 +: KeyW] == h0.ckey;
    ok_key[1] = !kclr[0] || ckey[1 * KeyW +: KeyW] == h1_q.ckey;
    ok_key[2] = !kclr[1] || ckey[2 * KeyW +: KeyW] == h2_q.ckey;
    ok_key[3] = !kclr[2] || ckey[3 * KeyW +: KeyW] == h3_q.ckey;
    ok_key[4] = !kclr[3] || ckey[4 * KeyW +: KeyW] == h4_q.ckey;
  end

  always_comb begin
    if (rst_ni && past1_q) begin
      fv_clear: assert (rec_clr == h5_q.clr && (!h5_q.clr || (rec_cset == c5set && rec_cmask == ref_cm)));
      fv_alloc_once: assert (!(rec_alc && rec_untr) && (rec_alc || rec_untr) == h5_q.alc);
      if (h5_q.alc && ref_free == 2'b00) fv_full_untracked: assert (rec_untr);
      if (rec_alc) begin
        fv_alloc_way: assert (rec_way == {a5set, ref_first} && ref_free[ref_first]);
        fv_alloc_data: assert (rec_data == {h5_q.akey, ev5_q, h5_q.gen} && rec_dl == h5_q.dl &&
                               rec_seq == ref_seq_q);
      end
      fv_valid: assert (valid == ref_valid_q && 32'(tracked) == 32'($countones(ref_valid_q)));
      fv_seq: assert (seq == ref_seq_q);
      fv_in_flight: assert (alc_v == {rec_alc_last_q, rec_alc, h4_q.alc, h3_q.alc, h2_q.alc, h1_q.alc, alc_i} &&
                            &ok_dl);
      fv_key_clears: assert (kclr == {h4_q.clr && !h4_q.dir, h3_q.clr && !h3_q.dir, h2_q.clr && !h2_q.dir,
                                      h1_q.clr && !h1_q.dir} && &ok_key);
      fv_busy: assert (past == (h1_q.clr || h1_q.alc || h2_q.clr || h2_q.alc || h3_q.clr || h3_q.alc ||
                                h4_q.clr || h4_q.alc || rec_clr || h5_q.alc) && busy == (past || h0.clr || h0.alc));
      fv_next: assert (nx_clr == h4_q.clr && (!nx_alc || h4_q.alc) && (!h4_q.alc || nx_dl == h4_q.dl));
      if (rec_alc) fv_push_hs: assert (push_hs == (rec_way[3:1] == nx_cset));
    end
  end

  // Covers (Yosys sat finds a trace that sets each by the last step).
  (* keep *) logic seen_own_q, seen_full_q;
  initial {seen_own_q, seen_full_q} = '0;
  always_ff @(posedge clk_i) begin
    seen_own_q  <= seen_own_q || (rst_ni && past1_q && rec_alc && h5_q.clr && !h5_q.dir && c5set == a5set &&
                                  ref_valid_q[rec_way]);
    seen_full_q <= seen_full_q || (rst_ni && past1_q && h5_q.alc && ref_free == 2'b00);
  end
  logic unused;
  assign unused = ^{seen_own_q, seen_full_q, rec_run, nx_cmask, nx_run, alc_dl[6 * TsW +: TsW]};
endmodule
