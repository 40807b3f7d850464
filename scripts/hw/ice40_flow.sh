# Shared by scripts/hw/fpga.sh and scripts/hw/ice40_seeds.sh (sourced, not run): the iCE40 place-and-route
# command and the reading of its Fmax, so the seed sweep measures exactly what the table does.

# The Verilog sources of the core in the FPGA wrapper, from an RTL directory's uet_lb.f.
fpga_srcs() {  # rtl-dir
  echo "$(sed "s|^|$1/|" "$1/uet_lb.f" | tr '\n' ' ') $1/fpga/uet_lb_fpga_wrap.sv"
}

# nextpnr-ice40 on the HX8K (ct256) with one placement seed, and any further nextpnr options after
# it (scripts/hw/ice40_seeds.sh --pnr); its exit status is nextpnr's.
ice40_pnr() {  # json log seed [option...]
  nextpnr-ice40 --hx8k --package ct256 --json "$1" --freq 50 --timing-allow-fail --seed "$3" "${@:4}" >"$2" 2>&1
}

# The Fmax a nextpnr log reports (the last "Max frequency" line), in MHz.
log_fmax() {  # log
  grep -E "Max frequency for clock" "$1" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/'
}
