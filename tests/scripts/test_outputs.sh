#!/usr/bin/env bash
# The programs' outputs and limits: none writes onto an input, another output, a folder or a device; a missing
# folder is named; the fabric creates its records folder with its parents. Exit 2 for a bad command line,
# 1 for a failed write, a file in the way or a run that cannot fit.
# usage: test_outputs.sh UETLB_RUN UET_FABRIC [UETLB_TB] STIMULUS TMPDIR
set -u
run=$1 fabric=$2 tb=$3 stim=$4 tmp=$5
rm -rf "$tmp" && mkdir -p "$tmp" && cd "$tmp" || exit 1
fails=0

# expect STATUS MESSAGE -- COMMAND...: the command exits STATUS and its standard error contains MESSAGE.
expect() {
  local want=$1 msg=$2
  shift 3
  local err status
  err=$("$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != "$want" ] || [[ "$err" != *"$msg"* ]]; then
    echo "FAIL: $* -> exit $status (want $want), stderr: $err (want: $msg)"
    fails=$((fails + 1))
  fi
}

cp "$stim" in.csv
cp in.csv in.keep
expect 2 "are one file: the output would overwrite the input" -- "$run" --stimulus in.csv --trace in.csv
cmp -s in.csv in.keep || { echo "FAIL: the stimulus was changed"; fails=$((fails + 1)); }
expect 2 "are one file: two outputs would interleave" -- "$run" --stimulus in.csv --trace t.csv --monitor ./t.csv
ln -s in.csv link.csv
expect 2 "are one file" -- "$run" --stimulus in.csv --trace link.csv
expect 2 "its folder 'nodir' does not exist" -- "$run" --stimulus in.csv --trace nodir/t.csv
expect 2 "is a folder, not a file" -- "$run" --stimulus in.csv --trace .
expect 2 "--trace '' names no file" -- "$run" --stimulus in.csv --trace ''
expect 2 "--config given twice" -- "$run" --config a.json --config b.json --stimulus in.csv --trace t.csv
expect 1 "write failed" -- "$run" --stimulus in.csv --trace /dev/full
ln -s /dev/full full.csv
expect 1 "write failed" -- "$run" --stimulus in.csv --trace t.csv --monitor full.csv
[ -e t.csv ] && { echo "FAIL: a failed run left its trace"; fails=$((fails + 1)); }
expect 0 "" -- "$run" --stimulus in.csv --trace /dev/null --quiet
expect 0 "" -- "$run" --stimulus in.csv --trace /dev/null --monitor /dev/null --quiet
ls ./*.partial-* >/dev/null 2>&1 && { echo "FAIL: a temporary file was left"; fails=$((fails + 1)); }

# The fabric: --out '' is refused; missing parents are created; a file in the way is named.
expect 2 "--out '' names no folder" -- "$fabric" --out ''
expect 0 "" -- "$fabric" --quiet --no-plots --out a/b/c
[ -f a/b/c/reps/uet-monitor.csv ] || { echo "FAIL: --out a/b/c made no records"; fails=$((fails + 1)); }
touch afile
expect 1 "'afile' exists and is not a folder" -- "$fabric" --quiet --no-plots --out afile/x
# messages.csv is written by a thread of its own as the run goes: a failed write still fails the run.
echo '{"Topology":"fat-tree","K":4,"Nic":{"PacketSprayingType":"Recycled Entropy Packet Spraying"}}' > one.json
mkdir full && ln -s /dev/full full/messages.csv
expect 1 "record 'full/messages.csv': write failed" -- "$fabric" one.json --quiet --no-plots --out full

# Sizes that cannot fit are refused up front with the memory they need.
echo '{"Topology":"fat-tree","K":64,"MessageBytes":1073741824}' > huge.json
expect 1 "the run needs at least" -- "$fabric" huge.json --quiet --no-plots --out huge

# Waveforms: a device or a folder given as --wave is refused before anything is written.
if [ -n "$tb" ]; then
  expect 2 "exists and is not a regular file" -- "$tb" --cycles 100 --wave /dev/null
  [ -c /dev/null ] || { echo "FAIL: /dev/null is no longer a device"; fails=$((fails + 1)); }
  expect 2 "its folder 'nodir' does not exist" -- "$tb" --cycles 100 --coverage-out nodir/c.json
  expect 2 "are one file" -- "$tb" --cycles 100 --wave w.fst --coverage-out w.fst
  echo "{}" > c.json
  expect 2 "--config given twice" -- "$tb" --config c.json --config c.json
  expect 2 "is not +verilator+rand+reset+0|1|2 or +verilator+seed+N" -- "$tb" --cycles 100 +verilator+seed+abc
  expect 2 "exists and is not a regular file" -- "$run" --engine rtl --stimulus in.csv --trace t.csv --wave /dev/null
  # The RTL engine's checked build is an option of that engine alone; with it the trace is the fast build's.
  expect 2 "--rtl-checks needs --engine rtl" -- "$run" --rtl-checks --stimulus in.csv --trace t.csv
  expect 2 "--rtl-checks needs --engine rtl" -- "$fabric" --rtl-checks --quiet --no-plots --out x
  expect 0 "" -- "$run" --engine rtl --stimulus in.csv --trace fast.csv --quiet
  expect 0 "" -- "$run" --engine rtl --rtl-checks --stimulus in.csv --trace checked.csv --quiet
  cmp -s fast.csv checked.csv || { echo "FAIL: the checked build's trace differs from the fast build's"; fails=$((fails + 1)); }
fi

if [ "$fails" -ne 0 ]; then
  echo "test_outputs: $fails failed"
  exit 1
fi
echo "test_outputs: all passed"
