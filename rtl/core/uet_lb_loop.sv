// The loop: stages D and L of both lanes, where a group's word is updated once a cycle. At stage D each
// lane's word is chosen from where forwarding says the newest is (L's result of this very cycle, the
// loop, or the word forwarding made from the banks and L's older results) into the loop's state
// registers, and the feedback lane's tests are made ahead (uet_lb_pretest: freezing timeout elapsed, the
// early failure's generation live). At stage L two update units apply the events: the feedback lane's
// alone, and the request lane's after the feedback lane's event when both lanes name its group (an open
// makes a fresh word whatever that event did). The update units' event inputs are flip-flops made at D
// that drive nothing else, so the one-cycle loop (state register, update, next word, state register)
// starts and ends on registers.
`default_nettype none

module uet_lb_loop #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned PtrW        = BufBitsMax,
  parameter int unsigned GenW        = uet_lb_pkg::GenW,
  parameter int unsigned StateW      = uet_lb_pkg::state_w(TsWidth, WindowWidth, PtrW)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // Configuration (uet_lb_cfg; stable while events are in flight).
  input  logic                   none_i, dflt_i, reps_i,  ///< the spraying type, one-hot
  input  logic [PtrW-1:0]        cmask_i,
  input  logic [BufBitsMax:0]    cap_i,
  input  logic [WindowWidth-1:0] w_i, w_m1_i,
  input  logic                   w_nz_i, w_ge2_i, w_x_i, w_x1_i,
  // Stage D, feedback lane: its event, and its time less FreezingTimeout (made ahead).
  input  logic                   d_f_v_i,
  input  logic                   d_fb_i,       ///< a feedback (else an early failure, with d_efd_i)
  input  logic                   d_efd_i,
  input  logic [2:0]             d_kind_i,     ///< a uet_lb_pkg::fb_kind_e value
  input  logic [TsWidth-1:0]     d_t_i,
  input  logic [TsWidth-1:0]     d_tmt_i,      ///< d_t_i - FreezingTimeout
  input  logic                   d_tlt_i,      ///< d_t_i < FreezingTimeout
  input  logic [GenW-1:0]        d_gen_i,
  input  logic                   d_same_i,     ///< both lanes name one group
  // Stage D, request lane: an open, a request (valid).
  input  logic                   d_open_i,
  input  logic                   d_req_i,
  input  logic                   kill_i,       ///< the tracker's check: stage C's early failure was cleared
  // Forwarding at stage D (uet_lb_forward): where each lane's word comes from, and the words.
  input  logic [3:0]             fwd_f_i,      ///< {lr, lf, xr, xf}
  input  logic                   fwd_l_f_i,    ///< lr || lf (registered)
  input  logic                   fwd_x_f_i,    ///< xr || xf (registered)
  input  logic [1:0]             fwd_r_i,      ///< {lr, lf} of the request lane
  input  logic                   open_prev_i,  ///< L's request-lane event opens the feedback lane's group
  input  logic                   old_i,        ///< the feedback lane's freeze start is long past (uet_lb_age)
  input  logic                   fresh_i,      ///< ... unless its group entered freezing since (uet_lb_forward)
  input  logic [StateW-1:0]      pre_q_f_i,    ///< the word stage D read (before x's)
  input  logic [StateW-1:0]      pre_f_i, pre_r_i,
  input  logic [StateW-1:0]      x_s_f_i, x_s_r_i,  ///< L's results of the cycle before
  // Stage L: its events' fields.
  input  logic                   l_f_v_i,
  input  logic                   l_efd_i,
  input  logic [TsWidth-1:0]     l_t_i,
  input  logic [15:0]            l_ev_i,
  input  logic                   l_same_i,
  input  logic                   l_r_v_i,
  input  logic                   l_open_i,
  input  logic [15:0]            l_port_i,     ///< the open's local port
  // Results at stage L.
  output logic [StateW-1:0]      next_f_o, next_r_o,  ///< each lane's group word after its events
  output uet_lb_pkg::decision_e  dec_o,        ///< the request's decision, its aux and the slot it reads
  output logic [15:0]            aux_o,
  output logic [PtrW-1:0]        slot_rd_o,
  output logic [PtrW-1:0]        slot_wr_o,    ///< the slot the feedback lane's recycle writes
  output logic                   f_open_o,     ///< the feedback lane's group was open before its event
  output logic                   r_open_o,     ///< the request lane's group was open when the request applied
  output logic                   live_o,       ///< the early failure is of its group's open generation
  output logic                   entered_f_o,  ///< each lane's update enters freezing (uet_lb_age, uet_lb_forward)
  output logic                   entered_r_o,
  output logic                   recycle_o     ///< the feedback is a recycle (ACK, NACK trimmed at the last hop)
);
  localparam int unsigned AuxW = GenW + TsWidth;  // a word's generation and freeze start: bits [AuxW:1]

  // Stage D: the freezing-timeout test and the early failure's generation, for each word its group may
  // hold at L (uet_lb_pretest), so L only selects.
  logic              entered_f, entered_r;  // L's feedback-lane event starts freezing (its time becomes freeze_start)
  logic              l_elapsed_d, d_live;
  logic [StateW-1:0] st_f_q, st_r_q;        // each lane's group word before stage L applies its events
  uet_lb_pretest #(.TsWidth (TsWidth), .GenW (GenW)) u_pretest (
    .t_i (d_t_i), .t_mt_i (d_tmt_i), .t_lt_i (d_tlt_i), .gen_i (d_gen_i), .open_prev_i (open_prev_i),
    .fwd_i (fwd_f_i), .fwd_l_i (fwd_l_f_i), .fwd_x_i (fwd_x_f_i),
    .lr_i (st_r_q[AuxW:1]), .lf_i (st_f_q[AuxW:1]), .xr_i (x_s_r_i[AuxW:1]), .xf_i (x_s_f_i[AuxW:1]),
    .pre_i (pre_q_f_i[AuxW:1]), .l_t_i (l_t_i),
    .entered_r_i (entered_r), .entered_f_i (entered_f), .old_i (old_i), .fresh_i (fresh_i),
    .elapsed_o (l_elapsed_d), .live_o (d_live)
  );

  // An early failure whose packet was cleared before it fired (the tracker's check, three cycles after the
  // fire: at stage C) changes nothing.
  logic d_kill_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) d_kill_q <= 1'b0;
    else d_kill_q <= kill_i;
  end

  // The state registers, and the feedback lane's facts for L.
  logic l_live_q, l_elapsed_q, l_recycle_q, l_rto_q;
  logic d_recycle, d_rto;  // stage D's feedback: a recycle (ACK, NACK trimmed at the last hop), a timeout
  assign d_recycle = d_fb_i && (d_kind_i == uet_lb_pkg::FB_ACK || d_kind_i == uet_lb_pkg::FB_NACK_TRIM_LAST_HOP);
  assign d_rto     = d_fb_i && d_kind_i == uet_lb_pkg::FB_RTO;
  always_ff @(posedge clk_i) begin
    l_recycle_q <= d_recycle;
    l_rto_q     <= d_rto;
    st_f_q      <= fwd_f_i[3] ? next_r_o : (fwd_f_i[2] ? next_f_o : pre_f_i);
    st_r_q      <= fwd_r_i[1] ? next_r_o : (fwd_r_i[0] ? next_f_o : pre_r_i);
    l_live_q    <= d_live && !d_kill_q;
    l_elapsed_q <= l_elapsed_d;
  end
  assign live_o      = l_live_q;
  assign entered_f_o = entered_f;
  assign entered_r_o = entered_r;
  assign recycle_o = l_recycle_q;

  // The update units' event inputs, made at stage D into flip-flops of their own.
  logic d_failure;
  logic u_f_recycle_q, u_f_failure_q, u_r_open_q, u_r_recycle_q, u_r_failure_q, u_r_req_q;
  assign d_failure = d_rto || (d_efd_i && d_live && !d_kill_q);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {u_f_recycle_q, u_f_failure_q, u_r_open_q, u_r_recycle_q, u_r_failure_q, u_r_req_q} <= '0;
    end else begin
      u_f_recycle_q <= d_f_v_i && d_recycle;
      u_f_failure_q <= d_f_v_i && d_failure;
      u_r_open_q    <= d_open_i;
      u_r_recycle_q <= d_f_v_i && d_same_i && !d_open_i && d_recycle;
      u_r_failure_q <= d_f_v_i && d_same_i && !d_open_i && d_failure;
      u_r_req_q     <= d_req_i;
    end
  end

  // Stage L: the feedback lane's update, alone.
  uet_lb_pkg::decision_e unused_dec_f;
  logic [15:0]           unused_aux_f;
  logic [PtrW-1:0]       unused_rd_f, unused_wr_r;
  logic                  unused_r_open_f, unused_f_open_r;
  uet_lb_update #(.BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth)) u_upd_f (
    .none_i (none_i), .dflt_i (dflt_i), .reps_i (reps_i), .cmask_i (cmask_i), .cap_i (cap_i), .w_i (w_i),
    .w_m1_i (w_m1_i), .w_nz_i (w_nz_i), .w_ge2_i (w_ge2_i), .w_x_i (w_x_i), .w_x1_i (w_x1_i),
    .state_i (st_f_q),
    .f_open_i (1'b0), .f_recycle_i (u_f_recycle_q), .f_failure_i (u_f_failure_q),
    .f_time_i (l_t_i), .f_elapsed_i (l_elapsed_q), .f_port_i (l_ev_i),
    .r_req_i (1'b0),
    .state_o (next_f_o), .decision_o (unused_dec_f), .aux_o (unused_aux_f), .slot_rd_o (unused_rd_f),
    .slot_wr_o (slot_wr_o), .f_open_o (f_open_o), .r_open_o (unused_r_open_f), .entered_o (entered_f)
  );
  // The request lane's: the feedback-lane event on its group, then the request; or an open, which makes a
  // fresh word whatever that event did to the old one (it keeps the generation it counts from).
  uet_lb_update #(.BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .WindowWidth (WindowWidth)) u_upd_r (
    .none_i (none_i), .dflt_i (dflt_i), .reps_i (reps_i), .cmask_i (cmask_i), .cap_i (cap_i), .w_i (w_i),
    .w_m1_i (w_m1_i), .w_nz_i (w_nz_i), .w_ge2_i (w_ge2_i), .w_x_i (w_x_i), .w_x1_i (w_x1_i),
    .state_i (st_r_q),
    .f_open_i (u_r_open_q), .f_recycle_i (u_r_recycle_q), .f_failure_i (u_r_failure_q),
    .f_time_i (l_t_i), .f_elapsed_i (l_elapsed_q), .f_port_i (l_port_i),
    .r_req_i (u_r_req_q),
    .state_o (next_r_o), .decision_o (dec_o), .aux_o (aux_o), .slot_rd_o (slot_rd_o), .slot_wr_o (unused_wr_r),
    .f_open_o (unused_f_open_r), .r_open_o (r_open_o), .entered_o (entered_r)
  );

  logic unused;
  assign unused = ^{unused_dec_f, unused_aux_f, unused_rd_f, unused_wr_r, unused_r_open_f, unused_f_open_r,
                    pre_q_f_i[StateW-1:AuxW+1], pre_q_f_i[0], x_s_f_i[StateW-1:AuxW+1], x_s_f_i[0],
                    x_s_r_i[StateW-1:AuxW+1], x_s_r_i[0]};  // (the tests read the generation and freeze start)

  // ---------------------------------------------------------------------------------------------
  // Assertions (Verilator --assert and Yosys read_verilog -formal).
`ifndef SYNTHESIS
  logic past_valid_q;
  always_ff @(posedge clk_i) past_valid_q <= rst_ni;
  always_ff @(posedge clk_i) begin
    if (rst_ni && past_valid_q) begin
      // Both lanes' state registers hold the same word when they name one group.
      if (l_f_v_i && l_r_v_i && l_same_i) a_loop_words_agree: assert (st_f_q == st_r_q);
      // The freezing test's pair selects are the ORs of the flags (uet_lb_pretest's a_pick relies on it).
      a_fwd_flags: assert (fwd_l_f_i == (fwd_f_i[3] || fwd_f_i[2]) && fwd_x_f_i == (fwd_f_i[1] || fwd_f_i[0]));
      // The update units' own flip-flops equal the stage-L terms they stand for.
      a_upd_f_inputs: assert (u_f_recycle_q == (l_f_v_i && l_recycle_q) &&
                              u_f_failure_q == (l_f_v_i && (l_rto_q || (l_efd_i && l_live_q))));
      a_upd_r_open_req: assert (u_r_open_q == (l_r_v_i && l_open_i) && u_r_req_q == (l_r_v_i && !l_open_i));
      a_upd_r_inputs: assert (u_r_recycle_q == (l_f_v_i && l_same_i && !l_open_i && l_recycle_q) &&
                              u_r_failure_q == (l_f_v_i && l_same_i && !l_open_i && (l_rto_q || (l_efd_i && l_live_q))));
    end
  end
`endif
endmodule
