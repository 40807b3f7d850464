// The load balancer's PRNG (SPEC section 7) for the pipelined core: the same xorshift32 sequence and
// the same draws (next_state x set_size) >> 32 as uet_lb_prng, but computed ahead, so the multiply never
// sits on the path that chooses an entropy value, and computed two bits of the state per cycle, so no
// stage holds more than an 18-bit addition (no DSP block, and fast on parts without one).
//
// A generator state runs ahead of the architectural state and feeds a pipeline of Stages registers.
// Stage 0 holds the next state x; stage k + 1 holds acc_{k+1} = (acc_k + d_k x set_size) >> 2, where d_k
// is x's k-th 2-bit digit from the low end (acc_0 = 0). By induction acc_k = floor(x[2k-1:0] x set_size /
// 4^k), so the last stage holds floor(x x set_size / 2^32), the draw, and every acc_k is below set_size
// (16 bits). d_k x set_size is a choice among 0, set_size, 2 set_size and a register holding 3 set_size.
//
// The whole pipeline moves one step when the last stage is empty or a step takes its draw, and then the
// generator steps too: after reset, a re-seed or a new set size (size_we_i, with set_size_i already the
// new size), all of which empty it and restart the generator from the new seed or from the
// architectural state, it fills in Stages + 1 cycles (ready_o falls meanwhile), and from then on every
// stage is full, so a step in every cycle always finds a draw.
`default_nettype none

module uet_lb_prng_pipe (
  input  logic        clk_i,
  input  logic        rst_ni,      ///< synchronous, active low: state = 1
  input  logic        seed_we_i,   ///< load `seed_i` (takes priority over `step_i`)
  input  logic [31:0] seed_i,      ///< new state, must be non-zero
  input  logic        step_i,      ///< take the draw (one explore)
  input  logic        size_we_i,   ///< set_size_i is new this cycle: draw again with it
  input  logic [16:0] set_size_i,  ///< EntropyValueSetSize, 1..65536
  output logic        ready_o,     ///< a step may come in the next cycle and each cycle after
  output logic        ready_next_o,///< ready_o of the next cycle
  output logic [15:0] value_o,     ///< the draw a step takes: (next_state x set_size) >> 32
  output logic [31:0] state_o      ///< architectural state (draws taken so far)
);
  localparam int unsigned Stages = 16;  // 2-bit digits of the 32-bit state: the last stage holds the draw

  function automatic logic [31:0] xorshift(input logic [31:0] s);
    logic [31:0] x1, x2;
    x1       = s ^ (s << 13);
    x2       = x1 ^ (x1 >> 17);
    xorshift = x2 ^ (x2 << 5);
  endfunction

  logic [31:0] state_q, gen_q;
  logic [16:0] size_q;
  logic [17:0] size3_q;               // 3 x set_size
  logic        started_q, flush, adv;
  logic [Stages:0] valid_q;
  // Flat vectors (Yosys 0.23 keeps unpacked arrays as memories and takes no multi-dimensional packed
  // ones): stage k's fields at [W*k +: W].
  logic [Stages*32-1:0] x_q;          // the state being multiplied (stage k uses digits k and up)
  logic [Stages*16-1:0] acc_q;        // acc_{k+1} at [16*k +: 16] (acc_0 is 0)
  logic [Stages*18-1:0] mult;         // d_k x set_size
  logic [Stages*18-1:0] sum;          // acc_k + d_k x set_size

  assign flush = seed_we_i || size_we_i || !started_q;
  assign adv   = !valid_q[Stages] || step_i;

  always_comb begin
    for (int k = 0; k < Stages; k++) begin
      unique case (x_q[32*k + 2*k +: 2])
        2'd0:    mult[18*k +: 18] = '0;
        2'd1:    mult[18*k +: 18] = 18'(size_q);
        2'd2:    mult[18*k +: 18] = {size_q, 1'b0};
        default: mult[18*k +: 18] = size3_q;
      endcase
      if (k == 0) sum[0 +: 18] = mult[0 +: 18];
      else        sum[18*k +: 18] = 18'(acc_q[16*(k-1) +: 16]) + mult[18*k +: 18];
    end
  end

  assign value_o      = acc_q[16*(Stages-1) +: 16];
  assign ready_o      = valid_q[Stages];
  assign ready_next_o = !flush && (valid_q[Stages] || valid_q[Stages-1]);
  assign state_o      = state_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= 32'd1;
      gen_q     <= 32'd1;
      started_q <= 1'b0;
      valid_q   <= '0;
    end else if (flush) begin
      started_q <= 1'b1;
      state_q   <= seed_we_i ? seed_i : (step_i ? xorshift(state_q) : state_q);
      gen_q     <= seed_we_i ? seed_i : (step_i ? xorshift(state_q) : state_q);
      valid_q   <= '0;
    end else begin
      if (step_i) state_q <= xorshift(state_q);
      if (adv) begin
        gen_q   <= xorshift(gen_q);
        valid_q <= {valid_q[Stages-1:0], 1'b1};
      end
    end
  end

  // Datapath registers: no reset (valid_q says which hold a draw in progress).
  always_ff @(posedge clk_i) begin
    if (flush) begin
      size_q  <= set_size_i;
      size3_q <= 18'(set_size_i) + {set_size_i, 1'b0};
    end
  end
  always_ff @(posedge clk_i) begin
    if (adv) begin
      x_q   <= {x_q[32*(Stages-1)-1:0], xorshift(gen_q)};
      for (int k = 0; k < Stages; k++) acc_q[16*k +: 16] <= sum[18*k + 2 +: 16];
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (state_q != 32'd0);
      assert (!(seed_we_i && seed_i == 32'd0));
      assert (!(step_i && !flush && !valid_q[Stages]));  // a step always finds a draw
      // Once the draw is ready, every stage is full until the next flush.
      assert (!(valid_q[Stages] && !(&valid_q)));
      if (started_q && !size_we_i) assert (size_q == set_size_i);  // the caller says when the size changes
      if (size_q != 17'd0 && valid_q[Stages]) assert ({1'b0, value_o} < size_q);
    end
  end
`endif
endmodule
