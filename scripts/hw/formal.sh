#!/usr/bin/env bash
# Formal proofs with Yosys 0.23 (read_verilog -formal) and yosys-smtbmc (z3 by default).
#   scripts/hw/formal.sh [fast|all|NAME ...]
#   scripts/hw/formal.sh --save-file NAME    prints the save file that opens NAME's counterexample
#   scripts/hw/formal.sh --speed NAME        prints NAME's speed, fast (in CI) or full
# Each proof: bounded model checking from reset to the given depth, then, where an induction depth is
# given, k-induction, which must prove the assertions (a depth is given only where it converges, so a
# change that stops it converging fails the proof: a bug past the BMC depth shows there first).
# A failing proof leaves its counterexample as build-formal/NAME/trace.vcd; the committed save file
# rtl/formal/fv_NAME.gtkw opens it (gtkwave build-formal/NAME/trace.vcd rtl/formal/fv_NAME.gtkw).
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
rtl=${UETLB_RTL_DIR:-$root/rtl}  # the RTL to prove (scripts/hw/formal_mutants.sh points it at a mutated copy)
work=${UETLB_FORMAL_DIR:-$root/build-formal}
mkdir -p "$work"

# name | top[,PARAM=VALUE...] | files (@core: every module of rtl/uet_lb.f) | bmc depth | induction depth (0: BMC only) | fast (in CI) | scope
#   [| first step checked | solver | covers]
# scope "own": only the harness's assertions (the blocks' own assertions are removed first, as they are
# proven in their own harnesses and checked in every simulation); "all": every assertion in the design.
# First step checked (default 0): 1 skips the reset cycle itself, where registers are still arbitrary (the
# core's synchronous reset defines them at the first edge) and a block's assertions on them mean nothing.
# Solver (default z3): an SMT solver for yosys-smtbmc, or "sat": BMC with Yosys's own SAT solver (`sat
# -seq`), then covers and induction with the SMT solver named after a slash ("sat/cvc4"; z3 if none).
# The core's BMC goes to Yosys sat: smtbmc with cvc4 took 120 s for 8 steps and 310 s for 9 (z3 did not
# finish step 0 in 5 minutes; boolector fails in yosys-smtbmc 0.23 on this model), Yosys sat about 80 s
# for 15 with every assertion in the core. The cache, the timeout unit, the AXI adapters and the tracker
# go to it as well.
# The pre-test block's proof is "own": with its six timeout units' assertions kept, Yosys sat took 480 s
# over every input where it takes under a second without them (fv_timeout proves them).
# UETLB_SMT_SOLVER overrides every proof's SMT solver.
# Covers (default check): a harness's cover statements must all be reached within the BMC depth (smtbmc);
# "sat:FLAG,...": the harness keeps a flag per cover, set once it is reached, and Yosys sat must find a
# trace that sets each by the last step (the core: smtbmc with cvc4 had passed 6 minutes at
# step 10); "skip" where another proof of the same harness reaches them.
# Speed "fast" runs in CI (scripts/hw/formal.sh fast, CTest rtl_formal_fast, under 5 minutes in all); "full"
# only in scripts/hw/formal.sh all or by name: tracker_deep, the tracker proof 24 cycles deep (about 5 to 8
# minutes), far enough for a fire killed by its check (a packet tracked, chosen, due, and cleared just
# before it fires); tracker_sets (about 150 s), whose block and assertions tracker_ops also proves with
# a reference of its own, so CI stays under 30 minutes on 2 cores. The cache keeps its count as the pointers plus a full flag, so no group state bit is
# redundant: a redundant bit, arbitrary in the RAM until a group opens, once took the core's proof (then
# smtbmc with cvc4) from about 85 s to 215 s.
proofs=(
  "cache|fv_cache|core/uet_lb_cache.sv formal/fv_cache.sv|12|0|fast|all|0|sat"
  "fifo|fv_fifo|prim/uet_lb_fifo.sv formal/fv_fifo.sv|14|0|fast|all|1|sat|sat:seen_full_q"
  "admit|fv_admit|core/uet_lb_admit.sv formal/fv_admit.sv|20|0|fast|all|1|sat|sat:seen_turn_q,seen_full_q"
  "cfg|fv_cfg|core/uet_lb_cfg.sv formal/fv_cfg.sv|6|0|fast|all|1|sat"
  "respond|fv_respond,Ecc=0|prim/uet_lb_ram.sv prim/uet_lb_prng.sv prim/uet_lb_fifo.sv prim/uet_lb_secded_pkg.sv prim/uet_lb_secded_enc.sv prim/uet_lb_secded_dec.sv core/uet_lb_respond.sv formal/fv_respond.sv|12|0|fast|all|1|sat|sat:seen_fwd_q,seen_owed4_q"
  "respond_ecc|fv_respond,Ecc=1|prim/uet_lb_ram.sv prim/uet_lb_prng.sv prim/uet_lb_fifo.sv prim/uet_lb_secded_pkg.sv prim/uet_lb_secded_enc.sv prim/uet_lb_secded_dec.sv core/uet_lb_respond.sv formal/fv_respond.sv|8|0|fast|all|1|sat|sat:seen_fix_q"
  "store|fv_store,Ecc=0|prim/uet_lb_ram.sv prim/uet_lb_bitsel.sv prim/uet_lb_secded_pkg.sv prim/uet_lb_secded_enc.sv prim/uet_lb_secded_dec.sv core/uet_lb_store.sv formal/fv_store.sv|13|0|fast|all|1|sat|sat:seen_r_q,seen_f_after_r_q"
  "store_ecc|fv_store,Ecc=1|prim/uet_lb_ram.sv prim/uet_lb_bitsel.sv prim/uet_lb_secded_pkg.sv prim/uet_lb_secded_enc.sv prim/uet_lb_secded_dec.sv core/uet_lb_store.sv formal/fv_store.sv|12|0|fast|all|1|sat|sat:seen_r_q,seen_f_after_r_q"
  "window|fv_window|core/uet_lb_window.sv formal/fv_window.sv|12|4|fast|all"
  "first2|fv_first2|prim/uet_lb_first2.sv formal/fv_first2.sv|1|1|fast|all"
  "onehot_mux|fv_onehot_mux|prim/uet_lb_onehot_mux.sv formal/fv_onehot_mux.sv|1|0|fast|all|0|sat"
  "rr|fv_rr|core/uet_lb_rr.sv formal/fv_rr.sv|1|1|fast|all"
  "timeout|fv_timeout|core/uet_lb_timeout.sv formal/fv_timeout.sv|1|0|fast|all|0|sat"
  "forward|fv_forward|core/uet_lb_forward.sv formal/fv_forward.sv|16|0|fast|all|1|sat|sat:seen_stale_q"
  # age: BMC 28 reaches long past (three quarter-turns at the fastest time, 2^(TsWidth-5) a cycle: 24 cycles).
  "age|fv_age|prim/uet_lb_bitsel.sv core/uet_lb_age.sv formal/fv_age.sv|28|6|fast|all|1"
  "secded_16|fv_secded,K=16|prim/uet_lb_secded_pkg.sv prim/uet_lb_secded_enc.sv prim/uet_lb_secded_dec.sv formal/fv_secded.sv|1|0|fast|all|0|sat"
  "secded_67|fv_secded,K=67|prim/uet_lb_secded_pkg.sv prim/uet_lb_secded_enc.sv prim/uet_lb_secded_dec.sv formal/fv_secded.sv|1|0|fast|all|0|sat"
  "pretest|fv_pretest|core/uet_lb_timeout.sv core/uet_lb_pretest.sv formal/fv_pretest.sv|1|0|fast|own|0|sat"
  "loop|fv_loop|core/uet_lb_cfg.sv core/uet_lb_timeout.sv core/uet_lb_pretest.sv core/uet_lb_rr.sv core/uet_lb_cache.sv core/uet_lb_freeze.sv core/uet_lb_window.sv core/uet_lb_state_view.sv core/uet_lb_update.sv core/uet_lb_loop.sv formal/fv_loop.sv|12|0|fast|own|1|sat|sat:seen_shared_q,seen_killed_q,seen_loop_q"
  "inflight|fv_inflight|core/uet_lb_inflight.sv formal/fv_inflight.sv|12|0|fast|all|1|sat|sat:seen_from_l_q,seen_open_x_q"
  "lanes|fv_lanes|core/uet_lb_lanes.sv formal/fv_lanes.sv|10|0|fast|all|1|sat|sat:seen_efd_q,seen_same_q"
  "core|fv_core|@core formal/fv_core.sv|16|0|fast|own|1|sat|sat:seen_rsp_q,seen_stall_q,seen_both_q,seen_openfb_q,seen_owed3_q"
  "axi|fv_axi|axi/uet_lb_axil.sv axi/uet_lb_axis.sv formal/fv_axi.sv|20|0|fast|all|1|sat|sat:seen_refused_q,seen_both_q,seen_local_q,seen_held_q"
  "tracker|fv_tracker|prim/uet_lb_ram.sv prim/uet_lb_dup.sv prim/uet_lb_bitsel.sv prim/uet_lb_first2.sv prim/uet_lb_onehot_mux.sv tracker/uet_lb_tracker_view.sv tracker/uet_lb_tracker_resolve.sv tracker/uet_lb_tracker_run.sv tracker/uet_lb_tracker_check.sv tracker/uet_lb_tracker_order.sv tracker/uet_lb_tracker_fire.sv tracker/uet_lb_tracker_sets.sv tracker/uet_lb_tracker_hold.sv tracker/uet_lb_tracker_choice.sv tracker/uet_lb_tracker_ops.sv tracker/uet_lb_tracker.sv formal/fv_tracker.sv|20|0|fast|all|1|sat|sat:seen_fire_q,seen_fire_req_q"
  "tracker_check|fv_tracker_check|tracker/uet_lb_tracker_check.sv formal/fv_tracker_check.sv|12|0|fast|all|1|sat|sat:seen_key_kill_q,seen_free_q"
  "tracker_order|fv_tracker_order|prim/uet_lb_onehot_mux.sv tracker/uet_lb_tracker_order.sv formal/fv_tracker_order.sv|4|0|fast|all|1|sat"
  "tracker_fire|fv_tracker_fire|prim/uet_lb_dup.sv prim/uet_lb_onehot_mux.sv tracker/uet_lb_tracker_check.sv tracker/uet_lb_tracker_order.sv tracker/uet_lb_tracker_fire.sv formal/fv_tracker_fire.sv|16|0|fast|all|1|sat|sat:seen_kill_q,seen_chain_q,seen_waited_q"
  "tracker_sets|fv_tracker_sets|prim/uet_lb_ram.sv tracker/uet_lb_tracker_sets.sv formal/fv_tracker_sets.sv|10|0|full|all|1|sat|sat:seen_fwd_q,seen_full_q"
  "tracker_hold|fv_tracker_hold|tracker/uet_lb_tracker_hold.sv formal/fv_tracker_hold.sv|18|0|fast|all|1|sat|sat:seen_age_q,seen_full_q"
  "tracker_choice|fv_tracker_choice|tracker/uet_lb_tracker_choice.sv formal/fv_tracker_choice.sv|12|0|fast|all|1|sat|sat:seen_switch_q,seen_full_q"
  "tracker_ops|fv_tracker_ops|prim/uet_lb_ram.sv tracker/uet_lb_tracker_sets.sv tracker/uet_lb_tracker_choice.sv tracker/uet_lb_tracker_ops.sv formal/fv_tracker_ops.sv|10|0|fast|all|1|sat|sat:seen_own_q,seen_full_q"
  "tracker_resolve|fv_tracker_resolve|prim/uet_lb_ram.sv prim/uet_lb_bitsel.sv tracker/uet_lb_tracker_resolve.sv formal/fv_tracker_resolve.sv|12|0|fast|all|1|sat|sat:seen_live_q,seen_killed_q"
  "tracker_view|fv_tracker_view|prim/uet_lb_first2.sv prim/uet_lb_onehot_mux.sv tracker/uet_lb_tracker_view.sv formal/fv_tracker_view.sv|8|0|fast|all|1|sat|sat:seen_hold2_q,seen_hold_beyond_q"
  "tracker_deep|fv_tracker|prim/uet_lb_ram.sv prim/uet_lb_dup.sv prim/uet_lb_bitsel.sv prim/uet_lb_first2.sv prim/uet_lb_onehot_mux.sv tracker/uet_lb_tracker_view.sv tracker/uet_lb_tracker_resolve.sv tracker/uet_lb_tracker_run.sv tracker/uet_lb_tracker_check.sv tracker/uet_lb_tracker_order.sv tracker/uet_lb_tracker_fire.sv tracker/uet_lb_tracker_sets.sv tracker/uet_lb_tracker_hold.sv tracker/uet_lb_tracker_choice.sv tracker/uet_lb_tracker_ops.sv tracker/uet_lb_tracker.sv formal/fv_tracker.sv|24|0|full|all|1|sat|sat:seen_kill_q"
)

# The committed save file that opens a proof's counterexample: rtl/formal/fv_NAME.gtkw, or for a proof
# that runs another's harness deeper (tracker_deep), that proof's.
save_file() {  # proof name
  local f
  for f in "$root/rtl/formal/fv_$1.gtkw" "$root/rtl/formal/fv_${1%%_*}.gtkw"; do
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 0
}

# ", open with rtl/formal/fv_NAME.gtkw" where that save file is committed.
save_hint() {  # proof name
  local f
  f=$(save_file "$1")
  [ -z "$f" ] || echo " (open with ${f#"$root"/})"
  return 0
}

# Yosys's sat writes its counterexample with every signal outside the module's scope, named with a
# leading backslash (a flattened one with its instance path, g_pipe.dut.rsp_valid_o), beside
# function-local temporaries named after the source path: put the signals in nested scopes under the top,
# as the smtbmc traces have them, and drop the temporaries. One time step per clock cycle.
tidy_sat_vcd() {  # vcd top
  python3 - "$1" "$2" <<'PY'
import sys
path, top = sys.argv[1], sys.argv[2]
head, body = open(path).read().split("$enddefinitions $end", 1)
hdr, vars_ = [], []
for line in head.splitlines():
    if line.startswith("$var"):
        parts = line.split()
        name = parts[4].lstrip("\\")
        if "func_" in name or "$" in name or "/" in name:
            continue
        vars_.append((name.split("."), parts))
    elif not line.startswith(("$scope", "$upscope")):
        hdr.append(line)
vars_.sort(key=lambda v: (v[0][:-1], v[0][-1]))
decl, scope = [f"$scope module {top} $end"], []
for path_, parts in vars_:
    want = path_[:-1]
    while scope != want[:len(scope)]:
        decl.append("$upscope $end")
        scope.pop()
    for s in want[len(scope):]:
        decl.append(f"$scope module {s} $end")
        scope.append(s)
    parts[4] = path_[-1]
    decl.append(" ".join(parts))
decl += ["$upscope $end"] * (len(scope) + 1)
ids = {p[3] for _, p in vars_}
def kept(line):  # a value change of a signal kept (b<bits> <id>, or <bit><id>), or anything else
    if line.startswith(("b", "r")):
        return line.split()[-1] in ids
    if line[:1] in ("0", "1", "x", "z"):
        return line[1:] in ids
    return True
body = "\n".join(l for l in body.splitlines() if kept(l))
open(path, "w").write("\n".join(hdr + decl + ["$enddefinitions $end"]) + body + "\n")
PY
}

run_proof() {
  # Solver: an SMT solver for yosys-smtbmc (z3, cvc4), or "sat" for BMC with Yosys's own SAT solver,
  # optionally with the SMT solver for covers and induction after a slash ("sat/cvc4"; default z3).
  local name=$1 top=$2 files=$3 depth=$4 kdepth=$5 scope=$6 first=${7:-0} solver=${8:-z3} engine=smtbmc
  if [ "${solver%%/*}" = sat ]; then
    engine=sat
    [ "$solver" = sat ] && solver=z3 || solver=${solver#sat/}
  fi
  solver=${UETLB_SMT_SOLVER:-$solver}
  local covers=${9:-check}
  local dir="$work/$name"
  mkdir -p "$dir"
  local srcs=""
  for f in $files; do
    if [ "$f" = "@core" ]; then  # every module of the core (rtl/uet_lb.f; the package is read anyway)
      for c in $(grep -v '^pkg/uet_lb_pkg\.sv$' "$rtl/uet_lb.f"); do srcs="$srcs $rtl/$c"; done
    else
      srcs="$srcs $rtl/$f"
    fi
  done
  # Parameters of the top ("fv_tracker,Param=Value,...").
  local params="" kv p
  IFS=',' read -ra kv <<<"$top"
  top=${kv[0]}
  # (one chparam for them all: a second chparam leaves the module under its derived name)
  for p in "${kv[@]:1}"; do params="$params -set ${p%%=*} ${p#*=}"; done
  [ -n "$params" ] && params="chparam$params $top;"
  # Proofs see one flat module: uet_lb_dup's kept hierarchy (an FPGA placement aid) is dropped first.
  local unkeep="hierarchy -top $top; setattr -mod -unset keep_hierarchy;"
  local strip=""
  [ "$scope" = own ] && strip="hierarchy -top $top; proc; chformal -remove *uet_lb*; flatten; rename -top $top;"
  # The SMT model: for smtbmc's BMC, covers and induction; after a Yosys sat BMC with no induction, for
  # the covers only, so without the assertions (cover reachability does not depend on them; with the
  # pipelined core's, and hierarchical, cvc4 took 100 s for the covers instead of 30).
  local noassert=""
  [ "$engine" = sat ] && [ "$kdepth" = 0 ] && noassert="chformal -remove -assert; flatten;"
  # (Not needed where Yosys sat does all: BMC, no induction, covers by sat.)
  if { [ "$engine" != sat ] || [ "$kdepth" != 0 ] || [ "$covers" = check ]; } && \
      ! yosys -q -l "$dir/yosys.log" -p "read_verilog -formal -sv $rtl/pkg/uet_lb_pkg.sv $srcs; $params $unkeep $strip prep -top $top; \
      $noassert memory_map; async2sync; dffunmap; chformal -assume -early; setundef -anyseq; opt_clean; write_smt2 -wires $dir/model.smt2" >/dev/null 2>&1; then
    echo "formal $name: FAIL (Yosys could not read it; see $dir/yosys.log)"
    return 1
  fi
  local t0=$SECONDS how
  if [ "$engine" = sat ]; then
    # BMC with Yosys's SAT solver: depth steps (one per clock edge; the first one's initial state is
    # arbitrary but for the harness's initial values), the first `first` not checked, as with smtbmc.
    # For a combinational harness (depth 1) that is one query over every input value.
    local chf=""
    [ "$scope" = own ] && chf="chformal -remove *uet_lb*;"
    if ! yosys -q -l "$dir/sat.log" -p "read_verilog -formal -sv $rtl/pkg/uet_lb_pkg.sv $srcs; $params $unkeep \
        hierarchy -top $top; proc; $chf chformal -remove -cover; flatten; opt -fast; memory_map; opt -fast; \
        async2sync; setundef -anyseq; sat -seq $depth -prove-skip $first -prove-asserts -set-assumes \
        -show-public -dump_vcd $dir/trace.vcd -timeout 1200" >/dev/null 2>&1; then
      echo "formal $name: FAIL (Yosys sat could not read or run it; see $dir/sat.log)"
      return 1
    fi
    if grep -q "model found: FAIL" "$dir/sat.log"; then
      tidy_sat_vcd "$dir/trace.vcd" "$top"
      echo "formal $name: FAIL in BMC (depth $depth, Yosys sat): counterexample $dir/trace.vcd$(save_hint "$name"), log $dir/sat.log"
      return 1
    elif ! grep -q "no model found: SUCCESS" "$dir/sat.log"; then
      echo "formal $name: FAIL (Yosys sat gave no result, timeout?; see $dir/sat.log)"
      return 1
    fi
    if [ "$depth" = 1 ]; then how="SAT over every input (combinational): PROVEN"; else how="BMC depth $depth (Yosys sat)"; fi
  else
    if ! yosys-smtbmc -s "$solver" --presat -t "$first:$depth" --dump-vcd "$dir/trace.vcd" "$dir/model.smt2" >"$dir/bmc.log" 2>&1; then
      echo "formal $name: FAIL in BMC (depth $depth): counterexample $dir/trace.vcd$(save_hint "$name"), log $dir/bmc.log"
      return 1
    fi
    how="BMC depth $depth"
  fi
  # A harness's cover statements must all be reached within the depth (else its assertions may hold
  # only because nothing happens). "sat:FLAG,..." asks Yosys's SAT solver, for each flag the harness
  # keeps set once its cover is reached, for a trace that has it set at the last step.
  if [ "${covers%%:*}" = sat ]; then
    local flag reached=0
    IFS=',' read -ra flags <<<"${covers#sat:}"
    for flag in "${flags[@]}"; do
      yosys -q -l "$dir/cover_${flag##*.}.log" -p "read_verilog -formal -sv $rtl/pkg/uet_lb_pkg.sv $srcs; $params $unkeep \
          hierarchy -top $top; proc; chformal -remove -assert; chformal -remove -cover; flatten; opt -fast; \
          memory_map; opt -fast; async2sync; setundef -anyseq; sat -seq $depth -set-at $depth $flag 1 \
          -set-assumes -timeout 1200" >/dev/null 2>&1 || true
      if ! grep -q "SAT solving finished - model found" "$dir/cover_${flag##*.}.log"; then
        echo "formal $name: FAIL: cover $flag is not reached within $depth steps (vacuous?); log $dir/cover_${flag##*.}.log"
        return 1
      fi
      reached=$((reached + 1))
    done
    how="$how, $reached covers reached (Yosys sat)"
  elif [ "$covers" = check ] && grep -q "yosys-smt2-cover" "$dir/model.smt2"; then
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
      echo "formal $name: FAIL: BMC depth $depth passed but k-induction depth $kdepth does not prove the assertions; log $dir/induction.log, trace $dir/induction.vcd (a state of the step case, not necessarily reachable)"
      return 1
    fi
  fi
  echo "formal $name: PASS, $how ($((SECONDS - t0)) s)"
}

if [ "${1:-}" = "--save-file" ]; then
  save_file "${2:?formal.sh: --save-file needs a proof name}"
  exit 0
fi
if [ "${1:-}" = "--speed" ]; then
  for p in "${proofs[@]}"; do
    IFS='|' read -r name _ _ _ _ speed _ <<<"$p"
    [ "$name" != "${2:-}" ] || { echo "$speed"; exit 0; }
  done
  echo "formal.sh: --speed: no proof named '${2:-}'" >&2
  exit 2
fi
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
