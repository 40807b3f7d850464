// Formal harness of the AXI adapters (uet_lb_axil, uet_lb_axis) with free masters, a free register port
// and a free core behind them (the core only as the core behaves: a response only for a request it took,
// held until taken). Reset in the first cycle.
//   Handshake rules: every VALID the adapters drive stays up, with its payload unchanged, until READY.
//   No lost or duplicated beat: AXI4-Lite - every write (AW and W) gets exactly one B and is passed to the
//   register port at most once with its own address and data, every read (AR) exactly one R carrying the
//   register port's data for its address; AXI4-Stream - a beat passed to the core is a beat taken from the
//   master in the same cycle, every request taken gets exactly one response, in order (a local answer
//   only when the core owes none), and nothing else makes a response.
//   Progress: with BREADY and RREADY held high, an access waits at most 6 cycles for its response.
`default_nettype none

module fv_axi (
  input logic        clk_i,
  input logic        rst_ni,
  // AXI4-Lite master (free, within the rules).
  input logic        awvalid_i,
  input logic [7:0]  awaddr_i,
  input logic        wvalid_i,
  input logic [31:0] wdata_i,
  input logic [3:0]  wstrb_i,
  input logic        bready_i,
  input logic        arvalid_i,
  input logic [7:0]  araddr_i,
  input logic        rready_i,
  input logic        fair_i,          ///< (held) BREADY and RREADY always high: the progress checks apply
  // Register port behind it (free).
  input logic [31:0] reg_rdata_i,
  input logic        reg_rerr_i,
  input logic        reg_werr_i,
  // AXI4-Stream masters (free, within the rules) and the response slave.
  input logic        open_tvalid_i,
  input logic [31:0] open_tdata_i,
  input logic        fb_tvalid_i,
  input logic [63:0] fb_tdata_i,
  input logic [2:0]  fb_tuser_i,
  input logic        req_tvalid_i,
  input logic [63:0] req_tdata_i,
  input logic        req_tuser_i,
  input logic        rsp_tready_i,
  // The core behind them (free, within what it does).
  input logic        open_ready_i,
  input logic        fb_ready_i,
  input logic        req_ready_i,
  input logic        rsp_valid_i,
  input logic [15:0] rsp_ev_i,
  input logic [2:0]  rsp_decision_i,
  input logic [2:0]  rsp_group_i,
  input logic [7:0]  rsp_psn_i,
  input logic        rsp_retx_i
);
  localparam int unsigned GroupW = 3;
  localparam int unsigned PsnW   = 8;

  logic past_q, fair_q;
  initial past_q = 1'b0;
  always_ff @(posedge clk_i) begin
    past_q <= 1'b1;
    fair_q <= fair_i;
  end
  always_comb begin
    assume (rst_ni == past_q);  // reset in the first cycle only
    if (past_q) assume (fair_i == fair_q);
    if (fair_i) assume (bready_i && rready_i);
  end

  // ---------------------------------------------------------------------------------------------
  // AXI4-Lite.
  logic        awready, wready, bvalid, arready, rvalid, reg_we;
  logic [1:0]  bresp, rresp;
  logic [31:0] rdata, reg_wdata;
  logic [5:0]  reg_addr;
  uet_lb_axil #(.AddrW (8)) u_axil (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .awvalid_i (awvalid_i), .awready_o (awready), .awaddr_i (awaddr_i),
    .wvalid_i (wvalid_i), .wready_o (wready), .wdata_i (wdata_i), .wstrb_i (wstrb_i),
    .bvalid_o (bvalid), .bready_i (bready_i), .bresp_o (bresp),
    .arvalid_i (arvalid_i), .arready_o (arready), .araddr_i (araddr_i),
    .rvalid_o (rvalid), .rready_i (rready_i), .rdata_o (rdata), .rresp_o (rresp),
    .reg_we_o (reg_we), .reg_addr_o (reg_addr), .reg_wdata_o (reg_wdata), .reg_rdata_i (reg_rdata_i),
    .reg_rerr_i (reg_rerr_i), .reg_werr_i (reg_werr_i)
  );

  // The master keeps VALID and its payload until READY.
  logic        aw_wait_q, w_wait_q, ar_wait_q;
  logic [7:0]  awaddr_q, araddr_q;
  logic [31:0] wdata_q;
  logic [3:0]  wstrb_q;
  always_ff @(posedge clk_i) begin
    aw_wait_q <= rst_ni && awvalid_i && !awready;
    w_wait_q  <= rst_ni && wvalid_i && !wready;
    ar_wait_q <= rst_ni && arvalid_i && !arready;
    awaddr_q  <= awaddr_i;
    araddr_q  <= araddr_i;
    wdata_q   <= wdata_i;
    wstrb_q   <= wstrb_i;
  end
  always_comb begin
    if (rst_ni && aw_wait_q) assume (awvalid_i && awaddr_i == awaddr_q);
    if (rst_ni && w_wait_q) assume (wvalid_i && wdata_i == wdata_q && wstrb_i == wstrb_q);
    if (rst_ni && ar_wait_q) assume (arvalid_i && araddr_i == araddr_q);
  end

  // Handshakes counted (mod 16), and the beats a write and a read are made of, as the master sent them.
  logic       aw_hs, w_hs, b_hs, ar_hs, r_hs;
  logic [3:0] n_aw_q, n_w_q, n_b_q, n_ar_q, n_r_q;
  assign aw_hs = awvalid_i && awready;
  assign w_hs  = wvalid_i && wready;
  assign b_hs  = bvalid && bready_i;
  assign ar_hs = arvalid_i && arready;
  assign r_hs  = rvalid && rready_i;
  logic [7:0]  m_awaddr_q;
  logic        unused_low;
  assign unused_low = ^m_awaddr_q[1:0];  // (byte lanes: ignored)
  logic [31:0] m_wdata_q;
  logic [3:0]  m_wstrb_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {n_aw_q, n_w_q, n_b_q, n_ar_q, n_r_q} <= '0;
    end else begin
      n_aw_q <= n_aw_q + 4'(aw_hs);
      n_w_q  <= n_w_q + 4'(w_hs);
      n_b_q  <= n_b_q + 4'(b_hs);
      n_ar_q <= n_ar_q + 4'(ar_hs);
      n_r_q  <= n_r_q + 4'(r_hs);
    end
    if (aw_hs) m_awaddr_q <= awaddr_i;
    if (w_hs) begin
      m_wdata_q <= wdata_i;
      m_wstrb_q <= wstrb_i;
    end
  end

  // The register port as it was one, two and three cycles ago: a response rises three cycles after its
  // write was on the port (B) or two after its read address was (R), seen from outside only. (A response
  // rises from low: the next access goes only once the response register is free.)
  logic        we_d1_q, we_d2_q, we_d3_q, werr_d1_q, rerr_d1_q, bvalid_q, rvalid_q;
  logic [5:0]  addr_d1_q, addr_d2_q;
  logic [31:0] rdata_d1_q;
  logic [7:0]  arq_q [2];  // the addresses of the reads taken and not answered, oldest first
  logic [1:0]  arq_n_q;
  always_ff @(posedge clk_i) begin
    we_d1_q    <= reg_we;
    we_d2_q    <= we_d1_q;
    we_d3_q    <= we_d2_q;
    werr_d1_q  <= reg_werr_i;
    rerr_d1_q  <= reg_rerr_i;
    rdata_d1_q <= reg_rdata_i;
    addr_d1_q  <= reg_addr;
    addr_d2_q  <= addr_d1_q;
    bvalid_q   <= rst_ni && bvalid;
    rvalid_q   <= rst_ni && rvalid;
    if (!rst_ni) begin
      arq_n_q <= '0;
    end else begin
      if (r_hs) begin
        arq_q[0] <= arq_q[1];
        if (ar_hs) arq_q[1'(arq_n_q - 2'd1)] <= araddr_i;
      end else if (ar_hs) begin
        arq_q[arq_n_q[0]] <= araddr_i;
      end
      arq_n_q <= arq_n_q + 2'(ar_hs) - 2'(r_hs);
    end
  end

  // Response channels held, payload stable.
  logic        b_wait_q, r_wait_q;
  logic [1:0]  bresp_q, rresp_q;
  logic [31:0] rdata_q;
  always_ff @(posedge clk_i) begin
    b_wait_q <= rst_ni && bvalid && !bready_i;
    r_wait_q <= rst_ni && rvalid && !rready_i;
    bresp_q  <= bresp;
    rresp_q  <= rresp;
    rdata_q  <= rdata;
  end

  logic we_since_b_q;  // a write went to the register port since the last B
  always_ff @(posedge clk_i) we_since_b_q <= rst_ni && (reg_we || (we_since_b_q && !b_hs));

  // Progress: cycles a complete write (or a read) has waited for its response.
  logic [3:0] wr_age_q, rd_age_q;
  logic       wr_waiting, rd_waiting;
  assign wr_waiting = n_aw_q != n_b_q && n_w_q != n_b_q;
  assign rd_waiting = n_ar_q != n_r_q;
  always_ff @(posedge clk_i) begin
    wr_age_q <= (!rst_ni || !wr_waiting || b_hs) ? 4'd0 : wr_age_q + 4'd1;
    rd_age_q <= (!rst_ni || !rd_waiting || r_hs) ? 4'd0 : rd_age_q + 4'd1;
  end

  always_comb begin
    if (past_q && rst_ni) begin
      if (b_wait_q) fv_b_held: assert (bvalid && bresp == bresp_q);
      if (r_wait_q) fv_r_held: assert (rvalid && rresp == rresp_q && rdata == rdata_q);
      // Every B answers one write whose address and data have both been taken, every R one read; at most
      // two of each are open (one held, one issued or answered).
      fv_open_at_most_two: assert (n_aw_q - n_b_q <= 4'd2 && n_w_q - n_b_q <= 4'd2 && n_ar_q - n_r_q <= 4'd2);
      if (bvalid) fv_b_answers_write: assert (n_aw_q != n_b_q && n_w_q != n_b_q);
      if (rvalid) fv_r_answers_read: assert (n_ar_q != n_r_q);
      // The register port sees each write at most once (none since the last B), with its own address and
      // data, whole words only.
      if (reg_we) begin
        fv_reg_write_once: assert (!we_since_b_q && n_aw_q != n_b_q && n_w_q != n_b_q);
        fv_reg_write_fields: assert (reg_addr == m_awaddr_q[7:2] && reg_wdata == m_wdata_q && m_wstrb_q == 4'hF);
      end
      // A read's response carries what the port returned for its own address; a write's says whether it
      // was passed on and taken.
      fv_reads_queued: assert (arq_n_q <= 2'd2);
      if (rvalid && !rvalid_q) fv_read_response: assert (arq_n_q != '0 && addr_d2_q == arq_q[0][7:2] &&
                                       rdata == (rerr_d1_q ? 32'd0 : rdata_d1_q) && rresp == {rerr_d1_q, 1'b0});
      if (bvalid && !bvalid_q) fv_write_response: assert (bresp == {!we_d3_q || werr_d1_q, 1'b0});
      if (fair_i) fv_fair_ages: assert (wr_age_q <= 4'd6 && rd_age_q <= 4'd6);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // AXI4-Stream.
  logic              open_tready, fb_tready, req_tready, rsp_tvalid;
  logic [63:0]       rsp_tdata;
  logic [3:0]        rsp_tuser;
  logic              open_valid, fb_valid, req_valid, req_retx, rsp_ready;
  logic [GroupW-1:0] open_group, fb_group, req_group;
  logic [15:0]       open_port, fb_ev;
  logic [2:0]        fb_kind;
  logic [PsnW-1:0]   fb_psn, req_psn;
  logic [1:0]        bad_beats;
  uet_lb_axis #(.GroupW (GroupW), .PsnWidth (PsnW), .MaxOwed (4)) u_axis (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .s_open_tvalid_i (open_tvalid_i), .s_open_tready_o (open_tready), .s_open_tdata_i (open_tdata_i),
    .s_fb_tvalid_i (fb_tvalid_i), .s_fb_tready_o (fb_tready), .s_fb_tdata_i (fb_tdata_i), .s_fb_tuser_i (fb_tuser_i),
    .s_req_tvalid_i (req_tvalid_i), .s_req_tready_o (req_tready), .s_req_tdata_i (req_tdata_i),
    .s_req_tuser_i (req_tuser_i),
    .m_rsp_tvalid_o (rsp_tvalid), .m_rsp_tready_i (rsp_tready_i), .m_rsp_tdata_o (rsp_tdata), .m_rsp_tuser_o (rsp_tuser),
    .open_valid_o (open_valid), .open_ready_i (open_ready_i), .open_group_o (open_group), .open_port_o (open_port),
    .fb_valid_o (fb_valid), .fb_ready_i (fb_ready_i), .fb_group_o (fb_group), .fb_kind_o (fb_kind), .fb_ev_o (fb_ev),
    .fb_psn_o (fb_psn),
    .req_valid_o (req_valid), .req_ready_i (req_ready_i), .req_group_o (req_group), .req_psn_o (req_psn),
    .req_retx_o (req_retx),
    .rsp_valid_i (rsp_valid_i), .rsp_ready_o (rsp_ready), .rsp_ev_i (rsp_ev_i), .rsp_decision_i (rsp_decision_i),
    .rsp_group_i (rsp_group_i), .rsp_psn_i (rsp_psn_i), .rsp_retx_i (rsp_retx_i),
    .bad_beats_o (bad_beats)
  );

  // Stream masters hold; the core holds a response until taken, and owes one per request it took (at most 4).
  logic              so_wait_q, sf_wait_q, sr_wait_q, cr_wait_q, m_wait_q;
  logic [31:0]       so_data_q;
  logic [63:0]       sf_data_q, sr_data_q, m_data_q;
  logic [2:0]        sf_user_q;
  logic              sr_user_q;
  logic [3:0]        m_user_q;
  logic [30:0]       cr_q;  // the core's response payload
  logic [2:0]        owed_q;
  logic              core_req, core_rsp;
  assign core_req = req_valid && req_ready_i;
  assign core_rsp = rsp_valid_i && rsp_ready;
  always_ff @(posedge clk_i) begin
    so_wait_q <= rst_ni && open_tvalid_i && !open_tready;
    sf_wait_q <= rst_ni && fb_tvalid_i && !fb_tready;
    sr_wait_q <= rst_ni && req_tvalid_i && !req_tready;
    cr_wait_q <= rst_ni && rsp_valid_i && !rsp_ready;
    m_wait_q  <= rst_ni && rsp_tvalid && !rsp_tready_i;
    so_data_q <= open_tdata_i;
    sf_data_q <= fb_tdata_i;
    sf_user_q <= fb_tuser_i;
    sr_data_q <= req_tdata_i;
    sr_user_q <= req_tuser_i;
    cr_q      <= {rsp_ev_i, rsp_decision_i, rsp_group_i, rsp_psn_i, rsp_retx_i};
    m_data_q  <= rsp_tdata;
    m_user_q  <= rsp_tuser;
    if (!rst_ni) owed_q <= '0;
    else owed_q <= owed_q + 3'(core_req) - 3'(core_rsp);
  end
  always_comb begin
    if (rst_ni && so_wait_q) assume (open_tvalid_i && open_tdata_i == so_data_q);
    if (rst_ni && sf_wait_q) assume (fb_tvalid_i && fb_tdata_i == sf_data_q && fb_tuser_i == sf_user_q);
    if (rst_ni && sr_wait_q) assume (req_tvalid_i && req_tdata_i == sr_data_q && req_tuser_i == sr_user_q);
    if (rst_ni && cr_wait_q) assume (rsp_valid_i && {rsp_ev_i, rsp_decision_i, rsp_group_i, rsp_psn_i, rsp_retx_i} == cr_q);
    if (rst_ni && owed_q == '0) assume (!rsp_valid_i);
    if (rst_ni && owed_q == 3'd4) assume (!req_ready_i);
  end

  // Requests taken and responses given (mod 16).
  logic [3:0] n_req_q, n_rsp_q;
  logic       s_req_hs, m_rsp_hs, loc_out;  // loc_out: a response not from the core (the local answer)
  assign s_req_hs = req_tvalid_i && req_tready;
  assign m_rsp_hs = rsp_tvalid && rsp_tready_i;
  assign loc_out  = rsp_tvalid && !rsp_valid_i;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      n_req_q <= '0;
      n_rsp_q <= '0;
    end else begin
      n_req_q <= n_req_q + 4'(s_req_hs);
      n_rsp_q <= n_rsp_q + 4'(m_rsp_hs);
    end
  end

  logic bad_open, bad_fb, bad_req;
  assign bad_open = open_tdata_i[15:GroupW] != '0;
  assign bad_fb   = fb_tdata_i[15:GroupW] != '0 || fb_tuser_i > 3'd4;
  assign bad_req  = req_tdata_i[15:GroupW] != '0;
  always_comb begin
    if (past_q && rst_ni) begin
      if (m_wait_q) fv_rsp_held: assert (rsp_tvalid && rsp_tdata == m_data_q && rsp_tuser == m_user_q);
      // A beat reaches the core only in the cycle the master's beat is taken, unchanged.
      if (open_valid && open_ready_i) fv_open_passed: assert (open_tvalid_i && open_tready && !bad_open &&
                                              {open_port, 13'd0, open_group} == open_tdata_i);
      if (fb_valid && fb_ready_i) fv_fb_passed: assert (fb_tvalid_i && fb_tready && !bad_fb && fb_kind == fb_tuser_i &&
                                          fb_group == fb_tdata_i[GroupW-1:0] && fb_ev == fb_tdata_i[31:16] &&
                                          fb_psn == fb_tdata_i[32 +: PsnW]);
      if (core_req) fv_req_passed: assert (s_req_hs && !bad_req && req_group == req_tdata_i[GroupW-1:0] &&
                            req_psn == req_tdata_i[32 +: PsnW] && req_retx == req_tuser_i);
      // A beat taken from a master either reaches the core in that cycle or is counted.
      if (open_tvalid_i && open_tready) fv_open_taken: assert ((open_valid && open_ready_i) || bad_open);
      if (fb_tvalid_i && fb_tready) fv_fb_taken: assert ((fb_valid && fb_ready_i) || bad_fb);
      if (s_req_hs) fv_req_taken: assert (core_req || bad_req);
      fv_bad_counted: assert (bad_beats == 2'(open_tvalid_i && open_tready && bad_open) + 2'(fb_tvalid_i && fb_tready && bad_fb)
                           + 2'(s_req_hs && bad_req));
      // One response per request taken: responses given + those owed = requests taken.
      fv_rsp_per_req: assert (n_rsp_q + 4'(owed_q) + 4'(loc_out) == n_req_q);
      // A core response goes out unchanged; the local answer only when the core owes none.
      if (rsp_valid_i) fv_core_rsp_passed: assert (rsp_tvalid && rsp_ready == rsp_tready_i && rsp_tdata == {24'd0, rsp_psn_i, rsp_ev_i, 13'd0, rsp_group_i}
                                           && rsp_tuser == {rsp_retx_i, rsp_decision_i});
      if (loc_out) fv_local_rsp: assert (owed_q == '0 && !rsp_ready && rsp_tuser[2:0] == 3'd0 && rsp_tdata[31:16] == 16'd0);
    end
  end

  // Reached within the depth (each flag stays set once its case is seen; scripts/hw/formal.sh asks for a
  // trace that sets each): a refused write answered, a read and a write answered at once, a local answer
  // taken, a core response held under back-pressure.
  (* keep *) logic seen_refused_q, seen_both_q, seen_local_q, seen_held_q;
  logic unused_seen;
  assign unused_seen = ^{seen_refused_q, seen_both_q, seen_local_q, seen_held_q};
  initial {seen_refused_q, seen_both_q, seen_local_q, seen_held_q} = '0;
  always_ff @(posedge clk_i) begin
    if (past_q && rst_ni) begin
      if (bvalid && bresp == 2'b10 && we_d3_q) seen_refused_q <= 1'b1;
      if (bvalid && rvalid) seen_both_q <= 1'b1;
      if (loc_out && rsp_tready_i) seen_local_q <= 1'b1;
      if (m_wait_q && rsp_valid_i) seen_held_q <= 1'b1;
    end
  end
endmodule
