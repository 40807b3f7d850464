// Simple dual-port RAM: one write port and one read port on one clock, read data registered (and a second
// output register with OutReg), no reset, written outside any reset branch so synthesis infers block RAM.
// A read of the address written in the same cycle is undefined (the caller never uses it: the core
// forwards recent writes itself); simulation returns a poisoned word then, so tests would catch a use.
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
  // (no_rw_check: the read of an address written in the same cycle is a don't-care, as above. Without it
  // Yosys delays every write a cycle and muxes the read data past the block RAM to return the old word.)
  (* no_rw_check *) logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rd_q;

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
`ifdef SYNTHESIS
    rd_q <= mem_q[raddr_i];
`else
    // (Simulation and proofs: a read that meets a write of its address returns the old word inverted, so
    // a caller that used it would fail its tests and proofs.)
    rd_q <= (we_i && waddr_i == raddr_i) ? ~mem_q[raddr_i] : mem_q[raddr_i];
`endif
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
