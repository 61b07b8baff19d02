// SPDX-License-Identifier: GPL-3.0-or-later
import RadioPropagation
import Testing

/// A device's scan start-up in the analytic reception (`WindowReception`, `startsScan`): a window
/// in which the scan starts listens only after the dead time, so its detection falls with the dead
/// time to 0 at the window's length; windows of a running scan are unchanged; no dead time, no change.
@Suite("Scan start-up: analytic reception")
struct StartupDeadTimeTests {
    let reception = WindowReception(configuration: RadioConfiguration(environment: .office))

    func detection(_ device: DeviceProfile, dBm: Double, startsScan: Bool, window: Double = 1) -> Double {
        reception.predict(
            dBm: dBm, lineOfSight: true, device: device, windowSeconds: window, intervalSeconds: 0.2,
            startsScan: startsScan
        ).detection
    }

    @Test("no dead time: a session's first window is predicted as any other")
    func none() {
        for device in [DeviceProfile(), DeviceProfile(scanCeiling: 0.5, packetsPerSlot: 1.3)] {
            for dBm in [-80.0, -95, -100] {
                #expect(detection(device, dBm: dBm, startsScan: true) == detection(device, dBm: dBm, startsScan: false))
            }
        }
    }

    @Test("the first window's detection falls with the dead time, to 0 at the window's length; later windows keep theirs")
    func falls() {
        for base in [DeviceProfile(), DeviceProfile(scanCeiling: 0.5, packetsPerSlot: 1.3)] {
            for dBm in [-70.0, -95] {
                var previous = detection(base, dBm: dBm, startsScan: true)
                for dead in stride(from: 0.1, through: 1.0, by: 0.1) {
                    var device = base
                    device.startupDeadTime = dead
                    let first = detection(device, dBm: dBm, startsScan: true)
                    #expect(first <= previous + 1e-12)
                    previous = first
                    #expect(detection(device, dBm: dBm, startsScan: false) == detection(base, dBm: dBm, startsScan: false))
                }
                #expect(previous == 0)
                var longer = base
                longer.startupDeadTime = 3
                #expect(detection(longer, dBm: dBm, startsScan: true) == 0)
                // A 5 s window loses only its first second's share.
                #expect(detection(longer, dBm: dBm, startsScan: true, window: 5) > 0)
            }
        }
    }

    /// A duty-cycled scan (one packet per slot) that starts up for 0.85 s of a 1 s window keeps
    /// 0.15 of a packet: its first window is reported about 0.15 as often as the others, at any level.
    @Test("a duty-cycled scan's first window keeps about the live share of the window")
    func liveShare() {
        let device = DeviceProfile(scanCeiling: 0.5, packetsPerSlot: 1, startupDeadTime: 0.85)
        for dBm in [-70.0, -90, -100] {
            let ratio = detection(device, dBm: dBm, startsScan: true) / detection(device, dBm: dBm, startsScan: false)
            #expect(abs(ratio - 0.15) < 0.01)
        }
    }
}
