// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

// Thin wrappers so the model files need no Foundation import of their own.
@usableFromInline func _acos(_ x: Double) -> Double { acos(x) }
@usableFromInline func _log10(_ x: Double) -> Double { log10(x) }
@usableFromInline func _exp(_ x: Double) -> Double { exp(x) }
@usableFromInline func _pow10(_ x: Double) -> Double { pow(10, x) }
@usableFromInline func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline func _asin(_ x: Double) -> Double { asin(x) }
@usableFromInline func _log(_ x: Double) -> Double { log(x) }
