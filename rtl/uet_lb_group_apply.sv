// Second half of one PDC group's update for one event: the freezing test's comparison (a recycle in a
// frozen group at or after FreezingTimeout ends freezing and opens the exploration window), the cache
// operation uet_lb_group_look chose, applied to the group's slots and pointers, and the request's
// entropy value, by the decision it took (the PRNG's draw when it explores). See uet_lb_group_look.
//
// It works in two steps: the operations (the freezing test, the cache's pointers, which slot a recycle
// writes, the window's explore test for either window, the entropy value), then the state they make
// (the slots written, the freezing and window fields, the facts stored with the state). With Cut = 0 it
// is combinational; with Cut = 1 the operations' results are registered at every edge between the two
// (uet_lb_pipe: its inputs hold for the two cycles of a beat, so in the second cycle the registers hold
// the first cycle's results, and the state comes from them and the inputs). ev_o is the first step's.
`default_nettype none

module uet_lb_group_apply #(
  parameter int unsigned BufBitsMax  = 3,
  parameter int unsigned WindowWidth = 12,
  parameter bit          Cut         = 1'b0,  ///< register the operations' results (uet_lb_pipe)
  // Derived, do not override.
  parameter int unsigned SlotsMax    = 1 << BufBitsMax
) (
  input  logic                     clk_i,        ///< for Cut = 1 only
  input  logic [1:0]               spray_type_i, ///< a uet_lb_pkg::spray_e value
  input  logic [4:0]               buf_bits_i,
  input  logic [WindowWidth-1:0]   window_i,
  // The freezing test (from uet_lb_group_look) and the freezing and window fields if it fails.
  input  logic                     thaw_test_i,
  input  logic [6:0]               thaw_borrows_i, ///< {b0, b1 in 3 parts, b2 in 3 parts} of uet_lb_group_look
  input  logic                     freezing_i,
  input  logic [WindowWidth-1:0]   window_left_i,
  input  logic                     explore_kept_i,   ///< the explore fact if the test fails (uet_lb_group_look)
  input  logic                     explore_opened_i, ///< the explore fact of a window just opened (of W)
  input  logic                     in_window_kept_i, ///< the in-window fact if the test fails (look)
  input  logic                     in_window_opened_i, ///< W > 0
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
  output logic                     in_window_o,   ///< window_left > 0
  output logic [15:0]              ev_o           ///< the request's entropy value
);
  // ---- The operations.
  logic                   thaw, b0, b1, b2;
  logic [SlotsMax*16-1:0] unused_slots;
  logic                   unused_nonempty, unused_written;
  logic [15:0]            unused_oldest, unused_replay_ev;
  logic [BufBitsMax-1:0]  c_wr, c_rd, c_replay;
  logic                   c_full, c_wrapped;
  logic [SlotsMax-1:0]    slot_we;        // the slot a recycle writes (one-hot)
  logic                   step_we;        // Default Packet Spraying: the step counter is written

  // (now - freeze_start) mod 2^TsWidth >= FreezingTimeout exactly when b1 >= b0 + b2.
  assign b0            = thaw_borrows_i[6];
  assign b1            = uet_lb_pkg::ts_less_join(thaw_borrows_i[5:3]);
  assign b2            = uet_lb_pkg::ts_less_join(thaw_borrows_i[2:0]);
  assign thaw          = thaw_test_i && (b1 ? !(b2 && b0) : !(b2 || b0));

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
    .slots_o       (unused_slots),   // (the slots are written from slot_we below)
    .wr_o          (c_wr),
    .rd_o          (c_rd),
    .full_o        (c_full),
    .wrapped_o     (c_wrapped),
    .replay_o      (c_replay),
    .nonempty_o    (unused_nonempty),
    .written_o     (unused_written),
    .oldest_ev_o   (unused_oldest),
    .replay_ev_o   (unused_replay_ev)
  );
  always_comb begin
    for (int k = 0; k < SlotsMax; k++) slot_we[k] = push_i && 32'(wr_i) == k;
  end
  assign step_we = spray_type_i == uet_lb_pkg::SPRAY_DEFAULT && choose_i;

  // The explore fact of the window_left written back: the one kept (from uet_lb_group_look) or the
  // opened window's, chosen by the freezing test in the second step.
  logic explore_kept, explore_opened;
  assign explore_kept   = explore_kept_i;
  assign explore_opened = explore_opened_i;

  always_comb begin
    unique case (decision_i)
      uet_lb_pkg::DEC_ROUND_ROBIN: ev_o = rr_ev_i;
      uet_lb_pkg::DEC_REUSE:       ev_o = oldest_ev_i;
      uet_lb_pkg::DEC_REPLAY:      ev_o = replay_ev_i;
      uet_lb_pkg::DEC_EXPLORE:     ev_o = explore_ev_i;
      default:                     ev_o = slots_i[15:0];  // DEC_FIXED: None's local port
    endcase
  end

  // ---- The operations' results as the second step reads them: registered with Cut.
  typedef struct packed {
    logic                  thaw;
    logic [BufBitsMax-1:0] wr, rd, replay;
    logic                  full, wrapped;
    logic [SlotsMax-1:0]   slot_we;
    logic                  step_we, explore_kept, explore_opened;
  } ops_t;
  ops_t ops, ops_s;
  assign ops = {thaw, c_wr, c_rd, c_replay, c_full, c_wrapped, slot_we, step_we, explore_kept, explore_opened};
  if (Cut) begin : g_cut
    ops_t ops_m;
    always_ff @(posedge clk_i) ops_m <= ops;
    assign ops_s = ops_m;
  end else begin : g_no_cut
    assign ops_s = ops;
    logic unused_clk;
    assign unused_clk = clk_i;
  end

  // ---- The state the operations make: at most one LUT level after the first step's results for the
  // slots and fields, two for the facts.
  assign freezing_o    = freezing_i && !ops_s.thaw;
  assign window_left_o = ops_s.thaw ? window_i : window_left_i;
  assign wr_o          = ops_s.wr;
  assign rd_o          = ops_s.rd;
  assign full_o        = ops_s.full;
  assign wrapped_o     = ops_s.wrapped;
  assign replay_o      = ops_s.replay;
  always_comb begin
    for (int k = 0; k < SlotsMax; k++) slots_o[16*k +: 16] = ops_s.slot_we[k] ? recycle_ev_i : slots_i[16*k +: 16];
    if (ops_s.step_we) slots_o[15:0] = {8'd0, rr_step_i};
  end
  assign explore_o   = ops_s.thaw ? ops_s.explore_opened : ops_s.explore_kept;
  assign in_window_o = ops_s.thaw ? in_window_opened_i : in_window_kept_i;
  assign nonempty_o = uet_lb_pkg::cache_nonempty(ops_s.full, 16'(ops_s.wr), 16'(ops_s.rd));
  assign written_o  = uet_lb_pkg::cache_written(ops_s.wrapped, 16'(ops_s.wr));
endmodule
