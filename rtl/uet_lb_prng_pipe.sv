// The load balancer's PRNG (SPEC section 7) for the pipelined core: the same xorshift32 sequence and
// the same draws (next_state x set_size) >> 32 as uet_lb_prng, but computed ahead, so the multiply never
// sits on the path that chooses an entropy value, and computed four bits of the state per stage, each
// stage one addition between registers (no DSP block, and fast on parts without one).
//
// A generator state runs ahead of the architectural state and feeds a pipeline: x0_q holds the next
// state x (x1_q the same a step later); stage k (1..Digits) holds acc_k = floor((acc_{k-1} + d_{k-1} x
// set_size) / 16), where d_j is x's j-th 4-bit digit from the low end (acc_0 = 0). By induction acc_k =
// floor(x[4k-1:0] x set_size / 16^k), so the last stage holds floor(x x set_size / 2^32), the draw, and
// every acc_k is below set_size (16 bits). The multiples d x set_size (0..15, 20 bits) come from a table,
// one copy per digit (a block RAM on the iCE40 and ECP5, distributed RAM on UltraScale+), written after
// reset and after each new set size (16 cycles, one multiple a cycle, by an adder of its own). Digit j's
// copy is read with an address from a register as the stage before its addition takes the state, and its
// data land in a register (m_q) beside acc, so every addition reads two registers and a RAM's output
// only ever goes into a register.
//
// The whole pipeline moves one step (adv_q) when the last stage is empty or a step takes its draw, and
// the generator steps too; the move is a register, made a cycle ahead from step_next_i (a step comes in
// the next cycle). Steps come at most every other cycle (the pipelined core takes one draw a beat), so
// the architectural state's next value is made a cycle ahead too. A re-seed or a new set size
// (size_we_i, with set_size_i already the new size) empties the pipeline; after reset or a new size the
// table is written first. Then the generator restarts from the new seed or the architectural state and
// the pipeline fills (ready_o falls meanwhile: 11 cycles after a re-seed, 27 after reset or a new size),
// and from then on it stays full, so a step always finds a draw.
`default_nettype none

module uet_lb_prng_pipe (
  input  logic        clk_i,
  input  logic        rst_ni,      ///< synchronous, active low: state = 1
  input  logic        seed_we_i,   ///< load `seed_i` (takes priority over `step_i`)
  input  logic [31:0] seed_i,      ///< new state, must be non-zero
  input  logic        step_next_i, ///< step_i will be high in the next cycle
  input  logic        step_i,      ///< take the draw (one explore)
  input  logic        size_we_i,   ///< set_size_i is new this cycle: draw again with it
  input  logic [16:0] set_size_i,  ///< EntropyValueSetSize, 1..65536 (read when size_we_i is high)
  output logic        ready_o,     ///< a step may come in the next cycle and each cycle after
  output logic        ready_next_o,///< ready_o of the next cycle
  output logic [15:0] value_o,     ///< the draw a step takes: (next_state x set_size) >> 32
  output logic [31:0] state_o      ///< architectural state (draws taken so far)
);
  localparam int unsigned Digits = 8;  // 4-bit digits of the 32-bit state: stage Digits holds the draw

  function automatic logic [31:0] xorshift(input logic [31:0] s);
    logic [31:0] x1, x2;
    x1       = s ^ (s << 13);
    x2       = x1 ^ (x1 >> 17);
    xorshift = x2 ^ (x2 << 5);
  endfunction

  logic [31:0]     state_q, state_next_q, gen_q;
  logic [16:0]     size_q;
  logic            flush, adv_q, adv_d, restart_q, run_q;
  logic [Digits+1:0] valid_q;            // [0]: x0_q, [1]: x1_q, [k + 1]: stage k
  // Table writer: after reset or a new size, multiple tw_idx_q x set_size (tw_val_q) goes into every
  // copy, one a cycle.
  logic            tw_busy_q;
  logic [3:0]      tw_idx_q;
  logic [19:0]     tw_val_q;

  assign flush = seed_we_i || size_we_i;

  // The next move: the last stage then empty, or a step then. (In a flush, and in the cycle after it, the
  // pipeline is empty.)
  assign adv_d = flush || !(adv_q ? valid_q[Digits] : valid_q[Digits+1]) || step_next_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= 32'd1;
      valid_q   <= '0;
      adv_q     <= 1'b1;
      restart_q <= 1'b0;
      run_q     <= 1'b0;
      tw_busy_q <= 1'b1;   // the table is written after reset
      tw_idx_q  <= '0;
      tw_val_q  <= '0;
      size_q    <= set_size_i;
    end else begin
      adv_q <= adv_d;
      // The architectural state's next value is made a cycle ahead (steps come at most every other
      // cycle), so a step only selects it.
      if (seed_we_i) state_q <= seed_i;
      else if (step_i) state_q <= state_next_q;
      if (flush) begin
        valid_q   <= '0;
        run_q     <= 1'b0;
        restart_q <= !size_we_i && !tw_busy_q;  // a new size writes the table first
        if (size_we_i) begin
          tw_busy_q <= 1'b1;
          tw_idx_q  <= '0;
          tw_val_q  <= '0;
          size_q    <= set_size_i;
        end
      end else begin
        if (tw_busy_q) begin
          tw_idx_q <= tw_idx_q + 4'd1;
          tw_val_q <= tw_val_q + 20'(size_q);
          if (tw_idx_q == 4'd15) begin
            tw_busy_q <= 1'b0;
            restart_q <= 1'b1;
          end
        end
        if (restart_q) begin
          restart_q <= 1'b0;
          run_q     <= 1'b1;
        end
        if (adv_q) valid_q <= {valid_q[Digits:0], run_q && !restart_q};
      end
    end
  end
  always_ff @(posedge clk_i) state_next_q <= xorshift(state_q);
  // The generator restarts from the architectural state (the new seed, or the state the draws taken so
  // far left), then runs ahead of it; what it holds while the pipeline is not running does not matter.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      gen_q <= 32'd1;
    end else if (restart_q) begin
      gen_q <= state_q;
    end else if (adv_q) begin
      gen_q <= xorshift(gen_q);
    end
  end

  // x0_q: the state being multiplied; x1_q: the same a step later, as digit 0's and 1's table copies are
  // read from x0_q. Stage k (1..Digits) holds acc_k, and for k < Digits the multiple d_k x set_size (m_q,
  // from digit k's table copy) and the digits k + 2 and up of x (rest_q), whose lowest addresses digit
  // k + 2's copy as stage k + 1 takes the state.
  logic [31:0] x0_q;
  logic [31:8] x1_q;  // (digits 0 and 1 have addressed their copies)
  always_ff @(posedge clk_i) begin
    if (adv_q) begin
      x0_q <= xorshift(gen_q);
      x1_q <= x0_q[31:8];
    end
  end

  logic [15:0] acc_last;
  for (genvar k = 1; k <= Digits; k++) begin : g_stage
    localparam int unsigned RestW = (k + 2 < Digits) ? 32 - 4 * (k + 2) : 1;  // digits k + 2 and up
    logic [15:0]      acc_q;
    logic [19:0]      m_q;       // d_k x set_size (the last stage has no digit left)
    logic [RestW-1:0] rest_q;
    // Digit k's table copy, read as stage k - 1 takes its state (so its data are there as stage k
    // takes the state), with the address from the state stage k - 1 takes.
    logic [3:0]       rd_addr;
    logic [19:0]      rd_data;
    if (k < Digits) begin : g_tab
      (* ram_style = "block", no_rw_check *) logic [19:0] tab_q [16];
      always_ff @(posedge clk_i) begin
        if (tw_busy_q) tab_q[tw_idx_q] <= tw_val_q;
        if (adv_q) rd_data <= tab_q[rd_addr];
      end
    end else begin : g_no_tab
      assign rd_data = '0;
    end
    // Digit 0's copy is read as x1_q takes the state; stage 1's acc is its multiple, shifted.
    if (k == 1) begin : g_first
      (* ram_style = "block", no_rw_check *) logic [19:0] tab0_q [16];
      logic [19:0] d0_data;
      always_ff @(posedge clk_i) begin
        if (tw_busy_q) tab0_q[tw_idx_q] <= tw_val_q;
        if (adv_q) d0_data <= tab0_q[x0_q[3:0]];
      end
      logic unused_d0;  // floor(d_0 x set_size / 16): the low bits drop
      assign unused_d0 = ^d0_data[3:0];
      assign rd_addr = x0_q[7:4];
      always_ff @(posedge clk_i) begin
        if (adv_q) begin
          acc_q  <= d0_data[19:4];
          m_q    <= rd_data;
          rest_q <= x1_q[31:12];
        end
      end
    end else begin : g_next
      logic [20:0] sum;
      assign sum = 21'(g_stage[k-1].acc_q) + 21'(g_stage[k-1].m_q);
      if (k == 2) begin : g_addr2
        assign rd_addr = x1_q[11:8];
      end else if (k < Digits) begin : g_addr
        assign rd_addr = g_stage[k-2].rest_q[3:0];
      end else begin : g_noaddr
        assign rd_addr = '0;
      end
      logic unused_sum;  // the bits the shift drops, and the sum's carry (acc_k < set_size <= 2^16)
      assign unused_sum = ^{sum[20], sum[3:0]};
      always_ff @(posedge clk_i) begin
        if (adv_q) begin
          acc_q <= sum[19:4];
          m_q   <= rd_data;
        end
      end
      if (k + 2 < Digits) begin : g_rest
        always_ff @(posedge clk_i) begin
          if (adv_q) rest_q <= g_stage[k-1].rest_q[27 - 4 * k:4];
        end
      end else begin : g_norest
        assign rest_q = 1'b0;
      end
    end
    if (k + 2 >= Digits) begin : g_no_rest
      logic unused_rest;  // the placeholder: no digits left
      assign unused_rest = ^rest_q;
    end
    if (k == Digits) begin : g_last
      assign acc_last = acc_q;
      logic unused_m;
      assign unused_m = ^{m_q, rd_addr};
    end
  end

  assign value_o      = acc_last;
  assign ready_o      = valid_q[Digits+1];
  assign ready_next_o = !flush && (valid_q[Digits+1] || (adv_q && valid_q[Digits]));
  assign state_o      = state_q;

`ifndef SYNTHESIS
  logic step_next_q, step_q;
  always_ff @(posedge clk_i) begin
    step_next_q <= rst_ni && step_next_i;
    step_q      <= rst_ni && step_i;
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (state_q != 32'd0);
      assert (!(seed_we_i && seed_i == 32'd0));
      assert (!(step_i && !flush && !valid_q[Digits+1]));  // a step always finds a draw
      assert (step_i == step_next_q);                       // announced a cycle ahead
      assert (!(step_i && step_q));                         // at most every other cycle
      assert (adv_q == (!valid_q[Digits+1] || step_i));     // the registered move is the move
      // Once the draw is ready, every stage is full until the next flush.
      assert (!(valid_q[Digits+1] && !(&valid_q)));
      if (size_q != 17'd0 && valid_q[Digits+1]) assert ({1'b0, value_o} < size_q);
    end
  end
`endif
endmodule
