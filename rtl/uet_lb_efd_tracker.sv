// Early-failure tracker (SPEC section 6): packets sent under REPS with a deadline t_send + M x base RTT.
// An entry is cleared by any ACK/NACK of its (group, psn), dropped when its group is opened, and fires
// an `efd` path failure once now_i is past its deadline. Expired entries fire one per cycle in SPEC
// order: earliest deadline first, equal deadlines in the order they were sent. An order matrix keeps
// that order; it is written at allocation from one comparison of the new deadline with every entry's,
// so the order holds however far time jumps (a driver need not step time through the deadlines).
// Allocation takes any free entry; a request that finds none is not tracked and is counted by the
// caller (untracked_o).
//
// Order inside one cycle (SPEC section 9 as the core applies it): fire, then drop (open), then clear
// (feedback), then allocate (request). This is the single-cycle core's tracker; the pipelined core has
// its own (uet_lb_efd_tracker_pipe).
//
// Deadlines are compared modulo 2^TsWidth: live deadlines lie within 2^(TsWidth-1) of each other.
`default_nettype none

module uet_lb_efd_tracker #(
  parameter int unsigned Entries  = 32,  ///< tracked packets at most
  parameter int unsigned GroupW   = 4,   ///< group number width
  parameter int unsigned PsnWidth = 32,  ///< PSN width
  parameter int unsigned TsWidth  = 32   ///< timestamp width (ns)
) (
  input  logic                clk_i,
  input  logic                rst_ni,          ///< synchronous, active low
  input  logic [TsWidth-1:0]  now_i,
  input  logic                flush_i,         ///< drop every entry (CTRL clear)
  // Drop the entries of a group that is opened this cycle.
  input  logic                drop_i,
  input  logic [GroupW-1:0]   drop_group_i,
  // Clear every entry of (group, psn).
  input  logic                clear_i,
  input  logic [GroupW-1:0]   clear_group_i,
  input  logic [PsnWidth-1:0] clear_psn_i,
  // Track one sent packet.
  input  logic                alloc_i,
  input  logic [GroupW-1:0]   alloc_group_i,
  input  logic [PsnWidth-1:0] alloc_psn_i,
  input  logic [15:0]         alloc_ev_i,
  input  logic [TsWidth-1:0]  alloc_deadline_i,
  output logic                untracked_o,     ///< alloc_i found no free entry
  // The entry firing this cycle.
  output logic                fire_o,
  output logic [GroupW-1:0]   fire_group_o,
  output logic [PsnWidth-1:0] fire_psn_o,
  output logic [15:0]         fire_ev_o,
  output logic [TsWidth-1:0]  fire_deadline_o,
  // Observation.
  output logic                due_o,           ///< some entry is past its deadline (fires this cycle)
  output logic [$clog2(Entries+1)-1:0] count_o ///< entries in use
);
  localparam int unsigned IdxW = (Entries > 1) ? $clog2(Entries) : 1;

  // The entries whose index has bit b set (a constant for each b).
  function automatic logic [Entries-1:0] idx_bit_mask(input int b);
    idx_bit_mask = '0;
    for (int i = 0; i < Entries; i++) idx_bit_mask[i] = ((i >> b) & 1) != 0;
  endfunction

  // Entry payload: a table written only on allocation (no reset); valid bits and ages are reset.
  logic [GroupW-1:0]   group_q    [Entries];
  logic [PsnWidth-1:0] psn_q      [Entries];
  logic [15:0]         ev_q       [Entries];
  logic [TsWidth-1:0]  deadline_q [Entries];
  logic [Entries-1:0]  valid_q, valid_d;
  // Order matrix, row i at [Entries*i +: Entries]: bit j set = entry i fires before entry j (an earlier
  // deadline, or the same deadline and sent first); meaningful while both are valid.
  logic [Entries*Entries-1:0] order_q, order_d;

  logic [Entries-1:0]  expired, fire_oh, kept;
  logic                take;
  logic [IdxW-1:0]     alloc_idx;
  logic                alloc_ok;

  // Expiry: now is strictly past the deadline, modular: now - deadline in 1..2^(TsWidth-1), i.e. the
  // sign bit of now - deadline - 1 is clear (one carry chain). A deadline at now waits one cycle, so a
  // clear at the deadline's time wins.
  logic [TsWidth-1:0] past;  // now - deadline - 1 of the entry the loop is at
  logic [Entries-1:0] exp_now;  // each entry's deadline against now_i
  always_comb begin
    exp_now = '0;
    past    = '0;
    if (valid_q != '0) begin
      for (int i = 0; i < Entries; i++) begin
        past       = now_i + ~deadline_q[i];
        exp_now[i] = !past[TsWidth-1];
      end
    end
  end

  assign expired = exp_now & valid_q;

  // The first expired entry in the order: expired, and before every other expired entry.
  // The guards below (`if (expired != '0)` here, and on drop/clear and on allocation
  // further down) change no logic: every term they skip is 0 when they are false. They let a
  // cycle-based simulator skip the per-entry loops in the common cycle where nothing expires, nothing is
  // cleared or nothing is allocated.
  always_comb begin
    fire_oh = '0;
    if (expired != '0) begin
      for (int i = 0; i < Entries; i++) begin
        fire_oh[i] = expired[i] && ((expired & ~order_q[Entries*i +: Entries] & ~(Entries'(1) << i)) == '0);
      end
    end
  end

  // The firing entry's payload: an AND-OR over the one-hot (no index encoding, no index mux).
  always_comb begin
    fire_group_o    = '0;
    fire_psn_o      = '0;
    fire_ev_o       = '0;
    fire_deadline_o = '0;
    if (fire_oh != '0) begin
      for (int i = 0; i < Entries; i++) begin
        fire_group_o    = fire_group_o | (fire_oh[i] ? group_q[i] : '0);
        fire_psn_o      = fire_psn_o | (fire_oh[i] ? psn_q[i] : '0);
        fire_ev_o       = fire_ev_o | (fire_oh[i] ? ev_q[i] : '0);
        fire_deadline_o = fire_deadline_o | (fire_oh[i] ? deadline_q[i] : '0);
      end
    end
  end

  // Something expired always has a first entry, so an entry fires exactly when one is due (asserted
  // below); fire_o says so without waiting for the one-hot.
  assign due_o  = |expired;
  assign fire_o = due_o;

  // Entries that survive fire, drop and clear.
  always_comb begin
    kept = valid_q & ~fire_oh;
    if (drop_i || clear_i) begin
      for (int i = 0; i < Entries; i++) begin
        kept[i] = valid_q[i] && !fire_oh[i]
                  && !(drop_i && group_q[i] == drop_group_i)
                  && !(clear_i && group_q[i] == clear_group_i && psn_q[i] == clear_psn_i);
      end
    end
  end

  // First free entry after those removals, one-hot (the lowest clear bit) and as an index.
  logic [Entries-1:0] free, alloc_oh;
  assign free     = ~kept;
  assign alloc_oh = free & (~free + Entries'(1));
  assign alloc_ok = free != '0;
  // One-hot to index: bit b of the index is the OR of the one-hot bits whose position has bit b set.
  always_comb begin
    for (int b = 0; b < IdxW; b++) begin
      alloc_idx[b] = (alloc_oh & idx_bit_mask(b)) != '0;
    end
  end

  assign untracked_o = alloc_i && !alloc_ok;

  // Valid bits and order. later[j]: the new deadline is strictly earlier than entry j's, so the new
  // entry fires first (on equal deadlines the entry already there was sent first). The new entry's row
  // is `later`; every other row i gets the new entry's column as !later[i]. Rows are written whole from
  // the one-hot allocation (no computed bit positions): small in synthesis, cheap in simulation.
  logic [Entries-1:0] later;
  logic [TsWidth-1:0] ahead;  // new deadline - entry j's deadline, for the entry the loop is at
  assign take = alloc_i && alloc_ok;
  always_comb begin
    valid_d = kept | (take ? alloc_oh : '0);
    order_d = order_q;
    later   = '0;
    ahead   = '0;
    if (take) begin
      for (int j = 0; j < Entries; j++) begin
        ahead    = alloc_deadline_i - deadline_q[j];
        later[j] = ahead[TsWidth-1];
      end
      for (int i = 0; i < Entries; i++) begin
        order_d[Entries*i +: Entries] = alloc_oh[i] ? later
                                        : (order_q[Entries*i +: Entries] & ~alloc_oh) | (later[i] ? '0 : alloc_oh);
      end
    end
    if (flush_i) valid_d = '0;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= '0;
      order_q <= '0;
    end else begin
      valid_q <= valid_d;
      order_q <= order_d;
    end
  end

  // Payload table: written on allocation only, outside the reset branch (RAM-friendly).
  always_ff @(posedge clk_i) begin
    if (alloc_i && alloc_ok) begin
      group_q[alloc_idx]    <= alloc_group_i;
      psn_q[alloc_idx]      <= alloc_psn_i;
      ev_q[alloc_idx]       <= alloc_ev_i;
      deadline_q[alloc_idx] <= alloc_deadline_i;
    end
  end

  assign count_o = $bits(count_o)'($countones(valid_q));

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert ($countones(fire_oh) <= 1);     // one efd per cycle: the first expired entry in the order
      assert ((fire_oh != '0) == fire_o);      // something expired always has a first
      assert (!(alloc_i && alloc_ok && kept[alloc_idx]));  // never overwrite a live entry
    end
  end
`endif
endmodule
