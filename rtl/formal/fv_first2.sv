// Formal harness of uet_lb_first2 (7 bits, any vector): first_o is exactly the lowest set bit and
// second_o exactly the set bit after it, as one scan from bit 0 up finds them; none where there is none.
// Combinational: one cycle proves it.
`default_nettype none

module fv_first2 (
  input logic [6:0] bits_i
);
  logic [6:0] first, second, ref1, ref2;
  uet_lb_first2 #(.N (7)) dut (.bits_i (bits_i), .first_o (first), .second_o (second));

  // The reference: one scan, the first set bit met, then the next.
  always_comb begin
    ref1 = '0;
    ref2 = '0;
    for (int k = 0; k < 7; k++) begin
      if (bits_i[k] && ref1 != '0 && ref2 == '0) ref2[k] = 1'b1;
      if (bits_i[k] && ref1 == '0) ref1[k] = 1'b1;
    end
  end

  always_comb begin
    fv_first: assert (first == ref1);
    fv_second: assert (second == ref2);
  end
endmodule
