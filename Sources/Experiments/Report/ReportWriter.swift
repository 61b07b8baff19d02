// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// Placeholder while the figures are written.
public enum ReportWriter {
    public static func write(folder: URL) throws -> URL { folder.appendingPathComponent("report.html") }
}
