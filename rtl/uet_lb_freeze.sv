// Freezing timer of one REPS group (SPEC section 5): entry on a path failure outside freezing and
// outside the exploration window; exit on the first recycle at or after FreezingTimeout. Wrap-safe:
// elapsed time is the modular difference now - start on TsWidth bits.
`default_nettype none

module uet_lb_freeze #(
  parameter int unsigned TsWidth = 32  ///< timestamp width in bits (ns)
) (
  input  logic [TsWidth-1:0] now_i,         ///< time of this event
  input  logic [TsWidth-1:0] timeout_i,     ///< FreezingTimeout, < 2^(TsWidth-1)
  input  logic               freezing_i,
  input  logic [TsWidth-1:0] start_i,       ///< freeze_start
  input  logic               in_window_i,   ///< window_left > 0
  input  logic               failure_i,     ///< a path failure (rto or efd) at now_i
  input  logic               recycle_i,     ///< a recycle (ack or nack_trim_last_hop) at now_i
  output logic               freezing_o,
  output logic [TsWidth-1:0] start_o,
  output logic               exit_o         ///< freezing ends now: the exploration window opens
);
  logic [TsWidth-1:0] elapsed;
  assign elapsed = now_i - start_i;

  always_comb begin
    freezing_o = freezing_i;
    start_o    = start_i;
    exit_o     = 1'b0;
    if (failure_i && !freezing_i && !in_window_i) begin
      freezing_o = 1'b1;
      start_o    = now_i;
    end else if (recycle_i && freezing_i && elapsed >= timeout_i) begin
      freezing_o = 1'b0;
      exit_o     = 1'b1;
    end
  end

`ifndef SYNTHESIS
  always_comb begin
    assert (!(failure_i && recycle_i));  // one event per instance
    assert (!(exit_o && failure_i));
  end
`endif
endmodule
