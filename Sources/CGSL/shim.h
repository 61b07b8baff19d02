// SPDX-License-Identifier: GPL-3.0-or-later
// The only C surface BeaconSim uses from GNU GSL. Swift 6 rejects reading GSL's mutable C globals
// directly, so the generator type BeaconSim defines is exposed through a static inline accessor.
#ifndef BEACONSIM_CGSL_SHIM_H
#define BEACONSIM_CGSL_SHIM_H

#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_multifit_nlinear.h>

#include <stdint.h>

/// SplitMix64's output function (Steele, Lea & Flood 2014; Stafford's "variant 13" mixer):
/// a bijection of 64-bit words that turns a Weyl sequence into random-looking output.
static inline uint64_t cgsl_mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// A per-stream increment ("gamma") from a seed, as SplittableRandom's mixGamma: odd, and with
/// at least 24 bit transitions so the Weyl sequence is not too regular (Steele et al. 2014, §3).
static inline uint64_t cgsl_mix_gamma(uint64_t z) {
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdULL;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    z = (z ^ (z >> 33)) | 1ULL;
    return __builtin_popcountll(z ^ (z >> 1)) < 24 ? z ^ 0xaaaaaaaaaaaaaaaaULL : z;
}

/// The state of BeaconSim's counter-based generator: draw n (counting from 1) of a stream is
/// mix64(origin + n * gamma), a pure function of the stream's key (origin, gamma) and the counter,
/// so a stream can be positioned anywhere in O(1). 24 bytes, against MT19937's 5 KB.
typedef struct {
    uint64_t origin;
    uint64_t gamma;
    uint64_t counter;
} cgsl_counter_state;

/// Keys a stream from a 64-bit seed and sets its counter to 0.
static inline void cgsl_counter_seed(cgsl_counter_state *state, uint64_t seed) {
    state->origin = cgsl_mix64(seed);
    state->gamma = cgsl_mix_gamma(seed + 0x9e3779b97f4a7c15ULL);
    state->counter = 0;
}

/// The next 64-bit output.
static inline uint64_t cgsl_counter_next(cgsl_counter_state *state) {
    state->counter += 1;
    return cgsl_mix64(state->origin + state->counter * state->gamma);
}

/// The next output as a double uniform on [0, 1), from its top 53 bits.
static inline double cgsl_counter_uniform(cgsl_counter_state *state) {
    return (double)(cgsl_counter_next(state) >> 11) * 0x1.0p-53;
}

static void cgsl_counter_set(void *state, unsigned long seed) { cgsl_counter_seed((cgsl_counter_state *)state, seed); }
static unsigned long cgsl_counter_get(void *state) { return cgsl_counter_next((cgsl_counter_state *)state); }
static double cgsl_counter_get_double(void *state) { return cgsl_counter_uniform((cgsl_counter_state *)state); }

/// The counter-based generator as a GSL generator type, so every GSL distribution (ziggurat
/// normals, exponentials, …) draws from it. Full 64-bit outputs.
static inline const gsl_rng_type *cgsl_rng_counter(void) {
    static const gsl_rng_type type = {
        "beaconsim-splitmix64-counter", 0xffffffffffffffffUL, 0, sizeof(cgsl_counter_state),
        &cgsl_counter_set, &cgsl_counter_get, &cgsl_counter_get_double};
    return &type;
}

/// A scripted generator for reading GSL's own constants back out of it (`ZigguratTable`): its
/// outputs are `first`, then zeros; `calls` counts the outputs taken.
typedef struct {
    uint64_t first;
    uint64_t calls;
} cgsl_probe_state;

static unsigned long cgsl_probe_get(void *state) {
    cgsl_probe_state *probe = (cgsl_probe_state *)state;
    probe->calls += 1;
    return probe->calls == 1 ? probe->first : 0;
}
static double cgsl_probe_get_double(void *state) { return (double)(cgsl_probe_get(state) >> 11) * 0x1.0p-53; }
static void cgsl_probe_set(void *state, unsigned long seed) { ((cgsl_probe_state *)state)->first = seed; }

/// The scripted generator as a GSL generator type with the counter generator's range (full 64-bit
/// outputs), so GSL's distributions take the same branches as with the real one.
static inline const gsl_rng_type *cgsl_rng_probe(void) {
    static const gsl_rng_type type = {
        "beaconsim-probe", 0xffffffffffffffffUL, 0, sizeof(cgsl_probe_state),
        &cgsl_probe_set, &cgsl_probe_get, &cgsl_probe_get_double};
    return &type;
}

/// GSL's trust-region solver type for non-linear least squares (gsl_multifit_nlinear).
static inline const gsl_multifit_nlinear_type *cgsl_multifit_nlinear_trust(void) { return gsl_multifit_nlinear_trust; }

#endif
