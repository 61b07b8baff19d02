// SPDX-License-Identifier: GPL-3.0-or-later

/// Loss through floor slabs between a beacon and a phone `F` floors apart (rf.md §3.5, §4).
///
/// Two published forms, chosen per scenario (`radio.floorModel`):
/// - `cost231` (default): L = L_f · F^((F+2)/(F+1) − b), L_f = 18.3 dB, b = 0.46 — COST 231
///   multi-wall model, Final Report §4.7 eq. 4.7.2, as coded in the Vienna SL `Cost231Indoor.m`;
///   the same term is used by ITU-R M.1225, TGax and SEAMCAT (rf.md §3.5, H). The exponent makes
///   each further slab cost less: 18.3 dB for one floor, 33.5 dB for two.
/// - `p1238`: L = 15 + 4(F − 1) dB — ITU-R P.1238 legacy office table at 1.8–2 GHz (rf.md §3.4, H;
///   the 2.4 GHz office value 14 dB for one floor is M).
public struct FloorLossModel: Hashable, Sendable {
    public enum Form: String, Hashable, Sendable, CaseIterable {
        case cost231, p1238
    }

    public var form: Form
    /// COST 231 loss for one adjacent floor, dB (18.3, rf.md §3.5).
    public var perFloor: Double
    /// COST 231 empirical parameter b (0.46, rf.md §3.5).
    public var b: Double

    public init(form: Form = .cost231, perFloor: Double = 18.3, b: Double = 0.46) {
        self.form = form
        self.perFloor = perFloor
        self.b = b
    }

    /// Loss for `floors` slabs between the two ends, dB (0 for the same floor).
    @inlinable public func loss(floors: Int) -> Double {
        guard floors > 0 else { return 0 }
        let f = Double(floors)
        switch form {
        case .cost231: return perFloor * _pow(f, (f + 2) / (f + 1) - b)
        case .p1238: return 15 + 4 * (f - 1)
        }
    }
}
