// Formal harness of uet_lb_fifo (4 entries of 3 bits): against a reference queue (oldest first), the head
// it shows is the oldest entry pushed and not popped, and it shows one exactly while the reference holds
// one; pushes and pops are free each cycle within the rules the core keeps (no pop while empty, no push
// while full unless a pop leaves). Yosys sat: BMC from reset; a cover flag for the queue full.
`default_nettype none

module fv_fifo (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       push_i,
  input logic [2:0] data_i,
  input logic       pop_i
);
  localparam int unsigned Depth = 4;
  logic       valid;
  logic [2:0] head;
  uet_lb_fifo #(.Depth (Depth), .Width (3)) dut (
    .clk_i (clk_i), .rst_ni (rst_ni), .push_i (push_i), .data_i (data_i), .pop_i (pop_i), .valid_o (valid),
    .data_o (head)
  );

  logic       past_valid_q;
  logic [2:0] ref_q [Depth];
  logic [2:0] cnt_q;
  (* keep *) logic seen_full_q;  // the cover: the queue was full
  initial past_valid_q = 1'b0;
  always_ff @(posedge clk_i) past_valid_q <= 1'b1;
  always_comb begin
    if (!past_valid_q) assume (!rst_ni);  // the first cycle is a reset
    if (rst_ni) begin
      assume (!(pop_i && cnt_q == '0));
      assume (!(push_i && !pop_i && cnt_q == 3'(Depth)));
    end
  end
  // The reference: a pop shifts the entries down, a push appends after what stays.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q       <= '0;
      seen_full_q <= 1'b0;
    end else begin
      for (int k = 0; k < Depth; k++) begin
        logic [2:0] at;
        at = pop_i ? ((k + 1 < Depth) ? ref_q[(k + 1) % Depth] : '0) : ref_q[k];
        if (push_i && 32'(k) == 32'(cnt_q) - (pop_i ? 1 : 0)) at = data_i;
        ref_q[k] <= at;
      end
      cnt_q       <= cnt_q + 3'(push_i) - 3'(pop_i);
      seen_full_q <= seen_full_q || cnt_q == 3'(Depth);
    end
  end
  always_ff @(posedge clk_i) begin
    if (past_valid_q && rst_ni) begin
      a_valid: assert (valid == (cnt_q != '0));
      if (valid) a_head: assert (head == ref_q[0]);
    end
  end
endmodule
