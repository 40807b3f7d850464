// SECDED encoder (uet_lb_secded_pkg's Hsiao code): the K data bits and their R check bits, each the XOR of
// the data bits whose column has that bit. Combinational.
`default_nettype none

module uet_lb_secded_enc #(
  /// Data bits, 1..120 (the code's tables, scripts/gen/secded.py). Always give it: the default serves
  /// only the block's own lint. (It is one no instance uses: Verilator 5.006, linting every harness as one
  /// design, bound a decoder's encoder to the unparameterized module when another instance's K equalled
  /// the default.)
  parameter int unsigned K = 1,
  // Derived, do not override.
  parameter int unsigned R = uet_lb_secded_pkg::check_bits(K)
) (
  input  logic [K-1:0]   data_i,
  output logic [R+K-1:0] code_o  ///< {check, data}
);
  if (K < 1 || K > 120) begin : g_bad_k
    $error("uet_lb_secded_enc: K = %0d is outside 1..120", K);
  end
  logic [R-1:0] check;
  always_comb begin
    check = '0;
    for (int unsigned i = 0; i < K; i++) begin
      check = check ^ (data_i[i] ? R'(uet_lb_secded_pkg::column(R, i)) : '0);
    end
  end
  assign code_o = {check, data_i};
endmodule
