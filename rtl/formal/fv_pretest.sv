// Formal harness of uet_lb_pretest (8-bit times, 2-bit generations): for any words, flags and timeout T
// of the register's range (1..127), the freezing test equals (t - start) mod 256 >= T for the start of
// the word the priority select names (L's request-lane word, L's feedback-lane word, the cycle before's
// request-lane and feedback-lane results, else the word D read), or L's event time when L's event on
// that word starts freezing; a freeze start the age calls long past (old) counts as elapsed unless the
// group entered freezing since the age was read (fresh, or L's entry); and the generation test equals that
// word's generation against the early failure's, false when L opens the group. Combinational: one step
// over every input proves it.
`default_nettype none

module fv_pretest (
  input logic [7:0]  t_i,
  input logic [7:0]  timeout_i,
  input logic [1:0]  gen_i,
  input logic        open_prev_i,
  input logic [3:0]  fwd_i,
  input logic [9:0]  lr_i, lf_i, xr_i, xf_i, pre_i,
  input logic [7:0]  l_t_i,
  input logic        entered_r_i, entered_f_i,
  input logic        old_i, fresh_i
);
  logic elapsed, live;
  logic lr, lf, xr, xf;
  assign {lr, lf, xr, xf} = fwd_i;
  uet_lb_pretest #(.TsWidth (8), .GenW (2)) dut (
    .t_i (t_i), .t_mt_i (t_i - timeout_i), .t_lt_i (t_i < timeout_i), .gen_i (gen_i), .open_prev_i (open_prev_i),
    .fwd_i (fwd_i), .fwd_l_i (lr || lf), .fwd_x_i (xr || xf),
    .lr_i (lr_i), .lf_i (lf_i), .xr_i (xr_i), .xf_i (xf_i), .pre_i (pre_i), .l_t_i (l_t_i),
    .entered_r_i (entered_r_i), .entered_f_i (entered_f_i), .old_i (old_i), .fresh_i (fresh_i),
    .elapsed_o (elapsed), .live_o (live)
  );

  // The reference: the word at L by priority, its freeze start (or L's time when L enters freezing).
  logic [9:0] word;
  logic       entered;
  logic [7:0] start, age;
  always_comb begin
    word    = lr ? lr_i : (lf ? lf_i : (xr ? xr_i : (xf ? xf_i : pre_i)));
    entered = lr ? entered_r_i : (lf && entered_f_i);
    start   = entered ? l_t_i : word[9:2];
    age     = t_i - start;
  end
  always_comb begin
    if (timeout_i != 8'd0 && !timeout_i[7]) begin
      a_elapsed: assert (elapsed == (age >= timeout_i || (!entered && old_i && !fresh_i)));
    end
    a_live: assert (live == (word[1:0] == gen_i && !open_prev_i));
  end
endmodule
