// Register block of the load balancer: configuration (SPEC section 2 attributes the hardware reads, W,
// the PRNG seed), sticky errors and counters, behind a simple register port. An out-of-range write is
// refused (the old value stays) and sets a sticky error bit; nothing is clamped.
`default_nettype none

module uet_lb_regs #(
  parameter int unsigned NumGroups      = 16,
  parameter int unsigned BufBitsMax     = 3,
  parameter int unsigned TsWidth        = 32,
  parameter int unsigned WindowWidth    = 12,
  parameter int unsigned TrackerEntries = 32,
  /// 1 (the pipelined core's form): a write takes effect one cycle later (the port, its range checks
  /// and its address decoded are registered first, so no write decoding sits after the port's own
  /// logic), and each counter counts in two halves, the high one a cycle after the low one carries out
  /// (increments must then come at most every other cycle; busy_o covers the carry); a read returns
  /// its data in the cycle after the address.
  parameter bit          Pipelined      = 1'b0,
  parameter int unsigned CountW         = 32   ///< counter width, 17..32 (below 32 for tests only)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,          ///< synchronous, active low
  // Register port: write when reg_we_i (applied at this edge, or the next with Pipelined); read data is
  // combinational from reg_addr_i, or (Pipelined) valid in the cycle after it.
  input  logic                   reg_we_i,
  input  logic [5:0]             reg_addr_i,      ///< word address
  input  logic [31:0]            reg_wdata_i,
  output logic [31:0]            reg_rdata_o,
  // Events from the datapath.
  input  logic                   group_opened_i,  ///< a group was opened this cycle
  input  logic                   bad_open_i,      ///< an open named a group >= NumGroups (dropped)
  input  logic                   inc_fb_unopened_i,
  input  logic                   inc_efd_untracked_i,
  input  logic                   inc_req_unopened_i,
  /// An accepted event is still to be applied (uet_lb_pipe; 0 in uet_lb): the locked registers refuse
  /// writes meanwhile too, so no event in flight reads a group's state with another B or spraying type.
  input  logic                   in_flight_i,
  // Configuration out.
  output logic [1:0]             spray_type_o,    ///< a uet_lb_pkg::spray_e value
  output logic [7:0]             span_mask_o,     ///< 2^EntropyMaskBits - 1
  output logic [15:0]            start_port_o,
  output logic [4:0]             buf_bits_o,
  output logic [16:0]            set_size_o,
  output logic [TsWidth-1:0]     freeze_timeout_o,
  output logic [7:0]             efd_mult_o,
  output logic [WindowWidth-1:0] window_o,
  output logic                   seed_we_o,       ///< re-seed the PRNG this cycle
  output logic [31:0]            seed_o,          ///< new PRNG state, valid with seed_we_o
  output logic                   size_we_o,       ///< EntropyValueSetSize is written this cycle
  output logic                   efd_on_o,        ///< REPS with a non-zero multiplier (registered)
  output logic                   clear_groups_o,  ///< close every group at the end of this cycle (Pipelined:
                                                  ///< a cycle after the write applies, from a register)
  output logic                   active_o,        ///< a group was opened since reset or the last clear
  output logic                   busy_o           ///< a counter's carry or a clear is pending (Pipelined)
);
  // Register word addresses (byte address / 4). docs/registers.md is the map; keep them in step.
  localparam logic [5:0] REG_ID                = 6'h00;  // RO  identification and version
  localparam logic [5:0] REG_CTRL              = 6'h01;  // WO  bit 0: close every group (and flush the tracker)
  localparam logic [5:0] REG_STATUS            = 6'h02;  // RW1C sticky errors; RO state
  localparam logic [5:0] REG_SPRAY_TYPE        = 6'h03;  // PacketSprayingType 0..2 (locked while groups are open)
  localparam logic [5:0] REG_ENTROPY_MASK_BITS = 6'h04;  // EntropyMaskBits 0..8
  localparam logic [5:0] REG_START_PORT        = 6'h05;  // StartingPortOffset 0..65535
  localparam logic [5:0] REG_REPS_BUF_BITS     = 6'h06;  // REPSBufferSizeMaskBits 0..BufBitsMax (locked)
  localparam logic [5:0] REG_EV_SET_SIZE       = 6'h07;  // EntropyValueSetSize 1..65536
  localparam logic [5:0] REG_FREEZE_TIMEOUT    = 6'h08;  // FreezingTimeout in ns, 1..2^(TsWidth-1)-1
  localparam logic [5:0] REG_EFD_MULT          = 6'h09;  // FailureDetectionRTTMultiplier 0..255
  localparam logic [5:0] REG_WINDOW            = 6'h0A;  // exploration window W, 0..2^WindowWidth-1
  localparam logic [5:0] REG_SEED              = 6'h0B;  // PRNG seed 1..2^32-1; a write re-seeds
  localparam logic [5:0] REG_CNT_FB_UNOPENED   = 6'h0C;  // RO (write clears) feedback for unopened groups
  localparam logic [5:0] REG_CNT_EFD_UNTRACKED = 6'h0D;  // RO (write clears) requests the tracker could not take
  localparam logic [5:0] REG_CNT_REQ_UNOPENED  = 6'h0E;  // RO (write clears) requests for unopened groups
  localparam logic [5:0] REG_PARAMS            = 6'h0F;  // RO build parameters
  localparam logic [5:0] REG_ERR_ADDR          = 6'h10;  // RO word address of the last refused write

  /// STATUS bits.
  localparam int unsigned STATUS_ERR_RANGE  = 0;  // a write was out of range (old value kept)
  localparam int unsigned STATUS_ERR_LOCKED = 1;  // a write to a locked register while groups were open
  localparam int unsigned STATUS_ERR_ADDR   = 2;  // a write to an unknown or read-only address
  localparam int unsigned STATUS_ERR_GROUP  = 3;  // an open named a group >= NumGroups (dropped)
  localparam int unsigned STATUS_ACTIVE     = 8;  // RO: a group has been opened since reset or CLEAR

  localparam logic [31:0] CORE_ID = 32'h5545_0100;  // "UE", version 1.0

  localparam logic [4:0] BufBitsDefault = (BufBitsMax >= 3) ? 5'd3 : 5'(BufBitsMax);
  localparam logic [WindowWidth-1:0] WindowDefault =
      (WindowWidth >= 7) ? WindowWidth'(71) : {WindowWidth{1'b1}};
  localparam logic [31:0] TimeoutMax = (TsWidth >= 32) ? 32'h7fff_ffff : (32'd1 << (TsWidth - 1)) - 32'd1;
  // FreezingTimeout at reset: 100,000 ns, or the largest the timestamps allow when that is smaller
  // (TsWidth 16 or 17).
  localparam logic [31:0] TimeoutDefault = (TimeoutMax < 32'd100_000) ? TimeoutMax : 32'd100_000;

  logic [1:0]             spray_q, spray_d;  // holds a uet_lb_pkg::spray_e value
  logic [3:0]             mask_q, mask_d;
  logic [7:0]             span_q, span_d;    // 2^mask_q - 1, written with mask_q (no subtraction on use)
  logic [15:0]            port_q, port_d;
  logic [4:0]             buf_q, buf_d;
  logic [16:0]            size_q, size_d;
  logic [31:0]            timeout_q, timeout_d;
  logic [7:0]             mult_q, mult_d;
  logic [WindowWidth-1:0] window_q, window_d;
  logic [31:0]            seed_q, seed_d;
  logic                   err_range_q, err_range_d, err_locked_q, err_locked_d, err_addr_q, err_addr_d,
                          err_group_q, err_group_d;
  logic [5:0]             bad_addr_q, bad_addr_d;
  logic                   active_q, active_d;
  logic [CountW-1:0]      cnt_fb_q, cnt_efd_q, cnt_req_q;
  logic                   efd_on_q;
  logic                   refuse_range, refuse_locked, refuse_addr, clear_now;
  logic                   locked;  // SPRAY_TYPE, REPS_BUF_BITS: groups open or events in flight
  assign locked = active_q || in_flight_i;

  // Range checks of a written word. A test `value > 2^k - 1` is `value[31:k] != 0`; the other limits add
  // a test of a few low bits. Written as a `>`, each would be a carry chain (synthesis does not shorten a
  // comparator against a constant), and those chains, followed by the refusal, were the deepest path of
  // the core. Bit-range tests are also cheap for a solver.
  typedef struct packed {
    logic zero, ctrl, spray, mask, port, buf_bits, size, timeout, mult, window;
  } over_t;
  function automatic over_t range_checks(input logic [31:0] v);
    range_checks = {v == 32'd0,                                  // zero
                    v[31:1] != '0,                               // ctrl: > 1
                    v[31:2] != '0 || v[1:0] == 2'd3,             // spray: > 2
                    v[31:4] != '0 || (v[3] && v[2:0] != '0),     // mask: > 8
                    v[31:16] != '0,                              // port: > 65535
                    v[31:5] != '0 || v[4:0] > 5'(BufBitsMax),    // buf_bits (BufBitsMax <= 16)
                    v[31:17] != '0 || (v[16] && v[15:0] != '0),  // size: > 65536
                    (v >> (TsWidth - 1)) != '0,                  // timeout: > TimeoutMax
                    v[31:8] != '0,                               // mult: > 255
                    (v >> WindowWidth) != '0};                   // window: > 2^WindowWidth - 1
  endfunction

  // The write decoded: one strobe per writable address (`we` included), `unknown` for a write to an
  // unknown or read-only one.
  typedef struct packed {
    logic ctrl, status, spray, mask, port, buf_bits, size, timeout, mult, window, seed, cnt_fb, cnt_efd,
          cnt_req, unknown;
  } sel_t;
  // (Built as a vector in sel_t's field order: Yosys 0.23 takes no field assignment in a function.)
  localparam int unsigned SelBits = 15;  // the fields of sel_t (Yosys 0.23 takes no $bits of a type)
  function automatic logic [SelBits-1:0] decode(input logic we_in, input logic [5:0] a);
    logic [SelBits-2:0] known;
    known  = {a == REG_CTRL, a == REG_STATUS, a == REG_SPRAY_TYPE, a == REG_ENTROPY_MASK_BITS,
              a == REG_START_PORT, a == REG_REPS_BUF_BITS, a == REG_EV_SET_SIZE, a == REG_FREEZE_TIMEOUT,
              a == REG_EFD_MULT, a == REG_WINDOW, a == REG_SEED, a == REG_CNT_FB_UNOPENED,
              a == REG_CNT_EFD_UNTRACKED, a == REG_CNT_REQ_UNOPENED};
    decode = {known & {(SelBits - 1){we_in}}, we_in && known == '0};
  endfunction

  // The write as the logic below sees it: the port, or (Pipelined) the port a cycle ago, with its range
  // checks and its address decoded before the register.
  sel_t        sel;
  logic [5:0]  waddr;
  logic [31:0] wdata;
  over_t       over;
  if (Pipelined) begin : g_write_reg
    sel_t        sel_q;
    logic [5:0]  waddr_q;
    logic [31:0] wdata_q;
    over_t       over_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        sel_q <= '0;
      end else begin
        sel_q <= decode(reg_we_i, reg_addr_i);
      end
    end
    always_ff @(posedge clk_i) begin
      waddr_q <= reg_addr_i;
      wdata_q <= reg_wdata_i;
      over_q  <= range_checks(reg_wdata_i);
    end
    assign sel   = sel_q;
    assign waddr = waddr_q;
    assign wdata = wdata_q;
    assign over  = over_q;
  end else begin : g_write_now
    assign sel   = decode(reg_we_i, reg_addr_i);
    assign waddr = reg_addr_i;
    assign wdata = reg_wdata_i;
    assign over  = range_checks(reg_wdata_i);
  end

  // The counters (a write to one clears it).
  logic cnt_busy_fb, cnt_busy_efd, cnt_busy_req, clear_busy;
  uet_lb_counter #(.Width (CountW), .Split (Pipelined)) u_cnt_fb (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_fb_unopened_i), .clear_i (sel.cnt_fb),
    .value_o (cnt_fb_q), .busy_o (cnt_busy_fb)
  );
  uet_lb_counter #(.Width (CountW), .Split (Pipelined)) u_cnt_efd (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_efd_untracked_i), .clear_i (sel.cnt_efd),
    .value_o (cnt_efd_q), .busy_o (cnt_busy_efd)
  );
  uet_lb_counter #(.Width (CountW), .Split (Pipelined)) u_cnt_req (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_req_unopened_i), .clear_i (sel.cnt_req),
    .value_o (cnt_req_q), .busy_o (cnt_busy_req)
  );
  assign busy_o = cnt_busy_fb || cnt_busy_efd || cnt_busy_req || clear_busy;

  // The round robin's mask for EntropyMaskBits m: 2^m - 1.
  function automatic logic [7:0] span_of(input logic [3:0] m);
    span_of = 8'((9'd1 << m) - 9'd1);
  endfunction

  // The refusal the sticky errors take: this write's, or (Pipelined) the write's before, registered, so
  // the refusal and the error's update are in separate cycles (STATUS shows it a cycle later).
  typedef struct packed {
    logic       range, locked, addr;
    logic [5:0] waddr;
  } refuse_t;
  refuse_t refuse_now, err_refuse;
  always_comb begin
    spray_d       = spray_q;
    mask_d        = mask_q;
    span_d        = span_q;
    port_d        = port_q;
    buf_d         = buf_q;
    size_d        = size_q;
    timeout_d     = timeout_q;
    mult_d        = mult_q;
    window_d      = window_q;
    seed_d        = seed_q;
    // A refusal's sticky error and address (Pipelined: the refusal of the write before, registered),
    // before this write's STATUS clear, which the later write wins.
    err_range_d   = err_range_q || err_refuse.range;
    err_locked_d  = err_locked_q || err_refuse.locked;
    err_addr_d    = err_addr_q || err_refuse.addr;
    err_group_d   = err_group_q || bad_open_i;
    bad_addr_d    = (err_refuse.range || err_refuse.locked || err_refuse.addr) ? err_refuse.waddr : bad_addr_q;
    active_d      = active_q || group_opened_i;
    seed_we_o     = 1'b0;
    size_we_o     = 1'b0;
    clear_now     = 1'b0;
    refuse_range  = 1'b0;
    refuse_locked = 1'b0;
    refuse_addr   = 1'b0;

    // At most one strobe is set (one address per write).
    if (sel.ctrl) begin
      if (over.ctrl) refuse_range = 1'b1;
      else if (wdata[0]) clear_now = 1'b1;
    end
    if (sel.status) begin  // write 1 to clear a sticky error
      if (wdata[STATUS_ERR_RANGE])  err_range_d  = 1'b0;
      if (wdata[STATUS_ERR_LOCKED]) err_locked_d = 1'b0;
      if (wdata[STATUS_ERR_ADDR])   err_addr_d   = 1'b0;
      if (wdata[STATUS_ERR_GROUP])  err_group_d  = bad_open_i;
    end
    if (sel.spray) begin
      if (over.spray) refuse_range = 1'b1;
      else if (locked) refuse_locked = 1'b1;
      else spray_d = wdata[1:0];
    end
    if (sel.mask) begin
      if (over.mask) refuse_range = 1'b1;
      else begin
        mask_d = wdata[3:0];
        span_d = span_of(wdata[3:0]);
      end
    end
    if (sel.port) begin
      if (over.port) refuse_range = 1'b1;
      else port_d = wdata[15:0];
    end
    if (sel.buf_bits) begin
      if (over.buf_bits) refuse_range = 1'b1;
      else if (locked) refuse_locked = 1'b1;
      else buf_d = wdata[4:0];
    end
    if (sel.size) begin
      if (over.zero || over.size) refuse_range = 1'b1;
      else begin
        size_d    = wdata[16:0];
        size_we_o = 1'b1;
      end
    end
    if (sel.timeout) begin
      if (over.zero || over.timeout) refuse_range = 1'b1;
      else timeout_d = wdata;
    end
    if (sel.mult) begin
      if (over.mult) refuse_range = 1'b1;
      else mult_d = wdata[7:0];
    end
    if (sel.window) begin
      if (over.window) refuse_range = 1'b1;
      else window_d = wdata[WindowWidth-1:0];
    end
    if (sel.seed) begin
      if (over.zero) refuse_range = 1'b1;
      else begin
        seed_d    = wdata;
        seed_we_o = 1'b1;
      end
    end
    if (sel.unknown) refuse_addr = 1'b1;  // unknown or read-only
    if (clear_now) active_d = 1'b0;
  end

  // The clear of every group: as the write applies, or (Pipelined) a cycle later from a register, so
  // that it reaches the core's state (a synchronous reset of the tracker and the open bits) from a
  // flip-flop. STATUS.ACTIVE falls as the write applies either way.
  if (Pipelined) begin : g_clear_reg
    logic clear_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        clear_q <= 1'b0;
      end else begin
        clear_q <= clear_now;
      end
    end
    assign clear_groups_o = clear_q;
    assign clear_busy     = clear_q;
  end else begin : g_clear_now
    assign clear_groups_o = clear_now;
    assign clear_busy     = 1'b0;
  end

  // (The refusal the sticky errors take, declared above.)
  assign refuse_now = {refuse_range, refuse_locked, refuse_addr, waddr};
  if (Pipelined) begin : g_refuse_reg
    refuse_t refuse_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        refuse_q <= '0;
      end else begin
        refuse_q <= refuse_now;
      end
    end
    assign err_refuse = refuse_q;
  end else begin : g_refuse_now
    assign err_refuse = refuse_now;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      spray_q      <= uet_lb_pkg::SPRAY_DEFAULT;
      mask_q       <= 4'd7;
      span_q       <= span_of(4'd7);
      port_q       <= 16'd256;
      buf_q        <= BufBitsDefault;
      size_q       <= 17'd65536;
      timeout_q    <= TimeoutDefault;
      mult_q       <= 8'd3;
      window_q     <= WindowDefault;
      seed_q       <= 32'd1;
      err_range_q  <= 1'b0;
      err_locked_q <= 1'b0;
      err_addr_q   <= 1'b0;
      err_group_q  <= 1'b0;
      bad_addr_q   <= '0;
      active_q     <= 1'b0;
      efd_on_q     <= 1'b0;  // SPRAY_DEFAULT at reset
    end else begin
      spray_q      <= spray_d;
      mask_q       <= mask_d;
      span_q       <= span_d;
      port_q       <= port_d;
      buf_q        <= buf_d;
      size_q       <= size_d;
      timeout_q    <= timeout_d;
      mult_q       <= mult_d;
      window_q     <= window_d;
      seed_q       <= seed_d;
      err_range_q  <= err_range_d;
      err_locked_q <= err_locked_d;
      err_addr_q   <= err_addr_d;
      err_group_q  <= err_group_d;
      bad_addr_q   <= bad_addr_d;
      active_q     <= active_d;
      efd_on_q     <= spray_d == uet_lb_pkg::SPRAY_REPS && mult_d != 8'd0;
    end
  end

  logic [31:0] status;
  always_comb begin
    status                    = '0;
    status[STATUS_ERR_RANGE]  = err_range_q;
    status[STATUS_ERR_LOCKED] = err_locked_q;
    status[STATUS_ERR_ADDR]   = err_addr_q;
    status[STATUS_ERR_GROUP]  = err_group_q;
    status[STATUS_ACTIVE]     = active_q;
  end

  // The readable words, in address order 0x00..0x10 (unknown addresses read 0).
  localparam int unsigned Words = 17;
  logic [Words*32-1:0] words;  // (flat: word k at [32k +: 32])
  always_comb begin
    words = '0;
    words[32*REG_ID +: 32] = CORE_ID;
    words[32*REG_STATUS +: 32] = status;
    words[32*REG_SPRAY_TYPE +: 32] = 32'(spray_q);
    words[32*REG_ENTROPY_MASK_BITS +: 32] = 32'(mask_q);
    words[32*REG_START_PORT +: 32] = 32'(port_q);
    words[32*REG_REPS_BUF_BITS +: 32] = 32'(buf_q);
    words[32*REG_EV_SET_SIZE +: 32] = 32'(size_q);
    words[32*REG_FREEZE_TIMEOUT +: 32] = timeout_q;
    words[32*REG_EFD_MULT +: 32] = 32'(mult_q);
    words[32*REG_WINDOW +: 32] = 32'(window_q);
    words[32*REG_SEED +: 32] = seed_q;
    words[32*REG_CNT_FB_UNOPENED +: 32] = 32'(cnt_fb_q);
    words[32*REG_CNT_EFD_UNTRACKED +: 32] = 32'(cnt_efd_q);
    words[32*REG_CNT_REQ_UNOPENED +: 32] = 32'(cnt_req_q);
    words[32*REG_PARAMS +: 32] = {8'(TrackerEntries - 1), 8'(WindowWidth), 4'(BufBitsMax), 12'(NumGroups - 1)};
    words[32*REG_ERR_ADDR +: 32] = 32'(bad_addr_q);
  end

  // Reads: a multiplexer on reg_addr_i, or (Pipelined) the address decoded into a one-hot register and
  // an AND-OR of the words after it, so the read data are valid in the cycle after the address (three
  // LUT levels after registers, none after the port).
  if (Pipelined) begin : g_read_reg
    logic [Words-1:0] rsel_q;
    always_ff @(posedge clk_i) begin
      for (int k = 0; k < Words; k++) rsel_q[k] <= 32'(reg_addr_i) == k;
    end
    always_comb begin
      reg_rdata_o = '0;
      for (int k = 0; k < Words; k++) reg_rdata_o = reg_rdata_o | (rsel_q[k] ? words[32*k +: 32] : '0);
    end
  end else begin : g_read_now
    always_comb begin
      reg_rdata_o = 32'(reg_addr_i) < Words ? words[32*reg_addr_i +: 32] : '0;
    end
  end

  assign spray_type_o     = spray_q;
  assign span_mask_o      = span_q;
  assign start_port_o     = port_q;
  assign buf_bits_o       = buf_q;
  assign set_size_o       = size_q;
  assign freeze_timeout_o = TsWidth'(timeout_q);
  assign efd_mult_o       = mult_q;
  assign window_o         = window_q;
  assign seed_o           = seed_d;  // the value being written, valid with seed_we_o
  assign active_o         = active_q;
  assign efd_on_o         = efd_on_q;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (spray_q != 2'd3);
      assert (mask_q <= 4'd8);
      assert (span_q == span_of(mask_q));
      assert (buf_q <= 5'(BufBitsMax));
      assert (size_q != '0 && size_q <= 17'd65536);
      assert (timeout_q != '0 && timeout_q <= TimeoutMax);
      assert (seed_q != '0);
      assert (efd_on_q == (spray_q == uet_lb_pkg::SPRAY_REPS && mult_q != 8'd0));
    end
  end
`endif
endmodule
