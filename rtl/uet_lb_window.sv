// Exploration-window counter of one REPS group (SPEC section 5). The window opens with W packets left;
// the packet at 1-based position i explores when (W - i) mod 2^B == 0. Since W - i equals the packets
// left after this one, the rule needs only window_left: explore when (window_left - 1) mod 2^B == 0,
// that is when window_left mod 2^B == 1 mod 2^B, a comparison of the low B bits that needs no carry chain
// (the decrement is only for the next state).
`default_nettype none

module uet_lb_window #(
  parameter int unsigned WindowWidth = 12  ///< width of W and window_left
) (
  input  logic [4:0]             buf_bits_i,  ///< REPSBufferSizeMaskBits
  input  logic [WindowWidth-1:0] w_i,         ///< W, from register WINDOW
  input  logic [WindowWidth-1:0] left_i,      ///< window_left; 0 = no window
  input  logic                   open_i,      ///< freezing ended: window_left = W
  input  logic                   consume_i,   ///< a request passes through step 1 of Choose
  output logic [WindowWidth-1:0] left_o,
  output logic                   active_o,    ///< left_i > 0
  output logic                   explore_o    ///< with consume_i: this request explores
);
  logic [WindowWidth-1:0] after, cmask;  // cmask: 2^B - 1 (its low WindowWidth bits), by comparison
  always_comb begin
    for (int k = 0; k < WindowWidth; k++) cmask[k] = buf_bits_i > 5'(k);
  end
  assign active_o  = left_i != '0;
  assign after     = left_i - 1'b1;
  assign explore_o = active_o && ((left_i & cmask) == (WindowWidth'(1) & cmask));

  always_comb begin
    left_o = left_i;
    if (open_i) begin
      left_o = w_i;
    end else if (consume_i && active_o) begin
      left_o = after;
    end
  end

`ifndef SYNTHESIS
  always_comb assert (!(open_i && consume_i));
`endif
endmodule
