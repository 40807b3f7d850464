#!/usr/bin/env bash
# Configures and builds the project in build/ (or $UETLB_BUILD_DIR), installing missing tools first.
# Reuses the build directory, so repeated calls are incremental.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/lib/common.sh"
# With UETLB_BUILD_LOG=FILE the configure and compiler output goes to FILE: one line says what is built
# and where the log is, and a failure prints the log's last lines.
"$root/scripts/setup.sh"
build=${UETLB_BUILD_DIR:-$root/build}
log=${UETLB_BUILD_LOG:-}
steps() {
  if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  elif [ $# -gt 0 ]; then
    cmake "$build" "$@" >/dev/null
  fi
  "$root/scripts/lib/cmake_build.sh" "$build" -j"${UETLB_JOBS:-2}"
}
if [ -z "$log" ]; then
  steps "$@"
  exit 0
fi
mkdir -p "$(dirname "$log")"
echo "build: ${build#"$root"/}/ (compiler output in ${log#"$root"/})"
start=$SECONDS
if ! steps "$@" >"$log" 2>&1; then
  echo "build: FAILED; the last lines of $log:" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
echo "build: done in $((SECONDS - start)) s"
