// The runs' first live elements against each other and against the tracker's records: what the fire
// block (uet_lb_tracker_fire) needs to choose its candidate and to keep it, as flags made beside the
// choice rather than after it. Part of uet_lb_tracker.
//
// Order. Each run shows its first live element (fl) and the one after it (sl), a cycle old. Whether run
// r's fl goes before run t's (deadline, then send order) is registered (ord_q), so pick_o, the run whose
// fl goes first, is another cycle old: it is exact when no run's fl changed since (steady_o). The fl are
// compared as selected: comparing every pair of half elements and selecting the results placed worse on
// ECP5 twice (docs/fpga.md, rounds a59d00b and 35293e1).
//
// Records. The fire block keeps two copies of the tracker's record: c0, the one applying now, and c1, the
// one applied at the last edge. For each run's fl and sl: whether the record decided now (its deadline
// rec_dl_i) and c0 go before it (g0, g1: the fire block's g0_q and g1_q for a candidate taken from that
// element), and whether c0 or c1 frees its way (the elements are a cycle old).
//
// The records' deadlines are compared with the half deadlines as the runs' views registered them, four a
// run (uet_lb_tracker_view's hdl_o), and the results selected by the views' one-hot selects: the selects
// then drive a few gates after the comparisons, not a select in front of each (an ECP5 critical path).
// The block also selects each run's fl and sl deadline and number from the halves' (hdl_o, hseq_o), for
// the order and the fire block.
`default_nettype none

module uet_lb_tracker_order #(
  parameter int unsigned Entries = 1024,  ///< the tracker's ways
  parameter int unsigned Ways    = 4,     ///< ways per set
  parameter int unsigned Runs    = 2,
  parameter int unsigned TsWidth = 32,
  parameter int unsigned SeqW    = 14,    ///< allocation numbers
  // Derived, do not override.
  parameter int unsigned Sets    = Entries / Ways,
  parameter int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned EntW    = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned RunW    = (Runs > 1) ? $clog2(Runs) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,      ///< synchronous, active low (read by the checks only)
  // Each run's elements (run r at slice r), as the fire block's inputs.
  input  logic [Runs-1:0]           fl_valid_i,
  input  logic [Runs*EntW-1:0]      fl_way_i,
  input  logic [Runs*EntW-1:0]      sl_way_i,
  input  logic [Runs*4*TsWidth-1:0] hdl_i,
  input  logic [Runs*4*SeqW-1:0]    hseq_i,
  input  logic [Runs*2-1:0]         fl_hsel_i,   ///< of slices 0 and 1 (the halves' firsts)
  input  logic [Runs*4-1:0]         sl_hsel_i,
  output logic [Runs*TsWidth-1:0]   fl_dl_o,     ///< each run's fl deadline, selected
  output logic [Runs*TsWidth-1:0]   sl_dl_o,     ///< each run's sl deadline, selected
  output logic [Runs*SeqW-1:0]      fl_seq_o,    ///< each run's fl number, selected
  output logic [Runs*SeqW-1:0]      sl_seq_o,    ///< each run's sl number, selected
  output logic [RunW-1:0]           pick_o,      ///< the run whose fl went first a cycle ago
  output logic                      steady_o,    ///< no run's fl changed since a cycle ago
  // The records: the deadline of the one decided now, and the fire block's copies c0 and c1.
  input  logic [TsWidth-1:0]        rec_dl_i,
  input  logic                      c0_clr_i,
  input  logic [SetW-1:0]           c0_cset_i,
  input  logic [Ways-1:0]           c0_cmask_i,
  input  logic [TsWidth-1:0]        c0_dl_i,
  input  logic                      c1_clr_i,
  input  logic [SetW-1:0]           c1_cset_i,
  input  logic [Ways-1:0]           c1_cmask_i,
  output logic [Runs-1:0]           g0_fl_o,     ///< the record decided now goes before the run's fl
  output logic [Runs-1:0]           g0_sl_o,     ///< ... before its sl
  output logic [Runs-1:0]           g1_fl_o,     ///< c0 goes before the run's fl
  output logic [Runs-1:0]           g1_sl_o,     ///< ... before its sl
  output logic [Runs-1:0]           fl_freed_o,  ///< c0 or c1 frees the run's fl
  output logic [Runs-1:0]           sl_freed_o   ///< ... its sl
);
  logic [EntW-1:0]    fl_way [Runs], sl_way [Runs];
  logic [SeqW-1:0]    fl_seq [Runs];
  logic [TsWidth-1:0] fl_dl [Runs];
  for (genvar r = 0; r < Runs; r++) begin : g_in
    assign fl_way[r] = fl_way_i[r * EntW +: EntW];
    assign sl_way[r] = sl_way_i[r * EntW +: EntW];
    assign fl_dl[r]  = fl_dl_o[r * TsWidth +: TsWidth];
    assign fl_seq[r] = fl_seq_o[r * SeqW +: SeqW];
    uet_lb_onehot_mux #(.N (2), .W (TsWidth)) u_fl_dl (
      .sel_i (fl_hsel_i[r * 2 +: 2]), .data_i (hdl_i[r * 4 * TsWidth +: 2 * TsWidth]),
      .data_o (fl_dl_o[r * TsWidth +: TsWidth])
    );
    uet_lb_onehot_mux #(.N (4), .W (TsWidth)) u_sl_dl (
      .sel_i (sl_hsel_i[r * 4 +: 4]), .data_i (hdl_i[r * 4 * TsWidth +: 4 * TsWidth]),
      .data_o (sl_dl_o[r * TsWidth +: TsWidth])
    );
    uet_lb_onehot_mux #(.N (2), .W (SeqW)) u_fl_seq (
      .sel_i (fl_hsel_i[r * 2 +: 2]), .data_i (hseq_i[r * 4 * SeqW +: 2 * SeqW]),
      .data_o (fl_seq_o[r * SeqW +: SeqW])
    );
    uet_lb_onehot_mux #(.N (4), .W (SeqW)) u_sl_seq (
      .sel_i (sl_hsel_i[r * 4 +: 4]), .data_i (hseq_i[r * 4 * SeqW +: 4 * SeqW]),
      .data_o (sl_seq_o[r * SeqW +: SeqW])
    );
  end

  // Whether an element goes before another: deadline, then send order (SPEC section 6).
  function automatic logic goes_before(input logic [TsWidth-1:0] dl_a, input logic [SeqW-1:0] seq_a,
                                       input logic [TsWidth-1:0] dl_b, input logic [SeqW-1:0] seq_b);
    goes_before = uet_lb_pkg::wrap_before(32'(dl_a), 32'(dl_b), TsWidth) ||
                  (dl_a == dl_b && uet_lb_pkg::wrap_before(32'(seq_a), 32'(seq_b), SeqW));
  endfunction

  // The order, registered from the runs' fl, and the pick it gives.
  logic [Runs-1:0] flv_q;          // each run's fl a cycle ago
  logic [SeqW-1:0] flseq_q [Runs];
  logic [Runs-1:0] ord_q [Runs];   // ord_q[r][t]: run r's fl (a cycle ago) goes before run t's
  logic [Runs-1:0] fl_chg;         // a run's fl is not last cycle's
  always_ff @(posedge clk_i) begin
    for (int r = 0; r < Runs; r++) begin
      flv_q[r]   <= fl_valid_i[r];
      flseq_q[r] <= fl_seq[r];
      for (int t = 0; t < Runs; t++) ord_q[r][t] <= goes_before(fl_dl[r], fl_seq[r], fl_dl[t], fl_seq[t]);
    end
  end
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      fl_chg[r] = fl_valid_i[r] != flv_q[r] || (fl_valid_i[r] && fl_seq[r] != flseq_q[r]);
    end
    pick_o = '0;
    for (int r = Runs - 1; r >= 0; r--) begin
      logic first;
      first = fl_valid_i[r];
      for (int t = 0; t < Runs; t++) if (t != r && fl_valid_i[t] && !ord_q[r][t]) first = 1'b0;
      if (first) pick_o = RunW'(r);
    end
  end
  assign steady_o = fl_chg == '0;

  // The records against each run's elements: every half deadline compared, the results selected.
  logic [Runs*4-1:0] b0, b1;
  always_comb begin
    for (int j = 0; j < Runs * 4; j++) begin
      b0[j] = uet_lb_pkg::wrap_before(32'(rec_dl_i), 32'(hdl_i[j * TsWidth +: TsWidth]), TsWidth);
      b1[j] = uet_lb_pkg::wrap_before(32'(c0_dl_i), 32'(hdl_i[j * TsWidth +: TsWidth]), TsWidth);
    end
    for (int r = 0; r < Runs; r++) begin
      g0_fl_o[r] = (fl_hsel_i[r * 2 +: 2] & b0[r * 4 +: 2]) != '0;
      g0_sl_o[r] = (sl_hsel_i[r * 4 +: 4] & b0[r * 4 +: 4]) != '0;
      g1_fl_o[r] = (fl_hsel_i[r * 2 +: 2] & b1[r * 4 +: 2]) != '0;
      g1_sl_o[r] = (sl_hsel_i[r * 4 +: 4] & b1[r * 4 +: 4]) != '0;
    end
  end
  // Each run's fl and sl tested on their own and the results selected by the fire block, so that the
  // record's compare runs beside the choice of the run, not after it.
  function automatic logic frees(input logic [EntW-1:0] w, input logic clr, input logic [SetW-1:0] cset,
                                 input logic [Ways-1:0] cmask);
    frees = uet_lb_pkg::way_freed(32'(w), clr, 32'(cset), 32'(cmask), $clog2(Sets), $clog2(Ways));
  endfunction
  always_comb begin
    for (int r = 0; r < Runs; r++) begin
      fl_freed_o[r] = frees(fl_way[r], c0_clr_i, c0_cset_i, c0_cmask_i) ||
                      frees(fl_way[r], c1_clr_i, c1_cset_i, c1_cmask_i);
      sl_freed_o[r] = frees(sl_way[r], c0_clr_i, c0_cset_i, c0_cmask_i) ||
                      frees(sl_way[r], c1_clr_i, c1_cset_i, c1_cmask_i);
    end
  end

`ifndef SYNTHESIS
  // The pick as the runs' fl give it directly. Out of reset (the registers have been loaded), the
  // registered order agrees when no fl changed, since an element's deadline does not change while it is a
  // run's fl (the tracker's; fv_tracker_order assumes it).
  logic [RunW-1:0] pick_ref;
  always_comb begin
    pick_ref = '0;
    for (int r = Runs - 1; r >= 0; r--) begin
      if (fl_valid_i[r]) begin
        if (!fl_valid_i[pick_ref] || goes_before(fl_dl[r], fl_seq[r], fl_dl[pick_ref], fl_seq[pick_ref])) begin
          pick_ref = RunW'(r);
        end
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && steady_o) a_pick: assert (pick_o == pick_ref);
  end
`endif
endmodule
