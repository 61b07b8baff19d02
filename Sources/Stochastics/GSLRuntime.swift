// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

/// One-time GSL set-up: GSL's default error handler calls `abort()`, which would turn a domain
/// error into a crash. BeaconSim checks its inputs itself, so the handler is switched off once;
/// and the ziggurat's steps are read out of GSL for `CounterStream.normal` (`ZigguratTable`).
enum GSLRuntime {
    static let prepared: Bool = {
        gsl_set_error_handler_off()
        ZigguratTable.load()
        return true
    }()
}
