#!/usr/bin/env bash
# Verilator -Wall lint of the whole RTL (as one design, and each block on its own). Fails on any warning.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
cd "$root"
pkg=rtl/pkg/uet_lb_pkg.sv
# Every module of the core (rtl/uet_lb.f less the core's package, given first), linted together and each on
# its own (a primitive's own package, such as the SECDED code's, is read with them but is no block).
mapfile -t files < <(grep -v '^pkg/uet_lb_pkg\.sv$' rtl/uet_lb.f)
all=()
blocks=()
for f in "${files[@]}"; do
  all+=("rtl/$f")
  [[ $f == *_pkg.sv ]] || blocks+=("$(basename "$f" .sv)")
done
verilator --lint-only -Wall --top-module uet_lb "$pkg" "${all[@]}"
# Non-power-of-two group count and the smallest sizes exercise the other generate branches.
verilator --lint-only -Wall --top-module uet_lb -GNumGroups=5 -GBufBitsMax=1 -GTrackerEntries=4 -GTsWidth=30 \
  -GBaseRttWidth=16 "$pkg" "${all[@]}"
# The 1,024-group build without its observation port (as the FPGA flow builds it), and other tracker shapes.
verilator --lint-only -Wall --top-module uet_lb -GDbgPort=0 -GNumGroups=1024 "$pkg" "${all[@]}"
verilator --lint-only -Wall --top-module uet_lb -GNumGroups=40 -GTrackerEntries=64 -GTrackerWays=2 -GTrackerRuns=3 \
  "$pkg" "${all[@]}"
verilator --lint-only -Wall --top-module uet_lb -GNumGroups=2 -GTrackerEntries=4 -GTrackerWays=1 -GTrackerRuns=1 \
  "$pkg" "${all[@]}"
verilator --lint-only -Wall --top-module uet_lb -GNumGroups=1 "$pkg" "${all[@]}"
for b in "${blocks[@]}"; do
  verilator --lint-only -Wall --top-module "$b" "$pkg" "${all[@]}"
done
# The AXI wrapper (rtl/uet_lb_axi.f) and its two adapters, at the default size, the smallest and the largest.
mapfile -t axi < <(sed 's|^|rtl/|' rtl/uet_lb_axi.f)
for t in uet_lb_axi uet_lb_axis uet_lb_axil; do
  verilator --lint-only -Wall --top-module "$t" "$pkg" "${all[@]}" "${axi[@]}"
done
verilator --lint-only -Wall --top-module uet_lb_axi -GNumGroups=5 -GTrackerEntries=8 -GTrackerWays=2 -GPsnWidth=16 \
  "$pkg" "${all[@]}" "${axi[@]}"
verilator --lint-only -Wall --top-module uet_lb_axi -GNumGroups=4096 -GAxilAddrW=32 "$pkg" "${all[@]}" "${axi[@]}"
# The worked example's NIC-like top (examples/integration/, docs/integration.md).
verilator --lint-only -Wall --top-module nic_top "$pkg" "${all[@]}" "${axi[@]}" examples/integration/nic_top.sv
# Formal harnesses (rtl/formal/), each with the blocks it instantiates.
for h in rtl/formal/fv_*.sv; do
  verilator --lint-only -Wall --top-module "$(basename "$h" .sv)" "$pkg" "${all[@]}" "${axi[@]}" "$h"
done
# The FPGA wrapper and the reference paths of the FPGA flow (rtl/fpga/).
verilator --lint-only -Wall --top-module uet_lb_fpga_wrap "$pkg" "${all[@]}" rtl/fpga/uet_lb_fpga_wrap.sv
for f in rtl/fpga/counter16.sv rtl/fpga/time_cmp32.sv rtl/fpga/ram_add16.sv; do verilator --lint-only -Wall "$f"; done
# Everything in rtl/ as one design (the FPGA wrapper too: Verilator inlines small blocks into their
# parents there, and a function named as one in the parent then hides it), as a reviewer's quick check does.
verilator --lint-only -Wall -Wno-MULTITOP "$pkg" "${all[@]}" "${axi[@]}" rtl/formal/fv_*.sv rtl/fpga/*.sv
echo "lint: ${#blocks[@]} blocks, the AXI wrapper (${#axi[@]} files), $(ls rtl/formal/fv_*.sv | wc -l) formal harnesses and $(ls rtl/fpga/*.sv | wc -l) FPGA files clean under verilator --lint-only -Wall"
# The register naming rule (docs/architecture.md, "Files") in the design's sources (the formal harnesses are
# test code and model the core's stages in their own names).
python3 "$root/scripts/hw/reg_names.py" "$pkg" "${all[@]}" "${axi[@]}" rtl/fpga/*.sv
echo "lint: every register of the design (rtl/uet_lb.f, rtl/uet_lb_axi.f) and rtl/fpga/ ends in _q (or _o)"
# The assertion rule (docs/verification.md, "Assertions"): every assertion in rtl/ (design and harnesses)
# labelled, each label once a file, none inside a procedural loop.
mapfile -t svs < <(git -C "$root" ls-files 'rtl/*.sv')
python3 "$root/scripts/hw/assert_labels.py" "${svs[@]}"
echo "lint: every assertion in rtl/ is labelled, once, outside loops"
# C++ formatting (the committed .clang-format).
if command -v clang-format >/dev/null 2>&1; then
  unformatted=$(git -C "$root" ls-files '*.cpp' '*.hpp' | (cd "$root" && xargs clang-format --dry-run 2>&1) | grep -c 'warning:' || true)
  if [ "$unformatted" != 0 ]; then
    echo "lint: clang-format would change C++ files ($unformatted places): run clang-format -i on them"
    exit 1
  fi
  echo "lint: C++ sources match .clang-format"
fi
