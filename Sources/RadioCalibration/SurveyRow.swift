// SPDX-License-Identifier: GPL-3.0-or-later

/// One row of a site survey in the shared format (`../shared/data/rf-surveys/README.md`): one
/// sample window of one receiving device for one beacon.
public struct SurveyRow: Sendable, Equatable {
    /// Survey point id: samples taken at (nearly) the same place.
    public var point: String
    public var session: String
    /// Index of the window within its session, from 1 (`sample`); 0 when the survey does not say.
    public var sample: Int
    /// Time of the window within its session, seconds (`t_s`); nil when the survey does not say.
    public var time: Double?
    /// Nominal length of the window, seconds.
    public var windowSeconds: Double
    /// Position of the mobile device, metres, venue frame.
    public var x: Double
    public var y: Double
    /// Height above the floor, metres; nil when the survey does not say.
    public var z: Double?
    public var device: String
    /// The beacon's configured tx power, dBm; nil = the venue's.
    public var txPower: Double?
    public var beacon: String
    /// Reported RSSI, dBm; nil = not detected in the window.
    public var rssi: Double?
    /// 1-based line in the file.
    public var line: Int

    /// Whether the window opens its session (`sample` 1: the format numbers a session's windows
    /// from 1), so that the device's scan started in it: its start-up (`DeviceProfile.startupDeadTime`)
    /// applies. A survey without a `sample` column (read as 0) has none.
    public var startsScan: Bool { sample == 1 }

    public init(
        point: String, session: String = "", sample: Int = 0, time: Double? = nil, windowSeconds: Double, x: Double, y: Double,
        z: Double? = nil, device: String, txPower: Double? = nil, beacon: String, rssi: Double?, line: Int = 0
    ) {
        self.point = point
        self.session = session
        self.sample = sample
        self.time = time
        self.windowSeconds = windowSeconds
        self.x = x
        self.y = y
        self.z = z
        self.device = device
        self.txPower = txPower
        self.beacon = beacon
        self.rssi = rssi
        self.line = line
    }
}
