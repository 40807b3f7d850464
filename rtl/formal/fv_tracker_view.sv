// Formal harness of uet_lb_tracker_view (6 slots, 2-bit ways, 3-bit numbers, 4-bit times): whatever the
// window holds, the view shows, a cycle later, its first and second live slots (found here by one scan over
// all the slots, not per half) with their way, and their number and deadline selected from the halves' by
// the one-hot selects as a reader does, and the first's fire flag, "unseen"
// exactly when no slot was live and elements lay beyond, and nothing in the cycle after a reset or flush.
// The hold is exactly: the first shown, not left out, past due at now_i; or the first left out and the
// second shown past due; or elements beyond and the bound past the window (the last used slot's deadline
// a cycle ago, or with none used the deadline of the slot that left last) past due. The slots are free
// each cycle, with the used ones the low ones, live only among them, and a pop only of a used dead slot 0;
// each slot's fire flag compares its number with a fire number (any, each cycle), and a number left out
// (skip, fired) is the fire number of the cycle before, as the tracker's are.
// Yosys sat: BMC from reset; cover flags for a hold by the second element and a hold by the bound.
`default_nettype none

module fv_tracker_view (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        flush_i,
  input logic [3:0]  now_i,
  input logic [5:0]  live_i,
  input logic [11:0] way_i,       // 2 bits a slot
  input logic [17:0] seq_i,       // 3 bits a slot
  input logic [23:0] deadline_i,  // 4 bits a slot
  input logic [5:0]  is_fire_i,
  input logic [2:0]  used_i,
  input logic        beyond_i,
  input logic        pop_i,
  input logic        skip_i,
  input logic [2:0]  skip_seq_i,
  input logic        fired_i,
  input logic [2:0]  fired_seq_i,
  input logic [2:0]  fire_seq_i   // the number the run compares the slots with
);
  localparam int unsigned Slots = 6;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The window as the run keeps it: the used slots are the low ones, a live slot is a used one, a pop
  // takes a used dead slot 0, and with no slot used elements lie beyond only after one left.
  logic seen_pop_q;
  initial seen_pop_q = 1'b0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) seen_pop_q <= 1'b0;
    else if (pop_i) seen_pop_q <= 1'b1;
  end
  always_comb begin
    assume (32'(used_i) <= Slots);
    for (int k = 0; k < Slots; k++) if (live_i[k]) assume (k < 32'(used_i));
    if (pop_i) assume (used_i != '0 && !live_i[0]);
    if (beyond_i && used_i == '0) assume (seen_pop_q);
  end
  // The fire flags, and the numbers left out: the fire number of the cycle before.
  logic [2:0] fire_seq_q;
  always_ff @(posedge clk_i) fire_seq_q <= fire_seq_i;
  always_comb begin
    for (int k = 0; k < Slots; k++) assume (is_fire_i[k] == (seq_i[k * 3 +: 3] == fire_seq_i));
    if (past1_q) begin
      if (skip_i) assume (skip_seq_i == fire_seq_q);
      if (fired_i) assume (fired_seq_i == fire_seq_q);
    end
  end

  logic       fl_valid, sl_valid, fl_is_fire, unseen, hold;
  logic [1:0] fl_way, sl_way;
  logic [2:0] fl_seq, sl_seq;
  logic [3:0] fl_dl, sl_dl;
  logic [15:0] hdl;
  logic [11:0] hseq;
  logic [1:0]  fl_hsel;
  logic [3:0]  sl_hsel;
  uet_lb_tracker_view #(.Slots (Slots), .EntW (2), .SeqW (3), .TsWidth (4)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .live_i (live_i), .live_dl_i (live_i), .way_i (way_i), .seq_i (seq_i), .deadline_i (deadline_i), .is_fire_i (is_fire_i),
    .used_oh_i ((Slots + 1)'(1) << used_i), .beyond_i (beyond_i), .pop_i (pop_i),
    .skip_i (skip_i), .skip_seq_i (skip_seq_i), .fired_i (fired_i), .fired_seq_i (fired_seq_i),
    .fl_valid_o (fl_valid), .fl_way_o (fl_way), .sl_valid_o (sl_valid), .sl_way_o (sl_way),
    .hdl_o (hdl), .hseq_o (hseq), .fl_hsel_o (fl_hsel), .sl_hsel_o (sl_hsel),
    .fl_is_fire_o (fl_is_fire), .unseen_o (unseen), .hold_o (hold)
  );
  // The first's and second's deadlines and numbers, as a reader selects them from the halves' (one-hot
  // selects).
  always_comb begin
    fl_dl  = '0;
    sl_dl  = '0;
    fl_seq = '0;
    sl_seq = '0;
    for (int j = 0; j < 4; j++) begin
      fl_dl  = fl_dl | (j < 2 && fl_hsel[j % 2] ? hdl[j * 4 +: 4] : 4'd0);
      sl_dl  = sl_dl | (sl_hsel[j] ? hdl[j * 4 +: 4] : 4'd0);
      fl_seq = fl_seq | (j < 2 && fl_hsel[j % 2] ? hseq[j * 3 +: 3] : 3'd0);
      sl_seq = sl_seq | (sl_hsel[j] ? hseq[j * 3 +: 3] : 3'd0);
    end
  end

  // The reference: one scan over every slot for the first and second live ones, registered.
  logic       r1, r2, r1f;
  logic [1:0] r1w, r2w;
  logic [2:0] r1s, r2s;
  logic [3:0] r1d, r2d, last_dl;
  always_comb begin
    {r1, r2, r1f, r1w, r2w, r1s, r2s, r1d, r2d} = '0;
    for (int k = 0; k < Slots; k++) begin
      if (live_i[k] && r1 && !r2) begin
        r2  = 1'b1;
        r2w = way_i[k * 2 +: 2];
        r2s = seq_i[k * 3 +: 3];
        r2d = deadline_i[k * 4 +: 4];
      end
      if (live_i[k] && !r1) begin
        r1  = 1'b1;
        r1f = is_fire_i[k];
        r1w = way_i[k * 2 +: 2];
        r1s = seq_i[k * 3 +: 3];
        r1d = deadline_i[k * 4 +: 4];
      end
    end
  end
  logic       ref1_q, ref2_q, ref1f_q, refun_q, refbeyond_q;
  logic [1:0] ref1w_q, ref2w_q;
  logic [2:0] ref1s_q, ref2s_q;
  logic [3:0] ref1d_q, ref2d_q, left_q, reflast_q;
  always_comb begin
    last_dl = left_q;
    for (int k = 0; k < Slots; k++) if (32'(used_i) == k + 1) last_dl = deadline_i[k * 4 +: 4];
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      ref1_q  <= 1'b0;
      ref2_q  <= 1'b0;
      refun_q <= 1'b0;
    end else begin
      ref1_q  <= r1;
      ref2_q  <= r2;
      refun_q <= !r1 && beyond_i;
    end
    {ref1f_q, ref1w_q, ref1s_q, ref1d_q, ref2w_q, ref2s_q, ref2d_q} <= {r1f, r1w, r1s, r1d, r2w, r2s, r2d};
    if (pop_i) left_q <= deadline_i[3:0];
    reflast_q   <= last_dl;
    refbeyond_q <= !flush_i && beyond_i;
  end
  function automatic logic due(input logic [3:0] dl);
    due = uet_lb_pkg::wrap_before(32'(dl), 32'(now_i), 4);
  endfunction
  logic out1;
  assign out1 = (skip_i && fl_seq == skip_seq_i) || (fired_i && fl_seq == fired_seq_i);

  (* keep *) logic seen_hold2_q, seen_hold_beyond_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_hold2_q       <= 1'b0;
      seen_hold_beyond_q <= 1'b0;
    end else begin
      if (hold && ref1_q && out1 && ref2_q && due(ref2d_q) && !due(ref1d_q)) seen_hold2_q <= 1'b1;
      if (hold && !ref1_q && refbeyond_q && due(reflast_q)) seen_hold_beyond_q <= 1'b1;
    end
  end

  logic unused;
  assign unused = ^{seen_hold2_q, seen_hold_beyond_q};

  always_ff @(posedge clk_i) begin
    if (past1_q && rst_ni) begin
      fv_first: assert (fl_valid == ref1_q && (!ref1_q || {fl_way, fl_seq, fl_dl, fl_is_fire} ==
                                               {ref1w_q, ref1s_q, ref1d_q, ref1f_q}));
      fv_second: assert (sl_valid == ref2_q && (!ref2_q || {sl_way, sl_seq, sl_dl} == {ref2w_q, ref2s_q, ref2d_q}));
      fv_unseen: assert (unseen == refun_q);
      fv_hsel: assert ($onehot(fl_hsel) && $onehot(sl_hsel));
      fv_hold: assert (hold == ((ref1_q && !out1 && due(ref1d_q)) || (ref1_q && out1 && ref2_q && due(ref2d_q)) ||
                                (refbeyond_q && due(reflast_q))));
    end
  end
endmodule
