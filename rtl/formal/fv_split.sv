// Formal harness of the pipelined core's split group update: uet_lb_group_look followed by
// uet_lb_group_apply (as uet_lb_pipe wires them, with the registers between them taken out) computes
// exactly what uet_lb_group computes, for every state, configuration and event. fv_group proves the
// freezing, window and cache properties on uet_lb_group; this proof carries them over to the pair that
// uet_lb_pipe uses. Combinational: one step proves it.
//
// Every input is free, for all three spraying types. The pair reads four facts stored with the state
// (nonempty, written, explore, in_window); uet_lb_pipe stores them from uet_lb_group_apply's outputs as
// it writes the state, so the harness gives the pair the facts of the state it reads (the functions
// below), and checks that the facts the pair writes back are those of the state it writes (for the
// explore and in-window facts, computed in a different way from the window). The explore fact of a
// window just opened comes from the configuration, as uet_lb_pipe makes it (a window instance on W). An open in uet_lb_pipe writes window_left 0 with the
// explore fact 0: the harness checks that this is the fact of window_left 0. The freezing timeout is
// 1..2^(TsWidth-1)-1, as the register block allows; at most one event per step, as both cores give.
`default_nettype none

module fv_split #(
  parameter int unsigned BufBitsMax  = 3,   // the core's defaults; formal.sh also runs narrower ones
  parameter int unsigned TsWidth     = 32,
  parameter int unsigned WindowWidth = 12,
  // Derived, do not override.
  parameter int unsigned SlotsMax    = 1 << BufBitsMax
) (
  input logic [1:0]             spray_type_i,
  input logic [7:0]             span_mask_i,
  input logic [15:0]            start_port_i,
  input logic [4:0]             buf_bits_i,
  input logic [TsWidth-1:0]     timeout_i,
  input logic [WindowWidth-1:0] window_i,
  input logic [TsWidth-1:0]     now_i,
  input logic                   failure_i,
  input logic                   recycle_i,
  input logic                   choose_i,
  input logic [15:0]            recycle_ev_i,
  input logic [15:0]            explore_ev_i,
  input logic [SlotsMax*16-1:0] slots_i,
  input logic [BufBitsMax-1:0]  wr_i,
  input logic [BufBitsMax-1:0]  rd_i,
  input logic                   full_i,
  input logic                   wrapped_i,
  input logic [BufBitsMax-1:0]  replay_i,
  input logic                   freezing_i,
  input logic [TsWidth-1:0]     freeze_start_i,
  input logic [WindowWidth-1:0] window_left_i
);
  // ---- Reference: the single-cycle core's group update.
  logic [SlotsMax*16-1:0]  r_slots;
  logic [BufBitsMax-1:0]   r_wr, r_rd, r_replay;
  logic                    r_full, r_wrapped, r_freezing, r_explore;
  logic [TsWidth-1:0]      r_start;
  logic [WindowWidth-1:0]  r_left;
  logic [15:0]             r_ev;
  uet_lb_pkg::decision_e   r_decision;
  uet_lb_group #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_ref (
    .spray_type_i (spray_type_i), .span_mask_i (span_mask_i), .start_port_i (start_port_i),
    .buf_bits_i (buf_bits_i), .freeze_timeout_i (timeout_i), .window_i (window_i), .now_i (now_i),
    .failure_i (failure_i), .recycle_i (recycle_i), .recycle_ev_i (recycle_ev_i), .choose_i (choose_i),
    .explore_ev_i (explore_ev_i),
    .slots_i (slots_i), .wr_i (wr_i), .rd_i (rd_i), .full_i (full_i), .wrapped_i (wrapped_i),
    .replay_i (replay_i), .freezing_i (freezing_i), .freeze_start_i (freeze_start_i),
    .window_left_i (window_left_i),
    .slots_o (r_slots), .wr_o (r_wr), .rd_o (r_rd), .full_o (r_full), .wrapped_o (r_wrapped),
    .replay_o (r_replay), .freezing_o (r_freezing), .freeze_start_o (r_start), .window_left_o (r_left),
    .ev_o (r_ev), .decision_o (r_decision), .explore_o (r_explore)
  );

  // ---- The facts of a state, as the functions the pair stores them by.
  function automatic logic fact_nonempty(logic full, logic [BufBitsMax-1:0] wr, logic [BufBitsMax-1:0] rd);
    fact_nonempty = uet_lb_pkg::cache_nonempty(full, 16'(wr), 16'(rd));
  endfunction
  function automatic logic fact_written(logic wrapped, logic [BufBitsMax-1:0] wr);
    fact_written = uet_lb_pkg::cache_written(wrapped, 16'(wr));
  endfunction
  // The explore fact: uet_lb_window's test on a window_left (no open, no consume).
  logic f_explore_in, f_explore_zero;
  logic [WindowWidth-1:0] unused_left_in, unused_left_zero;
  logic unused_active_in, unused_active_zero;
  uet_lb_window #(.WindowWidth(WindowWidth)) u_fact_in (
    .buf_bits_i (buf_bits_i), .w_i (window_i), .left_i (window_left_i), .open_i (1'b0), .consume_i (1'b0),
    .left_o (unused_left_in), .active_o (unused_active_in), .explore_o (f_explore_in)
  );
  uet_lb_window #(.WindowWidth(WindowWidth)) u_fact_zero (
    .buf_bits_i (buf_bits_i), .w_i (window_i), .left_i ('0), .open_i (1'b0), .consume_i (1'b0),
    .left_o (unused_left_zero), .active_o (unused_active_zero), .explore_o (f_explore_zero)
  );

  // ---- The pair, as uet_lb_pipe wires it (stage P: look; stage U: apply).
  logic [32:0]            diff32;
  logic [TsWidth:0]       now_less_timeout;
  logic                   unused_diff_pad;  // below TsWidth 32, the aligned difference's low bits (zero)
  assign diff32           = uet_lb_pkg::ts_diff(uet_lb_pkg::ts_align(32'(now_i), TsWidth),
                                                uet_lb_pkg::ts_align(32'(timeout_i), TsWidth));
  assign now_less_timeout = {diff32[32], diff32[31 -: TsWidth]};
  assign unused_diff_pad  = ^diff32;

  logic                   p_freezing, p_thaw_test, p_push, p_pop, p_replay_take, p_explore, p_explore_kept;
  logic                   p_in_window_kept;
  logic [TsWidth-1:0]     p_start;
  logic [WindowWidth-1:0] p_left;
  logic [6:0]             p_thaw_borrows;
  logic [15:0]            p_oldest_ev, p_replay_ev, p_rr_ev;
  logic [7:0]             p_rr_step;
  uet_lb_pkg::decision_e  p_decision;
  uet_lb_group_look #(.BufBitsMax(BufBitsMax), .TsWidth(TsWidth), .WindowWidth(WindowWidth)) u_look (
    .spray_type_i (spray_type_i), .span_mask_i (span_mask_i), .start_port_i (start_port_i),
    .buf_bits_i (buf_bits_i), .window_i (window_i),
    .now_i (now_i), .now_less_timeout_i (now_less_timeout), .now_n_i (~now_i),
    .now_less_timeout_n_i (~now_less_timeout[TsWidth-1:0]), .failure_i (failure_i), .recycle_i (recycle_i),
    .choose_i (choose_i),
    .slots_i (slots_i), .wr_i (wr_i), .rd_i (rd_i), .full_i (full_i), .wrapped_i (wrapped_i),
    .replay_i (replay_i), .freezing_i (freezing_i), .freeze_start_i (freeze_start_i),
    .window_left_i (window_left_i),
    .nonempty_i (fact_nonempty(full_i, wr_i, rd_i)), .written_i (fact_written(wrapped_i, wr_i)),
    .explore_i (f_explore_in), .in_window_i (window_left_i != '0),
    .freezing_o (p_freezing), .freeze_start_o (p_start), .window_left_o (p_left),
    .thaw_test_o (p_thaw_test), .thaw_borrows_o (p_thaw_borrows),
    .push_o (p_push), .pop_o (p_pop), .replay_take_o (p_replay_take), .explore_o (p_explore),
    .explore_kept_o (p_explore_kept), .in_window_kept_o (p_in_window_kept),
    .decision_o (p_decision), .oldest_ev_o (p_oldest_ev), .replay_ev_o (p_replay_ev), .rr_ev_o (p_rr_ev),
    .rr_step_o (p_rr_step)
  );
  // The explore fact of a window just opened (W), as uet_lb_pipe makes it from the configuration.
  logic f_explore_opened;
  logic [WindowWidth-1:0] unused_left_opened;
  logic unused_active_opened;
  uet_lb_window #(.WindowWidth(WindowWidth)) u_fact_opened (
    .buf_bits_i (buf_bits_i), .w_i (window_i), .left_i (window_i), .open_i (1'b0), .consume_i (1'b0),
    .left_o (unused_left_opened), .active_o (unused_active_opened), .explore_o (f_explore_opened)
  );

  logic [SlotsMax*16-1:0]  s_slots;
  logic [BufBitsMax-1:0]   s_wr, s_rd, s_replay;
  logic                    s_full, s_wrapped, s_freezing, s_nonempty, s_written, s_explore_fact, s_in_window;
  logic [WindowWidth-1:0]  s_left;
  logic [15:0]             s_ev;
  uet_lb_group_apply #(.BufBitsMax(BufBitsMax), .WindowWidth(WindowWidth)) u_apply (
    .clk_i (1'b0),  // (combinational: Cut = 0)
    .spray_type_i (spray_type_i), .buf_bits_i (buf_bits_i), .window_i (window_i),
    .thaw_test_i (p_thaw_test), .thaw_borrows_i (p_thaw_borrows), .freezing_i (p_freezing),
    .window_left_i (p_left), .explore_kept_i (p_explore_kept), .explore_opened_i (f_explore_opened),
    .in_window_kept_i (p_in_window_kept), .in_window_opened_i (window_i != '0),
    .freezing_o (s_freezing), .window_left_o (s_left),
    .choose_i (choose_i), .recycle_ev_i (recycle_ev_i),
    .push_i (p_push), .pop_i (p_pop), .replay_take_i (p_replay_take), .decision_i (p_decision),
    .oldest_ev_i (p_oldest_ev), .replay_ev_i (p_replay_ev), .rr_ev_i (p_rr_ev), .rr_step_i (p_rr_step),
    .explore_ev_i (explore_ev_i),
    .slots_i (slots_i), .wr_i (wr_i), .rd_i (rd_i), .full_i (full_i), .wrapped_i (wrapped_i),
    .replay_i (replay_i),
    .slots_o (s_slots), .wr_o (s_wr), .rd_o (s_rd), .full_o (s_full), .wrapped_o (s_wrapped),
    .replay_o (s_replay),
    .nonempty_o (s_nonempty), .written_o (s_written), .explore_o (s_explore_fact), .in_window_o (s_in_window),
    .ev_o (s_ev)
  );

  // The explore fact of the window_left the pair writes back.
  logic f_explore_out;
  logic [WindowWidth-1:0] unused_left_out;
  logic unused_active_out;
  uet_lb_window #(.WindowWidth(WindowWidth)) u_fact_out (
    .buf_bits_i (buf_bits_i), .w_i (window_i), .left_i (s_left), .open_i (1'b0), .consume_i (1'b0),
    .left_o (unused_left_out), .active_o (unused_active_out), .explore_o (f_explore_out)
  );

  always_comb begin
    assume (32'(failure_i) + 32'(recycle_i) + 32'(choose_i) <= 1);
    assume (buf_bits_i <= 5'(BufBitsMax));
    assume (timeout_i != '0 && timeout_i[TsWidth-1] == 1'b0);
    // The same state written back.
    assert (s_slots == r_slots);
    assert (s_wr == r_wr && s_rd == r_rd && s_full == r_full && s_wrapped == r_wrapped);
    assert (s_replay == r_replay);
    assert (s_freezing == r_freezing && p_start == r_start && s_left == r_left);
    // The same PRNG step, and for a request the same decision and entropy value.
    assert (p_explore == r_explore);
    if (choose_i) assert (p_decision == r_decision && s_ev == r_ev);
    // The facts written back are those of the state written back.
    assert (s_nonempty == fact_nonempty(s_full, s_wr, s_rd));
    assert (s_written == fact_written(s_wrapped, s_wr));
    assert (s_explore_fact == f_explore_out);
    assert (s_in_window == (s_left != '0));
    // An open's explore fact (0) is that of its window_left (0).
    assert (!f_explore_zero);
  end
endmodule
