// Freezing timer of one REPS group (SPEC section 5), for one event: entry on a path failure outside
// freezing and outside the exploration window; exit on a recycle once (now - start) mod 2^TsWidth >=
// FreezingTimeout, which opens the window.
//
// The timeout test takes two comparisons with the start time, side by side (no subtraction before a
// comparison): b1 = now < start and b3 = (now - T) < start, with now - T and b2 = now < T made ahead by
// the caller from the event's time alone. With e = (now - start) mod 2^TsWidth:
//   b1 == b2:        e >= T  iff  !b3;
//   b1 = 1, b2 = 0:  e >= T always (now wrapped past start, now >= T);
//   b1 = 0, b2 = 1:  e < T always (now < T and now >= start, so e <= now < T).
`default_nettype none

module uet_lb_freeze #(
  parameter int unsigned TsWidth = 32  ///< timestamp width in bits (ns)
) (
  input  logic [TsWidth-1:0] now_i,       ///< time of this event
  input  logic [TsWidth-1:0] now_mt_i,    ///< (now_i - FreezingTimeout) mod 2^TsWidth
  input  logic               now_lt_t_i,  ///< now_i < FreezingTimeout (unsigned)
  input  logic               freezing_i,
  input  logic [TsWidth-1:0] start_i,     ///< freeze_start
  input  logic               in_window_i, ///< window_left > 0
  input  logic               failure_i,   ///< a path failure (rto or efd) at now_i
  input  logic               recycle_i,   ///< a recycle (ack or nack_trim_last_hop) at now_i
  output logic               freezing_o,
  output logic [TsWidth-1:0] start_o,
  output logic               thaw_o       ///< freezing ends now: the exploration window opens
);
  logic b1, b3, elapsed_ok, enter;
  assign b1         = now_i < start_i;
  assign b3         = now_mt_i < start_i;
  assign elapsed_ok = (b1 && !now_lt_t_i) || (b1 == now_lt_t_i && !b3);
  assign enter      = failure_i && !freezing_i && !in_window_i;
  assign thaw_o     = recycle_i && freezing_i && elapsed_ok;
  assign freezing_o = enter || (freezing_i && !thaw_o);
  assign start_o    = enter ? now_i : start_i;

`ifndef SYNTHESIS
  logic [TsWidth-1:0] elapsed;
  assign elapsed = now_i - start_i;
  always_comb begin
    assert (!(failure_i && recycle_i));  // one event
    assert (elapsed_ok == (elapsed >= (now_i - now_mt_i)) || (now_i - now_mt_i) == '0);
  end
`endif
endmodule
