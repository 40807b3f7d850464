// Early-failure tracker of the pipelined core (SPEC section 6): the entries, deadlines, firing order and
// removal rules of uet_lb_efd_tracker, for a core that takes one step every beat of two cycles
// (uet_lb_pipe). The tracker's state changes only at the edge that ends a beat (ph_i high in the cycle
// before it), so each beat gives every search over the entries two cycles: the first cycle's results
// land in registers loaded at every edge ("mid" registers, read only in the second cycle), the second
// cycle's in the state. No carry chain is followed by more than the LUT that takes its carry out.
//
// The caller holds events in two stages, A (taken, waiting to move on) and W (waiting to issue); both
// are stable over a beat. At the end of a beat A's event may move to W (move_i) and W's may issue.
//
//   - Expiry: in the first cycle every valid entry's deadline is compared with A's time (three carry
//     chains side by side; the deadlines are kept inverted, so the chains add two registers as they are:
//     uet_lb_pkg::ts_past_parts_n), and the deadline W would allocate too; the second cycle joins them
//     (one LUT). c1_q keeps the joined vector of the last beat (expiry at A's time then)
//     and c2_q the vector of W's event, taken from the fresh one as A's event moves to W.
//   - Due (due_o): some entry may be past the time of W's event; a register, never 0 while such an
//     entry exists (it may be 1 for a beat more than needed, after the entry fired).
//   - Firing in two steps: the first expired entry in the order (at W's time, or at A's last time when
//     W is empty) is picked at the end of a beat (pick_q) and fires at the end of a later one (fire_i).
//     While an entry is expired at W's time, due_o keeps W's event from issuing, so only firing removes
//     entries between a pick and its firing and nothing is allocated: the pick stays the first.
//   - Marks: the entries A's event would remove (an open drops its group's entries, a feedback clears
//     its (group, psn)) are compared in the first cycle and marked as it moves to W; remove_i drops them
//     when it issues (issue_i with w_remove_i). Under a waiting event entries change only by firing, so
//     the marks stay exact.
//   - Allocation order: A's deadline (a_deadline_i, from the caller's mid register in the second cycle)
//     is compared with every entry's as A's event moves to W; the parts are joined in W's first cycle
//     and give the new entry's row of the order matrix when it allocates. The entry allocated in the
//     same beat as the move is compared with the allocating deadline instead (nl_oh_q says which).
//   - Allocation takes the lowest free entry, one-hot (found in the first cycle from the valid bits, and
//     the payload tables' enables made then too, from issue_next_i); the caller writes the entropy value
//     later the same way (ev_we_i, at any edge).
//   - The second cycle picks among results the first made for each case (firing or not, issuing or
//     not): the next pick, the valid bits, due.
//
// The caller fires an entry or issues W's event (which may allocate or remove) at most once per beat.
// Deadlines are compared modulo 2^TsWidth: live deadlines lie within 2^(TsWidth-1) of each other.
`default_nettype none

module uet_lb_efd_tracker_pipe #(
  parameter int unsigned Entries    = 32,  ///< tracked packets at most
  parameter int unsigned GroupW     = 4,   ///< group number width
  parameter int unsigned PsnWidth   = 32,  ///< PSN width
  parameter int unsigned TsWidth    = 32,  ///< timestamp width (ns)
  parameter bit          SplitCarry = 1'b1 ///< comparisons as half-width chains and a join (uet_lb_pipe)
) (
  input  logic                clk_i,
  input  logic                rst_ni,           ///< synchronous, active low
  input  logic                ph_i,             ///< the second cycle of a beat: state changes at its end
  input  logic                flush_i,          ///< drop every entry at this edge (CTRL clear)
  // Stage A: the event taken, or with none, the time of the last beat's end; stable over a beat.
  input  logic [TsWidth-1:0]  a_time_i,
  input  logic [TsWidth-1:0]  a_deadline_i,     ///< the deadline A's request would allocate (2nd cycle)
  input  logic                a_drop_i,         ///< an open: drops the entries of a_group_i
  input  logic                a_clear_i,        ///< a feedback that clears (a_group_i, a_psn_i)
  input  logic [GroupW-1:0]   a_group_i,
  input  logic [PsnWidth-1:0] a_psn_i,
  // Stage W: its event (what it would allocate); stable over a beat.
  input  logic                w_valid_i,
  input  logic                w_alloc_i,        ///< W's event is a request to track when it issues
  input  logic                w_remove_i,       ///< W's event drops its marked entries when it issues
  input  logic [TsWidth-1:0]  w_deadline_n_i,   ///< W's deadline, inverted (the tracker keeps them so)
  input  logic [GroupW-1:0]   w_group_i,
  input  logic [PsnWidth-1:0] w_psn_i,
  // This beat's decisions, valid in its second cycle (from the caller's mid registers).
  input  logic                move_i,           ///< A's event moves to W
  input  logic                fire_i,           ///< the picked entry fires
  input  logic                issue_i,          ///< W's event issues (allocates or removes, if it does)
  input  logic                issue_next_i,     ///< first cycle: issue_i will be high in the second
  output logic                tracked_o,        ///< W's request takes an entry as it issues (2nd cycle)
  output logic                untracked_o,      ///< ... finds none free (second cycle)
  output logic [Entries-1:0]  alloc_oh_o,       ///< the entry it takes, one-hot (second cycle)
  // Late entropy value of an entry allocated earlier, written at this edge (any edge).
  input  logic                ev_we_i,
  input  logic [Entries-1:0]  ev_oh_i,
  input  logic [15:0]         ev_i,
  // The picked entry (the one fire_i fires), valid in the second cycle.
  output logic                pick_any_o,       ///< registered: an entry is picked
  output logic [GroupW-1:0]   fire_group_o,
  output logic [PsnWidth-1:0] fire_psn_o,
  output logic [15:0]         fire_ev_o,
  output logic [TsWidth-1:0]  fire_deadline_o,
  // Status.
  output logic                due_o,            ///< registered: an entry may be past W's event's time
  output logic                expired_o,        ///< observation: an entry is past the time picks use
  output logic [$clog2(Entries+1)-1:0] count_o  ///< entries in use
);
  // Entry payload: written through the one-hot allocation only (no reset); valid bits are reset.
  logic [GroupW-1:0]   group_q    [Entries];
  logic [PsnWidth-1:0] psn_q      [Entries];
  logic [15:0]         ev_q       [Entries];
  logic [TsWidth-1:0]  dn_q       [Entries];  // the deadline, inverted
  logic [Entries-1:0]  valid_q, valid_d;
  // Order matrix, row i at [Entries*i +: Entries]: bit j set = entry i fires before entry j (an earlier
  // deadline, or the same deadline and sent first); meaningful while both are valid.
  logic [Entries*Entries-1:0] order_q, order_d;
  logic [Entries-1:0]  c1_q, c2_q, c1_d, c2_d;  // expiry at A's (last) time and at W's
  logic [Entries-1:0]  rm_q, rm_d;             // the entries W's event removes when it issues
  logic [Entries-1:0]  pick_q, pick_d;         // the first expired entry (one-hot or 0)
  logic                pick_any_q, due_q, due_d;
  // The comparison parts of W's event's deadline for its allocation (made as it moved to W).
  logic [3:0]          lp_q [Entries];         // entry j's deadline past W's: W's is strictly earlier
  logic [3:0]          nlp_q;                  // the same for the entry allocated as it moved
  logic [Entries-1:0]  nl_oh_q;                // that entry, one-hot (0: none)

  // Expiry in parts: with SplitCarry the three half-width carries and the top bits, joined by one LUT;
  // else one chain's result in bit 0. Deadlines are kept inverted, so every chain adds two registers as
  // they are (uet_lb_pkg::ts_past_parts_n and _rev).
  //   past_parts(now, dn):  now is strictly after the deadline ~dn;
  //   later_parts(dn, a):   the deadline ~dn is strictly after a (a is strictly earlier).
  function automatic logic [3:0] past_parts(input logic [TsWidth-1:0] now, input logic [TsWidth-1:0] dn);
    logic [TsWidth-1:0] d;
    d          = now + dn;  // now - deadline - 1
    past_parts = SplitCarry ? uet_lb_pkg::ts_past_parts_n(uet_lb_pkg::ts_align(32'(now), TsWidth),
                                                          uet_lb_pkg::ts_align_n(32'(dn), TsWidth))
                            : {3'b000, !d[TsWidth-1]};
  endfunction
  function automatic logic [3:0] later_parts(input logic [TsWidth-1:0] dn, input logic [TsWidth-1:0] a);
    logic [TsWidth-1:0] d;
    d           = dn + a + TsWidth'(1);  // ~(deadline - a - 1)
    later_parts = SplitCarry ? uet_lb_pkg::ts_past_parts_rev(uet_lb_pkg::ts_align_n(32'(dn), TsWidth),
                                                             uet_lb_pkg::ts_align(32'(a), TsWidth))
                             : {3'b000, d[TsWidth-1]};
  endfunction
  function automatic logic past_join(input logic [3:0] p);
    past_join = SplitCarry ? uet_lb_pkg::ts_past_join(p) : p[0];
  endfunction

  // ---------------------------------------------------------------------------------------------
  // First cycle: mid registers, loaded at every edge from the state and the stages (stable over the
  // beat), read in the second cycle only. What the second cycle decides (move, fire, issue) picks
  // among results made here for each case.
  logic [3:0]          c1p_m [Entries];   // each valid entry's deadline against A's time (0 if invalid)
  logic [3:0]          na1p_m;            // W's deadline (the one an allocation takes) against A's time
  logic [Entries-1:0]  grp_eq_m;          // each entry's group against A's event's
  logic [Entries-1:0]  psn_lo_eq_m, psn_hi_eq_m;  // ... and each half of its psn
  logic                ngrp_eq_m, npsn_eq_m;  // W's (the allocation's) against A's
  logic [Entries-1:0]  later_m;           // W's deadline strictly before entry j's
  logic [Entries-1:0]  free_oh_m;         // the lowest free entry, one-hot (0: none free)
  logic [Entries-1:0]  alloc_we_m;        // the entry W's request takes at this beat's end (1 in the
                                          // second cycle only: the payload tables' enables)
  logic                take_m;            // W's request takes it if it issues
  logic                due_stay_m;        // some valid entry is past W's time
  logic [Entries-1:0]  keep_m;            // the valid entries W's event keeps if it issues
  logic [Entries-1:0]  pick_a_m, pick_b_m;  // the next pick, with no firing and with the pick firing
  logic                any_a_m, any_b_m;
  logic [GroupW-1:0]   fire_group_m;
  logic [PsnWidth-1:0] fire_psn_m;
  logic [15:0]         fire_ev_m;
  logic [TsWidth-1:0]  fire_deadline_m;

  // The first of the entries in `s` in the order (each before every other one in `s`).
  function automatic logic [Entries-1:0] first(input logic [Entries-1:0] s,
                                               input logic [Entries*Entries-1:0] order);
    for (int i = 0; i < Entries; i++) begin
      first[i] = s[i] && ((s & ~order[Entries*i +: Entries] & ~(Entries'(1) << i)) == '0);
    end
  endfunction
  // The parts of an invalid entry: whatever the chains say, the join is 0.
  localparam logic [3:0] InvalidParts = SplitCarry ? 4'b1000 : 4'b0000;
  localparam int unsigned PsnLoW = (PsnWidth + 1) / 2;

  logic [Entries-1:0] src, src_b, free_oh;
  assign src   = (w_valid_i ? c2_q : c1_q) & valid_q;  // the valid entries expired at the time picks use
  assign src_b = src & ~pick_q;
  // Lowest free entry: free, with every entry below it in use (a chain of ANDs; no adder).
  always_comb begin
    for (int i = 0; i < Entries; i++) begin
      free_oh[i] = !valid_q[i]
                   && ((valid_q & ((Entries'(1) << i) - Entries'(1))) == ((Entries'(1) << i) - Entries'(1)));
    end
  end
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Entries; i++) begin
      c1p_m[i]       <= valid_q[i] ? past_parts(a_time_i, dn_q[i]) : InvalidParts;
      free_oh_m[i]   <= free_oh[i];
      grp_eq_m[i]    <= group_q[i] == a_group_i;
      psn_lo_eq_m[i] <= psn_q[i][PsnLoW-1:0] == a_psn_i[PsnLoW-1:0];
      psn_hi_eq_m[i] <= (psn_q[i] >> PsnLoW) == (a_psn_i >> PsnLoW);
      later_m[i]     <= nl_oh_q[i] ? past_join(nlp_q) : past_join(lp_q[i]);
      keep_m[i]    <= valid_q[i] && !(w_remove_i && rm_q[i]);
    end
    take_m     <= w_alloc_i && valid_q != '1;
    alloc_we_m <= (!ph_i && issue_next_i && w_alloc_i) ? free_oh : '0;
    due_stay_m <= (c2_q & valid_q) != '0;
    pick_a_m   <= first(src, order_q);
    pick_b_m   <= first(src_b, order_q);
    any_a_m    <= src != '0;
    any_b_m    <= src_b != '0;
    na1p_m     <= past_parts(a_time_i, w_deadline_n_i);
    ngrp_eq_m  <= w_group_i == a_group_i;
    npsn_eq_m  <= w_psn_i == a_psn_i;
  end
  // The picked entry's payload: an AND-OR over the one-hot.
  always_ff @(posedge clk_i) begin
    logic [GroupW-1:0]   g;
    logic [PsnWidth-1:0] p;
    logic [15:0]         e;
    logic [TsWidth-1:0]  dl;
    g  = '0;
    p  = '0;
    e  = '0;
    dl = '0;
    for (int i = 0; i < Entries; i++) begin
      g  = g | (pick_q[i] ? group_q[i] : '0);
      p  = p | (pick_q[i] ? psn_q[i] : '0);
      e  = e | (pick_q[i] ? ev_q[i] : '0);
      dl = dl | (pick_q[i] ? ~dn_q[i] : '0);
    end
    fire_group_m    <= g;
    fire_psn_m      <= p;
    fire_ev_m       <= e;
    fire_deadline_m <= dl;
  end

  // ---------------------------------------------------------------------------------------------
  // Second cycle: this beat's operations, applied at its end.
  logic [Entries-1:0] c1j, alloc_oh;
  logic               take, new_a1, new_rm;
  always_comb begin
    for (int i = 0; i < Entries; i++) c1j[i] = past_join(c1p_m[i]);  // (valid and expired)
  end
  assign new_a1      = past_join(na1p_m);
  assign take        = issue_i && take_m;
  assign alloc_oh    = take ? free_oh_m : '0;
  assign tracked_o   = take;
  assign untracked_o = issue_i && w_alloc_i && !take_m;
  assign alloc_oh_o  = alloc_oh;

  // Expiry vectors: the entry allocated now (invalid until now, so 0 in c1j) gets the allocating
  // deadline's comparison with A's time. Nothing is allocated unless W's event issues, and then A's
  // event moves on.
  assign c1_d = c1j | ((take && new_a1) ? free_oh_m : '0);
  assign c2_d = move_i ? c1_d : c2_q;
  // Due for the event in W next beat (A's if it moves now, else the same), over the entries valid now
  // and the one allocated now.
  assign due_d = move_i ? (c1j != '0 || (take && new_a1)) : due_stay_m;

  // Next pick: the first of the expired entries other than the one firing now.
  assign pick_d = fire_i ? pick_b_m : pick_a_m;

  // Marks for A's event, and the entry allocated now against it.
  always_comb begin
    for (int i = 0; i < Entries; i++) begin
      rm_d[i] = grp_eq_m[i] && (a_drop_i || (a_clear_i && psn_lo_eq_m[i] && psn_hi_eq_m[i]));
    end
  end
  assign new_rm = ngrp_eq_m && (a_drop_i || (a_clear_i && npsn_eq_m));

  // Valid bits and order. The new entry's row is later_m; every other row i gets the new entry's column
  // as !later_m[i] (on equal deadlines the entry already there was sent first).
  always_comb begin
    valid_d = issue_i ? (keep_m | alloc_oh) : valid_q & ~(fire_i ? pick_q : '0);
    order_d = order_q;
    if (take) begin
      for (int i = 0; i < Entries; i++) begin
        order_d[Entries*i +: Entries] = alloc_oh[i] ? later_m
                                        : (order_q[Entries*i +: Entries] & ~alloc_oh) | (later_m[i] ? '0 : alloc_oh);
      end
    end
  end

  // A flush (CTRL clear) empties the tracker at any edge: it acts on these registers as a reset does.
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      valid_q    <= '0;
      pick_q     <= '0;
      pick_any_q <= 1'b0;
      due_q      <= 1'b0;
    end else if (ph_i) begin
      valid_q    <= valid_d;
      pick_q     <= pick_d;
      pick_any_q <= fire_i ? any_b_m : any_a_m;
      due_q      <= due_d;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      order_q <= '0;
      c1_q    <= '0;
      c2_q    <= '0;
    end else if (ph_i) begin
      order_q <= order_d;
      c1_q    <= c1_d;
      c2_q    <= c2_d;
    end
  end
  // As A's event moves to W: its marks, and its deadline against every entry's (for its allocation).
  // The chains read A's deadline from the caller's mid register and the entries' from theirs.
  always_ff @(posedge clk_i) begin
    if (ph_i && move_i) begin
      rm_q    <= (alloc_oh & {Entries{new_rm}}) | (rm_d & ~alloc_oh);
      for (int j = 0; j < Entries; j++) lp_q[j] <= later_parts(dn_q[j], a_deadline_i);
      nlp_q   <= later_parts(w_deadline_n_i, a_deadline_i);
      nl_oh_q <= alloc_oh;
    end
  end

  // Payload tables: written through the one-hot (alloc_we_m, the allocation as the first cycle knew it
  // would be: a register, so the tables' enables come straight from flip-flops), outside the reset branch.
  always_ff @(posedge clk_i) begin
    begin
      for (int i = 0; i < Entries; i++) begin
        if (alloc_we_m[i]) begin
          group_q[i]    <= w_group_i;
          psn_q[i]      <= w_psn_i;
          dn_q[i]       <= w_deadline_n_i;
        end
      end
    end
    if (ev_we_i) begin
      for (int i = 0; i < Entries; i++) begin
        if (ev_oh_i[i]) ev_q[i] <= ev_i;
      end
    end
  end

  assign pick_any_o      = pick_any_q;
  assign fire_group_o    = fire_group_m;
  assign fire_psn_o      = fire_psn_m;
  assign fire_ev_o       = fire_ev_m;
  assign fire_deadline_o = fire_deadline_m;
  assign due_o           = due_q;
  assign expired_o       = src != '0;
  assign count_o         = $bits(count_o)'($countones(valid_q));

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ($countones(pick_q) <= 1);
      assert (pick_any_q == (pick_q != '0));
      // Due is never late: with an event in W, every valid entry past its time is reported.
      assert (!(w_valid_i && (c2_q & valid_q) != '0 && !due_q));
      if (ph_i) begin
        assert (!(fire_i && (pick_q & valid_q) == '0));  // the pick is still there when it fires
        // ... and is the first expired entry in the order.
        for (int i = 0; i < Entries; i++) begin
          if (fire_i && pick_q[i]) begin
            assert (((w_valid_i ? c2_q : c1_q) & valid_q & ~order_q[Entries*i +: Entries] & ~(Entries'(1) << i)) == '0);
          end
        end
        assert (!(fire_i && issue_i));           // one operation per beat
        assert (!(w_alloc_i && w_remove_i));     // (a request removes nothing)
        assert (!(issue_i && !move_i));          // an issue moves A's event on
        assert (!(issue_i && !w_valid_i));
      end
      assert (!(ev_we_i && $countones(ev_oh_i) != 1));
      if (ph_i) assert (alloc_we_m == alloc_oh);  // the first cycle's view of the allocation was right
    end
  end
`endif
endmodule
