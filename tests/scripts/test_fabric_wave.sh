#!/usr/bin/env bash
# uet-fabric --engine rtl --wave-nic: GTKWave itself (headless, under Xvfb) opens NIC 5's waveform with the
# save file the run wrote; tb/gtkwave/uetlb.tcl puts marker A at the NIC's first early failure, whose
# deadline (efd_time_o) is the time of NIC 5's first row in early-failures.csv, and marker B at the
# freezing of that failure's group (the debug port follows it), no earlier than A.
#   test_fabric_wave.sh FABRIC SOURCE_ROOT TMPDIR
set -euo pipefail
fabric=$1 root=$2 dir=$3
fail() { echo "test_fabric_wave: $*" >&2; exit 1; }
for tool in xvfb-run gtkwave; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/setup.sh installs it)"
done
rm -rf "$dir" && mkdir -p "$dir"
a2a=$root/tests/scripts/fabric_a2a_32.json  # a 32-host all-to-all, REPS, leaf0-spine1 down at 2 us
"$fabric" "$a2a" --engine rtl --wave-nic 5 --quiet --no-plots --out "$dir/run" >/dev/null
first=$(awk -F, 'NR > 1 && $2 == 5 { print $1; exit }' "$dir/run/early-failures.csv")
[ -n "$first" ] || fail "NIC 5 had no early failure to mark"
cat > "$dir/check.tcl" <<'TCL'
source [file join $::env(UETLB_ROOT) tb gtkwave uetlb.tcl]
foreach m {A B} {
  if {![dict exists $uetlb_marks $m]} { puts "fabric_wave: FAIL: no marker $m"; exit 1 }
}
set a [dict get $uetlb_marks A]
set b [dict get $uetlb_marks B]
puts "fabric_wave: A $a B $b deadline [uetlb_value_at efd_time_o $a] group [uetlb_value_at efd_group_o $a] debug [uetlb_value_at dbg_group_i $b]"
exit 0
TCL
log=$dir/gtkwave.log
UETLB_ROOT=$root timeout 120 xvfb-run -a -s "-screen 0 1600x1000x24" gtkwave -S "$dir/check.tcl" \
  "$dir/run/nic-5.fst" "$dir/run/nic-5.gtkw" >"$log" 2>&1 || fail "GTKWave failed (log: $log)"
line=$(grep '^fabric_wave:' "$log") || fail "GTKWave printed nothing (log: $log)"
grep -q FAIL <<<"$line" && fail "${line#fabric_wave: }"
read -r _ _ a _ b _ deadline _ group _ debug <<<"$line"
[ "$deadline" = "$first" ] || fail "marker A's deadline is $deadline ns, NIC 5's first early failure is at $first ns"
[ "$b" -ge "$a" ] || fail "marker B ($b) is before marker A ($a)"
[ "$debug" = "$group" ] || fail "at marker B the debug port shows group $debug, not the early failure's $group"
echo "test_fabric_wave: marker A at NIC 5's first early failure ($first ns), B at group $group's freezing"
