// A saturating event counter of the register block (CNT_* registers): counts inc_i pulses up to
// 2^Width - 1 and stays there; clear_i (a write to its register) zeroes it.
`default_nettype none

module uet_lb_counter #(
  parameter int unsigned Width = 32  ///< counter width, 2..32
) (
  input  logic             clk_i,
  input  logic             rst_ni,   ///< synchronous, active low
  input  logic             inc_i,
  input  logic             clear_i,  ///< takes priority over inc_i
  output logic [Width-1:0] value_o
);
  logic [Width-1:0] cnt_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      cnt_q <= '0;
    end else if (inc_i && cnt_q != {Width{1'b1}}) begin
      cnt_q <= cnt_q + Width'(1);
    end
  end
  assign value_o = cnt_q;
endmodule
