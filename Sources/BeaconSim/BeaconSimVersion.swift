// SPDX-License-Identifier: GPL-3.0-or-later

/// The tool's version, recorded in every manifest.
public enum BeaconSimVersion {
    public static let current = "0.1.0"
}
