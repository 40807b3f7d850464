// One run of the early-failure tracker: a FIFO of tracked packets in send order whose deadlines never
// decrease, so its head is always its earliest. An element names the tracker way that holds the packet
// (way), the packet's allocation number (seq) and its deadline. It is live while that way still holds
// that allocation (the way's valid bit, and the seq stored for the way); a clear or a fire frees the way,
// and the element, dead, leaves when it reaches the head.
//
// The elements wait in a RAM; the oldest are read ahead into a small window of registers (HeadSlots),
// each resolved on the way (the way's valid bit and stored seq read, and every free since watched), so
// the tracker sees the first two, h0 and h1, with their liveness. A push into an empty run goes straight
// into the window. A dead h0 leaves at once (at most one element a cycle); a live one leaves when the
// tracker fires it (pop_i).
`default_nettype none

module uet_lb_tracker_run #(
  parameter int unsigned Entries  = 1024,  ///< tracker ways in all (sets x ways)
  parameter int unsigned Ways     = 4,
  parameter int unsigned Depth    = 2048,  ///< elements the run holds (a power of 2)
  parameter int unsigned SeqW     = 14,
  parameter int unsigned TsWidth  = 32,
  // Derived, do not override.
  parameter int unsigned EntW     = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned WayW     = (Ways > 1) ? $clog2(Ways) : 1,
  parameter int unsigned Sets     = Entries / Ways,
  parameter int unsigned SetW     = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned CntW     = $clog2(Depth + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,        ///< synchronous, active low
  input  logic                flush_i,       ///< empty the run
  // A new element (live: its way was just allocated).
  input  logic                push_i,
  input  logic [EntW-1:0]     push_way_i,
  input  logic [SeqW-1:0]     push_seq_i,
  input  logic [TsWidth-1:0]  push_deadline_i,
  // The tracker's state the liveness reads: every way's valid bit, and writes of a way's seq.
  input  logic [Entries-1:0]  valid_i,
  input  logic                seq_we_i,
  input  logic [EntW-1:0]     seq_way_i,
  input  logic [SeqW-1:0]     seq_i,
  // Ways freed this cycle: a clear's ways in one set (mask), and a fired way (checked only: see freed).
  input  logic                clr_free_i,
  input  logic [SetW-1:0]     clr_set_i,
  input  logic [Ways-1:0]     clr_mask_i,
  input  logic                fire_free_i,
  input  logic [EntW-1:0]     fire_way_i,
  // The head.
  input  logic                pop_i,         ///< the tracker fired h0 (live): it leaves
  output logic                h0_valid_o,
  output logic [EntW-1:0]     h0_way_o,
  output logic [SeqW-1:0]     h0_seq_o,
  output logic [TsWidth-1:0]  h0_deadline_o,
  output logic                h0_live_o,
  output logic                h1_valid_o,
  output logic [TsWidth-1:0]  h1_deadline_o,
  output logic [CntW-1:0]     count_o,       ///< elements in the run (window and RAM)
  output logic [SeqW-1:0]     oldest_seq_o,  ///< no element is older (valid while count_o > 0)
  // Next cycle's count and head (for flags the tracker registers a cycle ahead).
  output logic [CntW-1:0]     count_next_o,
  output logic                pop_o,         ///< h0 leaves at this edge (fired, or dead)
  output logic                h0_stays_o,     ///< h0 is there, live, and neither leaves nor is freed at
                                              ///< this edge: next cycle's h0 is known live (from flip-flops:
                                              ///< a head that lands or moves up is not known yet)
  output logic                h0_change_o     ///< h0 becomes another element at this edge (or leaves)
);
  localparam int unsigned AddrW     = $clog2(Depth);
  localparam int unsigned ElemW     = EntW + SeqW + TsWidth;
  localparam int unsigned HeadSlots = 8;  // window slots: the resolve pipeline's length and two more
  localparam int unsigned ReadLat   = 5;  // a RAM read issued now reaches the window in 5 cycles

  // A clear's frees of this cycle, as a test on a way. A fire's free kills nothing here: the only live
  // element holding the fired way is the fired h0, which leaves (pop_i); every other element naming that
  // way is an older allocation of it, already dead (asserted below).
  function automatic logic freed(input logic [EntW-1:0] way, input logic cf, input logic [SetW-1:0] cs,
                                 input logic [Ways-1:0] cm);
    logic [SetW-1:0] s;
    logic [WayW-1:0] w;
    s = (Sets > 1) ? SetW'(way >> ((Ways > 1) ? WayW : 0)) : '0;
    w = (Ways > 1) ? WayW'(way) : '0;
    freed = cf && s == cs && cm[w];
  endfunction

  // ---------------------------------------------------------------------------------------------
  // RAM and its pointers.
  logic [AddrW-1:0] wp_q, rp_q;        // RAM write and read pointers
  logic [AddrW:0]   ram_cnt_q;         // elements in the RAM not yet read out
  logic             ram_nz_q;          // ram_cnt_q != 0 (a flip-flop, for the read and push decisions)
  logic [CntW-1:0]  cnt_q;             // elements in the run
  logic [ElemW-1:0] rdata;
  logic             ram_we, ram_re;

  uet_lb_ram #(.Depth (Depth), .Width (ElemW), .OutReg (1'b1)) u_ram (
    .clk_i (clk_i), .we_i (ram_we), .waddr_i (wp_q), .wdata_i ({push_way_i, push_seq_i, push_deadline_i}),
    .raddr_i (rp_q), .rdata_o (rdata)
  );

  // The stored seq of every way (written with the tracker's allocations), read as elements resolve.
  logic [SeqW-1:0] sq_rdata;
  logic [EntW-1:0] sq_raddr;
  uet_lb_ram #(.Depth (Entries), .Width (SeqW), .OutReg (1'b1)) u_seq (
    .clk_i (clk_i), .we_i (seq_we_i), .waddr_i (seq_way_i), .wdata_i (seq_i),
    .raddr_i (sq_raddr), .rdata_o (sq_rdata)
  );
  logic vbit;
  uet_lb_bitsel #(.N (Entries), .ReadW (1)) u_vsel (
    .clk_i (clk_i), .bits_i (valid_i), .idx_i (sq_raddr), .data_o (vbit)
  );

  // ---------------------------------------------------------------------------------------------
  // Resolve pipeline: r1 (RAM read issued a cycle ago), r2 (data out; seq and valid reads issued), r3,
  // r4 (seq and valid bit out: liveness known), then the window. killed: the way was freed since r2.
  logic [ReadLat-2:0] rv_q;            // rv_q[0]: r1 ... rv_q[3]: r4
  logic [EntW-1:0]    r3_way_q, r4_way_q;
  logic [SeqW-1:0]    r3_seq_q, r4_seq_q;
  logic [TsWidth-1:0] r3_dl_q, r4_dl_q;
  logic               r3_kill_q, r4_kill_q;
  logic [EntW-1:0]    r2_way;
  logic [SeqW-1:0]    r2_seq;
  logic [TsWidth-1:0] r2_dl;
  assign {r2_way, r2_seq, r2_dl} = rdata;
  assign sq_raddr = r2_way;

  // ---------------------------------------------------------------------------------------------
  // The window: slot 0 is h0.
  logic [HeadSlots-1:0] wv_q;
  logic [EntW-1:0]      ww_q [HeadSlots];
  logic [SeqW-1:0]      ws_q [HeadSlots];
  logic [TsWidth-1:0]   wd_q [HeadSlots];
  logic [HeadSlots-1:0] wl_q;          // live
  logic [3:0]           wn_q;          // slots in use (they are the low ones)
  logic [2:0]           inflight;      // reads on their way (r1..r4)
  logic [3:0]           occ_q;         // wn_q + inflight: the slots taken or promised (a counter of its own,
                                       // so the read decision compares a flip-flop with a constant)

  always_comb begin
    inflight = '0;
    for (int k = 0; k < ReadLat - 1; k++) inflight = inflight + 3'(rv_q[k]);
  end

  logic pop, direct, r4_live;
  // h0 leaves: dead (at once) or fired.
  assign pop     = wv_q[0] && (pop_i || !wl_q[0]);
  // A push goes straight to the window when nothing older is in the RAM or on its way, and there is room.
  assign direct  = push_i && !ram_nz_q && rv_q == '0 && wn_q < 4'(HeadSlots);
  assign ram_we  = push_i && !direct;
  // Read ahead while the window and the reads on their way leave room (counting the push that may come
  // straight in: it never does while a read is in flight, since the RAM is then not empty).
  assign ram_re  = ram_nz_q && occ_q < 4'(HeadSlots - 1);
  assign r4_live = !r4_kill_q && vbit && sq_rdata == r4_seq_q;

  // The window's next contents: shift out a pop, then append the resolved read, then a direct push. The
  // slots they land in are decoded from the slot count as it is (compared with constants chosen by pop
  // and the read), not from a count computed first: an index written through a computed count makes
  // Yosys build an adder and a shifter in front of every slot.
  logic [HeadSlots-1:0] nv;
  logic [EntW-1:0]      nw [HeadSlots];
  logic [SeqW-1:0]      ns [HeadSlots];
  logic [TsWidth-1:0]   nd [HeadSlots];
  logic [HeadSlots-1:0] nl;
  logic [3:0]           nn;
  logic [HeadSlots-1:0] land_r, land_d;  // the read, the direct push: the slot each lands in (one-hot)
  logic                 r4_in;
  assign r4_in = rv_q[ReadLat - 2];
  always_comb begin
    for (int k = 0; k < HeadSlots; k++) begin
      // The read: slot wn_q - pop. The push: slot wn_q - pop + the read.
      land_r[k] = r4_in && (pop ? wn_q == 4'(k + 1) : wn_q == 4'(k));
      unique case ({r4_in, pop})
        2'b10:   land_d[k] = direct && k > 0 && wn_q == 4'(k - 1);
        2'b01:   land_d[k] = direct && wn_q == 4'(k + 1);
        default: land_d[k] = direct && wn_q == 4'(k);
      endcase
    end
    nn = wn_q + 4'(r4_in) + 4'(direct) - 4'(pop);
    for (int k = 0; k < HeadSlots; k++) begin
      logic [EntW-1:0] w;
      logic [SeqW-1:0] sq;
      logic [TsWidth-1:0] dl;
      logic v, l;
      // Shift out a pop; frees of this cycle kill the slots they hit.
      if (pop) begin
        v = (k + 1 < HeadSlots) ? wv_q[(k + 1) % HeadSlots] : 1'b0;
        l = (k + 1 < HeadSlots) ? wl_q[(k + 1) % HeadSlots] : 1'b0;
        w = ww_q[(k + 1) % HeadSlots];
        sq = ws_q[(k + 1) % HeadSlots];
        dl = wd_q[(k + 1) % HeadSlots];
      end else begin
        v = wv_q[k];
        l = wl_q[k];
        w = ww_q[k];
        sq = ws_q[k];
        dl = wd_q[k];
      end
      l = l && !freed(w, clr_free_i, clr_set_i, clr_mask_i);
      if (land_r[k]) begin
        v  = 1'b1;
        w  = r4_way_q;
        sq = r4_seq_q;
        dl = r4_dl_q;
        l  = r4_live && !freed(r4_way_q, clr_free_i, clr_set_i, clr_mask_i);
      end
      if (land_d[k]) begin
        v  = 1'b1;
        w  = push_way_i;
        sq = push_seq_i;
        dl = push_deadline_i;
        // Live: a free this cycle is the pushing record's own clear (a fire never meets a push), which
        // freed the way before the allocation took it again.
        l  = 1'b1;
      end
      nv[k] = v;
      nl[k] = l;
      nw[k] = w;
      ns[k] = sq;
      nd[k] = dl;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      wv_q      <= '0;
      wl_q      <= '0;
      wn_q      <= '0;
      rv_q      <= '0;
      wp_q      <= '0;
      rp_q      <= '0;
      ram_cnt_q <= '0;
      ram_nz_q  <= 1'b0;
      occ_q     <= '0;
      cnt_q     <= '0;
    end else begin
      wv_q      <= nv;
      wl_q      <= nl;
      wn_q      <= nn;
      rv_q      <= {rv_q[ReadLat-3:0], ram_re};
      if (ram_we) wp_q <= wp_q + 1'b1;
      if (ram_re) rp_q <= rp_q + 1'b1;
      ram_cnt_q <= ram_cnt_q + (AddrW + 1)'(ram_we) - (AddrW + 1)'(ram_re);
      // Not empty next cycle: a write, or more than the one element a read takes.
      ram_nz_q  <= ram_we || (ram_nz_q && !(ram_re && ram_cnt_q == (AddrW + 1)'(1)));
      occ_q     <= occ_q + 4'(direct) + 4'(ram_re) - 4'(pop);
      cnt_q     <= cnt_q + CntW'(push_i) - CntW'(pop);
    end
  end

  always_ff @(posedge clk_i) begin
    for (int k = 0; k < HeadSlots; k++) begin
      ww_q[k] <= nw[k];
      ws_q[k] <= ns[k];
      wd_q[k] <= nd[k];
    end
    r3_way_q  <= r2_way;
    r3_seq_q  <= r2_seq;
    r3_dl_q   <= r2_dl;
    r3_kill_q <= freed(r2_way, clr_free_i, clr_set_i, clr_mask_i);
    r4_way_q  <= r3_way_q;
    r4_seq_q  <= r3_seq_q;
    r4_dl_q   <= r3_dl_q;
    r4_kill_q <= r3_kill_q || freed(r3_way_q, clr_free_i, clr_set_i, clr_mask_i);
  end

  // The oldest element's seq: h0's, or (h0 not yet in the window) one more than the last one popped, a
  // lower bound, since elements leave in the order they came.
  logic [SeqW-1:0] oldest_q;
  always_ff @(posedge clk_i) begin
    if (cnt_q == '0 && push_i) oldest_q <= push_seq_i;
    else if (pop) oldest_q <= wv_q[1] ? ws_q[1] : ws_q[0] + 1'b1;
    else if (wv_q[0]) oldest_q <= ws_q[0];
  end

  assign h0_valid_o    = wv_q[0];
  assign h0_way_o      = ww_q[0];
  assign h0_seq_o      = ws_q[0];
  assign h0_deadline_o = wd_q[0];
  assign h0_live_o     = wl_q[0];
  assign h1_valid_o    = wv_q[1];
  assign h1_deadline_o = wd_q[1];
  assign count_o       = cnt_q;
  assign oldest_seq_o  = oldest_q;
  assign count_next_o  = cnt_q + CntW'(push_i) - CntW'(pop);
  assign pop_o         = pop;
  assign h0_stays_o     = !flush_i && wv_q[0] && wl_q[0] && !pop_i && !freed(ww_q[0], clr_free_i, clr_set_i,
                                                                           clr_mask_i);
  assign h0_change_o    = pop || (!wv_q[0] && nv[0]);

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      assert (!(push_i && cnt_q == CntW'(Depth)));               // the tracker never overfills a run
      assert (!(pop_i && !(wv_q[0] && wl_q[0])));                // it fires only a live h0
      assert (!(push_i && fire_free_i));                         // no fire while an allocation lands
      if (h0_stays_o) assert (nv[0] && nl[0] && nw[0] == ww_q[0]);  // the same h0, live, next cycle
      if (pop_i) assert (fire_free_i && ww_q[0] == fire_way_i);   // a fire frees its own h0's way,
      if (fire_free_i) begin                                     // and no other live element holds it
        for (int k = 0; k < HeadSlots; k++) begin
          if (wv_q[k] && wl_q[k] && ww_q[k] == fire_way_i) assert (k == 0 && pop_i);
        end
        assert (!(r4_in && r4_live && r4_way_q == fire_way_i));
      end
      assert (32'(wn_q) + 32'(inflight) <= HeadSlots);
      assert (32'(occ_q) == 32'(wn_q) + 32'(inflight));
      assert (ram_nz_q == (ram_cnt_q != '0));
      assert (32'(cnt_q) == 32'(wn_q) + 32'(inflight) + 32'(ram_cnt_q));
      for (int k = 0; k < HeadSlots; k++) assert (wv_q[k] == (k < 32'(wn_q)));
    end
  end
`endif
endmodule
