#!/usr/bin/env bash
# Area of the AXI adapters of uet_lb_axi on their own (uet_lb_axil, uet_lb_axis at 1,024 groups), as Yosys
# maps them for the ECP5 (LUT4, flip-flops) and UltraScale+ (LUTs, flip-flops): what the wrapper adds to
# the core. Prints a Markdown table (docs/integration.md).
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| block | ECP5 LUT4 | ECP5 FF | UltraScale+ LUT | UltraScale+ FF |"
echo "|---|---|---|---|---|"
for top in uet_lb_axil uet_lb_axis; do
  params=""
  [ "$top" = uet_lb_axis ] && params="chparam -set GroupW 10 $top;"  # 1,024 groups
  row="| \`$top\`"
  for arch in ecp5 xilinx; do
    extra=""
    [ "$arch" = xilinx ] && extra="-family xcup"
    yosys -q -l "$tmp/$top.$arch.log" -p "read_verilog -sv $root/rtl/pkg/uet_lb_pkg.sv $root/rtl/axi/uet_lb_axil.sv \
      $root/rtl/axi/uet_lb_axis.sv; $params synth_$arch -top $top $extra; stat" >/dev/null
    if [ "$arch" = ecp5 ]; then
      luts=$(grep -E '^\s+LUT4\s' "$tmp/$top.$arch.log" | tail -1 | awk '{print $2}')
    else
      luts=$(grep -E '^\s+LUT[1-6]\s' "$tmp/$top.$arch.log" | awk '{s += $2} END {print s + 0}')
    fi
    ffs=$(grep -E '^\s+(TRELLIS_FF|FD[A-Z]*)\s' "$tmp/$top.$arch.log" | awk '{s += $2} END {print s + 0}')
    row="$row | ${luts:-0} | $ffs"
  done
  echo "$row |"
done
