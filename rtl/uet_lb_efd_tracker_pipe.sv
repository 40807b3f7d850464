// Early-failure tracker of the pipelined core (SPEC section 6): the entries, deadlines, firing order and
// removal rules of uet_lb_efd_tracker, arranged so that no decision the core takes in a cycle waits on a
// search over the entries. Every per-entry comparison or search runs a cycle before its result is used
// and leaves it in a register.
//
// The caller accepts events into stage A1, moves them to stage A2 (move_i) and issues them from there.
// An event may issue only once every entry past its deadline at the event's time has fired.
//
//   - Allocation order: the comparisons of a request's deadline with the entries' deadlines are made
//     as it moves to A2 (a1_deadline_i), and used from a register when it allocates.
//   - Expiry vectors: c1_q holds each entry's expiry at the time of the event in A1 (compared with now_i
//     as A1 takes the event, and kept while it waits; with A1 empty, at the time of the cycle before);
//     c2_q the same for the event in A2 (c1_q, passed on by move_i). An entry allocated meanwhile is
//     compared with each stage's time as it is allocated.
//   - Due (due_o): some entry is past the time of the event in A2, computed from c1_q or c2_q a cycle
//     ahead and registered. It is never 0 while such an entry exists, except for an entry allocated in
//     the cycle the event entered A2, which newexp_o reports instead. It may be 1 for a cycle more than
//     needed (an entry removed in the cycle it was computed still counts): the event then waits a cycle.
//   - Firing, in two steps: the first expired entry in the order (expired at the time of the event in
//     A2, or in A1 when A2 is empty) is picked (pick_q), and fires in the next cycle if fire_en_i.
//     While an entry is expired, due_o (or newexp_o) keeps A2's event from issuing, so only firing
//     removes entries between the pick and its firing, and nothing is allocated: the pick is still the
//     first expired entry when it fires (time only moves forward, and an entry that expires later has a
//     later deadline).
//   - Removal: the entries the event in A1 would remove (an open drops its group's entries, a feedback
//     clears its (group, psn)) are marked as it moves to A2, and remove_i drops them when it issues.
//     Under a waiting event entries change only by firing, so the marks stay exact.
//   - Allocation takes the lowest free entry at the start of the cycle, one-hot (a priority chain, no
//     adder): the tables are written through the one-hot (no index encoder or decoder), and the caller
//     writes the entropy value later the same way (ev_we_i, ev_oh_i), holding fire_en_i low meanwhile.
//
// The caller does at most one of fire, remove and allocate per cycle. Deadlines are compared modulo
// 2^TsWidth: live deadlines lie within 2^(TsWidth-1) of each other.
`default_nettype none

module uet_lb_efd_tracker_pipe #(
  parameter int unsigned Entries  = 32,  ///< tracked packets at most
  parameter int unsigned GroupW   = 4,   ///< group number width
  parameter int unsigned PsnWidth = 32,  ///< PSN width
  parameter int unsigned TsWidth  = 32,  ///< timestamp width (ns)
  parameter bit          SplitCarry = 1'b1 ///< comparisons as half-width chains and a select (uet_lb_pipe)
) (
  input  logic                clk_i,
  input  logic                rst_ni,           ///< synchronous, active low
  input  logic [TsWidth-1:0]  now_i,            ///< this cycle's time (the time of an event A1 takes now)
  input  logic                flush_i,          ///< drop every entry (CTRL clear)
  input  logic                fire_en_i,        ///< the picked entry may fire this cycle (from a register)
  // Stage A1: takes a new event (or none) this cycle; its event's time and what it removes.
  input  logic                a1_load_i,
  input  logic [TsWidth-1:0]  a1_deadline_i,    ///< the deadline a request in A1 would allocate
  input  logic                a1_drop_i,        ///< an open: drops the entries of a1_group_i
  input  logic                a1_clear_i,       ///< a feedback that clears (a1_group_i, a1_psn_i)
  input  logic [GroupW-1:0]   a1_group_i,
  input  logic [PsnWidth-1:0] a1_psn_i,
  // Stage A2: takes A1's event this cycle (move_i); holds an event; its event issues and removes the
  // entries marked for it.
  input  logic                move_i,
  input  logic                a2_valid_i,
  input  logic                remove_i,
  // Track one sent packet (A2's request issues).
  input  logic                alloc_i,
  input  logic [GroupW-1:0]   alloc_group_i,
  input  logic [PsnWidth-1:0] alloc_psn_i,
  input  logic [TsWidth-1:0]  alloc_deadline_i,
  output logic                untracked_o,      ///< alloc_i found no free entry
  output logic [Entries-1:0]  alloc_oh_o,       ///< the entry alloc_i takes, one-hot
  // Late entropy value of an entry allocated earlier.
  input  logic                ev_we_i,
  input  logic [Entries-1:0]  ev_oh_i,
  input  logic [15:0]         ev_i,
  // The entry firing this cycle.
  output logic                fire_o,
  output logic [GroupW-1:0]   fire_group_o,
  output logic [PsnWidth-1:0] fire_psn_o,
  output logic [15:0]         fire_ev_o,
  output logic [TsWidth-1:0]  fire_deadline_o,
  // Status.
  output logic                due_o,            ///< registered: an entry may be past A2's event's time
  output logic                newexp_o,         ///< registered: the entry allocated last cycle is past it
  output logic                expired_o,        ///< observation: an entry is past the time picks use
  output logic [$clog2(Entries+1)-1:0] count_o  ///< entries in use
);
  // Entry payload: written through the one-hot allocation only (no reset); valid bits are reset.
  logic [GroupW-1:0]   group_q    [Entries];
  logic [PsnWidth-1:0] psn_q      [Entries];
  logic [15:0]         ev_q       [Entries];
  logic [TsWidth-1:0]  deadline_q [Entries];
  logic [Entries-1:0]  valid_q, valid_d;
  // Order matrix, row i at [Entries*i +: Entries]: bit j set = entry i fires before entry j (an earlier
  // deadline, or the same deadline and sent first); meaningful while both are valid.
  logic [Entries*Entries-1:0] order_q, order_d;
  logic [Entries-1:0]  c1_q, c2_q, c2_d;  // expiry at A1's and A2's time
  logic [Entries-1:0]  rm_q;      // the entries the event in A2 removes when it issues
  logic [Entries-1:0]  pick_q;    // the first expired entry, picked last cycle (one-hot or 0)
  logic                pick_any_q, due_q, newexp_q;
  // Comparisons made a cycle ahead for the allocation of A2's request: later_q[j] = its deadline is
  // strictly before entry j's (made as the event moves to A2, against the entries then, the one being
  // allocated in that cycle included; while the event waits nothing is allocated, so an entry that
  // changes meanwhile is invalid when the event allocates, and its bit does not matter); new_a1_q = A1's
  // time is past it.
  logic [Entries-1:0]  later_q;
  logic                new_a1_q;

  logic [Entries-1:0]  src, masked, pick_d, fire_w, alloc_oh, alloc_w, rm1, later, due_each;
  logic                fire, take, alloc_ok, new_now, new_a1, new_rm, due_d;

  // Expiry: now is strictly past the deadline, modular: now - deadline in 1..2^(TsWidth-1), i.e. the
  // sign bit of now - deadline - 1 is clear: with SplitCarry two half-width carry chains and a select
  // (uet_lb_pkg::ts_past), else one chain. A deadline at now waits one cycle, so a clear at the
  // deadline's time wins.
  function automatic logic past(input logic [TsWidth-1:0] now, input logic [TsWidth-1:0] deadline);
    logic [TsWidth-1:0] d;
    d    = now + ~deadline;
    past = SplitCarry ? uet_lb_pkg::ts_past(uet_lb_pkg::ts_align(32'(now), TsWidth),
                                            uet_lb_pkg::ts_align(32'(deadline), TsWidth))
                      : !d[TsWidth-1];
  endfunction

  // The guards below (`if (a1_load_i)` here, and further down on allocation, on the pick, on the marks
  // and on the firing payload) change no logic: every term they skip is 0 or unused when they are false.
  // They let a cycle-based simulator skip the per-entry loops in the cycles that do not need them.

  // The deadline being allocated against now_i and against A1's time. (Each entry's deadline against
  // now_i is made in c1_q's clocked block below.)
  assign new_now = past(now_i, alloc_deadline_i);
  assign new_a1  = new_a1_q;

  // Lowest free entry at the start of the cycle (one operation per cycle), one-hot, when a request
  // allocates: free, with every entry below it in use (a chain of ANDs, which synthesis builds as a
  // tree; no adder).
  always_comb begin
    alloc_oh = '0;
    if (alloc_i) begin
      for (int i = 0; i < Entries; i++) begin
        alloc_oh[i] = !valid_q[i] && ((valid_q & ((Entries'(1) << i) - Entries'(1))) == ((Entries'(1) << i) - Entries'(1)));
      end
    end
  end
  assign alloc_ok    = valid_q != '1;
  assign take        = alloc_i && alloc_ok;
  assign alloc_w     = alloc_oh;  // (0 unless take)
  assign untracked_o = alloc_i && !alloc_ok;
  assign alloc_oh_o  = alloc_oh;

  // Expiry vectors. The entry an allocation takes this cycle (alloc_oh, 0 if none is free) gets the new
  // deadline's comparison. Nothing is allocated unless A2's event issues, and then A1's event moves on.
  always_comb begin
    c2_d = move_i ? ((c1_q & ~alloc_oh) | (new_a1 ? alloc_oh : '0)) : c2_q;
  end

  // Firing: the entry picked last cycle, when enabled. Its payload is an AND-OR over the one-hot.
  assign fire   = fire_en_i && pick_any_q;
  assign fire_w = fire ? pick_q : '0;
  assign fire_o = fire;
  always_comb begin
    fire_group_o    = '0;
    fire_psn_o      = '0;
    fire_ev_o       = '0;
    fire_deadline_o = '0;
    if (pick_any_q) begin
      for (int i = 0; i < Entries; i++) begin
        fire_group_o    = fire_group_o | (pick_q[i] ? group_q[i] : '0);
        fire_psn_o      = fire_psn_o | (pick_q[i] ? psn_q[i] : '0);
        fire_ev_o       = fire_ev_o | (pick_q[i] ? ev_q[i] : '0);
        fire_deadline_o = fire_deadline_o | (pick_q[i] ? deadline_q[i] : '0);
      end
    end
  end

  // Next pick: the first of the expired entries other than the one firing now (expired, and before
  // every other such entry in the order). A flush clears it (in the register's reset).
  assign src    = a2_valid_i ? c2_q : c1_q;
  assign masked = src & valid_q & ~(fire_en_i ? pick_q : '0);  // (pick_q is 0 unless pick_any_q)
  always_comb begin
    pick_d = '0;
    if (masked != '0) begin
      for (int i = 0; i < Entries; i++) begin
        pick_d[i] = masked[i] && ((masked & ~order_q[Entries*i +: Entries] & ~(Entries'(1) << i)) == '0);
      end
    end
  end

  // Marks for the event in A1: its own matches, and the entry an allocation would take this cycle
  // against it.
  always_comb begin
    rm1 = '0;
    if (move_i && (a1_drop_i || a1_clear_i)) begin  // (used only as A1's event moves on)
      for (int i = 0; i < Entries; i++) begin
        rm1[i] = (a1_drop_i && group_q[i] == a1_group_i)
                 || (a1_clear_i && group_q[i] == a1_group_i && psn_q[i] == a1_psn_i);
      end
    end
  end
  assign new_rm = (a1_drop_i && alloc_group_i == a1_group_i)
                  || (a1_clear_i && alloc_group_i == a1_group_i && alloc_psn_i == a1_psn_i);

  // Valid bits and order. later[j]: the new deadline is strictly earlier than entry j's, so the new
  // entry fires first (on equal deadlines the entry already there was sent first). The new entry's row
  // is `later`; every other row i gets the new entry's column as !later[i].
  always_comb begin
    valid_d = (valid_q & ~fire_w & ~(remove_i ? rm_q : '0)) | alloc_w;  // a flush clears it (reset)
    order_d = order_q;
    later   = '0;
    if (take) begin
      later = later_q;
      for (int i = 0; i < Entries; i++) begin
        order_d[Entries*i +: Entries] = alloc_oh[i] ? later
                                        : (order_q[Entries*i +: Entries] & ~alloc_oh) | (later[i] ? '0 : alloc_oh);
      end
    end
  end

  // Due next cycle, for the event then in A2: A1's event if it moves now, else the same event; over
  // the entries valid at the start of this cycle. Chosen per entry before the OR.
  assign due_each = (move_i ? c1_q : c2_q) & valid_q;
  assign due_d    = due_each != '0;

  // A flush (CTRL clear) empties the tracker: it acts on these registers as a reset does.
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      valid_q    <= '0;
      pick_q     <= '0;
      pick_any_q <= 1'b0;
      due_q      <= 1'b0;
      newexp_q   <= 1'b0;
    end else begin
      valid_q    <= valid_d;
      pick_q     <= pick_d;
      pick_any_q <= masked != '0;
      due_q      <= due_d;
      newexp_q   <= take && new_a1;  // (take implies move_i)
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      order_q <= '0;
      c2_q    <= '0;
    end else begin
      order_q <= order_d;
      c2_q    <= c2_d;
    end
  end
  // A1's expiry vector: each deadline against now_i as A1 takes an event, else A1's vector kept (the
  // entry being allocated, against A1's time). Written here rather than as a next-state in always_comb:
  // the comparisons feed this register only, and a cycle-based simulator then makes them once per
  // clock edge instead of at every change of now_i.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      c1_q <= '0;
    end else if (a1_load_i) begin
      for (int i = 0; i < Entries; i++) c1_q[i] <= alloc_oh[i] ? new_now : past(now_i, deadline_q[i]);
    end else begin
      c1_q <= (c1_q & ~alloc_oh) | (new_a1 ? alloc_oh : '0);
    end
  end

  // The comparisons for the allocation of A1's event, should it be a request, made as it moves to A2
  // (later_q) or as A1 or A2 takes a new event (new_a1_q: A1's time is past A2's deadline).
  // Each comparison is made before the choice that depends on this cycle's decisions (move_i, the
  // allocation), so no carry chain waits on them.
  logic new_later, a1_new;
  assign new_later = past(alloc_deadline_i, a1_deadline_i);
  assign a1_new    = past(now_i, a1_deadline_i);
  always_ff @(posedge clk_i) begin
    if (move_i) begin
      for (int j = 0; j < Entries; j++) later_q[j] <= alloc_oh[j] ? new_later : past(deadline_q[j], a1_deadline_i);
    end
    if (a1_load_i) new_a1_q <= move_i ? a1_new : new_now;
  end

  // Marks: taken with A1's event as it moves to A2; unchanged while it waits there (no allocation then).
  always_ff @(posedge clk_i) begin
    if (move_i) rm_q <= (alloc_oh & {Entries{new_rm}}) | (rm1 & ~alloc_oh);
  end

  // Payload tables: written through the one-hot, outside the reset branch.
  always_ff @(posedge clk_i) begin
    if (take) begin
      for (int i = 0; i < Entries; i++) begin
        if (alloc_oh[i]) begin
          group_q[i]    <= alloc_group_i;
          psn_q[i]      <= alloc_psn_i;
          deadline_q[i] <= alloc_deadline_i;
        end
      end
    end
    if (ev_we_i) begin
      for (int i = 0; i < Entries; i++) begin
        if (ev_oh_i[i]) ev_q[i] <= ev_i;
      end
    end
  end

  assign due_o     = due_q;
  assign newexp_o  = newexp_q;
  assign expired_o = (src & valid_q) != '0;
  assign count_o   = $bits(count_o)'($countones(valid_q));

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ($countones(pick_q) <= 1);
      assert (pick_any_q == (pick_q != '0));
      // Due is never late: with an event in A2, every valid entry past its time is reported.
      assert (!(a2_valid_i && (c2_q & valid_q) != '0 && !due_q && !newexp_q));
      assert (!(fire && (pick_q & valid_q) == '0));            // the pick is still there when it fires
      // ... and is the first expired entry in the order.
      for (int i = 0; i < Entries; i++) begin
        if (fire && pick_q[i]) assert ((src & valid_q & ~order_q[Entries*i +: Entries] & ~(Entries'(1) << i)) == '0);
      end
      assert (32'(fire) + 32'(remove_i) + 32'(alloc_i) <= 1);  // one operation per cycle
      assert (!(alloc_i && !move_i));                          // an allocation moves A1's event on
      assert (!(ev_we_i && $countones(ev_oh_i) != 1));
    end
  end
`endif
endmodule
