// Shared types and constants of the UET entropy load balancer.
`default_nettype none

package uet_lb_pkg;

  /// PacketSprayingType (SPEC section 2), as held in register SPRAY_TYPE.
  typedef enum logic [1:0] {
    SPRAY_NONE    = 2'd0,
    SPRAY_DEFAULT = 2'd1,
    SPRAY_REPS    = 2'd2
  } spray_e;

  /// How a request's entropy value was chosen (SPEC section 11).
  typedef enum logic [2:0] {
    DEC_FIXED       = 3'd0,
    DEC_ROUND_ROBIN = 3'd1,
    DEC_REUSE       = 3'd2,
    DEC_REPLAY      = 3'd3,
    DEC_EXPLORE     = 3'd4
  } decision_e;

  /// Feedback kinds on the feedback stream (SPEC section 1).
  typedef enum logic [2:0] {
    FB_ACK                = 3'd0,
    FB_ACK_ECN            = 3'd1,
    FB_NACK_TRIM          = 3'd2,
    FB_NACK_TRIM_LAST_HOP = 3'd3,
    FB_RTO                = 3'd4
  } fb_kind_e;

endpackage
