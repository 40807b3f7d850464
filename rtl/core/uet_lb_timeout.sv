// The freezing-timeout test of SPEC section 5, (now - start) mod 2^TsWidth >= FreezingTimeout, as two
// comparisons with the start time side by side (no subtraction before a comparison): b1 = now < start and
// b3 = (now - T) < start, with now - T and b2 = now < T made ahead from the event's time alone. With
// e = (now - start) mod 2^TsWidth:
//   b1 == b2:        e >= T  iff  !b3;
//   b1 = 1, b2 = 0:  e >= T always (now wrapped past start, now >= T);
//   b1 = 0, b2 = 1:  e < T always (now < T and now >= start, so e <= now < T).
// Combinational. The core makes it in stage D, for each start time the event's group may hold when stage
// L applies it, so the group update only selects a result.
`default_nettype none

module uet_lb_timeout #(
  parameter int unsigned TsWidth = 32  ///< timestamp width in bits (ns)
) (
  input  logic [TsWidth-1:0] now_i,       ///< time of the event
  input  logic [TsWidth-1:0] now_mt_i,    ///< (now_i - FreezingTimeout) mod 2^TsWidth
  input  logic               now_lt_t_i,  ///< now_i < FreezingTimeout (unsigned)
  input  logic [TsWidth-1:0] start_i,     ///< freeze_start
  output logic               elapsed_o    ///< (now_i - start_i) mod 2^TsWidth >= FreezingTimeout
);
  logic b1, b3;
  assign b1        = now_i < start_i;
  assign b3        = now_mt_i < start_i;
  assign elapsed_o = (b1 && !now_lt_t_i) || (b1 == now_lt_t_i && !b3);

`ifndef SYNTHESIS
  logic [TsWidth-1:0] elapsed, timeout;
  assign elapsed = now_i - start_i;
  assign timeout = now_i - now_mt_i;
  always_comb begin
    // (the timeout register is 1..2^(TsWidth-1)-1, so its inputs are consistent)
    if (timeout != '0 && now_lt_t_i == (now_i < timeout)) a_elapsed: assert (elapsed_o == (elapsed >= timeout));
  end
`endif
endmodule
