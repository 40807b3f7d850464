// A small NIC-like top around uet_lb_axi, the worked example of docs/integration.md. Software (the C++
// driver beside it, through uet_lb_regs.h) programs the core over AXI4-Lite and starts a flow; the top then
//   - opens the flow's PDC group on the open stream,
//   - sends `packets_i` data packets on the request stream (PSN 0, 1, ...), each taking the entropy value
//     of its response,
//   - returns an ACK for each response AckDelay cycles later on the feedback stream (every fifth one
//     ECN-marked), as a network round trip would, through a 32-entry delay queue.
// All streams keep the AXI4-Stream rules: VALID and the payload held until READY.
`default_nettype none

module nic_top #(
  parameter int unsigned NumGroups      = 4,
  parameter int unsigned TrackerEntries = 64,
  parameter int unsigned AckDelay       = 40   ///< cycles from a response to its ACK, 1..2^30
) (
  input  logic        aclk,
  input  logic        aresetn,
  input  logic [31:0] now_i,            ///< time in ns
  // AXI4-Lite slave: the core's registers, for the driver.
  input  logic        s_axil_awvalid,
  output logic        s_axil_awready,
  input  logic [7:0]  s_axil_awaddr,
  input  logic        s_axil_wvalid,
  output logic        s_axil_wready,
  input  logic [31:0] s_axil_wdata,
  input  logic [3:0]  s_axil_wstrb,
  output logic        s_axil_bvalid,
  input  logic        s_axil_bready,
  output logic [1:0]  s_axil_bresp,
  input  logic        s_axil_arvalid,
  output logic        s_axil_arready,
  input  logic [7:0]  s_axil_araddr,
  output logic        s_axil_rvalid,
  input  logic        s_axil_rready,
  output logic [31:0] s_axil_rdata,
  output logic [1:0]  s_axil_rresp,
  // The flow: a pulse of start_i takes the group, its local port and the packet count.
  input  logic        start_i,
  input  logic [15:0] group_i,
  input  logic [15:0] port_i,
  input  logic [15:0] packets_i,
  output logic        busy_o,           ///< the flow is not finished (packets to send or ACKs to return)
  output logic [15:0] sent_o,           ///< packets sent
  output logic [15:0] acked_o,          ///< ACKs returned
  // Each response as it is taken (observation).
  output logic        rsp_valid_o,
  output logic [15:0] rsp_ev_o,
  output logic [2:0]  rsp_decision_o
);
  localparam int unsigned QDepth = 32;

  // Streams between the NIC and the core.
  logic        open_tvalid, open_tready, fb_tvalid, fb_tready, req_tvalid, req_tready, rsp_tvalid, rsp_tready;
  logic [31:0] open_tdata;
  logic [63:0] fb_tdata, req_tdata, rsp_tdata;
  logic [2:0]  fb_tuser;
  logic [3:0]  rsp_tuser;

  // The flow.
  logic        open_pend_q;
  logic [15:0] group_q, port_q, to_send_q, sent_q, acked_q;
  assign open_tvalid = open_pend_q;
  assign open_tdata  = {port_q, group_q};
  assign req_tvalid  = !open_pend_q && to_send_q != '0;
  assign req_tdata   = {16'd0, sent_q, 16'd0, group_q};  // PSN = packets sent before this one

  // The ACK delay queue: each response taken, with the time its ACK is due.
  logic [47:0] q_data [QDepth];   // {psn[15:0], ev, group}
  logic [31:0] q_due  [QDepth];
  logic [5:0]  q_wp_q, q_rp_q;
  logic        q_full, q_empty, q_push, q_pop, due;
  logic [31:0] since;
  assign q_full     = q_wp_q[4:0] == q_rp_q[4:0] && q_wp_q[5] != q_rp_q[5];
  assign q_empty    = q_wp_q == q_rp_q;
  assign rsp_tready = !q_full;
  assign q_push     = rsp_tvalid && rsp_tready;
  assign since      = now_i - q_due[q_rp_q[4:0]];
  assign due        = !q_empty && !since[31];  // now at or past the due time (modulo 2^32)
  assign fb_tvalid  = due;
  assign fb_tdata   = {16'd0, q_data[q_rp_q[4:0]]};
  // Every fifth packet's ACK carries ECN (an uncongested ACK recycles its EV under REPS, this one not).
  assign fb_tuser   = (q_data[q_rp_q[4:0]][47:32] % 16'd5 == 16'd4) ? 3'(uet_lb_pkg::FB_ACK_ECN)
                                                                    : 3'(uet_lb_pkg::FB_ACK);
  assign q_pop      = fb_tvalid && fb_tready;

  always_ff @(posedge aclk) begin
    if (!aresetn) begin
      open_pend_q <= 1'b0;
      to_send_q   <= '0;
      sent_q      <= '0;
      acked_q     <= '0;
      group_q     <= '0;
      port_q      <= '0;
      q_wp_q      <= '0;
      q_rp_q      <= '0;
    end else begin
      if (start_i && !busy_o) begin
        open_pend_q <= 1'b1;
        group_q     <= group_i;
        port_q      <= port_i;
        to_send_q   <= packets_i;
        sent_q      <= '0;
        acked_q     <= '0;
      end else begin
        if (open_tvalid && open_tready) open_pend_q <= 1'b0;
        if (req_tvalid && req_tready) begin
          to_send_q <= to_send_q - 16'd1;
          sent_q    <= sent_q + 16'd1;
        end
      end
      if (q_push) q_wp_q <= q_wp_q + 6'd1;
      if (q_pop) begin
        q_rp_q  <= q_rp_q + 6'd1;
        acked_q <= acked_q + 16'd1;
      end
    end
  end
  always_ff @(posedge aclk) begin
    if (q_push) begin
      q_data[q_wp_q[4:0]] <= {rsp_tdata[47:32], rsp_tdata[31:16], rsp_tdata[15:0]};
      q_due[q_wp_q[4:0]]  <= now_i + 32'(AckDelay);
    end
  end

  assign busy_o         = open_pend_q || to_send_q != '0 || !q_empty || sent_q != acked_q;
  assign sent_o         = sent_q;
  assign acked_o        = acked_q;
  assign rsp_valid_o    = q_push;
  assign rsp_ev_o       = rsp_tdata[31:16];
  assign rsp_decision_o = rsp_tuser[2:0];

  logic        efd_valid, idle;
  logic [1:0]  efd_group;
  logic [31:0] efd_psn, efd_time;
  logic [15:0] efd_ev;
  uet_lb_axi #(.NumGroups (NumGroups), .TrackerEntries (TrackerEntries)) u_lb (
    .aclk (aclk), .aresetn (aresetn), .now_i (now_i), .base_rtt_i (20'd2000),
    .s_axis_open_tvalid (open_tvalid), .s_axis_open_tready (open_tready), .s_axis_open_tdata (open_tdata),
    .s_axis_fb_tvalid (fb_tvalid), .s_axis_fb_tready (fb_tready), .s_axis_fb_tdata (fb_tdata),
    .s_axis_fb_tuser (fb_tuser),
    .s_axis_req_tvalid (req_tvalid), .s_axis_req_tready (req_tready), .s_axis_req_tdata (req_tdata),
    .s_axis_req_tuser (1'b0),
    .m_axis_rsp_tvalid (rsp_tvalid), .m_axis_rsp_tready (rsp_tready), .m_axis_rsp_tdata (rsp_tdata),
    .m_axis_rsp_tuser (rsp_tuser),
    .s_axil_awvalid (s_axil_awvalid), .s_axil_awready (s_axil_awready), .s_axil_awaddr (s_axil_awaddr),
    .s_axil_awprot (3'd0), .s_axil_wvalid (s_axil_wvalid), .s_axil_wready (s_axil_wready),
    .s_axil_wdata (s_axil_wdata), .s_axil_wstrb (s_axil_wstrb), .s_axil_bvalid (s_axil_bvalid),
    .s_axil_bready (s_axil_bready), .s_axil_bresp (s_axil_bresp), .s_axil_arvalid (s_axil_arvalid),
    .s_axil_arready (s_axil_arready), .s_axil_araddr (s_axil_araddr), .s_axil_arprot (3'd0),
    .s_axil_rvalid (s_axil_rvalid), .s_axil_rready (s_axil_rready), .s_axil_rdata (s_axil_rdata),
    .s_axil_rresp (s_axil_rresp),
    .efd_valid_o (efd_valid), .efd_group_o (efd_group), .efd_psn_o (efd_psn), .efd_ev_o (efd_ev),
    .efd_time_o (efd_time), .idle_o (idle)
  );
  logic unused;
  assign unused = ^{efd_valid, efd_group, efd_psn, efd_time, efd_ev, idle, rsp_tdata[63:48], rsp_tuser[3], since[30:0]};
endmodule
