// Round-robin counter of Default Packet Spraying (SPEC section 4), for one group.
`default_nettype none

/// Combinational: the entropy value for step counter `step_i` and the next step.
/// EV = (StartingPortOffset + (step mod 2^EntropyMaskBits)) mod 65536. The caller passes 2^EntropyMaskBits - 1
/// (the register block keeps it beside EntropyMaskBits), so no subtraction precedes the adder.
module uet_lb_rr (
  input  logic [7:0]  step_i,       ///< the group's step counter (mod 256 is enough: 2^mask divides 256)
  input  logic [7:0]  span_mask_i,  ///< 2^EntropyMaskBits - 1 (EntropyMaskBits 0..8)
  input  logic [15:0] offset_i,     ///< StartingPortOffset
  output logic [15:0] ev_o,         ///< entropy value of this request
  output logic [7:0]  step_o        ///< step counter after this request
);
  assign ev_o      = offset_i + {8'd0, step_i & span_mask_i};  // 16-bit add wraps modulo 65536
  assign step_o    = step_i + 8'd1;

`ifndef SYNTHESIS
  always_comb begin
    a_ev_in_span: assert (ev_o - offset_i <= 16'(span_mask_i));
  end
`endif
endmodule
