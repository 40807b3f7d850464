// A saturating event counter of the register block (CNT_* registers): counts inc_i pulses up to
// 2^Width - 1 and stays there; clear_i (a write to its register) zeroes it.
`default_nettype none

module uet_lb_counter #(
  parameter int unsigned Width = 32,     ///< counter width, 17..32
  /// 1: two halves, the low 16 bits and the rest, the high half counting the low half's carry a cycle
  /// later, so no carry chain is longer than 16 bits and nothing follows one; increments must then come
  /// at most every other cycle (the pipelined core's counters do), and busy_o is high while a carry is
  /// pending (value_o then shows the high half one behind). 0: one Width-bit chain.
  parameter bit          Split = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,   ///< synchronous, active low
  input  logic             inc_i,
  input  logic             clear_i,  ///< takes priority over inc_i
  output logic [Width-1:0] value_o,
  output logic             busy_o
);
  if (Split) begin : g_split
    localparam int unsigned HiW = Width - 16;
    logic [15:0]    lo_q, lo_next_q;
    logic [HiW-1:0] hi_q;
    logic           carry_q, lo_max_q, max_q, inc;
    // lo_next_q (lo_q + 1), lo_max_q (lo_q is all ones) and max_q (the count is at its top) are made
    // from the halves a cycle after they change (an increment needs at least a cycle's gap after the one
    // before, so it always sees them), so an increment only selects lo_next_q.
    assign inc = inc_i && !max_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni || clear_i) begin
        lo_q      <= '0;
        lo_next_q <= 16'd1;
        lo_max_q  <= 1'b0;
        hi_q      <= '0;
        carry_q   <= 1'b0;
        max_q     <= 1'b0;
      end else begin
        if (inc) lo_q <= lo_next_q;
        lo_next_q <= lo_q + 16'd1;
        lo_max_q  <= lo_q == 16'hffff;
        carry_q   <= inc && lo_max_q;
        hi_q      <= hi_q + HiW'(carry_q);
        max_q     <= lo_q == 16'hffff && hi_q == {HiW{1'b1}};
      end
    end
    assign value_o = {hi_q, lo_q};
    assign busy_o  = carry_q;
`ifndef SYNTHESIS
    logic inc_q;
    always_ff @(posedge clk_i) inc_q <= rst_ni && inc_i;
    always_ff @(posedge clk_i) begin
      if (rst_ni) assert (!(inc_i && inc_q));  // at most every other cycle
    end
`endif
  end else begin : g_one
    logic [Width-1:0] cnt_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni || clear_i) begin
        cnt_q <= '0;
      end else if (inc_i && cnt_q != {Width{1'b1}}) begin
        cnt_q <= cnt_q + Width'(1);
      end
    end
    assign value_o = cnt_q;
    assign busy_o  = 1'b0;
  end
endmodule
