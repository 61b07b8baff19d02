// SPDX-License-Identifier: GPL-3.0-or-later
// A hint Swift does not expose: bring a cache line in before the code needs it.
#ifndef BEACONSIM_CPREFETCH_H
#define BEACONSIM_CPREFETCH_H

/// Asks the processor to fetch the cache line holding `address` into every cache level, for
/// writing (GCC and Clang's `__builtin_prefetch`). A hint only: it never faults and changes no
/// value, so it affects speed alone.
static inline void beaconsim_prefetch(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
