// What a run of the early-failure tracker shows of its window (part of uet_lb_tracker_run): the first and
// second live elements, a cycle old, and whether a live element not left out may be past due (the hold).
//
// Select. Each half of the window (slots 0 .. Half-1 and Half ..) selects its own first and second live
// element into flip-flops, one-hot selects then an AND-OR of the slots; the outputs combine the two halves
// after the flip-flops (the lower half's first, else the upper's; the second likewise). So they show the
// window as it was a cycle ago, as one select over all the slots, registered, would (one select over 16
// slots was an ECP5 critical path). The deadlines and allocation numbers leave unselected, the four halves'
// registers with a one-hot select for the first (one of the halves' firsts) and one for the second: the
// tracker's order block selects them, and compares each deadline with a record before it selects (a
// select in front of those 32-bit compares was an ECP5 critical path).
//
// Hold. A run's deadlines never decrease, so the earliest live element not left out is the first (or the
// second, when the first is left out): if it is not past due at now_i, no live element is. Beyond the
// window the bound is the registered deadline of the last slot (or, with the window empty, of the element
// that left last: elements wait in the RAM only behind one in the window). A cycle old is safe: an element
// that died at the last edge may hold for a cycle for nothing; one that landed came from the RAM, no
// earlier than that bound, or was pushed straight in by an allocation the tracker checks itself. Left out:
// the armed candidate (skip_*) and the element fired at the last edge (fired_*, dead now but still first
// in the registered view).
`default_nettype none

module uet_lb_tracker_view #(
  parameter int unsigned Slots   = 20,  ///< window slots (even: two halves)
  parameter int unsigned EntW    = 10,  ///< a tracker way number
  parameter int unsigned SeqW    = 14,  ///< allocation numbers
  parameter int unsigned TsWidth = 32
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,        ///< synchronous, active low
  input  logic                      flush_i,       ///< the run empties at this edge
  input  logic [TsWidth-1:0]        now_i,         ///< the time of the events the core takes next cycle
  // The window's slots as registered (slot k at slice k; the used ones are the low ones).
  input  logic [Slots-1:0]          live_i,        ///< slot k holds a live element
  input  logic [Slots-1:0]          live_dl_i,     ///< a copy of live_i, for the deadlines' selects
  input  logic [Slots*EntW-1:0]     way_i,
  input  logic [Slots*SeqW-1:0]     seq_i,
  input  logic [Slots*TsWidth-1:0]  deadline_i,
  input  logic [Slots-1:0]          is_fire_i,     ///< slot k's seq is the run's fire_seq_i (it compares)
  input  logic [Slots:0]            used_oh_i,     ///< slots in use, one-hot (bit n: n slots)
  input  logic                      beyond_i,      ///< elements past the window (in the RAM or on their way)
  input  logic                      pop_i,         ///< slot 0 leaves at this edge
  // Left out of the hold: the armed candidate and the element fired at the last edge. With skip_i or
  // fired_i, its number is the one is_fire_i compared with a cycle ago (the numbers: for the checks).
  input  logic                      skip_i,
  input  logic [SeqW-1:0]           skip_seq_i,
  input  logic                      fired_i,
  input  logic [SeqW-1:0]           fired_seq_i,
  // The window as it was a cycle ago.
  output logic                      fl_valid_o,    ///< it held a live element; the first:
  output logic [EntW-1:0]           fl_way_o,
  output logic                      sl_valid_o,    ///< it held a second live element; it:
  output logic [EntW-1:0]           sl_way_o,
  // Their deadlines and numbers as the halves registered them (slice j: 0 the lower half's first, 1 the
  // upper's first, 2 the lower's second, 3 the upper's second), which of slices 0 and 1 is the first's
  // and which of the four the second's (one-hot): a reader compares each with what it must and selects
  // the results (see the header).
  output logic [4*TsWidth-1:0]      hdl_o,
  output logic [4*SeqW-1:0]         hseq_o,
  output logic [1:0]                fl_hsel_o,
  output logic [3:0]                sl_hsel_o,
  output logic                      fl_is_fire_o,  ///< the first's seq was fire_seq_i
  output logic                      unseen_o,      ///< no live element in it, and elements past it
  output logic                      hold_o         ///< a live element (not left out) may be past due at now_i
);
  localparam int unsigned Half = Slots / 2;

  // A deadline strictly before now_i, modulo 2^TsWidth.
  function automatic logic past_due(input logic [TsWidth-1:0] dl);
    past_due = uet_lb_pkg::wrap_before(32'(dl), 32'(now_i), TsWidth);
  endfunction

  // Per half h: its first (e1) and second (e2) live slot's element. (Plain arrays, not structures: Yosys
  // 0.23 mishandles structures in loops and functions. The selects are the AND-OR of uet_lb_onehot_mux
  // written out: as instances, Verilator copied each one's wide data port every cycle, 14 % more
  // instructions for the fabric's RTL engine.)
  logic [1:0]         e1v, e2v, e1f;  // e1f: the first's seq is fire_seq_i
  logic [EntW-1:0]    e1w [2], e2w [2];
  logic [SeqW-1:0]    e1s [2], e2s [2];
  logic [TsWidth-1:0] e1d [2], e2d [2];
  // The one-hot selects of the first (hot1) and second (hot2) live slot of each half (uet_lb_first2), made
  // twice: from live_i for the ways, numbers and flags, and from its copy live_dl_i for the deadlines (each
  // select drives a gate per bit of every slot it selects; one set driving every field routed slowly on
  // ECP5). Half h at [h * Half +: Half] (flat: Yosys would make an unpacked array here a list of registers).
  logic [2*Half-1:0] hot1, hot2, dhot1, dhot2;
  for (genvar h = 0; h < 2; h++) begin : g_half
    uet_lb_first2 #(.N (Half)) u_sel (
      .bits_i (live_i[h * Half +: Half]), .first_o (hot1[h * Half +: Half]), .second_o (hot2[h * Half +: Half])
    );
    uet_lb_first2 #(.N (Half)) u_dsel (
      .bits_i (live_dl_i[h * Half +: Half]), .first_o (dhot1[h * Half +: Half]), .second_o (dhot2[h * Half +: Half])
    );
  end
  always_comb begin
    for (int h = 0; h < 2; h++) begin
      logic [Half-1:0] c;
      c = live_i[h * Half +: Half];
      e1v[h] = |c;
      e2v[h] = |hot2[h * Half +: Half];
      e1w[h] = '0;
      e1f[h] = |(hot1[h * Half +: Half] & is_fire_i[h * Half +: Half]);
      e1s[h] = '0;
      e1d[h] = '0;
      e2w[h] = '0;
      e2s[h] = '0;
      e2d[h] = '0;
      for (int k = 0; k < Half; k++) begin
        e1w[h] = e1w[h] | (hot1[h * Half + k] ? way_i[(h * Half + k) * EntW +: EntW] : '0);
        e1s[h] = e1s[h] | (hot1[h * Half + k] ? seq_i[(h * Half + k) * SeqW +: SeqW] : '0);
        e1d[h] = e1d[h] | (dhot1[h * Half + k] ? deadline_i[(h * Half + k) * TsWidth +: TsWidth] : '0);
        e2w[h] = e2w[h] | (hot2[h * Half + k] ? way_i[(h * Half + k) * EntW +: EntW] : '0);
        e2s[h] = e2s[h] | (hot2[h * Half + k] ? seq_i[(h * Half + k) * SeqW +: SeqW] : '0);
        e2d[h] = e2d[h] | (dhot2[h * Half + k] ? deadline_i[(h * Half + k) * TsWidth +: TsWidth] : '0);
      end
    end
  end
  logic [1:0]         e1v_q, e2v_q, e1f_q;
  logic [EntW-1:0]    e1w_q [2], e2w_q [2];
  logic [SeqW-1:0]    e1s_q [2], e2s_q [2];
  logic [TsWidth-1:0] e1d_q [2], e2d_q [2];
  logic               unseen_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      e1v_q    <= '0;
      e2v_q    <= '0;
      unseen_q <= 1'b0;
    end else begin
      e1v_q    <= e1v;
      e2v_q    <= e2v;
      unseen_q <= e1v == '0 && beyond_i;
    end
    e1f_q <= e1f;
    for (int h = 0; h < 2; h++) begin
      e1w_q[h] <= e1w[h];
      e1s_q[h] <= e1s[h];
      e1d_q[h] <= e1d[h];
      e2w_q[h] <= e2w[h];
      e2s_q[h] <= e2s[h];
      e2d_q[h] <= e2d[h];
    end
  end
  assign unseen_o = unseen_q;
  // The whole window's first: the lower half's first, else the upper's. Its second: the lower half's second,
  // else (the lower half holding one) the upper's first, else the upper's second.
  logic fl_lo, sl_lo2, sl_hi1;
  assign fl_lo  = e1v_q[0];
  assign sl_lo2 = e2v_q[0];
  assign sl_hi1 = !e2v_q[0] && e1v_q[0];
  assign fl_valid_o    = e1v_q != '0;
  assign fl_way_o      = fl_lo ? e1w_q[0] : e1w_q[1];
  assign sl_valid_o    = sl_lo2 || (sl_hi1 && e1v_q[1]) || (!e1v_q[0] && e2v_q[1]);
  assign sl_way_o      = sl_lo2 ? e2w_q[0] : sl_hi1 ? e1w_q[1] : e2w_q[1];
  assign hdl_o         = {e2d_q[1], e2d_q[0], e1d_q[1], e1d_q[0]};
  assign hseq_o        = {e2s_q[1], e2s_q[0], e1s_q[1], e1s_q[0]};
  assign fl_hsel_o     = {!fl_lo, fl_lo};
  assign sl_hsel_o     = {!sl_lo2 && !sl_hi1, sl_lo2, sl_hi1, 1'b0};
  assign fl_is_fire_o  = fl_lo ? e1f_q[0] : e1f_q[1];

  // The bound past the window: the last used slot's deadline, or (none used) the one that left last,
  // selected by the one-hot count (a decode of a binary count in front of this select was an ECP5
  // critical path), written out as above.
  logic [TsWidth-1:0] left_dl_q, last_dl, last_dl_q;
  logic               beyond_q;
  always_comb begin
    last_dl = used_oh_i[0] ? left_dl_q : '0;
    for (int k = 0; k < Slots; k++) last_dl = last_dl | (used_oh_i[k + 1] ? deadline_i[k * TsWidth +: TsWidth] : '0);
  end
  always_ff @(posedge clk_i) begin
    if (pop_i) left_dl_q <= deadline_i[TsWidth-1:0];
    last_dl_q <= last_dl;
    beyond_q  <= !flush_i && beyond_i;  // (a push into the RAM at this edge: the tracker checks it, rec1)
  end
  // (Each half's registered first and second deadline is compared with now_i on its own, and the
  // comparisons are selected as the deadlines are: a select in front of a 32-bit comparison was an ECP5
  // critical path.)
  logic fl_out;
  logic [1:0] q1due, q2due;
  always_comb begin
    for (int h = 0; h < 2; h++) begin
      q1due[h] = past_due(e1d_q[h]);
      q2due[h] = past_due(e2d_q[h]);
    end
  end
  // The first shown is left out when its number is skip_seq_i (with skip_i) or fired_seq_i (with fired_i).
  // Both are the number is_fire_i compared the slots with a cycle ago (the tracker holds its candidate's
  // number while it is armed, and the number fired at the last edge is the candidate's of the cycle
  // before), so the first's fire flag, registered with it, answers both without a compare here (a compare
  // with the fire block's registers in front of the hold was an ECP5 critical path).
  assign fl_out = (skip_i || fired_i) && fl_is_fire_o;
  // hold_o = (fl_valid_o && !fl_out && fl_due) || (fl_valid_o && fl_out && sl_valid_o && sl_due) ||
  // (beyond_q && past_due(last_dl_q)), written as each comparison with now_i ANDed with the condition
  // that selects it (kept: the conditions, from flip-flops, are ready early; the comparisons come late out
  // of their carry chains and were an ECP5 critical path behind the selects).
  (* keep *) logic [4:0] due_sel;
  logic [4:0]            due_now;
  logic                  fl_hold, sl_hold;
  assign fl_hold    = fl_valid_o && !fl_out;
  assign sl_hold    = fl_valid_o && fl_out && sl_valid_o;
  assign due_sel[0] = fl_hold && fl_lo;
  assign due_sel[1] = (fl_hold && !fl_lo) || (sl_hold && !sl_lo2 && sl_hi1);
  assign due_sel[2] = sl_hold && sl_lo2;
  assign due_sel[3] = sl_hold && !sl_lo2 && !sl_hi1;
  assign due_sel[4] = beyond_q;
  assign due_now    = {past_due(last_dl_q), q2due[1], q2due[0], q1due[1], q1due[0]};
  assign hold_o     = (due_sel & due_now) != '0;

`ifndef SYNTHESIS
  // The first and second live elements' comparisons, selected as their deadlines are (the hold's terms
  // above, in the form the checks read).
  logic fl_due, sl_due;
  assign fl_due = fl_lo ? q1due[0] : q1due[1];
  assign sl_due = sl_lo2 ? q2due[0] : sl_hi1 ? q1due[1] : q2due[1];
  // The first's deadline and number and the second's deadline, selected from the halves' as a reader does.
  logic [TsWidth-1:0] fl_deadline, sl_deadline;
  logic [SeqW-1:0]    fl_seq;
  uet_lb_onehot_mux #(.N (2), .W (TsWidth)) u_fl_dl (
    .sel_i (fl_hsel_o), .data_i (hdl_o[2*TsWidth-1:0]), .data_o (fl_deadline)
  );
  uet_lb_onehot_mux #(.N (4), .W (TsWidth)) u_sl_dl (.sel_i (sl_hsel_o), .data_i (hdl_o), .data_o (sl_deadline));
  uet_lb_onehot_mux #(.N (2), .W (SeqW)) u_fl_seq (.sel_i (fl_hsel_o), .data_i (hseq_o[2*SeqW-1:0]), .data_o (fl_seq));
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      a_live_dl: assert (live_dl_i == live_i);
      if (fl_valid_o) a_left_out: assert (fl_out == ((skip_i && fl_seq == skip_seq_i) ||
                                                   (fired_i && fl_seq == fired_seq_i)));
      a_hsel_onehot: assert ($onehot(fl_hsel_o) && $onehot(sl_hsel_o));
      a_due_per_half: assert (fl_due == past_due(fl_deadline) && sl_due == past_due(sl_deadline));
      a_hold_terms: assert (hold_o == ((fl_valid_o && !fl_out && fl_due) || (fl_valid_o && fl_out && sl_valid_o &&
                                       sl_due) || (beyond_q && past_due(last_dl_q))));
    end
  end
`endif
endmodule
