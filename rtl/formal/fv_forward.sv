// Formal harness of uet_lb_forward (4 groups, 3-bit words): stage L produces results for any groups each
// cycle (the feedback lane's and the request lane's groups differ when both are kept), events move B ->
// C -> D -> L one stage a cycle with any groups and valid bits, and the state store answers stage C with
// the group's word as the harness's reference memory held four cycles earlier (the store's address is
// given as A is taken and it shows the banks as X wrote them, X writing L's results a cycle after L). At stage D, for an event in
// range: the word without L's result of this cycle is the group's newest (every L result before this
// cycle), on both lanes; the loop flags say whether L's events of this cycle are on the group, and
// whether L's request-lane event opens it; fresh says whether the feedback lane's group entered freezing at
// L (a kept result) in one of the three cycles before. At stage C, store says whether the store's word is
// taken: no L result of the four cycles before is on the group. Yosys sat over every step from reset.
`default_nettype none

module fv_forward (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       b_v_f_i, b_v_r_i, b_inr_f_i, b_inr_r_i, b_open_r_i,
  input logic [1:0] b_g_f_i, b_g_r_i,
  input logic [2:0] next_f_i, next_r_i,
  input logic       l_ent_f_i, l_ent_r_i
);
  // The events' stages (the core's records, reduced to what forwarding reads).
  logic       c_v_f, c_v_r, c_inr_f, c_inr_r, c_open_r, d_v_f, d_v_r, d_inr_f, d_inr_r, d_open_r;
  logic [1:0] c_g_f, c_g_r, d_g_f, d_g_r, l_g_f, l_g_r;
  logic       l_src_f, l_src_r, d_src_f, d_src_r;
  logic       l_open_r;  // L's request-lane event is a valid open
  logic       past1_q, past2_q, past3_q, past4_q, past5_q;
  initial {past1_q, past2_q, past3_q, past4_q, past5_q} = '0;
  assign d_src_f = d_v_f && d_inr_f && !(d_v_r && d_g_r == d_g_f);
  assign d_src_r = d_v_r && d_inr_r;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {c_v_f, c_v_r, d_v_f, d_v_r, l_src_f, l_src_r} <= '0;
    end else begin
      {c_v_f, c_v_r} <= {b_v_f_i, b_v_r_i};
      {d_v_f, d_v_r} <= {c_v_f, c_v_r};
      {l_src_f, l_src_r} <= {d_src_f, d_src_r};
    end
    {c_inr_f, c_inr_r, c_open_r, c_g_f, c_g_r} <= {b_inr_f_i, b_inr_r_i, b_open_r_i, b_g_f_i, b_g_r_i};
    {d_inr_f, d_inr_r, d_open_r, d_g_f, d_g_r} <= {c_inr_f, c_inr_r, c_open_r, c_g_f, c_g_r};
    {l_g_f, l_g_r} <= {d_g_f, d_g_r};
    l_open_r       <= rst_ni && d_v_r && d_open_r;
    {past1_q, past2_q, past3_q, past4_q, past5_q} <= {1'b1, past1_q, past2_q, past3_q, past4_q};
  end
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The reference memory: every L result, at the edge that ends its cycle; and as it was 1..4 edges ago;
  // the groups L wrote 1..4 cycles ago.
  logic [2:0] mem_q [4];
  logic [2:0] mem1_q [4];
  logic [2:0] mem2_q [4];
  logic [2:0] mem3_q [4];
  logic [2:0] mem4_q [4];
  logic [3:0] wr0, wr1_q, wr2_q, wr3_q, wr4_q;
  always_comb begin
    for (int g = 0; g < 4; g++) wr0[g] = rst_ni && ((l_src_r && l_g_r == 2'(g)) || (l_src_f && l_g_f == 2'(g)));
  end
  always_ff @(posedge clk_i) begin
    for (int g = 0; g < 4; g++) begin
      // (nothing is written in the reset cycle: the stages' valid bits are not yet defined)
      if (rst_ni && l_src_r && l_g_r == 2'(g)) mem_q[g] <= next_r_i;
      else if (rst_ni && l_src_f && l_g_f == 2'(g)) mem_q[g] <= next_f_i;
      mem1_q[g] <= mem_q[g];
      mem2_q[g] <= mem1_q[g];
      mem3_q[g] <= mem2_q[g];
      mem4_q[g] <= mem3_q[g];
    end
    {wr1_q, wr2_q, wr3_q, wr4_q} <= {wr0, wr1_q, wr2_q, wr3_q};
  end
  logic [3:0] wr_any;  // written at L in one of the four cycles before
  assign wr_any = wr1_q | wr2_q | wr3_q | wr4_q;
  // (From reset the history is one memory: nothing was written in the four cycles before.)
  always_comb if (!past1_q) begin
    assume (mem1_q[0] == mem_q[0] && mem1_q[1] == mem_q[1] && mem1_q[2] == mem_q[2] && mem1_q[3] == mem_q[3]);
    assume (mem2_q[0] == mem_q[0] && mem2_q[1] == mem_q[1] && mem2_q[2] == mem_q[2] && mem2_q[3] == mem_q[3]);
    assume (mem3_q[0] == mem_q[0] && mem3_q[1] == mem_q[1] && mem3_q[2] == mem_q[2] && mem3_q[3] == mem_q[3]);
    assume (mem4_q[0] == mem_q[0] && mem4_q[1] == mem_q[1] && mem4_q[2] == mem_q[2] && mem4_q[3] == mem_q[3]);
    assume ({wr1_q, wr2_q, wr3_q, wr4_q} == '0);
  end

  logic             x_v_f, x_v_r, fwd_l_f, fwd_x_f, open_prev, fresh, store_f, store_r;
  // The reference for fresh: each group's entries into freezing at L, one, two and three cycles ago.
  logic [3:0]       ent1_q, ent2_q, ent3_q;
  always_ff @(posedge clk_i) begin
    for (int g = 0; g < 4; g++) begin
      ent1_q[g] <= rst_ni && ((l_src_r && l_g_r == 2'(g) && l_ent_r_i) || (l_src_f && l_g_f == 2'(g) && l_ent_f_i));
    end
    ent2_q <= ent1_q;
    ent3_q <= ent2_q;
  end
  logic [1:0]       x_g_f, x_g_r, fwd_r;
  logic [2:0]       x_s_f, x_s_r, pre_q_f, pre_f, pre_r;
  logic [3:0]       fwd_f;
  uet_lb_forward #(.GroupW (2), .StateW (3)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .l_src_f_i (l_src_f), .l_src_r_i (l_src_r), .l_g_f_i (l_g_f), .l_g_r_i (l_g_r),
    .next_f_i (next_f_i), .next_r_i (next_r_i),
    .b_g_f_i (b_g_f_i), .b_g_r_i (b_g_r_i), .b_inr_f_i (b_inr_f_i), .b_inr_r_i (b_inr_r_i),
    .c_g_f_i (c_g_f), .c_g_r_i (c_g_r), .c_inr_f_i (c_inr_f), .c_inr_r_i (c_inr_r),
    .d_g_f_i (d_g_f), .d_g_r_i (d_g_r), .d_src_f_i (d_src_f), .d_src_r_i (d_src_r),
    .d_open_r_i (d_v_r && d_open_r), .word_f_i (mem4_q[c_g_f]), .word_r_i (mem4_q[c_g_r]),
    .store_f_o (store_f), .store_r_o (store_r),
    .x_v_f_o (x_v_f), .x_v_r_o (x_v_r), .x_g_f_o (x_g_f), .x_g_r_o (x_g_r), .x_s_f_o (x_s_f), .x_s_r_o (x_s_r),
    .pre_q_f_o (pre_q_f), .pre_f_o (pre_f), .pre_r_o (pre_r),
    .fwd_f_o (fwd_f), .fwd_r_o (fwd_r), .fwd_l_f_o (fwd_l_f), .fwd_x_f_o (fwd_x_f), .open_prev_o (open_prev),
    .l_ent_f_i (l_ent_f_i), .l_ent_r_i (l_ent_r_i), .fresh_o (fresh)
  );

  // Cover: an event at D whose store word (at C) was stale, so forwarding supplied the newest.
  logic [2:0]            word_c_q;
  (* keep *) logic       seen_stale_q;
  initial seen_stale_q = 1'b0;
  always_ff @(posedge clk_i) begin
    word_c_q     <= mem4_q[c_g_f];
    seen_stale_q <= seen_stale_q || (rst_ni && past5_q && d_inr_f && word_c_q != mem_q[d_g_f]);
  end

  logic unused;
  assign unused = ^{x_g_f, x_g_r, x_s_f, x_s_r, pre_q_f, x_v_f, x_v_r, seen_stale_q};
  always_comb begin
    if (rst_ni && past4_q) begin
      a_store_f: assert (store_f == !(c_inr_f && wr_any[c_g_f]));
      a_store_r: assert (store_r == !(c_inr_r && wr_any[c_g_r]));
    end
    if (rst_ni && past5_q) begin
      if (d_inr_f) a_word_f: assert (pre_f == mem_q[d_g_f]);
      if (d_inr_r) a_word_r: assert (pre_r == mem_q[d_g_r]);
      a_loop_f: assert (fwd_f[3:2] == {d_inr_f && l_src_r && l_g_r == d_g_f, d_inr_f && l_src_f && l_g_f == d_g_f});
      a_loop_r: assert (fwd_r == {d_inr_r && l_src_r && l_g_r == d_g_r, d_inr_r && l_src_f && l_g_f == d_g_r});
      a_ors: assert (fwd_l_f == (fwd_f[3] || fwd_f[2]) && fwd_x_f == (fwd_f[1] || fwd_f[0]));
      a_open_prev: assert (open_prev == (l_open_r && l_g_r == d_g_f));
      if (d_inr_f) a_fresh: assert (fresh == (ent1_q[d_g_f] || ent2_q[d_g_f] || ent3_q[d_g_f]));
    end
  end
endmodule
