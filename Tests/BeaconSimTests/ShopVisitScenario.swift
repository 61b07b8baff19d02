// SPDX-License-Identifier: GPL-3.0-or-later
import ScenarioFormat

/// One phone walking into a shop with one beacon at 60 s and dwelling there: the world-level
/// platform tests' scenario. `app`, `rules` and `actions` are YAML lines at their places.
enum ShopVisitScenario {
    static func make(os: String, app: String, rules: String = "", actions: String = "", duration: String = "5m") throws
        -> Scenario
    {
        let text = """
            schemaVersion: 1
            name: shop-visit
            duration: \(duration)
            venue:
              size: [200, 20]
              zones:
                - { name: shop, polygon: [[0, 0], [15, 0], [15, 20], [0, 20]] }
            beacons:
              - name: b
                ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 8, minor: 1 }
                position: [5, 10]
            phones:
              - name: phone
                os: \(os)
                app:
            \(app)
                  regions:
                    - { name: shop, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }
            \(rules)
                path:
                  - { position: [195, 10] }
                  - { position: [6, 10], at: 60s, dwell: 30m }
            \(actions)
            """
        return try ScenarioLoader.parse(text: text, path: "shop-visit.yaml")
    }
}
