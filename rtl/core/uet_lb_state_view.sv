// The fields of a group's state word (the layout uet_lb_update writes): unpacking only, combinational.
// uet_lb_update packs the same concatenation; its width is uet_lb_pkg::state_w.
`default_nettype none

module uet_lb_state_view #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned PtrW        = BufBitsMax,
  parameter int unsigned GenW        = uet_lb_pkg::GenW,
  parameter int unsigned StateW      = uet_lb_pkg::state_w(TsWidth, WindowWidth, PtrW)
) (
  input  logic [StateW-1:0]      state_i,
  output logic                   open_o,      ///< the group is open
  output logic [GenW-1:0]        gen_o,       ///< open generation (an open adds one)
  output logic [TsWidth-1:0]     aux_o,       ///< REPS: freeze_start; None: the local port; Default: the step
  output logic                   freezing_o,
  output logic [WindowWidth-1:0] left_o,      ///< window_left
  output logic                   active_o,    ///< window_left > 0
  output logic                   explore_o,   ///< the next request explores by window position
  output logic [PtrW-1:0]        wr_o,        ///< next slot to write
  output logic [PtrW:0]          cnt_o,       ///< unconsumed values, 0..C
  output logic                   wrapped_o,   ///< filled = C (else filled = wr)
  output logic [PtrW-1:0]        replay_o     ///< replay index
);
  // Least significant first: open, gen, aux, freezing, left, active, explore, wr, cnt, wrapped, replay.
  assign {replay_o, wrapped_o, cnt_o, wr_o, explore_o, active_o, left_o, freezing_o, aux_o, gen_o, open_o} =
      state_i;
endmodule
