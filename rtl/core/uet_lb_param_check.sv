// Elaboration-time checks of the core's parameters. No ports and no logic: an impossible setting stops
// elaboration with $error.
`default_nettype none

module uet_lb_param_check #(
  parameter int unsigned NumGroups      = 16,
  parameter int unsigned BufBitsMax     = 3,
  parameter int unsigned TsWidth        = 32,
  parameter int unsigned PsnWidth       = 32,
  parameter int unsigned TrackerEntries = 1024,
  parameter int unsigned TrackerWays    = 4,
  parameter int unsigned TrackerRuns    = 2,
  parameter int unsigned TrackerRunDepth = 2048,
  parameter int unsigned WindowWidth    = 12,
  parameter int unsigned BaseRttWidth   = 20
) ();
  if (NumGroups < 1 || NumGroups > 4096) begin : g_bad_groups
    $error("uet_lb: NumGroups must be 1..4096");
  end
  if (BufBitsMax < 1 || BufBitsMax > uet_lb_pkg::BufBitsLimit) begin : g_bad_buf
    $error("uet_lb: BufBitsMax must be 1..15 (uet_lb_pkg::BufBitsLimit)");
  end
  if (TsWidth < 16 || TsWidth > 32) begin : g_bad_ts
    $error("uet_lb: TsWidth must be 16..32");
  end
  if (PsnWidth < 1 || PsnWidth > 32) begin : g_bad_psn
    $error("uet_lb: PsnWidth must be 1..32");
  end
  if (TrackerWays != 1 && TrackerWays != 2 && TrackerWays != 4) begin : g_bad_ways
    $error("uet_lb: TrackerWays must be 1, 2 or 4");
  end
  if (TrackerEntries < TrackerWays || TrackerEntries > 65536 || (TrackerEntries & (TrackerEntries - 1)) != 0)
  begin : g_bad_trk
    $error("uet_lb: TrackerEntries must be a power of 2, TrackerWays..65536");
  end
  if (TrackerRuns < 1 || TrackerRuns > 4) begin : g_bad_runs
    $error("uet_lb: TrackerRuns must be 1..4");
  end
  if (TrackerRunDepth < 64 || TrackerRunDepth > 65536 || (TrackerRunDepth & (TrackerRunDepth - 1)) != 0)
  begin : g_bad_depth
    $error("uet_lb: TrackerRunDepth must be a power of 2, 64..65536");
  end
  if (WindowWidth < 1 || WindowWidth > 16) begin : g_bad_win
    $error("uet_lb: WindowWidth must be 1..16");
  end
  if (8 + BaseRttWidth >= TsWidth) begin : g_bad_rtt
    $error("uet_lb: 8 + BaseRttWidth must be below TsWidth (wrap-safe deadlines)");
  end
  // (The package's own facts: the hold after an apply outlasts the span's registered steps.)
  if (uet_lb_pkg::SettleCycles != uet_lb_pkg::SpanDelay + 1) begin : g_bad_settle
    $error("uet_lb_pkg: SettleCycles must be SpanDelay + 1");
  end
endmodule
