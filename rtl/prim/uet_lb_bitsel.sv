// Reads a ReadW-bit slice of a wide flip-flop vector in two registered steps, so no path holds the whole
// multiplexer: the first cycle selects a ChunkW-bit chunk by the index's high bits, the second the slice
// inside it by the low bits. data_o shows bits_i as it was in the cycle of the index, two cycles later.
`default_nettype none

module uet_lb_bitsel #(
  parameter int unsigned N      = 1024,  ///< bits in the vector (a multiple of ReadW)
  parameter int unsigned ReadW  = 1,     ///< bits per read (a power of 2)
  parameter int unsigned ChunkW = 32,    ///< bits the first step selects (a power of 2, >= ReadW)
  // Derived, do not override.
  parameter int unsigned Slices = N / ReadW,
  parameter int unsigned IdxW   = (Slices > 1) ? $clog2(Slices) : 1
) (
  input  logic             clk_i,
  input  logic [N-1:0]     bits_i,
  input  logic [IdxW-1:0]  idx_i,   ///< slice index: bits [ReadW*idx_i +: ReadW]
  output logic [ReadW-1:0] data_o
);
  // Chunk geometry: at least one slice, at most the whole vector.
  localparam int unsigned CW     = (ChunkW < ReadW) ? ReadW : ((ChunkW > N) ? N : ChunkW);
  localparam int unsigned Chunks = (N + CW - 1) / CW;
  localparam int unsigned PerC   = CW / ReadW;                         // slices per chunk
  localparam int unsigned LoW    = (PerC > 1) ? $clog2(PerC) : 1;
  localparam int unsigned PadN   = Chunks * CW;

  logic [PadN-1:0] padded;
  assign padded = PadN'(bits_i);

  logic [CW-1:0]   chunk_q;
  logic [LoW-1:0]  lo_q;
  logic [31:0]     hi;
  assign hi = (PerC > 1) ? (32'(idx_i) >> LoW) : 32'(idx_i);

  always_ff @(posedge clk_i) begin
    chunk_q <= (hi < Chunks) ? padded[CW*hi +: CW] : '0;
    lo_q    <= (PerC > 1) ? LoW'(idx_i) : '0;
  end

  always_ff @(posedge clk_i) begin
    data_o <= chunk_q[ReadW*lo_q +: ReadW];
  end
endmodule
