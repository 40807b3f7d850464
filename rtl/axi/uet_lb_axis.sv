// AXI4-Stream channels of the core: unpacks the open, feedback and request beats onto the core's ports and
// packs its responses, with back-pressure straight through (TREADY is the core's ready). Field layouts
// (docs/interfaces.md, "AXI4-Stream wrapper"):
//   open     TDATA[15:0] group, [31:16] local port
//   feedback TDATA[15:0] group, [31:16] EV, [63:32] PSN; TUSER[2:0] kind (uet_lb_pkg::fb_kind_e)
//   request  TDATA[15:0] group, [31:16] reserved (ignored), [63:32] PSN; TUSER[0] retransmission
//   response TDATA[15:0] group, [31:16] EV, [63:32] PSN; TUSER[2:0] decision, TUSER[3] retransmission
// PSNs are taken modulo 2^PsnWidth.
//
// Beats the core cannot represent are not passed on, and each is counted (bad_beat_o): a group number
// with a bit set at or above GroupW (the core's group ports are GroupW bits; numbers from NumGroups up to
// 2^GroupW - 1 are the core's own out-of-range groups and go to it), or a feedback kind above FB_RTO. An
// open or a feedback is taken and dropped. A request is answered here as the core answers one for a group
// that is not open (EV 0, DEC_FIXED, its own group, PSN and flag), in order: it waits until every request
// the core holds has been answered, and the next waits until its answer has been taken.
`default_nettype none

module uet_lb_axis #(
  parameter int unsigned GroupW   = 4,   ///< the core's group port width, 1..12
  parameter int unsigned PsnWidth = 32,  ///< the core's PSN width, 1..32
  parameter int unsigned MaxOwed  = uet_lb_pkg::RspDepth  ///< most requests the core holds unanswered
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,          ///< synchronous, active low
  // AXI4-Stream slaves: opens, feedback, requests.
  input  logic                  s_open_tvalid_i,
  output logic                  s_open_tready_o,
  input  logic [31:0]           s_open_tdata_i,
  input  logic                  s_fb_tvalid_i,
  output logic                  s_fb_tready_o,
  input  logic [63:0]           s_fb_tdata_i,
  input  logic [2:0]            s_fb_tuser_i,
  input  logic                  s_req_tvalid_i,
  output logic                  s_req_tready_o,
  input  logic [63:0]           s_req_tdata_i,
  input  logic [0:0]            s_req_tuser_i,
  // AXI4-Stream master: responses.
  output logic                  m_rsp_tvalid_o,
  input  logic                  m_rsp_tready_i,
  output logic [63:0]           m_rsp_tdata_o,
  output logic [3:0]            m_rsp_tuser_o,
  // The core's ports.
  output logic                  open_valid_o,
  input  logic                  open_ready_i,
  output logic [GroupW-1:0]     open_group_o,
  output logic [15:0]           open_port_o,
  output logic                  fb_valid_o,
  input  logic                  fb_ready_i,
  output logic [GroupW-1:0]     fb_group_o,
  output logic [2:0]            fb_kind_o,       ///< a uet_lb_pkg::fb_kind_e value
  output logic [15:0]           fb_ev_o,
  output logic [PsnWidth-1:0]   fb_psn_o,
  output logic                  req_valid_o,
  input  logic                  req_ready_i,
  output logic [GroupW-1:0]     req_group_o,
  output logic [PsnWidth-1:0]   req_psn_o,
  output logic                  req_retx_o,
  input  logic                  rsp_valid_i,
  output logic                  rsp_ready_o,
  input  logic [15:0]           rsp_ev_i,
  input  logic [2:0]            rsp_decision_i,  ///< a uet_lb_pkg::decision_e value
  input  logic [GroupW-1:0]     rsp_group_i,
  input  logic [PsnWidth-1:0]   rsp_psn_i,
  input  logic                  rsp_retx_i,
  /// A beat was taken and not passed on (this cycle; at most one per stream, so up to three).
  output logic [1:0]            bad_beats_o
);
  if (GroupW < 1 || GroupW > 12) begin : g_bad_group
    $error("uet_lb_axis: GroupW must be 1..12");
  end
  localparam int unsigned OwedW = $clog2(MaxOwed + 1);

  // A group field the core's ports can carry: no bit set at or above GroupW.
  function automatic logic fits(input logic [15:0] g);
    fits = (g >> GroupW) == 16'd0;
  endfunction

  logic open_bad, fb_bad, req_bad, req_ok;
  assign open_bad = !fits(s_open_tdata_i[15:0]);
  assign fb_bad   = !fits(s_fb_tdata_i[15:0]) || s_fb_tuser_i > 3'(uet_lb_pkg::FB_RTO);
  assign req_bad  = !fits(s_req_tdata_i[15:0]);

  // Opens and feedback: straight to the core; a bad beat is taken here.
  assign open_valid_o    = s_open_tvalid_i && !open_bad;
  assign s_open_tready_o = open_bad || open_ready_i;
  assign open_group_o    = GroupW'(s_open_tdata_i[15:0]);
  assign open_port_o     = s_open_tdata_i[31:16];
  assign fb_valid_o      = s_fb_tvalid_i && !fb_bad;
  assign s_fb_tready_o   = fb_bad || fb_ready_i;
  assign fb_group_o      = GroupW'(s_fb_tdata_i[15:0]);
  assign fb_kind_o       = s_fb_tuser_i;
  assign fb_ev_o         = s_fb_tdata_i[31:16];
  assign fb_psn_o        = PsnWidth'(s_fb_tdata_i[63:32]);

  // Requests: the core's, counted while unanswered; a bad one is answered from loc_* once none is owed.
  logic [OwedW-1:0] owed_q;
  logic             loc_v_q, loc_retx_q;
  logic [15:0]      loc_group_q;
  logic [31:0]      loc_psn_q;
  logic             core_req, core_rsp, loc_take;
  assign req_ok         = !loc_v_q && (req_bad ? owed_q == '0 : req_ready_i);
  assign s_req_tready_o = req_ok;
  assign req_valid_o    = s_req_tvalid_i && !req_bad && !loc_v_q;
  assign req_group_o    = GroupW'(s_req_tdata_i[15:0]);
  assign req_psn_o      = PsnWidth'(s_req_tdata_i[63:32]);
  assign req_retx_o     = s_req_tuser_i[0];
  assign core_req       = req_valid_o && req_ready_i;
  assign loc_take       = s_req_tvalid_i && req_bad && req_ok;

  // Responses: the core's, or the local answer (never both: the local one waits for the core's).
  assign rsp_ready_o    = m_rsp_tready_i && !loc_v_q;
  assign core_rsp       = rsp_valid_i && rsp_ready_o;
  assign m_rsp_tvalid_o = loc_v_q || rsp_valid_i;
  always_comb begin
    if (loc_v_q) begin
      m_rsp_tdata_o = {loc_psn_q, 16'd0, loc_group_q};
      m_rsp_tuser_o = {loc_retx_q, 3'(uet_lb_pkg::DEC_FIXED)};
    end else begin
      m_rsp_tdata_o = {32'(rsp_psn_i), rsp_ev_i, 16'(rsp_group_i)};
      m_rsp_tuser_o = {rsp_retx_i, rsp_decision_i};
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      owed_q  <= '0;
      loc_v_q <= 1'b0;
    end else begin
      owed_q <= owed_q + OwedW'(core_req) - OwedW'(core_rsp);
      if (loc_take) loc_v_q <= 1'b1;
      else if (m_rsp_tready_i) loc_v_q <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (loc_take) begin
      loc_group_q <= s_req_tdata_i[15:0];
      loc_psn_q   <= 32'(s_req_tdata_i[32 +: PsnWidth]);
      loc_retx_q  <= s_req_tuser_i[0];
    end
  end

  // The request's reserved bits, and the PSN bits at and above PsnWidth, are not read.
  logic unused_bits;
  assign unused_bits = ^{s_req_tdata_i[31:16], s_req_tdata_i[63:32], s_fb_tdata_i[63:32]};

  assign bad_beats_o = 2'(s_open_tvalid_i && open_bad) + 2'(s_fb_tvalid_i && fb_bad) + 2'(loc_take);

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The local answer never meets a core response, and the count of owed requests stays in range.
      if (loc_v_q) a_local_alone: assert (!rsp_valid_i && owed_q == '0);
      a_owed_bound: assert (32'(owed_q) <= MaxOwed);
      if (owed_q == '0) a_no_unowed_rsp: assert (!core_rsp);
    end
  end
`endif
endmodule
