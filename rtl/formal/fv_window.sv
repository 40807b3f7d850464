// Formal harness of uet_lb_window: after the window opens with W, the request at 1-based position i
// explores exactly when (W - i) mod 2^B == 0, for i = 1..W, and the window then closes.
// W and B are free, then held; position i is counted here independently of the block.
`default_nettype none

module fv_window #(
  parameter int unsigned WindowWidth = 6
) (
  input logic                   clk_i,
  input logic                   rst_ni,
  input logic                   open_i,
  input logic                   consume_i,
  input logic [WindowWidth-1:0] w_i,
  input logic [4:0]             buf_bits_i
);
  logic [WindowWidth-1:0] left_q, left_d;
  logic                   active, explore;
  logic [WindowWidth:0]   pos_q;  // requests taken since the window opened
  logic                   past_valid_q, opened_q;
  logic [WindowWidth-1:0] w_q;
  logic [4:0]             b_q;
  logic                   do_open, do_consume;
  logic [31:0]            cmask;

  assign do_open    = past_valid_q && rst_ni && open_i;
  assign do_consume = past_valid_q && rst_ni && !open_i && consume_i;
  assign cmask      = (32'd1 << buf_bits_i) - 32'd1;

  uet_lb_window #(.WindowWidth(WindowWidth)) dut (
    .buf_bits_i (buf_bits_i), .w_i (w_i), .left_i (left_q), .open_i (do_open), .consume_i (do_consume),
    .left_o (left_d), .active_o (active), .explore_o (explore)
  );

  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    w_q          <= w_i;
    b_q          <= buf_bits_i;
    if (!rst_ni) begin
      left_q   <= '0;
      pos_q    <= '0;
      opened_q <= 1'b0;
    end else begin
      left_q <= left_d;
      if (do_open) begin
        pos_q    <= '0;
        opened_q <= 1'b1;
      end else if (do_consume && active) begin
        pos_q <= pos_q + 1'b1;
      end
    end
  end

  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (buf_bits_i <= 5'd8);
    if (past_valid_q) assume (w_i == w_q && buf_bits_i == b_q);  // W and B hold still
    if (past_valid_q && rst_ni) begin
      // Invariant: packets left + packets taken = W while a window has been opened.
      if (opened_q) assert (32'(left_q) + 32'(pos_q) == 32'(w_i));
      if (!opened_q) assert (left_q == '0);
      assert (active == (left_q != '0));
      if (do_consume && active) begin
        // Position i = pos + 1 explores exactly when (W - i) mod 2^B == 0.
        assert (explore == (((32'(w_i) - 32'(pos_q) - 32'd1) & cmask) == 32'd0));
      end
      if (!active) assert (!explore);
    end
  end
endmodule
