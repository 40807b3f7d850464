// The load balancer's PRNG (SPEC section 7) for the pipelined core: the same xorshift32 sequence and
// the same draws (next_state x set_size) >> 32 as uet_lb_prng, but computed ahead into a small queue so
// the multiply never sits on the path that chooses an entropy value.
//
// A generator state runs ahead of the architectural state: each cycle with room it steps, and its value
// goes through a two-stage multiply (two 16 x 17 partial products, then their sum) into a Depth-entry
// queue. A step pops the queue head. Re-seeding, or a new set size (size_we_i, with set_size_i already
// the new size), flushes the queue and restarts the generator from the new seed or from the
// architectural state, as does the first cycle after reset; ready_o falls until the queue has filled
// again (Depth + 2 cycles). Once filled, the queue never runs dry at one step per cycle: entries
// queued plus entries in the multiply stay Depth.
`default_nettype none

module uet_lb_prng_pipe #(
  parameter int unsigned Depth = 4   ///< queued draws, >= 3 (the multiply holds 2)
) (
  input  logic        clk_i,
  input  logic        rst_ni,      ///< synchronous, active low: state = 1
  input  logic        seed_we_i,   ///< load `seed_i` (takes priority over `step_i`)
  input  logic [31:0] seed_i,      ///< new state, must be non-zero
  input  logic        step_i,      ///< take the head draw (one explore)
  input  logic        size_we_i,   ///< set_size_i is new this cycle: draw again with it
  input  logic [16:0] set_size_i,  ///< EntropyValueSetSize, 1..65536
  output logic        ready_o,     ///< a step may come in the next cycle and each cycle after
  output logic        ready_next_o,///< ready_o of the next cycle
  output logic [15:0] value_o,     ///< the draw a step takes: (next_state x set_size) >> 32
  output logic [31:0] state_o      ///< architectural state (draws taken so far)
);
  localparam int unsigned CntW = $clog2(Depth + 1);
  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;

  if (Depth < 3 || (Depth & (Depth - 1)) != 0) begin : g_bad_depth
    $error("uet_lb_prng_pipe: Depth must be a power of two >= 4");
  end

  function automatic logic [31:0] xorshift(input logic [31:0] s);
    logic [31:0] x1, x2;
    x1       = s ^ (s << 13);
    x2       = x1 ^ (x1 >> 17);
    xorshift = x2 ^ (x2 << 5);
  endfunction

  logic [31:0]     state_q, gen_q, a_q;
  logic [16:0]     size_q;
  logic            a_valid_q, b_valid_q, primed_q, started_q, flush, issue;
  logic [32:0]     lo_q, hi_q;
  logic [48:0]     sum;
  logic [15:0]     queue_q [Depth];
  logic [PtrW-1:0] head_q, tail_q;
  logic [CntW-1:0] count_q, in_flight;
  logic            unused_sum;

  assign flush     = seed_we_i || size_we_i || !started_q;
  assign in_flight = CntW'(a_valid_q) + CntW'(b_valid_q);
  // Room after this cycle's step (queued + in flight - popped < Depth); the step only ORs in, so the
  // late step_i is one gate from the generator's enables.
  assign issue     = !flush && ((count_q + in_flight) < CntW'(Depth) || step_i);
  assign sum       = {hi_q, 16'd0} + {16'd0, lo_q};
  assign unused_sum = ^{sum[48], sum[31:0]};
  assign value_o   = queue_q[head_q];
  assign ready_o   = primed_q;
  assign ready_next_o = !flush && (primed_q || count_q == CntW'(Depth));
  assign state_o   = state_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= 32'd1;
      gen_q     <= 32'd1;
      size_q    <= '0;
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      primed_q  <= 1'b0;
      started_q <= 1'b0;
      head_q    <= '0;
      tail_q    <= '0;
      count_q   <= '0;
    end else if (flush) begin
      started_q <= 1'b1;
      state_q   <= seed_we_i ? seed_i : (step_i ? xorshift(state_q) : state_q);
      gen_q     <= seed_we_i ? seed_i : (step_i ? xorshift(state_q) : state_q);
      size_q    <= set_size_i;
      a_valid_q <= 1'b0;
      b_valid_q <= 1'b0;
      primed_q  <= 1'b0;
      head_q    <= '0;
      tail_q    <= '0;
      count_q   <= '0;
    end else begin
      if (step_i) begin
        state_q <= xorshift(state_q);
        head_q  <= head_q + 1'b1;
      end
      if (issue) gen_q <= xorshift(gen_q);
      a_valid_q <= issue;
      b_valid_q <= a_valid_q;
      if (b_valid_q) tail_q <= tail_q + 1'b1;
      count_q <= count_q + CntW'(b_valid_q) - CntW'(step_i);
      if (count_q == CntW'(Depth)) primed_q <= 1'b1;
    end
  end

  // Datapath registers: no reset.
  always_ff @(posedge clk_i) begin
    if (issue) a_q <= xorshift(gen_q);
    lo_q <= a_q[15:0] * size_q;
    hi_q <= a_q[31:16] * size_q;
    if (b_valid_q) queue_q[tail_q] <= sum[47:32];
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (state_q != 32'd0);
      assert (!(seed_we_i && seed_i == 32'd0));
      assert (!(step_i && !flush && count_q == '0));    // a step always finds a draw
      assert (!(primed_q && !flush && count_q + in_flight != CntW'(Depth)));
      assert (count_q <= CntW'(Depth));
      if (started_q && !size_we_i) assert (size_q == set_size_i);  // the caller says when the size changes
      if (size_q != 17'd0 && count_q != '0) assert ({1'b0, value_o} < size_q);
    end
  end
`endif
endmodule
