#!/usr/bin/env bash
# Formal proofs with Yosys 0.23 (read_verilog -formal) and yosys-smtbmc (z3 by default).
#   scripts/formal.sh [fast|all|NAME ...]
# Each proof: bounded model checking from reset to the given depth, then k-induction where it converges.
# A failing proof leaves its counterexample as build-formal/NAME/trace.vcd (open with gtkwave).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rtl=${UETLB_RTL_DIR:-$root/rtl}  # the RTL to prove (scripts/formal_mutants.sh points it at a mutated copy)
work=${UETLB_FORMAL_DIR:-$root/build-formal}
mkdir -p "$work"

# name | top[,PARAM=VALUE...] | files (@core: every module of rtl/uet_lb.f) | bmc depth | induction depth (0: BMC only) | fast (in CI) | scope
#   [| first step checked | solver | covers]
# scope "own": only the harness's assertions (the blocks' own assertions are removed first, as they are
# proven in their own harnesses and checked in every simulation); "all": every assertion in the design.
# First step checked (default 0): 1 skips the reset cycle itself, where registers are still arbitrary (the
# core's synchronous reset defines them at the first edge) and a block's assertions on them mean nothing.
# Solver (default z3): the pipelined core is proven with cvc4, as z3 did not finish its step 0 in 5 minutes
# (boolector fails in yosys-smtbmc 0.23 on this model). UETLB_SMT_SOLVER overrides every proof's solver.
# Covers (default check): a harness's cover statements must all be reached within the BMC depth; "skip"
# where another proof of the same harness reaches them (pipe_all is too slow past 5 steps).
# Speed "fast" runs in CI (scripts/formal.sh fast, CTest rtl_formal_fast, under 5 minutes in all); "full"
# only in scripts/formal.sh all (none at present). The cache keeps its count as the pointers plus a full
# flag, so no group state bit is redundant: a redundant bit, arbitrary in the RAM until a group opens,
# once took pipe from about 85 s to 215 s.
proofs=(
  "cache|fv_cache|uet_lb_cache.sv formal/fv_cache.sv|12|8|fast|all"
  "window|fv_window|uet_lb_window.sv formal/fv_window.sv|40|4|fast|all"
  "rr|fv_rr|uet_lb_rr.sv formal/fv_rr.sv|1|1|fast|all"
  "time|fv_time|formal/fv_time.sv|1|1|fast|all"
  "top|fv_core,Pipelined=0|@core formal/fv_core.sv|16|4|fast|own"
  "pipe|fv_core,Pipelined=1|@core formal/fv_core.sv|8|0|fast|own|1|cvc4"
  "pipe_all|fv_core,Pipelined=1|@core formal/fv_core.sv|5|0|fast|all|1|cvc4|skip"
  "group|fv_group|uet_lb_cache.sv uet_lb_freeze.sv uet_lb_window.sv uet_lb_rr.sv uet_lb_group.sv formal/fv_group.sv|10|6|fast|all"
  "split|fv_split|uet_lb_cache.sv uet_lb_freeze.sv uet_lb_window.sv uet_lb_rr.sv uet_lb_group.sv uet_lb_group_look.sv uet_lb_group_apply.sv formal/fv_split.sv|1|0|fast|own|0|sat"
  "split_narrow|fv_split,BufBitsMax=2,TsWidth=16,WindowWidth=5|uet_lb_cache.sv uet_lb_freeze.sv uet_lb_window.sv uet_lb_rr.sv uet_lb_group.sv uet_lb_group_look.sv uet_lb_group_apply.sv formal/fv_split.sv|1|0|fast|own|0|sat"
)

# Yosys's sat writes its counterexample with every signal outside the module's scope, named with a
# leading backslash, beside function-local temporaries named after the source path: put the signals in
# the top's scope under their plain names (as the smtbmc traces have them) and drop the temporaries.
tidy_sat_vcd() {  # vcd top
  python3 - "$1" "$2" <<'PY'
import sys
path, top = sys.argv[1], sys.argv[2]
head, body = open(path).read().split("$enddefinitions $end", 1)
hdr, vars_ = [], []
for line in head.splitlines():
    if line.startswith("$var"):
        parts = line.split()
        if "func_" in parts[4] or "." in parts[4]:
            continue
        parts[4] = parts[4].lstrip("\\")
        vars_.append(" ".join(parts))
    elif not line.startswith(("$scope", "$upscope")):
        hdr.append(line)
ids = {v.split()[3] for v in vars_}
def kept(line):  # a value change of a signal kept (b<bits> <id>, or <bit><id>), or anything else
    if line.startswith(("b", "r")):
        return line.split()[-1] in ids
    if line[:1] in ("0", "1", "x", "z"):
        return line[1:] in ids
    return True
body = "\n".join(l for l in body.splitlines() if kept(l))
open(path, "w").write("\n".join(hdr + [f"$scope module {top} $end"] + vars_ + ["$upscope $end", "$enddefinitions $end"]) + body + "\n")
PY
}

run_proof() {
  local name=$1 top=$2 files=$3 depth=$4 kdepth=$5 scope=$6 first=${7:-0} solver=${8:-z3}
  [ "$solver" = sat ] || solver=${UETLB_SMT_SOLVER:-$solver}
  local covers=${9:-check}
  local dir="$work/$name"
  mkdir -p "$dir"
  local srcs=""
  for f in $files; do
    if [ "$f" = "@core" ]; then  # every module of the core (rtl/uet_lb.f; the package is read anyway)
      for c in $(grep -v '_pkg\.sv$' "$rtl/uet_lb.f"); do srcs="$srcs $rtl/$c"; done
    else
      srcs="$srcs $rtl/$f"
    fi
  done
  # Parameters of the top (the harness of both cores selects one with Pipelined).
  local params="" kv p
  IFS=',' read -ra kv <<<"$top"
  top=${kv[0]}
  for p in "${kv[@]:1}"; do params="$params chparam -set ${p%%=*} ${p#*=} $top;"; done
  local strip=""
  [ "$scope" = own ] && strip="hierarchy -top $top; proc; chformal -remove *uet_lb*; flatten;"
  if [ "$solver" = sat ]; then  # a combinational harness: one SAT query over every input value
    local t0=$SECONDS chf=""
    [ "$scope" = own ] && chf="chformal -remove *uet_lb*;"
    if ! yosys -q -l "$dir/yosys.log" -p "read_verilog -formal -sv $rtl/uet_lb_pkg.sv $srcs; $params \
        hierarchy -top $top; proc; $chf flatten; opt -fast; \
        sat -prove-asserts -set-assumes -show-public -dump_vcd $dir/trace.vcd -timeout 300" >/dev/null 2>&1; then
      echo "formal $name: FAIL (Yosys could not read or prove it; see $dir/yosys.log)"
      return 1
    fi
    if ! grep -q "SAT proof finished - no model found: SUCCESS" "$dir/yosys.log"; then
      if grep -q "model found: FAIL" "$dir/yosys.log"; then
        tidy_sat_vcd "$dir/trace.vcd" "$top"
        echo "formal $name: FAIL in SAT proof (every input at once): counterexample $dir/trace.vcd, log $dir/yosys.log"
      else
        echo "formal $name: FAIL (no SAT result, timeout?; see $dir/yosys.log)"
      fi
      return 1
    fi
    echo "formal $name: PASS, SAT proof over every input (combinational): PROVEN ($((SECONDS - t0)) s)"
    return 0
  fi
  if ! yosys -q -l "$dir/yosys.log" -p "read_verilog -formal -sv $rtl/uet_lb_pkg.sv $srcs; $params $strip prep -top $top; \
      memory_map; async2sync; dffunmap; chformal -assume -early; setundef -anyseq; opt_clean; write_smt2 -wires $dir/model.smt2" >/dev/null 2>&1; then
    echo "formal $name: FAIL (Yosys could not read it; see $dir/yosys.log)"
    return 1
  fi
  local t0=$SECONDS
  if ! yosys-smtbmc -s "$solver" --presat -t "$first:$depth" --dump-vcd "$dir/trace.vcd" "$dir/model.smt2" >"$dir/bmc.log" 2>&1; then
    echo "formal $name: FAIL in BMC (depth $depth): counterexample $dir/trace.vcd, log $dir/bmc.log"
    return 1
  fi
  local how="BMC depth $depth"
  # A harness's cover statements must all be reached within the depth (else its assertions may hold
  # only because nothing happens).
  if [ "$covers" = check ] && grep -q "yosys-smt2-cover" "$dir/model.smt2"; then
    if ! yosys-smtbmc -s "$solver" -c -t "$depth" --dump-vcd "$dir/cover.vcd" "$dir/model.smt2" >"$dir/cover.log" 2>&1; then
      echo "formal $name: FAIL: a cover statement is not reached within $depth steps (vacuous?); log $dir/cover.log"
      return 1
    fi
    how="$how, $(grep -c "Reached cover" "$dir/cover.log") covers reached"
  fi
  if [ "$kdepth" -gt 0 ]; then
    if yosys-smtbmc -s "$solver" -i -t "$kdepth" --dump-vcd "$dir/induction.vcd" "$dir/model.smt2" >"$dir/induction.log" 2>&1; then
      how="$how + k-induction depth $kdepth: PROVEN"
    else
      how="$how passed; k-induction depth $kdepth did not converge (induction.log, induction.vcd)"
    fi
  fi
  echo "formal $name: PASS, $how ($((SECONDS - t0)) s)"
}

select=${*:-fast}
fail=0
for p in "${proofs[@]}"; do
  IFS='|' read -r name top files depth kdepth speed scope first psolver covers <<<"$p"
  case " $select " in
    *" all "*|*" $name "*) ;;
    *" fast "*) [ "$speed" = fast ] || continue ;;
    *) continue ;;
  esac
  run_proof "$name" "$top" "$files" "$depth" "$kdepth" "$scope" "$first" "$psolver" "$covers" || fail=1
done
exit $fail
