#!/usr/bin/env bash
# scripts/fabric/fabric_scale.py on its smallest sizes: a k = 4 permutation (16 hosts, every message done)
# and a 16-rank Chakra ring all-reduce (every one of its 480 messages done).
#   test_fabric_scale.sh FABRIC
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$("$root/scripts/fabric/fabric_scale.py" --k 4 --ring 16 --fabric "$1" 2>/dev/null)
fail() { echo "test_fabric_scale: $*" >&2; echo "$out" >&2; exit 1; }
grep -qE '^[|] 16 [|] 4 [|] 16 [|]' <<<"$out" || fail "no row with 16 hosts, k = 4, 16 messages done"
grep -qE '^[|] 16 [|] 4 [|] 480 of 480 [|]' <<<"$out" || fail "no ring row with 16 ranks and 480 of 480 messages done"
echo "test_fabric_scale: the permutation and the ring rows are there, every message done"
