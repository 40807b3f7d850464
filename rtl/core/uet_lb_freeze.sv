// Freezing timer of one REPS group (SPEC section 5), for one event: entry on a path failure outside
// freezing and outside the exploration window; exit on a recycle once FreezingTimeout has passed since
// the start (elapsed_i, uet_lb_timeout's test made ahead by the caller), which opens the window.
`default_nettype none

module uet_lb_freeze #(
  parameter int unsigned TsWidth = 32  ///< timestamp width in bits (ns)
) (
  input  logic [TsWidth-1:0] now_i,        ///< time of this event
  input  logic               elapsed_i,    ///< (now_i - start_i) mod 2^TsWidth >= FreezingTimeout
  input  logic               freezing_i,
  input  logic [TsWidth-1:0] start_i,      ///< freeze_start
  input  logic               in_window_i,  ///< window_left > 0
  input  logic               failure_i,    ///< a path failure (rto or efd) at now_i
  input  logic               recycle_i,    ///< a recycle (ack or nack_trim_last_hop) at now_i
  output logic               freezing_o,
  output logic [TsWidth-1:0] start_o,
  output logic               thaw_o        ///< freezing ends now: the exploration window opens
);
  logic enter;
  assign enter      = failure_i && !freezing_i && !in_window_i;
  assign thaw_o     = recycle_i && freezing_i && elapsed_i;
  assign freezing_o = enter || (freezing_i && !thaw_o);
  assign start_o    = enter ? now_i : start_i;

`ifndef SYNTHESIS
  always_comb a_one_event: assert (!(failure_i && recycle_i));  // one event
`endif
endmodule
