#!/usr/bin/env bash
# scripts/ice40_seeds.sh refuses bad arguments before it synthesizes anything: exit 2 and a message that
# names the argument.
set -uo pipefail
script="$(cd "$(dirname "$0")/../.." && pwd)/scripts/ice40_seeds.sh"
fail=0
check() {  # expected-text args...
  local want=$1 out rc
  shift
  out=$("$script" "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne 2 ] || [[ "$out" != *"$want"* ]]; then
    echo "FAIL: ice40_seeds.sh $*: exit $rc, output '$out' (want exit 2 and '$want')"
    fail=1
  fi
}
check "-j 'x': expected a positive number" -j x
check "-j '0': expected a positive number" -j 0
check "RTL directory '/nonexistent/rtl' does not exist" /nonexistent/rtl
check "has no uet_lb.f" /tmp
check "seed 'a': expected a number" 1 a
check "--pnr needs nextpnr options in one argument" --pnr
[ "$fail" = 0 ] && echo "ice40_seeds.sh: bad arguments refused"
exit "$fail"
