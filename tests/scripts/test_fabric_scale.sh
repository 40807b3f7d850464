#!/usr/bin/env bash
# scripts/fabric/fabric_scale.py on its smallest sizes: a k = 4 permutation (16 hosts, every message done)
# and a 16-rank Chakra ring all-reduce run twice (every one of its 480 messages done, the runs agreeing; the
# fastest reported with the slowest); --ring-runs 0 refused.
#   test_fabric_scale.sh FABRIC
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$("$root/scripts/fabric/fabric_scale.py" --k 4 --ring 16 --ring-runs 2 --fabric "$1" 2>/dev/null)
fail() { echo "test_fabric_scale: $*" >&2; echo "$out" >&2; exit 1; }
grep -qE '^[|] 16 [|] 4 [|] 16 [|]' <<<"$out" || fail "no row with 16 hosts, k = 4, 16 messages done"
grep -qE '^[|] 16 [|] 4 [|] 480 of 480 [|] [0-9,]+ [|] [0-9.]+ [(]2[)] [|] [0-9.]+ [|]' <<<"$out" ||
  fail "no ring row with 16 ranks, 480 of 480 messages done, the fastest of 2 runs and the slowest"
set +e
bad=$("$root/scripts/fabric/fabric_scale.py" --k 4 --ring-runs 0 --fabric "$1" 2>&1)
status=$?
set -e
[ "$status" -eq 2 ] && grep -q -- "--ring-runs: 0: at least one run" <<<"$bad" || fail "--ring-runs 0 not refused: $bad"
echo "test_fabric_scale: the permutation and the ring rows are there, every message done; --ring-runs 0 refused"
