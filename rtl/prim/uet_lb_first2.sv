// The first and second set bits of a vector, each as a one-hot select: first_o holds the lowest set bit of
// bits_i, second_o the next one up (all zero where there is none). Each bit tests the bits below it
// directly (no chain through the lower bits' results), so synthesis sees a flat OR per bit. Used where a
// window of slots shows its first and second live element (uet_lb_tracker_view).
`default_nettype none

module uet_lb_first2 #(
  parameter int unsigned N = 8
) (
  input  logic [N-1:0] bits_i,
  output logic [N-1:0] first_o,   ///< the lowest set bit
  output logic [N-1:0] second_o   ///< the set bit after it
);
  logic [N-1:0] below1, below2;  // bit k: at least one (two) of bits_i[k-1:0] set
  always_comb begin
    for (int k = 0; k < N; k++) begin
      below1[k] = 1'b0;
      below2[k] = 1'b0;
      for (int j = 0; j < k; j++) begin
        below2[k] = below2[k] || (below1[k] && bits_i[j]);
        below1[k] = below1[k] || bits_i[j];
      end
    end
  end
  assign first_o  = bits_i & ~below1;
  assign second_o = bits_i & below1 & ~below2;
endmodule
