// Baseline for FPGA timing: a plain 16-bit counter through the same flow on the same part, so the
// core's Fmax can be read as a fraction of what the part does with the simplest logic.
`default_nettype none

module counter16 (
  input  logic clk_i,
  input  logic rst_ni,
  output logic msb_o
);
  logic [15:0] count_q;
  logic        rst_n_q;  // registered, as in uet_lb_fpga_wrap: the same flow for the core and its baseline
  always_ff @(posedge clk_i) rst_n_q <= rst_ni;
  always_ff @(posedge clk_i) begin
    if (!rst_n_q) begin
      count_q <= '0;
    end else begin
      count_q <= count_q + 16'd1;
    end
  end
  assign msb_o = count_q[15];
endmodule
