// A fire's check and free (part of uet_lb_tracker_fire). The tracker decides a fire before the clears taken
// ahead of it have reached its tables, so each fire is checked on its way: kill_o, three cycles after
// fire_i, says its packet had been cleared (the fire then changes nothing); a fire that stands frees its
// way (free_o) FpDepth cycles after fire_i, in the tracker's clear slot.
//
// Stage k of the pipeline holds the fire of k cycles ago. Every clear taken before the fire is, a cycle
// after it, either among the key clears in flight (kclr_i, kkey_i: the core's stages B, C, D, L and the
// tracker's t0..t4), compared by key with the fired packet's and registered, or was applied since the
// candidate was chosen: dead_i (the records until the fire) and the records of the fire's cycle and the
// next (rec_*_i), by way. The clears applied before the candidate was chosen are in its liveness.
`default_nettype none

module uet_lb_tracker_check #(
  parameter int unsigned Entries = 1024,  ///< the tracker's ways
  parameter int unsigned Ways    = 4,     ///< ways per set
  parameter int unsigned Runs    = 2,
  parameter int unsigned KeyW    = 36,    ///< a packet's key: group and PSN
  parameter int unsigned SeqW    = 14,    ///< allocation numbers
  parameter int unsigned KClears = 9,     ///< key clears a fire is checked against
  parameter int unsigned FpDepth = 6,     ///< cycles from a fire to its free (>= 4)
  // Derived, do not override.
  parameter int unsigned Sets    = Entries / Ways,
  parameter int unsigned SetW    = (Sets > 1) ? $clog2(Sets) : 1,
  parameter int unsigned EntW    = (Entries > 1) ? $clog2(Entries) : 1,
  parameter int unsigned RunW    = (Runs > 1) ? $clog2(Runs) : 1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,       ///< synchronous, active low
  input  logic                    flush_i,      ///< drop every fire in flight
  // The candidate, and whether it fires now.
  input  logic                    fire_i,
  input  logic [EntW-1:0]         way_i,
  input  logic [SeqW-1:0]         seq_i,
  input  logic [RunW-1:0]         run_i,
  input  logic [KeyW-1:0]         key_i,        ///< its key (the data RAM's read, valid while it is armed)
  input  logic                    dead_i,       ///< a record freed its way since it was chosen
  // The record applying now: the ways it frees.
  input  logic                    rec_clr_i,
  input  logic [SetW-1:0]         rec_cset_i,
  input  logic [Ways-1:0]         rec_cmask_i,
  // The key clears in flight, a cycle after the fire.
  input  logic [KClears-1:0]      kclr_i,
  input  logic [KClears*KeyW-1:0] kkey_i,
  output logic                    fired_o,      ///< a fire at the last edge; its number and run:
  output logic [SeqW-1:0]         fired_seq_o,
  output logic [RunW-1:0]         fired_run_o,
  output logic                    kill_o,       ///< the fire of three cycles ago changes nothing
  output logic                    free_o,       ///< free way free_way_o now (the fire of FpDepth ago stood)
  output logic [EntW-1:0]         free_way_o,
  output logic                    busy_o        ///< a fire's check or free is on its way
);
  // A record frees way w.
  function automatic logic rec_frees(input logic [EntW-1:0] w);
    rec_frees = uet_lb_pkg::way_freed(32'(w), rec_clr_i, 32'(rec_cset_i), 32'(rec_cmask_i), $clog2(Sets),
                                      $clog2(Ways));
  endfunction

  logic [FpDepth:1]   fv_q;     // a fire 1..FpDepth cycles ago
  logic [FpDepth:1]   fkill_q;  // its packet had been cleared (from stage 3 on)
  logic [EntW-1:0]    fway_q [1:FpDepth];
  logic [SeqW-1:0]    fseq1_q;
  logic [RunW-1:0]    frun1_q;
  logic [KeyW-1:0]    fkey1_q;
  logic               fk1_1_q, fk1_2_q, kill2;
  logic [KClears-1:0] eq1, eq2_q;  // a clear of the fired packet's key (kclr_i's order)
  always_comb begin
    for (int k = 0; k < KClears; k++) eq1[k] = kclr_i[k] && kkey_i[k * KeyW +: KeyW] == fkey1_q;
    kill2 = fk1_2_q || eq2_q != '0;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) fv_q <= '0;
    else fv_q <= {fv_q[FpDepth-1:1], fire_i};
  end
  always_ff @(posedge clk_i) begin
    fway_q[1] <= way_i;
    fseq1_q   <= seq_i;
    frun1_q   <= run_i;
    fkey1_q   <= key_i;
    fk1_1_q   <= dead_i || rec_frees(way_i);
    fway_q[2] <= fway_q[1];
    eq2_q     <= eq1;
    fk1_2_q   <= fk1_1_q || rec_frees(fway_q[1]);
    fkill_q   <= {fkill_q[FpDepth-1:3], kill2, 2'b00};  // (stages 1 and 2 unused: the check is not made yet)
    for (int k = 3; k <= FpDepth; k++) fway_q[k] <= fway_q[k - 1];
  end
  assign fired_o     = fv_q[1];
  assign fired_seq_o = fseq1_q;
  assign fired_run_o = frun1_q;
  assign busy_o      = fv_q != '0;
  assign kill_o      = fv_q[3] && fkill_q[3];
  assign free_o      = fv_q[FpDepth] && !fkill_q[FpDepth];
  assign free_way_o  = fway_q[FpDepth];
endmodule
