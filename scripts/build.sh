#!/usr/bin/env bash
# Configures and builds the project in build/ (or $UETLB_BUILD_DIR), installing missing tools first.
# Reuses the build directory, so repeated calls are incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build=${UETLB_BUILD_DIR:-$root/build}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
elif [ $# -gt 0 ]; then
  cmake "$build" "$@" >/dev/null
fi
"$root/scripts/cmake_build.sh" "$build" -j"${UETLB_JOBS:-2}"
