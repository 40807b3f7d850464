// The read-ahead of a tracker run (part of uet_lb_tracker_run): an element read from the run's RAM is
// resolved on its way to the window, so it lands knowing whether it is live. Live: the way's valid bit is
// set, the seq stored for the way is the element's, and no free since the read has hit the way.
//
// Stages: r1 (the RAM read issued a cycle ago), r2 (the element out of the RAM; the seq read issued), r3
// (the way in flip-flops; the valid-bit read issued), r4 (the stored seq out, compared into r5's flag), r5
// (the valid bit out: liveness known; the element lands). Killed on the way: the way was freed since r2,
// or allocated again at r2 (the seq read of r2 is then undefined, and the valid bit read at r3 shows the
// new allocation). The way goes through a register before it indexes the valid bits (straight from the
// block RAM, its route to a select spread over the whole vector was the ECP5 critical path), and the seq
// compare is registered (straight from the seq RAM it reached every landing slot, the next one).
`default_nettype none

module uet_lb_tracker_resolve #(
  parameter int unsigned Entries = 1024,  ///< tracker ways in all (sets x ways)
  parameter int unsigned Ways    = 4,
  parameter int unsigned SeqW    = 14,
  parameter int unsigned TsWidth = 32,
  // Derived, do not override.
  parameter int unsigned EntW    = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned Sets    = Entries / Ways,
  parameter int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned ElemW   = EntW + SeqW + TsWidth
) (
  input  logic               clk_i,
  input  logic               rst_ni,          ///< synchronous, active low
  input  logic               flush_i,         ///< drop the reads on their way
  input  logic               read_i,          ///< a RAM read issued at this edge (r1 next cycle)
  input  logic [ElemW-1:0]   rdata_i,         ///< the RAM's data: r2's element {way, seq, deadline}
  // The tracker's state the liveness reads: every way's valid bit, and writes of a way's seq.
  input  logic [Entries-1:0] valid_i,
  input  logic               seq_we_i,
  input  logic [EntW-1:0]    seq_way_i,
  input  logic [SeqW-1:0]    seq_i,
  // Ways freed this cycle (a record's ways in one set), and the set it frees next cycle.
  input  logic               clr_free_i,
  input  logic [SetW-1:0]    clr_set_i,
  input  logic [Ways-1:0]    clr_mask_i,
  input  logic [SetW-1:0]    clr_next_set_i,
  // The reads on their way (bit 0: r1 .. bit 4: r5), and r5's element, which lands this cycle.
  output logic [4:0]         reads_o,
  output logic [EntW-1:0]    way_o,
  output logic [SeqW-1:0]    seq_o,
  output logic [TsWidth-1:0] deadline_o,
  output logic               live_o,          ///< live after this cycle's frees
  output logic               hs_o             ///< its way is in the set clr_next_set_i names
);
  // A record's frees of this cycle, as a test on a way.
  function automatic logic freed(input logic [EntW-1:0] way, input logic cf, input logic [SetW-1:0] cs,
                                 input logic [Ways-1:0] cm);
    freed = uet_lb_pkg::way_freed(32'(way), cf, 32'(cs), 32'(cm), $clog2(Sets), $clog2(Ways));
  endfunction

  logic [4:0]         rv_q;
  logic [EntW-1:0]    r3_way_q, r4_way_q, r5_way_q;
  logic [SeqW-1:0]    r3_seq_q, r4_seq_q, r5_seq_q;
  logic [TsWidth-1:0] r3_dl_q, r4_dl_q, r5_dl_q;
  logic               r3_kill_q, r4_kill_q, r5_kill_q;
  logic               r5_sok_q;  // the way's stored seq (read at r2) is the element's
  logic               r5_hs_q;   // r5's way is in the set clr_set_i names now (compared a cycle ahead)
  logic [EntW-1:0]    r2_way;
  logic [SeqW-1:0]    r2_seq;
  logic [TsWidth-1:0] r2_dl;
  assign {r2_way, r2_seq, r2_dl} = rdata_i;

  // The stored seq of every way (written with the tracker's allocations), and the valid bit of r3's way.
  logic [SeqW-1:0] sq_rdata;
  uet_lb_ram #(.Depth (Entries), .Width (SeqW), .OutReg (1'b1)) u_seq (
    .clk_i (clk_i), .we_i (seq_we_i), .waddr_i (seq_way_i), .wdata_i (seq_i),
    .raddr_i (r2_way), .rdata_o (sq_rdata)
  );
  logic vbit;
  uet_lb_bitsel #(.N (Entries), .ReadW (1)) u_vsel (
    .clk_i (clk_i), .bits_i (valid_i), .idx_i (r3_way_q), .data_o (vbit)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) rv_q <= '0;
    else rv_q <= {rv_q[3:0], read_i};
  end
  always_ff @(posedge clk_i) begin
    r5_hs_q   <= uet_lb_pkg::way_set(32'(r4_way_q), $clog2(Sets), $clog2(Ways)) == 32'(clr_next_set_i);
    r3_way_q  <= r2_way;
    r3_seq_q  <= r2_seq;
    r3_dl_q   <= r2_dl;
    r3_kill_q <= freed(r2_way, clr_free_i, clr_set_i, clr_mask_i) || (seq_we_i && seq_way_i == r2_way);
    r4_way_q  <= r3_way_q;
    r4_seq_q  <= r3_seq_q;
    r4_dl_q   <= r3_dl_q;
    r4_kill_q <= r3_kill_q || freed(r3_way_q, clr_free_i, clr_set_i, clr_mask_i);
    r5_way_q  <= r4_way_q;
    r5_seq_q  <= r4_seq_q;
    r5_dl_q   <= r4_dl_q;
    r5_kill_q <= r4_kill_q || freed(r4_way_q, clr_free_i, clr_set_i, clr_mask_i);
    r5_sok_q  <= sq_rdata == r4_seq_q;
  end

  // r5's free this cycle: a mask bit behind the set compared a cycle ahead.
  logic r5_fs;
  assign r5_fs      = clr_free_i && r5_hs_q && clr_mask_i[uet_lb_pkg::way_in_set(32'(r5_way_q), $clog2(Ways))];
  assign reads_o    = rv_q;
  assign way_o      = r5_way_q;
  assign seq_o      = r5_seq_q;
  assign deadline_o = r5_dl_q;
  assign live_o     = !r5_kill_q && vbit && r5_sok_q && !r5_fs;
  assign hs_o       = uet_lb_pkg::way_set(32'(r5_way_q), $clog2(Sets), $clog2(Ways)) == 32'(clr_next_set_i);

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i && clr_free_i && rv_q[4]) begin
      a_free_ahead_read: assert (r5_fs == freed(r5_way_q, 1'b1, clr_set_i, clr_mask_i));
    end
  end
`endif
endmodule
