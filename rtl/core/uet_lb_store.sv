// The per-group state store: the sweep that closes every group, two RAM banks of state words, one written
// by each lane (bank F by the feedback lane and the group-closing sweep, bank R by the request lane), and
// a live-value table with one bit per group saying which bank holds the group's newest word. Each reader
// has a copy of both banks and reads the newest word of a group: the address given at one edge, the word
// out three edges later, registered (the RAMs' registered read, their output register with the table's bit
// selecting the bank, then the SECDED decoder), as the words and bits were at the edge of the address. A
// read of a group written at the edge of its address is undefined, as a block RAM's read of the word its
// other port writes (the core forwards the newest result there instead).
//
// Protection (Ecc): every word is stored with the check bits of uet_lb_secded_pkg's Hsiao code; a read
// corrects one flipped bit (rd_single_o) and detects two (rd_double_o, the word then is not to be trusted).
// Test-only injection (inj_*): the next write of the named group, in either bank, stores its codeword XOR
// the mask, in every reader's copy.
//
// The sweep runs after reset and after a CTRL clear (clear_i): it writes a zero word (a closed group, whose
// check bits are zero too) into bank F, one group a cycle, and points the table at bank F; the core holds
// its streams meanwhile.
//
// The table is written at the banks' write (stage X of the core) from one-hot rows and columns decoded a
// cycle ahead (at stage L) from the lanes' groups, so a bit's write enable is the AND of two flip-flops
// whatever the group count (an indexed write made Yosys compute the bit's offset with a subtraction, a
// carry chain on the ECP5's critical path). The core asserts that the decoded writes are the bank writes.
`default_nettype none

module uet_lb_store #(
  parameter int unsigned NumGroups = 16,
  parameter int unsigned StateW    = 64,
  parameter int unsigned Readers   = 2,
  parameter bit          Ecc       = 1'b1,  ///< store SECDED check bits with every word
  // Derived, do not override.
  parameter int unsigned GroupW    = (NumGroups > 1) ? $clog2(NumGroups) : 1,
  parameter int unsigned CodeW     = StateW + (Ecc ? uet_lb_secded_pkg::check_bits(StateW) : 0)
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,      ///< synchronous, active low: the sweep starts
  input  logic                        clear_i,     ///< close every group: the sweep starts (again)
  output logic                        sweep_o,     ///< the sweep runs: no event may read or write
  output logic                        sweep_next_o,///< sweep_o next cycle
  // Next cycle's writes, decoded a cycle ahead (stage L): each lane's group and whether it writes.
  input  logic                        next_wf_i,
  input  logic [GroupW-1:0]           next_wf_group_i,
  input  logic                        next_wr_i,
  input  logic [GroupW-1:0]           next_wr_group_i,
  // This cycle's writes (stage X): bank F, bank R.
  input  logic                        wf_i,
  input  logic [GroupW-1:0]           wf_group_i,
  input  logic [StateW-1:0]           wf_word_i,
  input  logic                        wr_i,
  input  logic [GroupW-1:0]           wr_group_i,
  input  logic [StateW-1:0]           wr_word_i,
  // Reads: reader k's group at an edge, its newest word three edges later (registered), with the decoder's
  // flags (0 without Ecc).
  input  logic [Readers*GroupW-1:0]   rd_group_i,
  output logic [Readers*StateW-1:0]   rd_word_o,
  output logic [Readers-1:0]          rd_single_o,  ///< one bit was flipped, corrected in rd_word_o
  output logic [Readers-1:0]          rd_double_o,  ///< two were: rd_word_o is not to be trusted
  // Test-only error injection (tie inj_i to 0): the next write of group inj_group_i stores the mask's flips.
  input  logic                        inj_i,
  input  logic [GroupW-1:0]           inj_group_i,
  input  logic [CodeW-1:0]            inj_mask_i
);
  // The sweep.
  logic              sweep_q;
  logic [GroupW-1:0] sweep_idx_q;
  assign sweep_next_o = clear_i || (sweep_q && 32'(sweep_idx_q) != NumGroups - 1);
  assign sweep_o      = sweep_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      sweep_q     <= 1'b1;
      sweep_idx_q <= '0;
    end else if (sweep_q) begin
      sweep_idx_q <= sweep_idx_q + 1'b1;
      if (32'(sweep_idx_q) == NumGroups - 1) sweep_q <= 1'b0;
    end
  end

  // Injection: armed by inj_i, matched against next cycle's writes a cycle ahead (stage L), spent by the write.
  logic              inj_q, inj_f_q, inj_r_q;
  logic [GroupW-1:0] inj_g_q;
  logic [CodeW-1:0]  inj_mask_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {inj_q, inj_f_q, inj_r_q} <= '0;
    end else begin
      // (Once: not again while the write it matched is being made.)
      inj_f_q <= inj_q && !inj_f_q && !inj_r_q && next_wf_i && next_wf_group_i == inj_g_q;
      inj_r_q <= inj_q && !inj_f_q && !inj_r_q && next_wr_i && next_wr_group_i == inj_g_q;
      if (inj_i) inj_q <= 1'b1;
      else if (inj_f_q || inj_r_q) inj_q <= 1'b0;
    end
    if (inj_i) begin
      inj_g_q    <= inj_group_i;
      inj_mask_q <= inj_mask_i;
    end
  end

  // The banks, a copy per reader; the words as codewords ({check, data} with Ecc).
  logic [CodeW-1:0]  bank_f_q [Readers], bank_r_q [Readers];
  logic [CodeW-1:0]  code_f, code_r;
  logic              bank_f_we;
  logic [GroupW-1:0] bank_f_wa;
  logic [CodeW-1:0]  bank_f_wd, bank_r_wd;
  if (Ecc) begin : g_enc
    uet_lb_secded_enc #(.K (StateW)) u_enc_f (.data_i (wf_word_i), .code_o (code_f));
    uet_lb_secded_enc #(.K (StateW)) u_enc_r (.data_i (wr_word_i), .code_o (code_r));
  end else begin : g_no_enc
    assign code_f = wf_word_i;
    assign code_r = wr_word_i;
  end
  assign bank_f_we = sweep_q || wf_i;
  assign bank_f_wa = sweep_q ? sweep_idx_q : wf_group_i;
  assign bank_f_wd = sweep_q ? '0 : (code_f ^ (inj_f_q ? inj_mask_q : '0));
  assign bank_r_wd = code_r ^ (inj_r_q ? inj_mask_q : '0);
  for (genvar k = 0; k < Readers; k++) begin : g_bank
    uet_lb_ram #(.Depth (NumGroups), .Width (CodeW), .OutReg (1'b1)) u_f (
      .clk_i (clk_i), .we_i (bank_f_we), .waddr_i (bank_f_wa), .wdata_i (bank_f_wd),
      .raddr_i (rd_group_i[k * GroupW +: GroupW]), .rdata_o (bank_f_q[k])
    );
    uet_lb_ram #(.Depth (NumGroups), .Width (CodeW), .OutReg (1'b1)) u_r (
      .clk_i (clk_i), .we_i (wr_i && !sweep_q), .waddr_i (wr_group_i), .wdata_i (bank_r_wd),
      .raddr_i (rd_group_i[k * GroupW +: GroupW]), .rdata_o (bank_r_q[k])
    );
  end

  // The live-value table: 1 = bank R. Rows and columns of the groups each lane writes next cycle.
  localparam int unsigned ColW = (GroupW >= 5) ? 5 : GroupW;
  localparam int unsigned Cols = 1 << ColW;
  localparam int unsigned Rows = (NumGroups + Cols - 1) / Cols;
  logic [NumGroups-1:0] lvt_q;
  logic [Readers-1:0]   lvt_bit;
  logic [Rows-1:0]      fr_q, rr_q;  // rows written by the feedback lane, the request lane
  logic [Cols-1:0]      fc_q, rc_q;  // their columns
  // (Decoded by comparing the group's bits with each row's and column's number.)
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Rows; i++) begin
      fr_q[i] <= rst_ni && next_wf_i && (32'(next_wf_group_i) >> ColW) == i;
      rr_q[i] <= rst_ni && next_wr_i && (32'(next_wr_group_i) >> ColW) == i;
    end
    for (int i = 0; i < Cols; i++) begin
      fc_q[i] <= (32'(next_wf_group_i) & (Cols - 1)) == i;
      rc_q[i] <= (32'(next_wr_group_i) & (Cols - 1)) == i;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || sweep_q) begin
      lvt_q <= '0;
    end else begin
      for (int g = 0; g < NumGroups; g++) begin
        if (rr_q[g / Cols] && rc_q[g % Cols]) lvt_q[g] <= 1'b1;
        else if (fr_q[g / Cols] && fc_q[g % Cols]) lvt_q[g] <= 1'b0;
      end
    end
  end
  for (genvar k = 0; k < Readers; k++) begin : g_read
    uet_lb_bitsel #(.N (NumGroups), .ReadW (1)) u_sel (
      .clk_i (clk_i), .bits_i (lvt_q), .idx_i (rd_group_i[k * GroupW +: GroupW]), .data_o (lvt_bit[k])
    );
    // The newest codeword, decoded, registered.
    logic [CodeW-1:0]  code;
    logic [StateW-1:0] data;
    logic              single, double;
    assign code = lvt_bit[k] ? bank_r_q[k] : bank_f_q[k];
    if (Ecc) begin : g_dec
      uet_lb_secded_dec #(.K (StateW)) u_dec (.code_i (code), .data_o (data), .single_o (single), .double_o (double));
    end else begin : g_no_dec
      assign data   = code;
      assign single = 1'b0;
      assign double = 1'b0;
    end
    always_ff @(posedge clk_i) begin
      rd_word_o[k * StateW +: StateW] <= data;
      rd_single_o[k]                  <= single;
      rd_double_o[k]                  <= double;
    end
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      // The decoded writes are this cycle's bank writes.
      a_rows: assert ((fr_q != '0) == wf_i && (rr_q != '0) == wr_i);
      if (wf_i) a_f_decode: assert (fr_q[32'(wf_group_i) / Cols] && fc_q[32'(wf_group_i) % Cols]);
      if (wr_i) a_r_decode: assert (rr_q[32'(wr_group_i) / Cols] && rc_q[32'(wr_group_i) % Cols]);
      // Both lanes never write one group in one cycle (the feedback lane's word then goes nowhere: the
      // request lane's holds both events).
      if (wf_i && wr_i) a_one_writer: assert (wf_group_i != wr_group_i);
    end
  end
`endif
endmodule
