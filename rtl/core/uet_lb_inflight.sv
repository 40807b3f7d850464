// What is on its way through the core's stages (A, B, C, D, L, X), summed up for the blocks that wait on
// it: admission's locks and drain, the register block's count of opens, the tracker's quiet flag and its
// reference time, the early-failure and idle outputs. Bit i of each stage vector is stage i: 0 A, 1 B,
// 2 C, 3 D, 4 L, 5 X. Two flip-flops of its own: the opens of B..X (the OR of six stages was an ECP5
// critical path into the register block's refusal and the stall) and the oldest request time.
`default_nettype none

module uet_lb_inflight #(
  parameter int unsigned TsWidth = 32
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,           ///< synchronous, active low
  // The stages' events.
  input  logic [5:0]           f_v_i,            ///< feedback lane: an event
  input  logic [5:0]           f_fb_i,           ///< it is a feedback
  input  logic [5:0]           f_efd_i,          ///< it is an early failure
  input  logic [5:0]           r_v_i,            ///< request lane: an event
  input  logic [5:0]           r_open_i,         ///< it is an open (else a request)
  input  logic [5*TsWidth-1:0] r_t_i,            ///< the request lane's times, A..L
  input  logic [TsWidth-1:0]   now_q_i,          ///< admission's time (stage A's next)
  // The tracker and the response side.
  input  logic                 trk_busy_i,       ///< an operation in the tracker's own stages
  input  logic                 trk_hold_i,
  input  logic                 trk_fire_i,
  input  logic                 trk_fire_due_i,
  input  logic                 trk_fire_next_i,
  input  logic                 rsp_busy_i,       ///< a response on its way or owed
  input  logic                 regs_pending_i,   ///< a register write waits to apply
  input  logic                 sweep_i,
  input  logic                 settled_i,        ///< admission: the last apply has settled
  // What is on its way.
  output logic                 quiet_o,          ///< no feedback or request in A..L (before the tracker's t0)
  output logic                 opens_out_o,      ///< an open taken, not yet applied (A..X)
  output logic                 reqs_out_o,       ///< a request on its way to the tracker, its stages included
  output logic                 fbs_out_o,        ///< a feedback likewise
  output logic [TsWidth-1:0]   t_ref_o,          ///< the oldest request time in A..L (now_q_i if none), a
                                                 ///< cycle late
  output logic                 efd_pending_o,    ///< the core's output of that name
  output logic                 empty_o,          ///< no event in any stage, the tracker and responses idle
  output logic                 idle_o            ///< the core's output of that name
);
  logic [5:0] fb, rq, op;
  assign fb = f_v_i & f_fb_i;
  assign rq = r_v_i & ~r_open_i;
  assign op = r_v_i & r_open_i;

  // No feedback or request before the tracker's first stage (X is its t0).
  assign quiet_o = !(|fb[4:0]) && !(|rq[4:0]);
  // Opens taken and not yet applied: stage A's, and B..X's as A..L held them a cycle ago.
  logic opens_bx_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) opens_bx_q <= 1'b0;
    else opens_bx_q <= |op[4:0];
  end
  assign opens_out_o = op[0] || opens_bx_q;
  assign reqs_out_o  = |rq || trk_busy_i;
  assign fbs_out_o   = |fb || trk_busy_i;

  // The oldest time of a request not yet at the tracker (they are in time order along the stages),
  // registered: a cycle late is no later than any request still to come (times only grow), which is all
  // the tracker asks of it, and the stages' request flags have a large fanout.
  logic [TsWidth-1:0] t_ref, t_ref_q;
  always_comb begin
    t_ref = now_q_i;
    for (int s = 0; s < 5; s++) begin
      if (rq[s]) t_ref = r_t_i[s*TsWidth +: TsWidth];
    end
  end
  always_ff @(posedge clk_i) t_ref_q <= t_ref;
  assign t_ref_o = t_ref_q;

  // (From the candidate being due, not from the fire decision: the outputs then wait on no input but now_i.)
  assign efd_pending_o = trk_hold_i || trk_fire_due_i || trk_fire_i || |(f_v_i & f_efd_i);

  logic stages_empty;
  assign stages_empty = !(|f_v_i) && !(|r_v_i) && !rsp_busy_i && !trk_busy_i && !trk_fire_i && !trk_hold_i;
  assign empty_o      = stages_empty && !trk_fire_next_i;
  // (A due fire, not the decision to fire: see efd_pending_o. It implies empty.)
  assign idle_o       = stages_empty && !trk_fire_due_i && !regs_pending_i && !sweep_i && settled_i;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    // The registered opens of B..X are the stages'.
    if (rst_ni) a_opens_bx: assert (opens_bx_q == |op[5:1]);
  end
`endif
endmodule
