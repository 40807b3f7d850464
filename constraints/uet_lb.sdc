# Timing constraints for uet_lb (SDC, for Synopsys/Cadence/Intel-style flows).
#
# The core has one clock, clk_i, and no pins of its own: in a NIC it sits between registers of the
# datapath, so every input is driven by a register of the same clock and every output is registered by
# the next stage. Only the clock needs a constraint; the input/output delays below model the neighbour
# registers (budget half a period each side, adjust to your integration).
#
# The combinational path of this version is deep (see docs/fpga.md): start from a period your measured
# Fmax supports; 5.0 ns (200 MHz) is a goal for a pipelined version, not for this one on FPGAs.

set CLK_PERIOD_NS 5.0
create_clock -name clk_i -period $CLK_PERIOD_NS [get_ports clk_i]
set_clock_uncertainty 0.1 [get_clocks clk_i]

# Synchronous reset, active low, from a register of the same clock.
set_input_delay  [expr {$CLK_PERIOD_NS * 0.5}] -clock clk_i [remove_from_collection [all_inputs] [get_ports clk_i]]
set_output_delay [expr {$CLK_PERIOD_NS * 0.5}] -clock clk_i [all_outputs]

# The observation port (dbg_*) is for waveforms; leave it unconnected in a product, or ignore it here.
set_false_path -to [get_ports dbg_*]
