// A synchronous first-in first-out queue of Depth entries (a power of 2) of Width bits: the head is shown
// combinationally from the storage (valid_o, data_o); a push and a pop may come in the same cycle. The
// pointers carry one bit more than the address, so full and empty need no counter. The user keeps it from
// overflowing (the core counts what it owes); pushing into a full queue, or popping an empty one, is an
// assertion failure in simulation.
`default_nettype none

module uet_lb_fifo #(
  parameter int unsigned Depth = 16,
  parameter int unsigned Width = 8,
  // Derived, do not override.
  parameter int unsigned AW    = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,   ///< synchronous, active low: empties the queue
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,    ///< takes the head (only while valid_o)
  output logic             valid_o,  ///< the queue holds an entry: data_o is its head
  output logic [Width-1:0] data_o
);
  logic [Width-1:0] mem_q [Depth];
  logic [AW:0]      wp_q, rp_q;
  logic             full;
  assign valid_o = wp_q != rp_q;
  assign full    = wp_q[AW-1:0] == rp_q[AW-1:0] && wp_q[AW] != rp_q[AW];
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wp_q <= '0;
      rp_q <= '0;
    end else begin
      if (push_i) wp_q <= wp_q + 1'b1;
      if (pop_i) rp_q <= rp_q + 1'b1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (push_i) mem_q[wp_q[AW-1:0]] <= data_i;
  end
  assign data_o = mem_q[rp_q[AW-1:0]];

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      a_no_overflow: assert (!(push_i && !pop_i && full));
      a_no_underflow: assert (!(pop_i && !valid_o));
    end
  end
`endif

  if (Depth < 2 || (Depth & (Depth - 1)) != 0) begin : g_bad_depth
    $error("uet_lb_fifo: Depth must be a power of 2, at least 2");
  end
endmodule
