// Formal harness of uet_lb_cfg (BufBitsMax 3, 6-bit W, 8-bit times, 4-bit base RTT): a cycle after the
// configuration, the spraying type one-hot, C - 1, C one-hot and the facts of W are those of the
// configuration; a cycle later (the mask they read registered) whether positions 1 and 2 explore; M x
// base RTT uet_lb_pkg::SpanDelay cycles after its operands, and it changes only at an edge span_moves_o
// announced a cycle before. Inputs are free each cycle.
// Yosys sat over every step from reset.
`default_nettype none

module fv_cfg (
  input logic       clk_i,
  input logic       rst_ni,
  input logic [1:0] spray_i,
  input logic       efd_on_i,
  input logic [4:0] buf_bits_i,
  input logic [5:0] window_i,
  input logic [7:0] mult_i,
  input logic [3:0] base_rtt_i
);
  logic       none, dflt, reps, efd_on, w_nz, w_ge2, w_x, w_x1;
  logic [2:0] cmask;
  logic [3:0] cap;
  logic [5:0] w_m1;
  logic [7:0] span;
  logic       span_moves;
  uet_lb_cfg #(.BufBitsMax (3), .TsWidth (8), .WindowWidth (6), .BaseRttWidth (4)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .spray_i (spray_i), .efd_on_i (efd_on_i), .buf_bits_i (buf_bits_i),
    .window_i (window_i), .mult_i (mult_i), .base_rtt_i (base_rtt_i),
    .none_o (none), .dflt_o (dflt), .reps_o (reps), .efd_on_o (efd_on), .cmask_o (cmask), .cap_o (cap),
    .w_m1_o (w_m1), .w_nz_o (w_nz), .w_ge2_o (w_ge2), .w_x_o (w_x), .w_x1_o (w_x1), .span_o (span),
    .span_moves_o (span_moves)
  );

  // The operands' history: [k] is the input k + 1 edges ago; pastd: SpanDelay edges have passed.
  localparam int unsigned D = uet_lb_pkg::SpanDelay;
  logic       past1, past2, pastd, stable_q;
  logic [D-1:0] past_q;  // [k]: k + 1 edges have passed
  logic [1:0] spray_q;
  logic       efd_q;
  logic [4:0] buf_q;
  logic [5:0] w_q;
  logic [7:0] mult_h_q [D];
  logic [3:0] rtt_h_q [D];
  logic [7:0] span_q;
  logic       moves_q;
  initial past_q = '0;
  assign past1 = past_q[0];
  assign past2 = past_q[1];
  assign pastd = past_q[D-1];
  always_ff @(posedge clk_i) begin
    past_q   <= {past_q[D-2:0], 1'b1};
    spray_q  <= spray_i;
    efd_q    <= efd_on_i;
    buf_q    <= buf_bits_i;
    w_q      <= window_i;
    mult_h_q[0] <= mult_i;
    rtt_h_q[0]  <= base_rtt_i;
    for (int k = 1; k < D; k++) begin
      mult_h_q[k] <= mult_h_q[k - 1];
      rtt_h_q[k]  <= rtt_h_q[k - 1];
    end
    span_q   <= span;
    moves_q  <= span_moves;
    stable_q <= buf_bits_i == buf_q && window_i == w_q;  // the mask and W held for two edges
  end
  always_comb if (!past1) assume (!rst_ni);  // the first cycle is a reset (the span's history)
  // REPSBufferSizeMaskBits of 3 or more: C is 8 (the largest this build holds; the register block refuses more).
  logic [2:0] m;
  logic [3:0] c;
  logic [5:0] lo;
  always_comb begin
    m  = (buf_q >= 5'd3) ? 3'd7 : 3'((1 << buf_q) - 1);
    c  = (buf_q > 5'd3) ? 4'd0 : 4'(1 << buf_q);
    lo = w_q & {3'd0, m};
  end
  always_ff @(posedge clk_i) begin
    if (past1) begin
      a_type: assert (none == (spray_q == 2'd0) && dflt == (spray_q == 2'd1) && reps == (spray_q == 2'd2) &&
                      efd_on == efd_q);
      a_mask: assert (cmask == m && cap == c);
      a_window: assert (w_m1 == ((w_q == '0) ? '0 : w_q - 1'b1) && w_nz == (w_q != '0) && w_ge2 == (w_q >= 6'd2));
    end
    // M x base RTT, uet_lb_pkg::SpanDelay edges after its operands.
    if (pastd) a_span: assert (span == 8'(16'(mult_h_q[D-1]) * 16'(rtt_h_q[D-1])));
    // Announced: a span that moves was flagged a cycle before.
    if (pastd && !moves_q) a_span_announced: assert (span == span_q);
    if (past2 && stable_q) begin
      a_explore1: assert (w_x == (w_q != '0 && lo == (6'd1 & {3'd0, m})));
      a_explore2: assert (w_x1 == (w_q >= 6'd2 && lo == (6'd2 & {3'd0, m})));
    end
  end
endmodule
