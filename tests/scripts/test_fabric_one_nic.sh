#!/usr/bin/env bash
# One NIC of a fabric run, closer: --export-nic writes its load balancer's calls and configuration, which
# uetlb-run replays to the same decisions (NIC 5's uet-monitor rows); with the RTL engine (third argument
# "rtl"): the fabric's core holds a 32-host all-to-all's 31 peers per NIC (the RTL build behind uetlb-run
# holds 16) with records identical to the model's, --check refuses a 2048-host all-to-all naming the
# build's limit and how to raise it, and --wave-nic writes NIC 5's waveform with a save file whose every
# signal is in it.
#   test_fabric_one_nic.sh FABRIC UETLB_RUN SOURCE_ROOT TMPDIR [rtl]
set -euo pipefail
fabric=$1 run=$2 root=$3 dir=$4 mode=${5:-model}
fail() { echo "test_fabric_one_nic: $*" >&2; exit 1; }
rm -rf "$dir" && mkdir -p "$dir"
a2a=$root/tests/scripts/fabric_a2a_32.json  # a 32-host all-to-all, REPS, leaf0-spine1 down at 2 us
# NIC 5's calls replayed by uetlb-run: the same decisions, packet for packet.
"$fabric" "$a2a" --quiet --no-plots --export-nic 5 --out "$dir/model" >/dev/null
"$run" --config "$dir/model/nic-5.config.json" --stimulus "$dir/model/nic-5.stimulus.csv" --trace "$dir/t5.csv" \
  --monitor "$dir/m5.csv" --quiet
key() { awk -F, -v nic="$2" 'NR > 1 && (nic == "" || $2 == nic) { print $1","$3","$4","$5","$6","$7 }' "$1"; }
[ "$(key "$dir/model/uet-monitor.csv" 5 | wc -l)" -gt 100 ] || fail "NIC 5 sent too few packets to compare"
cmp -s <(key "$dir/model/uet-monitor.csv" 5) <(key "$dir/m5.csv" "") ||
  fail "uetlb-run's replay of NIC 5's stimulus decided otherwise than the fabric"
# Its early failures, too: those of the replay's trace are the fabric's early-failures.csv rows of NIC 5.
[ "$(awk -F, 'NR > 1 && $2 == 5' "$dir/model/early-failures.csv" | wc -l)" -gt 0 ] || fail "NIC 5 had no early failure"
cmp -s <(awk -F, 'NR > 1 && $2 == 5 { print $1","$3","$4","$5 }' "$dir/model/early-failures.csv") \
       <(awk -F, '$4 == "efd" { print $2","$3","$6","$5 }' "$dir/t5.csv") ||
  fail "the replay's early failures differ from the fabric's for NIC 5"
if "$fabric" "$a2a" --export-nic 32 --out "$dir/x" 2>"$dir/err"; then fail "--export-nic 32 of 32 NICs accepted"; fi
grep -q "the scenario has 32 NICs, 0..31" "$dir/err" || fail "--export-nic 32: $(cat "$dir/err")"
if [ "$mode" = rtl ]; then
  "$fabric" "$a2a" --check --engine rtl >"$dir/check" || fail "--check --engine rtl refused a 32-host all-to-all"
  grep -q "groups hold the most any NIC needs (NIC 0 sends to 31 peers" "$dir/check" || fail "--check: $(cat "$dir/check")"
  "$fabric" "$a2a" --quiet --no-plots --engine rtl --wave-nic 5 --out "$dir/rtl" >/dev/null
  for f in uet-monitor.csv messages.csv early-failures.csv uet-transport-stats.csv; do
    cmp -s "$dir/model/$f" "$dir/rtl/$f" || fail "the RTL engine's $f differs from the model's"
  done
  [ -s "$dir/rtl/nic-5.fst" ] || fail "--wave-nic 5 wrote no nic-5.fst"
  python3 "$root/scripts/gen/check_gtkw.py" "$dir/rtl/nic-5.fst" "$dir/rtl/nic-5.gtkw" >/dev/null ||
    fail "nic-5.gtkw names signals nic-5.fst lacks"
  printf '{"Leaves": 16, "Spines": 16, "HostsPerLeaf": 128, "Workload": "all-to-all", "MessageBytes": 4096}\n' \
    > "$dir/big.json"
  if "$fabric" "$dir/big.json" --check --engine rtl 2>"$dir/err"; then fail "--check accepted 2047 peers per NIC"; fi
  grep -q "NIC 0 sends to 2047 peers, a group each: more than the RTL build's 1024 groups (NumGroups, CMake variable UETSIM_RTL_GROUPS; raise it with cmake -DUETSIM_RTL_GROUPS=2048" "$dir/err" ||
    fail "--check on 2047 peers: $(cat "$dir/err")"
fi
if [ "$mode" = rtl ]; then
  echo "test_fabric_one_nic: NIC 5's stimulus replays to the same decisions; the fabric's RTL engine holds 31 peers with the model's records; --check names the group limit; --wave-nic writes a complete save file"
else
  echo "test_fabric_one_nic: NIC 5's stimulus replays to the same decisions and early failures"
fi
