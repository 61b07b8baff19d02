// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a piece of text (a duration, a condition, a UUID) could not be read; the message is
/// written for the user and becomes a diagnostic at the value's location.
struct _ParseFailure: Error, Equatable {
    var message: String

    init(_ message: String) { self.message = message }
}
