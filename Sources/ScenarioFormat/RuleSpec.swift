// SPDX-License-Identifier: GPL-3.0-or-later

/// A simple app rule: `{ on: enter, region: store, do: notify, text: "Welcome!" }`.
public struct RuleSpec: Sendable, Equatable {
    public var trigger: RuleTrigger
    /// The region the rule listens to; nil = every region.
    public var region: String?
    public var action: RuleAction
    /// Notification text for `notify`.
    public var text: String?
    public var location: SourceLocation

    public init(
        trigger: RuleTrigger, region: String? = nil, action: RuleAction, text: String? = nil, location: SourceLocation = .unknown
    ) {
        self.trigger = trigger
        self.region = region
        self.action = action
        self.text = text
        self.location = location
    }
}

/// The callback that fires a rule.
public enum RuleTrigger: String, Sendable, Equatable, CaseIterable {
    case enter, exit, inside, outside, launch
}

/// What a rule makes the app do.
public enum RuleAction: String, Sendable, Equatable, CaseIterable {
    case notify, startRanging, stopRanging, requestState, beginBackgroundTask, endBackgroundTask
}
