// Formal harness of uet_lb_tracker_order (4 ways in 2 sets, 2 runs, 4-bit deadlines and numbers): the runs'
// elements, their half deadlines, numbers and one-hot selects, and the records are free each cycle, under the
// tracker's facts (after a reset in the first cycle): a run's fl keeps its deadline while it stays the fl
// (same number), two runs' fl have different numbers, and two deadlines or numbers compared are less than
// half their range apart. Each run's fl and sl deadline and number are those of the half its select names
// (the fl's one of the two halves' firsts); the records' flags are the comparisons and frees stated directly;
// steady_o says no fl changed since the last cycle, and then pick_o is a valid run whose fl no other valid
// run's goes before (deadline, then number).
// Yosys sat: BMC 4 from the first cycle. Every register (the block's and these) holds the inputs of the
// cycle before, so every reachable state is reached by the second cycle and the BMC covers them all
// (k-induction with z3 did not finish in ten minutes).
`default_nettype none

module fv_tracker_order (
  input logic        clk_i,
  input logic        rst_ni,
  input logic [1:0]  fl_valid_i,
  input logic [3:0]  fl_way_i,
  input logic [3:0]  sl_way_i,
  input logic [31:0] hdl_i,       // four 4-bit deadlines a run
  input logic [31:0] hseq_i,      // four 4-bit numbers a run
  input logic [3:0]  fl_hsel_i,   // of the first two a run
  input logic [7:0]  sl_hsel_i,
  input logic [3:0]  rec_dl_i,
  input logic        c0_clr_i,
  input logic        c0_cset_i,
  input logic [1:0]  c0_cmask_i,
  input logic [3:0]  c0_dl_i,
  input logic        c1_clr_i,
  input logic        c1_cset_i,
  input logic [1:0]  c1_cmask_i
);
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  logic [7:0] fl_dl, sl_dl, fl_seq, sl_seq;
  logic       pick, steady;
  logic [1:0] g0_fl, g0_sl, g1_fl, g1_sl, fl_freed, sl_freed;
  uet_lb_tracker_order #(.Entries (4), .Ways (2), .Runs (2), .TsWidth (4), .SeqW (4)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .fl_valid_i (fl_valid_i), .fl_way_i (fl_way_i), .sl_way_i (sl_way_i),
    .hdl_i (hdl_i), .hseq_i (hseq_i), .fl_hsel_i (fl_hsel_i), .sl_hsel_i (sl_hsel_i),
    .fl_dl_o (fl_dl), .sl_dl_o (sl_dl), .fl_seq_o (fl_seq), .sl_seq_o (sl_seq),
    .pick_o (pick), .steady_o (steady), .rec_dl_i (rec_dl_i),
    .c0_clr_i (c0_clr_i), .c0_cset_i (c0_cset_i), .c0_cmask_i (c0_cmask_i), .c0_dl_i (c0_dl_i),
    .c1_clr_i (c1_clr_i), .c1_cset_i (c1_cset_i), .c1_cmask_i (c1_cmask_i),
    .g0_fl_o (g0_fl), .g0_sl_o (g0_sl), .g1_fl_o (g1_fl), .g1_sl_o (g1_sl),
    .fl_freed_o (fl_freed), .sl_freed_o (sl_freed)
  );

  function automatic logic earlier(input logic [3:0] x, input logic [3:0] y);  // x - y negative, mod 16
    earlier = 4'(x - y) >= 4'd8;
  endfunction
  // A record frees way w: w's set (its high bit) is the record's, its bit in the record's mask set.
  function automatic logic frees(input logic [1:0] w, input logic clr, input logic cset, input logic [1:0] cmask);
    frees = clr && w[1] == cset && cmask[w[0]];
  endfunction
  // Run r's fl and sl deadlines and numbers: the half each select names (the selects are one-hot, as a
  // view's are).
  logic [3:0] fdl [2], sdl [2], seq [2], sseq [2];
  logic [1:0] fway [2], sway [2];
  always_comb begin
    for (int r = 0; r < 2; r++) begin
      fdl[r]  = '0;
      sdl[r]  = '0;
      seq[r]  = '0;
      sseq[r] = '0;
      for (int j = 0; j < 4; j++) begin
        if (j < 2 && fl_hsel_i[2*r + j % 2]) fdl[r] = hdl_i[16*r + 4*j +: 4];
        if (sl_hsel_i[4*r + j]) sdl[r] = hdl_i[16*r + 4*j +: 4];
        if (j < 2 && fl_hsel_i[2*r + j % 2]) seq[r] = hseq_i[16*r + 4*j +: 4];
        if (sl_hsel_i[4*r + j]) sseq[r] = hseq_i[16*r + 4*j +: 4];
      end
      fway[r] = fl_way_i[2*r +: 2];
      sway[r] = sl_way_i[2*r +: 2];
    end
  end
  always_comb begin
    assume ($onehot(fl_hsel_i[1:0]) && $onehot(fl_hsel_i[3:2]) && $onehot(sl_hsel_i[3:0]) &&
            $onehot(sl_hsel_i[7:4]));
    if (fl_valid_i == 2'b11) assume (seq[0] != seq[1] && 4'(seq[0] - seq[1]) != 4'd8 && 4'(fdl[0] - fdl[1]) != 4'd8);
  end
  // The fls of a cycle ago.
  logic [1:0] v1_q;
  logic [3:0] seq1_q [2], dl1_q [2];
  always_ff @(posedge clk_i) begin
    v1_q <= fl_valid_i;
    for (int r = 0; r < 2; r++) begin
      seq1_q[r] <= seq[r];
      dl1_q[r]  <= fdl[r];
    end
  end
  always_comb begin
    for (int r = 0; r < 2; r++) begin
      if (past1_q && v1_q[r] && fl_valid_i[r] && seq[r] == seq1_q[r]) assume (fdl[r] == dl1_q[r]);
    end
  end

  // Run t's fl goes before run p's.
  function automatic logic goes_before(input logic t, input logic p);
    goes_before = earlier(fdl[t], fdl[p]) || (fdl[t] == fdl[p] && earlier(seq[t], seq[p]));
  endfunction
  logic same [2];
  always_comb for (int r = 0; r < 2; r++) same[r] = v1_q[r] == fl_valid_i[r] && (!fl_valid_i[r] || seq1_q[r] == seq[r]);

  // Per run (each assertion below is labelled once, outside any loop).
  logic [1:0] ok_dl, ok_g0, ok_g1, ok_freed;
  always_comb begin
    for (int r = 0; r < 2; r++) begin
      ok_dl[r]    = fl_dl[4*r +: 4] == fdl[r] && sl_dl[4*r +: 4] == sdl[r] && fl_seq[4*r +: 4] == seq[r] &&
                    sl_seq[4*r +: 4] == sseq[r];
      ok_g0[r]    = g0_fl[r] == earlier(rec_dl_i, fdl[r]) && g0_sl[r] == earlier(rec_dl_i, sdl[r]);
      ok_g1[r]    = g1_fl[r] == earlier(c0_dl_i, fdl[r]) && g1_sl[r] == earlier(c0_dl_i, sdl[r]);
      ok_freed[r] = fl_freed[r] == (frees(fway[r], c0_clr_i, c0_cset_i, c0_cmask_i) ||
                                    frees(fway[r], c1_clr_i, c1_cset_i, c1_cmask_i)) &&
                    sl_freed[r] == (frees(sway[r], c0_clr_i, c0_cset_i, c0_cmask_i) ||
                                    frees(sway[r], c1_clr_i, c1_cset_i, c1_cmask_i));
    end
  end
  always_comb begin
    fv_fl_dl: assert (&ok_dl);
    fv_g0: assert (&ok_g0);
    fv_g1: assert (&ok_g1);
    fv_freed: assert (&ok_freed);
    if (past1_q) begin
      fv_steady: assert (steady == (same[0] && same[1]));
      if (steady && fl_valid_i != '0) begin
        fv_pick_valid: assert (fl_valid_i[pick]);
        fv_pick_first: assert (!(fl_valid_i[!pick] && goes_before(!pick, pick)));
      end
    end
  end
endmodule
