// SPDX-License-Identifier: GPL-3.0-or-later
public import PhoneModel

/// `CLProximity`: unknown, immediate, near, far (raw values as Apple's).
public typealias Proximity = PhoneModel.Proximity

/// `CLRegionState`: unknown, inside, outside (raw values as Apple's).
public typealias RegionState = PhoneModel.RegionState

/// `CLMonitor.Event.State`: `unknown`, `satisfied`, `unsatisfied`, `unmonitored` (iOS 17.2+).
public typealias MonitoringState = PhoneModel.ConditionState

/// The diagnostics a `CLMonitor.Event` carries (`accuracyLimited`, `serviceSessionRequired`,
/// `conditionLimitExceeded`, …), in Apple's order.
public typealias MonitorDiagnostic = PhoneModel.MonitorDiagnostic

/// `CLServiceSession.AuthorizationRequirement`: `none`, `whenInUse`, `always`.
public typealias ServiceSessionRequirement = PhoneModel.ServiceSessionRequirement
