#!/usr/bin/env bash
# The installed package works for another project: installs BUILD_DIR into a fresh prefix, builds
# tests/package (find_package(uetlb)) against it, runs it and the installed uetlb-run.
#   scripts/release/package_check.sh BUILD_DIR WORK_DIR
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
[ $# -eq 2 ] || { echo "usage: scripts/release/package_check.sh BUILD_DIR WORK_DIR" >&2; exit 2; }
build=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
cmake -S "$root/tests/package" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/configure.log"
cmake --build "$work/consumer" -j2 >"$work/build.log"
"$work/consumer/consumer"
"$work/prefix/bin/uetlb-run" --config "$root/tests/vectors/v01_default.json" \
  --stimulus "$root/tests/vectors/v01_default.csv" --trace "$work/trace.csv" --quiet
cmp -s "$work/trace.csv" "$root/tests/vectors/v01_default.trace.csv" || {
  echo "package_check.sh: the installed uetlb-run's trace of v01 differs from tests/vectors/v01_default.trace.csv"; exit 1; }
echo "package_check.sh: installed to $work/prefix; an outside project built against find_package(uetlb) runs; uetlb-run reproduces v01"
