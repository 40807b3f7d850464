# Run by tests/scripts/test_gtkwave.sh inside GTKWave (headless, under Xvfb), on a waveform with early
# failures opened with a committed save file. Checks that every signal the save file names is loaded, that
# tb/gtkwave/uetlb.tcl places its early-failure marker, and that decisions and feedback kinds read as
# their names; saves a screenshot; exits 0 when all hold, 1 (with the reasons) when not.
set fails {}
source [file join $::env(UETLB_ROOT) tb gtkwave uetlb.tcl]

# Every signal of the save file is a displayed trace (GTKWave leaves out a name the waveform lacks).
set shown 0
set n [gtkwave::getTotalNumTraces]
for {set i 0} {$i < $n} {incr i} {
  # Comments and group ends are blank traces (flag bit 9).
  if {([gtkwave::getTraceFlagsFromIndex $i] & 0x200) == 0} { incr shown }
}
if {$shown != $::env(UETLB_EXPECT_SIGNALS)} {
  lappend fails "$shown traces loaded, the save file names $::env(UETLB_EXPECT_SIGNALS)"
}

# The first early failure is marked, and at it the decision and the feedback kind read as enum names.
if {![dict exists $uetlb_marks A]} {
  lappend fails "no marker at an early failure (the waveform has some)"
} else {
  gtkwave::setMarker [dict get $uetlb_marks A]
  gtkwave::nop
  foreach {name pattern} {rsp_decision_o {^DEC_[A-Z_]+$} fb_kind_i {^FB_[A-Z_]+$}} {
    set v [gtkwave::getTraceValueAtMarkerFromIndex [uetlb_trace $name]]
    if {![regexp $pattern $v]} { lappend fails "$name reads '$v' at marker A, not a name" }
  }
  gtkwave::setMarker -1
}
# And a response that explored was found by its name (the walk compares the displayed value).
if {![dict exists $uetlb_marks C]} { lappend fails "no response reads DEC_EXPLORE" }

if {[info exists ::env(UETLB_SCREENSHOT)]} {
  gtkwave::nop
  gtkwave::/File/Grab_To_File $::env(UETLB_SCREENSHOT)
}
if {[llength $fails] > 0} {
  foreach f $fails { puts "gtkwave_check: FAIL: $f" }
  exit 1
}
puts "gtkwave_check: $shown signals loaded, marker A at [dict get $uetlb_marks A], names shown: PASS"
exit 0
