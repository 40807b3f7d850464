// Formal harness of the pipelined core's time arithmetic (uet_lb_pkg): each function built from two
// half-width carry chains and a select equals the one-chain expression it replaces, for every pair of
// 32-bit operands, and on operands aligned from a narrower TsWidth (here 20 bits) equals the narrow
// expression; the expiry parts from an inverted deadline (either way round) equal the plain ones.
// Combinational: one step proves it.
`default_nettype none

module fv_time (
  input logic [31:0] a_i,
  input logic [31:0] b_i,
  input logic [19:0] na_i,
  input logic [19:0] nb_i
);
  logic [31:0] diff, sum;
  logic        past_sign, npast_sign, nrev_sign;   // top bit of now - deadline - 1
  logic [30:0] unused_past_low;
  logic [18:0] unused_npast_low, unused_nrev_low;
  logic [32:0] diff_ts;
  logic [31:0] na, nb, ndiff, nsum;
  logic [32:0] ndiff_ts;
  logic [19:0] nbn, nan;  // nb_i and na_i inverted, as the tracker keeps deadlines and stage P times
  assign nbn = ~nb_i;
  assign nan = ~na_i;
  assign {past_sign, unused_past_low}   = a_i + ~b_i;
  assign {npast_sign, unused_npast_low} = na_i + ~nb_i;
  assign {nrev_sign, unused_nrev_low}   = nb_i + ~na_i;
  assign diff     = a_i - b_i;
  assign sum      = a_i + b_i;
  assign diff_ts  = uet_lb_pkg::ts_diff(a_i, b_i);
  assign na       = uet_lb_pkg::ts_align(32'(na_i), 20);
  assign nb       = uet_lb_pkg::ts_align(32'(nb_i), 20);
  assign ndiff_ts = uet_lb_pkg::ts_diff(na, nb);
  assign ndiff    = ndiff_ts[31:0];
  assign nsum     = uet_lb_pkg::ts_sum(na, nb);

  always_comb begin
    assert (uet_lb_pkg::ts_less(a_i, b_i) == (a_i < b_i));
    assert (uet_lb_pkg::ts_less_join(uet_lb_pkg::ts_less_parts(a_i, b_i)) == (a_i < b_i));
    assert (uet_lb_pkg::ts_less_parts_n(~a_i, b_i) == uet_lb_pkg::ts_less_parts(a_i, b_i));
    assert (uet_lb_pkg::ts_less_parts_n(uet_lb_pkg::ts_align_n(32'(nan), 20), nb) == uet_lb_pkg::ts_less_parts(na, nb));
    assert (uet_lb_pkg::ts_past(a_i, b_i) == !past_sign);
    assert (diff_ts == {a_i < b_i, diff});
    assert (uet_lb_pkg::ts_sum(a_i, b_i) == sum);
    // Aligned narrow operands: the same results on the top 20 bits, zeros below.
    assert (uet_lb_pkg::ts_less(na, nb) == (na_i < nb_i));
    assert (uet_lb_pkg::ts_past(na, nb) == !npast_sign);
    assert (ndiff_ts[32] == (na_i < nb_i));
    assert (ndiff == {20'(na_i - nb_i), 12'd0});
    assert (nsum == {20'(na_i + nb_i), 12'd0});
    // The parts from an inverted deadline: b (a deadline) past a's time, and a past b, with b inverted.
    assert (uet_lb_pkg::ts_past_join(uet_lb_pkg::ts_past_parts_n(a_i, ~b_i)) == !past_sign);
    assert (uet_lb_pkg::ts_past_join(uet_lb_pkg::ts_past_parts_rev(~b_i, a_i)) == uet_lb_pkg::ts_past(b_i, a_i));
    assert (uet_lb_pkg::ts_past_join(uet_lb_pkg::ts_past_parts_n(na, uet_lb_pkg::ts_align_n(32'(nbn), 20)))
            == !npast_sign);
    assert (uet_lb_pkg::ts_past_join(uet_lb_pkg::ts_past_parts_rev(uet_lb_pkg::ts_align_n(32'(nbn), 20), na))
            == !nrev_sign);
  end
endmodule
