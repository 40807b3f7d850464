// Second half of one PDC group's update for one event: the freezing test's comparison (a recycle in a
// frozen group at or after FreezingTimeout ends freezing and opens the exploration window), the cache
// operation uet_lb_group_look chose, applied to the group's slots and pointers, and the request's
// entropy value, by the decision it took (the PRNG's draw when it explores). Combinational. See
// uet_lb_group_look.
`default_nettype none

module uet_lb_group_apply #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned SlotsMax    = 1 << BufBitsMax
) (
  input  logic [1:0]               spray_type_i, ///< a uet_lb_pkg::spray_e value
  input  logic [4:0]               buf_bits_i,
  input  logic [WindowWidth-1:0]   window_i,
  // The freezing test (from uet_lb_group_look) and the freezing and window fields if it fails.
  input  logic                     thaw_test_i,
  input  logic [6:0]               thaw_borrows_i, ///< {b0, b1 in 3 parts, b2 in 3 parts} of uet_lb_group_look
  input  logic                     freezing_i,
  input  logic [WindowWidth-1:0]   window_left_i,
  output logic                     freezing_o,
  output logic [WindowWidth-1:0]   window_left_o,
  // The event and what uet_lb_group_look chose for it.
  input  logic                     choose_i,     ///< a request
  input  logic [15:0]              recycle_ev_i, ///< the value a push recycles
  input  logic                     push_i,
  input  logic                     pop_i,
  input  logic                     replay_take_i,
  input  uet_lb_pkg::decision_e    decision_i,
  input  logic [15:0]              oldest_ev_i,
  input  logic [15:0]              replay_ev_i,
  input  logic [15:0]              rr_ev_i,
  input  logic [7:0]               rr_step_i,
  input  logic [15:0]              explore_ev_i, ///< the PRNG draw, used if this request explores
  // Cache state in and out.
  input  logic [SlotsMax*16-1:0]   slots_i,
  input  logic [BufBitsMax-1:0]    wr_i,
  input  logic [BufBitsMax-1:0]    rd_i,
  input  logic                     full_i,
  input  logic                     wrapped_i,
  input  logic [BufBitsMax-1:0]    replay_i,
  output logic [SlotsMax*16-1:0]   slots_o,
  output logic [BufBitsMax-1:0]    wr_o,
  output logic [BufBitsMax-1:0]    rd_o,
  output logic                     full_o,
  output logic                     wrapped_o,
  output logic [BufBitsMax-1:0]    replay_o,
  // Facts about the state out, stored with it for uet_lb_group_look's decision on the next event.
  output logic                     nonempty_o,    ///< the cache holds an unconsumed value
  output logic                     written_o,     ///< a slot has been written
  output logic                     explore_o,     ///< a request in the window would explore
  output logic [15:0]              ev_o           ///< the request's entropy value
);
  logic [SlotsMax*16-1:0] c_slots;
  logic                   thaw, b0, b1, b2;
  logic                   unused_nonempty, unused_written;
  logic [15:0]            unused_oldest, unused_replay_ev;

  // (now - freeze_start) mod 2^TsWidth >= FreezingTimeout exactly when b1 >= b0 + b2.
  assign b0            = thaw_borrows_i[6];
  assign b1            = uet_lb_pkg::ts_less_join(thaw_borrows_i[5:3]);
  assign b2            = uet_lb_pkg::ts_less_join(thaw_borrows_i[2:0]);
  assign thaw          = thaw_test_i && (b1 ? !(b2 && b0) : !(b2 || b0));
  assign freezing_o    = freezing_i && !thaw;
  assign window_left_o = thaw ? window_i : window_left_i;

  uet_lb_cache #(.BufBitsMax(BufBitsMax)) u_cache (
    .buf_bits_i    (buf_bits_i),
    .slots_i       (slots_i),
    .wr_i          (wr_i),
    .rd_i          (rd_i),
    .full_i        (full_i),
    .wrapped_i     (wrapped_i),
    .replay_i      (replay_i),
    .push_i        (push_i),
    .push_ev_i     (recycle_ev_i),
    .pop_i         (pop_i),
    .replay_take_i (replay_take_i),
    .slots_o       (c_slots),
    .wr_o          (wr_o),
    .rd_o          (rd_o),
    .full_o        (full_o),
    .wrapped_o     (wrapped_o),
    .replay_o      (replay_o),
    .nonempty_o    (unused_nonempty),
    .written_o     (unused_written),
    .oldest_ev_o   (unused_oldest),
    .replay_ev_o   (unused_replay_ev)
  );

  // The window's explore test on the window_left written back: on window_left_i and on W, chosen by the
  // freezing test last (its comparison is the longest path here).
  logic explore_kept, explore_opened;
  logic [WindowWidth-1:0] unused_left_kept, unused_left_opened;
  logic unused_active_kept, unused_active_opened;
  uet_lb_window #(.WindowWidth(WindowWidth)) u_window_kept (
    .buf_bits_i (buf_bits_i), .w_i (window_i), .left_i (window_left_i), .open_i (1'b0), .consume_i (1'b0),
    .left_o (unused_left_kept), .active_o (unused_active_kept), .explore_o (explore_kept)
  );
  uet_lb_window #(.WindowWidth(WindowWidth)) u_window_opened (
    .buf_bits_i (buf_bits_i), .w_i (window_i), .left_i (window_i), .open_i (1'b0), .consume_i (1'b0),
    .left_o (unused_left_opened), .active_o (unused_active_opened), .explore_o (explore_opened)
  );
  assign explore_o  = thaw ? explore_opened : explore_kept;
  assign nonempty_o = uet_lb_pkg::cache_nonempty(full_o, 16'(wr_o), 16'(rd_o));
  assign written_o  = uet_lb_pkg::cache_written(wrapped_o, 16'(wr_o));

  always_comb begin
    slots_o = c_slots;
    if (spray_type_i == uet_lb_pkg::SPRAY_DEFAULT && choose_i) slots_o[15:0] = {8'd0, rr_step_i};
  end
  always_comb begin
    unique case (decision_i)
      uet_lb_pkg::DEC_ROUND_ROBIN: ev_o = rr_ev_i;
      uet_lb_pkg::DEC_REUSE:       ev_o = oldest_ev_i;
      uet_lb_pkg::DEC_REPLAY:      ev_o = replay_ev_i;
      uet_lb_pkg::DEC_EXPLORE:     ev_o = explore_ev_i;
      default:                     ev_o = slots_i[15:0];  // DEC_FIXED: None's local port
    endcase
  end
endmodule
