// SPDX-License-Identifier: GPL-3.0-or-later
// The only C surface BeaconSim uses from GNU GSL. Swift 6 rejects reading GSL's mutable C globals
// (such as gsl_rng_mt19937) directly, so they are exposed through static inline accessors.
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

/// The Mersenne Twister generator type (MT19937, Matsumoto & Nishimura 1998).
static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }

/// GSL's trust-region solver type for non-linear least squares (gsl_multifit_nlinear).
static inline const gsl_multifit_nlinear_type *cgsl_multifit_nlinear_trust(void) { return gsl_multifit_nlinear_trust; }

#endif
