#!/usr/bin/env bash
# uet-fabric restarts itself with glibc's heap on transparent huge pages (sim/src/main.cpp); the pages
# back the memory and change nothing else: the default scenario's records (three spraying types) are the
# same byte for byte with UETSIM_SMALL_PAGES set, but for the wall time in the summaries.
#   test_fabric_pages.sh FABRIC TMPDIR
set -euo pipefail
fabric=$1 dir=$2
fail() { echo "test_fabric_pages: $*" >&2; exit 1; }
# summary.csv without its wall_seconds column (found by name in the header row).
no_wall() { awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "wall_seconds") w = i } { if (w) $w = ""; print }' "$1"; }
rm -rf "$dir" && mkdir -p "$dir"
"$fabric" --quiet --no-plots --out "$dir/huge" >/dev/null
UETSIM_SMALL_PAGES=1 "$fabric" --quiet --no-plots --out "$dir/small" >/dev/null
n=0
while IFS= read -r f; do
  rel=${f#"$dir/huge/"}
  [ -f "$dir/small/$rel" ] || fail "$rel written with huge pages only"
  if [ "$(basename "$rel")" = summary.csv ]; then  # (but for its wall time)
    head -1 "$f" | grep -q '\(^\|,\)wall_seconds\(,\|$\)' || fail "$rel has no wall_seconds column"
    cmp -s <(no_wall "$f") <(no_wall "$dir/small/$rel") || fail "$rel differs"
  elif [ "$(basename "$rel")" = summary.txt ]; then  # (", wall S s" after the event count)
    cmp -s <(sed 's/, wall [^ ]* s//' "$f") <(sed 's/, wall [^ ]* s//' "$dir/small/$rel") || fail "$rel differs"
  else
    cmp -s "$f" "$dir/small/$rel" || fail "$rel differs"
  fi
  n=$((n + 1))
done < <(find "$dir/huge" -name '*.csv' -o -name '*.txt' | sort)
[ "$n" -ge 15 ] || fail "only $n records compared"
echo "test_fabric_pages: $n records the same with and without huge pages"
