// Formal harness of uet_lb_respond (2 groups, 4 slots, 4-bit PSNs): against a reference queue of the
// requests, every response leaves in request order with its group, PSN and retransmission flag, the
// decision made (a fixed one for a group not open), and the entropy value the configuration gives: the
// local port under None, the start port plus the step within the span under Default, under REPS the
// slot's newest value (a recycle of the same cycle forwarded). Explores take the PRNG's draw (its own
// tests cover the draw). Requests, recycles and back-pressure are free each cycle within the core's rules:
// the configuration holds while requests are in flight, no more requests than the queue holds are owed,
// each spraying type's decisions only, a reuse or replay reads a slot written before. The slots are stored
// with their check bits (Ecc) and single flips are injected at any time through the test-only port (a
// one-hot mask over the codeword): every value still comes out as written, and a read's single flag is
// set exactly when the slot it reads was stored with a flip (no double flag ever). Yosys sat: BMC from
// reset (12 cycles: the queue itself has its own proof, fifo); cover flags for a forwarded slot value,
// four responses owed and a corrected read.
`default_nettype none

module fv_respond #(
  parameter bit Ecc = 1'b1
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        reps_i,
  input logic        dflt_i,
  input logic [15:0] start_port_i,
  input logic [7:0]  span_mask_i,
  input logic        rec_i,
  input logic        rec_group_i,
  input logic [1:0]  rec_slot_i,
  input logic [15:0] rec_ev_i,
  input logic        req_i,
  input logic        req_applies_i,
  input logic        req_group_i,
  input logic [3:0]  req_psn_i,
  input logic        req_retx_i,
  input logic [2:0]  req_dec_i,
  input logic [15:0] req_aux_i,
  input logic [1:0]  req_slot_i,
  input logic        rsp_ready_i,
  input logic        inj_i,
  input logic        inj_group_i,
  input logic [21:0] inj_mask_i
);
  localparam int unsigned Depth = uet_lb_pkg::RspDepth;
  localparam int unsigned SlotW = Ecc ? 22 : 16;  // a stored slot's bits
  logic        e_valid, busy, slot0_we, rsp_valid, rsp_group, rsp_retx;
  logic [15:0] e_ev, rsp_ev;
  logic [3:0]  rsp_psn;
  uet_lb_pkg::decision_e rsp_dec;
  logic        e_single, e_double, e_group;
  uet_lb_respond #(.NumGroups (2), .BufBitsMax (2), .PsnWidth (4), .Ecc (Ecc)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .reps_i (reps_i), .dflt_i (dflt_i), .start_port_i (start_port_i),
    .span_mask_i (span_mask_i), .seed_we_i (1'b0), .seed_i (32'd1), .set_size_i (17'h10000),
    .rec_i (rec_i), .rec_group_i (rec_group_i), .rec_slot_i (rec_slot_i), .rec_ev_i (rec_ev_i),
    .req_i (req_i), .req_applies_i (req_applies_i), .req_group_i (req_group_i), .req_psn_i (req_psn_i),
    .req_retx_i (req_retx_i), .req_dec_i (req_dec_i), .req_aux_i (req_aux_i), .req_slot_i (req_slot_i),
    .e_ev_o (e_ev), .e_valid_o (e_valid), .busy_o (busy), .slot0_we_o (slot0_we),
    .e_single_o (e_single), .e_double_o (e_double), .e_group_o (e_group),
    .inj_i (inj_i), .inj_group_i (inj_group_i), .inj_mask_i (inj_mask_i[SlotW-1:0]),
    .rsp_valid_o (rsp_valid), .rsp_ready_i (rsp_ready_i), .rsp_ev_o (rsp_ev), .rsp_decision_o (rsp_dec),
    .rsp_group_o (rsp_group), .rsp_psn_o (rsp_psn), .rsp_retx_o (rsp_retx)
  );

  logic        past_valid_q;
  logic [4:0]  owed_q;                   // requests taken, responses not yet taken
  logic [15:0] slot_q [8];               // the reference slots ({group, slot})
  logic [7:0]  written_q;
  logic        reps_q, dflt_q;
  logic [15:0] start_q;
  logic [7:0]  span_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  logic [2:0] ra, wa;
  assign ra = {req_group_i, req_slot_i};
  assign wa = {rec_group_i, rec_slot_i};
  logic take;
  assign take = rsp_valid && rsp_ready_i;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);  // the first cycle is a reset
    if (rst_ni && past_valid_q) begin
      if (owed_q != '0) assume (reps_i == reps_q && dflt_i == dflt_q && start_port_i == start_q &&
                                span_mask_i == span_q);
      if (32'(owed_q) == Depth && !take) assume (!req_i);
      if (inj_i) assume ($onehot(inj_mask_i[SlotW-1:0]) && Ecc);  // (without Ecc a flip is a wrong value)
      assume (!(reps_i && dflt_i));
      // The decisions the update units make: None fixed, Default round robin, REPS a reuse, replay or
      // explore.
      if (req_i && req_applies_i) begin
        // (begin and end: an else after an assume would be its failure action)
        if (reps_i) begin
          assume (req_dec_i == uet_lb_pkg::DEC_REUSE || req_dec_i == uet_lb_pkg::DEC_REPLAY ||
                  req_dec_i == uet_lb_pkg::DEC_EXPLORE);
        end else if (dflt_i) begin
          assume (req_dec_i == uet_lb_pkg::DEC_ROUND_ROBIN);
        end else begin
          assume (req_dec_i == uet_lb_pkg::DEC_FIXED);
        end
      end
      if (req_i && req_applies_i && reps_i &&
          (req_dec_i == uet_lb_pkg::DEC_REUSE || req_dec_i == uet_lb_pkg::DEC_REPLAY))
        assume (written_q[ra] || (rec_i && wa == ra));
    end
  end

  // The reference queue: what each response must be (the value unchecked for an explore).
  // (A packed vector per entry, not a structure: Yosys 0.23 mishandles arrays of structures.)
  // {group, retx, check_ev, psn[3:0], dec[2:0], ev[15:0]}
  localparam int unsigned EW = 26;
  logic [EW-1:0] q_q [Depth];
  logic [EW-1:0] now_exp;
  logic          h_g, h_retx, h_check;
  logic [3:0]    h_psn;
  logic [2:0]    h_dec;
  logic [15:0]   h_ev;
  assign {h_g, h_retx, h_check, h_psn, h_dec, h_ev} = q_q[0];
  (* keep *) logic seen_fwd_q, seen_owed4_q;
  logic [15:0] now_ev;
  always_comb begin
    logic slot_read, explore;
    slot_read = req_applies_i && reps_i &&
                (req_dec_i == uet_lb_pkg::DEC_REUSE || req_dec_i == uet_lb_pkg::DEC_REPLAY);
    explore   = req_applies_i && reps_i && req_dec_i == uet_lb_pkg::DEC_EXPLORE;
    if (!req_applies_i) now_ev = 16'd0;
    else if (slot_read) now_ev = (rec_i && wa == ra) ? rec_ev_i : slot_q[ra];
    else if (dflt_i) now_ev = start_port_i + {8'd0, req_aux_i[7:0] & span_mask_i};
    else now_ev = req_aux_i;
    now_exp = {req_group_i, req_retx_i, !explore, req_psn_i, req_applies_i ? req_dec_i : uet_lb_pkg::DEC_FIXED, now_ev};
  end
  // The injection's reference: armed by inj_i, spent by the next slot written for its group, which is then
  // stored with a flip (flipped_q) until written again. A read's flag is due three cycles later, at E.
  logic       armed_q, armed_g_q, hit;
  logic [16:0] e_due_q [3];  // the value stage E must show, with its check flag (X, then Y, Z)
  logic [7:0] flipped_q;
  logic [2:0] flag_due_q, g_due_q;
  (* keep *) logic seen_fix_q;
  assign hit = armed_q && rec_i && reps_i && rec_group_i == armed_g_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      armed_q    <= 1'b0;
      flipped_q  <= '0;
      flag_due_q <= '0;
      seen_fix_q <= 1'b0;
    end else begin
      if (inj_i) armed_q <= 1'b1;
      else if (hit) armed_q <= 1'b0;
      if (rec_i && reps_i) flipped_q[wa] <= hit;
      flag_due_q <= {flag_due_q[1:0], req_i && req_applies_i && reps_i && !(rec_i && wa == ra) && flipped_q[ra] &&
                                    (req_dec_i == uet_lb_pkg::DEC_REUSE || req_dec_i == uet_lb_pkg::DEC_REPLAY)};
      if (e_single) seen_fix_q <= 1'b1;
    end
    if (inj_i) armed_g_q <= inj_group_i;
    e_due_q[0] <= {now_exp[23] && req_i, now_exp[15:0]};  // (bit 23: the check flag)
    e_due_q[1] <= e_due_q[0];
    e_due_q[2] <= e_due_q[1];
    g_due_q <= {g_due_q[1:0], req_group_i};
  end

  always_ff @(posedge clk_i) begin
    reps_q  <= reps_i;
    dflt_q  <= dflt_i;
    start_q <= start_port_i;
    span_q  <= span_mask_i;
    if (rec_i && reps_i) slot_q[wa] <= rec_ev_i;
    if (!rst_ni) begin
      owed_q      <= '0;
      written_q   <= '0;
      seen_fwd_q  <= 1'b0;
      seen_owed4_q <= 1'b0;
    end else begin
      if (rec_i && reps_i) written_q[wa] <= 1'b1;
      for (int k = 0; k < Depth; k++) begin
        logic [EW-1:0] at;
        at = take ? ((k + 1 < Depth) ? q_q[(k + 1) % Depth] : '0) : q_q[k];
        if (req_i && 32'(k) == 32'(owed_q) - (take ? 1 : 0)) at = now_exp;
        q_q[k] <= at;
      end
      owed_q <= owed_q + 5'(req_i) - 5'(take);
      if (req_i && req_applies_i && reps_i && rec_i && wa == ra && req_dec_i == uet_lb_pkg::DEC_REUSE)
        seen_fwd_q <= 1'b1;
      if (owed_q == 5'd4) seen_owed4_q <= 1'b1;
    end
  end
  logic unused;
  assign unused = ^{seen_fwd_q, seen_owed4_q, seen_fix_q};
  always_ff @(posedge clk_i) begin
    if (past_valid_q && rst_ni) begin
      if (rsp_valid) a_owed: assert (owed_q != '0);
      if (e_valid) a_busy: assert (busy);
      a_slot0: assert (slot0_we == (rec_i && reps_i && rec_slot_i == '0));
      a_flags: assert (e_single == flag_due_q[2] && !e_double);
      if (e_single) a_flag_group: assert (e_group == g_due_q[2]);
      // (the value as stage E shows it, for the tracker: a bound of 8 steps reaches a flipped slot's read
      // there, where the queue's exit is further)
      if (e_valid && e_due_q[2][16]) a_e_value: assert (e_ev == e_due_q[2][15:0]);
      if (take) begin
        a_order: assert (rsp_group == h_g && rsp_psn == h_psn && rsp_retx == h_retx && 3'(rsp_dec) == h_dec);
        if (h_check) a_value: assert (rsp_ev == h_ev);
      end
    end
  end
endmodule
