#!/usr/bin/env bash
# scripts/hw/ice40_seeds.sh refuses bad arguments before it synthesizes anything: exit 2 and a message that
# names the argument.
set -uo pipefail
script="$(cd "$(dirname "$0")/../.." && pwd)/scripts/hw/ice40_seeds.sh"
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
check "--synth needs synth_ice40 options in one argument" --synth
check "--tracker 'x': expected a positive number" --tracker x
check "--tracker '0': expected a positive number" --tracker 0
check "--paths '0.0': expected a period in ns" --paths 0.0
check "--paths 'fast': expected a period in ns" --paths fast
check "RTL directory '/nonexistent/rtl' does not exist" --tracker 2 --paths 6.57 /nonexistent/rtl
[ "$fail" = 0 ] && echo "ice40_seeds.sh: bad arguments refused"
exit "$fail"
