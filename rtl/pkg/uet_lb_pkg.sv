// Shared types and constants of the UET entropy load balancer.
`default_nettype none

package uet_lb_pkg;

  // The facts the RTL, the C++ (tb/include/uetlb/rtl_pkg.hpp) and the docs share, written once here
  // (scripts/gen/pkg.py generates the C++ mirror and the GTKWave filters; CTest pkg_in_step checks them).
  // A block linted on its own uses only some of them.
  /* verilator lint_off UNUSEDPARAM */

  /// Cycles from a request's acceptance to its response, when the response queue is empty and taken.
  localparam int unsigned RspLatency = 9;
  /// Requests accepted and not yet taken as responses, at most (the response queue's depth).
  localparam int unsigned RspDepth = 16;
  /// Cycles from a change of base_rtt_i to the first accepted request whose deadline uses it.
  localparam int unsigned SpanDelay = 3;
  /// Cycles both streams are held after a register write applies (its derived values settle: SpanDelay + 1).
  localparam int unsigned SettleCycles = 4;
  /// Width of a group's open generation (an early failure applies only in the generation it was sent).
  localparam int unsigned GenW = 8;
  /// Largest BufBitsMax a core may be built with (the PARAMS register reads it in 4 bits).
  localparam int unsigned BufBitsLimit = 15;
  /* verilator lint_on UNUSEDPARAM */

  /// Bits of a group's state word (see docs/architecture.md, "State per group").
  function automatic int unsigned state_w(input int unsigned ts_w, input int unsigned window_w,
                                          input int unsigned ptr_w);
    state_w = 1 + GenW + ts_w + 1 + window_w + 2 + ptr_w + (ptr_w + 1) + 1 + ptr_w;
  endfunction

  /// x strictly before y on a clock that wraps at 2^w (times, deadlines, allocation numbers; w <= 32, the
  /// two less than 2^(w-1) apart): the top bit of their w-bit difference. Narrower values come in
  /// zero-extended; the difference's low w bits do not depend on the bits above.
  function automatic logic wrap_before(input logic [31:0] x, input logic [31:0] y, input int unsigned w);
    logic [31:0] d;
    d           = x - y;
    wrap_before = d[w-1];
  endfunction
  /// wrap_before(x + z, y, w) with one carry chain: x + z - y = x + z + ~y + 1, its three terms reduced to
  /// two by a carry-save step (the sum and majority of each bit position: one LUT).
  function automatic logic sum_before(input logic [31:0] x, input logic [31:0] z, input logic [31:0] y,
                                      input int unsigned w);
    logic [31:0] s, c, d;
    s          = x ^ z ^ ~y;
    c          = ((x & z) | (x & ~y) | (z & ~y)) << 1;
    d          = s + c + 1'b1;
    sum_before = d[w-1];
  endfunction
  /// A tracker run's next count, cnt + push - pop, at least k (k >= 1): a comparison of the count as it
  /// is with a constant chosen by push and pop, so no adder comes before it.
  function automatic logic run_next_ge(input logic [31:0] cnt, input logic push, input logic pop,
                                       input int unsigned k);
    unique case ({push, pop})
      2'b10:   run_next_ge = cnt >= k - 1;
      2'b01:   run_next_ge = cnt >= k + 1;
      default: run_next_ge = cnt >= k;
    endcase
  endfunction
  /// A tracker way number is its set's number followed by its way within the set: set_bits = $clog2(Sets)
  /// and way_bits = $clog2(Ways) (0 with one set, or one way a set). The set of a way, and its way in the set:
  function automatic logic [31:0] way_set(input logic [31:0] way, input int unsigned set_bits,
                                          input int unsigned way_bits);
    way_set = (way >> way_bits) & ((32'd1 << set_bits) - 1);
  endfunction
  function automatic int unsigned way_in_set(input logic [31:0] way, input int unsigned way_bits);
    way_in_set = way & ((32'd1 << way_bits) - 1);
  endfunction
  /// The tracker's set of a (group, psn), set_bits = $clog2(Sets) (0: one set): the PSN's low bits XOR
  /// each set_bits-wide chunk of the group number (group_w bits), bit-reversed. Consecutive PSNs of one group
  /// take consecutive sets; low group numbers start far apart. The golden model computes the same
  /// (EarlyFailureDetector::hardware_set in model/src/efd.cpp); change both together.
  function automatic logic [31:0] tracker_set(input logic [31:0] group, input logic [31:0] psn,
                                              input int unsigned group_w, input int unsigned set_bits);
    logic [31:0] s;
    s = psn & ((32'd1 << set_bits) - 1);
    for (int c = 0; c < 32; c++) begin
      for (int k = 0; k < 32; k++) begin
        if (k < set_bits && c * set_bits + k < group_w) begin
          s[set_bits - 1 - k] = s[set_bits - 1 - k] ^ group[c * set_bits + k];
        end
      end
    end
    tracker_set = s;
  endfunction
  /// A clear frees way `way`: clr, of set cset, with way w of the set freed where cmask[w] is set.
  function automatic logic way_freed(input logic [31:0] way, input logic clr, input logic [31:0] cset,
                                     input logic [31:0] cmask, input int unsigned set_bits,
                                     input int unsigned way_bits);
    way_freed = clr && way_set(way, set_bits, way_bits) == cset && cmask[way_in_set(way, way_bits)];
  endfunction

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

endpackage
