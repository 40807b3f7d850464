// Formal harness of uet_lb_tracker_resolve (8 ways in 4 sets of 2, 6-bit allocation numbers, 4-bit
// times). The tracker around it is built here as it behaves: each cycle at most one record applies,
// freeing ways of one set (its set named a cycle ahead) and allocating a way that is free after that
// free, with the next allocation number; the valid bits and the stored numbers follow. Elements come out
// of the RAM at r2 (a read issued two cycles before) with any way and deadline and a number already
// allocated. Against the harness's own tables:
//   each element lands at r5, three cycles after r2, with its way, number and deadline;
//   it lands live exactly when its way is valid after this cycle's frees and stores its number;
//   the reads on their way are the reads issued, shifted.
// Yosys sat: BMC from reset; cover flags for an element landing live and one killed on its way by a free.
`default_nettype none

module fv_tracker_resolve (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       flush_i,
  input logic       read_i,
  input logic [2:0] r_way_i,      // r2's element
  input logic [5:0] r_seq_i,
  input logic [3:0] r_dl_i,
  input logic       alc_i,        // the record allocates way alc_way_i
  input logic [2:0] alc_way_i,
  input logic       clr_i,        // and frees clr_mask_i in set clr_set_i
  input logic [1:0] clr_set_i,
  input logic [1:0] clr_mask_i,
  input logic [1:0] next_set_i    // the set the record of next cycle frees
);
  localparam int unsigned Entries = 8, SeqW = 6;
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The tables: valid bits and stored numbers, moved by the records.
  logic [Entries-1:0] valid_q, freed;
  logic [SeqW-1:0]    stored_q [Entries];
  logic [SeqW-1:0]    seq_q;  // the next allocation's number
  logic [1:0]         next_set_q;
  logic [4:0]         rd_q;    // the reads issued, shifted (below)
  always_comb begin
    for (int w = 0; w < Entries; w++) freed[w] = clr_i && 2'(w >> 1) == clr_set_i && clr_mask_i[w % 2];
    if (alc_i) assume (!(valid_q[alc_way_i] && !freed[alc_way_i]));  // a free way
    if (past1_q && rst_ni) assume (!clr_i || clr_set_i == next_set_q);
    if (rd_q[1]) assume (r_seq_i < seq_q);  // r2's element: an allocated number (none wraps within the depth)
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= '0;
      seq_q   <= '0;
    end else begin
      valid_q <= (valid_q & ~freed) | (alc_i ? Entries'(1) << alc_way_i : '0);
      if (alc_i) seq_q <= seq_q + 1'b1;
    end
    if (alc_i) stored_q[alc_way_i] <= seq_q;
    next_set_q <= next_set_i;
  end

  logic [4:0] reads;
  logic [2:0] way;
  logic [5:0] seq;
  logic [3:0] dl;
  logic       live, hs;
  uet_lb_tracker_resolve #(.Entries (Entries), .Ways (2), .SeqW (SeqW), .TsWidth (4)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .read_i (read_i),
    .rdata_i ({r_way_i, r_seq_i, r_dl_i}), .valid_i (valid_q), .seq_we_i (alc_i), .seq_way_i (alc_way_i),
    .seq_i (seq_q), .clr_free_i (clr_i), .clr_set_i (clr_set_i), .clr_mask_i (clr_mask_i),
    .clr_next_set_i (next_set_i), .reads_o (reads), .way_o (way), .seq_o (seq), .deadline_o (dl),
    .live_o (live), .hs_o (hs)
  );

  // The reads issued, and r2's elements, shifted to r5.
  logic [12:0] e3_q, e4_q, e5_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) rd_q <= '0;
    else rd_q <= {rd_q[3:0], read_i};
    e3_q <= {r_way_i, r_seq_i, r_dl_i};
    e4_q <= e3_q;
    e5_q <= e4_q;
  end
  logic ref_live;
  assign ref_live = valid_q[way] && !freed[way] && stored_q[way] == seq;

  (* keep *) logic seen_live_q, seen_killed_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_live_q   <= 1'b0;
      seen_killed_q <= 1'b0;
    end else if (reads[4]) begin
      if (live) seen_live_q <= 1'b1;
      if (!live && freed[way] && stored_q[way] == seq) seen_killed_q <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (past1_q && rst_ni) begin
      fv_reads: assert (reads == rd_q);
      if (!flush_i) begin
        if (reads[4]) fv_element: assert ({way, seq, dl} == e5_q);
        fv_hs: assert (hs == (2'(way >> 1) == next_set_i));
        if (reads[4]) fv_live: assert (live == ref_live);
      end
    end
  end

  logic unused;
  assign unused = ^{seen_live_q, seen_killed_q};
endmodule
