#!/usr/bin/env bash
# cmake --build BUILD_DIR [ARGS...], run a second time when Verilator renamed its generated files:
#   scripts/lib/cmake_build.sh BUILD_DIR [ARGS...]
# verilate() (the CMake function of Verilator 5.006) takes the list of a model's generated C++ files from
# a file Verilator writes, read when CMake configures. Verilator names some of those files by a hash, so
# an RTL change can rename them; the build that re-runs Verilator then still compiles the old list and
# fails to link (undefined reference to `V..._eval`). It also refreshes the list file, so the next build
# re-configures and succeeds. This script runs that next build only when a list file is newer than the
# last configure; any other failure stops here.
set -uo pipefail
build=$1
if cmake --build "$@"; then
  exit 0
fi
stamp="$build/CMakeFiles/Makefile.cmake"          # rewritten at each configure (Makefile generators)
[ -f "$stamp" ] || stamp="$build/build.ninja"      # the same for Ninja
if [ -f "$stamp" ] && [ -n "$(find "$build" -name '*_copy.cmake' -newer "$stamp" -print -quit)" ]; then
  echo "cmake_build.sh: Verilator renamed generated files after the last configure; building again" >&2
  exec cmake --build "$@"
fi
exit 1
