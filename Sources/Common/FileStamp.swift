import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says of a file that changes when anyone rewrites it: size, modification
/// time to the nanosecond, and inode (a file replaced by a copy gets a new one). The build
/// notices a changed cache file by its stamp, without reading it.
package struct FileStamp: Codable, Hashable, Sendable {
    package var size: Int64
    package var modified: Int64
    package var inode: UInt64

    package init(size: Int64, modified: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }

    /// The stamp of the regular file at `path` (following a final symlink), or nil.
    package static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The stamp of the regular file open as `descriptor`, or nil.
    package static func of(descriptor: Int32) -> FileStamp? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }

    /// The stamp in what `stat(2)` or `lstat(2)` said.
    package init(_ info: stat) {
        #if canImport(Darwin)
        let nanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        self.init(size: Int64(info.st_size), modified: nanoseconds, inode: UInt64(info.st_ino))
    }
}

/// Field by field, in its `CodingKeys` order: the bytes `Codable` writes (every record and
/// every index entry carries one).
extension FileStamp: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(size: try reader.int64(), modified: try reader.int64(), inode: try reader.uint64())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.int64(size)
        writer.int64(modified)
        writer.uint64(inode)
    }
}
