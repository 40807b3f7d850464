// Place-and-route wrapper: the core has no pins of its own in a NIC, so for FPGA timing and area
// runs every core input comes from a register chain fed by one pin, and every core output folds into
// registers that fold into one pin. The reset pin is registered too, as a reset synchronizer's last
// flip-flop would be in a NIC: otherwise its paths into the core would start at a pin, which nextpnr
// times apart from the clock (it left paths of up to 7.5 ns out of the iCE40 Fmax). All core paths are
// then register to register, as inside a real datapath.
`default_nettype none

module uet_lb_fpga_wrap #(
  parameter int unsigned NumGroups      = 16,
  parameter int unsigned BufBitsMax     = 3,
  parameter int unsigned TrackerEntries = 1024,
  parameter int unsigned TrackerWays    = 4,
  parameter int unsigned TrackerRuns    = 2,
  parameter bit          Ecc            = 1'b1
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic din_i,   ///< serial stimulus
  output logic dout_o   ///< parity of every core output, registered
);
  localparam int unsigned GroupW = (NumGroups > 1) ? $clog2(NumGroups) : 1;
  // Input bits: now 32, base_rtt 20, open 1+G+16, fb 1+G+3+16+32, req 1+G+32+1, rsp_ready 1,
  // dbg G, reg 1+6+32: 195 + 4 x G in all.
  localparam int unsigned InBits = 32 + 20 + (1 + GroupW + 16) + (1 + GroupW + 3 + 16 + 32)
                                   + (1 + GroupW + 32 + 1) + 1 + GroupW + (1 + 6 + 32);

  logic rst_n_q;
  always_ff @(posedge clk_i) rst_n_q <= rst_ni;

  logic [InBits-1:0] chain_q;
  always_ff @(posedge clk_i) chain_q <= {chain_q[InBits-2:0], din_i};

  logic                   open_ready, fb_ready, req_ready, rsp_valid, rsp_retx, efd_valid, efd_due, efd_pending, idle;
  logic [15:0]            rsp_ev, efd_ev, dbg_slot0;
  uet_lb_pkg::decision_e  rsp_decision;
  logic [GroupW-1:0]      rsp_group, efd_group;
  logic [31:0]            rsp_psn, efd_psn, efd_time, reg_rdata, dbg_start;
  logic                   reg_werr;
  logic [$clog2(TrackerEntries+1)-1:0] efd_tracked;
  logic                   dbg_open, dbg_wrapped, dbg_freezing;
  logic [BufBitsMax:0]    dbg_count;
  logic [BufBitsMax-1:0]  dbg_wr, dbg_replay;
  logic [11:0]            dbg_left;

  `define UET_LB_WRAP_PORTS \
    .clk_i (clk_i), .rst_ni (rst_n_q), \
    .now_i          (chain_q[31:0]), \
    .base_rtt_i     (chain_q[51:32]), \
    .open_valid_i   (chain_q[52]), \
    .open_ready_o   (open_ready), \
    .open_group_i   (chain_q[53 +: GroupW]), \
    .open_port_i    (chain_q[53 + GroupW +: 16]), \
    .fb_valid_i     (chain_q[69 + GroupW]), \
    .fb_ready_o     (fb_ready), \
    .fb_group_i     (chain_q[70 + GroupW +: GroupW]), \
    .fb_kind_i      (chain_q[70 + 2 * GroupW +: 3]), \
    .fb_ev_i        (chain_q[73 + 2 * GroupW +: 16]), \
    .fb_psn_i       (chain_q[89 + 2 * GroupW +: 32]), \
    .req_valid_i    (chain_q[121 + 2 * GroupW]), \
    .req_ready_o    (req_ready), \
    .req_group_i    (chain_q[122 + 2 * GroupW +: GroupW]), \
    .req_psn_i      (chain_q[122 + 3 * GroupW +: 32]), \
    .req_retx_i     (chain_q[154 + 3 * GroupW]), \
    .rsp_valid_o    (rsp_valid), \
    .rsp_ready_i    (chain_q[155 + 3 * GroupW]), \
    .rsp_ev_o       (rsp_ev), \
    .rsp_decision_o (rsp_decision), \
    .rsp_group_o    (rsp_group), \
    .rsp_psn_o      (rsp_psn), \
    .rsp_retx_o     (rsp_retx), \
    .efd_valid_o    (efd_valid), \
    .efd_group_o    (efd_group), \
    .efd_psn_o      (efd_psn), \
    .efd_ev_o       (efd_ev), \
    .efd_time_o     (efd_time), \
    .efd_due_o      (efd_due), \
    .efd_pending_o  (efd_pending), \
    .efd_tracked_o  (efd_tracked), \
    .idle_o         (idle), \
    .dbg_group_i    (chain_q[156 + 3 * GroupW +: GroupW]), \
    .dbg_open_o (dbg_open), .dbg_count_o (dbg_count), .dbg_wr_o (dbg_wr), .dbg_replay_o (dbg_replay), \
    .dbg_wrapped_o (dbg_wrapped), .dbg_freezing_o (dbg_freezing), .dbg_freeze_start_o (dbg_start), \
    .dbg_window_left_o (dbg_left), .dbg_slot0_o (dbg_slot0), \
    .reg_we_i       (chain_q[156 + 4 * GroupW]), \
    .reg_addr_i     (chain_q[157 + 4 * GroupW +: 6]), \
    .reg_wdata_i    (chain_q[163 + 4 * GroupW +: 32]), \
    .reg_rdata_o    (reg_rdata), \
    .reg_werr_o     (reg_werr), \
    .ecc_inj_i (1'b0), .ecc_inj_slot_i (1'b0), .ecc_inj_group_i ({GroupW{1'b0}}), .ecc_inj_mask_i (128'd0)

  uet_lb #(
    .NumGroups (NumGroups), .BufBitsMax (BufBitsMax), .TrackerEntries (TrackerEntries), .TrackerWays (TrackerWays),
    .TrackerRuns (TrackerRuns), .DbgPort (1'b0), .Ecc (Ecc)
  ) u_core (`UET_LB_WRAP_PORTS);
  `undef UET_LB_WRAP_PORTS

  // Every output is registered first (as the datapath around the core would), then folded into one pin
  // over registered stages of 16-input parities (two LUT4 levels, or two LUT6 levels, each), so the fold
  // is never deeper than the core's own paths: one parity over all of the ~270 output bits had been 4 to 5
  // LUT levels, as deep as the core at 1,024 groups, and 36-input parities 3 LUT4 levels on the iCE40.
  localparam int unsigned OutBits = $bits({open_ready, fb_ready, req_ready, rsp_valid, rsp_retx, rsp_ev, rsp_decision,
                                           rsp_group, rsp_psn, efd_valid, efd_due, efd_pending, idle, efd_ev, efd_group, efd_psn,
                                           efd_time, efd_tracked, reg_rdata, reg_werr, dbg_open, dbg_wrapped, dbg_freezing,
                                           dbg_count, dbg_wr, dbg_replay, dbg_start, dbg_left, dbg_slot0});
  localparam int unsigned Fold1 = (OutBits + 15) / 16;
  localparam int unsigned Fold2 = (Fold1 + 15) / 16;
  logic [Fold1*16-1:0] out_q;
  logic [Fold2*16-1:0] fold1_q;
  logic [Fold2-1:0]    fold2_q;
  always_ff @(posedge clk_i) begin
    out_q   <= (Fold1 * 16)'({open_ready, fb_ready, req_ready, rsp_valid, rsp_retx, rsp_ev, rsp_decision, rsp_group,
                              rsp_psn, efd_valid, efd_due, efd_pending, idle, efd_ev, efd_group, efd_psn, efd_time, efd_tracked,
                              reg_rdata, reg_werr, dbg_open, dbg_wrapped, dbg_freezing, dbg_count, dbg_wr, dbg_replay, dbg_start,
                              dbg_left, dbg_slot0});
    fold1_q <= '0;
    for (int k = 0; k < Fold1; k++) fold1_q[k] <= ^out_q[16*k +: 16];
    for (int k = 0; k < Fold2; k++) fold2_q[k] <= ^fold1_q[16*k +: 16];
    dout_o  <= ^fold2_q;
  end
endmodule
