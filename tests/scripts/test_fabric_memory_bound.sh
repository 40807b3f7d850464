#!/usr/bin/env bash
# uet-fabric on a run whose state grows without end: a host cut off for good (its leaf's only uplink fails
# and routing removes it), packets retransmitted every RTO until a far MaxTime. The run must stop with one
# line naming what it held and what to change, exit 1, within seconds, not grow until the machine runs out
# (issue 69). UETSIM_MEMORY_LIMIT_MIB lowers the bound (three quarters of the machine's memory) for the test.
# usage: test_fabric_memory_bound.sh UET_FABRIC TMPDIR
set -u
fabric=$1 tmp=$2
rm -rf "$tmp" && mkdir -p "$tmp" && cd "$tmp" || exit 1
cat > grow.json <<'JSON'
{"Topology": "leaf-spine", "Leaves": 2, "Spines": 1, "HostsPerLeaf": 4, "Workload": "permutation",
 "MessageBytes": 67108864, "LinkFailures": [{"From": "leaf0", "To": "spine0", "At": "1us"}],
 "MaxTime": "1000s", "Rto": "10us"}
JSON
# (No address-space limit as a safety net: the sanitizer build cannot start under one; timeout is the net.)
err=$(UETSIM_MEMORY_LIMIT_MIB=160 timeout 120 "$fabric" grow.json --quiet --no-plots --out out 2>&1 >/dev/null)
status=$?
if [ "$status" != 1 ] || [[ "$err" != *"the run holds"*"MiB"*"MaxTime"* ]]; then
  echo "FAIL: exit $status (want 1), stderr: $err"
  exit 1
fi
# Nothing that looks like a result is left behind.
if [ -e out/summary.csv ]; then
  echo "FAIL: a stopped run left out/summary.csv"
  exit 1
fi
echo "test_fabric_memory_bound.sh: stopped with: $err"
