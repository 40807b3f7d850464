// Stage D's tests for the feedback lane, made a cycle before stage L applies the event so that L only
// selects: whether the freezing timeout has elapsed for the event's time (SPEC section 5) and whether an
// early failure belongs to its group's current open generation (section 6). The group's word at L may be
// any of five: L's result of this cycle on either lane (the loop: lr, lf), L's result of the cycle before
// (xr, xf), or the word stage D read (pre). Each word's freeze start is tested (uet_lb_timeout, six units
// side by side); when L's event on the group starts freezing this cycle its time becomes the freeze start
// (entered_r_i, entered_f_i, late inputs: they select last). A freeze start the group's age calls long past
// (uet_lb_age, old_i) has elapsed whatever the modular test says, unless the group entered freezing again
// since the age was read (fresh_i, or L's entered flags). Combinational.
`default_nettype none

module uet_lb_pretest #(
  parameter int unsigned TsWidth = 32,
  parameter int unsigned GenW    = 2,
  // Derived, do not override: a word's generation and freeze start, bits [AuxW:1] of the state word
  // (uet_lb_state_view), generation lowest.
  parameter int unsigned AuxW    = GenW + TsWidth
) (
  input  logic [TsWidth-1:0] t_i,          ///< the event's time (an early failure's deadline)
  input  logic [TsWidth-1:0] t_mt_i,       ///< t_i - FreezingTimeout, made ahead
  input  logic               t_lt_i,       ///< t_i < FreezingTimeout, made ahead
  input  logic [GenW-1:0]    gen_i,        ///< an early failure's open generation
  input  logic               open_prev_i,  ///< L's request-lane event opens the group this cycle
  // Where the group's word comes from at L ({lr, lf, xr, xf}; none: pre), and two ORs of them, registered.
  input  logic [3:0]         fwd_i,
  input  logic               fwd_l_i,      ///< lr || lf
  input  logic               fwd_x_i,      ///< xr || xf
  input  logic [AuxW-1:0]    lr_i, lf_i,   ///< L's words (the loop's state registers), bits [AuxW:1]
  input  logic [AuxW-1:0]    xr_i, xf_i,   ///< L's results of the cycle before, bits [AuxW:1]
  input  logic [AuxW-1:0]    pre_i,        ///< the word stage D read, bits [AuxW:1]
  input  logic [TsWidth-1:0] l_t_i,        ///< L's feedback-lane event's time
  input  logic               entered_r_i,  ///< L's request-lane update starts freezing
  input  logic               entered_f_i,  ///< L's feedback-lane update starts freezing
  input  logic               old_i,        ///< the group's freeze start is long past (uet_lb_age), as of stage B
  input  logic               fresh_i,      ///< the group entered freezing at L since (uet_lb_forward)
  output logic               elapsed_o,    ///< the freezing timeout has elapsed at t_i for the word at L
  output logic               live_o        ///< gen_i is the group's generation at L (no open between)
);
  localparam int unsigned StartLo = GenW;  // freeze_start above the generation
  logic fwd_lr, fwd_lf, fwd_xr, fwd_xf;
  assign {fwd_lr, fwd_lf, fwd_xr, fwd_xf} = fwd_i;

  logic e_pre, e_xr, e_xf, e_lr, e_lf, e_lt;
  uet_lb_timeout #(.TsWidth (TsWidth)) u_to_pre (
    .now_i (t_i), .now_mt_i (t_mt_i), .now_lt_t_i (t_lt_i), .start_i (pre_i[StartLo +: TsWidth]), .elapsed_o (e_pre));
  uet_lb_timeout #(.TsWidth (TsWidth)) u_to_xr (
    .now_i (t_i), .now_mt_i (t_mt_i), .now_lt_t_i (t_lt_i), .start_i (xr_i[StartLo +: TsWidth]), .elapsed_o (e_xr));
  uet_lb_timeout #(.TsWidth (TsWidth)) u_to_xf (
    .now_i (t_i), .now_mt_i (t_mt_i), .now_lt_t_i (t_lt_i), .start_i (xf_i[StartLo +: TsWidth]), .elapsed_o (e_xf));
  uet_lb_timeout #(.TsWidth (TsWidth)) u_to_lr (
    .now_i (t_i), .now_mt_i (t_mt_i), .now_lt_t_i (t_lt_i), .start_i (lr_i[StartLo +: TsWidth]), .elapsed_o (e_lr));
  uet_lb_timeout #(.TsWidth (TsWidth)) u_to_lf (
    .now_i (t_i), .now_mt_i (t_mt_i), .now_lt_t_i (t_lt_i), .start_i (lf_i[StartLo +: TsWidth]), .elapsed_o (e_lf));
  uet_lb_timeout #(.TsWidth (TsWidth)) u_to_lt (
    .now_i (t_i), .now_mt_i (t_mt_i), .now_lt_t_i (t_lt_i), .start_i (l_t_i), .elapsed_o (e_lt));

  // In three levels after the comparisons: a pair select within L's words (e_l) and within the words of
  // the cycle before (e_x), one by the registered ORs of the pairs' hits (e_kept), and last L's entered
  // flags, which come late (e_new). Each is one LUT6 at most.
  logic e_l, e_x, e_kept, e_new;
  always_comb begin
    e_l       = fwd_lr ? e_lr : e_lf;
    e_x       = fwd_xr ? e_xr : e_xf;
    e_kept    = fwd_l_i ? e_l : (fwd_x_i ? e_x : e_pre);
    e_new     = (fwd_lr && entered_r_i) || (!fwd_lr && fwd_lf && entered_f_i);
    elapsed_o = e_new ? e_lt : (e_kept || (old_i && !fresh_i));
  end
  // (L's events keep the generation unless one opens the group: open_prev_i.)
  always_comb begin
    if (fwd_lr) live_o = lr_i[GenW-1:0] == gen_i;
    else if (fwd_lf) live_o = lf_i[GenW-1:0] == gen_i;
    else if (fwd_xr) live_o = xr_i[GenW-1:0] == gen_i;
    else if (fwd_xf) live_o = xf_i[GenW-1:0] == gen_i;
    else live_o = pre_i[GenW-1:0] == gen_i;
    live_o = live_o && !open_prev_i;
  end

`ifndef SYNTHESIS
  // The pair selects equal the priority select over L's and the cycle before's words, given the ORs.
  always_comb begin
    if (fwd_l_i == (fwd_lr || fwd_lf) && fwd_x_i == (fwd_xr || fwd_xf))
      a_pick: assert (e_kept == (fwd_lr ? e_lr : (fwd_lf ? e_lf : (fwd_xr ? e_xr : (fwd_xf ? e_xf : e_pre)))));
  end
`endif

endmodule
