#!/usr/bin/env bash
# scripts/fabric/lost_by_decision.py on the default scenario's REPS run (leaf0-spine1 fails at 5 us): every
# data packet failed-link-drops.csv lists is joined to its transmission, the per-decision counts add up to
# summary.csv's drops_failed_link_data, and a run without uet-monitor.csv is refused in one line.
#   test_lost_by_decision.sh FABRIC TMPDIR
set -euo pipefail
fabric=$1 dir=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "test_lost_by_decision: $*" >&2; exit 1; }
rm -rf "$dir" && mkdir -p "$dir"
"$fabric" --quiet --no-plots --out "$dir/run" >/dev/null
reps=$dir/run/reps
col() { awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i } NR == 2 { print $k }' "$reps/summary.csv"; }
lost=$(col drops_failed_link_data)
[ "$lost" -gt 0 ] || fail "the default scenario lost no data packet on its failed link"
out=$("$here/scripts/fabric/lost_by_decision.py" "$reps")
sum=$(awk -F'|' '/^\| (reuse|replay|explore) / { s += $4 } END { print s + 0 }' <<<"$out")
[ "$sum" = "$lost" ] || fail "the decisions' lost packets add up to $sum, summary.csv says $lost:\n$out"
grep -q "($lost of $lost lost packets" <<<"$out" || fail "not every lost packet was joined:\n$out"
rm "$reps/uet-monitor.csv"
if err=$("$here/scripts/fabric/lost_by_decision.py" "$reps" 2>&1); then fail "ran without uet-monitor.csv"; fi
[ "$(wc -l <<<"$err")" -eq 1 ] && grep -q "uet-monitor.csv does not exist" <<<"$err" || fail "unclear error: $err"
echo "test_lost_by_decision: $lost lost packets, each joined to its decision"
