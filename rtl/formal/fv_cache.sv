// Formal harness of uet_lb_cache: the cache's pointers, with the slots kept here as the core's slot RAM
// keeps them, against a reference queue (oldest first).
// Proves: the cache holds at most C = 2^B values; a take (alone or after a recycle in the same update)
// returns the oldest unconsumed value; a recycle into a full cache overwrites the oldest (the queue drops
// its head); pointers stay in range; replay walks the written slots only. B is any run-time value up to
// BufBitsMax, held once chosen. Operations are free each cycle within the rules the core keeps (a take
// needs a value, a replay a written slot, and a replay goes alone).
`default_nettype none

module fv_cache #(
  parameter int unsigned BufBitsMax = 2
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        push_i,
  input logic [1:0]  push_ev_i,    ///< a value (two bits are enough to tell values apart)
  input logic        take_i,
  input logic        replay_i,
  input logic [4:0]  buf_bits_i   ///< REPSBufferSizeMaskBits: free, then held (assumed stable)
);
  localparam int unsigned CMax = 1 << BufBitsMax;
  localparam int unsigned PtrW = BufBitsMax;

  logic [PtrW-1:0]     cmask;
  logic [BufBitsMax:0] cap;
  assign cap   = (BufBitsMax + 1)'(32'd1 << buf_bits_i);
  assign cmask = PtrW'((32'd1 << buf_bits_i) - 32'd1);

  logic [1:0]          slots_q [CMax];
  logic [PtrW-1:0]     wr_q, wr_d, replay_q, replay_d, oldest, push_slot;
  logic [BufBitsMax:0] cnt_q, cnt_d;
  logic                wrapped_q, wrapped_d, nonempty, written;
  logic                past_valid_q, active, do_push, do_take, do_replay;

  assign active    = past_valid_q && rst_ni;
  assign do_push   = active && push_i && !replay_i;
  assign do_take   = active && take_i && !replay_i && (push_i || cnt_q != '0);
  assign do_replay = active && replay_i && !push_i && !take_i && (wrapped_q || wr_q != '0);

  uet_lb_cache #(.BufBitsMax(BufBitsMax)) dut (
    .cmask_i (cmask), .cap_i (cap), .wr_i (wr_q), .cnt_i (cnt_q), .wrapped_i (wrapped_q), .replay_i (replay_q),
    .push_i (do_push), .take_i (do_take), .replay_take_i (do_replay),
    .wr_o (wr_d), .cnt_o (cnt_d), .wrapped_o (wrapped_d), .replay_o (replay_d),
    .nonempty_o (nonempty), .written_o (written), .oldest_o (oldest), .push_slot_o (push_slot)
  );

  // The value a take reads: the slot RAM after the push (write first).
  logic [1:0]  taken;
  assign taken = (do_push && oldest == push_slot) ? push_ev_i : slots_q[oldest];

  // Reference: unconsumed values oldest first (ref_q[0]), and the count of slots ever written.
  logic [1:0]          ref_q [CMax];
  logic [BufBitsMax:0] ref_n, filled;
  logic [1:0]          after_push [CMax];
  logic [BufBitsMax:0] n_after_push;
  always_comb begin
    for (int i = 0; i < CMax; i++) after_push[i] = ref_q[i];
    n_after_push = ref_n;
    if (do_push) begin
      if (ref_n == cap) begin  // full: the oldest is overwritten
        for (int i = 0; i < CMax - 1; i++) after_push[i] = ref_q[i+1];
        after_push[PtrW'(ref_n - 1'b1)] = push_ev_i;
      end else begin
        after_push[PtrW'(ref_n)] = push_ev_i;
        n_after_push = ref_n + 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q      <= '0;
      cnt_q     <= '0;
      wrapped_q <= 1'b0;
      replay_q  <= '0;
      ref_n     <= '0;
      filled    <= '0;
    end else begin
      wr_q      <= wr_d;
      cnt_q     <= cnt_d;
      wrapped_q <= wrapped_d;
      replay_q  <= replay_d;
      if (do_push) begin
        slots_q[push_slot] <= push_ev_i;
        if (filled != cap) filled <= filled + 1'b1;
      end
      if (do_take) begin
        for (int i = 0; i < CMax - 1; i++) ref_q[i] <= after_push[i+1];
        ref_n <= n_after_push - 1'b1;
      end else begin
        for (int i = 0; i < CMax; i++) ref_q[i] <= after_push[i];
        ref_n <= n_after_push;
      end
    end
  end

  logic [4:0] buf_bits_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    buf_bits_q   <= buf_bits_i;
  end
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);  // the first cycle is a reset (also in induction traces)
    assume (buf_bits_i <= 5'(BufBitsMax));
    if (past_valid_q) assume (buf_bits_i == buf_bits_q);
  end

  // The slot of the i-th unconsumed value, oldest first.
  logic [PtrW-1:0] at [CMax];
  always_comb begin
    for (int i = 0; i < CMax; i++) at[i] = (wr_q - PtrW'(cnt_q) + PtrW'(i)) & cmask;
  end
  // The unconsumed values, oldest first, are the reference queue (one bit a slot: a labelled assertion
  // inside a loop is made once per pass by Yosys 0.23, with one name).
  logic [CMax-1:0] ok_slot;
  always_comb begin
    for (int i = 0; i < CMax; i++) ok_slot[i] = !(i < 32'(ref_n)) || slots_q[at[i]] == ref_q[i];
  end

  always_comb begin
    if (past_valid_q && rst_ni) begin
      fv_cnt_cap: assert (cnt_q <= cap);
      fv_cnt_ref: assert (cnt_q == ref_n);
      fv_wr_range: assert ((wr_q & ~cmask) == '0);
      fv_replay_range: assert ((replay_q & ~cmask) == '0);
      fv_written: assert (written == (do_push || filled != '0));
      fv_nonempty: assert (nonempty == (do_push || ref_n != '0));
      fv_replay_written: assert (filled == '0 || (BufBitsMax + 1)'(replay_q) < filled);  // replay walks written slots only
      fv_replay_empty: assert (filled != '0 || replay_q == '0);
      fv_cnt_filled: assert (cnt_q <= filled);                                       // only written slots hold values
      fv_filled: assert (wrapped_q ? filled == cap : filled == (BufBitsMax + 1)'(wr_q));
      fv_slots_ref: assert (&ok_slot);
      if (do_take) fv_take_oldest: assert (taken == after_push[0]);                  // a take returns the oldest
    end
  end
endmodule
