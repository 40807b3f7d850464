// Formal harness of the pipelined core's time arithmetic (uet_lb_pkg): each function built from two
// half-width carry chains and a select equals the one-chain expression it replaces, for every pair of
// 32-bit operands, and on operands aligned from a narrower TsWidth (here 20 bits) equals the narrow
// expression. Combinational: one step proves it.
`default_nettype none

module fv_time (
  input logic [31:0] a_i,
  input logic [31:0] b_i,
  input logic [19:0] na_i,
  input logic [19:0] nb_i
);
  logic [31:0] diff, sum;
  logic        past_sign, npast_sign;   // top bit of now - deadline - 1
  logic [30:0] unused_past_low;
  logic [18:0] unused_npast_low;
  logic [32:0] diff_ts;
  logic [31:0] na, nb, ndiff, nsum;
  logic [32:0] ndiff_ts;
  assign {past_sign, unused_past_low}   = a_i + ~b_i;
  assign {npast_sign, unused_npast_low} = na_i + ~nb_i;
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
    assert (uet_lb_pkg::ts_past(a_i, b_i) == !past_sign);
    assert (diff_ts == {a_i < b_i, diff});
    assert (uet_lb_pkg::ts_sum(a_i, b_i) == sum);
    // Aligned narrow operands: the same results on the top 20 bits, zeros below.
    assert (uet_lb_pkg::ts_less(na, nb) == (na_i < nb_i));
    assert (uet_lb_pkg::ts_past(na, nb) == !npast_sign);
    assert (ndiff_ts[32] == (na_i < nb_i));
    assert (ndiff == {20'(na_i - nb_i), 12'd0});
    assert (nsum == {20'(na_i + nb_i), 12'd0});
  end
endmodule
