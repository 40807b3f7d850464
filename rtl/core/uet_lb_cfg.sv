// What the core derives from the active configuration, registered so that no event's path starts at a
// register field: the spraying type one-hot, REPS's buffer mask and size, the exploration window's
// facts (W - 1, W > 0, W >= 2, whether positions 1 and 2 explore), and M x base RTT. They follow a
// register apply within SettleCycles edges (the mask first, then the window facts that read it), during
// which the core holds its streams; M x base RTT follows its inputs uet_lb_pkg::SpanDelay edges later
// (the operands registered before the multipliers, a DSP block far from both; the base RTT's two halves
// multiplied apart and registered, their sum a cycle later: the multiply and the add in one cycle were an
// ECP5 critical path); span_moves_o says, a cycle ahead, that it may change at the next edge (an operand
// changed two edges before).
`default_nettype none

module uet_lb_cfg #(
  parameter int unsigned BufBitsMax   = 3,
  parameter int unsigned TsWidth      = 32,
  parameter int unsigned WindowWidth  = 12,
  parameter int unsigned BaseRttWidth = 20,
  // Derived, do not override.
  parameter int unsigned PtrW         = BufBitsMax
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,     ///< synchronous, active low (only the assertions' history)
  // The active configuration (uet_lb_regs) and congestion control's base RTT.
  input  logic [1:0]              spray_i,    ///< a uet_lb_pkg::spray_e value
  input  logic                    efd_on_i,   ///< REPS with M > 0
  input  logic [4:0]              buf_bits_i, ///< REPSBufferSizeMaskBits
  input  logic [WindowWidth-1:0]  window_i,   ///< W
  input  logic [7:0]              mult_i,     ///< M
  input  logic [BaseRttWidth-1:0] base_rtt_i,
  // Derived.
  output logic                    none_o, dflt_o, reps_o, efd_on_o,
  output logic [PtrW-1:0]         cmask_o,    ///< C - 1
  output logic [BufBitsMax:0]     cap_o,      ///< C, one-hot by REPSBufferSizeMaskBits
  output logic [WindowWidth-1:0]  w_m1_o,     ///< W - 1 (0 for W = 0)
  output logic                    w_nz_o, w_ge2_o,
  output logic                    w_x_o,      ///< W > 0 and W mod C == 1 mod C: position 1 explores
  output logic                    w_x1_o,     ///< W >= 2 and W mod C == 2 mod C: position 2 explores
  output logic [TsWidth-1:0]      span_o,     ///< M x base RTT
  output logic                    span_moves_o ///< span_o may change at the next edge
);
  // The base RTT's halves (the high one with a spare bit, so it has one at any width).
  localparam int unsigned LoW = (BaseRttWidth + 1) / 2;
  localparam int unsigned HiW = BaseRttWidth + 1 - LoW;
  localparam int unsigned PW  = BaseRttWidth + 1;  // the base RTT with the spare bit
  logic [7:0]              mult_q;
  logic [BaseRttWidth-1:0] rtt_q;
  logic [LoW-1:0]          rtt_lo;
  logic [HiW-1:0]          rtt_hi;
  // (A harness narrower than uet_lb_param_check allows, TsWidth < 9 + BaseRttWidth, drops their top bits.)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [7+LoW:0]          plo_q;   // M x the low half
  logic [7+HiW:0]          phi_q;   // M x the high half
  /* verilator lint_on UNUSEDSIGNAL */
  logic                    moved_q; // an operand changed at the last edge
  assign rtt_lo = rtt_q[LoW-1:0];
  assign rtt_hi = HiW'(PW'(rtt_q) >> LoW);
  logic [TsWidth-1:0]      psum;    // M x base RTT, modulo 2^TsWidth
  assign psum = (TsWidth'(phi_q) << LoW) + TsWidth'(plo_q);
  always_ff @(posedge clk_i) begin
    none_o   <= spray_i == uet_lb_pkg::SPRAY_NONE;
    dflt_o   <= spray_i == uet_lb_pkg::SPRAY_DEFAULT;
    reps_o   <= spray_i == uet_lb_pkg::SPRAY_REPS;
    efd_on_o <= efd_on_i;
    for (int k = 0; k < PtrW; k++) cmask_o[k] <= buf_bits_i > 5'(k);
    for (int k = 0; k <= BufBitsMax; k++) cap_o[k] <= buf_bits_i == 5'(k);
    w_m1_o   <= (window_i == '0) ? '0 : window_i - 1'b1;
    w_nz_o   <= window_i != '0;
    w_ge2_o  <= window_i > WindowWidth'(1);
    w_x_o    <= window_i != '0 && ((PtrW'(window_i) & cmask_o) == (PtrW'(1) & cmask_o));
    w_x1_o   <= window_i > WindowWidth'(1) && ((PtrW'(window_i) & cmask_o) == (PtrW'(2) & cmask_o));
    mult_q   <= mult_i;
    rtt_q    <= base_rtt_i;
    plo_q    <= mult_q * rtt_lo;
    phi_q    <= mult_q * rtt_hi;
    span_o   <= psum;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      moved_q      <= 1'b1;
      span_moves_o <= 1'b1;
    end else begin
      moved_q      <= mult_i != mult_q || base_rtt_i != rtt_q;
      span_moves_o <= moved_q;
    end
  end

`ifndef SYNTHESIS
  // M x base RTT follows its inputs SpanDelay edges later (uet_lb_pkg, shared with C++ and the docs).
  logic [7:0]                       mult_hist_q [uet_lb_pkg::SpanDelay];
  logic [BaseRttWidth-1:0]          rtt_hist_q [uet_lb_pkg::SpanDelay];
  logic [uet_lb_pkg::SpanDelay-1:0] hist_ok_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) hist_ok_q <= '0;
    else hist_ok_q <= {hist_ok_q[uet_lb_pkg::SpanDelay-2:0], 1'b1};
    mult_hist_q[0] <= mult_i;
    rtt_hist_q[0]  <= base_rtt_i;
    for (int k = 1; k < uet_lb_pkg::SpanDelay; k++) begin
      mult_hist_q[k] <= mult_hist_q[k - 1];
      rtt_hist_q[k]  <= rtt_hist_q[k - 1];
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && hist_ok_q[uet_lb_pkg::SpanDelay-1])
      a_span_delay: assert (span_o == TsWidth'(64'(mult_hist_q[uet_lb_pkg::SpanDelay-1]) *
                                                64'(rtt_hist_q[uet_lb_pkg::SpanDelay-1])));
  end
  // The span changes only at an edge span_moves_o announced.
  logic [TsWidth-1:0] span_prev_q;
  logic               moves_prev_q, span_ok_q;
  always_ff @(posedge clk_i) begin
    span_prev_q  <= span_o;
    moves_prev_q <= span_moves_o;
    span_ok_q    <= rst_ni && hist_ok_q[uet_lb_pkg::SpanDelay-1];
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && span_ok_q && !moves_prev_q) a_span_moves: assert (span_o == span_prev_q);
  end
`endif
endmodule
