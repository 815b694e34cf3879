import Common
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all.
///
/// On Linux the data goes into a file with no name (`O_TMPFILE`) that is then linked into
/// place: it appears complete or not at all, and a process killed midway leaves nothing
/// behind. Where that is not available, and to replace a file that exists (a link never
/// replaces), a temporary `.partial` file beside the destination is renamed over it; a
/// killed process may leave one of those, which ``ResourceCache/beginRun()`` sweeps.
/// Temporary files sit in the destination's own folder because a rename across folders
/// takes a lock on the whole file system, which serialises concurrent writers.
///
/// There is no `fsync` per file: a disk flush per entry (thousands in a fetch) would guard
/// against power loss, which the cache survives anyway, since every read checks what it
/// reads and a file that does not decode is fetched again.
enum AtomicFile {
    /// The suffix of temporary files; nothing else in a cache ends with it.
    static let temporarySuffix = ".partial"

    /// Writes `data` to `destination`, creating missing folders on the way, and returns the
    /// stamp of the file it wrote, taken once it is in place (nil if that failed): what an
    /// `lstat` of `destination` gives until the file changes. The source index takes it
    /// instead of a walk of every path.
    @discardableResult
    static func write(_ data: Data, to destination: String) throws(PokeAPIFailure) -> FileStamp? {
        let folder = parentFolder(of: destination)
        #if os(Linux)
        if case let .written(stamp) = try writeUnnamed(data, in: folder, to: destination) { return stamp }
        #endif
        let temporary = temporaryName(for: destination)
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try makeFolders(folder)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw failure(destination, "a file") }
        let written = data.withUnsafeBytes { buffer in writeAll(descriptor, buffer) }
        let closed = close(descriptor) == 0
        guard written, closed else {
            let error = failure(destination, "the file")
            unlink(temporary)
            throw error
        }
        try rename(temporary, over: destination)
        return FileStamp.of(destination)
    }

    /// `mkdir -p`: creates `folder` and its missing parents.
    static func makeFolders(_ folder: String) throws(PokeAPIFailure) {
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return }
        let parent = parentFolder(of: folder)
        guard errno == ENOENT, !parent.isEmpty, parent != folder else { throw failure(folder, "the folder") }
        try makeFolders(parent)
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(folder, "the folder") }
    }

    /// Whether `name` is one of this type's temporary files.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(temporarySuffix)
    }

    /// The whole file at `path`, or nil when it cannot be read (a cold fetch asks this of
    /// every entry it is about to download, so a missing file costs one failed `open`).
    static func read(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var data = Data(count: Int(status.st_size))
        let complete = data.withUnsafeMutableBytes { buffer in WholeFile.read(descriptor, into: buffer) }
        return complete ? data : nil
    }

    /// Writes all of `buffer` to an open descriptor, retrying short writes.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        WholeFile.write(descriptor, buffer)
    }
}

#if os(Linux)
private extension AtomicFile {
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift module does not
    /// import; `__O_TMPFILE` is 0o20000000 on x86-64 and arm64.
    static let unnamedFileFlag = Int32(0o20000000) | O_DIRECTORY

    /// Writes an unnamed file in `folder` and links it in as `destination` (through a
    /// temporary name and a rename when `destination` exists), with the file's stamp.
    /// `.unsupported`, having written nothing in place, where unnamed files do not work: a
    /// file system without `O_TMPFILE`, or a kernel that links neither from a descriptor
    /// nor through `/proc` (``link(_:as:)``).
    static func writeUnnamed(_ data: Data, in folder: String, to destination: String) throws(PokeAPIFailure) -> Unnamed {
        var descriptor = open(folder, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try makeFolders(folder)
            descriptor = open(folder, unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return .unsupported }
        defer { close(descriptor) }
        guard data.withUnsafeBytes({ buffer in writeAll(descriptor, buffer) }) else { throw failure(destination, "the file") }
        // Stamped once in place, through the descriptor (no path walk): a file system that
        // set the time at the link would show it here too.
        if link(descriptor, as: destination) { return .written(FileStamp.of(descriptor: descriptor)) }
        guard errno == EEXIST else { return .unsupported }
        let temporary = temporaryName(for: destination)
        guard link(descriptor, as: temporary) else { return .unsupported }
        try rename(temporary, over: destination)
        return .written(FileStamp.of(descriptor: descriptor))
    }
}

extension AtomicFile {
    /// Links the unnamed file open at `descriptor` in as `path`; false with `errno` set
    /// when it could not.
    ///
    /// Straight from the descriptor (`AT_EMPTY_PATH`) where the kernel allows it to a
    /// process that opened the file itself (Linux 6.10 on): the way through
    /// `/proc/self/fd/N` walked that path and read the link at every file, 4% of a cold
    /// fetch's CPU. Older kernels refuse it without `CAP_DAC_READ_SEARCH`, saying `ENOENT`;
    /// then `/proc` is used, and from then on, as it is after any other refusal that `/proc`
    /// does not share.
    static func link(_ descriptor: Int32, as path: String) -> Bool {
        if !emptyPathRefused.load(ordering: .relaxed) {
            if linkat(descriptor, "", AT_FDCWD, path, emptyPathFlag) == 0 { return true }
            guard errno != EEXIST else { return false }
            // Refused (ENOENT before 6.10; a sandbox may say EPERM or EINVAL), or the folder
            // is gone: the way through /proc tells which, and its errno is the one kept.
            guard linkThroughProc(descriptor, as: path) else { return false }
            emptyPathRefused.store(true, ordering: .relaxed)
            return true
        }
        return linkThroughProc(descriptor, as: path)
    }

    /// The link through `/proc/self/fd/N`, which every Linux with `/proc` allows.
    private static func linkThroughProc(_ descriptor: Int32, as path: String) -> Bool {
        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    }

    /// `AT_EMPTY_PATH` (0x1000 on Linux), spelled out as `O_TMPFILE` is above.
    static let emptyPathFlag: Int32 = 0x1000
    /// Set once the kernel refused a link from a descriptor.
    static let emptyPathRefused = Atomic<Bool>(false)

    enum Unnamed {
        case unsupported
        /// Linked in place, with its stamp (nil if `fstat` failed).
        case written(FileStamp?)
    }
}
#endif

private extension AtomicFile {
    /// A fresh `.<name>.<random>.partial` beside `destination`.
    static func temporaryName(for destination: String) -> String {
        let folder = parentFolder(of: destination)
        let name = (destination as NSString).lastPathComponent
        return "\(folder)/.\(name).\(UInt32.random(in: .min ... .max))\(temporarySuffix)"
    }

    static func rename(_ temporary: String, over destination: String) throws(PokeAPIFailure) {
        guard systemRename(temporary, destination) == 0 else {
            let error = failure(destination, "the file")
            unlink(temporary)
            throw error
        }
    }

    static func systemRename(_ from: String, _ to: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.rename(from, to)
        #else
        Darwin.rename(from, to)
        #endif
    }



    static func failure(_ path: String, _ what: String) -> PokeAPIFailure {
        .unwritable(path: path, reason: "\(what) (\(String(cString: strerror(errno))))")
    }
}
