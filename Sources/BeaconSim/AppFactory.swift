// SPDX-License-Identifier: GPL-3.0-or-later
public import PhoneModel
public import ScenarioFormat

/// Makes the app that runs on one phone of a world, from the phone's scenario entry and its
/// regions (as the OS registered them at t = 0); nil gives that phone the scenario's rule-based app.
///
/// BeaconSimKit passes one that wraps a user's own delegate code. Called once per phone while the
/// world is built, on the building task.
public typealias AppFactory = (PhoneSpec, [RegionDefinition]) -> (any PhoneApp)?
