// The first and second set bits of a vector, each as a one-hot select: first_o holds the lowest set bit of
// bits_i, second_o the next one up (all zero where there is none). Bit k of below1 says a bit under k is
// set, bit k of below2 that two are: each is an OR over the bits under k, written as a prefix OR in
// log2(N) word-wide steps. Synthesis maps the same OR functions (the same LUT count and depth on ECP5 as a
// loop per bit; equivalence checked), and a Verilated model runs a few word operations per evaluation
// instead of N^2 single-bit ones. Used where a window of slots shows its first and second live element
// (uet_lb_tracker_view).
`default_nettype none

module uet_lb_first2 #(
  parameter int unsigned N = 8
) (
  input  logic [N-1:0] bits_i,
  output logic [N-1:0] first_o,   ///< the lowest set bit
  output logic [N-1:0] second_o   ///< the set bit after it
);
  // Bit k: any of x[k:0] set.
  function automatic logic [N-1:0] upto(input logic [N-1:0] x);
    logic [N-1:0] p;
    p = x;
    for (int s = 1; s < N; s = s * 2) p = p | (p << s);
    upto = p;
  endfunction

  logic [N-1:0] below1, below2;  // bit k: at least one (two) of bits_i[k-1:0] set
  assign below1   = upto(bits_i) << 1;
  assign below2   = upto(bits_i & below1) << 1;
  assign first_o  = bits_i & ~below1;
  assign second_o = bits_i & below1 & ~below2;
endmodule
