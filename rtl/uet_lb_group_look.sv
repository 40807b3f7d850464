// First half of one PDC group's update for one event (SPEC sections 3-5): everything that reads the
// group's state to decide what the event does. Combinational. Its outputs are the freezing and window
// fields' next values before the freezing test, the freezing test's operands, the cache operation,
// whether the request explores (the PRNG steps), the decision, and the values a request may take (the
// oldest cached value, the replay slot's value, the round robin's). uet_lb_group_apply finishes the
// update, and the pipelined core registers between the two: together they are uet_lb_group (the
// single-cycle core's), cut where the decision is made. The freezing test, (now - freeze_start) mod
// 2^TsWidth >= FreezingTimeout, is cut too, so that no two carry chains follow each other after the
// state RAM's output: with b0 = now < timeout (made before the RAM read, with now - timeout), b1 = now <
// freeze_start and b2 = (now - timeout) mod 2^TsWidth < freeze_start, the test holds exactly when b1 >=
// b0 + b2. b1 and b2 leave here as half-width carries (six chains of 16 bits side by side, the RAM's
// output entering them uninverted); uet_lb_group_apply joins them and evaluates the test. The test
// decides only the freezing and window fields a recycle writes back, never a request's choice, so the
// cut changes no decision. fv_split proves the pair equal to uet_lb_group for every state and event
// (one SAT query), and fv_group proves the freezing, window and cache rules on uet_lb_group (a proof of
// them on the pair stalled the SMT solvers at their first step).
//
// State sharing: the spraying type is locked while groups are open, so slot 0 doubles as the None
// local port and (low 8 bits) as the Default step counter; REPS uses every slot as its cache.
`default_nettype none

module uet_lb_group_look #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned SlotsMax    = 1 << BufBitsMax
) (
  // Configuration.
  input  logic [1:0]               spray_type_i, ///< a uet_lb_pkg::spray_e value
  input  logic [7:0]               span_mask_i,  ///< 2^EntropyMaskBits - 1
  input  logic [15:0]              start_port_i,
  input  logic [4:0]               buf_bits_i,
  input  logic [WindowWidth-1:0]   window_i,
  // The event (at most one of failure/recycle/choose).
  input  logic [TsWidth-1:0]       now_i,
  input  logic [TsWidth:0]         now_less_timeout_i, ///< {b0, (now - FreezingTimeout) mod 2^TsWidth}
  // now_i and now_less_timeout_i's time, inverted (the freezing test's chains take them so: no LUT then
  // sits in front of a chain).
  input  logic [TsWidth-1:0]       now_n_i,
  input  logic [TsWidth-1:0]       now_less_timeout_n_i,
  input  logic                     failure_i,    ///< rto or efd
  input  logic                     recycle_i,    ///< ack or nack_trim_last_hop
  input  logic                     choose_i,     ///< a request
  // State in.
  input  logic [SlotsMax*16-1:0]   slots_i,      ///< slot k at bits [16k +: 16]
  input  logic [BufBitsMax-1:0]    wr_i,
  input  logic [BufBitsMax-1:0]    rd_i,
  input  logic                     full_i,
  input  logic                     wrapped_i,
  input  logic [BufBitsMax-1:0]    replay_i,
  input  logic                     freezing_i,
  input  logic [TsWidth-1:0]       freeze_start_i,
  input  logic [WindowWidth-1:0]   window_left_i,
  // Facts about the state above, stored with it by uet_lb_group_apply (the decision reads them instead of
  // deriving them from the pointers and window_left_i; asserted equal in simulation).
  input  logic                     nonempty_i,   ///< the cache holds an unconsumed value
  input  logic                     written_i,    ///< a slot has been written
  input  logic                     explore_i,    ///< a request now, in the window, explores
  input  logic                     in_window_i,  ///< window_left > 0
  // Next values of the freezing and window fields if the freezing test below fails.
  output logic                     freezing_o,
  output logic [TsWidth-1:0]       freeze_start_o,
  output logic [WindowWidth-1:0]   window_left_o,
  // The freezing test: a recycle in a frozen REPS group ends freezing (and opens the window) if the
  // elapsed time has reached FreezingTimeout: b1 >= b0 + b2 (see above; uet_lb_group_apply).
  output logic                     thaw_test_o,
  output logic [6:0]               thaw_borrows_o, ///< {b0, b1 in 3 parts, b2 in 3 parts}
  // What the event does to the cache; whether the request explores (the PRNG steps).
  output logic                     push_o,       ///< recycle into the cache (REPS)
  output logic                     pop_o,        ///< the request reuses the oldest value
  output logic                     replay_take_o,///< the request replays a slot
  output logic                     explore_o,
  // The explore fact of the window_left written back if the freezing test fails: a request in the window
  // moves it on, anything else keeps it (uet_lb_group_apply stores it, or the opened window's).
  output logic                     explore_kept_o,
  output logic                     in_window_kept_o, ///< ... and its in-window fact (window_left > 0)
  // The choice (valid with choose_i): the decision, and the values it may take.
  output uet_lb_pkg::decision_e    decision_o,
  output logic [15:0]              oldest_ev_o,  ///< REPS reuse: the oldest cached value
  output logic [15:0]              replay_ev_o,  ///< REPS replay: the replay slot's value
  output logic [15:0]              rr_ev_o,      ///< Default Packet Spraying: the round robin's value
  output logic [7:0]               rr_step_o     ///< Default Packet Spraying: the step counter after it
);
  logic                    is_reps;
  logic                    win_active, win_explore, unused_exit;
  logic                    c_nonempty, c_written;

  assign is_reps = spray_type_i == uet_lb_pkg::SPRAY_REPS;
  assign push_o  = recycle_i && is_reps;
  assign thaw_test_o = recycle_i && is_reps && freezing_i;
  // b1 and b2 leave here in parts (uet_lb_pkg::ts_less_parts_n: three half-width carries each, of
  // freeze_start and the inverted time, each as it is); uet_lb_group_apply joins them.
  assign thaw_borrows_o = {now_less_timeout_i[TsWidth],
                           uet_lb_pkg::ts_less_parts_n(uet_lb_pkg::ts_align_n(32'(now_n_i), TsWidth),
                                                       uet_lb_pkg::ts_align(32'(freeze_start_i), TsWidth)),
                           uet_lb_pkg::ts_less_parts_n(uet_lb_pkg::ts_align_n(32'(now_less_timeout_n_i), TsWidth),
                                                       uet_lb_pkg::ts_align(32'(freeze_start_i), TsWidth))};

  uet_lb_window #(.WindowWidth(WindowWidth)) u_window (
    .buf_bits_i (buf_bits_i),
    .w_i        (window_i),
    .left_i     (window_left_i),
    .open_i     (1'b0),  // opened by uet_lb_group_apply after the freezing test
    .consume_i  (choose_i && is_reps),
    .left_o     (window_left_o),
    .active_o   (win_active),
    .explore_o  (win_explore)
  );

  uet_lb_freeze #(.TsWidth(TsWidth)) u_freeze (
    .now_i       (now_i),
    .timeout_i   ('0),     // (its exit test is not used here)
    .freezing_i  (freezing_i),
    .start_i     (freeze_start_i),
    .in_window_i (in_window_i),  // (the stored fact: no comparison of window_left on the path)
    .failure_i   (failure_i && is_reps),
    .recycle_i   (1'b0),  // the exit test is thaw_test_o and thaw_borrows_o
    .freezing_o  (freezing_o),
    .start_o     (freeze_start_o),
    .exit_o      (unused_exit)
  );

  // The cache as it is (no operation here: uet_lb_group_apply performs it).
  logic [SlotsMax*16-1:0] unused_slots;
  logic [BufBitsMax-1:0]  unused_wr, unused_rd, unused_replay;
  logic                   unused_full, unused_wrapped;
  uet_lb_cache #(.BufBitsMax(BufBitsMax)) u_cache (
    .buf_bits_i    (buf_bits_i),
    .slots_i       (slots_i),
    .wr_i          (wr_i),
    .rd_i          (rd_i),
    .full_i        (full_i),
    .wrapped_i     (wrapped_i),
    .replay_i      (replay_i),
    .push_i        (1'b0),
    .push_ev_i     (16'd0),
    .pop_i         (1'b0),
    .replay_take_i (1'b0),
    .slots_o       (unused_slots),
    .wr_o          (unused_wr),
    .rd_o          (unused_rd),
    .full_o        (unused_full),
    .wrapped_o     (unused_wrapped),
    .replay_o      (unused_replay),
    .nonempty_o    (c_nonempty),
    .written_o     (c_written),
    .oldest_ev_o   (oldest_ev_o),
    .replay_ev_o   (replay_ev_o)
  );

  uet_lb_rr u_rr (
    .step_i      (slots_i[7:0]),
    .span_mask_i (span_mask_i),
    .offset_i    (start_port_i),
    .ev_o        (rr_ev_o),
    .step_o      (rr_step_o)
  );

  // After a request in the window, window_left - 1 explores next exactly when window_left - 1 > 0 and
  // (window_left - 1) mod 2^B == 1 mod 2^B, i.e. window_left >= 2 and window_left mod 2^B == 2 mod 2^B:
  // a test of window_left as read (no decrement first) and of its low BufBitsMax bits only (B <=
  // BufBitsMax, which the register block keeps).
  logic [BufBitsMax-1:0] kmask, left_low, two_low;
  always_comb begin
    for (int k = 0; k < BufBitsMax; k++) kmask[k] = buf_bits_i > 5'(k);
  end
  assign left_low       = BufBitsMax'(window_left_i);
  assign two_low        = BufBitsMax'(2);
  assign explore_kept_o   = (choose_i && is_reps && in_window_i)
                            ? (window_left_i > WindowWidth'(1) && (left_low & kmask) == (two_low & kmask))
                            : explore_i;
  assign in_window_kept_o = (choose_i && is_reps && in_window_i) ? window_left_i > WindowWidth'(1) : in_window_i;

  always_comb begin
    pop_o         = 1'b0;
    replay_take_o = 1'b0;
    explore_o     = 1'b0;
    decision_o    = uet_lb_pkg::DEC_FIXED;
    unique case (spray_type_i)
      uet_lb_pkg::SPRAY_NONE: begin
        decision_o = uet_lb_pkg::DEC_FIXED;
      end
      uet_lb_pkg::SPRAY_DEFAULT: begin
        decision_o = uet_lb_pkg::DEC_ROUND_ROBIN;
      end
      default: begin  // uet_lb_pkg::SPRAY_REPS
        if (!explore_i && nonempty_i) begin
          pop_o      = choose_i;
          decision_o = uet_lb_pkg::DEC_REUSE;
        end else if (!explore_i && freezing_i && written_i) begin
          replay_take_o = choose_i;
          decision_o = uet_lb_pkg::DEC_REPLAY;
        end else begin
          explore_o  = choose_i;
          decision_o = uet_lb_pkg::DEC_EXPLORE;
        end
      end
    endcase
  end

`ifndef SYNTHESIS
  always_comb begin
    assert (32'(failure_i) + 32'(recycle_i) + 32'(choose_i) <= 1);
    // The stored facts match the state (checked when a REPS request reads them).
    if (choose_i && is_reps) assert (nonempty_i == c_nonempty && written_i == c_written && explore_i == win_explore);
    if (is_reps && (choose_i || failure_i)) assert (in_window_i == win_active);
  end
`endif
endmodule
