#!/usr/bin/env bash
# uet-chakra-gen writes traces the fabric runs: 16 ranks, an all-reduce after a compute node, twice; every
# rank's collectives complete. It refuses to overwrite a trace and rejects bad options with exit 2; it
# answers --help and creates a missing output folder. The fabric's --no-monitor leaves uet-monitor.csv out (an earlier run's is removed) and changes no other record.
#   test_chakra_gen.sh GEN FABRIC TMPDIR
set -euo pipefail
gen=$1 fabric=$2 dir=$3
fail() { echo "test_chakra_gen: $*" >&2; exit 1; }
rm -rf "$dir" && mkdir -p "$dir"
"$gen" --ranks 16 --collective all_reduce --bytes 65536 --iterations 2 --compute-us 3 --out "$dir/ar" >/dev/null
[ "$(ls "$dir"/ar.*.et | wc -l)" -eq 16 ] || fail "expected 16 rank files"
cat > "$dir/s.json" <<JSON
{"Workload": "chakra", "ChakraTraces": "ar", "Nic": {"PacketSprayingType": "Recycled Entropy Packet Spraying"}}
JSON
"$fabric" "$dir/s.json" --quiet --no-plots --out "$dir/out" >/dev/null
rows=$(tail -n +2 "$dir/out/collectives.csv" | wc -l)
[ "$rows" -eq 32 ] || fail "collectives.csv has $rows rows, expected 32 (16 ranks x 2 iterations)"
# Every collective finished, and the second began after the first ended plus the compute node's 3 us.
awk -F, 'NR > 1 && $9 != 1 { bad = 1 } END { exit bad }' "$dir/out/collectives.csv" || fail "a collective did not finish"
awk -F, 'NR > 1 { n[$1]++; if (n[$1] == 1) end1[$1] = $8; else if ($7 < end1[$1] + 3000) bad = 1 }
         END { exit bad }' "$dir/out/collectives.csv" || fail "a second all-reduce began before the first + 3 us"
[ -s "$dir/out/uet-monitor.csv" ] || fail "no uet-monitor.csv without --no-monitor"
cp -r "$dir/out" "$dir/with-monitor"
"$fabric" "$dir/s.json" --quiet --no-plots --no-monitor --out "$dir/out" >/dev/null
[ ! -e "$dir/out/uet-monitor.csv" ] || fail "--no-monitor left uet-monitor.csv (an earlier run's) in place"
for f in messages.csv collectives.csv chakra-nodes.csv uet-transport-stats.csv; do
  cmp -s "$dir/out/$f" "$dir/with-monitor/$f" || fail "--no-monitor changed $f"
done
# (all but column 26, wall_seconds)
cmp -s <(cut -d, -f1-25,27- "$dir/out/summary.csv") <(cut -d, -f1-25,27- "$dir/with-monitor/summary.csv") ||
  fail "--no-monitor changed summary.csv"
sum=$(md5sum "$dir/ar.0.et")
if "$gen" --ranks 16 --collective all_reduce --bytes 1 --out "$dir/ar" 2>/dev/null; then fail "overwrote a trace"; fi
[ "$(md5sum "$dir/ar.0.et")" = "$sum" ] || fail "a refused run changed ar.0.et"
for bad in "--ranks 1 --collective all_reduce --bytes 1 --out $dir/x" \
           "--ranks 4 --collective gather --bytes 1 --out $dir/x" \
           "--ranks 4 --collective all_reduce --bytes 0 --out $dir/x" \
           "--ranks 4 --collective all_reduce --bytes 1"; do
  set +e
  # shellcheck disable=SC2086
  "$gen" $bad 2>/dev/null
  rc=$?
  set -e
  [ "$rc" -eq 2 ] || fail "'$bad' exited $rc, expected 2"
done
[ ! -e "$dir/x.0.et" ] || fail "a refused command line wrote a file"
# --help answers on standard output with exit 0 and says that --bytes is per rank.
help=$("$gen" --help) || fail "--help exited non-zero"
grep -q -- "--bytes B *per rank, not per pair" <<<"$help" || fail "--help does not say what --bytes is"
# A missing folder in --out is created, parents included, as the fabric creates its records folder.
"$gen" --ranks 2 --collective all_to_all --bytes 8 --out "$dir/new/deeper/a2a" >/dev/null ||
  fail "--out in a missing folder was refused"
[ -s "$dir/new/deeper/a2a.1.et" ] || fail "--out in a missing folder wrote no rank file"
echo "test_chakra_gen: passed"
