// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

// Thin wrappers so the model files need no Foundation import of their own.
func _cos(_ x: Double) -> Double { cos(x) }
func _sin(_ x: Double) -> Double { sin(x) }
func _log10(_ x: Double) -> Double { log10(x) }
func _exp(_ x: Double) -> Double { exp(x) }
func _log(_ x: Double) -> Double { log(x) }
