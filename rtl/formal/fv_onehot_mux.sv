// Formal harness of uet_lb_onehot_mux (5 inputs of 3 bits, any select): with a one-hot select the output
// is the selected input, with none it is zero, and in general each output bit is set exactly when some
// selected input has it set. Combinational: one cycle proves it.
`default_nettype none

module fv_onehot_mux (
  input logic [4:0]  sel_i,
  input logic [14:0] data_i
);
  logic [2:0] out;
  uet_lb_onehot_mux #(.N (5), .W (3)) dut (.sel_i (sel_i), .data_i (data_i), .data_o (out));

  // The input a one-hot select names, by its index.
  logic [2:0] picked;
  always_comb begin
    picked = '0;
    for (int k = 0; k < 5; k++) if (sel_i == 5'(1) << k) picked = data_i[3 * k +: 3];
  end
  // Bit b of the output against the selected inputs' bit b.
  logic [2:0] ok_bit;
  always_comb begin
    for (int b = 0; b < 3; b++) begin
      ok_bit[b] = 1'b1;
      if (out[b]) begin
        ok_bit[b] = 1'b0;
        for (int k = 0; k < 5; k++) if (sel_i[k] && data_i[3 * k + b]) ok_bit[b] = 1'b1;
      end else begin
        for (int k = 0; k < 5; k++) if (sel_i[k] && data_i[3 * k + b]) ok_bit[b] = 1'b0;
      end
    end
  end

  always_comb begin
    if ($onehot(sel_i)) fv_selected: assert (out == picked);
    if (sel_i == '0) fv_none: assert (out == '0);
    fv_or: assert (&ok_bit);
  end
endmodule
