// Exploration-window counter of one REPS group (SPEC section 5), for one update: the window may open
// (freezing ended, left = W) and then a request may consume one position. The packet at 1-based
// position i explores when (W - i) mod 2^B == 0; W - i is the number of packets left after it, so the
// rule reads only window_left: explore when window_left mod 2^B == 1 mod 2^B.
//
// Two facts are kept beside window_left so the decision never waits for a comparison of it: active
// (window_left > 0) and explore (the next request explores). The facts of the next state come from
// window_left as it is (window_left >= 2, its low bits), not from the decremented value, and the facts of
// a window that opens come from W, computed once per W by the caller (w_*_i).
`default_nettype none

module uet_lb_window #(
  parameter int unsigned WindowWidth = 12,  ///< width of W and window_left
  parameter int unsigned BufBitsMax  = 3
) (
  input  logic [BufBitsMax-1:0]  cmask_i,    ///< C - 1
  input  logic [WindowWidth-1:0] w_i,        ///< W
  input  logic [WindowWidth-1:0] w_m1_i,     ///< W - 1 (0 when W is 0)
  input  logic                   w_nz_i,     ///< W > 0
  input  logic                   w_ge2_i,    ///< W >= 2
  input  logic                   w_x_i,      ///< W > 0 and W mod C == 1 mod C: position 1 explores
  input  logic                   w_x1_i,     ///< W >= 2 and W mod C == 2 mod C: position 2 explores
  // State in.
  input  logic [WindowWidth-1:0] left_i,
  input  logic                   active_i,   ///< left_i > 0
  input  logic                   explore_i,  ///< left_i > 0 and left_i mod C == 1 mod C
  // Operations: open first, then consume.
  input  logic                   open_i,     ///< freezing ended: window_left = W
  input  logic                   consume_i,  ///< a request passes through step 1 of Choose
  // State out.
  output logic [WindowWidth-1:0] left_o,
  output logic                   active_o,
  output logic                   explore_o,
  output logic                   explores_now_o  ///< (with consume_i) this request explores
);
  logic                   ge2, next_x;
  logic [WindowWidth-1:0] left_dec;
  logic [BufBitsMax-1:0]  low;

  assign left_dec = left_i - 1'b1;
  assign ge2      = left_i > WindowWidth'(1);
  // After a decrement, window_left - 1 mod C == 1 mod C, i.e. window_left mod C == 2 mod C.
  assign low      = BufBitsMax'(left_i) ^ BufBitsMax'(2);
  assign next_x   = ge2 && ((low & cmask_i) == '0);

  assign explores_now_o = open_i ? w_x_i : explore_i;

  always_comb begin
    left_o    = left_i;
    active_o  = active_i;
    explore_o = explore_i;
    if (open_i) begin
      if (consume_i) begin
        left_o    = w_m1_i;
        active_o  = w_ge2_i;
        explore_o = w_x1_i;
      end else begin
        left_o    = w_i;
        active_o  = w_nz_i;
        explore_o = w_x_i;
      end
    end else if (consume_i && active_i) begin
      left_o    = left_dec;
      active_o  = ge2;
      explore_o = next_x;
    end
  end

`ifndef SYNTHESIS
  logic [BufBitsMax-1:0] one;
  assign one = BufBitsMax'(1);
  always_comb begin
    if (open_i || consume_i) begin
      a_active_fact: assert (active_i == (left_i != '0));
      a_explore_fact: assert (explore_i == (active_i && ((BufBitsMax'(left_i) & cmask_i) == (one & cmask_i))));
    end
  end
`endif
endmodule
