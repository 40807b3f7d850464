// Shared types and constants of the UET entropy load balancer.
`default_nettype none

package uet_lb_pkg;

  /// PacketSprayingType (SPEC section 2), as held in register SPRAY_TYPE.
  typedef enum logic [1:0] {
    SPRAY_NONE    = 2'd0,
    SPRAY_DEFAULT = 2'd1,
    SPRAY_REPS    = 2'd2
  } spray_e;

  /// How a request's entropy value was chosen (SPEC section 11).
  typedef enum logic [2:0] {
    DEC_FIXED       = 3'd0,
    DEC_ROUND_ROBIN = 3'd1,
    DEC_REUSE       = 3'd2,
    DEC_REPLAY      = 3'd3,
    DEC_EXPLORE     = 3'd4
  } decision_e;

  /// Feedback kinds on the feedback stream (SPEC section 1).
  typedef enum logic [2:0] {
    FB_ACK                = 3'd0,
    FB_ACK_ECN            = 3'd1,
    FB_NACK_TRIM          = 3'd2,
    FB_NACK_TRIM_LAST_HOP = 3'd3,
    FB_RTO                = 3'd4
  } fb_kind_e;

  /// Unconsumed values in a REPS cache of 2^b slots (b up to 16), from its pointers: (wr - rd) mod 2^b, or
  /// 2^b when full. For observation only (debug port, proofs): the datapath never needs the count.
  function automatic logic [16:0] cache_count(logic [15:0] wr, logic [15:0] rd, logic full, logic [4:0] b);
    logic [16:0] cap;
    cap         = 17'd1 << b;
    cache_count = full ? cap : ({1'b0, wr - rd} & (cap - 17'd1));
  endfunction

  /// A cache holds an unconsumed value: full, or its pointers differ (pointers zero-extended to 16 bits).
  /// The cache's outputs and the facts uet_lb_pipe stores with the state both use this one definition.
  function automatic logic cache_nonempty(logic full, logic [15:0] wr, logic [15:0] rd);
    cache_nonempty = full || (wr != rd);
  endfunction

  /// A slot of the cache has been written: it has wrapped, or the write pointer has left slot 0.
  function automatic logic cache_written(logic wrapped, logic [15:0] wr);
    cache_written = wrapped || (wr != 16'd0);
  endfunction

  // Time arithmetic of the pipelined core on timestamps left-aligned to 32 bits (ts_align: a narrower
  // TsWidth keeps its top bit at bit 31, its low bits zero). Each is built as two 16-bit carry chains
  // side by side and a select by the low half's carry (carry-select), not one 32-bit chain: the same
  // result, about half the carry delay on an FPGA. (Yosys keeps the chains apart; `$alu` cells are
  // mapped before ABC sees the select.)

  /// x of width w, left-aligned to 32 bits.
  function automatic logic [31:0] ts_align(logic [31:0] x, int unsigned w);
    ts_align = x << (32 - w);
  endfunction

  /// a < b, unsigned, in parts to be joined by ts_less_join (a register may sit between the two):
  /// {low half a < b, high half a < b, high half a <= b}. Each is the carry out of b + ~a (+ 1 for <=),
  /// so b enters its carry chain as it is and only a is inverted: give b the later-arriving operand
  /// (a block RAM's output, say) and no LUT sits between it and the chain.
  function automatic logic [2:0] ts_less_parts(logic [31:0] a, logic [31:0] b);
    logic        lo, hi_lt, hi_le;
    logic [15:0] sum0_unused, sum1_unused, sum2_unused;  // only the carries are used
    {lo, sum0_unused}    = {1'b0, b[15:0]} + {1'b0, ~a[15:0]};
    {hi_lt, sum1_unused} = {1'b0, b[31:16]} + {1'b0, ~a[31:16]};
    {hi_le, sum2_unused} = {1'b0, b[31:16]} + {1'b0, ~a[31:16]} + 17'd1;
    ts_less_parts = {lo, hi_lt, hi_le};
  endfunction

  /// ts_less_parts(~an, b): the same parts from a kept inverted (an = ~a, aligned with ts_align_n), so
  /// neither operand of the chains needs a LUT to invert it.
  function automatic logic [2:0] ts_less_parts_n(logic [31:0] an, logic [31:0] b);
    logic        lo, hi_lt, hi_le;
    logic [15:0] sum0_unused, sum1_unused, sum2_unused;  // only the carries are used
    {lo, sum0_unused}    = {1'b0, b[15:0]} + {1'b0, an[15:0]};
    {hi_lt, sum1_unused} = {1'b0, b[31:16]} + {1'b0, an[31:16]};
    {hi_le, sum2_unused} = {1'b0, b[31:16]} + {1'b0, an[31:16]} + 17'd1;
    ts_less_parts_n = {lo, hi_lt, hi_le};
  endfunction

  /// The comparison from ts_less_parts: the high half decides, on equal high halves the low half.
  function automatic logic ts_less_join(logic [2:0] parts);
    ts_less_join = parts[2] ? parts[0] : parts[1];
  endfunction

  /// a < b, unsigned.
  function automatic logic ts_less(logic [31:0] a, logic [31:0] b);
    ts_less = ts_less_join(ts_less_parts(a, b));
  endfunction

  // now is strictly after deadline, modulo 2^32 (ts_past): now - deadline lies in 1..2^31, i.e. the top
  // bit of now + ~deadline (= now - deadline - 1) is clear. That bit is now[31] ^ ~deadline[31] ^ the
  // carry into bit 31; the carries are comparisons (a + ~b carries out of k bits exactly when b < a, and
  // a + ~b + 1 exactly when b <= a).

  /// The expiry test in parts, to be joined by ts_past_join (a register may sit between the two):
  /// {now[31] ^ ~deadline[31], the low half's carry, the carry into bit 31 with a low carry of 1, and
  /// with 0}. Each carry is one carry chain of 16 (15) bits; the join is one LUT.
  function automatic logic [3:0] ts_past_parts(logic [31:0] now, logic [31:0] deadline);
    logic lo_c, hi_c0, hi_c1;
    lo_c          = deadline[15:0] < now[15:0];     // carry out of the low half
    hi_c0         = deadline[30:16] < now[30:16];   // carry into bit 31, low half's carry 0
    hi_c1         = deadline[30:16] <= now[30:16];  // ... and 1
    ts_past_parts = {now[31] ^ ~deadline[31], lo_c, hi_c1, hi_c0};
  endfunction

  /// The expiry test from ts_past_parts.
  function automatic logic ts_past_join(logic [3:0] parts);
    logic lo_c, hi_c0, hi_c1;
    {lo_c, hi_c1, hi_c0} = parts[2:0];
    ts_past_join = !(parts[3] ^ (lo_c ? hi_c1 : hi_c0));
  endfunction

  /// now is strictly after deadline, modulo 2^32.
  function automatic logic ts_past(logic [31:0] now, logic [31:0] deadline);
    ts_past = ts_past_join(ts_past_parts(now, deadline));
  endfunction

  // The same parts from a deadline kept inverted (dn = ~deadline), so that no operand of a carry chain
  // needs a LUT to invert it: the iCE40's carry logic takes the LUT's inputs as they are. (a + ~b
  // carries out exactly when b < a, and ~u + ~v carries out exactly when u + v + 1 does not.)

  /// ts_past_parts(now, ~dn): the chains add now and dn.
  function automatic logic [3:0] ts_past_parts_n(logic [31:0] now, logic [31:0] dn);
    logic        lo_c, hi_c0, hi_c1;
    logic [15:0] s0_unused;
    logic [14:0] s1_unused, s2_unused;
    {lo_c, s0_unused}  = {1'b0, now[15:0]} + {1'b0, dn[15:0]};
    {hi_c0, s1_unused} = {1'b0, now[30:16]} + {1'b0, dn[30:16]};
    {hi_c1, s2_unused} = {1'b0, now[30:16]} + {1'b0, dn[30:16]} + 16'd1;
    ts_past_parts_n = {now[31] ^ dn[31], lo_c, hi_c1, hi_c0};
  endfunction

  /// ts_past_parts(~dn, a): whether deadline ~dn is past a, in parts; the chains add dn and a.
  function automatic logic [3:0] ts_past_parts_rev(logic [31:0] dn, logic [31:0] a);
    logic        lo_n, hi_c0_n, hi_c1_n;
    logic [15:0] s0_unused;
    logic [14:0] s1_unused, s2_unused;
    {lo_n, s0_unused}    = {1'b0, dn[15:0]} + {1'b0, a[15:0]} + 17'd1;
    {hi_c1_n, s1_unused} = {1'b0, dn[30:16]} + {1'b0, a[30:16]};
    {hi_c0_n, s2_unused} = {1'b0, dn[30:16]} + {1'b0, a[30:16]} + 16'd1;
    ts_past_parts_rev = {dn[31] ^ a[31], !lo_n, !hi_c1_n, !hi_c0_n};
  endfunction

  /// An inverted timestamp of width w (~x), aligned as ts_align aligns x: ~ts_align(x, w), ones below.
  function automatic logic [31:0] ts_align_n(logic [31:0] xn, int unsigned w);
    ts_align_n = ~((~xn) << (32 - w));
  endfunction

  /// {a < b, (a - b) mod 2^32}.
  function automatic logic [32:0] ts_diff(logic [31:0] a, logic [31:0] b);
    logic [16:0] lo, hi0, hi1;
    lo      = {1'b0, a[15:0]} - {1'b0, b[15:0]};     // lo[16]: borrow
    hi0     = {1'b0, a[31:16]} - {1'b0, b[31:16]};   // no borrow in; [16]: a_hi < b_hi
    hi1     = {1'b0, a[31:16]} + ~{1'b0, b[31:16]};  // borrow in (a_hi - b_hi - 1); [16]: a_hi <= b_hi
    ts_diff = lo[16] ? {hi1, lo[15:0]} : {hi0, lo[15:0]};
  endfunction

  /// (a + b) mod 2^32.
  function automatic logic [31:0] ts_sum(logic [31:0] a, logic [31:0] b);
    logic [16:0] lo;
    logic [15:0] hi0, hi1;
    lo     = {1'b0, a[15:0]} + {1'b0, b[15:0]};
    hi0    = a[31:16] + b[31:16];
    hi1    = a[31:16] - ~b[31:16];  // a_hi + b_hi + 1 (mod 2^16), one chain
    ts_sum = lo[16] ? {hi1, lo[15:0]} : {hi0, lo[15:0]};
  endfunction

endpackage
