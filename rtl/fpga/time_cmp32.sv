// Reference path for FPGA timing: the core's unit of time logic alone, register to register. Two 32-bit
// times come from a register chain fed by one pin, and one wrap-safe expiry test (now - deadline in
// 1..2^31, the sign bit of now + ~deadline, as in uet_lb_efd_tracker) goes into a register. No core
// that decides on 32-bit timestamps in a single cycle can be faster than this path on the same part.
`default_nettype none

module time_cmp32 (
  input  logic clk_i,
  input  logic din_i,   ///< serial stimulus
  output logic past_o   ///< now is past the deadline, registered
);
  logic [63:0] chain_q;
  logic [31:0] past;
  logic        past_q, unused_low;
  always_ff @(posedge clk_i) chain_q <= {chain_q[62:0], din_i};
  assign past = chain_q[31:0] + ~chain_q[63:32];
  assign unused_low = ^past[30:0];  // only the sign bit is the test
  always_ff @(posedge clk_i) past_q <= !past[31];
  assign past_o = past_q;
endmodule
