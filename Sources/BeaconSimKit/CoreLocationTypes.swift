// SPDX-License-Identifier: GPL-3.0-or-later
public import PhoneModel

/// `CLProximity`: unknown, immediate, near, far (raw values as Apple's).
public typealias Proximity = PhoneModel.Proximity

/// `CLRegionState`: unknown, inside, outside (raw values as Apple's).
public typealias RegionState = PhoneModel.RegionState
