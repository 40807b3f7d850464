// Formal harness of uet_lb_timeout: the freezing-timeout test made of two comparisons with the start
// time equals (now - start) mod 2^TsWidth >= T for every now, start and timeout T of the register's range
// (1..2^(TsWidth-1)-1), with the two inputs the core makes ahead from the event's time (now - T, now < T).
// Combinational: one step over every input proves it (here at TsWidth 32 and 16).
`default_nettype none

module fv_timeout (
  input logic [31:0] now_i,
  input logic [31:0] start_i,
  input logic [31:0] t_i,
  input logic [15:0] now16_i,
  input logic [15:0] start16_i,
  input logic [15:0] t16_i
);
  logic [31:0] e32;
  logic [15:0] e16;
  logic        el32, el16;
  assign e32 = now_i - start_i;
  assign e16 = now16_i - start16_i;
  uet_lb_timeout #(.TsWidth (32)) u32 (
    .now_i (now_i), .now_mt_i (now_i - t_i), .now_lt_t_i (now_i < t_i), .start_i (start_i), .elapsed_o (el32)
  );
  uet_lb_timeout #(.TsWidth (16)) u16 (
    .now_i (now16_i), .now_mt_i (now16_i - t16_i), .now_lt_t_i (now16_i < t16_i), .start_i (start16_i),
    .elapsed_o (el16)
  );
  always_comb begin
    if (t_i != '0 && !t_i[31]) fv_elapsed32: assert (el32 == (e32 >= t_i));
    if (t16_i != '0 && !t16_i[15]) fv_elapsed16: assert (el16 == (e16 >= t16_i));
  end
endmodule
