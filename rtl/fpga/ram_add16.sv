// Reference path for FPGA timing: a block RAM's registered read data straight into one 16-bit adder and
// a register, as the pipelined core's decision stage reads the group state RAM. The ceiling of any
// stage that puts a carry chain (of 16 bits or more) right after the state RAM's output.
`default_nettype none

module ram_add16 (
  input  logic clk_i,
  input  logic din_i,   ///< serial stimulus
  output logic sum_o    ///< parity of the registered sum
);
  logic [63:0] chain_q;
  logic [15:0] mem_q [256];
  logic [15:0] rd_q, sum_q;
  always_ff @(posedge clk_i) chain_q <= {chain_q[62:0], din_i};
  always_ff @(posedge clk_i) begin
    if (chain_q[0]) mem_q[chain_q[8:1]] <= chain_q[24:9];
  end
  always_ff @(posedge clk_i) rd_q <= mem_q[chain_q[40:33]];
  always_ff @(posedge clk_i) sum_q <= rd_q + chain_q[63:48];
  assign sum_o = ^sum_q;
endmodule
