// SPDX-License-Identifier: GPL-3.0-or-later

extension TimelineFigure.Record {
    /// The region-API callback this record is drawn as, so every API shows its entries and exits
    /// alike: a CLMonitor event by its state (one with a diagnostic is a state report, "cannot
    /// tell", not a transition), a CoreBluetooth app's presence decisions as entries and exits.
    var drawnAs: String {
        switch event {
        case "monitorEvent":
            guard string("diagnostics") == nil else { return "didDetermineState" }
            switch string("state") {
            case "satisfied": return "didEnterRegion"
            case "unsatisfied": return "didExitRegion"
            default: return "didDetermineState"
            }
        case "appPresenceEntered": return "didEnterRegion"
        case "appPresenceExited": return "didExitRegion"
        default: return event
        }
    }

    /// The record's name in a tooltip: the event, and a CLMonitor event's state and diagnostics.
    var label: String {
        guard event == "monitorEvent" else { return event }
        return ([event, string("state")] + [string("diagnostics")]).compactMap { $0 }.joined(separator: " ")
    }
}
