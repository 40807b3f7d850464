// Simple dual-port RAM: one write port and one read port on one clock, read data registered (and a second
// output register with OutReg), no reset, written outside any reset branch so synthesis infers block RAM.
// A read of the address written in the same cycle returns the old word (the caller never uses it: the
// core forwards recent writes itself).
`default_nettype none

module uet_lb_ram #(
  parameter int unsigned Depth  = 16,    ///< words
  parameter int unsigned Width  = 8,     ///< bits per word
  parameter bit          OutReg = 1'b1,  ///< 1: read latency 2 (block RAM output register), 0: latency 1
  // Derived, do not override.
  parameter int unsigned AddrW  = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic             clk_i,
  input  logic             we_i,
  input  logic [AddrW-1:0] waddr_i,
  input  logic [Width-1:0] wdata_i,
  input  logic [AddrW-1:0] raddr_i,
  output logic [Width-1:0] rdata_o   ///< mem[raddr_i] one (OutReg 0) or two (OutReg 1) cycles later
);
  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rd_q;

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
    rd_q <= mem_q[raddr_i];
  end

  if (OutReg) begin : g_out
    logic [Width-1:0] out_q;
    always_ff @(posedge clk_i) out_q <= rd_q;
    assign rdata_o = out_q;
  end else begin : g_direct
    assign rdata_o = rd_q;
  end

`ifndef SYNTHESIS
  always_comb begin
    if (Depth != (1 << AddrW)) a_waddr_in_range: assert (!we_i || 32'(waddr_i) < Depth);
  end
`endif
endmodule
