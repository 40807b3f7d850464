// The load balancer's PRNG (SPEC section 8): xorshift32 with shifts 13, 17, 5, mapped onto
// 0..EntropyValueSetSize-1 by the high word of a 32 x 17-bit product. One step a cycle at most; the draw
// of a step is ready two cycles later (the product in two registered steps: two 16 x 17-bit products,
// then their sum), so the caller asks for it in step order and takes it in the same order. The products
// read the set size registered (a multiplier placed far from the register block routed into it and out of
// it in one cycle, an ECP5 critical path): the size must be steady from the cycle of a step until its draw
// is out, which the core gives (a register write applies with nothing in flight, and events wait after it).
`default_nettype none

module uet_lb_prng (
  input  logic        clk_i,
  input  logic        rst_ni,      ///< synchronous, active low: state = 1
  input  logic        seed_we_i,   ///< load `seed_i` (takes priority over `step_i`)
  input  logic [31:0] seed_i,      ///< new state, must be non-zero
  input  logic        step_i,      ///< step once this cycle (one explore)
  input  logic [16:0] set_size_i,  ///< EntropyValueSetSize, 1..65536 (steady from a step to its draw)
  output logic [15:0] value_o      ///< the draw of the step two cycles ago: (next_state x set_size) >> 32
);
  logic [31:0] state_q, next;
  logic [31:0] x1, x2;

  assign x1   = state_q ^ (state_q << 13);
  assign x2   = x1 ^ (x1 >> 17);
  assign next = x2 ^ (x2 << 5);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= 32'd1;
    end else if (seed_we_i) begin
      state_q <= seed_i;
    end else if (step_i) begin
      state_q <= next;
    end
  end

  // (s x size) >> 32 with s = hi x 2^16 + lo: ((hi x size) + ((lo x size) >> 16)) >> 16, exactly, since
  // the dropped low part of lo x size is below 2^16.
  logic [32:0] p_hi_q, p_lo_q;  // 16 x 17 bits
  logic [16:0] size_q;
  logic [32:0] sum;
  logic        unused_sum_top;
  logic [15:0] unused_sum_low;
  always_ff @(posedge clk_i) begin
    size_q <= set_size_i;
    p_hi_q <= 33'(state_q[31:16]) * 33'(size_q);
    p_lo_q <= 33'(state_q[15:0]) * 33'(size_q);
  end
  assign sum = p_hi_q + (p_lo_q >> 16);
  assign {unused_sum_top, value_o, unused_sum_low} = sum;  // < 2^32: the top bit is 0

`ifndef SYNTHESIS
  logic [48:0] full;
  logic [15:0] value_ref;
  logic [31:0] state_p;
  logic [16:0] size_p;
  logic [15:0] unused_low;
  logic        unused_full;
  assign unused_full = ^{full[48], full[15:0]};
  logic        step_q;  // a step at the last edge: its draw's product is made at the next
  always_ff @(posedge clk_i) begin
    state_p <= state_q;
    size_p  <= set_size_i;
    step_q  <= rst_ni && step_i && !seed_we_i;
  end
  assign full = 49'(state_p) * 49'(size_p);
  assign {value_ref, unused_low} = full[47:16];
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      a_state_nonzero: assert (state_q != 32'd0);                            // xorshift never reaches 0 from non-zero
      a_seed_nonzero: assert (!(seed_we_i && seed_i == 32'd0));             // the register block refuses seed 0
      if (step_q) a_size_steady: assert (size_q == set_size_i);           // the size held since the step
    end
  end
  // The draw of a step taken two edges ago (the size then held, a_size_steady).
  logic step_p;
  always_ff @(posedge clk_i) step_p <= step_q;
  always_comb begin
    if (step_p && size_p != '0) a_value_in_range: assert (value_o == value_ref && {1'b0, value_o} < size_p);
  end
`endif
endmodule
