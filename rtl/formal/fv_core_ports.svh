// The one port list the formal harnesses fv_top (uet_lb) and fv_pipe (uet_lb_pipe) share: both cores
// have the same ports, built here at the harness sizes (2 groups, 4-bit PSN, 16-bit time, 4-bit base
// RTT, BufBitsMax 1, TrackerEntries 2, WindowWidth 3).
//   FV_CORE_SIZES   the core's parameters at those sizes;
//   FV_CORE_INPUTS  the harness's own inputs (every core input but the observation port), for its header;
//   FV_CORE_SIGNALS the core's outputs as harness signals (the dbg_* ones named unused_*);
//   FV_CORE_CONNECT the core's named port connections (dbg_group_i tied to group 0).
// Lint passes -Irtl/formal so that Verilator finds this file; Yosys looks beside the including file.
`ifndef FV_CORE_PORTS_SVH
`define FV_CORE_PORTS_SVH

`define FV_CORE_SIZES \
  .NumGroups (2), .BufBitsMax (1), .TsWidth (16), .PsnWidth (4), .TrackerEntries (2), .WindowWidth (3), \
  .BaseRttWidth (4)

`define FV_CORE_INPUTS \
  input logic        clk_i, \
  input logic        rst_ni, \
  input logic [15:0] now_i, \
  input logic [3:0]  base_rtt_i, \
  input logic        open_valid_i, \
  input logic        open_group_i, \
  input logic [15:0] open_port_i, \
  input logic        fb_valid_i, \
  input logic        fb_group_i, \
  input logic [2:0]  fb_kind_i, \
  input logic [15:0] fb_ev_i, \
  input logic [3:0]  fb_psn_i, \
  input logic        req_valid_i, \
  input logic        req_group_i, \
  input logic [3:0]  req_psn_i, \
  input logic        req_retx_i, \
  input logic        rsp_ready_i, \
  input logic        reg_we_i, \
  input logic [5:0]  reg_addr_i, \
  input logic [31:0] reg_wdata_i

`define FV_CORE_SIGNALS \
  logic        open_ready, fb_ready, req_ready, rsp_valid, rsp_retx, efd_valid, efd_due; \
  logic [15:0] rsp_ev, efd_ev; \
  uet_lb_pkg::decision_e rsp_decision; \
  logic        rsp_group, efd_group; \
  logic [3:0]  rsp_psn, efd_psn; \
  logic [15:0] efd_time; \
  logic [1:0]  efd_tracked; \
  logic        idle; \
  logic [31:0] reg_rdata; \
  logic        unused_dbg_open, unused_dbg_wrapped, unused_dbg_freezing; \
  logic [1:0]  unused_dbg_count; \
  logic        unused_dbg_wr, unused_dbg_replay; \
  logic [15:0] unused_dbg_start, unused_dbg_slot0; \
  logic [2:0]  unused_dbg_left;

`define FV_CORE_CONNECT \
  .clk_i (clk_i), .rst_ni (rst_ni), .now_i (now_i), .base_rtt_i (base_rtt_i), \
  .open_valid_i (open_valid_i), .open_ready_o (open_ready), .open_group_i (open_group_i), .open_port_i (open_port_i), \
  .fb_valid_i (fb_valid_i), .fb_ready_o (fb_ready), .fb_group_i (fb_group_i), \
  .fb_kind_i (fb_kind_i), .fb_ev_i (fb_ev_i), .fb_psn_i (fb_psn_i), \
  .req_valid_i (req_valid_i), .req_ready_o (req_ready), .req_group_i (req_group_i), .req_psn_i (req_psn_i), \
  .req_retx_i (req_retx_i), \
  .rsp_valid_o (rsp_valid), .rsp_ready_i (rsp_ready_i), .rsp_ev_o (rsp_ev), .rsp_decision_o (rsp_decision), \
  .rsp_group_o (rsp_group), .rsp_psn_o (rsp_psn), .rsp_retx_o (rsp_retx), \
  .efd_valid_o (efd_valid), .efd_group_o (efd_group), .efd_psn_o (efd_psn), .efd_ev_o (efd_ev), \
  .efd_time_o (efd_time), .efd_due_o (efd_due), .efd_tracked_o (efd_tracked), .idle_o (idle), \
  .dbg_group_i (1'b0), .dbg_open_o (unused_dbg_open), .dbg_count_o (unused_dbg_count), .dbg_wr_o (unused_dbg_wr), \
  .dbg_replay_o (unused_dbg_replay), .dbg_wrapped_o (unused_dbg_wrapped), .dbg_freezing_o (unused_dbg_freezing), \
  .dbg_freeze_start_o (unused_dbg_start), .dbg_window_left_o (unused_dbg_left), .dbg_slot0_o (unused_dbg_slot0), \
  .reg_we_i (reg_we_i), .reg_addr_i (reg_addr_i), .reg_wdata_i (reg_wdata_i), .reg_rdata_o (reg_rdata)

`endif  // FV_CORE_PORTS_SVH
