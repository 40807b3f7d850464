// Formal harness of uet_lb_tracker_check (4 ways in 2 sets, 2 runs, 3-bit keys and numbers, two key
// clears, FpDepth 6): fires, candidates, records and key clears are free each cycle. A fire is told a cycle
// later with its number and run; it is killed exactly three cycles after it when its candidate was dead,
// a record of its cycle or the next freed its way, or a key clear in flight a cycle after it carried its
// key; one not killed frees its own way exactly FpDepth cycles after it; nothing else is killed or
// freed; busy exactly while a fire is on its way; a flush drops every fire in flight.
// Yosys sat: BMC from reset; cover flags for a fire killed by a key and one freed.
`default_nettype none

module fv_tracker_check (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       flush_i,
  input logic       fire_i,
  input logic [1:0] way_i,
  input logic [2:0] seq_i,
  input logic       run_i,
  input logic [2:0] key_i,
  input logic       dead_i,
  input logic       rec_clr_i,
  input logic       rec_cset_i,
  input logic [1:0] rec_cmask_i,
  input logic [1:0] kclr_i,
  input logic [5:0] kkey_i
);
  localparam int unsigned FpDepth = 6;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  logic       fired, fired_run, kill, free, busy;
  logic [2:0] fired_seq;
  logic [1:0] free_way;
  uet_lb_tracker_check #(
    .Entries (4), .Ways (2), .Runs (2), .KeyW (3), .SeqW (3), .KClears (2), .FpDepth (FpDepth)
  ) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i),
    .fire_i (fire_i), .way_i (way_i), .seq_i (seq_i), .run_i (run_i), .key_i (key_i), .dead_i (dead_i),
    .rec_clr_i (rec_clr_i), .rec_cset_i (rec_cset_i), .rec_cmask_i (rec_cmask_i),
    .kclr_i (kclr_i), .kkey_i (kkey_i),
    .fired_o (fired), .fired_seq_o (fired_seq), .fired_run_o (fired_run), .kill_o (kill), .free_o (free),
    .free_way_o (free_way), .busy_o (busy)
  );

  // The record applying now frees way w: w's set (its high bit) is the record's and its bit in the
  // record's mask (by its low bit) is set.
  function automatic logic frees(input logic [1:0] w);
    frees = rec_clr_i && w[1] == rec_cset_i && rec_cmask_i[w[0]];
  endfunction
  // Each fire in flight, stage k holding the fire of k cycles ago: its way, number, run and key, and
  // whether it was found dead (its candidate dead or its way freed in its cycle; then also a cycle later,
  // by way or by a key clear in flight).
  logic [FpDepth:1] hv_q;
  logic [1:0]       hway_q [1:FpDepth];
  logic [2:0]       hseq1_q, hkey1_q;
  logic             hrun1_q, hdead1_q;
  logic [FpDepth:2] hdead_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) hv_q <= '0;
    else hv_q <= {hv_q[FpDepth-1:1], fire_i};
    hway_q[1] <= way_i;
    for (int k = 2; k <= FpDepth; k++) hway_q[k] <= hway_q[k - 1];
    hseq1_q  <= seq_i;
    hrun1_q  <= run_i;
    hkey1_q  <= key_i;
    hdead1_q <= dead_i || frees(way_i);
    hdead_q[2] <= hdead1_q || frees(hway_q[1]) || (kclr_i[0] && kkey_i[2:0] == hkey1_q) ||
                  (kclr_i[1] && kkey_i[5:3] == hkey1_q);
    for (int k = 3; k <= FpDepth; k++) hdead_q[k] <= hdead_q[k - 1];
  end

  (* keep *) logic seen_key_kill_q, seen_free_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_key_kill_q <= 1'b0;
      seen_free_q     <= 1'b0;
    end else begin
      if (kill && !hdead1_q) seen_key_kill_q <= 1'b1;
      if (free) seen_free_q <= 1'b1;
    end
  end
  logic unused;
  assign unused = ^{seen_key_kill_q, seen_free_q};

  always_comb begin
    if (rst_ni && past1_q) begin
      fv_told: assert (fired == hv_q[1] && (!hv_q[1] || {fired_seq, fired_run} == {hseq1_q, hrun1_q}));
      fv_kill: assert (kill == (hv_q[3] && hdead_q[3]));
      fv_free: assert (free == (hv_q[FpDepth] && !hdead_q[FpDepth]) && (!free || free_way == hway_q[FpDepth]));
      fv_busy: assert (busy == (hv_q != '0));
    end
  end
endmodule
