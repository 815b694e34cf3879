import Foundation
import SystemPackage

/// Whole-buffer reads and writes on descriptors, short and interrupted calls retried
/// (swift-system's `FileDescriptor` does the retrying).
package enum WholeFile {
    /// Writes all of `buffer`; false on an error.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        (try? FileDescriptor(rawValue: descriptor).writeAll(buffer)) != nil
    }

    /// Fills all of `buffer`; false on an error or an early end of file.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let file = FileDescriptor(rawValue: descriptor)
        var offset = 0
        while offset < buffer.count {
            guard let count = try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...])), count > 0 else {
                return false
            }
            offset += count
        }
        return true
    }
}
