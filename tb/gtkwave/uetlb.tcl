# GTKWave script for a uet_lb waveform opened with tb/uetlb.gtkw or tb/uetlb_run.gtkw:
#   gtkwave -S tb/gtkwave/uetlb.tcl WAVE.fst tb/uetlb.gtkw
# Puts named markers where a debugging session usually starts: A at the first early failure (efd_valid_o),
# B at the first cycle the group on dbg_group_i is freezing (dbg_freezing_o, while dbg_open_o; in a
# uet-fabric --wave-nic waveform the debug port follows the NIC's first group with a path failure), C at
# the first response that explores (rsp_decision_o = DEC_EXPLORE); then zooms to the 80 cycles around A (else B, else the whole run).
# Each marker found is printed with the waveform's time and its unit (the programs count clock cycles in the
# waveform, not ns), the clock cycle, and the core's time there, now_i in ns, which is the time_ns of the LB
# trace's rows ("uetlb.tcl: marker A at 3919 ps of the waveform (cycle 1959, now_i 270471 ns; deadline
# efd_time_o 270203 ns, the efd row's time_ns): first early failure"). A save file that does not match the
# waveform (its signals under another scope) places no marker: the script says so and names the right one.

# The index of the displayed trace whose name ends in NAME (with or without its bit range), or -1.
proc uetlb_trace {name} {
  set n [gtkwave::getTotalNumTraces]
  for {set i 0} {$i < $n} {incr i} {
    set t [gtkwave::getTraceNameFromIndex $i]
    if {$t eq $name || [string match "${name}\\\[*" $t]} { return $i }
  }
  return -1
}

# The first time at which trace NAME reads VALUE, walking its edges from time 0; -1 if never.
proc uetlb_first {name value} {
  set i [uetlb_trace $name]
  if {$i < 0} { return -1 }
  set full [gtkwave::getTraceNameFromIndex $i]
  gtkwave::/Edit/UnHighlight_All
  gtkwave::setTraceHighlightFromIndex $i on
  gtkwave::setMarker 0
  gtkwave::nop
  set last -1
  for {set k 0} {$k < 100000} {incr k} {
    if {[gtkwave::getTraceValueAtMarkerFromIndex $i] eq $value} {
      set t [gtkwave::getMarker]
      gtkwave::/Edit/UnHighlight_All
      return $t
    }
    set t [gtkwave::findNextEdge]
    gtkwave::nop
    if {$t <= $last} { break }
    set last $t
  }
  gtkwave::/Edit/UnHighlight_All
  return -1
}

# The core's port NAME as the waveform names it (uet_lb.uet_lb.NAME, tb.uet_lb.uet_lb.NAME: the deepest
# scope uet_lb, since a Verilated model's top repeats the ports of the core below it), or "".
proc uetlb_fac {name} {
  set best ""
  set n [gtkwave::getNumFacs]
  for {set i 0} {$i < $n} {incr i} {
    set f [gtkwave::getFacName $i]
    if {[string match "*uet_lb.${name}" $f] && [string length $f] > [string length $best]} { set best $f }
  }
  return $best
}

# The first time at which signal NAME changes to VALUE while signal WHILE reads WHILE_VALUE, from its list
# of changes (not the displayed value at a marker, which GTKWave may not have refreshed after an earlier
# walk), from time FROM on; -1 if never or if either signal is missing.
proc uetlb_first_while {name value while while_value {from 0}} {
  set f [uetlb_fac $name]
  set w [uetlb_fac $while]
  if {$f eq "" || $w eq ""} { return -1 }
  while {1} {
    set changes [gtkwave::signalChangeList $f -start_time $from -max 4096]
    set last $from
    foreach {t v} $changes {
      if {$t >= 9223372036854775806} { return -1 }
      if {$v eq $value && $t > 0 && [lindex [gtkwave::signalChangeList $w -start_time $t -max 1] 1] eq $while_value} {
        return $t
      }
      set last $t
    }
    if {[llength $changes] < 8192 || $last <= $from} { return -1 }
    set from [expr {$last + 1}]
  }
}

# The value trace NAME shows at time T ("" when it is not displayed).
proc uetlb_value_at {name t} {
  set i [uetlb_trace $name]
  if {$i < 0} { return "" }
  gtkwave::setMarker $t
  gtkwave::nop
  return [gtkwave::getTraceValueAtMarkerFromIndex $i]
}

# The waveform's time unit: GTKWave's dimension letter as a unit ("p" -> "ps"; " " is seconds).
proc uetlb_unit {} {
  set d [string trim [gtkwave::getTimeDimension]]
  return "${d}s"
}

# The clock period, from three edges of clk_i.
proc uetlb_period {} {
  set i [uetlb_trace clk_i]
  if {$i < 0} { return 0 }
  gtkwave::/Edit/UnHighlight_All
  gtkwave::setTraceHighlightFromIndex $i on
  gtkwave::setMarker 0
  set t1 [gtkwave::findNextEdge]
  gtkwave::findNextEdge
  set t3 [gtkwave::findNextEdge]
  gtkwave::/Edit/UnHighlight_All
  gtkwave::setMarker -1
  return [expr {$t3 - $t1}]
}
set uetlb_clk [uetlb_period]

set uetlb_marks {}
if {[uetlb_trace efd_valid_o] < 0} {
  puts "uetlb.tcl: no marker: the save file shows no efd_valid_o of this waveform; open it with its own save\
file: uetlb-tb's with tb/uetlb.gtkw, uetlb-run's with tb/uetlb_run.gtkw, uet-fabric's --wave-nic with the\
.gtkw written beside the FST"
}
foreach {mark name value what} {
  A efd_valid_o 1 "first early failure"
  B dbg_freezing_o 1 "first freezing of the group on dbg_group_i"
  C rsp_decision_o DEC_EXPLORE "first exploring response"
} {
  if {$mark eq "B"} {
    # (While the group is open: before its open the debug port shows whatever its words held.)
    # (And from the first open on: until the sweep after reset has cleared every group, the words are
    # random.)
    set first_open [uetlb_first_while open_valid_i 1 rst_ni 1]
    set t [expr {$first_open < 0 ? -1 : [uetlb_first_while $name $value dbg_open_o 1 $first_open]}]
  } else {
    set t [uetlb_first $name $value]
  }
  if {$t >= 0} {
    gtkwave::setNamedMarker $mark $t $what
    set now [uetlb_value_at now_i $t]
    set extra ""
    if {$mark eq "A"} {
      set extra "; deadline efd_time_o [uetlb_value_at efd_time_o $t] ns, the efd row's time_ns"
    }
    set cycle [expr {$uetlb_clk > 0 ? "cycle [expr {$t / $uetlb_clk}], " : ""}]
    puts "uetlb.tcl: marker $mark at $t [uetlb_unit] of the waveform (${cycle}now_i $now ns$extra): $what"
    dict set uetlb_marks $mark $t
  }
}
gtkwave::setMarker -1
set uetlb_end [gtkwave::getMaxTime]
set uetlb_focus -1
foreach mark {A B} {
  if {[dict exists $uetlb_marks $mark]} { set uetlb_focus [dict get $uetlb_marks $mark]; break }
}
if {$uetlb_focus >= 0 && $uetlb_clk > 0} {
  # 20 cycles before the marker and 60 after it.
  set from [expr {max(0, $uetlb_focus - 20 * $uetlb_clk)}]
  set to [expr {min($uetlb_end, $uetlb_focus + 60 * $uetlb_clk)}]
  gtkwave::setZoomRangeTimes $from $to
} else {
  gtkwave::/Time/Zoom/Zoom_Full
}
gtkwave::nop
