// SPDX-License-Identifier: GPL-3.0-or-later
internal import AtomicWrites
internal import Foundation

/// A capture file being written (`BtsnoopWriter`, `PcapngWriter`) through the program's one atomic
/// writer (`AtomicFileWriter`, synchronized to the disk before it is moved into place), its
/// failures worded as `CaptureError`s.
final class _CaptureFile {
    private let file: AtomicFileWriter

    /// Starts `path`; throws `fileExists` if it exists and `overwrite` is false.
    init(path: String, overwrite: Bool) throws {
        do { file = try AtomicFileWriter(path: path, overwrite: overwrite, synchronize: true) } catch {
            throw Self.error(error, path: path)
        }
    }

    func write(_ bytes: [UInt8]) throws {
        do { try file.write(bytes) } catch { throw Self.error(error, path: file.destination) }
    }

    /// Completes the file and moves it into place.
    func commit() throws {
        do { try file.commit() } catch { throw Self.error(error, path: file.destination) }
    }

    /// `failure` worded for the capture file at `path`.
    static func error(_ failure: AtomicFileWriter.Failure, path: String) -> CaptureError {
        switch failure {
        case .exists:
            CaptureError(code: .fileExists, offset: nil, message: "\(path) exists; not overwriting it")
        case .cannotCreateTemporary(let folder, _):
            CaptureError(code: .io, offset: nil, message: "cannot create a temporary file in \(folder)")
        case .write(let temporary, let cause):
            CaptureError(
                code: .io, offset: nil, message: "cannot write \(temporary): \(_IOReason.of(cause))", cause: cause)
        case .commit(let code):
            CaptureError(code: .io, offset: nil, message: "cannot create \(path) (errno \(code))")
        }
    }
}
