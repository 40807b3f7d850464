// A copy of a register, kept as a copy. A register whose outputs reach many places far apart (a record
// that every tracker run and the fire candidate read) routes slowly on an FPGA; a copy for one group of
// readers, placed near them, shortens the route. Synthesis merges identical flip-flops of one module, so
// the copy lives in a module of its own whose hierarchy is kept (keep_hierarchy: Yosys, Vivado). Formal
// and simulation see an ordinary register; the users assert the copy equal to the original.
`default_nettype none

(* keep_hierarchy *)
module uet_lb_dup #(
  parameter int unsigned W = 1
) (
  input  logic         clk_i,
  input  logic         rst_ni,  ///< synchronous, active low (with clr_i: the original's reset)
  input  logic         clr_i,
  input  logic [W-1:0] d_i,
  output logic [W-1:0] q_o
);
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clr_i) q_o <= '0;
    else q_o <= d_i;
  end
endmodule
