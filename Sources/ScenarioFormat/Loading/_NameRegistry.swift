// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// Names the file declares, gathered during the structural pass for the cross-reference pass.
struct _DeclaredNames {
    /// Whether `venue` was a mapping (zones and materials are only checked when it was).
    var venueRead = false
    var zones: Set<String> = []
    var materials: Set<String> = []
    /// Phone name → its app's region names (first phone of a name wins).
    var regionsByPhone: [String: Set<String>] = [:]
    /// Phone index in the file → its app's region names, for rules (which need no phone name).
    var regionsByPhoneIndex: [Int: Set<String>] = [:]
    var phones: Set<String> = []
    /// Device names of `devices:` blocks (the scenario's and imported fragments').
    var devices: Set<String> = []
    var variants: Set<String> = []
}

/// A name used by reference, checked once every declaration is known.
struct _NameReference {
    enum Kind {
        /// `regions[].zone` → `venue.zones[].name`.
        case zone
        /// `walls[].material` → built-in or `venue.materials`.
        case material
        /// `rules[].region` → a region of the phone at this index.
        case ruleRegion(phoneIndex: Int)
        /// `expect[].phone` → a phone.
        case claimPhone
        /// `expect[].region` → a region of the named phone, or of any phone.
        case claimRegion(phone: String?)
        /// `phones[].device` → a built-in device or one under `devices:`.
        case device
        /// `expect[].variant` → a name under `variants:`.
        case claimVariant
    }

    var kind: Kind
    var name: String
    var location: SourceLocation
}

/// Reports names that occur twice in one list (`beacons`, `phones`, `zones`, a phone's regions).
struct _UniqueNames {
    /// What the names are, for messages: "beacon", "phone", "zone", "region".
    let what: String
    private var firstSeen: [String: SourceLocation] = [:]

    init(what: String) { self.what = what }

    /// Adds `name` (read from `node`); reports it when already present. Returns whether it was new.
    @discardableResult
    mutating func insert(_ name: String, at node: Node, context: _DecodingContext) -> Bool {
        if let first = firstSeen[name] {
            context.error("duplicate \(what) name '\(name)' (first used at \(first.line):\(first.column))", at: node)
            return false
        }
        firstSeen[name] = context.location(of: node)
        return true
    }
}
