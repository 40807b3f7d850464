// REPS circular cache of one group (SPEC section 5): 2^B slots of 16 bits, B chosen at run time up to
// BufBitsMax. Combinational next-state logic; the slots live in the caller's per-group state table.
`default_nettype none

module uet_lb_cache #(
  parameter int unsigned BufBitsMax = 3,   ///< largest REPSBufferSizeMaskBits the hardware supports, 1..16
  // Derived, do not override.
  parameter int unsigned SlotsMax = 1 << BufBitsMax,
  parameter int unsigned PtrW     = BufBitsMax
) (
  input  logic [4:0]                      buf_bits_i,   ///< REPSBufferSizeMaskBits, 0..BufBitsMax
  // State in.
  input  logic [SlotsMax*16-1:0]          slots_i,      ///< slot k at bits [16k +: 16]
  input  logic [PtrW-1:0]                 wr_i,         ///< next slot to write
  input  logic [PtrW-1:0]                 rd_i,         ///< oldest unconsumed slot
  input  logic                            full_i,       ///< C unconsumed values (rd = wr then means full, not empty)
  input  logic                            wrapped_i,    ///< every slot has been written: filled = C
  input  logic [PtrW-1:0]                 replay_i,     ///< replay index
  // Operations (at most one of push/pop/replay per instance).
  input  logic                            push_i,       ///< Recycle(push_ev_i)
  input  logic [15:0]                     push_ev_i,
  input  logic                            pop_i,        ///< consume the oldest unconsumed value
  input  logic                            replay_take_i,///< take slot[replay] and advance the replay walk
  // State out.
  output logic [SlotsMax*16-1:0]          slots_o,
  output logic [PtrW-1:0]                 wr_o,
  output logic [PtrW-1:0]                 rd_o,
  output logic                            full_o,
  output logic                            wrapped_o,
  output logic [PtrW-1:0]                 replay_o,
  // Observations of the input state.
  output logic                            nonempty_o,   ///< at least one unconsumed value
  output logic                            written_o,    ///< filled > 0
  output logic [15:0]                     oldest_ev_o,  ///< slot[rd]
  output logic [15:0]                     replay_ev_o   ///< slot[replay]
);
  logic [PtrW-1:0]     cmask;       // C - 1
  logic [BufBitsMax:0] cap;         // C
  logic [PtrW-1:0]     wr_inc, rd_inc, replay_inc;
  logic [BufBitsMax:0] filled;      // slots ever written, 0..C

  // C - 1 and C from B by comparison and decoding: no shifter, no carry chain.
  always_comb begin
    for (int k = 0; k < PtrW; k++) cmask[k] = buf_bits_i > 5'(k);
    for (int k = 0; k <= BufBitsMax; k++) cap[k] = buf_bits_i == 5'(k);
  end

  assign filled      = wrapped_i ? cap : (BufBitsMax + 1)'(wr_i);
  // The oldest slot is a stored pointer, not wr - count: no subtraction before the slot multiplexer on
  // the path to the chosen entropy value.
  assign oldest_ev_o = slots_i[16*rd_i +: 16];
  assign replay_ev_o = slots_i[16*replay_i +: 16];
  assign nonempty_o  = uet_lb_pkg::cache_nonempty(full_i, 16'(wr_i), 16'(rd_i));
  assign written_o   = uet_lb_pkg::cache_written(wrapped_i, 16'(wr_i));
  assign wr_inc      = (wr_i + PtrW'(1)) & cmask;
  assign rd_inc      = (rd_i + PtrW'(1)) & cmask;
  assign replay_inc  = ((BufBitsMax + 1)'(replay_i) + 1'b1 == filled) ? '0 : replay_i + PtrW'(1);

  always_comb begin
    slots_o   = slots_i;
    wr_o      = wr_i;
    rd_o      = rd_i;
    full_o    = full_i;
    wrapped_o = wrapped_i;
    replay_o  = replay_i;
    if (push_i) begin
      // Recycle: slot[wr] = v; wr = (wr + 1) mod C; count = min(count + 1, C); filled = min(filled + 1, C).
      // The count is (wr - rd) mod C, or C when full: the cache fills when wr catches up with rd. Into a
      // full cache (rd = wr) the value overwrites the oldest, and the next slot becomes the oldest.
      slots_o[16*wr_i +: 16] = push_ev_i;
      wr_o                  = wr_inc;
      if (!full_i) full_o = wr_inc == rd_i;
      else rd_o = rd_inc;
      if (wr_inc == '0) wrapped_o = 1'b1;
    end else if (pop_i) begin
      full_o = 1'b0;
      rd_o   = rd_inc;
    end else if (replay_take_i) begin
      replay_o = replay_inc;
    end
  end

`ifndef SYNTHESIS
  // Checked when the cache is used: the state of a group that is not open is arbitrary (no reset).
  always_comb begin
    if (buf_bits_i <= 5'(BufBitsMax) && (push_i || pop_i || replay_take_i)) begin
      assert ((wr_i & ~cmask) == '0);           // pointers stay inside 0..C-1
      assert ((rd_i & ~cmask) == '0);
      assert ((replay_i & ~cmask) == '0);
      assert (!(full_i && rd_i != wr_i));       // full means wr has caught up with rd
      assert (!(pop_i && !nonempty_o));         // pop only a non-empty cache
      assert (!(replay_take_i && !written_o));  // replay only written slots
      assert (32'(push_i) + 32'(pop_i) + 32'(replay_take_i) <= 1);
    end
  end
`endif
endmodule
