// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

/// `outputs:`: decoded with located diagnostics, and resolved over the defaults for the phone count.
@Suite("outputs key")
struct OutputsKeyTests {
    @Test("every key decodes; YAML's off and none are the choices, not booleans")
    func decodes() throws {
        let text = Support.document(
            """
            outputs:
              timeline: false
              ranging: off
              track: changes
              trackInterval: 5s
              trackRssiThreshold: -70
              trackHeard: threshold
              compression: gzip
            """)
        let scenario = try ScenarioLoader.parse(text: text, path: "t.yaml", catalogue: .permissive)
        #expect(
            scenario.outputs
                == OutputSpec(
                    timeline: false, ranging: .off, track: .changes, trackInterval: 5_000_000_000, trackRSSIThreshold: -70,
                    trackHeard: .threshold, compression: .gzip))
        let off = try ScenarioLoader.parse(
            text: Support.document("outputs: { track: off, compression: none }"), path: "t.yaml", catalogue: .permissive)
        #expect(off.outputs == OutputSpec(track: .off, compression: OutputSpec.Compression.none))
    }

    @Test("bad values are reported where they are, all at once")
    func diagnostics() {
        let text = Support.document(
            "outputs:\n  track: sometimes\n  trackInterval: 0s\n  trackRssiThreshold: -200\n  zip: yes\n  trackHeard: some")
        let found = Support.diagnostics(text)
        #expect(found.count == 5, "\(found)")
        #expect(found.contains { $0.hasPrefix("t.yaml:10:15: ") && $0.contains("some") })
        #expect(found.contains { $0.hasPrefix("t.yaml:6:10: ") && $0.contains("sometimes") })
        #expect(found.contains { $0.hasPrefix("t.yaml:7:18: ") && $0.contains("trackInterval") })
        #expect(found.contains { $0.hasPrefix("t.yaml:8:23: ") && $0.contains("trackRssiThreshold") })
        #expect(found.contains { $0.hasPrefix("t.yaml:9:3: ") && $0.contains("unknown key 'zip' in 'outputs'") })
    }

    @Test("defaults: today's outputs up to 10 phones, compact ones for a crowd; set keys win, the command line first")
    func resolution() {
        let one = OutputSpec().resolved(phones: 1)
        #expect(
            one
                == OutputSpec(
                    timeline: true, ranging: .full, track: .every, trackInterval: 1_000_000_000, trackHeard: .all,
                    compression: OutputSpec.Compression.none))
        #expect(OutputSpec().resolved(phones: OutputSpec.crowdPhones) == one)
        let crowd = OutputSpec().resolved(phones: OutputSpec.crowdPhones + 1)
        #expect(crowd.ranging == .count && crowd.track == .changes && crowd.compression == .gzip && crowd.timeline == true)
        #expect(crowd.trackHeard == .threshold && crowd.trackRSSIThreshold == OutputSpec.crowdTrackThreshold)
        let scenario = OutputSpec(ranging: .full, compression: .gzip)
        let command = OutputSpec(compression: OutputSpec.Compression.none)
        let both = command.resolved(over: scenario, phones: 100)
        #expect(both.ranging == .full && both.compression == OutputSpec.Compression.none && both.track == .changes)
        #expect(both.fileName("timeline.jsonl") == "timeline.jsonl")
        #expect(crowd.fileName("timeline.jsonl") == "timeline.jsonl.gz")
    }
}
