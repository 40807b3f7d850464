#!/bin/sh
# A CMake compiler launcher that compiles with another C++ compiler: CMake runs it as
#   other_cxx.sh OTHER CONFIGURED ARGS...
# and it runs OTHER ARGS... (the configured compiler's flags, which clang++ and g++ share for these
# targets). rtl/CMakeLists.txt uses it for the Verilated models (UETLB_VERILATED_CXX).
other=$1
shift 2
exec "$other" "$@"
