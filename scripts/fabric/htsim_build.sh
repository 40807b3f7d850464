#!/usr/bin/env bash
# Builds uet-htsim's htsim_uec from a checkout the user names (uet-htsim, the UEC reference simulator, is in
# no package registry; nothing of it enters this repository). CI does not need it.
#
#   scripts/fabric/htsim_build.sh CHECKOUT [BUILD_DIR]   CHECKOUT: a clone of github.com/ultraethernet/uet-htsim
#                                                        BUILD_DIR: default build-htsim/ in this repository
# Prints the path of htsim_uec on its last line, for scripts/fabric/htsim_compare.py --htsim PATH.
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: scripts/fabric/htsim_build.sh CHECKOUT [BUILD_DIR]" >&2; exit 2; }
src=$1
build=${2:-$root/build-htsim}
[ -f "$src/htsim/sim/CMakeLists.txt" ] ||
  { echo "htsim_build.sh: '$src' is not a uet-htsim checkout (no htsim/sim/CMakeLists.txt)" >&2; exit 1; }
say_why_stopped htsim_build.sh "log: $build/build.log"
mkdir -p "$build"
echo "htsim: configuring and building htsim_uec in $build (log: $build/build.log; a few minutes on two cores)" >&2
{
  cmake -S "$src/htsim/sim" -B "$build" -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build" --target htsim_uec -j2
} >"$build/build.log" 2>&1 || { tail -20 "$build/build.log" >&2; exit 1; }
bin=$(find "$build" -name htsim_uec -type f -perm -u+x | head -1)
[ -n "$bin" ] || { echo "htsim_build.sh: the build made no htsim_uec (see $build/build.log)" >&2; exit 1; }
echo "htsim: built $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "(not a git checkout)")" >&2
echo "$bin"
