// Formal harness of uet_lb_cache: the cache against a reference queue (oldest first).
// Proves: the cache holds at most 2^B values; a pop returns the oldest unconsumed value; a recycle into a
// full cache overwrites the oldest (the queue drops its head); pointers stay in range; replay stays
// within the written slots. B is any run-time value up to BufBitsMax. Inputs are free each cycle.
`default_nettype none

module fv_cache #(
  parameter int unsigned BufBitsMax = 2
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        push_i,
  input logic [15:0] push_ev_i,
  input logic        pop_i,
  input logic        replay_i,
  input logic [4:0]  buf_bits_i   ///< REPSBufferSizeMaskBits: free, then held (assumed stable)
);
  localparam int unsigned CMax = 1 << BufBitsMax;

  logic [4:0] buf_bits;
  assign buf_bits = buf_bits_i;

  logic [CMax*16-1:0]  slots_q, slots_d;
  logic [BufBitsMax-1:0] wr_q, wr_d, rd_q, rd_d, replay_q, replay_d;
  logic [BufBitsMax:0] count;
  logic                full_q, full_d, wrapped_q, wrapped_d, nonempty, written;
  logic [15:0]         oldest, unused_replay_ev;
  logic                do_push, do_pop, do_replay;
  logic                past_valid_q;

  // One legal operation per cycle, as uet_lb_group issues them, and none before reset has been applied.
  logic active;
  assign active    = past_valid_q && rst_ni;
  assign do_push   = active && push_i;
  assign do_pop    = active && !push_i && pop_i && nonempty;
  assign do_replay = active && !push_i && !pop_i && replay_i && written;

  uet_lb_cache #(.BufBitsMax(BufBitsMax)) dut (
    .buf_bits_i (buf_bits), .slots_i (slots_q), .wr_i (wr_q), .rd_i (rd_q), .full_i (full_q),
    .wrapped_i (wrapped_q), .replay_i (replay_q), .push_i (do_push), .push_ev_i (push_ev_i), .pop_i (do_pop),
    .replay_take_i (do_replay), .slots_o (slots_d), .wr_o (wr_d), .rd_o (rd_d), .full_o (full_d),
    .wrapped_o (wrapped_d), .replay_o (replay_d), .nonempty_o (nonempty), .written_o (written), .oldest_ev_o (oldest),
    .replay_ev_o (unused_replay_ev)
  );

  // Reference: unconsumed values oldest first (ref_q[0]), and the count of slots ever written.
  logic [15:0]         ref_q [CMax];
  logic [BufBitsMax:0] ref_n, filled;
  logic [BufBitsMax:0] cap;
  logic [BufBitsMax-1:0] cmask;
  assign cap   = (BufBitsMax + 1)'(32'd1 << buf_bits);
  assign cmask = BufBitsMax'((32'd1 << buf_bits) - 32'd1);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q      <= '0;
      rd_q      <= '0;
      full_q    <= 1'b0;
      wrapped_q <= 1'b0;
      replay_q  <= '0;
      ref_n     <= '0;
      filled    <= '0;
    end else begin
      slots_q   <= slots_d;
      wr_q      <= wr_d;
      rd_q      <= rd_d;
      full_q    <= full_d;
      wrapped_q <= wrapped_d;
      replay_q  <= replay_d;
      if (do_push) begin
        if (filled != cap) filled <= filled + 1'b1;
        if (ref_n == cap) begin  // full: the oldest is overwritten
          for (int i = 0; i < CMax - 1; i++) ref_q[i] <= ref_q[i+1];
          ref_q[BufBitsMax'(ref_n - 1'b1)] <= push_ev_i;
        end else begin
          ref_q[BufBitsMax'(ref_n)] <= push_ev_i;
          ref_n        <= ref_n + 1'b1;
        end
      end else if (do_pop) begin
        for (int i = 0; i < CMax - 1; i++) ref_q[i] <= ref_q[i+1];
        ref_n <= ref_n - 1'b1;
      end
    end
  end

  logic [4:0] buf_bits_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    buf_bits_q   <= buf_bits;
  end
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);  // the first cycle is a reset (also in induction traces)
    assume (buf_bits <= 5'(BufBitsMax));
    if (past_valid_q) assume (buf_bits == buf_bits_q);
  end

  // Unconsumed values as the pointers encode them, and the slot of the i-th, oldest first.
  assign count = (BufBitsMax + 1)'(uet_lb_pkg::cache_count(16'(wr_q), 16'(rd_q), full_q, buf_bits));
  logic [BufBitsMax-1:0] at [CMax];
  always_comb begin
    for (int i = 0; i < CMax; i++) at[i] = (rd_q + BufBitsMax'(i)) & cmask;
  end

  always_comb begin
    if (past_valid_q && rst_ni) begin
      assert (count <= cap);                                 // at most 2^B values (so by encoding)
      assert (count == ref_n);
      assert ((wr_q & ~cmask) == '0);
      assert ((rd_q & ~cmask) == '0);
      assert (!full_q || rd_q == wr_q);                      // full only when wr has caught up with rd
      assert ((replay_q & ~cmask) == '0);
      assert (written == (filled != '0));
      assert (!written || (BufBitsMax + 1)'(replay_q) < filled);  // replay walks written slots only
      assert (written || replay_q == '0);
      assert (count <= filled);                              // only written slots hold values
      assert (wrapped_q ? filled == cap : filled == (BufBitsMax + 1)'(wr_q));
      for (int i = 0; i < CMax; i++) begin
        // The unconsumed values, oldest first, are the reference queue.
        if (i < 32'(ref_n)) assert (slots_q[16 * at[i] +: 16] == ref_q[i]);
      end
      if (do_pop) assert (oldest == ref_q[0]);               // a pop returns the oldest
    end
  end
endmodule
