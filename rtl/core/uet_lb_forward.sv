// Forwarding: the group word each lane's event reads, newest first. The state store's word (its address
// given as stage A is taken, out in C, decoded) misses stage L's results of the four cycles before C; this
// block keeps those results (x, y, z, w: L one, two, three and four cycles ago, per lane), and
//   stage B matches the event's group against the sources that will be x, y, z and w at C (L's events
//     now, x, y and z), registered;
//   stage C takes the newest hit (newer stages first, the request lane's first within one: it holds both
//     lanes' events when they name one group), else the store's word: pre_q at D (store_*_o: no hit, the
//     store's word is the newest);
//   stage C also matches against L's events (x at D: xr, xf) and stage D's (L next cycle, the loop: lr,
//     lf), and whether D's request-lane event opens the feedback lane's group (open_prev at D);
//   stage D adds x's word: pre at D. The loop (L's result of D's own cycle) is the top's: it selects with
//     lr, lf at the edge.
// One group's results only: a lane's result is kept when its event is in range and (feedback lane) does
// not share its group with the request lane's event (whose result then holds both).
//
// It also says whether the feedback lane's group entered freezing at L in the three cycles before D (y and
// x at C, x at D), so after the last clear its age read in stage B could show (uet_lb_age clears a group's
// age a cycle after the entry): fresh_o. An entry at L in D's own cycle is the loop's, which
// uet_lb_pretest takes from L's entered flags.
`default_nettype none

module uet_lb_forward #(
  parameter int unsigned GroupW = 4,
  parameter int unsigned StateW = 64
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // Stage L: its events and their results this cycle (the update units' next words).
  input  logic              l_src_f_i, l_src_r_i,  ///< a result is kept (feedback lane, request lane)
  input  logic [GroupW-1:0] l_g_f_i, l_g_r_i,
  input  logic [StateW-1:0] next_f_i, next_r_i,
  input  logic              l_ent_f_i, l_ent_r_i,  ///< L's update enters freezing (uet_lb_update's entered_o)
  // Stages B, C and D: the events' groups (in range) and D's valid and kind bits.
  input  logic [GroupW-1:0] b_g_f_i, b_g_r_i,
  input  logic              b_inr_f_i, b_inr_r_i,
  input  logic [GroupW-1:0] c_g_f_i, c_g_r_i,
  input  logic              c_inr_f_i, c_inr_r_i,
  input  logic [GroupW-1:0] d_g_f_i, d_g_r_i,
  input  logic              d_src_f_i,  ///< D's feedback-lane event will be kept at L (valid, in range, own group)
  input  logic              d_src_r_i,  ///< D's request-lane event will be kept at L (valid, in range)
  input  logic              d_open_r_i, ///< D's request-lane event is a valid open
  // The store's words at stage C.
  input  logic [StateW-1:0] word_f_i, word_r_i,
  output logic              store_f_o, store_r_o,  ///< stage C: no newer result, the store's word is taken
  // L's results of the cycle before (x): the banks' writes at X, and a source of D's words.
  output logic              x_v_f_o, x_v_r_o,
  output logic [GroupW-1:0] x_g_f_o, x_g_r_o,
  output logic [StateW-1:0] x_s_f_o, x_s_r_o,
  // Stage D.
  output logic [StateW-1:0] pre_q_f_o,             ///< feedback lane: the newest word without x (registered)
  output logic [StateW-1:0] pre_f_o, pre_r_o,      ///< the newest word without L's result of this cycle
  output logic [3:0]        fwd_f_o,               ///< {lr, lf, xr, xf}: the group is L's next (loop) or x's
  output logic [1:0]        fwd_r_o,               ///< {lr, lf} of the request lane
  output logic              fwd_l_f_o, fwd_x_f_o,  ///< lr || lf, xr || xf of the feedback lane (registered)
  output logic              open_prev_o,           ///< L's request-lane event next cycle opens the feedback lane's group
  output logic              fresh_o                ///< the feedback lane's group entered freezing at L in C's
                                                   ///< cycle or one of the two before (x at D, x or y at C)
);
  // Results of stage L and their history.
  logic              y_v_f_q, y_v_r_q, z_v_f_q, z_v_r_q;
  logic [GroupW-1:0] y_g_f_q, y_g_r_q, z_g_f_q, z_g_r_q;
  logic [StateW-1:0] y_s_f_q, y_s_r_q, z_s_f_q, z_s_r_q, w_s_f_q, w_s_r_q;  // (w needs no group: B names it by z)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      {x_v_f_o, x_v_r_o, y_v_f_q, y_v_r_q, z_v_f_q, z_v_r_q} <= '0;
    end else begin
      {x_v_f_o, x_v_r_o} <= {l_src_f_i, l_src_r_i};
      {y_v_f_q, y_v_r_q} <= {x_v_f_o, x_v_r_o};
      {z_v_f_q, z_v_r_q} <= {y_v_f_q, y_v_r_q};
    end
  end
  logic x_ent_f_q, x_ent_r_q, y_ent_f_q, y_ent_r_q;  // x's and y's updates entered freezing
  always_ff @(posedge clk_i) begin
    {x_ent_f_q, x_ent_r_q} <= {l_ent_f_i, l_ent_r_i};
    {y_ent_f_q, y_ent_r_q} <= {x_ent_f_q, x_ent_r_q};
    {x_g_f_o, x_s_f_o, x_g_r_o, x_s_r_o} <= {l_g_f_i, next_f_i, l_g_r_i, next_r_i};
    {y_g_f_q, y_s_f_q, y_g_r_q, y_s_r_q} <= {x_g_f_o, x_s_f_o, x_g_r_o, x_s_r_o};
    {z_g_f_q, z_s_f_q, z_g_r_q, z_s_r_q} <= {y_g_f_q, y_s_f_q, y_g_r_q, y_s_r_q};
    {w_s_f_q, w_s_r_q}                   <= {z_s_f_q, z_s_r_q};
  end

  // Stage B: source hits for C, {xr, xf, yr, yf, zr, zf, wr, wf} as the sources will be named then.
  function automatic logic [7:0] hits_of(input logic [GroupW-1:0] g, input logic inr);
    hits_of = {inr && l_src_r_i && l_g_r_i == g, inr && l_src_f_i && l_g_f_i == g,
               inr && x_v_r_o && x_g_r_o == g, inr && x_v_f_o && x_g_f_o == g,
               inr && y_v_r_q && y_g_r_q == g, inr && y_v_f_q && y_g_f_q == g,
               inr && z_v_r_q && z_g_r_q == g, inr && z_v_f_q && z_g_f_q == g};
  endfunction
  logic [7:0]        c_hit_f_q, c_hit_r_q;
  logic [StateW-1:0] pre_r_q;
  logic [1:0]        x_fwd_r_q;  // the request lane's {xr, xf} at D
  logic              fresh_c_q;  // the feedback lane's group entered freezing in x or y at C
  // Stage C: the newest hit, else the store's word.
  function automatic logic [StateW-1:0] pick(input logic [7:0] hit, input logic [StateW-1:0] word);
    if (hit[7]) pick = x_s_r_o;
    else if (hit[6]) pick = x_s_f_o;
    else if (hit[5]) pick = y_s_r_q;
    else if (hit[4]) pick = y_s_f_q;
    else if (hit[3]) pick = z_s_r_q;
    else if (hit[2]) pick = z_s_f_q;
    else if (hit[1]) pick = w_s_r_q;
    else if (hit[0]) pick = w_s_f_q;
    else pick = word;
  endfunction
  assign store_f_o = c_hit_f_q == '0;
  assign store_r_o = c_hit_r_q == '0;
  // Stage C: a lane's group against L's events next cycle (the loop: D's now) and at D (x: L's now),
  // {lr, lf, xr, xf}.
  function automatic logic [3:0] c_hits_of(input logic [GroupW-1:0] g, input logic inr);
    c_hits_of = {inr && d_src_r_i && d_g_r_i == g, inr && d_src_f_i && d_g_f_i == g,
                 inr && l_src_r_i && l_g_r_i == g, inr && l_src_f_i && l_g_f_i == g};
  endfunction
  logic [3:0] c_fwd_f, c_fwd_r;
  assign c_fwd_f = c_hits_of(c_g_f_i, c_inr_f_i);
  assign c_fwd_r = c_hits_of(c_g_r_i, c_inr_r_i);
  always_ff @(posedge clk_i) begin
    c_hit_f_q   <= hits_of(b_g_f_i, b_inr_f_i);
    c_hit_r_q   <= hits_of(b_g_r_i, b_inr_r_i);
    pre_q_f_o   <= pick(c_hit_f_q, word_f_i);
    pre_r_q     <= pick(c_hit_r_q, word_r_i);
    fwd_f_o     <= c_fwd_f;
    fwd_l_f_o   <= c_fwd_f[3] || c_fwd_f[2];
    fwd_x_f_o   <= c_fwd_f[1] || c_fwd_f[0];
    fwd_r_o     <= c_fwd_r[3:2];
    x_fwd_r_q   <= c_fwd_r[1:0];
    open_prev_o <= d_open_r_i && d_g_r_i == c_g_f_i;
    fresh_c_q   <= (c_hit_f_q[7] && x_ent_r_q) || (c_hit_f_q[6] && x_ent_f_q) || (c_hit_f_q[5] && y_ent_r_q) ||
                   (c_hit_f_q[4] && y_ent_f_q);
  end
  assign fresh_o = fresh_c_q || (fwd_f_o[1] && x_ent_r_q) || (fwd_f_o[0] && x_ent_f_q);
  // Stage D: x's word when the group is x's.
  assign pre_f_o = fwd_f_o[1] ? x_s_r_o : (fwd_f_o[0] ? x_s_f_o : pre_q_f_o);
  assign pre_r_o = x_fwd_r_q[1] ? x_s_r_o : (x_fwd_r_q[0] ? x_s_f_o : pre_r_q);
endmodule
