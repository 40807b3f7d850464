// AXI4-Lite slave in front of the core's register port (reg_we/addr/wdata, read data a cycle after the
// address, the refusal of a write two cycles after it). One register access at a time: a write when its
// address and data have both arrived, a read when its address has; reads and writes take turns when both
// wait. The write and read address channels and the write data channel each have a one-beat holding
// register, so a master may send them in any order and overlap a read with a write.
//
// Responses: OKAY, or SLVERR for a write the register block refused (out of range, locked, unknown or
// read-only address: the STATUS error bits are set as for any refused write), for a write whose WSTRB is
// not 4'hF (not passed on: registers are whole words), and for a read of an address that names no
// register (read data 0). AWPROT and ARPROT are ignored. Byte address bits [1:0] are ignored.
`default_nettype none

module uet_lb_axil #(
  parameter int unsigned AddrW = 8   ///< AXI address width (byte address), 8..32
) (
  input  logic             clk_i,
  input  logic             rst_ni,          ///< synchronous, active low (ARESETn)
  // AXI4-Lite slave.
  input  logic             awvalid_i,
  output logic             awready_o,
  input  logic [AddrW-1:0] awaddr_i,
  input  logic             wvalid_i,
  output logic             wready_o,
  input  logic [31:0]      wdata_i,
  input  logic [3:0]       wstrb_i,
  output logic             bvalid_o,
  input  logic             bready_i,
  output logic [1:0]       bresp_o,
  input  logic             arvalid_i,
  output logic             arready_o,
  input  logic [AddrW-1:0] araddr_i,
  output logic             rvalid_o,
  input  logic             rready_i,
  output logic [31:0]      rdata_o,
  output logic [1:0]       rresp_o,
  // Register port (word addresses).
  output logic             reg_we_o,
  output logic [5:0]       reg_addr_o,
  output logic [31:0]      reg_wdata_o,
  input  logic [31:0]      reg_rdata_i,     ///< the word at reg_addr_o of the cycle before
  input  logic             reg_rerr_i,      ///< that address names no register (with reg_rdata_i)
  input  logic             reg_werr_i       ///< the write of two cycles before was refused
);
  localparam logic [1:0] RespOkay   = 2'b00;
  localparam logic [1:0] RespSlverr = 2'b10;

  if (AddrW < 8 || AddrW > 32) begin : g_bad_addr
    $error("uet_lb_axil: AddrW must be 8..32");
  end

  // Holding registers of the three request channels.
  logic             aw_v_q, w_v_q, ar_v_q;
  logic [AddrW-1:0] aw_q, ar_q;
  logic [31:0]      w_q;
  logic [3:0]       strb_q;
  // The access in flight: a write issued one (wr1) or two (wr2) cycles ago, a read issued one cycle ago.
  logic             wr1_q, wr2_q, rd1_q, skip1_q, skip2_q;  // skip: a refused strobe, not passed on
  logic             last_wr_q;                               // the last access issued was a write
  logic             b_v_q, r_v_q;
  logic [1:0]       b_resp_q, r_resp_q;
  logic [31:0]      r_data_q;
  logic             busy, want_wr, want_rd, do_wr, do_rd, strb_ok, hi_ok_w, hi_ok_r;

  assign busy    = wr1_q || wr2_q || rd1_q;
  // A write may go once its response register is free; a read once its response register is free.
  assign want_wr = aw_v_q && w_v_q && !b_v_q && !busy;
  assign want_rd = ar_v_q && !r_v_q && !busy;
  assign do_wr   = want_wr && (!want_rd || !last_wr_q);
  assign do_rd   = want_rd && !do_wr;
  assign strb_ok = strb_q == 4'hF;
  // Addresses above the 64 words of the register port name no register.
  assign hi_ok_w = (aw_q >> 8) == '0;
  assign hi_ok_r = (ar_q >> 8) == '0;

  assign reg_we_o    = do_wr && strb_ok && hi_ok_w;
  assign reg_addr_o  = do_wr ? aw_q[7:2] : ar_q[7:2];
  assign reg_wdata_o = w_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      aw_v_q    <= 1'b0;
      w_v_q     <= 1'b0;
      ar_v_q    <= 1'b0;
      wr1_q     <= 1'b0;
      wr2_q     <= 1'b0;
      rd1_q     <= 1'b0;
      skip1_q   <= 1'b0;
      skip2_q   <= 1'b0;
      last_wr_q <= 1'b0;
      b_v_q     <= 1'b0;
      r_v_q     <= 1'b0;
      b_resp_q  <= RespOkay;
      r_resp_q  <= RespOkay;
    end else begin
      if (awvalid_i && awready_o) aw_v_q <= 1'b1;
      else if (do_wr) aw_v_q <= 1'b0;
      if (wvalid_i && wready_o) w_v_q <= 1'b1;
      else if (do_wr) w_v_q <= 1'b0;
      if (arvalid_i && arready_o) ar_v_q <= 1'b1;
      else if (do_rd) ar_v_q <= 1'b0;
      wr1_q   <= do_wr;
      skip1_q <= do_wr && !(strb_ok && hi_ok_w);
      wr2_q   <= wr1_q;
      skip2_q <= skip1_q;
      rd1_q   <= do_rd;
      if (do_wr || do_rd) last_wr_q <= do_wr;
      if (wr2_q) begin
        b_v_q    <= 1'b1;
        b_resp_q <= (skip2_q || reg_werr_i) ? RespSlverr : RespOkay;
      end else if (bready_i) begin
        b_v_q <= 1'b0;
      end
      if (rd1_q) begin
        r_v_q    <= 1'b1;
        r_resp_q <= (reg_rerr_i || !hi_ok_r) ? RespSlverr : RespOkay;
      end else if (rready_i) begin
        r_v_q <= 1'b0;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (awvalid_i && awready_o) aw_q <= awaddr_i;
    if (wvalid_i && wready_o) begin
      w_q    <= wdata_i;
      strb_q <= wstrb_i;
    end
    if (arvalid_i && arready_o) ar_q <= araddr_i;
    if (rd1_q) r_data_q <= (reg_rerr_i || !hi_ok_r) ? 32'd0 : reg_rdata_i;
  end

  assign awready_o = !aw_v_q;
  assign wready_o  = !w_v_q;
  assign arready_o = !ar_v_q;
  assign bvalid_o  = b_v_q;
  assign bresp_o   = b_resp_q;
  assign rvalid_o  = r_v_q;
  assign rdata_o   = r_data_q;
  assign rresp_o   = r_resp_q;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      a_one_access: assert (!(do_wr && do_rd));
      a_one_in_flight: assert ($countones({wr1_q, wr2_q, rd1_q}) <= 1);  // one access in flight
      // A response is made only into a free response register.
      if (wr2_q) a_b_free: assert (!b_v_q);
      if (rd1_q) a_r_free: assert (!r_v_q);
    end
  end
`endif
endmodule
