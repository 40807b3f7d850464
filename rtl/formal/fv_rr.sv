// Formal harness of uet_lb_rr: the round robin visits every one of its 2^EntropyMaskBits values before it
// repeats. Two steps s1, s2 in one period give different values; a step and the same step a period later
// give the same value; and the next step is the step plus one. Combinational: one cycle proves it.
`default_nettype none

module fv_rr (
  input logic [7:0]  step1_i,
  input logic [7:0]  step2_i,
  input logic [3:0]  mask_bits_i,
  input logic [15:0] offset_i
);
  logic [15:0] ev1, ev2, ev3;
  logic [7:0]  next1, unused_next2, unused_next3;
  logic [8:0]  period;
  logic [7:0]  span;    // what the register block passes: 2^EntropyMaskBits - 1
  assign period = 9'd1 << mask_bits_i;
  assign span   = 8'(period - 9'd1);

  uet_lb_rr u1 (.step_i (step1_i), .span_mask_i (span), .offset_i (offset_i), .ev_o (ev1), .step_o (next1));
  uet_lb_rr u2 (.step_i (step2_i), .span_mask_i (span), .offset_i (offset_i), .ev_o (ev2), .step_o (unused_next2));
  uet_lb_rr u3 (.step_i (step1_i + period[7:0]), .span_mask_i (span), .offset_i (offset_i), .ev_o (ev3),
                .step_o (unused_next3));

  always_comb begin
    assume (mask_bits_i <= 4'd8);
    // Within one period starting at a multiple of the period, distinct steps give distinct values.
    if ((step1_i & ~(period[7:0] - 8'd1)) == (step2_i & ~(period[7:0] - 8'd1)) && step1_i != step2_i
        && mask_bits_i != 4'd8) begin
      fv_distinct_in_period: assert (ev1 != ev2);
    end
    if (mask_bits_i == 4'd8 && step1_i != step2_i) fv_distinct_full: assert (ev1 != ev2);  // the period is all 256 steps
    fv_periodic: assert (ev1 == ev3);                                          // one period later: the same value
    fv_step_next: assert (next1 == step1_i + 8'd1);
    fv_in_range: assert (ev1 - offset_i < 16'(period));                       // inside the range from the offset
  end
endmodule
