// The group update: the next state of one PDC group after one event (an open, a feedback or an early
// failure) followed by one request, as SPEC sections 3-7 define them applied in that order (the core
// feeds its feedback lane's event here, or for the request lane an open alone: opens ride that lane). Combinational; it is the only group-update logic of the core (uet_lb runs one instance per
// lane: the feedback lane's with no request, the request lane's with the feedback lane's event when both
// name its group in one cycle).
//
// The state word (StateW bits, see the layout below) holds every field of SPEC section 5 but the cache's
// slots, which live in a RAM of their own: this block returns the slot a recycle writes and the slot a
// reuse or replay reads. None's local port and Default's step counter share the freeze-start field (the
// spraying type is locked while groups are open). Three facts are kept with the fields so no decision
// waits for a comparison: the window's active and explore flags and (as the count itself) whether the
// cache holds a value.
`default_nettype none

module uet_lb_update #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned PtrW        = BufBitsMax,
  parameter int unsigned GenW        = uet_lb_pkg::GenW,
  parameter int unsigned StateW      = uet_lb_pkg::state_w(TsWidth, WindowWidth, PtrW)
) (
  // Configuration (stable while events are in flight).
  input  logic                   none_i,      ///< PacketSprayingType, one-hot: None
  input  logic                   dflt_i,      ///< Default Packet Spraying
  input  logic                   reps_i,      ///< Recycled Entropy Packet Spraying
  input  logic [PtrW-1:0]        cmask_i,     ///< C - 1
  input  logic [BufBitsMax:0]    cap_i,       ///< C
  input  logic [WindowWidth-1:0] w_i,         ///< exploration window W and its facts (uet_lb_window)
  input  logic [WindowWidth-1:0] w_m1_i,
  input  logic                   w_nz_i,
  input  logic                   w_ge2_i,
  input  logic                   w_x_i,
  input  logic                   w_x1_i,
  // The group's state before the events.
  input  logic [StateW-1:0]      state_i,
  // Feedback-lane event: at most one of open, recycle, failure (ack_ecn and nack_trim change nothing).
  input  logic                   f_open_i,     ///< open the group with local port f_ev_i
  input  logic                   f_recycle_i,  ///< ack or nack_trim_last_hop carrying f_ev_i
  input  logic                   f_failure_i,  ///< rto, or a live early failure, at f_time_i
  input  logic [TsWidth-1:0]     f_time_i,
  input  logic                   f_elapsed_i,  ///< f_time_i - the state's freeze_start >= FreezingTimeout
                                               ///< (mod 2^TsWidth; uet_lb_timeout, made ahead)
  input  logic [15:0]            f_port_i,     ///< the local port of an open
  // Request-lane event.
  input  logic                   r_req_i,
  // Results.
  output logic [StateW-1:0]      state_o,
  output uet_lb_pkg::decision_e  decision_o,   ///< of the request (meaningful with r_req_i)
  output logic [15:0]            aux_o,        ///< None: the local port; Default: the step before the request
  output logic [PtrW-1:0]        slot_rd_o,    ///< the slot a reuse or replay reads
  output logic [PtrW-1:0]        slot_wr_o,    ///< the slot a recycle writes
  output logic                   f_open_o,     ///< the group is open before the feedback-lane event
  output logic                   r_open_o,     ///< the group is open when the request applies
  output logic                   entered_o     ///< the feedback-lane event started freezing (freeze_start = f_time_i)
);
  // ---------------------------------------------------------------------------------------------
  // The state word's fields (uet_lb_state_view; open at bit 0 and gen at bits GenW..1, which the core
  // reads from stored words).
  logic                   open_q, frz_q, act_q, x_q, wrap_q;
  logic [GenW-1:0]        gen_q;
  logic [TsWidth-1:0]     aux_q;
  logic [WindowWidth-1:0] left_q;
  logic [PtrW-1:0]        wr_q, replay_q;
  logic [PtrW:0]          cnt_q;
  uet_lb_state_view #(.BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth)) u_view (
    .state_i (state_i), .open_o (open_q), .gen_o (gen_q), .aux_o (aux_q), .freezing_o (frz_q), .left_o (left_q),
    .active_o (act_q), .explore_o (x_q), .wr_o (wr_q), .cnt_o (cnt_q), .wrapped_o (wrap_q), .replay_o (replay_q)
  );

  logic reps, dflt, none;
  assign reps = reps_i;
  assign dflt = dflt_i;
  assign none = none_i;

  // ---------------------------------------------------------------------------------------------
  // The events on a group that was open before them (an open starts a fresh state, below); a closed
  // group's state does not change.
  logic rq, recycle, failure;
  assign rq      = r_req_i && reps && open_q;
  assign recycle = f_recycle_i && reps && open_q;
  assign failure = f_failure_i && reps && open_q;

  // Freezing (feedback lane only).
  logic                   frz_1, thaw;
  logic [TsWidth-1:0]     start_1;
  assign entered_o = failure && !frz_q && !act_q;
  uet_lb_freeze #(.TsWidth (TsWidth)) u_freeze (
    .now_i (f_time_i), .elapsed_i (f_elapsed_i),
    .freezing_i (frz_q), .start_i (aux_q), .in_window_i (act_q),
    .failure_i (failure), .recycle_i (recycle),
    .freezing_o (frz_1), .start_o (start_1), .thaw_o (thaw)
  );

  // Choose (SPEC section 5), on the state after the feedback-lane event.
  logic                   win_explore, nonempty, written, reuse, replay, explore;
  logic [WindowWidth-1:0] left_2;
  logic                   act_2, x_2;
  uet_lb_window #(.WindowWidth (WindowWidth), .BufBitsMax (BufBitsMax)) u_window (
    .cmask_i (cmask_i), .w_i (w_i), .w_m1_i (w_m1_i), .w_nz_i (w_nz_i), .w_ge2_i (w_ge2_i), .w_x_i (w_x_i),
    .w_x1_i (w_x1_i),
    .left_i (left_q), .active_i (act_q), .explore_i (x_q),
    .open_i (thaw), .consume_i (rq),
    .left_o (left_2), .active_o (act_2), .explore_o (x_2), .explores_now_o (win_explore)
  );

  logic [PtrW-1:0]        wr_2, replay_2, oldest, push_slot;
  logic [PtrW:0]          cnt_2;
  logic                   wrap_2;
  uet_lb_cache #(.BufBitsMax (BufBitsMax)) u_cache (
    .cmask_i (cmask_i), .cap_i (cap_i),
    .wr_i (wr_q), .cnt_i (cnt_q), .wrapped_i (wrap_q), .replay_i (replay_q),
    .push_i (recycle), .take_i (reuse), .replay_take_i (replay),
    .wr_o (wr_2), .cnt_o (cnt_2), .wrapped_o (wrap_2), .replay_o (replay_2),
    .nonempty_o (nonempty), .written_o (written), .oldest_o (oldest), .push_slot_o (push_slot)
  );

  assign reuse   = rq && !win_explore && nonempty;
  assign replay  = rq && !win_explore && !nonempty && frz_1 && written;
  assign explore = rq && !reuse && !replay;

  // Default Packet Spraying: the step counter (the low 8 bits of the shared field).
  logic [7:0]  step_next;
  logic [15:0] unused_rr_ev;
  uet_lb_rr u_rr (
    .step_i (aux_q[7:0]), .span_mask_i (8'd0), .offset_i (16'd0), .ev_o (unused_rr_ev), .step_o (step_next)
  );

  // ---------------------------------------------------------------------------------------------
  // Next state. An open makes a fresh state (closed fields zero, gen + 1) and the request then sees it:
  // under REPS an empty cache, no freezing and no window, so the request explores and changes nothing
  // stored; under Default the step counter goes from 0 to 1; under None the field holds the port.
  logic [TsWidth-1:0] aux_2, aux_fresh;
  always_comb begin
    aux_2 = aux_q;
    if (reps) aux_2 = start_1;
    else if (dflt && r_req_i && open_q) aux_2 = TsWidth'(step_next);
    aux_fresh = '0;
    if (none) aux_fresh = TsWidth'(f_port_i);
    else if (dflt && r_req_i) aux_fresh = TsWidth'(1);
  end

  // The same concatenation as uet_lb_state_view's.
  logic                   open_n, frz_n, act_n, x_n, wrap_n;
  logic [GenW-1:0]        gen_n;
  logic [TsWidth-1:0]     aux_n;
  logic [WindowWidth-1:0] left_n;
  logic [PtrW-1:0]        wr_n, replay_n;
  logic [PtrW:0]          cnt_n;
  always_comb begin
    if (f_open_i) begin
      {replay_n, wrap_n, cnt_n, wr_n, x_n, act_n, left_n, frz_n} = '0;
      open_n = 1'b1;
      gen_n  = gen_q + 1'b1;
      aux_n  = aux_fresh;
    end else begin
      {replay_n, wrap_n, cnt_n, wr_n, x_n, act_n, left_n, frz_n} =
          {replay_2, wrap_2, cnt_2, wr_2, x_2, act_2, left_2, frz_1};
      open_n = open_q;
      gen_n  = gen_q;
      aux_n  = aux_2;
    end
  end
  assign state_o = {replay_n, wrap_n, cnt_n, wr_n, x_n, act_n, left_n, frz_n, aux_n, gen_n, open_n};

  always_comb begin
    decision_o = uet_lb_pkg::DEC_FIXED;
    if (dflt) decision_o = uet_lb_pkg::DEC_ROUND_ROBIN;
    else if (reps) begin
      if (f_open_i || explore) decision_o = uet_lb_pkg::DEC_EXPLORE;
      else if (reuse) decision_o = uet_lb_pkg::DEC_REUSE;
      else decision_o = uet_lb_pkg::DEC_REPLAY;
    end
  end
  assign aux_o     = f_open_i ? (none ? f_port_i : 16'd0) : aux_q[15:0];
  assign slot_rd_o = reuse ? oldest : replay_q;
  assign slot_wr_o = push_slot;
  assign f_open_o  = open_q;
  assign r_open_o  = open_q || f_open_i;

`ifndef SYNTHESIS
  always_comb begin
    a_one_feedback_event: assert (32'(f_open_i) + 32'(f_recycle_i) + 32'(f_failure_i) <= 1);
  end
`endif
endmodule
