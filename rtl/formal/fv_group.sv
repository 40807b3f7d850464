// Formal harness of uet_lb_group under REPS: freezing starts only on a path failure, never inside the
// exploration window; a failure while frozen does not restart the timer; freezing ends only on a
// recycle at or after FreezingTimeout, and then the window opens with W packets. Also: the cache never
// holds more than 2^B values. One event per cycle (failure, recycle or choose), time moves forward
// freely (wrap included), W, B and the timeout are free, then held.
`default_nettype none

module fv_group #(
  parameter int unsigned BufBitsMax  = 2,
  parameter int unsigned TsWidth     = 16,
  parameter int unsigned WindowWidth = 5
) (
  input logic                   clk_i,
  input logic                   rst_ni,
  input logic                   failure_i,
  input logic                   recycle_i,
  input logic                   choose_i,
  input logic [15:0]            ev_i,
  input logic [TsWidth-1:0]     step_ns_i,
  input logic [TsWidth-1:0]     timeout_i,
  input logic [WindowWidth-1:0] w_i,
  input logic [4:0]             buf_bits_i
);
  localparam int unsigned SlotsMax = 1 << BufBitsMax;

  logic [SlotsMax*16-1:0]  slots_q, slots_d;
  logic [BufBitsMax-1:0]   wr_q, wr_d, rd_q, rd_d, replay_q, replay_d;
  logic [BufBitsMax:0]     count;
  logic                    full_q, full_d, wrapped_q, wrapped_d, freezing_q, freezing_d;
  logic [TsWidth-1:0]      start_q, start_d, now_q;
  logic [WindowWidth-1:0]  left_q, left_d;
  logic [15:0]             unused_ev;
  uet_lb_pkg::decision_e   unused_decision;
  logic                    unused_explore;
  logic                    past_valid_q, active, fail, rec, choose;
  logic [TsWidth-1:0]      timeout_q;
  logic [WindowWidth-1:0]  w_q;
  logic [4:0]              b_q;

  assign active = past_valid_q && rst_ni;
  assign fail   = active && failure_i;
  assign rec    = active && !failure_i && recycle_i;
  assign choose = active && !failure_i && !recycle_i && choose_i;

  uet_lb_group #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) dut (
    .spray_type_i (uet_lb_pkg::SPRAY_REPS), .span_mask_i (8'd0), .start_port_i (16'd0), .buf_bits_i (buf_bits_i),
    .freeze_timeout_i (timeout_i), .window_i (w_i), .now_i (now_q), .failure_i (fail), .recycle_i (rec),
    .recycle_ev_i (ev_i), .choose_i (choose), .explore_ev_i (ev_i),
    .slots_i (slots_q), .wr_i (wr_q), .rd_i (rd_q), .full_i (full_q), .wrapped_i (wrapped_q), .replay_i (replay_q),
    .freezing_i (freezing_q), .freeze_start_i (start_q), .window_left_i (left_q),
    .slots_o (slots_d), .wr_o (wr_d), .rd_o (rd_d), .full_o (full_d), .wrapped_o (wrapped_d), .replay_o (replay_d),
    .freezing_o (freezing_d), .freeze_start_o (start_d), .window_left_o (left_d),
    .ev_o (unused_ev), .decision_o (unused_decision), .explore_o (unused_explore)
  );

  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    timeout_q    <= timeout_i;
    w_q          <= w_i;
    b_q          <= buf_bits_i;
    if (!rst_ni) begin  // as an open does
      wr_q       <= '0;
      rd_q       <= '0;
      full_q     <= 1'b0;
      wrapped_q  <= 1'b0;
      replay_q   <= '0;
      freezing_q <= 1'b0;
      start_q    <= '0;
      left_q     <= '0;
      now_q      <= now_q + step_ns_i;
    end else begin
      slots_q    <= slots_d;
      wr_q       <= wr_d;
      rd_q       <= rd_d;
      full_q     <= full_d;
      wrapped_q  <= wrapped_d;
      replay_q   <= replay_d;
      freezing_q <= freezing_d;
      start_q    <= start_d;
      left_q     <= left_d;
      now_q      <= now_q + step_ns_i;
    end
  end

  logic [BufBitsMax:0] cap;
  logic [TsWidth-1:0]  elapsed;
  logic [BufBitsMax:0] cap_m1;
  assign cap     = (BufBitsMax + 1)'(32'd1 << buf_bits_i);
  assign cap_m1  = cap - 1'b1;
  logic [BufBitsMax:0] filled;
  assign filled  = wrapped_q ? cap : {1'b0, wr_q};
  assign elapsed = now_q - start_q;
  assign count   = (BufBitsMax + 1)'(uet_lb_pkg::cache_count(16'(wr_q), 16'(rd_q), full_q, buf_bits_i));

  always_comb begin
    if (!past_valid_q) assume (!rst_ni);
    assume (buf_bits_i <= 5'(BufBitsMax));
    assume (timeout_i != '0 && timeout_i[TsWidth-1] == 1'b0);  // 1..2^(TsWidth-1)-1, as the register allows
    if (past_valid_q) assume (timeout_i == timeout_q && w_i == w_q && buf_bits_i == b_q);
    if (active) begin
      assert (count <= cap);
      assert (({1'b0, wr_q} & ~cap_m1) == '0);
      assert (({1'b0, rd_q} & ~cap_m1) == '0);
      assert (({1'b0, replay_q} & ~cap_m1) == '0);
      // Cache bookkeeping the proof needs as induction invariants.
      assert (count <= filled);
      assert (!full_q || rd_q == wr_q);
      assert (filled == '0 ? replay_q == '0 : (BufBitsMax + 1)'(replay_q) < filled);
      // Freezing starts only on a failure, outside freezing and outside the window, at now.
      if (!freezing_q && freezing_d) assert (fail && left_q == '0 && start_d == now_q);
      // A failure inside the window changes nothing about freezing.
      if (fail && left_q != '0) assert (freezing_d == freezing_q && start_d == start_q);
      // A failure while frozen does not restart the timer.
      if (fail && freezing_q) assert (freezing_d && start_d == start_q);
      // Freezing ends only on a recycle at or after the timeout, and the window opens with W packets.
      if (freezing_q && !freezing_d) assert (rec && elapsed >= timeout_i && left_d == w_i);
      if (rec && freezing_q && elapsed >= timeout_i) assert (!freezing_d);
      // The window is never open while freezing.
      assert (!(freezing_q && left_q != '0));
    end
  end
endmodule
