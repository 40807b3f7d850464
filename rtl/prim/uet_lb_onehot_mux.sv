// A select of one of N W-bit inputs by a one-hot select, written as an AND-OR: each input gated by its
// select bit and the results ORed, with no priority and no decode in front (a binary index decoded in
// front of a wide select, or a chain of ifs, was an ECP5 critical path more than once). No select bit set
// gives zero; more than one gives the OR of their inputs, so the callers keep their selects one-hot and
// check it.
`default_nettype none

module uet_lb_onehot_mux #(
  parameter int unsigned N = 4,  ///< inputs
  parameter int unsigned W = 1   ///< bits per input
) (
  input  logic [N-1:0]   sel_i,   ///< one-hot, or zero
  input  logic [N*W-1:0] data_i,  ///< input k at [k * W +: W]
  output logic [W-1:0]   data_o
);
  always_comb begin
    data_o = '0;
    for (int k = 0; k < N; k++) data_o = data_o | ({W{sel_i[k]}} & data_i[k * W +: W]);
  end
endmodule
