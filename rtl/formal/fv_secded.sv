// Formal harness of the SECDED code (uet_lb_secded_enc, uet_lb_secded_dec) at K data bits (scripts/hw/
// formal.sh runs it at each width the core stores with it): for every data word and every choice of up to two distinct codeword bits to flip, a word read
// back with no flip is the data with no error flagged; with one flip, the data corrected and the single
// flag alone; with two, the double flag. Combinational: one SAT query over every input proves it.
`default_nettype none

module fv_secded #(
  parameter int unsigned K = 16
) (
  input logic [K-1:0] data_i,
  input logic [7:0]   a_i, b_i,   ///< codeword bits to flip (each below N to count)
  input logic         fa_i, fb_i  ///< flip bit a_i, bit b_i
);
  localparam int unsigned R = uet_lb_secded_pkg::check_bits(K);
  localparam int unsigned N = R + K;
  logic [N-1:0] code, mask, stored;
  logic [K-1:0] data;
  logic         single, double;
  uet_lb_secded_enc #(.K (K)) u_enc (.data_i (data_i), .code_o (code));
  always_comb begin
    mask = '0;
    for (int unsigned i = 0; i < N; i++) begin
      if ((fa_i && 32'(a_i) == i) || (fb_i && 32'(b_i) == i)) mask[i] = 1'b1;
    end
  end
  assign stored = code ^ mask;
  uet_lb_secded_dec #(.K (K)) u_dec (.code_i (stored), .data_o (data), .single_o (single), .double_o (double));
  always_comb begin
    if (32'(a_i) < N && 32'(b_i) < N && a_i != b_i) begin
      if (!fa_i && !fb_i) a_clean: assert (data == data_i && !single && !double);
      if (fa_i != fb_i) a_single: assert (data == data_i && single && !double);
      if (fa_i && fb_i) a_double: assert (double && !single);
    end
  end
endmodule
