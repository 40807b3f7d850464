// Formal harness of uet_lb_lanes (3 groups in 2 bits, so one group number is out of range; 6-bit times,
// 3-bit PSNs, 2-bit generations and slots) with any streams, takes, fires and loop results. The harness
// makes stage A's records itself from the inputs (a fire takes the feedback lane whatever is offered; an
// open takes the request lane when offered, a request otherwise) and moves them along its own flat
// history, one stage a cycle, as the core's stages move; against it:
//   every output of stages A, B, C, D and L is its field of the record that stage holds (the group in
//   range, both lanes on one group, the writes at D and L, the requests' deadlines, the clears of B..L);
//   D's time less the freezing timeout is the subtraction with the timeout of two cycles before;
//   stage X's outputs are L's record of the cycle before with the loop's results of that cycle (the
//   recycle, the request's decision, slots and generation, the tracker's clear and allocation, the
//   counters' events);
//   the early failure applied is X's a cycle later: shown only when it was live and its group open.
// Each stage's fields are compared from the cycle its register holds an input the harness saw (stage s
// from cycle s + 1); the valid bits from the first cycle after reset.
// Yosys sat: BMC from reset; cover flags for an early failure shown and both lanes on one group at D.
`default_nettype none

module fv_lanes (
  input logic       clk_i,
  input logic       rst_ni,
  input logic [5:0] now_i, dl_i,
  input logic       fb_take_i, req_take_i, open_take_i, offer_open_i,
  input logic [2:0] fb_kind_i,
  input logic [1:0] fb_group_i, open_group_i, req_group_i, fire_group_i,
  input logic [15:0] fb_ev_i, open_port_i, fire_ev_i,
  input logic [2:0] fb_psn_i, req_psn_i, fire_psn_i,
  input logic       req_retx_i, fire_i,
  input logic [5:0] fire_dl_i, timeout_i,
  input logic [1:0] fire_gen_i,
  input logic       live_i, f_was_open_i, r_was_open_i, recycle_i, efd_on_i,
  input logic [1:0] slot_wr_i, slot_rd_i, gen_i,
  input logic [2:0] dec_i,
  input logic [15:0] aux_i
);
  // The feedback lane's history runs to the early failure shown (7 slices), the request lane's to X (6).
  localparam int unsigned GW = 2, PW = 3, TW = 6, NW = 2, SW = 2, Depth = 7, RDepth = 6;
  logic past1_q;
  logic [3:0] cnt_q;  // cycles since the first (saturating)
  initial {past1_q, cnt_q} = '0;
  always_ff @(posedge clk_i) begin
    past1_q <= 1'b1;
    if (cnt_q != 4'hf) cnt_q <= cnt_q + 1'b1;
  end
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);
  function automatic logic inr(input logic [GW-1:0] g);
    inr = g < 2'd3;
  endfunction

  // Stage A's records as the harness makes them.
  logic           af_v, ar_v, af_fb, af_efd, ar_open, ar_retx;
  logic [2:0]     af_kind;
  logic [GW-1:0]  af_g, ar_g;
  logic [15:0]    af_ev, ar_port;
  logic [PW-1:0]  af_psn, ar_psn;
  logic [TW-1:0]  af_t, ar_t, ar_dl;
  logic [NW-1:0]  af_gen;
  assign af_v    = fire_i || fb_take_i;
  assign af_fb   = !fire_i;
  assign af_efd  = fire_i;
  assign af_kind = fire_i ? 3'd0 : fb_kind_i;
  assign af_g    = fire_i ? fire_group_i : fb_group_i;
  assign af_ev   = fire_i ? fire_ev_i : fb_ev_i;
  assign af_psn  = fire_i ? fire_psn_i : fb_psn_i;
  assign af_t    = fire_i ? fire_dl_i : now_i;
  assign af_gen  = fire_i ? fire_gen_i : '0;
  assign ar_v    = req_take_i || (open_take_i && inr(open_group_i));
  assign ar_open = offer_open_i;
  assign ar_g    = offer_open_i ? open_group_i : req_group_i;
  assign ar_port = open_port_i;
  assign ar_psn  = req_psn_i;
  assign ar_retx = req_retx_i;
  assign ar_t    = now_i;
  assign ar_dl   = dl_i;

  // Their history: slice s is the record stage s holds (0 A .. 5 X, 6 the early failure shown); the
  // loop's results of the cycle before (and, for the early failure shown, of two cycles before: bit 1).
  logic [Depth-1:0]     fv_q, ffb_q, fefd_q;
  logic [RDepth-1:0]    rv_q, ropen_q, rretx_q;
  logic [Depth*3-1:0]   fkind_q;
  logic [Depth*GW-1:0]  fg_q;
  logic [RDepth*GW-1:0] rg_q;
  logic [Depth*16-1:0]  fev_q;
  logic [5*16-1:0]      rport_q;  // to stage L
  logic [Depth*PW-1:0]  fpsn_q;
  logic [RDepth*PW-1:0] rpsn_q;
  logic [Depth*TW-1:0]  ft_q;
  logic [RDepth*TW-1:0] rt_q, rdl_q;
  logic [4*NW-1:0]      fgen_q;  // to stage D
  logic [1:0]           live_q, fopen_q;
  logic                 ropen_l_q, rec_q;
  logic [SW-1:0]        slot_wr_q, slot_rd_q;
  logic [NW-1:0]        gen_q;
  logic [2:0]           dec_q;
  logic [15:0]          aux_q;
  logic [2*TW-1:0]      timeout_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fv_q <= '0;
      rv_q <= '0;
    end else begin
      fv_q <= {fv_q[Depth-2:0], af_v};
      rv_q <= {rv_q[RDepth-2:0], ar_v};
    end
    ffb_q     <= {ffb_q[Depth-2:0], af_fb};
    fefd_q    <= {fefd_q[Depth-2:0], af_efd};
    ropen_q   <= {ropen_q[RDepth-2:0], ar_open};
    rretx_q   <= {rretx_q[RDepth-2:0], ar_retx};
    fkind_q   <= {fkind_q[(Depth-1)*3-1:0], af_kind};
    fg_q      <= {fg_q[(Depth-1)*GW-1:0], af_g};
    rg_q      <= {rg_q[(RDepth-1)*GW-1:0], ar_g};
    fev_q     <= {fev_q[(Depth-1)*16-1:0], af_ev};
    rport_q   <= {rport_q[4*16-1:0], ar_port};
    fpsn_q    <= {fpsn_q[(Depth-1)*PW-1:0], af_psn};
    rpsn_q    <= {rpsn_q[(RDepth-1)*PW-1:0], ar_psn};
    ft_q      <= {ft_q[(Depth-1)*TW-1:0], af_t};
    rt_q      <= {rt_q[(RDepth-1)*TW-1:0], ar_t};
    rdl_q     <= {rdl_q[(RDepth-1)*TW-1:0], ar_dl};
    fgen_q    <= {fgen_q[3*NW-1:0], af_gen};
    live_q    <= {live_q[0], live_i};
    fopen_q   <= {fopen_q[0], f_was_open_i};
    ropen_l_q <= r_was_open_i;
    rec_q     <= recycle_i;
    slot_wr_q <= slot_wr_i;
    slot_rd_q <= slot_rd_i;
    gen_q     <= gen_i;
    dec_q     <= dec_i;
    aux_q     <= aux_i;
    timeout_q <= {timeout_q[TW-1:0], timeout_i};
  end

  logic            bad_open;
  logic [GW-1:0]   take_f_g, take_r_g, b_f_g, b_r_g, c_f_g, c_r_g, d_f_g, d_r_g, l_f_g, l_r_g, x_f_g, x_r_g;
  logic            b_f_inr, b_r_inr, c_f_inr, c_r_inr;
  logic            d_f_v, d_f_fb, d_f_efd, d_tlt, d_same, d_src_f, d_src_r, d_open, d_req;
  logic [2:0]      d_f_kind, x_r_dec;
  logic [TW-1:0]   d_f_t, d_tmt, l_f_t, x_r_t, x_r_dl, efd_time;
  logic [NW-1:0]   d_f_gen, x_r_gen;
  logic            l_f_v, l_f_efd, l_same, l_src_f, l_src_r, l_r_v, l_r_op;
  logic [15:0]     l_f_ev, l_r_port, x_f_ev, x_r_aux, efd_ev;
  logic            x_rec, x_req, x_r_applies, x_r_retx, clr, alc, inc_fb, inc_req, opened, efd_valid;
  logic [SW-1:0]   x_f_slot, x_r_slot;
  logic [PW-1:0]   x_f_psn, x_r_psn, efd_psn;
  logic [5:0]      f_v, f_fb, f_efd, r_v, r_open;
  logic [5*TW-1:0] r_t, stage_dl;
  logic [4:0]      stage_rq;
  logic [3:0]      pre_clr;
  logic [4*GW-1:0] pre_group;
  logic [4*PW-1:0] pre_psn;
  logic [GW-1:0]   efd_group;
  uet_lb_lanes #(
    .NumGroups (3), .GroupW (GW), .PsnWidth (PW), .TsWidth (TW), .GenW (NW), .PtrW (SW)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .now_q_i (now_i), .deadline_i (dl_i),
    .fb_take_i (fb_take_i), .req_take_i (req_take_i), .open_take_i (open_take_i), .offer_open_i (offer_open_i),
    .fb_kind_i (fb_kind_i), .fb_group_i (fb_group_i), .fb_ev_i (fb_ev_i), .fb_psn_i (fb_psn_i),
    .open_group_i (open_group_i), .open_port_i (open_port_i), .req_group_i (req_group_i), .req_psn_i (req_psn_i),
    .req_retx_i (req_retx_i), .fire_i (fire_i), .fire_group_i (fire_group_i), .fire_ev_i (fire_ev_i),
    .fire_psn_i (fire_psn_i), .fire_deadline_i (fire_dl_i), .fire_gen_i (fire_gen_i), .kill_i (1'b0),
    .timeout_i (timeout_i), .bad_open_o (bad_open),
    .take_f_g_o (take_f_g), .take_r_g_o (take_r_g), .b_f_g_o (b_f_g), .b_r_g_o (b_r_g), .b_f_inr_o (b_f_inr),
    .b_r_inr_o (b_r_inr), .c_f_g_o (c_f_g), .c_r_g_o (c_r_g), .c_f_inr_o (c_f_inr), .c_r_inr_o (c_r_inr),
    .d_f_v_o (d_f_v), .d_f_fb_o (d_f_fb), .d_f_efd_o (d_f_efd), .d_f_kind_o (d_f_kind), .d_f_g_o (d_f_g),
    .d_f_t_o (d_f_t), .d_f_gen_o (d_f_gen), .d_tmt_o (d_tmt), .d_tlt_o (d_tlt), .d_same_o (d_same),
    .d_src_f_o (d_src_f), .d_src_r_o (d_src_r), .d_r_g_o (d_r_g), .d_open_o (d_open), .d_req_o (d_req),
    .l_f_v_o (l_f_v), .l_f_efd_o (l_f_efd), .l_f_g_o (l_f_g), .l_f_ev_o (l_f_ev), .l_f_t_o (l_f_t),
    .l_same_o (l_same), .l_src_f_o (l_src_f), .l_src_r_o (l_src_r), .l_r_v_o (l_r_v), .l_r_op_o (l_r_op),
    .l_r_g_o (l_r_g), .l_r_port_o (l_r_port),
    .l_live_i (live_i), .l_f_was_open_i (f_was_open_i), .l_r_was_open_i (r_was_open_i), .l_recycle_i (recycle_i),
    .l_slot_wr_i (slot_wr_i), .l_dec_i (dec_i), .l_aux_i (aux_i), .l_slot_rd_i (slot_rd_i), .l_gen_i (gen_i),
    .efd_on_i (efd_on_i),
    .x_rec_o (x_rec), .x_f_g_o (x_f_g), .x_f_slot_o (x_f_slot), .x_f_ev_o (x_f_ev), .x_f_psn_o (x_f_psn),
    .x_req_o (x_req), .x_r_applies_o (x_r_applies), .x_r_g_o (x_r_g), .x_r_psn_o (x_r_psn),
    .x_r_retx_o (x_r_retx), .x_r_t_o (x_r_t), .x_r_dl_o (x_r_dl), .x_r_dec_o (x_r_dec), .x_r_aux_o (x_r_aux),
    .x_r_slot_o (x_r_slot), .x_r_gen_o (x_r_gen), .clr_o (clr), .alc_o (alc),
    .inc_fb_unopened_o (inc_fb), .inc_req_unopened_o (inc_req), .opened_o (opened),
    .f_v_o (f_v), .f_fb_o (f_fb), .f_efd_o (f_efd), .r_v_o (r_v), .r_open_o (r_open), .r_t_o (r_t),
    .stage_rq_o (stage_rq), .stage_dl_o (stage_dl),
    .pre_clr_o (pre_clr), .pre_group_o (pre_group), .pre_psn_o (pre_psn),
    .efd_valid_o (efd_valid), .efd_group_o (efd_group), .efd_psn_o (efd_psn), .efd_ev_o (efd_ev),
    .efd_time_o (efd_time)
  );

  // Per stage: the group in range, a clear (feedback other than a timeout), both lanes on one group.
  logic [6:1] f_inr;
  logic [5:1] r_inr, clr_s;
  logic [4:3] same_s;
  always_comb begin
    for (int s = 1; s < 7; s++) f_inr[s] = inr(fg_q[s * GW +: GW]);
    for (int s = 1; s < 6; s++) begin
      r_inr[s] = inr(rg_q[s * GW +: GW]);
      clr_s[s] = fv_q[s] && ffb_q[s] && fkind_q[s * 3 +: 3] != uet_lb_pkg::FB_RTO;
    end
    for (int s = 3; s < 5; s++) same_s[s] = fv_q[s] && rv_q[s] && fg_q[s * GW +: GW] == rg_q[s * GW +: GW];
  end

  // What each stage's outputs must be (slice s of the history: stage s's field).
  logic ok_ab, ok_c, ok_d, ok_l, ok_stages, ok_x, ok_efd, ok_v;
  always_comb begin
    ok_v  = f_v == fv_q[5:0] && r_v == rv_q[5:0] && bad_open == (open_take_i && !inr(open_group_i));
    ok_ab = take_f_g == af_g && take_r_g == ar_g && b_f_g == fg_q[GW +: GW] &&
            b_r_g == rg_q[GW +: GW] && b_f_inr == f_inr[1] && b_r_inr == r_inr[1];
    ok_c  = c_f_g == fg_q[2 * GW +: GW] && c_r_g == rg_q[2 * GW +: GW] && c_f_inr == f_inr[2] &&
            c_r_inr == r_inr[2];
    ok_d  = d_f_v == fv_q[3] && d_f_fb == ffb_q[3] && d_f_efd == fefd_q[3] && d_f_kind == fkind_q[9 +: 3] &&
            d_f_g == fg_q[3 * GW +: GW] && d_f_t == ft_q[3 * TW +: TW] && d_f_gen == fgen_q[3 * NW +: NW] &&
            d_tmt == ft_q[3 * TW +: TW] - timeout_q[TW +: TW] &&
            d_tlt == (ft_q[3 * TW +: TW] < timeout_q[TW +: TW]) && d_same == same_s[3] &&
            d_src_f == (fv_q[3] && f_inr[3] && !same_s[3]) && d_src_r == (rv_q[3] && r_inr[3]) &&
            d_r_g == rg_q[3 * GW +: GW] && d_open == (rv_q[3] && ropen_q[3]) && d_req == (rv_q[3] && !ropen_q[3]);
    ok_l  = l_f_v == fv_q[4] && l_f_efd == fefd_q[4] && l_f_g == fg_q[4 * GW +: GW] &&
            l_f_ev == fev_q[4 * 16 +: 16] && l_f_t == ft_q[4 * TW +: TW] && l_same == same_s[4] &&
            l_src_f == (fv_q[4] && f_inr[4] && !same_s[4]) && l_src_r == (rv_q[4] && r_inr[4]) &&
            l_r_v == rv_q[4] && l_r_op == ropen_q[4] && l_r_g == rg_q[4 * GW +: GW] &&
            l_r_port == rport_q[4 * 16 +: 16];
    ok_stages = f_fb == ffb_q[5:0] && f_efd == fefd_q[5:0] && r_open == ropen_q[5:0] && r_t == rt_q[5 * TW - 1:0];
    for (int s = 0; s < 5; s++) begin
      ok_stages = ok_stages && stage_rq[s] == (rv_q[s] && !ropen_q[s]) &&
                  stage_dl[s * TW +: TW] == rdl_q[s * TW +: TW];
    end
    for (int s = 1; s < 5; s++) begin
      ok_stages = ok_stages && pre_clr[s - 1] == clr_s[s] && pre_group[(s - 1) * GW +: GW] == fg_q[s * GW +: GW] &&
                  pre_psn[(s - 1) * PW +: PW] == fpsn_q[s * PW +: PW];
    end
    // X: L's record of the cycle before, with the loop's results of that cycle.
    ok_x = x_rec == (fv_q[5] && f_inr[5] && fopen_q[0] && rec_q) && x_f_g == fg_q[5 * GW +: GW] &&
           x_f_slot == slot_wr_q && x_f_ev == fev_q[5 * 16 +: 16] && x_f_psn == fpsn_q[5 * PW +: PW] &&
           x_req == (rv_q[5] && !ropen_q[5]) && x_r_applies == (r_inr[5] && ropen_l_q) &&
           x_r_g == rg_q[5 * GW +: GW] && x_r_psn == rpsn_q[5 * PW +: PW] && x_r_retx == rretx_q[5] &&
           x_r_t == rt_q[5 * TW +: TW] && x_r_dl == rdl_q[5 * TW +: TW] && x_r_dec == dec_q && x_r_aux == aux_q &&
           x_r_slot == slot_rd_q && x_r_gen == gen_q && clr == (clr_s[5] && f_inr[5] && fopen_q[0]) &&
           alc == (rv_q[5] && !ropen_q[5] && r_inr[5] && ropen_l_q && efd_on_i) &&
           inc_fb == (fv_q[5] && ffb_q[5] && !(f_inr[5] && fopen_q[0])) &&
           inc_req == (rv_q[5] && !ropen_q[5] && !(r_inr[5] && ropen_l_q)) && opened == (rv_q[5] && ropen_q[5]);
    // The early failure shown: X's of the cycle before, live and its group open then.
    ok_efd = efd_valid == (fv_q[6] && fefd_q[6] && live_q[1] && f_inr[6] && fopen_q[1]) &&
             efd_group == fg_q[6 * GW +: GW] && efd_psn == fpsn_q[6 * PW +: PW] && efd_ev == fev_q[6 * 16 +: 16] &&
             efd_time == ft_q[6 * TW +: TW];
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      fv_valid: assert (ok_v);
      if (cnt_q >= 4'd2) fv_stages_ab: assert (ok_ab);
      if (cnt_q >= 4'd3) fv_stage_c: assert (ok_c);
      if (cnt_q >= 4'd4) fv_stage_d: assert (ok_d);
      if (cnt_q >= 4'd5) fv_stage_l: assert (ok_l);
      if (cnt_q >= 4'd6) fv_stages: assert (ok_stages);
      if (cnt_q >= 4'd6) fv_stage_x: assert (ok_x);
      if (cnt_q >= 4'd7) fv_efd_shown: assert (ok_efd);
    end
  end

  // Cover flags (Yosys sat sets each by the last step): an early failure shown, one group on both lanes
  // at D.
  (* keep *) logic seen_efd_q, seen_same_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_efd_q  <= 1'b0;
      seen_same_q <= 1'b0;
    end else begin
      if (efd_valid) seen_efd_q <= 1'b1;
      if (d_same) seen_same_q <= 1'b1;
    end
  end

  logic unused;
  assign unused = ^{seen_efd_q, seen_same_q};
endmodule
