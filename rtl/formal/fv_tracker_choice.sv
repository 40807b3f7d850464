// Formal harness of uet_lb_tracker_choice (2 runs of 8, 5-bit times). The tracker around it is built here
// as it behaves: an allocation at t3 moves to t4 the next cycle; the record decided at t4 takes a way
// when a way is free (free_i), its deadline fits the run chosen and that run has room, and applies the
// next cycle, pushing into that run; a run pops only when it holds something. Times: t_ref_i moves on by
// 0 or 1 a cycle, and every deadline lies 0 to 5 after it (a tail not stale is then at most 8 before a
// new deadline: no comparison spans half the range, as the tracker's stale flags ensure on 32 bits). Against a reference that keeps its own tails, stale flags,
// current run and counts, and decides at t4 from them directly (no flags made a cycle ahead):
//   the run chosen, whether the deadline fits it, and whether it has room are the reference's;
//   each run's push is the record applying now, into that run.
// Yosys sat: BMC from reset; cover flags for a pick other than the current run and for a full run.
`default_nettype none

module fv_tracker_choice (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       flush_i,
  input logic [4:0] t_ref_i,
  input logic       alc3_i,   // an allocation at t3
  input logic [4:0] dl3_i,    // its deadline
  input logic       free_i,   // the allocation at t4 finds a free way
  input logic [1:0] pop_i
);
  localparam int unsigned Runs = 2, Depth = 8, TsW = 5, CntW = 4;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  function automatic logic ts_lt(input logic [TsW-1:0] x, input logic [TsW-1:0] y);
    ts_lt = uet_lb_pkg::wrap_before(32'(x), 32'(y), TsW);
  endfunction

  // Times.
  logic [TsW-1:0] t_ref_q;
  always_ff @(posedge clk_i) t_ref_q <= t_ref_i;
  always_comb begin
    if (past1_q && rst_ni) assume (t_ref_i == t_ref_q || t_ref_i == t_ref_q + 1'b1);
    assume (TsW'(dl3_i - t_ref_i) <= 5);
  end

  // t3 -> t4 -> the record.
  logic           alc4_q, rec_alc_q;
  logic [TsW-1:0] dl4_q, rec_dl_q;
  logic           rec_run_q;
  logic           run, fit, room, next_alc;
  logic [1:0]     push;
  assign next_alc = alc4_q && free_i && fit && room;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      alc4_q    <= 1'b0;
      rec_alc_q <= 1'b0;
    end else begin
      alc4_q    <= alc3_i;
      rec_alc_q <= next_alc;
    end
    dl4_q     <= dl3_i;
    rec_dl_q  <= dl4_q;
    rec_run_q <= run;
  end

  // The runs' counts (the record pushes; a run pops only when it holds something).
  logic [Runs*CntW-1:0] cnt_q;
  logic [1:0]           rpush;  // the reference's push: the record applying now, into run r
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      rpush[r] = rec_alc_q && rec_run_q == 1'(r);
      if (pop_i[r]) assume (cnt_q[r * CntW +: CntW] != '0);
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) cnt_q <= '0;
    else for (int r = 0; r < Runs; r++) begin
      cnt_q[r * CntW +: CntW] <= cnt_q[r * CntW +: CntW] + CntW'(rpush[r]) - CntW'(pop_i[r]);
    end
  end

  uet_lb_tracker_choice #(.Runs (Runs), .RunDepth (Depth), .TsWidth (TsW)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .t_ref_i (t_ref_q),
    .op3_dl_i (dl3_i), .op4_alc_i (alc4_q), .op4_dl_i (dl4_q), .dge4_i (!ts_lt(dl4_q, rec_dl_q)),
    .rec_alc_i (rec_alc_q), .rec_run_i (rec_run_q), .rec_dl_i (rec_dl_q),
    .next_alc_i (next_alc), .next_run_i (run), .cnt_i (cnt_q), .pop_i (pop_i),
    .run_o (run), .fit_o (fit), .room_o (room), .push_o (push)
  );

  // The reference: tails, stale flags and the current run as they stand at t4 (the record applying now
  // included), decided directly.
  logic [TsW-1:0] tail_q [Runs];
  logic [1:0]     stale_q;
  logic           cur_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      stale_q <= '1;
      cur_q   <= 1'b0;
    end else begin
      for (int r = 0; r < Runs; r++) begin
        if (rpush[r]) stale_q[r] <= 1'b0;
        else if (ts_lt(tail_q[r], t_ref_q)) stale_q[r] <= 1'b1;
      end
      if (rec_alc_q) cur_q <= rec_run_q;
    end
    for (int r = 0; r < Runs; r++) if (rpush[r]) tail_q[r] <= rec_dl_q;
  end
  logic [1:0] rfits;
  logic       rcur, rrun, rfit, rroom;
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      // The run's tail after the record applying now.
      rfits[r] = rpush[r] ? !ts_lt(dl4_q, rec_dl_q) : (stale_q[r] || !ts_lt(dl4_q, tail_q[r]));
    end
    rcur  = rec_alc_q ? rec_run_q : cur_q;
    rrun  = rfits[rcur] ? rcur : !rfits[0] && rfits[1];
    rfit  = rfits != '0;
    rroom = 32'(cnt_q[32'(rrun) * CntW +: CntW]) + 32'(rpush[rrun]) < Depth;
  end

  (* keep *) logic seen_switch_q, seen_full_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_switch_q <= 1'b0;
      seen_full_q   <= 1'b0;
    end else begin
      if (alc4_q && fit && run != rcur) seen_switch_q <= 1'b1;
      if (alc4_q && fit && !room) seen_full_q <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (past1_q && rst_ni && !flush_i) begin
      fv_push: assert (push == rpush);
      if (alc4_q) begin
        fv_fit: assert (fit == rfit);
        if (rfit) fv_run: assert (run == rrun);
        fv_room: assert (room == rroom || !rfit);
      end
    end
  end

  logic unused;
  assign unused = ^{seen_switch_q, seen_full_q};
endmodule
