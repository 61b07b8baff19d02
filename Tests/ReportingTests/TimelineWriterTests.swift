// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import PhoneModel
import Reporting
import SimulationCore
import Testing

/// Typed trace records become text only here: the names below are the timeline's contract.
@Suite("Timeline writer")
struct TimelineWriterTests {
    func line(_ event: TraceEvent, phone: String? = "p") -> String {
        TimelineWriter.line(TraceRecord(time: SimTime(nanoseconds: 1_500_000_000), phone: phone, event: event))
    }

    @Test("reasons, actions and lost callbacks are written by their names")
    func typedFields() {
        #expect(
            line(.appStateChanged(from: .suspended, to: .background, reason: .regionEvent))
                == #"{"t":1.500000000,"phone":"p","event":"appStateChanged","from":"suspended","to":"background","reason":"regionEvent"}"#
        )
        #expect(
            line(.didDetermineState(region: "r", state: .inside, reason: .screenOn))
                == #"{"t":1.500000000,"phone":"p","event":"didDetermineState","region":"r","state":"inside","reason":"screenOn"}"#
        )
        #expect(
            line(.userAction(action: .permission, value: "denied"))
                == #"{"t":1.500000000,"phone":"p","event":"userAction","action":"permission=denied"}"#)
        #expect(
            line(.callbackLost(callback: .didEnterRegion, region: "r", reason: .backgroundRefreshOff))
                == #"{"t":1.500000000,"phone":"p","event":"callbackLost","callback":"didEnterRegion","region":"r","reason":"Background App Refresh is off"}"#
        )
    }

    @Test("world events have no phone; times keep nine decimals")
    func worldEvent() {
        #expect(
            line(.beaconPowerChanged(beacon: "b", on: false), phone: nil)
                == #"{"t":1.500000000,"event":"beaconPowerOff","beacon":"b"}"#)
    }
}
