// The tracker's sets: where its packets are, and what each operation finds in its sets. A packet sits in
// a way of the set its (group, psn) hashes to; each way keeps the set's key in a tag RAM and a valid bit
// (flip-flops, Entries of them, with the count of those set). Each operation of the tracker's pipeline
// reads its sets on its way from t0 to t4, while the records ahead of it are still applying:
//   t0  the clear's set addresses the tag RAMs;
//   t1  the valid bits of the slice of SliceSets sets holding each set (a clear's, an allocation's);
//   t2  the set within the slice, with the record that applied in between; 16-bit parts of the key compared;
//   t3  the parts joined, each way's tag the newest written (a record ahead that allocated in the set gives
//       its own key), the valid bits after the records 3 and 2 ahead;
//   t4  after the record just ahead (rec0, applying now): the ways the clear matches, and the allocation
//       set's valid ways.
// The record of each operation (decided at t4 from these, in uet_lb_tracker) applies at t5: its clear
// frees its mask of ways, its allocation takes a way and writes the way's tag. The comparisons of sets and
// keys between an operation and those ahead are the pipeline's (cmp flags, index d - 1: d ahead).
`default_nettype none

module uet_lb_tracker_sets #(
  parameter int unsigned Entries = 1024,  ///< ways in all: Sets x Ways (powers of 2)
  parameter int unsigned Ways    = 4,     ///< ways per set: 1, 2 or 4
  parameter int unsigned KeyW    = 36,    ///< a packet's key: group and psn
  // Derived, do not override.
  parameter int unsigned Sets    = Entries / Ways,
  parameter int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned WayW    = (Ways > 1) ? $clog2(Ways) : 1,
  parameter int unsigned CntW    = $clog2(Entries + 1)
) (
  input  logic               clk_i,
  input  logic               rst_ni,     ///< synchronous, active low
  input  logic               flush_i,    ///< every way free
  // The operations on their way (t0..t4): sets, the clear's key at t2, valid bits (t3, t4).
  input  logic [SetW-1:0]    op0_cset_i,
  input  logic [SetW-1:0]    op1_cset_i, op1_aset_i,
  input  logic [SetW-1:0]    op2_cset_i, op2_aset_i,
  input  logic [KeyW-1:0]    op2_ckey_i,
  input  logic               op3_clr_i, op3_alc_i,  ///< (for the checks of the two-step reads)
  input  logic               op4_clr_i,
  input  logic               op4_dir_i,  ///< t4's clear is a fire's free of way op4_dway_i (its checks)
  input  logic [WayW-1:0]    op4_dway_i,
  input  logic [SetW-1:0]    op4_cset_i,
  // The comparisons with the operations and records ahead, at t2, t3 and t4 (bit d - 1: d ahead): clear
  // key == allocation key (keq), clear set == allocation set (csa), == clear set (csc), allocation set ==
  // allocation set (asa), == clear set (asc).
  input  logic [4:0]         cmp2_csa_i, cmp2_csc_i, cmp2_asa_i, cmp2_asc_i,
  input  logic [4:0]         cmp3_keq_i, cmp3_csa_i, cmp3_csc_i, cmp3_asa_i, cmp3_asc_i,
  input  logic [4:0]         cmp4_keq_i, cmp4_csa_i, cmp4_csc_i, cmp4_asa_i, cmp4_asc_i,
  // The records: rec0 applies now (every field), rec1..rec3 applied 1..3 cycles ago.
  input  logic               rec0_clr_i,
  input  logic [SetW-1:0]    rec0_cset_i,
  input  logic [Ways-1:0]    rec0_cmask_i,
  input  logic               rec0_alc_i,
  input  logic [SetW-1:0]    rec0_aset_i,
  input  logic [WayW-1:0]    rec0_awy_i,
  input  logic [KeyW-1:0]    rec0_akey_i,
  input  logic               rec1_clr_i,
  input  logic [Ways-1:0]    rec1_cmask_i,
  input  logic               rec1_alc_i,
  input  logic [WayW-1:0]    rec1_awy_i,
  input  logic               rec2_alc_i,
  input  logic [WayW-1:0]    rec2_awy_i,
  input  logic               rec3_alc_i,
  input  logic [WayW-1:0]    rec3_awy_i,
  // At t4.
  output logic [Ways-1:0]    match4_o,   ///< the ways t4's clear matches (its key, valid; 0 with no clear)
  output logic [Ways-1:0]    va4_o,      ///< the ways of t4's allocation set in use
  // The valid bits and their count.
  output logic [Entries-1:0] valid_o,
  output logic [CntW-1:0]    tracked_o
);
  // The way a record allocated in a set, one-hot (0 when it did not allocate there). Decoded by
  // comparison with each way's number: a write to x[awy] makes Yosys compute the bit offset with a
  // 32-bit subtraction, a carry chain that once was the ECP5 critical path.
  function automatic logic [Ways-1:0] alloc_hit(input logic alc, input logic [WayW-1:0] awy, input logic same_a);
    for (int w = 0; w < Ways; w++) alloc_hit[w] = alc && same_a && awy == WayW'(w);
  endfunction
  // A record's effect on the valid bits of a set: cleared ways off, the allocated way on.
  function automatic logic [Ways-1:0] after_rec(input logic [Ways-1:0] v, input logic clr,
                                                input logic [Ways-1:0] cmask, input logic alc,
                                                input logic [WayW-1:0] awy, input logic same_c,
                                                input logic same_a);
    after_rec = ((clr && same_c) ? (v & ~cmask) : v) | alloc_hit(alc, awy, same_a);
  endfunction
  // Valid bits of a set (the set index a flip-flop: a Sets-to-1 multiplexer of Ways-bit words).
  function automatic logic [Ways-1:0] set_bits(input logic [Entries-1:0] v, input logic [SetW-1:0] s);
    set_bits = v[Ways * s +: Ways];
  endfunction

  // Tag RAMs (one per way, a key per set), read by the clear's set at t0, out at t2.
  logic [Entries-1:0] valid_q;
  logic [KeyW-1:0]    tag_rd [Ways];
  for (genvar w = 0; w < Ways; w++) begin : g_tag
    uet_lb_ram #(.Depth (Sets), .Width (KeyW), .OutReg (1'b1)) u_tag (
      .clk_i (clk_i), .we_i (rec0_alc_i && rec0_awy_i == WayW'(w)), .waddr_i (rec0_aset_i),
      .wdata_i (rec0_akey_i), .raddr_i (op0_cset_i), .rdata_o (tag_rd[w])
    );
  end

  // t2: partial key comparisons (16-bit parts), joined at t3.
  localparam int unsigned Parts = (KeyW + 15) / 16;
  logic [Parts-1:0]    tpart_q [Ways];
  logic [16*Parts-1:0] ckey2;
  assign ckey2 = (16 * Parts)'(op2_ckey_i);
  for (genvar w = 0; w < Ways; w++) begin : g_tpart
    logic [16*Parts-1:0] t;
    assign t = (16 * Parts)'(tag_rd[w]);
    for (genvar p = 0; p < Parts; p++) begin : g_part
      always_ff @(posedge clk_i) tpart_q[w][p] <= t[16*p +: 16] == ckey2[16*p +: 16];
    end
  end

  // The valid bits read in two steps, as the flip-flops are at t2: at t1 the slice of SliceSets sets that
  // holds each set of op1, at t2 the set within the slice, with the record that applied in between
  // (rec1 now) added. (One Sets-to-1 read from t2's set index was an ECP5 critical path: the index is far
  // from 1,024 bits.)
  localparam int unsigned SliceSets = (Sets > 16) ? 16 : Sets;
  localparam int unsigned SliceW    = Ways * SliceSets;
  // (With one slice, or one set a slice, a function does not need its set index: no warning for that.)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [SliceW-1:0] slice_bits(input logic [Entries-1:0] v, input logic [SetW-1:0] s);
    slice_bits = v[SliceW * (32'(s) / SliceSets) +: SliceW];
  endfunction
  function automatic logic [Ways-1:0] in_slice(input logic [SliceW-1:0] v, input logic [SetW-1:0] s);
    in_slice = v[Ways * (32'(s) % SliceSets) +: Ways];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  logic [SliceW-1:0] vcs2_q, vas2_q;  // t2: the slices, as the flip-flops were at t1
  logic [Ways-1:0]   vc3_q, va3_q;    // t3: the sets, as the flip-flops were at t2
  always_ff @(posedge clk_i) begin
    vcs2_q <= slice_bits(valid_q, op1_cset_i);
    vas2_q <= slice_bits(valid_q, op1_aset_i);
    // (rec1 now was the record of op4 when this operation was at t0: index 3.)
    vc3_q  <= after_rec(in_slice(vcs2_q, op2_cset_i), rec1_clr_i, rec1_cmask_i, rec1_alc_i, rec1_awy_i,
                        cmp2_csc_i[3], cmp2_csa_i[3]);
    va3_q  <= after_rec(in_slice(vas2_q, op2_aset_i), rec1_clr_i, rec1_cmask_i, rec1_alc_i, rec1_awy_i,
                        cmp2_asc_i[3], cmp2_asa_i[3]);
  end

  // t3: the clear's key compare per way, its tag the newest written: records 2..5 ahead (rec0..rec3)
  // where they allocated in this set, else the tag RAM's. The valid bits as of the record 3 ahead
  // (rec1) and 2 ahead (rec0). Then the clear's match, and the allocation set's valid bits.
  logic [Ways-1:0] teq3, vc3, va3, match3, hit0, hit1, hit2, hit3;
  always_comb begin
    for (int w = 0; w < Ways; w++) teq3[w] = &tpart_q[w];
    // Oldest first, so the newest wins.
    hit3 = alloc_hit(rec3_alc_i, rec3_awy_i, cmp3_csa_i[4]);
    hit2 = alloc_hit(rec2_alc_i, rec2_awy_i, cmp3_csa_i[3]);
    hit1 = alloc_hit(rec1_alc_i, rec1_awy_i, cmp3_csa_i[2]);
    hit0 = alloc_hit(rec0_alc_i, rec0_awy_i, cmp3_csa_i[1]);
    for (int w = 0; w < Ways; w++) begin
      if (hit3[w]) teq3[w] = cmp3_keq_i[4];
      if (hit2[w]) teq3[w] = cmp3_keq_i[3];
      if (hit1[w]) teq3[w] = cmp3_keq_i[2];
      if (hit0[w]) teq3[w] = cmp3_keq_i[1];
    end
    vc3    = after_rec(after_rec(vc3_q, rec1_clr_i, rec1_cmask_i, rec1_alc_i, rec1_awy_i, cmp3_csc_i[2],
                                 cmp3_csa_i[2]),
                       rec0_clr_i, rec0_cmask_i, rec0_alc_i, rec0_awy_i, cmp3_csc_i[1], cmp3_csa_i[1]);
    va3    = after_rec(after_rec(va3_q, rec1_clr_i, rec1_cmask_i, rec1_alc_i, rec1_awy_i, cmp3_asc_i[2],
                                 cmp3_asa_i[2]),
                       rec0_clr_i, rec0_cmask_i, rec0_alc_i, rec0_awy_i, cmp3_asc_i[1], cmp3_asa_i[1]);
    match3 = vc3 & teq3;
  end
  logic [Ways-1:0] match4_q, va4_q;
  always_ff @(posedge clk_i) begin
    match4_q <= match3;
    va4_q    <= va3;
  end

  // t4: after the record just ahead (rec0).
  logic [Ways-1:0] hit4;
  always_comb begin
    match4_o = match4_q;
    hit4     = alloc_hit(rec0_alc_i, rec0_awy_i, cmp4_csa_i[0]);
    for (int w = 0; w < Ways; w++) begin
      if (rec0_clr_i && cmp4_csc_i[0] && rec0_cmask_i[w]) match4_o[w] = 1'b0;
      if (hit4[w]) match4_o[w] = cmp4_keq_i[0];
    end
    if (!op4_clr_i) match4_o = '0;
  end
  assign va4_o = after_rec(va4_q, rec0_clr_i, rec0_cmask_i, rec0_alc_i, rec0_awy_i, cmp4_asc_i[0], cmp4_asa_i[0]);

  // t5: the record applies to the valid bits and their count (the tag RAMs above).
  logic [CntW-1:0] tracked_q;
  logic [WayW:0]   cleared;  // ways the record's clear frees
  always_comb begin
    cleared = '0;
    for (int w = 0; w < Ways; w++) cleared = cleared + (WayW + 1)'(rec0_clr_i && rec0_cmask_i[w]);
  end
  // As whole-vector operations: decoders in hardware, word operations in a simulator. (Indexed writes,
  // valid_q[Ways * set +: Ways] and valid_q[way], cost a Verilated model about 6 % fewer instructions than
  // these two 1,024-bit shifts, but Yosys 0.23 computes such a write's bit range with a 32-bit carry chain
  // in front of every valid bit: placed at cdca7cf, the core ran at 57 MHz, every seed ending here.)
  localparam int unsigned EntW = (Entries > 1) ? $clog2(Entries) : 1;
  logic [EntW-1:0]    rec_way;
  logic [Entries-1:0] clr_vec, alc_vec;
  assign rec_way = (Ways > 1) ? EntW'({rec0_aset_i, rec0_awy_i}) : EntW'(rec0_aset_i);
  assign clr_vec = rec0_clr_i ? (Entries'(rec0_cmask_i) << (Ways * 32'(rec0_cset_i))) : '0;
  assign alc_vec = rec0_alc_i ? (Entries'(1) << rec_way) : '0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      valid_q   <= '0;
      tracked_q <= '0;
    end else begin
      valid_q   <= (valid_q & ~clr_vec) | alc_vec;
      tracked_q <= tracked_q + CntW'(rec0_alc_i) - CntW'(cleared);
    end
  end
  assign valid_o   = valid_q;
  assign tracked_o = tracked_q;

  logic unused;
  assign unused = ^{cmp3_keq_i[0], cmp3_csa_i[0], cmp3_csc_i[4:3], cmp3_csc_i[0], cmp3_asa_i[4:3], cmp3_asa_i[0],
                    cmp3_asc_i[4:3], cmp3_asc_i[0], cmp2_csa_i[4], cmp2_csa_i[2:0], cmp2_csc_i[4], cmp2_csc_i[2:0],
                    cmp2_asa_i[4], cmp2_asa_i[2:0], cmp2_asc_i[4], cmp2_asc_i[2:0], cmp4_keq_i[4:1],
                    cmp4_csa_i[4:1], cmp4_csc_i[4:1], cmp4_asa_i[4:1], cmp4_asc_i[4:1], op3_clr_i, op3_alc_i,
                    op4_dir_i, op4_dway_i, op4_cset_i};

  // ---------------------------------------------------------------------------------------------
  // Assertions (Verilator --assert and Yosys read_verilog -formal).
`ifndef SYNTHESIS
  // The valid bits of the sets at t2, read at once (what the two-step reads must give).
  logic [Ways-1:0] vc3_ref_q, va3_ref_q;
  always_ff @(posedge clk_i) begin
    vc3_ref_q <= set_bits(valid_q, op2_cset_i);
    va3_ref_q <= set_bits(valid_q, op2_aset_i);
  end
  // A fire's free, on its way to t4 (a cycle a stage): its way must still be valid there, after every
  // record before it.
  logic [Ways-1:0] v4_ref;
  always_comb begin
    v4_ref = set_bits(valid_q, op4_cset_i);
    if (rec0_clr_i && rec0_cset_i == op4_cset_i) v4_ref = v4_ref & ~rec0_cmask_i;
    if (rec0_alc_i && rec0_aset_i == op4_cset_i) v4_ref = v4_ref | alloc_hit(1'b1, rec0_awy_i, 1'b1);
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      if (op4_clr_i && op4_dir_i) a_fire_frees_valid: assert (v4_ref[op4_dway_i]);
      a_tracked_count: assert (32'(tracked_q) == 32'($countones(valid_q)));
      a_frees_used_ways: assert (!(|(rec0_cmask_i & ~set_bits(valid_q, rec0_cset_i)) && rec0_clr_i));
      // The two-step reads of the valid bits give what one read at t2 would have.
      if (op3_clr_i) a_clear_set_bits: assert (vc3_q == vc3_ref_q);
      if (op3_alc_i) a_alloc_set_bits: assert (va3_q == va3_ref_q);
    end
  end
`endif
endmodule
