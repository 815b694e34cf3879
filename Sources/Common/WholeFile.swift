import Foundation
import SystemPackage

/// Whole-buffer reads and writes on descriptors, short and interrupted calls retried
/// (swift-system's `FileDescriptor` does the retrying).
package enum WholeFile {
    /// Writes all of `buffer`; false on an error.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        (try? FileDescriptor(rawValue: descriptor).writeAll(buffer)) != nil
    }

    /// Writes all of `buffer` at `offset` (`pwrite`, the descriptor's own position left
    /// alone); false on an error.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        (try? FileDescriptor(rawValue: descriptor).writeAll(toAbsoluteOffset: Int64(offset), buffer)) != nil
    }

    /// Puts what was written to `descriptor` on the disk before anything written after:
    /// `fdatasync` on Linux; on macOS, where `fsync` leaves it in the drive's cache and
    /// `fdatasync` is not declared, `F_FULLFSYNC` (else `fsync`). False on an error.
    package static func sync(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        return fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0
        #else
        return fdatasync(descriptor) == 0
        #endif
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

    /// Fills all of `buffer` from `offset` on (`pread`, the descriptor's own position left
    /// alone); false on an error or an early end of file.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
        let file = FileDescriptor(rawValue: descriptor)
        var done = 0
        while done < buffer.count {
            guard let count = try? file.read(fromAbsoluteOffset: Int64(offset + done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...])),
                  count > 0 else {
                return false
            }
            done += count
        }
        return true
    }
}
