// SPDX-License-Identifier: GPL-3.0-or-later

/// Knife-edge diffraction around a human body (rf.md §5; MODELLED, not measured).
///
/// ITU-R P.526 single knife-edge loss J(v) = 6.9 + 20·log10(√((v − 0.1)² + 1) + v − 0.1) dB for
/// v > −0.78, with v = h·√(2/λ · (1/d₁ + 1/d₂)); the torso is a screen of width w, diffracting
/// around both sides (h = w/2), and the two edges are summed in power: L = J(v) − 10·log10 2.
/// rf.md §5 table: a 0.45 m person mid-path of a 10 m link gives v = 0.57, J = 10.9 dB, L = 7.9 dB.
public enum KnifeEdge {
    /// J(v), dB (0 for v ≤ −0.78).
    @inlinable public static func loss(v: Double) -> Double {
        guard v > -0.78 else { return 0 }
        let u = v - 0.1
        return 6.9 + 20 * _log10((u * u + 1).squareRoot() + u)
    }

    /// Loss of a body of width `width` metres at `d1` metres from one end and `d2` from the
    /// other, both edges summed in power, dB (never negative).
    @inlinable public static func bodyLoss(width: Double, d1: Double, d2: Double, wavelength: Double) -> Double {
        bodyLoss(width: width, offset: 0, d1: d1, d2: d2, wavelength: wavelength)
    }

    /// The same for a body whose centre lies `offset` metres beside the line: its edges are
    /// w/2 + offset and w/2 − offset from the line (v₁, v₂), summed in power:
    /// L = −10·log10(10^(−J(v₁)/10) + 10^(−J(v₂)/10)), never negative. offset 0 gives J(v) − 3.01 dB.
    @inlinable public static func bodyLoss(
        width: Double, offset: Double, d1: Double, d2: Double, wavelength: Double
    ) -> Double {
        guard d1 > 0, d2 > 0 else { return 0 }
        let k = (2 / wavelength * (1 / d1 + 1 / d2)).squareRoot()
        let near = loss(v: (width / 2 - abs(offset)) * k), far = loss(v: (width / 2 + abs(offset)) * k)
        return max(0, -10 * _log10(_pow10(-near / 10) + _pow10(-far / 10)))
    }
}
