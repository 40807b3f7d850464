#!/usr/bin/env bash
# iCE40 Fmax of one core configuration over several placement seeds, to tell a change of the RTL from
# the draw of one placement (docs/fpga.md, "Reading the table"):
#   scripts/hw/ice40_seeds.sh [-j JOBS] [--pnr "OPTIONS"] [--synth "OPTIONS"] [--tracker N] [--paths NS]
#                          [RTL_DIR] [SEEDS...]
# RTL_DIR defaults to this checkout's rtl/ (another checkout's, or a changed copy's, may be given to
# compare two versions on the same seeds); SEEDS default to 1..9. Synthesizes the core (uet_lb) with
# 16 groups and a 4-entry tracker in rtl/fpga/uet_lb_fpga_wrap.sv once (synth_ice40; the iCE40 is no
# longer a target, the script stays for placement studies), places and routes it on the HX8K once per seed, JOBS
# at a time (default 2), and prints each seed's Fmax, then the sorted list, the median and the mean.
# --pnr adds nextpnr options to every placement (docs/fpga.md's measurements of nextpnr's options), for
# example --pnr "--placer-heap-timingweight 30"; the table of scripts/hw/fpga.sh uses none. --synth adds
# options to synth_ice40 (for example --synth "-abc9"), --tracker sets TrackerEntries (default 4, the
# table's row) to measure how the core's size moves its clock. --paths NS also writes each placement's
# detailed timing report and prints, per seed, how many endpoints and registers arrive later than NS
# (scripts/hw/ice40_paths.py): how many places a clock of 1000/NS MHz still needs work on.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
jobs=2
if [ "${1:-}" = "-j" ]; then
  jobs=${2:?"ice40_seeds.sh: -j needs a number"}
  shift 2
fi
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "ice40_seeds.sh: -j '$jobs': expected a positive number" >&2; exit 2; }
pnr_opts=()
synth_opts=""
entries=4
paths=""
while [ $# -gt 0 ]; do
  case "$1" in
    --pnr)
      [ $# -ge 2 ] || { echo "ice40_seeds.sh: --pnr needs nextpnr options in one argument" >&2; exit 2; }
      read -r -a pnr_opts <<<"$2"
      shift 2 ;;
    --synth)
      [ $# -ge 2 ] || { echo "ice40_seeds.sh: --synth needs synth_ice40 options in one argument" >&2; exit 2; }
      synth_opts=$2
      shift 2 ;;
    --tracker)
      [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "ice40_seeds.sh: --tracker '${2:-}': expected a positive number" >&2; exit 2; }
      entries=$2
      shift 2 ;;
    --paths)
      [[ "${2:-}" =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v p="$2" 'BEGIN { exit !(p > 0) }' \
        || { echo "ice40_seeds.sh: --paths '${2:-}': expected a period in ns" >&2; exit 2; }
      paths=$2
      shift 2 ;;
    *) break ;;
  esac
done
rtl="$root/rtl"
if [ $# -gt 0 ] && ! [[ "$1" =~ ^[0-9]+$ ]]; then
  [ -d "$1" ] || { echo "ice40_seeds.sh: RTL directory '$1' does not exist" >&2; exit 2; }
  rtl=$(cd "$1" && pwd)
  shift
fi
[ -f "$rtl/uet_lb.f" ] || { echo "ice40_seeds.sh: '$rtl' has no uet_lb.f (not an RTL directory)" >&2; exit 2; }
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3 4 5 6 7 8 9)
for s in "${seeds[@]}"; do
  [[ "$s" =~ ^[0-9]+$ ]] || { echo "ice40_seeds.sh: seed '$s': expected a number" >&2; exit 2; }
done

# shellcheck source=scripts/hw/ice40_flow.sh
. "$root/scripts/hw/ice40_flow.sh"
work="$root/build-fpga/seeds"
mkdir -p "$work"
srcs=$(fpga_srcs "$rtl")
yosys -q -p "read_verilog -sv $srcs; chparam -set NumGroups 16 -set TrackerEntries $entries \
  uet_lb_fpga_wrap; synth_ice40 $synth_opts -top uet_lb_fpga_wrap -json $work/ice40.json; tee -q -o $work/ice40.stat stat" \
  >"$work/yosys.log" 2>&1 || { echo "ice40_seeds.sh: synthesis failed, see $work/yosys.log" >&2; exit 1; }
echo "RTL $rtl, TrackerEntries $entries${synth_opts:+, synth_ice40 $synth_opts}: $(grep -E '^\s+SB_LUT4' "$work/ice40.stat" | awk '{print $2}') LUT4"

# JOBS placements at a time, reaped in launch order; a failed placement stops the script.
pids=()
reap() {  # index into seeds
  wait "${pids[$1]}" || {
    echo "ice40_seeds.sh: seed ${seeds[$1]}: nextpnr-ice40 failed, see $work/pnr.s${seeds[$1]}.log" >&2
    exit 1
  }
}
n=${#seeds[@]}
for ((i = 0; i < n; i++)); do
  [ "$i" -lt "$jobs" ] || reap $((i - jobs))
  report=()
  [ -z "$paths" ] || report=(--report "$work/pnr.s${seeds[$i]}.json" --detailed-timing-report)
  ice40_pnr "$work/ice40.json" "$work/pnr.s${seeds[$i]}.log" "${seeds[$i]}" "${pnr_opts[@]}" "${report[@]}" &
  pids[i]=$!
done
for ((i = n > jobs ? n - jobs : 0; i < n; i++)); do reap "$i"; done
for s in "${seeds[@]}"; do
  echo "seed $s: $(log_fmax "$work/pnr.s$s.log") MHz"
done | tee "$work/fmax.txt"
python3 - "$work/fmax.txt" <<'PY'
import statistics, sys
v = sorted(float(line.split()[2]) for line in open(sys.argv[1]))
print("sorted:", " ".join(f"{x:.2f}" for x in v))
print(f"median {statistics.median(v):.2f} MHz, mean {statistics.mean(v):.2f} MHz over {len(v)} seeds")
PY
if [ -n "$paths" ]; then
  # Each seed's report read once: its summary line, and its late registers into the count over seeds.
  python3 - "$root/scripts/hw" "$work" "$paths" "${seeds[@]}" <<'PY'
import collections, json, sys
sys.path.insert(0, sys.argv[1])
from ice40_paths import endpoints, late_groups, summary
work, period, counts = sys.argv[2], float(sys.argv[3]), collections.Counter()
for seed in sys.argv[4:]:
    ends = endpoints(json.load(open(f"{work}/pnr.s{seed}.json")))
    groups = late_groups(ends, period)
    print(f"seed {seed}: {summary(ends, groups, period)}")
    counts.update(groups.keys())
spread = ", ".join(f"{n} in {k}" for k, n in sorted(collections.Counter(counts.values()).items()))
print(f"{len(counts)} registers miss {period} ns in at least one seed ({spread or 'none'} seeds)")
PY
fi
