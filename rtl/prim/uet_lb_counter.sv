// A saturating event counter of the register block (CNT_* registers): counts the set bits of inc_i each
// cycle (one event source a bit) up to 2^Width - 1 and stays there; clear_i (a write to its register)
// zeroes it.
`default_nettype none

module uet_lb_counter #(
  parameter int unsigned Width = 32,  ///< counter width, 2..32
  parameter int unsigned Incs  = 1    ///< event sources, 1..3
) (
  input  logic             clk_i,
  input  logic             rst_ni,   ///< synchronous, active low
  input  logic [Incs-1:0]  inc_i,
  input  logic             clear_i,  ///< takes priority over inc_i
  output logic [Width-1:0] value_o
);
  logic [Width-1:0] cnt_q;
  logic [Width:0]   sum;  // (with its carry: the saturation)
  if (Incs < 1 || Incs > 3) begin : g_bad_incs
    $error("uet_lb_counter: Incs = %0d is outside 1..3", Incs);
  end
  logic [1:0] n;  // the set bits of inc_i
  always_comb begin
    n = '0;
    for (int unsigned i = 0; i < Incs; i++) n = n + 2'(inc_i[i]);
  end
  assign sum = {1'b0, cnt_q} + (Width + 1)'(n);
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      cnt_q <= '0;
    end else if (inc_i != '0 && cnt_q != {Width{1'b1}}) begin
      cnt_q <= sum[Width] ? {Width{1'b1}} : sum[Width-1:0];
    end
  end
  assign value_o = cnt_q;
endmodule
