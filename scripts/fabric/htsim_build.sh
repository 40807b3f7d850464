#!/usr/bin/env bash
# Builds uet-htsim's htsim_uec from a checkout the user names (uet-htsim, the UEC reference simulator, is in
# no package registry; nothing of it enters this repository). CI does not need it. It builds a copy of the
# checkout's htsim/ (BUILD_DIR/uet-htsim-patched), patched by scripts/fabric/htsim_patch.py with this
# project's own lines: the options -uetlb_blackhole, -uetlb_freezing and -uetlb_freeze_exit_us that
# htsim_compare.py --freezing uses (without them htsim_uec behaves as shipped). The checkout is not changed.
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
copy=$build/uet-htsim-patched
if [ -e "$copy" ]; then
  # Only a copy this script made (the patch's header in it) is replaced.
  [ -f "$copy/htsim/sim/uetlb_patch.h" ] ||
    { echo "htsim_build.sh: '$copy' exists and is not a patched copy this script made; move it away" >&2; exit 1; }
  rm -rf "$copy"
fi
mkdir -p "$copy"
cp -a "$src/htsim" "$copy/"
"$root/scripts/fabric/htsim_patch.py" "$copy"
echo "htsim: configuring and building htsim_uec in $build (log: $build/build.log; a few minutes on two cores)" >&2
{
  cmake -S "$copy/htsim/sim" -B "$build" -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build" --target htsim_uec -j"${UETLB_JOBS:-2}"
} >"$build/build.log" 2>&1 || { tail -20 "$build/build.log" >&2; exit 1; }
bin=$(find "$build" -name htsim_uec -type f -perm -u+x | head -1)
[ -n "$bin" ] || { echo "htsim_build.sh: the build made no htsim_uec (see $build/build.log)" >&2; exit 1; }
echo "htsim: built $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo "(not a git checkout)") with uet-lb's patch" >&2
echo "$bin"
