// Next state of one PDC group for one event (SPEC sections 3-5): a path failure, a recycle, or a
// request (Choose). Combinational; the state lives in the top's per-group table.
//
// State sharing: the spraying type is locked while groups are open, so slot 0 doubles as the None
// local port and (low 8 bits) as the Default step counter; REPS uses every slot as its cache.
`default_nettype none

module uet_lb_group #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned SlotsMax    = 1 << BufBitsMax
) (
  // Configuration.
  input  logic [1:0]               spray_type_i, ///< a uet_lb_pkg::spray_e value
  input  logic [7:0]               span_mask_i,  ///< 2^EntropyMaskBits - 1
  input  logic [15:0]              start_port_i,
  input  logic [4:0]               buf_bits_i,
  input  logic [TsWidth-1:0]       freeze_timeout_i,
  input  logic [WindowWidth-1:0]   window_i,
  // The event (at most one of failure/recycle/choose).
  input  logic [TsWidth-1:0]       now_i,
  input  logic                     failure_i,    ///< rto or efd
  input  logic                     recycle_i,    ///< ack or nack_trim_last_hop
  input  logic [15:0]              recycle_ev_i,
  input  logic                     choose_i,     ///< a request
  input  logic [15:0]              explore_ev_i, ///< the PRNG draw, used if this request explores
  // State in.
  input  logic [SlotsMax*16-1:0]    slots_i,      ///< slot k at bits [16k +: 16]
  input  logic [BufBitsMax-1:0]    wr_i,
  input  logic [BufBitsMax-1:0]    rd_i,
  input  logic                     full_i,
  input  logic                     wrapped_i,
  input  logic [BufBitsMax-1:0]    replay_i,
  input  logic                     freezing_i,
  input  logic [TsWidth-1:0]       freeze_start_i,
  input  logic [WindowWidth-1:0]   window_left_i,
  // State out.
  output logic [SlotsMax*16-1:0]    slots_o,
  output logic [BufBitsMax-1:0]    wr_o,
  output logic [BufBitsMax-1:0]    rd_o,
  output logic                     full_o,
  output logic                     wrapped_o,
  output logic [BufBitsMax-1:0]    replay_o,
  output logic                     freezing_o,
  output logic [TsWidth-1:0]       freeze_start_o,
  output logic [WindowWidth-1:0]   window_left_o,
  // The choice (valid with choose_i).
  output logic [15:0]              ev_o,
  output uet_lb_pkg::decision_e                decision_o,
  output logic                     explore_o     ///< the PRNG steps
);
  logic                    is_reps;
  logic                    win_active, win_explore, win_open;
  logic                    c_nonempty, c_written;
  logic [15:0]             c_oldest, c_replay_ev;
  logic                    do_pop, do_replay;
  logic [SlotsMax*16-1:0]  c_slots;
  logic [15:0]             rr_ev;
  logic [7:0]              rr_step;

  assign is_reps = spray_type_i == uet_lb_pkg::SPRAY_REPS;

  uet_lb_window #(.WindowWidth(WindowWidth)) u_window (
    .buf_bits_i (buf_bits_i),
    .w_i        (window_i),
    .left_i     (window_left_i),
    .open_i     (win_open),
    .consume_i  (choose_i && is_reps),
    .left_o     (window_left_o),
    .active_o   (win_active),
    .explore_o  (win_explore)
  );

  uet_lb_freeze #(.TsWidth(TsWidth)) u_freeze (
    .now_i       (now_i),
    .timeout_i   (freeze_timeout_i),
    .freezing_i  (freezing_i),
    .start_i     (freeze_start_i),
    .in_window_i (win_active),
    .failure_i   (failure_i && is_reps),
    .recycle_i   (recycle_i && is_reps),
    .freezing_o  (freezing_o),
    .start_o     (freeze_start_o),
    .exit_o      (win_open)
  );

  // Choose, steps 1-4: window explore, reuse, replay (freezing), explore.
  always_comb begin
    do_pop     = 1'b0;
    do_replay  = 1'b0;
    explore_o  = 1'b0;
    ev_o       = 16'd0;
    decision_o = uet_lb_pkg::DEC_FIXED;
    unique case (spray_type_i)
      uet_lb_pkg::SPRAY_NONE: begin
        ev_o       = slots_i[15:0];
        decision_o = uet_lb_pkg::DEC_FIXED;
      end
      uet_lb_pkg::SPRAY_DEFAULT: begin
        ev_o       = rr_ev;
        decision_o = uet_lb_pkg::DEC_ROUND_ROBIN;
      end
      default: begin  // uet_lb_pkg::SPRAY_REPS
        if (!win_explore && c_nonempty) begin
          do_pop     = choose_i;
          ev_o       = c_oldest;
          decision_o = uet_lb_pkg::DEC_REUSE;
        end else if (!win_explore && freezing_i && c_written) begin
          do_replay  = choose_i;
          ev_o       = c_replay_ev;
          decision_o = uet_lb_pkg::DEC_REPLAY;
        end else begin
          explore_o  = choose_i;
          ev_o       = explore_ev_i;
          decision_o = uet_lb_pkg::DEC_EXPLORE;
        end
      end
    endcase
  end

  uet_lb_cache #(.BufBitsMax(BufBitsMax)) u_cache (
    .buf_bits_i    (buf_bits_i),
    .slots_i       (slots_i),
    .wr_i          (wr_i),
    .rd_i          (rd_i),
    .full_i        (full_i),
    .wrapped_i     (wrapped_i),
    .replay_i      (replay_i),
    .push_i        (recycle_i && is_reps),
    .push_ev_i     (recycle_ev_i),
    .pop_i         (do_pop),
    .replay_take_i (do_replay),
    .slots_o       (c_slots),
    .wr_o          (wr_o),
    .rd_o          (rd_o),
    .full_o        (full_o),
    .wrapped_o     (wrapped_o),
    .replay_o      (replay_o),
    .nonempty_o    (c_nonempty),
    .written_o     (c_written),
    .oldest_ev_o   (c_oldest),
    .replay_ev_o   (c_replay_ev)
  );

  uet_lb_rr u_rr (
    .step_i      (slots_i[7:0]),
    .span_mask_i (span_mask_i),
    .offset_i    (start_port_i),
    .ev_o        (rr_ev),
    .step_o      (rr_step)
  );

  always_comb begin
    slots_o = c_slots;
    if (spray_type_i == uet_lb_pkg::SPRAY_DEFAULT && choose_i) slots_o[15:0] = {8'd0, rr_step};
  end

`ifndef SYNTHESIS
  always_comb begin
    assert (32'(failure_i) + 32'(recycle_i) + 32'(choose_i) <= 1);
  end
`endif
endmodule
