// Which run an allocation joins (part of uet_lb_tracker). Each run keeps the deadline last appended to it
// (its tail) and a stale flag: the tail lies in the past of every allocation still to come, so any deadline
// fits after it. An allocation joins the current run (the one the last allocation joined) when its deadline
// is not before that run's tail, else the lowest other run where it is not; none fits, or the chosen run is
// full: not tracked.
//
// Timing. The operation reaches t3 a cycle before its decision at t4. At t3 each run's fit is compared
// against the tail as t4 will see it (after the record applying now), and each run's room is compared for
// both outcomes of the record ahead (pushed into that run or not), into flip-flops; at t4 only selects
// remain, with the record ahead's own fit (dge4_i: the allocation's deadline is not before the one just
// ahead) for the run that record pushes. Each run's push is decoded from the record decided at t4 into a
// flip-flop of its own (a push reaches every slot of the run's window).
`default_nettype none

module uet_lb_tracker_choice #(
  parameter int unsigned Runs     = 2,
  parameter int unsigned RunDepth = 2048,  ///< elements a run holds
  parameter int unsigned TsWidth  = 32,
  // Derived, do not override.
  parameter int unsigned RunW     = (Runs > 1) ? $clog2(Runs) : 1,
  parameter int unsigned RunCntW  = $clog2(RunDepth + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,       ///< synchronous, active low
  input  logic                    flush_i,      ///< every run empties
  input  logic [TsWidth-1:0]      t_ref_i,      ///< no allocation still to come is older
  // The allocation at t3 and at t4.
  input  logic [TsWidth-1:0]      op3_dl_i,
  input  logic                    op4_alc_i,
  input  logic [TsWidth-1:0]      op4_dl_i,
  input  logic                    dge4_i,       ///< op4's deadline is not before the record ahead's
  // The record applying now (decided at the last edge), and the one decided now.
  input  logic                    rec_alc_i,    ///< it took a way (and was pushed into run rec_run_i)
  input  logic [RunW-1:0]         rec_run_i,
  input  logic [TsWidth-1:0]      rec_dl_i,
  input  logic                    next_alc_i,   ///< the record decided now takes a way
  input  logic [RunW-1:0]         next_run_i,   ///< in the run it joins (run_o)
  // The runs (slice r: run r).
  input  logic [Runs*RunCntW-1:0] cnt_i,        ///< elements held
  input  logic [Runs-1:0]         pop_i,        ///< one leaves at this edge
  // t4's choice.
  output logic [RunW-1:0]         run_o,        ///< the run it joins
  output logic                    fit_o,        ///< its deadline fits that run
  output logic                    room_o,       ///< that run has room for it
  output logic [Runs-1:0]         push_o        ///< per run: the record applying now pushes into it
);
  function automatic logic dl_before(input logic [TsWidth-1:0] x, input logic [TsWidth-1:0] y);
    dl_before = uet_lb_pkg::wrap_before(32'(x), 32'(y), TsWidth);
  endfunction

  // Each run's push, decoded from the record decided now.
  logic [Runs-1:0] push_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) push_q <= '0;
    else for (int r = 0; r < Runs; r++) push_q[r] <= next_alc_i && next_run_i == RunW'(r);
  end
  assign push_o = push_q;

  // Tails, stale flags and the current run, updated as the record applies.
  logic [TsWidth-1:0] tail_q [Runs];
  logic [Runs-1:0]    stale_q;
  logic [RunW-1:0]    cur_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      stale_q <= '1;
      cur_q   <= '0;
    end else begin
      for (int r = 0; r < Runs; r++) begin
        if (push_q[r]) stale_q[r] <= 1'b0;
        else if (dl_before(tail_q[r], t_ref_i)) stale_q[r] <= 1'b1;
      end
      if (rec_alc_i) cur_q <= rec_run_i;
    end
  end
  always_ff @(posedge clk_i) begin
    for (int r = 0; r < Runs; r++) if (push_q[r]) tail_q[r] <= rec_dl_i;
  end

  // t3: the fit against each tail as t4 will see it (after this record's push; a tail this edge marks stale
  // is in the past of every allocation to come, so the deadline is not below it either way), and the room
  // next cycle for one (count < RunDepth) and for one after another (count < RunDepth - 1), from constant
  // comparisons of the count selected by this cycle's push and pop.
  logic [Runs-1:0] fits_pre, room0_pre, room1_pre, fits4_q, room0_q, room1_q;
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      if (push_q[r]) fits_pre[r] = !dl_before(op3_dl_i, rec_dl_i);
      else fits_pre[r] = stale_q[r] || !dl_before(op3_dl_i, tail_q[r]);
      room0_pre[r] = !uet_lb_pkg::run_next_ge(32'(cnt_i[r * RunCntW +: RunCntW]), push_q[r], pop_i[r], RunDepth);
      room1_pre[r] = !uet_lb_pkg::run_next_ge(32'(cnt_i[r * RunCntW +: RunCntW]), push_q[r], pop_i[r],
                                              RunDepth - 1);
    end
  end
  always_ff @(posedge clk_i) begin
    fits4_q <= fits_pre;
    room0_q <= room0_pre;
    room1_q <= room1_pre;
  end

  // t4: the current run (after the record ahead), else the lowest other that fits; the chosen run's room
  // (one more when the record ahead joined it too).
  logic [Runs-1:0] fits;
  always_comb begin
    for (int r = 0; r < Runs; r++) fits[r] = push_q[r] ? dge4_i : fits4_q[r];
    run_o = rec_alc_i ? rec_run_i : cur_q;
    fit_o = fits[run_o];
    if (!fit_o) begin
      for (int r = Runs - 1; r >= 0; r--) begin
        if (fits[r]) begin
          run_o = RunW'(r);
          fit_o = 1'b1;
        end
      end
    end
    room_o = push_q[run_o] ? room1_q[run_o] : room0_q[run_o];
  end

`ifndef SYNTHESIS
  // Per-run checks, one bit a run (each assertion is labelled once, outside any loop: Yosys 0.23 names a
  // procedural assertion by its label, so a labelled one inside a loop is made twice).
  logic [Runs-1:0] ok_fits, ok_push;
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      // t3's fit flags equal what t4 would compute itself (for the runs the record now does not push).
      ok_fits[r] = !op4_alc_i || (rec_alc_i && rec_run_i == RunW'(r)) ||
                   fits4_q[r] == (stale_q[r] || !dl_before(op4_dl_i, tail_q[r]));
      ok_push[r] = push_q[r] == (rec_alc_i && rec_run_i == RunW'(r));
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      a_fit_flags: assert (&ok_fits);
      if (op4_alc_i) begin
        a_run_room: assert (room_o == (32'(cnt_i[32'(run_o) * RunCntW +: RunCntW]) + 32'(rec_alc_i && rec_run_i == run_o)
                                       < RunDepth));
      end
      a_push_decode: assert (&ok_push);
    end
  end
`endif
endmodule
