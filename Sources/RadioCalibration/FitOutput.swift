// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import Reporting

/// Writes a fit's radio.yaml, fit.json and fit.html into a folder that must not exist yet (or be
/// empty): results are never overwritten, and each file is written atomically.
public enum FitOutput {
    public static func write(
        _ fit: RadioFit, survey: String, venue: String, options: RadioFitter.Options, into directory: URL
    ) throws {
        let manager = FileManager.default
        if let contents = try? manager.contentsOfDirectory(atPath: directory.path), !contents.isEmpty {
            throw ResultsError(path: directory.path, message: "is not empty; results are never overwritten")
        }
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ResultsError(path: directory.path, cause: error)
        }
        let store = ResultsStore(root: directory)
        try store.write(FragmentYAML.text(fit, survey: survey, venue: venue, options: options), to: "radio.yaml", in: directory)
        try store.write(FitJSON.text(fit, survey: survey, venue: venue, options: options), to: "fit.json", in: directory)
        try store.write(FitHTML.text(fit, survey: survey, venue: venue), to: "fit.html", in: directory)
    }
}
