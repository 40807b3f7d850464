// Formal harness of uet_lb_window: after the window opens with W, the request at 1-based position i
// explores exactly when (W - i) mod 2^B == 0, for i = 1..W, and the window then closes; an open and a
// request in the same update count the request as position 1. W and B are free, then held; the facts
// of W the core makes once per configuration are made here from W; position i is counted here
// independently of the block.
`default_nettype none

module fv_window #(
  parameter int unsigned WindowWidth = 6,
  parameter int unsigned BufBitsMax  = 3
) (
  input logic                   clk_i,
  input logic                   rst_ni,
  input logic                   open_i,
  input logic                   consume_i,
  input logic [WindowWidth-1:0] w_i,
  input logic [4:0]             buf_bits_i
);
  logic [WindowWidth-1:0] left_q, left_d;
  logic                   active_q, active_d, explore_q, explore_d, explores_now;
  logic [WindowWidth:0]   pos_q;  // requests taken since the window opened
  logic                   past_valid_q, opened_q;
  logic [WindowWidth-1:0] w_q;
  logic [4:0]             b_q;
  logic                   do_open, do_consume;
  logic [31:0]            cmask;
  logic [BufBitsMax-1:0]  cm;

  assign do_open    = past_valid_q && rst_ni && open_i;
  assign do_consume = past_valid_q && rst_ni && consume_i;
  assign cmask      = (32'd1 << buf_bits_i) - 32'd1;
  assign cm         = BufBitsMax'(cmask);

  // The facts of W (uet_lb_window's header).
  logic w_nz, w_ge2, w_x, w_x1;
  logic [WindowWidth-1:0] w_m1;
  assign w_nz  = w_i != '0;
  assign w_ge2 = 32'(w_i) >= 2;
  assign w_m1  = w_nz ? w_i - 1'b1 : '0;
  assign w_x   = w_nz && ((32'(w_i) - 1) & cmask) == 0;
  assign w_x1  = w_ge2 && ((32'(w_i) - 2) & cmask) == 0;

  uet_lb_window #(.WindowWidth(WindowWidth), .BufBitsMax(BufBitsMax)) dut (
    .cmask_i (cm), .w_i (w_i), .w_m1_i (w_m1), .w_nz_i (w_nz), .w_ge2_i (w_ge2), .w_x_i (w_x), .w_x1_i (w_x1),
    .left_i (left_q), .active_i (active_q), .explore_i (explore_q), .open_i (do_open), .consume_i (do_consume),
    .left_o (left_d), .active_o (active_d), .explore_o (explore_d), .explores_now_o (explores_now)
  );

  // The request's position in the window, if the window is active for it.
  logic                 counts;
  logic [WindowWidth:0] pos_now;
  assign counts  = do_consume && (do_open ? w_nz : active_q);
  assign pos_now = do_open ? '0 : pos_q;

  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    w_q          <= w_i;
    b_q          <= buf_bits_i;
    if (!rst_ni) begin
      left_q    <= '0;
      active_q  <= 1'b0;
      explore_q <= 1'b0;
      pos_q     <= '0;
      opened_q  <= 1'b0;
    end else begin
      left_q    <= left_d;
      active_q  <= active_d;
      explore_q <= explore_d;
      if (do_open) opened_q <= 1'b1;
      pos_q <= pos_now + (WindowWidth + 1)'(counts);
    end
  end

  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (buf_bits_i <= 5'(BufBitsMax));
    if (past_valid_q) assume (w_i == w_q && buf_bits_i == b_q);  // W and B hold still
    if (past_valid_q && rst_ni) begin
      // Invariant: packets left + packets taken = W while a window has been opened.
      if (opened_q) fv_left_plus_taken: assert (32'(left_q) + 32'(pos_q) == 32'(w_i));
      if (!opened_q) fv_left_idle: assert (left_q == '0);
      fv_active: assert (active_q == (left_q != '0));
      fv_explore: assert (explore_q == (active_q && ((32'(left_q) - 1) & cmask) == 0));
      // Position i = pos + 1 explores exactly when (W - i) mod 2^B == 0.
      if (counts) fv_explores_now: assert (explores_now == (((32'(w_i) - 32'(pos_now) - 32'd1) & cmask) == 32'd0));
    end
  end
endmodule
