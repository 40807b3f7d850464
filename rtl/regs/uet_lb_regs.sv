// Register block of the load balancer: configuration (SPEC section 2 attributes the hardware reads, W,
// the PRNG seed), sticky errors and counters, behind a simple register port. An out-of-range write is
// refused (the old value stays) and sets a sticky error bit; nothing is clamped.
//
// Two copies of the configuration: the written one (what reads return) takes an accepted write at once;
// the active one (what the core uses) takes every write made since, a CTRL clear and a re-seed only when
// the core says every event accepted before them has been applied (apply_i, while pending_o). So a
// write applies between events, never under an event in flight; the core holds new events meanwhile.
`default_nettype none

module uet_lb_regs #(
  parameter int unsigned NumGroups      = 16,
  parameter int unsigned BufBitsMax     = 3,
  parameter int unsigned TsWidth        = 32,
  parameter int unsigned WindowWidth    = 12,
  parameter int unsigned TrackerEntries = 1024,
  parameter int unsigned TrackerWays    = 4,
  parameter int unsigned TrackerRuns    = 2,
  parameter int unsigned CodeW          = 75,  ///< bits of a stored group-state word (ECC register)
  parameter bit          Ecc            = 1'b1,
  parameter int unsigned CountW         = 32   ///< counter width, 2..32 (below 32 for tests only)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,          ///< synchronous, active low
  // Register port: the port, its range checks and its decoded address are registered first, so a write
  // is taken at the edge after the one that samples it (a refusal's error shows a cycle after that);
  // read data are valid in the cycle after the address.
  input  logic                   reg_we_i,
  input  logic [5:0]             reg_addr_i,      ///< word address
  input  logic [31:0]            reg_wdata_i,
  output logic [31:0]            reg_rdata_o,
  output logic                   reg_werr_o,      ///< the write presented two cycles ago was refused (range,
                                                  ///< locked, unknown or read-only address): its bus error
  // Events from the datapath.
  input  logic                   group_opened_i,  ///< a group was opened this cycle
  input  logic                   opening_i,       ///< an open taken is on its way (not yet group_opened_i):
                                                  ///< the locked registers are locked already
  input  logic                   bad_open_i,      ///< an open named a group >= NumGroups (dropped)
  input  logic                   inc_fb_unopened_i,
  input  logic                   inc_efd_untracked_i,
  input  logic                   inc_req_unopened_i,
  input  logic [2:0]              inc_ecc_corrected_i,  ///< per read (both lanes' words, a slot): one flip corrected
  input  logic [2:0]              inc_ecc_double_i,     ///< per read: two flips found (STATUS.ECC_DOUBLE)
  /// Every event accepted before the pending writes has been applied: the active configuration takes
  /// them at this edge (with pending_o).
  input  logic                   apply_i,
  output logic                   pending_o,       ///< a write, a CTRL clear or a re-seed waits for apply_i
  output logic                   pending_next_o,  ///< pending_o next cycle
  // Active configuration out.
  output logic [1:0]             spray_type_o,    ///< a uet_lb_pkg::spray_e value
  output logic [7:0]             span_mask_o,     ///< 2^EntropyMaskBits - 1
  output logic [15:0]            start_port_o,
  output logic [4:0]             buf_bits_o,
  output logic [16:0]            set_size_o,
  output logic [TsWidth-1:0]     freeze_timeout_o,
  output logic [7:0]             efd_mult_o,
  output logic [WindowWidth-1:0] window_o,
  output logic                   seed_we_o,       ///< re-seed the PRNG (at an apply after a SEED write)
  output logic [31:0]            seed_o,          ///< new PRNG state, valid with seed_we_o
  output logic                   efd_on_o,        ///< REPS with a non-zero multiplier (active)
  output logic                   clear_groups_o,  ///< close every group, flush the tracker (at an apply after
                                                  ///< a CTRL clear)
  output logic                   active_o         ///< a group was opened since reset or the last CTRL clear
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
  localparam logic [5:0] REG_TRACKER           = 6'h11;  // RO the early-failure tracker's geometry
  // (6'h12: uet_lb_axi's own CNT_AXIS_DROPPED; the core reads it 0.)
  localparam logic [5:0] REG_CNT_ECC_CORRECTED = 6'h13;  // RO (write clears) state reads corrected
  localparam logic [5:0] REG_CNT_ECC_DOUBLE    = 6'h14;  // RO (write clears) state reads with two flips
  localparam logic [5:0] REG_ECC               = 6'h15;  // RO how the state words and slots are stored

  /// STATUS bits.
  localparam int unsigned STATUS_ERR_RANGE  = 0;  // a write was out of range (old value kept)
  localparam int unsigned STATUS_ERR_LOCKED = 1;  // a write to a locked register while groups were open
  localparam int unsigned STATUS_ERR_ADDR   = 2;  // a write to an unknown or read-only address
  localparam int unsigned STATUS_ERR_GROUP  = 3;  // an open named a group >= NumGroups (dropped)
  localparam int unsigned STATUS_ECC_DOUBLE = 4;  // a state word was read with two flipped bits
  localparam int unsigned STATUS_ACTIVE     = 8;  // RO: a group has been opened since reset or CLEAR
  localparam int unsigned STATUS_PENDING    = 9;  // RO: a write waits for the events before it

  localparam logic [31:0] CORE_ID = 32'h5545_0200;  // "UE", version 2.0

  localparam logic [4:0] BufBitsDefault = (BufBitsMax >= 3) ? 5'd3 : 5'(BufBitsMax);
  localparam logic [WindowWidth-1:0] WindowDefault =
      (WindowWidth >= 7) ? WindowWidth'(71) : {WindowWidth{1'b1}};
  localparam logic [31:0] TimeoutMax = (TsWidth >= 32) ? 32'h7fff_ffff : (32'd1 << (TsWidth - 1)) - 32'd1;
  // FreezingTimeout at reset: 100,000 ns, or the largest the timestamps allow when that is smaller.
  localparam logic [31:0] TimeoutDefault = (TimeoutMax < 32'd100_000) ? TimeoutMax : 32'd100_000;

  // The configuration as one word, so the written and the active copy are one assignment apart.
  typedef struct packed {
    logic [1:0]             spray;  // a uet_lb_pkg::spray_e value
    logic [3:0]             mask;
    logic [7:0]             span;   // 2^mask - 1, written with mask (no subtraction on use)
    logic [15:0]            port;
    logic [4:0]             bufb;
    logic [16:0]            size;
    logic [31:0]            timeout;
    logic [7:0]             mult;
    logic [WindowWidth-1:0] window;
    logic [31:0]            seed;
  } cfg_t;

  // The round robin's mask for EntropyMaskBits m: 2^m - 1.
  function automatic logic [7:0] span_of(input logic [3:0] m);
    span_of = 8'((9'd1 << m) - 9'd1);
  endfunction

  // (A concatenation in field order: spray, mask, span, port, bufb, size, timeout, mult, window, seed.)
  localparam cfg_t CfgReset = {2'(uet_lb_pkg::SPRAY_DEFAULT), 4'd7, 8'd127, 16'd256, BufBitsDefault,
                               17'd65536, TimeoutDefault, 8'd3, WindowDefault, 32'd1};

  cfg_t        cfg_q, cfg_d, act_q;
  logic        err_range_q, err_range_d, err_locked_q, err_locked_d, err_addr_q, err_addr_d,
               err_group_q, err_group_d, ecc_double_q, ecc_double_d;
  logic [5:0]  bad_addr_q, bad_addr_d;
  logic        active_q, active_d;
  logic [CountW-1:0] cnt_fb_q, cnt_efd_q, cnt_req_q, cnt_ecc1_q, cnt_ecc2_q;
  logic        refuse_range, refuse_locked, refuse_addr, clear_now;
  // What waits for apply_i: a configuration write, a CTRL clear, a SEED write (the re-seed).
  logic        pend_cfg_q, pend_cfg_d, pend_clear_q, pend_clear_d, pend_seed_q, pend_seed_d;

  // Range checks of a written word. A test `value > 2^k - 1` is `value[31:k] != 0`; the other limits add
  // a test of a few low bits (a `>` against a constant would be a carry chain).
  typedef struct packed {
    logic zero, ctrl, spray, mask, port, buf_bits, size, timeout, mult, window;
  } over_t;
  function automatic over_t range_checks(input logic [31:0] v);
    range_checks = {v == 32'd0,                                  // zero
                    v[31:1] != '0,                               // ctrl: > 1
                    v[31:2] != '0 || v[1:0] == 2'd3,             // spray: > 2
                    v[31:4] != '0 || (v[3] && v[2:0] != '0),     // mask: > 8
                    v[31:16] != '0,                              // port: > 65535
                    v[31:5] != '0 || v[4:0] > 5'(BufBitsMax),    // buf_bits (BufBitsMax <= 15)
                    v[31:17] != '0 || (v[16] && v[15:0] != '0),  // size: > 65536
                    (v >> (TsWidth - 1)) != '0,                  // timeout: > TimeoutMax
                    v[31:8] != '0,                               // mult: > 255
                    (v >> WindowWidth) != '0};                   // window: > 2^WindowWidth - 1
  endfunction

  // The write decoded: one strobe per writable address (`we` included), `unknown` for a write to an
  // unknown or read-only one.
  typedef struct packed {
    logic ctrl, status, spray, mask, port, buf_bits, size, timeout, mult, window, seed, cnt_fb, cnt_efd,
          cnt_req, cnt_ecc1, cnt_ecc2, unknown;
  } sel_t;
  // (Built as a vector in sel_t's field order: Yosys 0.23 takes no field assignment in a function.)
  localparam int unsigned SelBits = 17;  // the fields of sel_t (Yosys 0.23 takes no $bits of a type)
  function automatic logic [SelBits-1:0] decode(input logic we_in, input logic [5:0] a);
    logic [SelBits-2:0] known;
    known  = {a == REG_CTRL, a == REG_STATUS, a == REG_SPRAY_TYPE, a == REG_ENTROPY_MASK_BITS,
              a == REG_START_PORT, a == REG_REPS_BUF_BITS, a == REG_EV_SET_SIZE, a == REG_FREEZE_TIMEOUT,
              a == REG_EFD_MULT, a == REG_WINDOW, a == REG_SEED, a == REG_CNT_FB_UNOPENED,
              a == REG_CNT_EFD_UNTRACKED, a == REG_CNT_REQ_UNOPENED, a == REG_CNT_ECC_CORRECTED,
              a == REG_CNT_ECC_DOUBLE};
    decode = {known & {(SelBits - 1){we_in}}, we_in && known == '0};
  endfunction

  // The write as the logic below sees it: the port a cycle ago, with its range checks and its address
  // decoded before the register.
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

  // The counters (a write to one clears it).
  uet_lb_counter #(.Width (CountW)) u_cnt_fb (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_fb_unopened_i), .clear_i (sel_q.cnt_fb), .value_o (cnt_fb_q)
  );
  uet_lb_counter #(.Width (CountW)) u_cnt_efd (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_efd_untracked_i), .clear_i (sel_q.cnt_efd), .value_o (cnt_efd_q)
  );
  uet_lb_counter #(.Width (CountW)) u_cnt_req (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_req_unopened_i), .clear_i (sel_q.cnt_req), .value_o (cnt_req_q)
  );
  uet_lb_counter #(.Width (CountW), .Incs (3)) u_cnt_ecc1 (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_ecc_corrected_i), .clear_i (sel_q.cnt_ecc1), .value_o (cnt_ecc1_q)
  );
  uet_lb_counter #(.Width (CountW), .Incs (3)) u_cnt_ecc2 (
    .clk_i (clk_i), .rst_ni (rst_ni), .inc_i (inc_ecc_double_i), .clear_i (sel_q.cnt_ecc2), .value_o (cnt_ecc2_q)
  );

  // The refusal the sticky errors take: the write's before, registered (STATUS shows it a cycle later).
  typedef struct packed {
    logic       range, locked, addr;
    logic [5:0] waddr;
  } refuse_t;
  refuse_t refuse_q;

  always_comb begin
    cfg_d         = cfg_q;
    err_range_d   = err_range_q || refuse_q.range;
    err_locked_d  = err_locked_q || refuse_q.locked;
    err_addr_d    = err_addr_q || refuse_q.addr;
    err_group_d   = err_group_q || bad_open_i;
    ecc_double_d  = ecc_double_q || inc_ecc_double_i != '0;
    bad_addr_d    = (refuse_q.range || refuse_q.locked || refuse_q.addr) ? refuse_q.waddr : bad_addr_q;
    active_d      = active_q || group_opened_i;
    clear_now     = 1'b0;
    refuse_range  = 1'b0;
    refuse_locked = 1'b0;
    refuse_addr   = 1'b0;
    pend_cfg_d    = pend_cfg_q && !apply_i;
    pend_clear_d  = pend_clear_q && !apply_i;
    pend_seed_d   = pend_seed_q && !apply_i;

    // At most one strobe is set (one address per write).
    if (sel_q.ctrl) begin
      if (over_q.ctrl) refuse_range = 1'b1;
      else if (wdata_q[0]) clear_now = 1'b1;
    end
    if (sel_q.status) begin  // write 1 to clear a sticky error
      if (wdata_q[STATUS_ERR_RANGE])  err_range_d  = 1'b0;
      if (wdata_q[STATUS_ERR_LOCKED]) err_locked_d = 1'b0;
      if (wdata_q[STATUS_ERR_ADDR])   err_addr_d   = 1'b0;
      if (wdata_q[STATUS_ERR_GROUP])  err_group_d  = bad_open_i;
      if (wdata_q[STATUS_ECC_DOUBLE]) ecc_double_d = inc_ecc_double_i != '0;
    end
    if (sel_q.spray) begin
      if (over_q.spray) refuse_range = 1'b1;
      else if (active_q || opening_i) refuse_locked = 1'b1;
      else cfg_d.spray = wdata_q[1:0];
    end
    if (sel_q.mask) begin
      if (over_q.mask) refuse_range = 1'b1;
      else begin
        cfg_d.mask = wdata_q[3:0];
        cfg_d.span = span_of(wdata_q[3:0]);
      end
    end
    if (sel_q.port) begin
      if (over_q.port) refuse_range = 1'b1;
      else cfg_d.port = wdata_q[15:0];
    end
    if (sel_q.buf_bits) begin
      if (over_q.buf_bits) refuse_range = 1'b1;
      else if (active_q || opening_i) refuse_locked = 1'b1;
      else cfg_d.bufb = wdata_q[4:0];
    end
    if (sel_q.size) begin
      if (over_q.zero || over_q.size) refuse_range = 1'b1;
      else cfg_d.size = wdata_q[16:0];
    end
    if (sel_q.timeout) begin
      if (over_q.zero || over_q.timeout) refuse_range = 1'b1;
      else cfg_d.timeout = wdata_q;
    end
    if (sel_q.mult) begin
      if (over_q.mult) refuse_range = 1'b1;
      else cfg_d.mult = wdata_q[7:0];
    end
    if (sel_q.window) begin
      if (over_q.window) refuse_range = 1'b1;
      else cfg_d.window = wdata_q[WindowWidth-1:0];
    end
    if (sel_q.seed) begin
      if (over_q.zero) refuse_range = 1'b1;
      else begin
        cfg_d.seed  = wdata_q;
        pend_seed_d = 1'b1;
      end
    end
    if (sel_q.unknown) refuse_addr = 1'b1;  // unknown or read-only
    // A configuration write taken (not refused) waits for the events before it.
    if ((sel_q.spray || sel_q.mask || sel_q.port || sel_q.buf_bits || sel_q.size || sel_q.timeout ||
         sel_q.mult || sel_q.window || sel_q.seed) && !refuse_range && !refuse_locked) pend_cfg_d = 1'b1;
    if (clear_now) begin
      active_d     = 1'b0;
      pend_clear_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q        <= CfgReset;
      act_q        <= CfgReset;
      err_range_q  <= 1'b0;
      err_locked_q <= 1'b0;
      err_addr_q   <= 1'b0;
      err_group_q  <= 1'b0;
      ecc_double_q <= 1'b0;
      bad_addr_q   <= '0;
      active_q     <= 1'b0;
      refuse_q     <= '0;
      pend_cfg_q   <= 1'b0;
      pend_clear_q <= 1'b0;
      pend_seed_q  <= 1'b0;
    end else begin
      cfg_q        <= cfg_d;
      if (apply_i) act_q <= cfg_q;
      err_range_q  <= err_range_d;
      err_locked_q <= err_locked_d;
      err_addr_q   <= err_addr_d;
      err_group_q  <= err_group_d;
      ecc_double_q <= ecc_double_d;
      bad_addr_q   <= bad_addr_d;
      active_q     <= active_d;
      refuse_q     <= {refuse_range, refuse_locked, refuse_addr, waddr_q};
      pend_cfg_q   <= pend_cfg_d;
      pend_clear_q <= pend_clear_d;
      pend_seed_q  <= pend_seed_d;
    end
  end

  assign reg_werr_o     = refuse_q.range || refuse_q.locked || refuse_q.addr;
  assign pending_o      = pend_cfg_q || pend_clear_q || pend_seed_q;
  assign pending_next_o = pend_cfg_d || pend_clear_d || pend_seed_d;
  // The one-cycle commands of an apply (the active copy takes cfg_q at the same edge).
  assign clear_groups_o = apply_i && pend_clear_q;
  assign seed_we_o      = apply_i && pend_seed_q;
  assign seed_o         = cfg_q.seed;

  logic [31:0] status;
  always_comb begin
    status                    = '0;
    status[STATUS_ERR_RANGE]  = err_range_q;
    status[STATUS_ERR_LOCKED] = err_locked_q;
    status[STATUS_ERR_ADDR]   = err_addr_q;
    status[STATUS_ERR_GROUP]  = err_group_q;
    status[STATUS_ECC_DOUBLE] = ecc_double_q;
    status[STATUS_ACTIVE]     = active_q;
    status[STATUS_PENDING]    = pending_o;
  end

  // PARAMS[31:24] is TrackerEntries - 1 up to 255 entries and 255 above (TRACKER has the size).
  localparam int unsigned TrkParam = (TrackerEntries > 256) ? 255 : TrackerEntries - 1;

  // The readable words, in address order 0x00..0x15 (unknown addresses and 0x12 read 0).
  localparam int unsigned Words = 22;
  logic [Words*32-1:0] words;  // (flat: word k at [32k +: 32])
  always_comb begin
    words = '0;
    words[32*REG_ID +: 32] = CORE_ID;
    words[32*REG_STATUS +: 32] = status;
    words[32*REG_SPRAY_TYPE +: 32] = 32'(cfg_q.spray);
    words[32*REG_ENTROPY_MASK_BITS +: 32] = 32'(cfg_q.mask);
    words[32*REG_START_PORT +: 32] = 32'(cfg_q.port);
    words[32*REG_REPS_BUF_BITS +: 32] = 32'(cfg_q.bufb);
    words[32*REG_EV_SET_SIZE +: 32] = 32'(cfg_q.size);
    words[32*REG_FREEZE_TIMEOUT +: 32] = cfg_q.timeout;
    words[32*REG_EFD_MULT +: 32] = 32'(cfg_q.mult);
    words[32*REG_WINDOW +: 32] = 32'(cfg_q.window);
    words[32*REG_SEED +: 32] = cfg_q.seed;
    words[32*REG_CNT_FB_UNOPENED +: 32] = 32'(cnt_fb_q);
    words[32*REG_CNT_EFD_UNTRACKED +: 32] = 32'(cnt_efd_q);
    words[32*REG_CNT_REQ_UNOPENED +: 32] = 32'(cnt_req_q);
    words[32*REG_PARAMS +: 32] = {8'(TrkParam), 8'(WindowWidth), 4'(BufBitsMax), 12'(NumGroups - 1)};
    words[32*REG_ERR_ADDR +: 32] = 32'(bad_addr_q);
    words[32*REG_TRACKER +: 32] = {4'(TrackerRuns), 4'(TrackerWays), 24'(TrackerEntries)};
    words[32*REG_CNT_ECC_CORRECTED +: 32] = 32'(cnt_ecc1_q);
    words[32*REG_CNT_ECC_DOUBLE +: 32] = 32'(cnt_ecc2_q);
    words[32*REG_ECC +: 32] = {8'd0, 8'(16 + (Ecc ? uet_lb_secded_pkg::check_bits(16) : 0)), 7'd0, Ecc, 8'(CodeW)};
  end

  // Reads: the address decoded into a one-hot register, and an AND-OR of the words after it, so the read
  // data are valid in the cycle after the address.
  logic [Words-1:0] rsel_q;
  always_ff @(posedge clk_i) begin
    for (int k = 0; k < Words; k++) rsel_q[k] <= 32'(reg_addr_i) == k;
  end
  uet_lb_onehot_mux #(.N (Words), .W (32)) u_rd (.sel_i (rsel_q), .data_i (words), .data_o (reg_rdata_o));

  assign spray_type_o     = act_q.spray;
  assign span_mask_o      = act_q.span;
  assign start_port_o     = act_q.port;
  assign buf_bits_o       = act_q.bufb;
  assign set_size_o       = act_q.size;
  assign freeze_timeout_o = TsWidth'(act_q.timeout);
  assign efd_mult_o       = act_q.mult;
  assign window_o         = act_q.window;
  assign efd_on_o         = act_q.spray == uet_lb_pkg::SPRAY_REPS && act_q.mult != 8'd0;
  assign active_o         = active_q;

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      a_spray_legal: assert (cfg_q.spray != 2'd3 && act_q.spray != 2'd3);
      a_mask_legal: assert (cfg_q.mask <= 4'd8);
      a_span_of_mask: assert (cfg_q.span == span_of(cfg_q.mask) && act_q.span == span_of(act_q.mask));
      a_bufb_legal: assert (cfg_q.bufb <= 5'(BufBitsMax) && act_q.bufb <= 5'(BufBitsMax));
      a_size_legal: assert (cfg_q.size != '0 && cfg_q.size <= 17'd65536 && act_q.size != '0);
      a_timeout_legal: assert (cfg_q.timeout != '0 && cfg_q.timeout <= TimeoutMax && act_q.timeout != '0);
      a_seed_nonzero: assert (cfg_q.seed != '0);
      // While nothing is pending the active copy is the written one.
      if (!pend_cfg_q) a_active_is_cfg: assert (act_q == cfg_q);
    end
  end
`endif
endmodule
