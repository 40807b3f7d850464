#!/usr/bin/env bash
# Proves a refactoring changed no behaviour: the RTL module TOP in the working tree is equal, cycle for
# cycle from any matching state, to TOP at git revision REV (Yosys equiv_make, equiv_simple,
# equiv_induct; both sides flattened, RAMs mapped to flip-flops, so keep the parameters small).
#   scripts/hw/equiv.sh REV TOP [PARAM=VALUE ...] [--moved INSTANCE ...] [--pair NEW=OLD ...]
# --moved names the instances (in the working tree) that logic was moved into: their flattened signals
# lose the "INSTANCE." prefix, so each register meets its namesake on the other side (the induction needs
# them paired). --pair names a signal renamed since REV (its flattened name now and then). Example, the
# tracker's fire block:
#   scripts/hw/equiv.sh HEAD~1 uet_lb_tracker Entries=16 Ways=2 Runs=2 RunDepth=64 GroupW=2 PsnWidth=4 \
#     TsWidth=8 GenW=2 --moved u_fire
# Exits 0 when every output and paired register is proven equal.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
usage() { echo "usage: scripts/hw/equiv.sh REV TOP [PARAM=VALUE ...] [--moved INSTANCE ...] [--pair NEW=OLD ...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
rev=$1 top=$2
shift 2
params="" moved=() pairs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --moved) shift; [ $# -gt 0 ] || usage; moved+=("$1") ;;
    --pair) shift; [[ "${1:-}" == *=* ]] || usage; pairs+=("$1") ;;
    *=*) params="$params -set ${1%%=*} ${1#*=}" ;;
    *) echo "equiv.sh: '$1' is neither PARAM=VALUE nor --moved INSTANCE" >&2; usage ;;
  esac
  shift
done
git -C "$root" rev-parse --verify --quiet "$rev^{commit}" >/dev/null || {
  echo "equiv.sh: '$rev' is not a revision of this repository" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/gold"
git -C "$root" archive "$rev" rtl | tar -x -C "$tmp/gold"
cp -r "$root/rtl" "$tmp/gate"
mv "$tmp/gold/rtl" "$tmp/gold.rtl" && rmdir "$tmp/gold" && mv "$tmp/gold.rtl" "$tmp/gold"

# One side's netlist: every file of its uet_lb.f, TOP with the parameters, flattened, renamed to SIDE.
prepare() {  # side
  local srcs
  srcs=$(sed "s|^|$tmp/$1/|" "$tmp/$1/uet_lb.f" | tr '\n' ' ')
  echo "read_verilog -sv -DSYNTHESIS $srcs"
  [ -z "$params" ] || echo "chparam$params $top"
  echo "hierarchy -top $top"
  echo "setattr -mod -unset keep_hierarchy *"
  echo "proc; flatten; memory; opt_clean"
  echo "rename -top $1"
}
# The moved instances' signals, renamed to the names they had before (where that name is free).
{ prepare gate; echo "select -list w:*"; } > "$tmp/list.ys"
yosys -q -l "$tmp/list.log" "$tmp/list.ys" >/dev/null 2>&1 || {
  tail -20 "$tmp/list.log"; echo "equiv.sh: Yosys could not read the working tree's $top" >&2; exit 1; }
# (A renamed signal that synthesis removed, unused at these parameters, has nothing to pair.)
python3 - "$tmp/list.log" "${moved[@]}" -- "${pairs[@]}" > "$tmp/rename.ys" <<'PY'
import sys
names = {l.split("/", 1)[1] for l in open(sys.argv[1]).read().split("\n") if l.startswith("gate/")}
args = sys.argv[2:]
cut = args.index("--")
for inst in args[:cut]:
    for w in sorted(n for n in names if n.startswith(inst + ".") and "$" not in n):
        base = w[len(inst) + 1:]
        if base not in names:
            print(f"rename {w} {base}")
for pair in args[cut + 1:]:
    new, old = pair.split("=", 1)
    if new in names:
        print(f"rename {new} {old}")
PY
{
  prepare gold
  echo "design -stash gold"
  prepare gate
  echo "cd gate"
  cat "$tmp/rename.ys"
  echo "cd"
  echo "design -stash gate"
  echo "design -copy-from gold -as gold gold"
  echo "design -copy-from gate -as gate gate"
  echo "equiv_make gold gate equiv"
  echo "hierarchy -top equiv"
  echo "equiv_simple -seq 4"
  echo "equiv_induct -seq 4"
  echo "equiv_status -assert"
} > "$tmp/equiv.ys"
if yosys -q -l "$tmp/equiv.log" "$tmp/equiv.ys" >/dev/null 2>&1; then
  echo "equiv.sh: $top equal to $top at $rev ($(grep -Eo 'Of those cells [0-9]+ are proven' "$tmp/equiv.log" | tail -1 | awk '{print $4}') equivalences proven; $(wc -l < "$tmp/rename.ys") moved or renamed signals paired)"
else
  grep -E 'Unproven|ERROR' "$tmp/equiv.log" | head -20 >&2
  echo "equiv.sh: $top differs from $top at $rev, or the proof did not close (unpaired registers: --moved)" >&2
  exit 1
fi
