// uet_lb with AXI interfaces: AXI4-Stream channels for opens, feedback, requests and responses
// (uet_lb_axis), an AXI4-Lite slave for the registers (uet_lb_axil). One clock (ACLK) and the core's
// synchronous active-low reset (ARESETn). Field layouts, responses and timing: docs/integration.md.
//
// Register space: the core's words 0x00..0x11 (docs/registers.md) and one of the wrapper's own, word 0x12
// CNT_AXIS_DROPPED (RO, a write clears it): stream beats the wrapper took without passing them to the core
// (a group number wider than the core's group ports, or an unknown feedback kind), saturating.
`default_nettype none

module uet_lb_axi #(
  parameter int unsigned NumGroups      = 16,
  parameter int unsigned BufBitsMax     = 3,
  parameter int unsigned TsWidth        = 32,
  parameter int unsigned PsnWidth       = 32,
  parameter int unsigned TrackerEntries = 1024,
  parameter int unsigned TrackerWays    = 4,
  parameter int unsigned TrackerRuns    = 2,
  parameter int unsigned WindowWidth    = 12,
  parameter int unsigned BaseRttWidth   = 20,
  parameter bit          Ecc            = 1'b1,  ///< SECDED on the group-state words (uet_lb's Ecc)
  parameter int unsigned AxilAddrW      = 8,    ///< AXI4-Lite address width (byte addresses), 8..32
  // Derived, do not override.
  parameter int unsigned GroupW         = (NumGroups > 1) ? $clog2(NumGroups) : 1
) (
  input  logic                    aclk,
  input  logic                    aresetn,          ///< synchronous, active low
  input  logic [TsWidth-1:0]      now_i,            ///< free-running time in ns (wraps)
  input  logic [BaseRttWidth-1:0] base_rtt_i,       ///< base RTT from congestion control, ns, > 0
  // AXI4-Stream: group opens.
  input  logic                    s_axis_open_tvalid,
  output logic                    s_axis_open_tready,
  input  logic [31:0]             s_axis_open_tdata,
  // AXI4-Stream: feedback.
  input  logic                    s_axis_fb_tvalid,
  output logic                    s_axis_fb_tready,
  input  logic [63:0]             s_axis_fb_tdata,
  input  logic [2:0]              s_axis_fb_tuser,
  // AXI4-Stream: requests.
  input  logic                    s_axis_req_tvalid,
  output logic                    s_axis_req_tready,
  input  logic [63:0]             s_axis_req_tdata,
  input  logic [0:0]              s_axis_req_tuser,
  // AXI4-Stream: responses.
  output logic                    m_axis_rsp_tvalid,
  input  logic                    m_axis_rsp_tready,
  output logic [63:0]             m_axis_rsp_tdata,
  output logic [3:0]              m_axis_rsp_tuser,
  // AXI4-Lite slave: registers.
  input  logic                    s_axil_awvalid,
  output logic                    s_axil_awready,
  input  logic [AxilAddrW-1:0]    s_axil_awaddr,
  input  logic [2:0]              s_axil_awprot,    ///< ignored
  input  logic                    s_axil_wvalid,
  output logic                    s_axil_wready,
  input  logic [31:0]             s_axil_wdata,
  input  logic [3:0]              s_axil_wstrb,
  output logic                    s_axil_bvalid,
  input  logic                    s_axil_bready,
  output logic [1:0]              s_axil_bresp,
  input  logic                    s_axil_arvalid,
  output logic                    s_axil_arready,
  input  logic [AxilAddrW-1:0]    s_axil_araddr,
  input  logic [2:0]              s_axil_arprot,    ///< ignored
  output logic                    s_axil_rvalid,
  input  logic                    s_axil_rready,
  output logic [31:0]             s_axil_rdata,
  output logic [1:0]              s_axil_rresp,
  // Early-failure events, once applied (observation, no back-pressure: not a stream), as on uet_lb.
  output logic                    efd_valid_o,
  output logic [GroupW-1:0]       efd_group_o,
  output logic [PsnWidth-1:0]     efd_psn_o,
  output logic [15:0]             efd_ev_o,
  output logic [TsWidth-1:0]      efd_time_o,
  output logic                    idle_o            ///< every accepted event and register write applied
);
  localparam logic [5:0] RegCntDropped = 6'h12;  // the wrapper's register

  // Core ports.
  logic                  open_valid, open_ready, fb_valid, fb_ready, req_valid, req_ready, req_retx;
  logic                  rsp_valid, rsp_ready, rsp_retx;
  logic [GroupW-1:0]     open_group, fb_group, req_group, rsp_group;
  logic [15:0]           open_port, fb_ev, rsp_ev;
  logic [2:0]            fb_kind;
  uet_lb_pkg::decision_e rsp_decision;
  logic [PsnWidth-1:0]   fb_psn, req_psn, rsp_psn;
  logic [1:0]            bad_beats;
  logic                  reg_we, core_we, core_werr, rerr;
  logic [5:0]            reg_addr;
  logic [31:0]           reg_wdata, core_rdata, rdata;

  uet_lb_axis #(.GroupW (GroupW), .PsnWidth (PsnWidth)) u_axis (
    .clk_i (aclk), .rst_ni (aresetn),
    .s_open_tvalid_i (s_axis_open_tvalid), .s_open_tready_o (s_axis_open_tready),
    .s_open_tdata_i (s_axis_open_tdata),
    .s_fb_tvalid_i (s_axis_fb_tvalid), .s_fb_tready_o (s_axis_fb_tready), .s_fb_tdata_i (s_axis_fb_tdata),
    .s_fb_tuser_i (s_axis_fb_tuser),
    .s_req_tvalid_i (s_axis_req_tvalid), .s_req_tready_o (s_axis_req_tready), .s_req_tdata_i (s_axis_req_tdata),
    .s_req_tuser_i (s_axis_req_tuser),
    .m_rsp_tvalid_o (m_axis_rsp_tvalid), .m_rsp_tready_i (m_axis_rsp_tready), .m_rsp_tdata_o (m_axis_rsp_tdata),
    .m_rsp_tuser_o (m_axis_rsp_tuser),
    .open_valid_o (open_valid), .open_ready_i (open_ready), .open_group_o (open_group), .open_port_o (open_port),
    .fb_valid_o (fb_valid), .fb_ready_i (fb_ready), .fb_group_o (fb_group), .fb_kind_o (fb_kind), .fb_ev_o (fb_ev),
    .fb_psn_o (fb_psn),
    .req_valid_o (req_valid), .req_ready_i (req_ready), .req_group_o (req_group), .req_psn_o (req_psn),
    .req_retx_o (req_retx),
    .rsp_valid_i (rsp_valid), .rsp_ready_o (rsp_ready), .rsp_ev_i (rsp_ev), .rsp_decision_i (rsp_decision),
    .rsp_group_i (rsp_group), .rsp_psn_i (rsp_psn), .rsp_retx_i (rsp_retx),
    .bad_beats_o (bad_beats)
  );

  uet_lb_axil #(.AddrW (AxilAddrW)) u_axil (
    .clk_i (aclk), .rst_ni (aresetn),
    .awvalid_i (s_axil_awvalid), .awready_o (s_axil_awready), .awaddr_i (s_axil_awaddr),
    .wvalid_i (s_axil_wvalid), .wready_o (s_axil_wready), .wdata_i (s_axil_wdata), .wstrb_i (s_axil_wstrb),
    .bvalid_o (s_axil_bvalid), .bready_i (s_axil_bready), .bresp_o (s_axil_bresp),
    .arvalid_i (s_axil_arvalid), .arready_o (s_axil_arready), .araddr_i (s_axil_araddr),
    .rvalid_o (s_axil_rvalid), .rready_i (s_axil_rready), .rdata_o (s_axil_rdata), .rresp_o (s_axil_rresp),
    .reg_we_o (reg_we), .reg_addr_o (reg_addr), .reg_wdata_o (reg_wdata), .reg_rdata_i (rdata),
    .reg_rerr_i (rerr), .reg_werr_i (core_werr)
  );

  // The wrapper's counter, and the address of the cycle before (whose read data are on the port now).
  logic [31:0] cnt_dropped_q;
  logic [5:0]  raddr_q;
  always_ff @(posedge aclk) begin
    raddr_q <= reg_addr;
    if (!aresetn || (reg_we && reg_addr == RegCntDropped)) begin
      cnt_dropped_q <= '0;
    end else begin
      cnt_dropped_q <= (33'(cnt_dropped_q) + 33'(bad_beats) > 33'hFFFF_FFFF) ? 32'hFFFF_FFFF
                                                                            : cnt_dropped_q + 32'(bad_beats);
    end
  end
  assign core_we = reg_we && reg_addr != RegCntDropped;
  assign rdata   = (raddr_q == RegCntDropped) ? cnt_dropped_q : core_rdata;
  assign rerr    = raddr_q > RegCntDropped;

  // The core, without its observation port.
  logic                                 unused_efd_due, unused_efd_pending, unused_dbg_open, unused_dbg_wrapped, unused_dbg_freezing;
  logic [$clog2(TrackerEntries+1)-1:0]  unused_efd_tracked;
  logic [BufBitsMax:0]                  unused_dbg_count;
  logic [BufBitsMax-1:0]                unused_dbg_wr, unused_dbg_replay;
  logic [TsWidth-1:0]                   unused_dbg_start;
  logic [WindowWidth-1:0]               unused_dbg_left;
  logic [15:0]                          unused_dbg_slot0;
  uet_lb #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TsWidth (TsWidth), .PsnWidth (PsnWidth),
    .TrackerEntries (TrackerEntries), .TrackerWays (TrackerWays), .TrackerRuns (TrackerRuns),
    .WindowWidth (WindowWidth), .BaseRttWidth (BaseRttWidth), .DbgPort (1'b0), .Ecc (Ecc)
  ) u_core (
    .clk_i (aclk), .rst_ni (aresetn), .now_i (now_i), .base_rtt_i (base_rtt_i),
    .open_valid_i (open_valid), .open_ready_o (open_ready), .open_group_i (open_group), .open_port_i (open_port),
    .fb_valid_i (fb_valid), .fb_ready_o (fb_ready), .fb_group_i (fb_group), .fb_kind_i (fb_kind),
    .fb_ev_i (fb_ev), .fb_psn_i (fb_psn),
    .req_valid_i (req_valid), .req_ready_o (req_ready), .req_group_i (req_group), .req_psn_i (req_psn),
    .req_retx_i (req_retx),
    .rsp_valid_o (rsp_valid), .rsp_ready_i (rsp_ready), .rsp_ev_o (rsp_ev), .rsp_decision_o (rsp_decision),
    .rsp_group_o (rsp_group), .rsp_psn_o (rsp_psn), .rsp_retx_o (rsp_retx),
    .efd_valid_o (efd_valid_o), .efd_group_o (efd_group_o), .efd_psn_o (efd_psn_o), .efd_ev_o (efd_ev_o),
    .efd_time_o (efd_time_o), .efd_due_o (unused_efd_due), .efd_pending_o (unused_efd_pending), .efd_tracked_o (unused_efd_tracked),
    .idle_o (idle_o),
    .dbg_group_i ('0), .dbg_open_o (unused_dbg_open), .dbg_count_o (unused_dbg_count), .dbg_wr_o (unused_dbg_wr),
    .dbg_replay_o (unused_dbg_replay), .dbg_wrapped_o (unused_dbg_wrapped), .dbg_freezing_o (unused_dbg_freezing),
    .dbg_freeze_start_o (unused_dbg_start), .dbg_window_left_o (unused_dbg_left), .dbg_slot0_o (unused_dbg_slot0),
    .reg_we_i (core_we), .reg_addr_i (reg_addr), .reg_wdata_i (reg_wdata), .reg_rdata_o (core_rdata),
    .reg_werr_o (core_werr),
    .ecc_inj_i (1'b0), .ecc_inj_slot_i (1'b0), .ecc_inj_group_i ({GroupW{1'b0}}), .ecc_inj_mask_i (128'd0)
  );
  logic unused_ok;
  assign unused_ok = ^{s_axil_awprot, s_axil_arprot, unused_efd_due, unused_efd_pending, unused_efd_tracked, unused_dbg_open,
                       unused_dbg_count, unused_dbg_wr, unused_dbg_replay, unused_dbg_wrapped, unused_dbg_freezing,
                       unused_dbg_start, unused_dbg_left, unused_dbg_slot0};
endmodule
