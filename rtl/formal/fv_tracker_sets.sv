// Formal harness of uet_lb_tracker_sets (16 ways in 8 sets of 2; 17-bit keys, so two parts of a key
// compare; the valid bits in one slice: with 64 ways in 32 sets, two slices, Yosys sat faced 3.8 million
// variables, and the two-step reads' own assertions are checked at 256 sets in every simulation). Operations enter at t0 with any sets and keys (a clear,
// a fire's free of a way, an allocation, or none) and move t0 -> t4 a stage a cycle, with the tracker's
// comparisons against the operations and the record ahead; at t4 each makes its record as the tracker
// does from this block's answers (a clear frees the ways it matches, a fire's free its way, an allocation
// takes any free way of its set, or is not tracked); the records apply at t5; flushes come at any time.
// A reference keeps every way's valid bit and key, updated by the same records. At t4: the ways a clear
// matches are exactly the valid ways of its set holding its key, after every record ahead; the
// allocation set's ways in use are the reference's; the valid bits and their count are the reference's.
// With every assertion of the block on (the two-step reads, the count, frees of used ways only). Yosys
// sat from reset; covers: a clear matching a way allocated by the record just ahead (forwarded, not yet
// in the tag RAM), and a set's ways all in use.
`default_nettype none

module fv_tracker_sets (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        flush_i,
  input logic        clr_i,     ///< a clear of (cset_i, ckey_i)
  input logic        dir_i,     ///< ... or a fire's free of way dway_i of cset_i
  input logic        dway_i,
  input logic [2:0]  cset_i,
  input logic [16:0] ckey_i,
  input logic        alc_i,     ///< an allocation of (aset_i, akey_i)
  input logic [2:0]  aset_i,
  input logic [16:0] akey_i,
  input logic        pick_i     ///< the free way an allocation takes when both are free
);
  localparam int unsigned Entries = 16, Ways = 2, KeyW = 17;  // (8 sets)
  logic past1_q;
  initial past1_q = 1'b0;
  always_ff @(posedge clk_i) past1_q <= 1'b1;
  always_comb if (!past1_q) assume (!rst_ni);  // one reset, in the first cycle
  always_comb if (past1_q) assume (rst_ni);

  // The operations t0..t4 (t0 the inputs) and the records.
  typedef struct packed {
    logic            clr, dir, dway;
    logic [2:0]      cset;
    logic [KeyW-1:0] ckey;
    logic            alc;
    logic [2:0]      aset;
    logic [KeyW-1:0] akey;
  } op_t;
  typedef struct packed {
    logic            clr;
    logic [2:0]      cset;
    logic [1:0]      cmask;
    logic            alc;
    logic [2:0]      aset;
    logic            awy;
    logic [KeyW-1:0] akey;
  } rec_t;
  op_t  op0, op1_q, op2_q, op3_q, op4_q;
  rec_t rec_d, rec0_q, rec1_q, rec2_q, rec3_q;
  assign op0 = {clr_i || dir_i, dir_i, dway_i, cset_i, ckey_i, alc_i, aset_i, akey_i};
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      {op1_q.clr, op1_q.alc, op2_q.clr, op2_q.alc, op3_q.clr, op3_q.alc, op4_q.clr, op4_q.alc} <= '0;
      {rec0_q, rec1_q, rec2_q, rec3_q} <= '0;
    end else begin
      {op1_q.clr, op1_q.alc} <= {op0.clr, op0.alc};
      {op2_q.clr, op2_q.alc} <= {op1_q.clr, op1_q.alc};
      {op3_q.clr, op3_q.alc} <= {op2_q.clr, op2_q.alc};
      {op4_q.clr, op4_q.alc} <= {op3_q.clr, op3_q.alc};
      {rec0_q, rec1_q, rec2_q, rec3_q} <= {rec_d, rec0_q, rec1_q, rec2_q};
    end
    {op1_q.dir, op1_q.dway, op1_q.cset, op1_q.ckey, op1_q.aset, op1_q.akey} <=
      {op0.dir, op0.dway, op0.cset, op0.ckey, op0.aset, op0.akey};
    {op2_q.dir, op2_q.dway, op2_q.cset, op2_q.ckey, op2_q.aset, op2_q.akey} <=
      {op1_q.dir, op1_q.dway, op1_q.cset, op1_q.ckey, op1_q.aset, op1_q.akey};
    {op3_q.dir, op3_q.dway, op3_q.cset, op3_q.ckey, op3_q.aset, op3_q.akey} <=
      {op2_q.dir, op2_q.dway, op2_q.cset, op2_q.ckey, op2_q.aset, op2_q.akey};
    {op4_q.dir, op4_q.dway, op4_q.cset, op4_q.ckey, op4_q.aset, op4_q.akey} <=
      {op3_q.dir, op3_q.dway, op3_q.cset, op3_q.ckey, op3_q.aset, op3_q.akey};
  end

  // The comparisons with the operations ahead (t1..t4) and the record before them, made at t0 and shifted.
  typedef struct packed {
    logic [4:0] keq, csa, csc, asa, asc;
  } cmp_t;
  cmp_t cmp0, cmp1_q, cmp2_q, cmp3_q, cmp4_q;
  always_comb begin
    cmp0.keq = {op0.ckey == rec0_q.akey, op0.ckey == op4_q.akey, op0.ckey == op3_q.akey, op0.ckey == op2_q.akey,
                op0.ckey == op1_q.akey};
    cmp0.csa = {op0.cset == rec0_q.aset, op0.cset == op4_q.aset, op0.cset == op3_q.aset, op0.cset == op2_q.aset,
                op0.cset == op1_q.aset};
    cmp0.csc = {op0.cset == rec0_q.cset, op0.cset == op4_q.cset, op0.cset == op3_q.cset, op0.cset == op2_q.cset,
                op0.cset == op1_q.cset};
    cmp0.asa = {op0.aset == rec0_q.aset, op0.aset == op4_q.aset, op0.aset == op3_q.aset, op0.aset == op2_q.aset,
                op0.aset == op1_q.aset};
    cmp0.asc = {op0.aset == rec0_q.cset, op0.aset == op4_q.cset, op0.aset == op3_q.cset, op0.aset == op2_q.cset,
                op0.aset == op1_q.cset};
  end
  always_ff @(posedge clk_i) {cmp1_q, cmp2_q, cmp3_q, cmp4_q} <= {cmp0, cmp1_q, cmp2_q, cmp3_q};

  logic [1:0]         match4, va4;
  logic [Entries-1:0] valid;
  logic [4:0]         tracked;
  uet_lb_tracker_sets #(.Entries (Entries), .Ways (Ways), .KeyW (KeyW)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i),
    .op0_cset_i (op0.cset), .op1_cset_i (op1_q.cset), .op1_aset_i (op1_q.aset), .op2_cset_i (op2_q.cset),
    .op2_aset_i (op2_q.aset), .op2_ckey_i (op2_q.ckey), .op3_clr_i (op3_q.clr), .op3_alc_i (op3_q.alc),
    .op4_clr_i (op4_q.clr), .op4_dir_i (op4_q.dir), .op4_dway_i (op4_q.dway), .op4_cset_i (op4_q.cset),
    .cmp2_csa_i (cmp2_q.csa), .cmp2_csc_i (cmp2_q.csc), .cmp2_asa_i (cmp2_q.asa), .cmp2_asc_i (cmp2_q.asc),
    .cmp3_keq_i (cmp3_q.keq), .cmp3_csa_i (cmp3_q.csa), .cmp3_csc_i (cmp3_q.csc), .cmp3_asa_i (cmp3_q.asa),
    .cmp3_asc_i (cmp3_q.asc),
    .cmp4_keq_i (cmp4_q.keq), .cmp4_csa_i (cmp4_q.csa), .cmp4_csc_i (cmp4_q.csc), .cmp4_asa_i (cmp4_q.asa),
    .cmp4_asc_i (cmp4_q.asc),
    .rec0_clr_i (rec0_q.clr), .rec0_cset_i (rec0_q.cset), .rec0_cmask_i (rec0_q.cmask), .rec0_alc_i (rec0_q.alc),
    .rec0_aset_i (rec0_q.aset), .rec0_awy_i (rec0_q.awy), .rec0_akey_i (rec0_q.akey),
    .rec1_clr_i (rec1_q.clr), .rec1_cmask_i (rec1_q.cmask), .rec1_alc_i (rec1_q.alc), .rec1_awy_i (rec1_q.awy),
    .rec2_alc_i (rec2_q.alc), .rec2_awy_i (rec2_q.awy), .rec3_alc_i (rec3_q.alc), .rec3_awy_i (rec3_q.awy),
    .match4_o (match4), .va4_o (va4), .valid_o (valid), .tracked_o (tracked)
  );

  // The reference: each way's valid bit and key, as the records leave them (at t5).
  logic [Entries-1:0] ref_valid_q;
  logic [KeyW-1:0]    ref_key_q [Entries];
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      ref_valid_q <= '0;
    end else begin
      for (int w = 0; w < Ways; w++) if (rec0_q.clr && rec0_q.cmask[w]) ref_valid_q[2 * rec0_q.cset + w] <= 1'b0;
      if (rec0_q.alc) ref_valid_q[2 * rec0_q.aset + 4'(rec0_q.awy)] <= 1'b1;
    end
    if (rst_ni && !flush_i && rec0_q.alc) ref_key_q[2 * rec0_q.aset + 4'(rec0_q.awy)] <= rec0_q.akey;
  end
  // As they stand after the record applying now (what t4 sees).
  logic [Entries-1:0] ref_valid_n;
  logic [KeyW-1:0]    ref_key_n [Entries];
  always_comb begin
    ref_valid_n = ref_valid_q;
    for (int e = 0; e < Entries; e++) ref_key_n[e] = ref_key_q[e];
    for (int w = 0; w < Ways; w++) if (rec0_q.clr && rec0_q.cmask[w]) ref_valid_n[2 * rec0_q.cset + w] = 1'b0;
    if (rec0_q.alc) begin
      ref_valid_n[2 * rec0_q.aset + 4'(rec0_q.awy)] = 1'b1;
      ref_key_n[2 * rec0_q.aset + 4'(rec0_q.awy)]   = rec0_q.akey;
    end
  end
  logic [1:0] ref_match, ref_va;
  always_comb begin
    for (int w = 0; w < Ways; w++) begin
      ref_match[w] = ref_valid_n[2 * op4_q.cset + w] && ref_key_n[2 * op4_q.cset + w] == op4_q.ckey;
      ref_va[w]    = ref_valid_n[2 * op4_q.aset + w];
    end
  end

  // t4's record, as the tracker makes it: a fire frees its way (the fire block's rule: a way still in use),
  // a clear what it matches, an allocation any free way of its set (after the clear when the same set).
  logic [1:0] cm4, free4;
  always_comb begin
    cm4   = op4_q.dir ? (op4_q.dway ? 2'b10 : 2'b01) : match4;
    free4 = ~va4 | ((op4_q.cset == op4_q.aset && op4_q.clr) ? cm4 : 2'b00);
    rec_d = {op4_q.clr, op4_q.cset, cm4, op4_q.alc && free4 != 2'b00, op4_q.aset,
             (free4 == 2'b11) ? pick_i : free4[1], op4_q.akey};
  end
  always_comb if (rst_ni && op4_q.clr && op4_q.dir) assume (ref_valid_n[2 * op4_q.cset + 4'(op4_q.dway)]);

  always_comb begin
    if (rst_ni && past1_q) begin
      if (op4_q.clr && !op4_q.dir) a_match: assert (match4 == ref_match);
      if (!op4_q.clr) a_no_clear: assert (match4 == 2'b00);
      if (op4_q.alc) a_alloc_set: assert (va4 == ref_va);
      a_valid: assert (valid == ref_valid_q);
      a_count: assert (32'(tracked) == 32'($countones(ref_valid_q)));
    end
  end

  // Covers (Yosys sat finds a trace that sets each by the last step).
  (* keep *) logic seen_fwd_q, seen_full_q;
  initial {seen_fwd_q, seen_full_q} = '0;
  always_ff @(posedge clk_i) begin
    seen_fwd_q  <= seen_fwd_q || (rst_ni && past1_q && op4_q.clr && !op4_q.dir && match4 != 2'b00 &&
                                  rec0_q.alc && rec0_q.aset == op4_q.cset && match4[rec0_q.awy]);
    seen_full_q <= seen_full_q || (rst_ni && past1_q && op4_q.alc && va4 == 2'b11);
  end
  logic unused;
  assign unused = ^{seen_fwd_q, seen_full_q, rec3_q};  // (the block reads rec3's allocation only)
endmodule
