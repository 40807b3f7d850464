// Formal harness of uet_lb_store (4 groups, 3-bit words with SECDED, two readers): against a reference of
// each group's newest word, every read shows the newest word as it was at the edge of its address, three
// edges later, unless a lane wrote its group at that edge (undefined, as a block RAM's read of the word
// being written); an injection of one or two flipped bits into the next write of a group is corrected (the
// word exact, single set) or detected (double set), a clean word reads with neither flag. Writes are
// free each cycle within the rules the core keeps: each lane's write announced a cycle ahead with its
// group (stage L, then stage X), the two lanes never on one group in one cycle, nothing written or read
// while the sweep runs (the core holds its streams); a clear may restart the sweep at any time. After the
// sweep every group reads a zero word. Yosys sat: BMC from reset; cover flags for a read of bank R's word
// and of bank F's word after bank R held the group.
`default_nettype none

module fv_store #(
  parameter bit          Ecc   = 1'b1,             // 0: the store without check bits, and no injection
  parameter int unsigned CodeW = Ecc ? 3 + 4 : 3  // (derived: a stored word's bits)
) (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       clear_i,
  input logic       next_wf_i,
  input logic [1:0] next_wf_group_i,
  input logic       next_wr_i,
  input logic [1:0] next_wr_group_i,
  input logic [2:0] wf_word_i,
  input logic [2:0] wr_word_i,
  input logic [3:0] rd_group_i,  // two readers' groups
  input logic       inj_i,
  input logic [1:0] inj_group_i,
  input logic [CodeW-1:0] inj_mask_i  // (3 data bits, and 4 check bits with Ecc)
);
  localparam int unsigned G = 4;
  logic       sweep, sweep_next;
  logic [5:0] rd_word;
  logic [1:0] rd_single, rd_double;
  logic       wf_q, wr_q;
  logic [1:0] wf_g_q, wr_g_q;
  uet_lb_store #(.NumGroups (G), .StateW (3), .Readers (2), .Ecc (Ecc)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .clear_i (clear_i), .sweep_o (sweep), .sweep_next_o (sweep_next),
    .next_wf_i (next_wf_i), .next_wf_group_i (next_wf_group_i), .next_wr_i (next_wr_i),
    .next_wr_group_i (next_wr_group_i),
    .wf_i (wf_q), .wf_group_i (wf_g_q), .wf_word_i (wf_word_i), .wr_i (wr_q), .wr_group_i (wr_g_q),
    .wr_word_i (wr_word_i), .rd_group_i (rd_group_i), .rd_word_o (rd_word), .rd_single_o (rd_single),
    .rd_double_o (rd_double), .inj_i (inj_i), .inj_group_i (inj_group_i), .inj_mask_i (inj_mask_i)
  );

  logic       past_valid_q;
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);  // the first cycle is a reset
    // The core's rules: no write announced for a cycle of the sweep (it holds its streams from the cycle
    // before), none while the sweep runs, and the lanes on different groups.
    if (sweep || sweep_next || !rst_ni) assume (!next_wf_i && !next_wr_i);
    assume (!(next_wf_i && next_wr_i && next_wf_group_i == next_wr_group_i));
    assume ($countones(inj_mask_i) <= (Ecc ? 2 : 0));
  end
  // The injection, as the store takes it: armed by inj_i, it flips the first write announced after.
  logic       arm_q, hit_f_q, hit_r_q;
  logic [1:0] arm_g_q, flips_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {arm_q, hit_f_q, hit_r_q} <= '0;
    end else begin
      hit_f_q <= arm_q && !hit_f_q && !hit_r_q && next_wf_i && next_wf_group_i == arm_g_q;
      hit_r_q <= arm_q && !hit_f_q && !hit_r_q && next_wr_i && next_wr_group_i == arm_g_q;
      if (inj_i) arm_q <= 1'b1;
      else if (hit_f_q || hit_r_q) arm_q <= 1'b0;
    end
    if (inj_i) begin
      arm_g_q <= inj_group_i;
      flips_q <= 2'($countones(inj_mask_i));
    end
  end
  // Stage L to stage X: the write announced is the write made.
  always_ff @(posedge clk_i) begin
    wf_q   <= rst_ni && next_wf_i;
    wr_q   <= rst_ni && next_wr_i;
    wf_g_q <= next_wf_group_i;
    wr_g_q <= next_wr_group_i;
  end

  // The reference: each group's newest word, bank R's or bank F's, zero once swept, and its flipped bits.
  logic [2:0] ref_q [G];
  logic [1:0] nflip_q [G];
  logic       in_r_q [G];  // the newest is bank R's (for the covers)
  always_ff @(posedge clk_i) begin
    for (int g = 0; g < G; g++) begin
      if (sweep) begin
        ref_q[g]   <= '0;
        nflip_q[g] <= '0;
        in_r_q[g]  <= 1'b0;
      end else if (wr_q && 32'(wr_g_q) == g) begin
        ref_q[g]   <= wr_word_i;
        nflip_q[g] <= hit_r_q ? flips_q : 2'd0;
        in_r_q[g]  <= 1'b1;
      end else if (wf_q && 32'(wf_g_q) == g) begin
        ref_q[g]   <= wf_word_i;
        nflip_q[g] <= hit_f_q ? flips_q : 2'd0;
        in_r_q[g]  <= 1'b0;
      end
    end
  end
  // Each read's expected word and flips, as they were at the edge of its address; checked three edges later
  // when no sweep ran meanwhile.
  logic [2:0] exp1_q [2], exp2_q [2], exp3_q [2];
  logic [1:0] nfl1_q [2], nfl2_q [2], nfl3_q [2];
  logic [1:0] chk1_q, chk2_q, chk3_q, r1_q, r2_q, was_r1_q, was_r2_q;
  (* keep *) logic seen_r_q, seen_f_after_r_q;
  always_ff @(posedge clk_i) begin
    for (int k = 0; k < 2; k++) begin
      exp1_q[k]   <= ref_q[rd_group_i[2 * k +: 2]];
      exp2_q[k]   <= exp1_q[k];
      exp3_q[k]   <= exp2_q[k];
      nfl1_q[k]   <= nflip_q[rd_group_i[2 * k +: 2]];
      nfl2_q[k]   <= nfl1_q[k];
      nfl3_q[k]   <= nfl2_q[k];
      chk3_q[k]   <= rst_ni && !sweep && chk2_q[k];
      r1_q[k]     <= in_r_q[rd_group_i[2 * k +: 2]];
      r2_q[k]     <= r1_q[k];
      chk1_q[k]   <= rst_ni && !sweep && !(wf_q && wf_g_q == rd_group_i[2 * k +: 2]) &&
                     !(wr_q && wr_g_q == rd_group_i[2 * k +: 2]);
      chk2_q[k]   <= rst_ni && !sweep && chk1_q[k];
    end
  end
  // (Covers: a group held by bank R, then written by bank F, read back.)
  logic [G-1:0] was_r_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      was_r_q          <= '0;
      seen_r_q         <= 1'b0;
      seen_f_after_r_q <= 1'b0;
    end else begin
      for (int g = 0; g < G; g++) if (in_r_q[g]) was_r_q[g] <= 1'b1;
      for (int k = 0; k < 2; k++) begin
        was_r1_q[k] <= was_r_q[rd_group_i[2 * k +: 2]];
        was_r2_q[k] <= was_r1_q[k];
        if (chk2_q[k] && r2_q[k]) seen_r_q <= 1'b1;
        if (chk2_q[k] && !r2_q[k] && was_r2_q[k] && exp2_q[k] != '0) seen_f_after_r_q <= 1'b1;
      end
    end
  end
  logic unused;
  assign unused = ^{seen_r_q, seen_f_after_r_q};
  logic [1:0] ok_rd;  // each lane's checked read holds what the reference expects
  always_comb begin
    for (int k = 0; k < 2; k++) begin
      ok_rd[k] = !chk3_q[k] || (rd_single[k] == (nfl3_q[k] == 2'd1) && rd_double[k] == (nfl3_q[k] == 2'd2) &&
                                (nfl3_q[k] == 2'd2 || rd_word[3 * k +: 3] == exp3_q[k]));
    end
  end
  always_ff @(posedge clk_i) begin
    if (past_valid_q && rst_ni) begin
      fv_read_expected: assert (&ok_rd);
    end
  end
endmodule
