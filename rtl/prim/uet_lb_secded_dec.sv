// SECDED decoder (uet_lb_secded_pkg's Hsiao code): the syndrome is the stored check bits XOR the check
// bits of the stored data (uet_lb_secded_enc's network, so it is linear in the stored word). Zero: no
// error. Odd weight: a single flip, corrected: a data bit whose column it is, or a check bit (weight 1, the
// data are right as stored). Even and not zero: two flips, detected. (Three or more flips are beyond the
// code: an odd syndrome is taken as one flip, as SECDED decoders do; checking it against every column as
// well put an OR of all the compares behind the syndrome, 12 LUT levels on the UltraScale+ at 67 bits.)
// Combinational.
`default_nettype none

module uet_lb_secded_dec #(
  /// Data bits, 1..120 (the code's tables, scripts/gen/secded.py). Always give it: the default serves
  /// only the block's own lint. (It is one no instance uses: Verilator 5.006, linting every harness as one
  /// design, bound a decoder's encoder to the unparameterized module when another instance's K equalled
  /// the default.)
  parameter int unsigned K = 1,
  // Derived, do not override.
  parameter int unsigned R = uet_lb_secded_pkg::check_bits(K)
) (
  input  logic [R+K-1:0] code_i,     ///< {check, data} as stored
  output logic [K-1:0]   data_o,     ///< the data, a single flip corrected
  output logic           single_o,   ///< one bit was flipped (and is corrected)
  output logic           double_o    ///< uncorrectable: two flips (or more), data_o is not to be trusted
);
  if (K < 1 || K > 120) begin : g_bad_k
    $error("uet_lb_secded_dec: K = %0d is outside 1..120", K);
  end
  // The syndrome: the check bits of the stored data (the encoder's own network) against the stored ones.
  logic [R+K-1:0] again;
  logic [R-1:0]   syn;
  logic [K-1:0]   flip;
  uet_lb_secded_enc #(.K (K)) u_enc (.data_i (code_i[K-1:0]), .code_o (again));
  assign syn = again[R+K-1:K] ^ code_i[R+K-1:K];
  always_comb begin
    for (int unsigned i = 0; i < K; i++) begin
      flip[i] = syn == R'(uet_lb_secded_pkg::column(R, i));
    end
  end
  logic odd;
  assign odd      = ^syn;
  assign data_o   = code_i[K-1:0] ^ flip;
  assign single_o = odd;
  assign double_o = syn != '0 && !odd;

  logic unused;
  assign unused = ^again[K-1:0];  // (the data the encoder passes through)
endmodule
