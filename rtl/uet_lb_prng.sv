// The load balancer's PRNG (SPEC section 8): xorshift32 with shifts 13, 17, 5, mapped onto
// 0..EntropyValueSetSize-1 by the high word of a 32 x 17-bit product.
`default_nettype none

module uet_lb_prng (
  input  logic        clk_i,
  input  logic        rst_ni,      ///< synchronous, active low: state = 1
  input  logic        seed_we_i,   ///< load `seed_i` (takes priority over `step_i`)
  input  logic [31:0] seed_i,      ///< new state, must be non-zero
  input  logic        step_i,      ///< step once this cycle (one explore)
  input  logic [16:0] set_size_i,  ///< EntropyValueSetSize, 1..65536
  output logic [15:0] value_o,     ///< the draw if stepped this cycle: (next_state x set_size) >> 32
  output logic [31:0] state_o      ///< current state (for observation)
);
  logic [31:0] state_q, state_d, x1, x2, next;
  logic [48:0] product;
  logic        unused_product;

  // xorshift32 of the current state: what an explore this cycle returns.
  assign x1      = state_q ^ (state_q << 13);
  assign x2      = x1 ^ (x1 >> 17);
  assign next    = x2 ^ (x2 << 5);
  assign product = next * set_size_i;
  assign value_o = product[47:32];  // set size <= 2^16, so product < 2^48
  assign unused_product = ^{product[48], product[31:0]};
  assign state_o = state_q;

  always_comb begin
    state_d = state_q;
    if (seed_we_i) begin
      state_d = seed_i;
    end else if (step_i) begin
      state_d = next;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= 32'd1;
    end else begin
      state_q <= state_d;
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (state_q != 32'd0);                            // xorshift never reaches 0 from non-zero
      assert (!(seed_we_i && seed_i == 32'd0));             // the register block refuses seed 0
      if (set_size_i != 17'd0) assert ({1'b0, value_o} < set_size_i);
    end
  end
`endif
endmodule
