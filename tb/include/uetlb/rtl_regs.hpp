// Register word addresses and STATUS bits of the uet_lb register port (rtl/uet_lb_regs.sv; docs/registers.md).
#pragma once

#include <cstdint>

namespace uetlb::regs {

/// Cycles from a change of base_rtt_i to the first accepted request whose deadline uses it (M x base RTT
/// is computed in two registered steps, docs/interfaces.md).
inline constexpr unsigned kSpanDelay = 2;
/// Cycles from a request's acceptance to its response, when the response queue is empty and taken.
inline constexpr unsigned kRspLatency = 9;

inline constexpr std::uint8_t kId = 0x00;
inline constexpr std::uint8_t kCtrl = 0x01;
inline constexpr std::uint8_t kStatus = 0x02;
inline constexpr std::uint8_t kSprayType = 0x03;
inline constexpr std::uint8_t kEntropyMaskBits = 0x04;
inline constexpr std::uint8_t kStartPort = 0x05;
inline constexpr std::uint8_t kRepsBufBits = 0x06;
inline constexpr std::uint8_t kEvSetSize = 0x07;
inline constexpr std::uint8_t kFreezeTimeout = 0x08;
inline constexpr std::uint8_t kEfdMult = 0x09;
inline constexpr std::uint8_t kWindow = 0x0A;
inline constexpr std::uint8_t kSeed = 0x0B;
inline constexpr std::uint8_t kCntFbUnopened = 0x0C;
inline constexpr std::uint8_t kCntEfdUntracked = 0x0D;
inline constexpr std::uint8_t kCntReqUnopened = 0x0E;
inline constexpr std::uint8_t kParams = 0x0F;
inline constexpr std::uint8_t kErrAddr = 0x10;
inline constexpr std::uint8_t kTracker = 0x11;

inline constexpr std::uint32_t kStatusErrRange = 1U << 0;
inline constexpr std::uint32_t kStatusErrLocked = 1U << 1;
inline constexpr std::uint32_t kStatusErrAddr = 1U << 2;
inline constexpr std::uint32_t kStatusErrGroup = 1U << 3;
inline constexpr std::uint32_t kStatusActive = 1U << 8;
inline constexpr std::uint32_t kStatusPending = 1U << 9;
inline constexpr std::uint32_t kStatusErrors = kStatusErrRange | kStatusErrLocked | kStatusErrAddr | kStatusErrGroup;

inline constexpr std::uint32_t kCoreId = 0x55450200;

}  // namespace uetlb::regs
