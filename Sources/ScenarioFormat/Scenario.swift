// SPDX-License-Identifier: GPL-3.0-or-later

/// A decoded, validated scenario (schema version 1): plain data, `Sendable`, no behaviour.
///
/// Durations are integer nanoseconds (`Int64`), powers dBm, distances metres.
public struct Scenario: Sendable, Equatable {
    public var schemaVersion: Int
    /// Name used for the results folder; defaults to the file name without extension.
    public var name: String
    public var summary: String?
    /// Default seed for `run` (overridden by `--seed`); default 1.
    public var seed: UInt64
    /// Simulated length of a run, in nanoseconds.
    public var duration: Int64
    /// Default number of replications for `check` (overridden by `--replications`); default 100.
    public var replications: Int
    /// An exit expected but not delivered within this long (nanoseconds) counts as missed;
    /// default 5 min, the longest cut-off of the Radius iOS tests (behaviour.md §1.1). Android 8+
    /// job scheduling needs longer (documented maximum 1500 s).
    public var missedAfter: Int64
    public static let defaultMissedAfter: Int64 = 300_000_000_000
    public var venue: VenueSpec
    public var radio: RadioSpec
    public var beacons: [BeaconSpec]
    public var phones: [PhoneSpec]
    public var expect: [ClaimSpec]
    /// The optional `sweep:` block: parameters `beaconsim sweep` varies, in file order.
    public var sweep: [SweepAxis]
    /// Named variants (`variants:`), each decoded as a whole scenario.
    public var variants: [ScenarioVariant] = []
    /// People without phones walking through the venue (moving bodies in the link budget).
    public var bystanders: [BystanderSpec] = []
    /// Receiving-device profiles by name (`devices:` and imported fragments): overrides of the
    /// built-in profiles and new devices that phones name in `device:`.
    public var devices: [String: DeviceSpec] = [:]
    /// What a run writes (`outputs:`); nil: the defaults for its phone count (`OutputSpec.resolved`).
    public var outputs: OutputSpec?
    /// Files named under `imports:` (resolved paths), whose phones and claims were merged in.
    public var imports: [String] = []
    /// The file the scenario came from (for diagnostics and the manifest).
    public var sourcePath: String
    /// SHA-256 of the file's bytes, lower-case hex (recorded in the manifest).
    public var sourceHash: String

    public init(
        schemaVersion: Int = 1, name: String, summary: String? = nil, seed: UInt64 = 1, duration: Int64,
        replications: Int = 100, missedAfter: Int64 = Scenario.defaultMissedAfter, venue: VenueSpec,
        radio: RadioSpec = RadioSpec(), beacons: [BeaconSpec], phones: [PhoneSpec], expect: [ClaimSpec] = [],
        sweep: [SweepAxis] = [], sourcePath: String = "<memory>", sourceHash: String = "", imports: [String] = []
    ) {
        self.imports = imports
        self.schemaVersion = schemaVersion
        self.name = name
        self.summary = summary
        self.seed = seed
        self.duration = duration
        self.replications = replications
        self.missedAfter = missedAfter
        self.venue = venue
        self.radio = radio
        self.beacons = beacons
        self.phones = phones
        self.expect = expect
        self.sweep = sweep
        self.sourcePath = sourcePath
        self.sourceHash = sourceHash
    }
}
