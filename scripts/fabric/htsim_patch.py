#!/usr/bin/env python3
"""Applies uet-lb's own small patch to a copy of a uet-htsim checkout (never to the user's checkout: run by
scripts/fabric/htsim_build.sh on the copy it builds), for the failed-link experiment of issue 68
(scripts/fabric/htsim_compare.py --freezing).

  scripts/fabric/htsim_patch.py COPY      COPY: a copy of a uet-htsim checkout (htsim/sim/ under it)

What the patch changes, all of it lines of this script's own, inserted at anchors it finds in htsim's
files (each must be found exactly once, else nothing is written and the script says which is missing):
  - a new header, htsim/sim/uetlb_patch.h: the state of the options below and their counters;
  - htsim/sim/pipe.cpp: a pipe drops (frees) every packet handed to it while it is the blackholed link's,
    in its time window (a link that drops everything, both directions, as a failed link does before
    routing notices it);
  - htsim/sim/datacenter/main_uec.cpp: three options of htsim_uec, and a line after its packet counts:
      -uetlb_blackhole A B FROM_US UNTIL_US  the link between switches A and B as htsim names them in its
                                             2-tier topologies (LS0 .. for the leaves, US0 .. for the
                                             spines) drops every packet from FROM_US until UNTIL_US (us)
      -uetlb_freezing on|off                 whether its reps freezes on a timeout (htsim: on)
      -uetlb_freeze_exit_us X                how long a freeze lasts before a feedback may end it
                                             (htsim: 10,000 us)
    and it prints "uetlb_blackhole: dropped D data, C control packets" after its "New: ... Rtx:" line.
Without these options htsim_uec behaves as shipped. A copy patched once is refused a second time (its
anchors carry the patch's lines already).

Exit status: 0 on success; 1 naming the file and the anchor that was not found; 2 for a bad command line.
"""
import os
import sys

MARK = "uet-lb patch (scripts/fabric/htsim_patch.py)"

HEADER = f"""// {MARK}: not part of uet-htsim. The state of
// htsim_uec's -uetlb_blackhole option (a link that drops every packet in a time window) and its counts.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <unordered_map>

#include "config.h"
#include "eventlist.h"
#include "network.h"

namespace uetlb_patch {{

struct Blackhole {{
    std::string a, b;                   // the link's two switches ("LS0", "US1")
    simtime_picosec from = 0, until = 0;  // the window, [from, until)
    bool on = false;
    uint64_t data = 0, control = 0;     // packets dropped
}};

inline Blackhole& blackhole() {{
    static Blackhole state;
    return state;
}}

inline void set_blackhole(const char* a, const char* b, double from_us, double until_us) {{
    Blackhole& h = blackhole();
    if (!(from_us >= 0) || !(until_us > from_us)) {{
        std::cerr << "-uetlb_blackhole " << a << " " << b << " " << from_us << " " << until_us
                  << ": expected FROM_US >= 0 and UNTIL_US > FROM_US" << std::endl;
        exit(2);
    }}
    h.a = a;
    h.b = b;
    h.from = timeFromUs(from_us);
    h.until = timeFromUs(until_us);
    h.on = true;
}}

// Whether a pipe of this name carries the blackholed link (either direction): htsim names the pipes of a
// 2-tier topology "Pipe-LS0->US1(0)" and "Pipe-US1->LS0(0)".
inline bool on_link(const std::string& pipe) {{
    const Blackhole& h = blackhole();
    return pipe.rfind("Pipe-" + h.a + "->" + h.b + "(", 0) == 0 ||
           pipe.rfind("Pipe-" + h.b + "->" + h.a + "(", 0) == 0;
}}

// Called as a pipe takes a packet: true (the packet freed) when the link is down now. Whether a pipe is
// the link's is decided once per pipe.
inline bool drops(const void* pipe, const std::string& name, Packet& pkt) {{
    Blackhole& h = blackhole();
    if (!h.on) return false;
    const simtime_picosec now = EventList::getTheEventList().now();
    if (now < h.from || now >= h.until) return false;
    static std::unordered_map<const void*, bool> link_of;
    auto it = link_of.find(pipe);
    if (it == link_of.end()) it = link_of.emplace(pipe, on_link(name)).first;
    if (!it->second) return false;
    if (pkt.type() == UECDATA) ++h.data; else ++h.control;
    pkt.free();
    return true;
}}

inline void report() {{
    const Blackhole& h = blackhole();
    if (!h.on) return;
    std::cout << "uetlb_blackhole: " << h.a << "<->" << h.b << " from " << timeAsUs(h.from) << " us until "
              << timeAsUs(h.until) << " us: dropped " << h.data << " data, " << h.control << " control packets"
              << std::endl;
}}

}}  // namespace uetlb_patch
"""

# (file, anchor line (stripped, exact), where: "after" or "before", lines to insert)
EDITS = [
    ("htsim/sim/pipe.cpp", '#include "pipe.h"', "after",
     [f'#include "uetlb_patch.h"  // {MARK}']),
    ("htsim/sim/pipe.cpp", "Pipe::receivePacket(Packet& pkt)", "after+1",
     [f"    if (uetlb_patch::drops(this, str(), pkt)) return;  // {MARK}"]),
    ("htsim/sim/datacenter/main_uec.cpp", '#include "uec_mp.h"', "after",
     [f'#include "uetlb_patch.h"  // {MARK}', '#include "buffer_reps.h"']),
    ("htsim/sim/datacenter/main_uec.cpp", '} else if (!strcmp(argv[i],"-seed")){', "before", [
        f'        }} else if (!strcmp(argv[i],"-uetlb_blackhole")){{  // {MARK}',
        "            uetlb_patch::set_blackhole(argv[i+1], argv[i+2], atof(argv[i+3]), atof(argv[i+4]));",
        "            i += 4;",
        '        } else if (!strcmp(argv[i],"-uetlb_freezing")){',
        '            if (strcmp(argv[i+1], "on") && strcmp(argv[i+1], "off")) {',
        '                cerr << "-uetlb_freezing " << argv[i+1] << ": expected on or off" << endl;',
        "                exit(2);",
        "            }",
        '            CircularBufferREPS<uint16_t>::setUseFreezing(!strcmp(argv[i+1], "on"));',
        "            i++;",
        '        } else if (!strcmp(argv[i],"-uetlb_freeze_exit_us")){',
        "            if (!(atof(argv[i+1]) > 0)) {",
        '                cerr << "-uetlb_freeze_exit_us " << argv[i+1] << ": expected a time > 0 us" << endl;',
        "                exit(2);",
        "            }",
        "            CircularBufferREPS<uint16_t>::exit_freeze_after = timeFromUs(atof(argv[i+1]));",
        "            i++;",
    ]),
    ("htsim/sim/datacenter/main_uec.cpp", 'cout << "New: " << new_pkts', "after-statement",
     [f"    uetlb_patch::report();  // {MARK}"]),
]


def find_once(lines, anchor, path):
    hits = [i for i, line in enumerate(lines) if line.strip().startswith(anchor)]
    if len(hits) != 1:
        sys.exit(f"htsim_patch.py: {path}: the anchor '{anchor}' is found {len(hits)} times (expected once): "
                 "not the uet-htsim this patch was written for (40ccb05), or patched already")
    return hits[0]


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print("usage: scripts/fabric/htsim_patch.py COPY", file=sys.stderr)
        return 2
    copy = sys.argv[1]
    header = os.path.join(copy, "htsim", "sim", "uetlb_patch.h")
    if os.path.exists(header):
        sys.exit(f"htsim_patch.py: {header} exists: this copy is patched already")
    files = {}
    for path, anchor, where, insert in EDITS:
        full = os.path.join(copy, path)
        if full not in files:
            try:
                with open(full) as f:
                    files[full] = f.read().split("\n")
            except OSError as e:
                sys.exit(f"htsim_patch.py: {full}: {e.strerror} (is '{copy}' a copy of a uet-htsim checkout?)")
        lines = files[full]
        i = find_once(lines, anchor, full)
        if where == "before":
            at = i
        elif where == "after":
            at = i + 1
        elif where == "after+1":  # after the function's opening brace on the next line
            if lines[i + 1].strip() != "{":
                sys.exit(f"htsim_patch.py: {full}: no '{{' on the line after '{anchor}'")
            at = i + 2
        else:  # after the statement that starts at the anchor (it may span lines)
            at = i
            while not lines[at].rstrip().endswith(";"):
                at += 1
            at += 1
        lines[at:at] = insert
    for full, lines in files.items():
        with open(full, "w") as f:
            f.write("\n".join(lines))
    with open(header, "w") as f:
        f.write(HEADER)
    print(f"htsim_patch.py: patched {copy}: uetlb_patch.h added, pipe.cpp and datacenter/main_uec.cpp edited "
          "(-uetlb_blackhole, -uetlb_freezing, -uetlb_freeze_exit_us)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
