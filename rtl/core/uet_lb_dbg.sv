// The observation port (uet_lb's dbg_* outputs): a group's stored state word, as the banks and the
// live-value table give it for dbg_group_i, unpacked into its fields, and slot 0 of its REPS cache from a
// copy of the slot RAM's slot-0 writes. Read in the same registered steps as the banks, so the outputs
// show the group as stored a few cycles ago; for waveforms and tests, not for control. With Enable 0 (the
// core's DbgPort 0) every output is 0 and nothing is built.
`default_nettype none

module uet_lb_dbg #(
  parameter bit          Enable      = 1'b1,
  parameter int unsigned NumGroups   = 16,
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned GroupW      = (NumGroups > 1) ? $clog2(NumGroups) : 1,
  parameter int unsigned StateW      = uet_lb_pkg::state_w(TsWidth, WindowWidth, BufBitsMax)
) (
  input  logic                   clk_i,
  input  logic [StateW-1:0]      word_i,       ///< the group's newest stored word (the banks' third read)
  input  logic                   reps_i,       ///< the spraying type is REPS (slot0_o shows the cache)
  input  logic                   slot_we_i,    ///< a write of slot 0 of group slot_group_i
  input  logic [GroupW-1:0]      slot_group_i,
  input  logic [15:0]            slot_ev_i,
  input  logic [GroupW-1:0]      group_i,      ///< dbg_group_i
  output logic                   open_o,
  output logic [BufBitsMax:0]    count_o,
  output logic [BufBitsMax-1:0]  wr_o,
  output logic [BufBitsMax-1:0]  replay_o,
  output logic                   wrapped_o,
  output logic                   freezing_o,
  output logic [TsWidth-1:0]     freeze_start_o,
  output logic [WindowWidth-1:0] window_left_o,
  output logic [15:0]            slot0_o       ///< REPS: slot 0; None: the local port; Default: the step
);
  if (Enable) begin : g_on
    logic                      v_act, v_x;
    logic [uet_lb_pkg::GenW-1:0] v_gen;
    uet_lb_state_view #(.BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth)) u_view (
      .state_i (word_i), .open_o (open_o), .gen_o (v_gen), .aux_o (freeze_start_o), .freezing_o (freezing_o),
      .left_o (window_left_o), .active_o (v_act), .explore_o (v_x), .wr_o (wr_o), .cnt_o (count_o),
      .wrapped_o (wrapped_o), .replay_o (replay_o)
    );
    logic [15:0] slot0, slot0_q;  // (one register after the RAM's two: the banks' three steps)
    uet_lb_ram #(.Depth (NumGroups), .Width (16), .OutReg (1'b1)) u_slot0 (
      .clk_i (clk_i), .we_i (slot_we_i), .waddr_i (slot_group_i), .wdata_i (slot_ev_i),
      .raddr_i (group_i), .rdata_o (slot0)
    );
    always_ff @(posedge clk_i) slot0_q <= slot0;
    assign slot0_o = reps_i ? slot0_q : freeze_start_o[15:0];
    logic unused;
    assign unused = ^{v_gen, v_act, v_x};
  end else begin : g_off
    logic unused;
    assign unused         = ^{clk_i, word_i, reps_i, slot_we_i, slot_group_i, slot_ev_i, group_i};
    assign open_o         = 1'b0;
    assign count_o        = '0;
    assign wr_o           = '0;
    assign replay_o       = '0;
    assign wrapped_o      = 1'b0;
    assign freezing_o     = 1'b0;
    assign freeze_start_o = '0;
    assign window_left_o  = '0;
    assign slot0_o        = '0;
  end
endmodule
