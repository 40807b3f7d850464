// The two lanes' event records as they move through the core's stages (part of uet_lb): stage A's, made
// from what admission takes this cycle (a feedback or the tracker's early failure on the feedback lane, a
// request or an open on the request lane); their moves through B, C, D and L; stage X's, what L did to
// them (the loop's decision, slots and generation); and the early failures applied, shown a cycle after
// X. Every other block reads the stages through this one's outputs, named by stage, lane and field
// (d_f_t_o: stage D's feedback-lane time). The records are plain flip-flops: no stage stalls.
//
// Flags made on the way: both lanes name one group (from A's registers, kept with B..L), and the feedback
// lane's time less the freezing timeout (from B, kept with C and D) for the loop's tests at D.
`default_nettype none

module uet_lb_lanes #(
  parameter int unsigned NumGroups = 16,
  parameter int unsigned GroupW    = 4,
  parameter int unsigned PsnWidth  = 32,
  parameter int unsigned TsWidth   = 32,
  parameter int unsigned GenW      = 8,
  parameter int unsigned PtrW      = 3
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,          ///< synchronous, active low
  // Stage A's sources: admission, the streams, the tracker's early failure.
  input  logic [TsWidth-1:0]    now_q_i,         ///< the time of the events taken now
  input  logic [TsWidth-1:0]    deadline_i,      ///< now_q_i + M x base RTT
  input  logic                  fb_take_i,
  input  logic                  req_take_i,
  input  logic                  open_take_i,
  input  logic                  offer_open_i,    ///< the request lane offers the open (else the request)
  input  logic [2:0]            fb_kind_i,
  input  logic [GroupW-1:0]     fb_group_i,
  input  logic [15:0]           fb_ev_i,
  input  logic [PsnWidth-1:0]   fb_psn_i,
  input  logic [GroupW-1:0]     open_group_i,
  input  logic [15:0]           open_port_i,
  input  logic [GroupW-1:0]     req_group_i,
  input  logic [PsnWidth-1:0]   req_psn_i,
  input  logic                  req_retx_i,
  input  logic                  fire_i,          ///< the tracker fires: its early failure takes the lane
  input  logic [GroupW-1:0]     fire_group_i,
  input  logic [15:0]           fire_ev_i,
  input  logic [PsnWidth-1:0]   fire_psn_i,
  input  logic [TsWidth-1:0]    fire_deadline_i,
  input  logic [GenW-1:0]       fire_gen_i,
  input  logic                  kill_i,          ///< the tracker's check of a fire (assertions only)
  input  logic [TsWidth-1:0]    timeout_i,       ///< FreezingTimeout
  output logic                  bad_open_o,      ///< an open taken for a group out of range
  // The groups stage A takes now (the state store's read addresses, a cycle ahead of stage A).
  output logic [GroupW-1:0]     take_f_g_o,
  output logic [GroupW-1:0]     take_r_g_o,
  // Stages B and C: forwarding's source tests.
  output logic [GroupW-1:0]     b_f_g_o,
  output logic [GroupW-1:0]     b_r_g_o,
  output logic                  b_f_inr_o,       ///< the group is in range
  output logic                  b_r_inr_o,
  output logic [GroupW-1:0]     c_f_g_o,
  output logic [GroupW-1:0]     c_r_g_o,
  output logic                  c_f_inr_o,
  output logic                  c_r_inr_o,
  // Stage D: the loop's inputs and forwarding's.
  output logic                  d_f_v_o,
  output logic                  d_f_fb_o,
  output logic                  d_f_efd_o,
  output logic [2:0]            d_f_kind_o,
  output logic [GroupW-1:0]     d_f_g_o,
  output logic [TsWidth-1:0]    d_f_t_o,
  output logic [GenW-1:0]       d_f_gen_o,
  output logic [TsWidth-1:0]    d_tmt_o,         ///< d_f_t_o - FreezingTimeout
  output logic                  d_tlt_o,         ///< d_f_t_o < FreezingTimeout
  output logic                  d_same_o,        ///< both lanes name one group
  output logic                  d_src_f_o,       ///< the feedback lane writes its group's word at L
  output logic                  d_src_r_o,       ///< the request lane likewise
  output logic [GroupW-1:0]     d_r_g_o,
  output logic                  d_open_o,        ///< the request lane holds an open
  output logic                  d_req_o,         ///< it holds a request
  // Stage L: the loop's, the state store's and forwarding's.
  output logic                  l_f_v_o,
  output logic                  l_f_efd_o,
  output logic [GroupW-1:0]     l_f_g_o,
  output logic [15:0]           l_f_ev_o,
  output logic [TsWidth-1:0]    l_f_t_o,
  output logic                  l_same_o,
  output logic                  l_src_f_o,       ///< L writes the feedback lane's word next cycle
  output logic                  l_src_r_o,       ///< and the request lane's
  output logic                  l_r_v_o,
  output logic                  l_r_op_o,        ///< the request lane holds an open
  output logic [GroupW-1:0]     l_r_g_o,
  output logic [15:0]           l_r_port_o,
  // What L did (the loop's results), into stage X.
  input  logic                  l_live_i,        ///< the early failure applies (its generation is current)
  input  logic                  l_f_was_open_i,  ///< the feedback lane's group was open
  input  logic                  l_r_was_open_i,  ///< the request lane's group was open
  input  logic                  l_recycle_i,     ///< the feedback recycles its EV into slot l_slot_wr_i
  input  logic [PtrW-1:0]       l_slot_wr_i,
  input  logic [2:0]            l_dec_i,         ///< the request's decision (uet_lb_pkg::decision_e)
  input  logic [15:0]           l_aux_i,
  input  logic [PtrW-1:0]       l_slot_rd_i,
  input  logic [GenW-1:0]       l_gen_i,         ///< the group's open generation after the events
  input  logic                  efd_on_i,        ///< REPS with early failure detection
  // Stage X: the response side's, the tracker's and the register block's.
  output logic                  x_rec_o,         ///< a recycle into the slot RAM
  output logic [GroupW-1:0]     x_f_g_o,
  output logic [PtrW-1:0]       x_f_slot_o,
  output logic [15:0]           x_f_ev_o,
  output logic [PsnWidth-1:0]   x_f_psn_o,
  output logic                  x_req_o,         ///< a request (not an open)
  output logic                  x_r_applies_o,   ///< its group was open (and in range)
  output logic [GroupW-1:0]     x_r_g_o,
  output logic [PsnWidth-1:0]   x_r_psn_o,
  output logic                  x_r_retx_o,
  output logic [TsWidth-1:0]    x_r_t_o,
  output logic [TsWidth-1:0]    x_r_dl_o,
  output logic [2:0]            x_r_dec_o,
  output logic [15:0]           x_r_aux_o,
  output logic [PtrW-1:0]       x_r_slot_o,
  output logic [GenW-1:0]       x_r_gen_o,
  output logic                  clr_o,           ///< the tracker clears the feedback's packet
  output logic                  alc_o,           ///< the tracker takes the request's packet
  output logic                  inc_fb_unopened_o,
  output logic                  inc_req_unopened_o,
  output logic                  opened_o,        ///< an open applied
  // The stages together (bit or slice i: stage i of A, B, C, D, L, X).
  output logic [5:0]            f_v_o,
  output logic [5:0]            f_fb_o,
  output logic [5:0]            f_efd_o,
  output logic [5:0]            r_v_o,
  output logic [5:0]            r_open_o,
  output logic [5*TsWidth-1:0]  r_t_o,           ///< the request lane's times, A..L
  output logic [4:0]            stage_rq_o,      ///< A..L hold a request
  output logic [5*TsWidth-1:0]  stage_dl_o,      ///< and its deadline
  // Clears in B, C, D and L (bit 0 B), for the tracker's check of a fire.
  output logic [3:0]            pre_clr_o,
  output logic [4*GroupW-1:0]   pre_group_o,
  output logic [4*PsnWidth-1:0] pre_psn_o,
  // Early failures applied, a cycle after stage X (the core's efd_* outputs).
  output logic                  efd_valid_o,
  output logic [GroupW-1:0]     efd_group_o,
  output logic [PsnWidth-1:0]   efd_psn_o,
  output logic [15:0]           efd_ev_o,
  output logic [TsWidth-1:0]    efd_time_o
);
  typedef struct packed {
    logic                v;       // an event
    logic                fb;      // kinds: feedback, early failure
    logic                efd;
    logic [2:0]          kind;    // feedback kind (uet_lb_pkg::fb_kind_e)
    logic [GroupW-1:0]   g;
    logic                inr;     // g < NumGroups
    logic [15:0]         ev;      // feedback EV or the early failure's EV
    logic [PsnWidth-1:0] psn;
    logic [TsWidth-1:0]  t;       // now, or the early failure's deadline
    logic [GenW-1:0]     gen;     // the early failure's open generation
  } fev_t;
  typedef struct packed {
    logic                v;
    logic                open;    // kinds: open (with port), request
    logic [15:0]         port;    // the open's local port
    logic [GroupW-1:0]   g;
    logic                inr;
    logic [PsnWidth-1:0] psn;
    logic                retx;
    logic [TsWidth-1:0]  t;
    logic [TsWidth-1:0]  dl;      // now + M x base RTT
  } rev_t;

  function automatic logic in_range(input logic [GroupW-1:0] g);
    in_range = (NumGroups == (1 << GroupW)) || 32'(g) < NumGroups;
  endfunction

  fev_t a_f_q, b_f_q, c_f_q, d_f_q, l_f_q;
  rev_t a_r_q, b_r_q, c_r_q, d_r_q, l_r_q;
  logic               b_same_q, c_same_q, d_same_q, l_same_q;  // both lanes name one group
  logic [TsWidth-1:0] c_tmt_q, d_tmt_q;                        // t - FreezingTimeout (feedback lane)
  logic               c_tlt_q, d_tlt_q;                        // t < FreezingTimeout

  // Stage A: what the lanes offer is registered whatever happens; the valid bits say what was taken.
  fev_t a_f_d;
  rev_t a_r_d;
  always_comb begin
    a_f_d      = '0;
    a_f_d.t    = now_q_i;
    if (fire_i) begin
      a_f_d.efd = 1'b1;
      a_f_d.g   = fire_group_i;
      a_f_d.ev  = fire_ev_i;
      a_f_d.psn = fire_psn_i;
      a_f_d.t   = fire_deadline_i;
      a_f_d.gen = fire_gen_i;
    end else begin
      a_f_d.fb   = 1'b1;
      a_f_d.kind = fb_kind_i;
      a_f_d.g    = fb_group_i;
      a_f_d.ev   = fb_ev_i;
      a_f_d.psn  = fb_psn_i;
    end
    a_f_d.inr  = in_range(a_f_d.g);
    a_f_d.v    = fire_i || fb_take_i;
    a_r_d      = '0;
    a_r_d.v    = req_take_i || (open_take_i && in_range(open_group_i));
    a_r_d.open = offer_open_i;
    a_r_d.port = open_port_i;
    a_r_d.g    = offer_open_i ? open_group_i : req_group_i;
    a_r_d.inr  = in_range(a_r_d.g);
    a_r_d.psn  = req_psn_i;
    a_r_d.retx = req_retx_i;
    a_r_d.t    = now_q_i;
    a_r_d.dl   = deadline_i;
  end
  assign bad_open_o = open_take_i && !in_range(open_group_i);

  // Stages A..L: the event moves on; A's registers give the lanes' same-group flag, B the feedback lane's
  // time less the freezing timeout.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_f_q.v <= 1'b0; b_f_q.v <= 1'b0; c_f_q.v <= 1'b0; d_f_q.v <= 1'b0; l_f_q.v <= 1'b0;
      a_r_q.v <= 1'b0; b_r_q.v <= 1'b0; c_r_q.v <= 1'b0; d_r_q.v <= 1'b0; l_r_q.v <= 1'b0;
    end else begin
      a_f_q.v <= a_f_d.v; b_f_q.v <= a_f_q.v; c_f_q.v <= b_f_q.v; d_f_q.v <= c_f_q.v; l_f_q.v <= d_f_q.v;
      a_r_q.v <= a_r_d.v; b_r_q.v <= a_r_q.v; c_r_q.v <= b_r_q.v; d_r_q.v <= c_r_q.v; l_r_q.v <= d_r_q.v;
    end
  end
  // (Field by field: Yosys 0.23 mishandles a whole structure assigned in a shift.)
  always_ff @(posedge clk_i) begin
    {a_f_q.fb, a_f_q.efd, a_f_q.kind, a_f_q.g, a_f_q.inr, a_f_q.ev, a_f_q.psn, a_f_q.t, a_f_q.gen} <=
      {a_f_d.fb, a_f_d.efd, a_f_d.kind, a_f_d.g, a_f_d.inr, a_f_d.ev, a_f_d.psn, a_f_d.t, a_f_d.gen};
    {b_f_q.fb, b_f_q.efd, b_f_q.kind, b_f_q.g, b_f_q.inr, b_f_q.ev, b_f_q.psn, b_f_q.t, b_f_q.gen} <=
      {a_f_q.fb, a_f_q.efd, a_f_q.kind, a_f_q.g, a_f_q.inr, a_f_q.ev, a_f_q.psn, a_f_q.t, a_f_q.gen};
    {c_f_q.fb, c_f_q.efd, c_f_q.kind, c_f_q.g, c_f_q.inr, c_f_q.ev, c_f_q.psn, c_f_q.t, c_f_q.gen} <=
      {b_f_q.fb, b_f_q.efd, b_f_q.kind, b_f_q.g, b_f_q.inr, b_f_q.ev, b_f_q.psn, b_f_q.t, b_f_q.gen};
    {d_f_q.fb, d_f_q.efd, d_f_q.kind, d_f_q.g, d_f_q.inr, d_f_q.ev, d_f_q.psn, d_f_q.t, d_f_q.gen} <=
      {c_f_q.fb, c_f_q.efd, c_f_q.kind, c_f_q.g, c_f_q.inr, c_f_q.ev, c_f_q.psn, c_f_q.t, c_f_q.gen};
    {l_f_q.fb, l_f_q.efd, l_f_q.kind, l_f_q.g, l_f_q.inr, l_f_q.ev, l_f_q.psn, l_f_q.t, l_f_q.gen} <=
      {d_f_q.fb, d_f_q.efd, d_f_q.kind, d_f_q.g, d_f_q.inr, d_f_q.ev, d_f_q.psn, d_f_q.t, d_f_q.gen};
    {a_r_q.open, a_r_q.port, a_r_q.g, a_r_q.inr, a_r_q.psn, a_r_q.retx, a_r_q.t, a_r_q.dl} <=
      {a_r_d.open, a_r_d.port, a_r_d.g, a_r_d.inr, a_r_d.psn, a_r_d.retx, a_r_d.t, a_r_d.dl};
    {b_r_q.open, b_r_q.port, b_r_q.g, b_r_q.inr, b_r_q.psn, b_r_q.retx, b_r_q.t, b_r_q.dl} <=
      {a_r_q.open, a_r_q.port, a_r_q.g, a_r_q.inr, a_r_q.psn, a_r_q.retx, a_r_q.t, a_r_q.dl};
    {c_r_q.open, c_r_q.port, c_r_q.g, c_r_q.inr, c_r_q.psn, c_r_q.retx, c_r_q.t, c_r_q.dl} <=
      {b_r_q.open, b_r_q.port, b_r_q.g, b_r_q.inr, b_r_q.psn, b_r_q.retx, b_r_q.t, b_r_q.dl};
    {d_r_q.open, d_r_q.port, d_r_q.g, d_r_q.inr, d_r_q.psn, d_r_q.retx, d_r_q.t, d_r_q.dl} <=
      {c_r_q.open, c_r_q.port, c_r_q.g, c_r_q.inr, c_r_q.psn, c_r_q.retx, c_r_q.t, c_r_q.dl};
    {l_r_q.open, l_r_q.port, l_r_q.g, l_r_q.inr, l_r_q.psn, l_r_q.retx, l_r_q.t, l_r_q.dl} <=
      {d_r_q.open, d_r_q.port, d_r_q.g, d_r_q.inr, d_r_q.psn, d_r_q.retx, d_r_q.t, d_r_q.dl};
    b_same_q <= a_f_q.v && a_r_q.v && a_f_q.g == a_r_q.g;
    c_same_q <= b_same_q;
    d_same_q <= c_same_q;
    l_same_q <= d_same_q;
    c_tmt_q  <= b_f_q.t - timeout_i;
    c_tlt_q  <= b_f_q.t < timeout_i;
    d_tmt_q  <= c_tmt_q;
    d_tlt_q  <= c_tlt_q;
  end

  // The request lane holds a request (not an open) in A..L, and an open in D.
  logic a_rq, b_rq, c_rq, d_rq, l_rq;
  assign a_rq = a_r_q.v && !a_r_q.open;
  assign b_rq = b_r_q.v && !b_r_q.open;
  assign c_rq = c_r_q.v && !c_r_q.open;
  assign d_rq = d_r_q.v && !d_r_q.open;
  assign l_rq = l_r_q.v && !l_r_q.open;

  assign take_f_g_o = a_f_d.g;
  assign take_r_g_o = a_r_d.g;
  assign b_f_g_o    = b_f_q.g;
  assign b_r_g_o    = b_r_q.g;
  assign b_f_inr_o  = b_f_q.inr;
  assign b_r_inr_o  = b_r_q.inr;
  assign c_f_g_o    = c_f_q.g;
  assign c_r_g_o    = c_r_q.g;
  assign c_f_inr_o  = c_f_q.inr;
  assign c_r_inr_o  = c_r_q.inr;
  assign d_f_v_o    = d_f_q.v;
  assign d_f_fb_o   = d_f_q.fb;
  assign d_f_efd_o  = d_f_q.efd;
  assign d_f_kind_o = d_f_q.kind;
  assign d_f_g_o    = d_f_q.g;
  assign d_f_t_o    = d_f_q.t;
  assign d_f_gen_o  = d_f_q.gen;
  assign d_tmt_o    = d_tmt_q;
  assign d_tlt_o    = d_tlt_q;
  assign d_same_o   = d_same_q;
  assign d_src_f_o  = d_f_q.v && d_f_q.inr && !d_same_q;
  assign d_src_r_o  = d_r_q.v && d_r_q.inr;
  assign d_r_g_o    = d_r_q.g;
  assign d_open_o   = d_r_q.v && d_r_q.open;
  assign d_req_o    = d_rq;
  assign l_f_v_o    = l_f_q.v;
  assign l_f_efd_o  = l_f_q.efd;
  assign l_f_g_o    = l_f_q.g;
  assign l_f_ev_o   = l_f_q.ev;
  assign l_f_t_o    = l_f_q.t;
  assign l_same_o   = l_same_q;
  assign l_src_f_o  = l_f_q.v && l_f_q.inr && !l_same_q;
  assign l_src_r_o  = l_r_q.v && l_r_q.inr;
  assign l_r_v_o    = l_r_q.v;
  assign l_r_op_o   = l_r_q.open;
  assign l_r_g_o    = l_r_q.g;
  assign l_r_port_o = l_r_q.port;
  assign stage_rq_o = {l_rq, d_rq, c_rq, b_rq, a_rq};
  assign stage_dl_o = {l_r_q.dl, d_r_q.dl, c_r_q.dl, b_r_q.dl, a_r_q.dl};
  // Clears: feedback other than a timeout (a clear of a tracked packet's key always applies: its group is
  // open).
  assign pre_clr_o   = {l_f_q.v && l_f_q.fb && l_f_q.kind != uet_lb_pkg::FB_RTO,
                        d_f_q.v && d_f_q.fb && d_f_q.kind != uet_lb_pkg::FB_RTO,
                        c_f_q.v && c_f_q.fb && c_f_q.kind != uet_lb_pkg::FB_RTO,
                        b_f_q.v && b_f_q.fb && b_f_q.kind != uet_lb_pkg::FB_RTO};
  assign pre_group_o = {l_f_q.g, d_f_q.g, c_f_q.g, b_f_q.g};
  assign pre_psn_o   = {l_f_q.psn, d_f_q.psn, c_f_q.psn, b_f_q.psn};

  // ---------------------------------------------------------------------------------------------
  // Stage X: what L did.
  typedef struct packed {
    logic                v, fb, efd, live;
    logic [2:0]          kind;
    logic [GroupW-1:0]   g;
    logic                inr, applies;   // the group was open before the event (and is in range)
    logic [15:0]         ev;
    logic [PsnWidth-1:0] psn;
    logic [TsWidth-1:0]  t;
    logic                recycle;
    logic [PtrW-1:0]     slot_wr;
  } xf_t;
  typedef struct packed {
    logic                  v, open;      // an event; an open (no response, no tracker entry)
    logic                  applies;      // the group was open when the request applied (and in range)
    logic [GroupW-1:0]     g;
    logic [PsnWidth-1:0]   psn;
    logic                  retx;
    logic [TsWidth-1:0]    t, dl;
    logic [2:0]            dec;          // a uet_lb_pkg::decision_e value
    logic [15:0]           aux;
    logic [PtrW-1:0]       slot_rd;
    logic [GenW-1:0]       gen;          // the group's open generation after the events
  } xr_t;
  xf_t x_f_q;
  xr_t x_r_q;
  logic x_rq;  // stage X holds a request (not an open)
  assign x_rq = x_r_q.v && !x_r_q.open;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      x_f_q.v <= 1'b0;
      x_r_q.v <= 1'b0;
    end else begin
      x_f_q.v <= l_f_q.v;
      x_r_q.v <= l_r_q.v;
    end
  end
  always_ff @(posedge clk_i) begin
    {x_f_q.fb, x_f_q.efd, x_f_q.live, x_f_q.kind, x_f_q.g, x_f_q.inr, x_f_q.ev, x_f_q.psn, x_f_q.t} <=
      {l_f_q.fb, l_f_q.efd, l_live_i, l_f_q.kind, l_f_q.g, l_f_q.inr, l_f_q.ev, l_f_q.psn, l_f_q.t};
    x_r_q.open    <= l_r_q.open;
    x_f_q.applies <= l_f_q.inr && l_f_was_open_i;
    x_f_q.recycle <= l_recycle_i;
    x_f_q.slot_wr <= l_slot_wr_i;
    {x_r_q.g, x_r_q.psn, x_r_q.retx, x_r_q.t, x_r_q.dl} <= {l_r_q.g, l_r_q.psn, l_r_q.retx, l_r_q.t, l_r_q.dl};
    x_r_q.applies <= l_r_q.inr && l_r_was_open_i;
    x_r_q.dec     <= l_dec_i;
    x_r_q.aux     <= l_aux_i;
    x_r_q.slot_rd <= l_slot_rd_i;
    x_r_q.gen     <= l_gen_i;
  end
  assign x_rec_o            = x_f_q.v && x_f_q.applies && x_f_q.recycle;
  assign x_f_g_o            = x_f_q.g;
  assign x_f_slot_o         = x_f_q.slot_wr;
  assign x_f_ev_o           = x_f_q.ev;
  assign x_f_psn_o          = x_f_q.psn;
  assign x_req_o            = x_rq;
  assign x_r_applies_o      = x_r_q.applies;
  assign x_r_g_o            = x_r_q.g;
  assign x_r_psn_o          = x_r_q.psn;
  assign x_r_retx_o         = x_r_q.retx;
  assign x_r_t_o            = x_r_q.t;
  assign x_r_dl_o           = x_r_q.dl;
  assign x_r_dec_o          = x_r_q.dec;
  assign x_r_aux_o          = x_r_q.aux;
  assign x_r_slot_o         = x_r_q.slot_rd;
  assign x_r_gen_o          = x_r_q.gen;
  assign clr_o              = x_f_q.v && x_f_q.fb && x_f_q.applies && x_f_q.kind != uet_lb_pkg::FB_RTO;
  assign alc_o              = x_rq && x_r_q.applies && efd_on_i;
  assign inc_fb_unopened_o  = x_f_q.v && x_f_q.fb && !x_f_q.applies;
  assign inc_req_unopened_o = x_rq && !x_r_q.applies;
  assign opened_o           = x_r_q.v && x_r_q.open;

  assign f_v_o   = {x_f_q.v, l_f_q.v, d_f_q.v, c_f_q.v, b_f_q.v, a_f_q.v};
  assign f_fb_o  = {x_f_q.fb, l_f_q.fb, d_f_q.fb, c_f_q.fb, b_f_q.fb, a_f_q.fb};
  assign f_efd_o = {x_f_q.efd, l_f_q.efd, d_f_q.efd, c_f_q.efd, b_f_q.efd, a_f_q.efd};
  assign r_v_o   = {x_r_q.v, l_r_q.v, d_r_q.v, c_r_q.v, b_r_q.v, a_r_q.v};
  assign r_open_o = {x_r_q.open, l_r_q.open, d_r_q.open, c_r_q.open, b_r_q.open, a_r_q.open};
  assign r_t_o   = {l_r_q.t, d_r_q.t, c_r_q.t, b_r_q.t, a_r_q.t};

  // Early failures applied, shown a cycle after stage X.
  logic                efd_v_q;
  logic [GroupW-1:0]   efd_g_q;
  logic [PsnWidth-1:0] efd_psn_q;
  logic [15:0]         efd_ev_q;
  logic [TsWidth-1:0]  efd_t_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) efd_v_q <= 1'b0;
    else efd_v_q <= x_f_q.v && x_f_q.efd && x_f_q.live && x_f_q.applies;
    {efd_g_q, efd_psn_q, efd_ev_q, efd_t_q} <= {x_f_q.g, x_f_q.psn, x_f_q.ev, x_f_q.t};
  end
  assign efd_valid_o = efd_v_q;
  assign efd_group_o = efd_g_q;
  assign efd_psn_o   = efd_psn_q;
  assign efd_ev_o    = efd_ev_q;
  assign efd_time_o  = efd_t_q;

  logic unused;
  assign unused = ^{l_f_q.gen, x_f_q.inr};

`ifndef SYNTHESIS
  logic past_valid_q;
  always_ff @(posedge clk_i) begin
    past_valid_q <= rst_ni;
    // The tracker's check of a fire comes while its early failure is at stage C.
    if (rst_ni && past_valid_q && kill_i) a_kill_at_c: assert (c_f_q.v && c_f_q.efd);
  end
`else
  logic unused_kill;
  assign unused_kill = kill_i;
`endif
endmodule
