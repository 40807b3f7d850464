// REPS circular cache of one group (SPEC section 5), for one update: an optional recycle (push) first,
// then an optional take of the oldest value (reuse) or of slot[replay] (replay). Combinational; the
// slots themselves live in the caller's slot RAM, so this block computes pointers and slot indexes only.
//
// State: wr (next slot to write), cnt (unconsumed values, 0..C), wrapped (every slot has been written,
// so filled = C; else filled = wr) and replay (the replay index). C = 2^B, B chosen at run time up to
// BufBitsMax and given here as the mask C - 1 and the one-hot C. Keeping the count (rather than a read
// pointer and a full flag) makes "a value is cached" and "two are" shallow functions of the state; the
// oldest slot, (wr - cnt) mod C, is only needed after the decision, to address the slot RAM.
`default_nettype none

module uet_lb_cache #(
  parameter int unsigned BufBitsMax = 3,  ///< largest REPSBufferSizeMaskBits the hardware supports, 1..15
  // Derived, do not override.
  parameter int unsigned PtrW = BufBitsMax
) (
  input  logic [PtrW-1:0]       cmask_i,        ///< C - 1
  input  logic [BufBitsMax:0]   cap_i,          ///< C
  // State in.
  input  logic [PtrW-1:0]       wr_i,
  input  logic [BufBitsMax:0]   cnt_i,
  input  logic                  wrapped_i,
  input  logic [PtrW-1:0]       replay_i,
  // Operations: push first, then at most one of take and replay_take.
  input  logic                  push_i,         ///< Recycle: the value goes to slot wr_i
  input  logic                  take_i,         ///< reuse the oldest unconsumed value (after the push)
  input  logic                  replay_take_i,  ///< replay slot[replay] and advance the walk
  // State out.
  output logic [PtrW-1:0]       wr_o,
  output logic [BufBitsMax:0]   cnt_o,
  output logic                  wrapped_o,
  output logic [PtrW-1:0]       replay_o,
  // Facts after the push (what the take sees).
  output logic                  nonempty_o,     ///< a value is cached
  output logic                  written_o,      ///< filled > 0
  output logic [PtrW-1:0]       oldest_o,       ///< the slot a take reads: (wr - cnt) mod C after the push
  output logic [PtrW-1:0]       push_slot_o     ///< the slot a push writes (wr_i)
);
  logic full, inc, dec, replay_last;
  logic [PtrW-1:0] wr_inc, replay_inc;

  assign full        = cnt_i == cap_i;
  assign wr_inc      = (wr_i + PtrW'(1)) & cmask_i;
  assign replay_inc  = (replay_i + PtrW'(1)) & cmask_i;
  // replay + 1 == filled: the walk wraps to slot 0.
  assign replay_last = wrapped_i ? (replay_i == cmask_i) : (replay_inc == wr_i);

  // count = min(count + push, C) - take.
  assign inc = push_i && !take_i && !full;
  assign dec = take_i && (!push_i || full);

  always_comb begin
    cnt_o = cnt_i;
    if (inc) cnt_o = cnt_i + 1'b1;
    else if (dec) cnt_o = cnt_i - 1'b1;
  end
  assign wr_o        = push_i ? wr_inc : wr_i;
  assign wrapped_o   = wrapped_i || (push_i && wr_i == cmask_i);
  assign replay_o    = !replay_take_i ? replay_i : (replay_last ? '0 : replay_inc);
  assign nonempty_o  = push_i || cnt_i != '0;
  assign written_o   = push_i || wrapped_i || wr_i != '0;
  // After a push into a full cache the oldest value was overwritten: the next slot is the oldest.
  assign oldest_o    = (push_i && full) ? wr_inc : ((wr_i - PtrW'(cnt_i)) & cmask_i);
  assign push_slot_o = wr_i;

`ifndef SYNTHESIS
  // Checked when the cache is used: a group that is not open holds arbitrary state.
  always_comb begin
    if (push_i || take_i || replay_take_i) begin
      a_wr_in_range: assert ((wr_i & ~cmask_i) == '0);             // pointers stay inside 0..C-1
      a_replay_in_range: assert ((replay_i & ~cmask_i) == '0);
      a_count_bound: assert (cnt_i <= cap_i);
      a_take_nonempty: assert (!(take_i && !nonempty_o));            // take only a non-empty cache
      a_replay_written: assert (!(replay_take_i && !written_o));      // replay only written slots
      a_replay_alone: assert (!(replay_take_i && (push_i || take_i)));
      // replay stays below filled
      a_replay_below_wr: assert (wrapped_i || replay_i < wr_i || (!wrapped_i && wr_i == '0 && replay_i == '0));
    end
  end
`endif
endmodule
