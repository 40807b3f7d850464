// One run of the early-failure tracker: a FIFO of tracked packets in send order whose deadlines never
// decrease, so its head is always its earliest. An element names the tracker way that holds the packet
// (way), the packet's allocation number (seq) and its deadline. It is live while that way still holds
// that allocation (the way's valid bit, and the seq stored for the way); a clear or a fire frees the way,
// and the element, dead, leaves when it reaches the head.
//
// The elements wait in a RAM; the oldest are read ahead into a small window of registers (HeadSlots),
// each resolved on the way (uet_lb_tracker_resolve: the way's valid bit and stored seq read, and every
// free since watched). A push into an empty run goes straight into the window. A dead h0 leaves at once
// (at most one element a cycle).
//
// Firing. The tracker fires the run's first live element (fl_*), wherever it sits in the window: dead
// elements before it need not leave first. A fired element is dead from then on (fire_i) and leaves
// when it reaches the head, as a cleared one does; the fire frees its way in the tables later, in event
// order. hold_o says whether an element that is live and not left out (skip, fired) may be past due at
// now_i.
`default_nettype none

module uet_lb_tracker_run #(
  parameter int unsigned Entries  = 1024,  ///< tracker ways in all (sets x ways)
  parameter int unsigned Ways     = 4,
  parameter int unsigned Depth    = 2048,  ///< elements the run holds (a power of 2)
  parameter int unsigned SeqW     = 14,
  parameter int unsigned TsWidth  = 32,
  // Derived, do not override.
  parameter int unsigned EntW     = (Entries > 1) ? $clog2(Entries) : 1,
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
  // Ways freed this cycle: a record's ways in one set (mask): an ACK's or NACK's clear, or a fire's.
  input  logic                clr_free_i,
  input  logic [SetW-1:0]     clr_set_i,
  input  logic [Ways-1:0]     clr_mask_i,
  input  logic [SetW-1:0]     clr_next_set_i, ///< the set clr_set_i shows next cycle (when it frees then):
                                             ///< each slot compares it a cycle ahead, from flip-flops
  input  logic                push_hs_i,     ///< push_way_i's set is clr_next_set_i (the tracker compares
                                             ///< the two a cycle ahead: the push reaches every slot)
  // Firing.
  input  logic [TsWidth-1:0]  now_i,         ///< the time of the events the core takes next cycle
  input  logic                fire_i,        ///< the tracker fires the element numbered fire_seq_i (fl):
                                             ///< it is dead from the next cycle on
  input  logic [SeqW-1:0]     fire_seq_i,    ///< (with fire_i, unchanged since the last edge)
  input  logic                skip_i,        ///< hold_o leaves out the element numbered skip_seq_i (the
  input  logic [SeqW-1:0]     skip_seq_i,    ///< tracker fires it by its deadline, or the core is held)
  input  logic                fired_i,       ///< and the one numbered fired_seq_i (fired at the last edge)
  input  logic [SeqW-1:0]     fired_seq_i,
  // The window as it was a cycle ago (registered: these feed the tracker's candidate choice).
  output logic                fl_valid_o,    ///< the window held a live element; the first:
  output logic [EntW-1:0]     fl_way_o,
  output logic                sl_valid_o,    ///< the window held a second live element; it:
  output logic [EntW-1:0]     sl_way_o,
  output logic [4*TsWidth-1:0] hdl_o,        ///< their deadlines and numbers: the view's halves' four and
  output logic [4*SeqW-1:0]   hseq_o,        ///< a one-hot select of the first's (of the first two) and
  output logic [1:0]          fl_hsel_o,     ///< of the second's (uet_lb_tracker_view)
  output logic [3:0]          sl_hsel_o,
  output logic                fl_is_fire_o,  ///< the first's seq is fire_seq_i as it was a cycle ago (each
                                             ///< slot compares, and the flag is selected as the element is)
  output logic                unseen_o,      ///< no such element in the window, and elements past it
  output logic                hold_o,        ///< a live element (not skipped) may be past due at now_i
  output logic [CntW-1:0]     count_o,       ///< elements in the run (window and RAM)
  output logic [SeqW-1:0]     oldest_seq_o,  ///< no element is older (valid while count_o > 0)
  // Next cycle's count and head (for flags the tracker registers a cycle ahead).
  output logic [CntW-1:0]     count_next_o,
  output logic                pop_o,         ///< h0 leaves at this edge (dead)
  output logic                h0_stays_o     ///< h0 is there, live, and neither leaves nor is freed nor
                                             ///< fired at this edge: next cycle's h0 is known live (from
                                             ///< flip-flops: a head that lands or moves up is not known yet)
);
  localparam int unsigned AddrW     = $clog2(Depth);
  localparam int unsigned ElemW     = EntW + SeqW + TsWidth;
  // Window slots: enough that, with a read landing every cycle (ReadLat - 1 of them on their way), the
  // window shows about fifteen resolved elements past the head, so a live packet behind a stretch of dead
  // ones is seen well before its deadline while the head walks one element a cycle. (At one request and
  // one ACK a cycle with 5 % lost, 16 slots left the core holding the streams for a past-due bound often
  // enough that ACKs came late and fired: bench_rtl's loss table; 20 slots hold none there.)
  localparam int unsigned HeadSlots = 20;
  localparam int unsigned SlotW     = $clog2(HeadSlots + 1);
  localparam int unsigned ReadLat   = 6;  // a RAM read issued now reaches the window in 6 cycles

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

  // The read-ahead (uet_lb_tracker_resolve): r1 .. r5, then the window (ReadLat cycles from the read);
  // r5's element lands in the window this cycle, live after this cycle's frees.
  logic [ReadLat-2:0] rv;             // the reads on their way: rv[0] r1 .. rv[4] r5
  logic [EntW-1:0]    r5_lands_way;
  logic [SeqW-1:0]    r5_lands_seq;
  logic [TsWidth-1:0] r5_lands_dl;
  logic               r5_lands_live, r5_lands_hs;
  uet_lb_tracker_resolve #(.Entries (Entries), .Ways (Ways), .SeqW (SeqW), .TsWidth (TsWidth)) u_resolve (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .read_i (ram_re), .rdata_i (rdata),
    .valid_i (valid_i), .seq_we_i (seq_we_i), .seq_way_i (seq_way_i), .seq_i (seq_i),
    .clr_free_i (clr_free_i), .clr_set_i (clr_set_i), .clr_mask_i (clr_mask_i), .clr_next_set_i (clr_next_set_i),
    .reads_o (rv), .way_o (r5_lands_way), .seq_o (r5_lands_seq), .deadline_o (r5_lands_dl),
    .live_o (r5_lands_live), .hs_o (r5_lands_hs)
  );

  // ---------------------------------------------------------------------------------------------
  // The window: slot 0 is h0.
  logic [HeadSlots-1:0] wv_q;
  logic [EntW-1:0]      ww_q [HeadSlots];
  logic [SeqW-1:0]      ws_q [HeadSlots];
  logic [TsWidth-1:0]   wd_q [HeadSlots];
  logic [HeadSlots-1:0] wl_q;          // live
  logic [SlotW-1:0]     wn_q;          // slots in use (they are the low ones)
  logic [2:0]           inflight;      // reads on their way (r1..r5)
  logic [SlotW-1:0]     occ_q;         // wn_q + inflight: the slots taken or promised (a counter of its own,
                                       // so the read decision compares a flip-flop with a constant)

  always_comb begin
    inflight = '0;
    for (int k = 0; k < ReadLat - 1; k++) inflight = inflight + 3'(rv[k]);
  end

  logic pop, pop_q, direct, r5_in;
  assign r5_in   = rv[ReadLat - 2];  // a read lands in the window this cycle
  // h0 leaves when dead: from a flip-flop of its own, made with slot 0's next contents (the pop shifts
  // every slot; decoding it from the slot's bits in front of them was an ECP5 critical path).
  assign pop     = pop_q;
  // A push goes straight to the window when nothing older is in the RAM or on its way, and there is room:
  // decided a cycle ahead into one flip-flop (dok_q), since `direct` reaches every slot's write enable.
  logic room_q;  // wn_q < HeadSlots
  logic dok_q;   // !ram_nz_q && rv == 0 && room_q
  assign direct  = push_i && dok_q;
  assign ram_we  = push_i && !direct;
  // Read ahead while the window and the reads on their way leave room (counting the push that may come
  // straight in: it never does while a read is in flight, since the RAM is then not empty).
  assign ram_re  = ram_nz_q && occ_q < SlotW'(HeadSlots - 1);

  // A slot's way in the set of the record that frees this cycle (hs_q), compared a cycle ahead with
  // clr_next_set_i so that a free is a mask bit and two gates per slot: the record's set reaches every
  // slot of every run, and comparing it here was the ECP5 critical path.
  logic [HeadSlots-1:0] hs_q, nh, eqs, fs;
  always_comb begin
    for (int k = 0; k < HeadSlots; k++) begin
      eqs[k] = uet_lb_pkg::way_set(32'(ww_q[k]), $clog2(Sets), $clog2(Ways)) == 32'(clr_next_set_i);
      fs[k]  = clr_free_i && hs_q[k] && clr_mask_i[uet_lb_pkg::way_in_set(32'(ww_q[k]), $clog2(Ways))];
    end
  end

  // The window's next contents: shift out a pop, then append the resolved read, then a direct push. The
  // slots they land in are decoded from the slot count as it is (compared with constants chosen by pop
  // and the read), not from a count computed first: an index written through a computed count makes
  // Yosys build an adder and a shifter in front of every slot.
  logic [HeadSlots-1:0] nv;
  logic [EntW-1:0]      nw [HeadSlots];
  logic [SeqW-1:0]      ns [HeadSlots];
  logic [TsWidth-1:0]   nd [HeadSlots];
  logic [HeadSlots-1:0] nl;
  logic [SlotW-1:0]     nn;
  // The counters a push changes, summed from flip-flops for both outcomes and selected by the push (the
  // push and the direct decision reach every slot: an adder behind them was the ECP5 critical path). The
  // room flag likewise: the slot count compared with constants, chosen by what lands and leaves.
  logic [AddrW:0]       ram_cnt_n, ram_cnt_w;  // the RAM's count next cycle without and with a write
  logic [SlotW-1:0]     occ_n, occ_d;          // occ_q next cycle without and with a direct push
  logic [CntW-1:0]      cnt_n, cnt_next;
  logic                 room_next;
  assign ram_cnt_n = ram_cnt_q - (AddrW + 1)'(ram_re);
  assign ram_cnt_w = ram_cnt_q + (AddrW + 1)'(!ram_re);
  assign occ_n     = occ_q + SlotW'(ram_re) - SlotW'(pop);
  assign occ_d     = occ_q + SlotW'(ram_re) + SlotW'(!pop);
  assign cnt_n     = cnt_q - CntW'(pop);
  assign cnt_next  = push_i ? cnt_q + CntW'(!pop) : cnt_n;
  always_comb begin
    // nn < HeadSlots, with nn = wn_q + r5_in + direct - pop.
    unique case ({r5_in, direct, pop})
      3'b000, 3'b101, 3'b011: room_next = wn_q < SlotW'(HeadSlots);
      3'b100, 3'b010:         room_next = wn_q < SlotW'(HeadSlots - 1);
      3'b110:                 room_next = wn_q < SlotW'(HeadSlots - 2);
      3'b001:                 room_next = 1'b1;
      default:                room_next = wn_q < SlotW'(HeadSlots - 1);  // 3'b111
    endcase
  end
  // The slots holding fire_seq_i's element (is_fs, for the view), and the one fire_i flags (before the
  // shift). A fire's number has not changed since the last edge (the tracker fires an armed candidate),
  // so the slot it hits is the one whose number equalled fire_seq_i a cycle ago: a flag per slot (fsl_q),
  // compared as elements move and land, so the fire kills a slot through flip-flops and gates (a compare
  // with the fire block's register in front of every slot's live flag was an ECP5 critical path).
  logic [HeadSlots-1:0] is_fs, fire_hit, fsl_q, fsl_n;
  always_comb begin
    for (int k = 0; k < HeadSlots; k++) is_fs[k] = ws_q[k] == fire_seq_i;
  end
  assign fire_hit = fire_i ? wv_q & fsl_q : '0;
  // The slot count one-hot (won_q[n]: wn_q == n), kept beside wn_q so that a landing slot is one bit.
  // The read and the direct push land in slot wn_q - pop (a push goes direct only with no read on its way,
  // so none lands beside it).
  logic [HeadSlots:0]   won_q, won_n;
  logic [HeadSlots-1:0] land, land_r, land_d;  // the landing slot; the read's, the direct push's (one-hot)
  assign land   = pop ? won_q[HeadSlots:1] : won_q[HeadSlots-1:0];
  assign land_r = r5_in ? land : '0;
  assign land_d = direct ? land : '0;
  assign nn     = wn_q + SlotW'(r5_in) + SlotW'(direct) - SlotW'(pop);
  // The one-hot moves as the count does: by r5_in + direct - pop, -1 .. 1 (a read and a push never land
  // together).
  always_comb begin
    unique case ({r5_in || direct, pop})
      2'b10:   won_n = {won_q[HeadSlots-1:0], 1'b0};
      2'b01:   won_n = {1'b0, won_q[HeadSlots:1]};
      default: won_n = won_q;
    endcase
  end

  // The window's next contents. A pop shifts every slot down by one (the top slot's fields take slot 0's,
  // a don't-care, as its valid and live flags go low); frees and this cycle's fire kill the slots they
  // hit; then a landing read, or a direct push, overrides its slot. The per-slot flags are whole-vector
  // operations, the fields a select per slot.
  function automatic logic [HeadSlots-1:0] down(input logic [HeadSlots-1:0] x, input logic shift, input logic fill);
    down = shift ? {fill ? x[0] : 1'b0, x[HeadSlots-1:1]} : x;
  endfunction
  // A flag per slot: the push's value where it lands, else the read's where it lands, else the slot's own.
  function automatic logic [HeadSlots-1:0] landed(input logic [HeadSlots-1:0] kept, input logic [HeadSlots-1:0] lr,
                                                  input logic [HeadSlots-1:0] ld, input logic r_val, input logic d_val);
    landed = (kept & ~(lr | ld)) | (lr & ~ld & {HeadSlots{r_val}}) | (ld & {HeadSlots{d_val}});
  endfunction
  assign nv    = landed(down(wv_q, pop, 1'b0), land_r, land_d, 1'b1, 1'b1);
  // Live: a direct push is (a free this cycle is the pushing record's own clear, which freed the way
  // before the allocation took it again).
  assign nl    = landed(down(wl_q & ~fire_hit & ~fs, pop, 1'b0), land_r, land_d, r5_lands_live, 1'b1);
  assign nh    = landed(down(eqs, pop, 1'b1), land_r, land_d, r5_lands_hs, push_hs_i);
  assign fsl_n = landed(down(is_fs, pop, 1'b1), land_r, land_d, r5_lands_seq == fire_seq_i, push_seq_i == fire_seq_i);
  always_comb begin
    for (int k = 0; k < HeadSlots; k++) begin
      if (land_d[k]) begin
        nw[k] = push_way_i;
        ns[k] = push_seq_i;
        nd[k] = push_deadline_i;
      end else if (land_r[k]) begin
        nw[k] = r5_lands_way;
        ns[k] = r5_lands_seq;
        nd[k] = r5_lands_dl;
      end else if (pop) begin
        nw[k] = ww_q[(k + 1) % HeadSlots];
        ns[k] = ws_q[(k + 1) % HeadSlots];
        nd[k] = wd_q[(k + 1) % HeadSlots];
      end else begin
        nw[k] = ww_q[k];
        ns[k] = ws_q[k];
        nd[k] = wd_q[k];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      wv_q      <= '0;
      wl_q      <= '0;
      wn_q      <= '0;
      pop_q     <= 1'b0;
      wp_q      <= '0;
      rp_q      <= '0;
      ram_cnt_q <= '0;
      ram_nz_q  <= 1'b0;
      occ_q     <= '0;
      cnt_q     <= '0;
      room_q    <= 1'b1;
      dok_q     <= 1'b1;
      won_q     <= (HeadSlots + 1)'(1);
    end else begin
      wv_q      <= nv;
      wl_q      <= nl;
      wn_q      <= nn;
      pop_q     <= nv[0] && !nl[0];
      room_q    <= room_next;
      // Direct next cycle: the RAM empty and no read on its way then, and room.
      dok_q     <= !(ram_we || (ram_nz_q && !(ram_re && ram_cnt_q == (AddrW + 1)'(1)))) &&
                   rv[ReadLat-3:0] == '0 && !ram_re && room_next;
      won_q     <= won_n;
      if (ram_we) wp_q <= wp_q + 1'b1;
      if (ram_re) rp_q <= rp_q + 1'b1;
      ram_cnt_q <= ram_we ? ram_cnt_w : ram_cnt_n;
      // Not empty next cycle: a write, or more than the one element a read takes.
      ram_nz_q  <= ram_we || (ram_nz_q && !(ram_re && ram_cnt_q == (AddrW + 1)'(1)));
      occ_q     <= direct ? occ_d : occ_n;
      cnt_q     <= cnt_next;
    end
  end

  always_ff @(posedge clk_i) begin
    for (int k = 0; k < HeadSlots; k++) begin
      ww_q[k] <= nw[k];
      ws_q[k] <= ns[k];
      wd_q[k] <= nd[k];
    end
    hs_q      <= nh;
    fsl_q     <= fsl_n;
  end

  // The oldest element's seq: h0's, or (h0 not yet in the window) one more than the last one popped, a
  // lower bound, since elements leave in the order they came.
  logic [SeqW-1:0] oldest_q;
  always_ff @(posedge clk_i) begin
    if (cnt_q == '0 && push_i) oldest_q <= push_seq_i;
    else if (pop) oldest_q <= wv_q[1] ? ws_q[1] : ws_q[0] + 1'b1;
    else if (wv_q[0]) oldest_q <= ws_q[0];
  end

  assign count_o       = cnt_q;
  assign oldest_seq_o  = oldest_q;
  assign count_next_o  = cnt_next;
  assign pop_o         = pop;
  // (The fire comes late in the cycle: it enters last, through one gate.)
  logic h0_cand;
  assign h0_cand       = fsl_q[0];
  assign h0_stays_o    = (!flush_i && wv_q[0] && wl_q[0] && !fs[0]) && !(fire_i && h0_cand);

  // What the window shows: its first and second live elements, a cycle old, and the hold
  // (uet_lb_tracker_view). Elements are past the window while the run holds more than the window does.
  logic [HeadSlots*EntW-1:0]    ww_flat;
  logic [HeadSlots*SeqW-1:0]    ws_flat;
  logic [HeadSlots*TsWidth-1:0] wd_flat;
  for (genvar k = 0; k < HeadSlots; k++) begin : g_flat
    assign ww_flat[k * EntW +: EntW]       = ww_q[k];
    assign ws_flat[k * SeqW +: SeqW]       = ws_q[k];
    assign wd_flat[k * TsWidth +: TsWidth] = wd_q[k];
  end
  // A copy of the live flags for the view's deadline selects (uet_lb_dup: reset and flushed as wl_q is).
  logic [HeadSlots-1:0] wl_dl;
  uet_lb_dup #(.W (HeadSlots)) u_wl_dl (
    .clk_i (clk_i), .rst_ni (rst_ni), .clr_i (flush_i), .d_i (nl), .q_o (wl_dl)
  );
  uet_lb_tracker_view #(.Slots (HeadSlots), .EntW (EntW), .SeqW (SeqW), .TsWidth (TsWidth)) u_view (
    .clk_i (clk_i), .rst_ni (rst_ni), .flush_i (flush_i), .now_i (now_i),
    .live_i (wl_q), .live_dl_i (wl_dl), .way_i (ww_flat), .seq_i (ws_flat), .deadline_i (wd_flat), .is_fire_i (is_fs),
    .used_oh_i (won_q), .beyond_i (32'(cnt_q) > 32'(wn_q)), .pop_i (pop),
    .skip_i (skip_i), .skip_seq_i (skip_seq_i), .fired_i (fired_i), .fired_seq_i (fired_seq_i),
    .fl_valid_o (fl_valid_o), .fl_way_o (fl_way_o), .sl_valid_o (sl_valid_o), .sl_way_o (sl_way_o),
    .hdl_o (hdl_o), .hseq_o (hseq_o), .fl_hsel_o (fl_hsel_o), .sl_hsel_o (sl_hsel_o),
    .fl_is_fire_o (fl_is_fire_o), .unseen_o (unseen_o), .hold_o (hold_o)
  );

`ifndef SYNTHESIS
  // The window's first live element now (what the view shows next cycle).
  logic            fl_now;
  logic [SeqW-1:0] fl_now_seq;
  always_comb begin
    fl_now     = 1'b0;
    fl_now_seq = '0;
    for (int k = HeadSlots - 1; k >= 0; k--) begin
      if (wl_q[k]) begin
        fl_now     = 1'b1;
        fl_now_seq = ws_q[k];
      end
    end
  end
  logic [SeqW-1:0] fseq_ref_q;  // fire_seq_i a cycle ago
  always_ff @(posedge clk_i) fseq_ref_q <= fire_seq_i;
  logic [SeqW-1:0] fl_seq;      // the view's first's number, selected as a reader does
  uet_lb_onehot_mux #(.N (2), .W (SeqW)) u_fl_seq (.sel_i (fl_hsel_o), .data_i (hseq_o[2*SeqW-1:0]), .data_o (fl_seq));
  // Per-slot checks, one bit a slot (each assertion below is labelled once, outside any loop: Yosys 0.23
  // names a procedural assertion by its label, so a labelled one inside a loop is made twice). The slots
  // in use are the low ones; each used slot's freed flag, compared a cycle ahead, is this cycle's.
  logic [HeadSlots-1:0] ok_wv, ok_fs;
  always_comb begin
    for (int k = 0; k < HeadSlots; k++) begin
      ok_wv[k] = wv_q[k] == (k < 32'(wn_q)) && (wv_q[k] || !wl_q[k]);
      ok_fs[k] = !wv_q[k] || fs[k] == uet_lb_pkg::way_freed(32'(ww_q[k]), 1'b1, 32'(clr_set_i), 32'(clr_mask_i),
                                                            $clog2(Sets), $clog2(Ways));
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni && !flush_i) begin
      a_no_overfill: assert (!(push_i && cnt_q == CntW'(Depth)));               // the tracker never overfills a run
      // The tracker fires an element of the window: its first live one not yet fired, unless a record
      // freed it at the last edge (the fire's check then finds the clear).
      if (fire_i) a_fire_hits_one: assert ($countones(fire_hit) == 1);
      if (fire_i) a_fire_flags: assert (((fsl_q ^ is_fs) & wv_q) == '0);  // the flags made a cycle ahead
      if (fire_i && (fire_hit & wl_q) != '0) a_fire_is_first_live: assert (fl_now && fl_now_seq == fire_seq_i);
      if (h0_stays_o) a_h0_stays: assert (nv[0] && nl[0] && nw[0] == ww_q[0]);  // the same h0, live, next cycle
      a_window_bound: assert (32'(wn_q) + 32'(inflight) <= HeadSlots);
      a_occupancy: assert (32'(occ_q) == 32'(wn_q) + 32'(inflight));
      a_ram_nonempty: assert (ram_nz_q == (ram_cnt_q != '0));
      a_room_flag: assert (room_q == (wn_q < SlotW'(HeadSlots)));
      a_direct_flag: assert (dok_q == (!ram_nz_q && rv == '0 && room_q));
      a_count_onehot: assert (won_q == (HeadSlots + 1)'(1) << wn_q);
      if (direct) a_direct_alone: assert (!r5_in);
      if (push_i) a_push_set_ahead: assert (push_hs_i == (uet_lb_pkg::way_set(32'(push_way_i), $clog2(Sets),
                                                                              $clog2(Ways)) == 32'(clr_next_set_i)));
      a_pop_flag: assert (pop == (wv_q[0] && !wl_q[0]));
      if (fl_valid_o) a_fl_is_fire: assert (fl_is_fire_o == (fl_seq == fseq_ref_q));
      a_count: assert (32'(cnt_q) == 32'(wn_q) + 32'(inflight) + 32'(ram_cnt_q));
      a_window_low_slots: assert (&ok_wv);  // (and no live flag on an unused slot)
      // The set compares made a cycle ahead are this cycle's.
      if (clr_free_i) begin
        a_free_ahead: assert (&ok_fs);
      end
    end
  end
`endif
endmodule
