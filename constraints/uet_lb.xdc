# Timing constraints for uet_lb (XDC, Vivado).
#
# One clock, clk_i. The core is internal to the NIC datapath (no device pins): when it is synthesized
# out of context (-mode out_of_context), its ports are register-bounded by the surrounding design; the
# delays below reserve half a period for the neighbour registers. In an in-context build, drop them: the
# datapath's own registers are timed directly.

create_clock -name clk_i -period 5.000 [get_ports clk_i]
set_clock_uncertainty 0.100 [get_clocks clk_i]

set_input_delay  -clock clk_i 2.500 [get_ports -filter {DIRECTION == IN && NAME != clk_i}]
set_output_delay -clock clk_i 2.500 [get_ports -filter {DIRECTION == OUT}]

# dbg_* is an observation port for simulation waveforms; it carries no timing requirement.
set_false_path -to [get_ports dbg_*]
