// The response side of the core, from stage X on: the REPS slot RAM (slot k of group g at {g, k}: a
// recycle writes the ACK's entropy value, a reuse or replay reads one), the PRNG (stepped once per
// exploring request, in order), stages Y and Z that carry the request while the RAM and the PRNG answer,
// the entropy value made in Z, stage E, and the response queue.
//
// The entropy value: None, the group's local port (aux); Default, the start port plus the step (aux)
// masked by the span; REPS, the slot read (forwarded when a recycle of the same cycle writes that slot)
// or the PRNG's draw; 0 for a group that is not open.
`default_nettype none

module uet_lb_respond #(
  parameter int unsigned NumGroups  = 16,
  parameter int unsigned BufBitsMax = 3,
  parameter int unsigned PsnWidth   = 32,
  parameter bit          Ecc        = 1'b1,  ///< store SECDED check bits with every slot
  // Derived, do not override.
  parameter int unsigned GroupW     = (NumGroups > 1) ? $clog2(NumGroups) : 1,
  parameter int unsigned PtrW       = BufBitsMax,
  parameter int unsigned SlotCodeW  = 16 + (Ecc ? uet_lb_secded_pkg::check_bits(16) : 0)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,        ///< synchronous, active low
  // Configuration (registered by the core).
  input  logic                  reps_i,
  input  logic                  dflt_i,
  input  logic [15:0]           start_port_i,  ///< Default: the first port
  input  logic [7:0]            span_mask_i,   ///< Default: 2^EntropyMaskBits - 1
  input  logic                  seed_we_i,
  input  logic [31:0]           seed_i,
  input  logic [16:0]           set_size_i,    ///< the PRNG's draws are below this
  // Stage X, feedback lane: a recycle that applies (REPS writes the value to its slot).
  input  logic                  rec_i,
  input  logic [GroupW-1:0]     rec_group_i,
  input  logic [PtrW-1:0]       rec_slot_i,
  input  logic [15:0]           rec_ev_i,
  // Stage X, request lane: a request (not an open).
  input  logic                  req_i,
  input  logic                  req_applies_i, ///< its group was open
  input  logic [GroupW-1:0]     req_group_i,
  input  logic [PsnWidth-1:0]   req_psn_i,
  input  logic                  req_retx_i,
  input  logic [2:0]            req_dec_i,     ///< a uet_lb_pkg::decision_e value
  input  logic [15:0]           req_aux_i,     ///< None: the local port; Default: the step
  input  logic [PtrW-1:0]       req_slot_i,    ///< REPS: the slot a reuse or replay reads
  // Stage E: the response's entropy value (the tracker's allocation takes it), and a response entering
  // the queue.
  output logic [15:0]           e_ev_o,
  output logic                  e_valid_o,
  output logic                  busy_o,        ///< a request in stages Y, Z or E
  output logic                  slot0_we_o,    ///< slot 0 of rec_group_i is written (the debug port's copy)
  // Stage E: a slot read the response uses (read in Z), with the decoder's flags (0 without Ecc).
  output logic                  e_single_o,    ///< one bit was flipped, corrected
  output logic                  e_double_o,    ///< two were: the response explores instead
  output logic [GroupW-1:0]     e_group_o,     ///< the request's group
  // Test-only error injection (tie inj_i to 0): the next slot written for group inj_group_i stores the
  // mask's flips.
  input  logic                  inj_i,
  input  logic [GroupW-1:0]     inj_group_i,
  input  logic [SlotCodeW-1:0]  inj_mask_i,
  // The response queue.
  output logic                  rsp_valid_o,
  input  logic                  rsp_ready_i,
  output logic [15:0]           rsp_ev_o,
  output uet_lb_pkg::decision_e rsp_decision_o,
  output logic [GroupW-1:0]     rsp_group_o,
  output logic [PsnWidth-1:0]   rsp_psn_o,
  output logic                  rsp_retx_o
);
  localparam int unsigned SlotsMax = 1 << BufBitsMax;
  localparam int unsigned SlotAW   = GroupW + PtrW;

  // The slot RAM. (Its address is SlotAW bits but at one group, where GroupW is 1 and the group bit is
  // always 0.)
  logic              slot_we, slot_re, x_match;
  logic [SlotAW-1:0] slot_wa, slot_ra;
  assign slot_we = rec_i && reps_i;
  assign slot_wa = {rec_group_i, rec_slot_i};
  assign slot_re = req_i && req_applies_i && (req_dec_i == uet_lb_pkg::DEC_REUSE || req_dec_i == uet_lb_pkg::DEC_REPLAY);
  assign slot_ra = {req_group_i, req_slot_i};
  assign x_match = slot_we && slot_wa == slot_ra;
  assign slot0_we_o = slot_we && rec_slot_i == '0;
  localparam int unsigned SlotRamAW = $clog2(NumGroups * SlotsMax);

  // Injection: armed by inj_i, spent by the next slot written for its group.
  logic                 inj_q, inj_hit;
  logic [GroupW-1:0]    inj_g_q;
  logic [SlotCodeW-1:0] inj_mask_q;
  assign inj_hit = inj_q && slot_we && rec_group_i == inj_g_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) inj_q <= 1'b0;
    else if (inj_i) inj_q <= 1'b1;
    else if (inj_hit) inj_q <= 1'b0;
    if (inj_i) begin
      inj_g_q    <= inj_group_i;
      inj_mask_q <= inj_mask_i;
    end
  end

  logic [SlotCodeW-1:0] slot_code, slot_rd;
  logic [15:0]          slot_q;
  logic                 slot_single, slot_double;
  if (Ecc) begin : g_ecc
    uet_lb_secded_enc #(.K (16)) u_enc (.data_i (rec_ev_i), .code_o (slot_code));
    uet_lb_secded_dec #(.K (16)) u_dec (
      .code_i (slot_rd), .data_o (slot_q), .single_o (slot_single), .double_o (slot_double)
    );
  end else begin : g_plain
    assign slot_code   = rec_ev_i;
    assign slot_q      = slot_rd;
    assign slot_single = 1'b0;
    assign slot_double = 1'b0;
  end
  uet_lb_ram #(.Depth (NumGroups * SlotsMax), .Width (SlotCodeW), .OutReg (1'b1)) u_slots (
    .clk_i (clk_i), .we_i (slot_we), .waddr_i (SlotRamAW'(slot_wa)),
    .wdata_i (slot_code ^ (inj_hit ? inj_mask_q : '0)), .raddr_i (SlotRamAW'(slot_ra)), .rdata_o (slot_rd)
  );

  // The PRNG: its draw is ready in stage Z.
  logic        explore_step;
  logic [15:0] prng_value;
  assign explore_step = req_i && req_applies_i && reps_i && req_dec_i == uet_lb_pkg::DEC_EXPLORE;
  uet_lb_prng u_prng (
    .clk_i (clk_i), .rst_ni (rst_ni), .seed_we_i (seed_we_i), .seed_i (seed_i), .step_i (explore_step),
    .set_size_i (set_size_i), .value_o (prng_value)
  );

  // Stages Y and Z carry the response; Z makes the entropy value.
  typedef struct packed {
    logic                  v, applies, slot, explore, match;
    logic [GroupW-1:0]     g;
    logic [PsnWidth-1:0]   psn;
    logic                  retx;
    logic [2:0]            dec;    // a uet_lb_pkg::decision_e value
    logic [15:0]           ev;     // None or Default: the value; a slot's forwarded value with match
  } rsp_t;
  rsp_t y_q, z_q;
  logic [15:0] x_ev;
  always_comb begin
    x_ev = req_aux_i;  // None: the local port
    if (dflt_i) x_ev = start_port_i + {8'd0, req_aux_i[7:0] & span_mask_i};
    if (x_match) x_ev = rec_ev_i;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      y_q.v <= 1'b0;
      z_q.v <= 1'b0;
    end else begin
      y_q.v <= req_i;
      z_q.v <= y_q.v;
    end
  end
  always_ff @(posedge clk_i) begin
    y_q.applies <= req_applies_i;
    y_q.slot    <= slot_re;
    y_q.explore <= explore_step;
    y_q.match   <= x_match;
    y_q.g       <= req_group_i;
    y_q.psn     <= req_psn_i;
    y_q.retx    <= req_retx_i;
    y_q.dec     <= req_applies_i ? req_dec_i : uet_lb_pkg::DEC_FIXED;
    y_q.ev      <= x_ev;
    {z_q.applies, z_q.slot, z_q.explore, z_q.match, z_q.g, z_q.psn, z_q.retx, z_q.dec, z_q.ev} <=
      {y_q.applies, y_q.slot, y_q.explore, y_q.match, y_q.g, y_q.psn, y_q.retx, y_q.dec, y_q.ev};
  end
  // Z makes the value the response takes unless it reads a slot (0 for a group not open, the PRNG's draw
  // for an explore or, for a slot read, for the case its slot is found double), and decodes the slot; E
  // chooses between them, a LUT level after its registers, so the decoder's depth ends at E's registers
  // (before, the decoder and this choice together were the ECP5's longest path).
  logic [15:0] z_alt;
  logic        z_read;  // the response takes a slot's value from the RAM
  assign z_read = z_q.v && z_q.applies && z_q.slot && !z_q.match;
  always_comb begin
    z_alt = z_q.ev;
    if (z_q.explore || z_read) z_alt = prng_value;
    if (!z_q.applies) z_alt = 16'd0;
  end

  // Stage E: the response queue takes it; the tracker takes its entropy value.
  logic                e_v_q;
  logic [2:0]          e_dec_q;
  logic [GroupW-1:0]   e_g_q;
  logic [PsnWidth-1:0] e_psn_q;
  logic                e_retx_q;
  logic [15:0]         e_alt_q, e_slot_q;
  logic                e_read_q, e_single_q, e_double_q;
  logic [15:0]         e_ev;
  logic [2:0]          e_dec;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      e_v_q      <= 1'b0;
      e_single_q <= 1'b0;  // (they count: none out of reset)
      e_double_q <= 1'b0;
    end else begin
      e_v_q      <= z_q.v;
      e_single_q <= z_read && slot_single;
      e_double_q <= z_read && slot_double;
    end
  end
  always_ff @(posedge clk_i) begin
    {e_alt_q, e_dec_q, e_g_q, e_psn_q, e_retx_q} <= {z_alt, z_q.dec, z_q.g, z_q.psn, z_q.retx};
    e_slot_q   <= slot_q;
    e_read_q   <= z_read;
  end
  assign e_ev  = (e_read_q && !e_double_q) ? e_slot_q : e_alt_q;
  assign e_dec = e_double_q ? uet_lb_pkg::DEC_EXPLORE : e_dec_q;
  assign e_ev_o      = e_ev;
  assign e_valid_o   = e_v_q;
  assign busy_o      = y_q.v || z_q.v || e_v_q;
  assign e_single_o  = e_single_q;
  assign e_double_o  = e_double_q;
  assign e_group_o   = e_g_q;

  // The response queue (uet_lb_pkg::RspDepth entries: the core owes no more, so it never overflows).
  localparam int unsigned RqW = 16 + 3 + GroupW + PsnWidth + 1;  // ev, decision, group, psn, retx
  uet_lb_fifo #(.Depth (uet_lb_pkg::RspDepth), .Width (RqW)) u_rsp_q (
    .clk_i (clk_i), .rst_ni (rst_ni), .push_i (e_v_q), .data_i ({e_ev, e_dec, e_g_q, e_psn_q, e_retx_q}),
    .pop_i (rsp_valid_o && rsp_ready_i), .valid_o (rsp_valid_o),
    .data_o ({rsp_ev_o, rsp_decision_o, rsp_group_o, rsp_psn_o, rsp_retx_o})
  );
endmodule
