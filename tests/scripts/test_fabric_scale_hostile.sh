#!/usr/bin/env bash
# scripts/fabric/fabric_scale.py against a folder as --fabric and a link as --plot: one line each, before
# any run, and nothing written through the link (issue 69).
# usage: test_fabric_scale_hostile.sh UET_FABRIC TMPDIR
set -u
fabric=$1 tmp=$2
scale=$(cd "$(dirname "$0")/../../scripts/fabric" && pwd)/fabric_scale.py
rm -rf "$tmp" && mkdir -p "$tmp" && cd "$tmp" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect() {  # expect STATUS MESSAGE -- COMMAND...
  local want=$1 msg=$2
  shift 3
  local err status
  err=$(timeout 60 "$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != "$want" ] || [[ "$err" != *"$msg"* ]] || [[ "$err" == *Traceback* ]]; then
    fail "$* -> exit $status (want $want), stderr: $err (want: $msg)"
  fi
}
echo keep > victim
expect 2 "--fabric: '$tmp' is not an executable" -- python3 "$scale" --fabric "$tmp" --k 4
ln -s victim plot.png
expect 2 "--plot: 'plot.png' exists and is not a regular file" -- python3 "$scale" --fabric "$fabric" --k 4 --plot plot.png
[ "$(cat victim)" = keep ] || fail "fabric_scale.py wrote its plot through a link"
expect 2 "--plot: 'nodir/p.png': its folder does not exist" -- python3 "$scale" --fabric "$fabric" --k 4 --plot nodir/p.png
if [ "$fails" -ne 0 ]; then
  echo "test_fabric_scale_hostile: $fails failed"
  exit 1
fi
echo "test_fabric_scale_hostile: all passed"
