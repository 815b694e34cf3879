import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder read as input (an api-data clone, a cache, a theme): a path inside it is
/// resolved without ever following a symlink out of it.
///
/// A git clone can carry symlinks, and a data folder is input the user did not write. A
/// symlink whose target lies inside the same folder is followed (its target's bytes are
/// what is read); one that leads anywhere else, or to something that is not a regular
/// file, is refused.
package struct InputFolder: Sendable {
    /// What a relative path inside the folder turned out to be.
    package enum Resolution: Sendable, Equatable {
        /// A regular file; `path` is its real location (symlinks resolved), safe to open.
        case file(path: String, size: Int)
        /// Nothing there.
        case missing
        /// A symlink (the path itself or a folder on the way) leading to `target`, outside the folder.
        case escapes(target: String)
        /// A folder, device, socket or other non-file.
        case notAFile
        /// The relative path itself climbs out (`..`) or is absolute.
        case unsafePath
    }

    /// The folder as given.
    package let root: URL
    /// `root.path`, worked out once: a `URL` makes its path anew on every call.
    package let rootPath: String
    /// Its real path (symlinks resolved), what every resolved path must lie under.
    package let realRoot: String
    /// The real path of each folder a resolved path went through (nil: none there, with
    /// `errno`): a folder of a thousand sprites is resolved once, not once per sprite. So an
    /// `InputFolder` is for one pass over a folder (one build, one fetch): a folder made or
    /// relinked after it was resolved is seen by the next one.
    private let folders = ResolvedFolders()

    package init(root: URL) {
        self.root = root
        rootPath = root.path
        realRoot = Self.realPath(rootPath) ?? root.standardizedFileURL.path
    }

    /// Resolves `relative` (a path below the root, `/`-separated) without leaving the folder.
    ///
    /// Each folder on the way is resolved once (``realFolder(_:)``) and the file itself is
    /// `lstat`ed: a file that is a symlink is resolved in full.
    package func resolve(_ relative: String) -> Resolution {
        stamped(relative).resolution
    }

    /// ``resolve(_:)`` and, for a file, its stamp, from the same `lstat` (a symlink inside
    /// the folder: its target's): a fetch checks thousands of files this way.
    package func stamped(_ relative: String) -> (resolution: Resolution, stamp: FileStamp?) {
        guard Self.isPlainRelative(relative) else { return (.unsafePath, nil) }
        var full: String { rootPath + "/" + relative }
        let realFolder: String
        let name: Substring
        if let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let folder = self.realFolder(relative[..<slash])
            guard let real = folder.real else {
                return (folder.error == ENOENT || folder.error == ENOTDIR ? .missing : .notAFile, nil)
            }
            guard isInside(real) else { return Self.stamped(resolveFully(full)) }
            realFolder = real
            name = relative[relative.utf8.index(after: slash)...]
        } else {
            realFolder = realRoot
            name = relative[...]
        }
        let candidate = realFolder + "/" + name
        var status = stat()
        guard lstat(candidate, &status) == 0 else {
            return (errno == ENOENT || errno == ENOTDIR ? .missing : .notAFile, nil)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return (.file(path: candidate, size: Int(status.st_size)), FileStamp(status))
        case S_IFLNK: return Self.stamped(resolveFully(full))
        default: return (.notAFile, nil)
        }
    }

    /// ``stamped(_:)`` of every path in `relatives`, on every core, in their order.
    ///
    /// The files in a folder's many subfolders (a resource's `<id>/index.json`, ten thousand
    /// of them in a data folder) are asked beside that folder, held open: its listing says
    /// which entries are folders and not links, so each file costs one `fstatat` of two
    /// names, where ``stamped(_:)`` takes an `lstat` of its folder and one of it, each
    /// walking the whole path, and remembers the folder under a lock both cores wait on
    /// (the most of a source check). A name the listing does not call a folder (a link, a
    /// file, a kind the file system does not tell, one made since) and a file that is not
    /// plainly one take ``stamped(_:)``'s way, and so does every path of a smaller group.
    package func stamped(all relatives: [String]) -> [(resolution: Resolution, stamp: FileStamp?)] {
        // Grouped by the folder two levels up: `api/v2/pokemon` for `api/v2/pokemon/25/index.json`.
        // By bytes, as the file system names things: two spellings `String` calls equal
        // (`é` and `e` with a combining accent) are two folders there.
        // A run of paths in one folder (as a resource's entries or a folder's sprites come)
        // is compared with the run's folder and added at once: a key made for every path was
        // a twentieth of an unchanged rebuild.
        var groups: [[UInt8]: [Int]] = [:]
        var run: (base: [UInt8], positions: [Int]) = ([], [])
        for (position, relative) in relatives.enumerated() where Self.isPlainRelative(relative) {
            guard let last = relative.utf8.lastIndex(of: UInt8(ascii: "/")),
                  let middle = relative[..<last].utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let base = relative.utf8[..<middle]
            if run.positions.isEmpty || !base.elementsEqual(run.base) {
                if !run.positions.isEmpty { groups[run.base, default: []].append(contentsOf: run.positions) }
                run = (Array(base), [])
            }
            run.positions.append(position)
        }
        if !run.positions.isEmpty { groups[run.base, default: []].append(contentsOf: run.positions) }
        // The biggest groups, a bounded number of them held open at once.
        var listings: [ListedFolder] = []
        var listingOf = [Int](repeating: -1, count: relatives.count)
        for (base, positions) in groups.filter({ $0.value.count >= ListedFolder.worthIt }).sorted(by: { $0.value.count > $1.value.count })
            .prefix(ListedFolder.heldLimit) {
            guard let path = String(validating: base, as: UTF8.self), let real = realFolder(path[...]).real, isInside(real),
                  let listing = ListedFolder(real: real, prefix: base.count + 1) else { continue }
            for position in positions { listingOf[position] = listings.count }
            listings.append(listing)
        }
        defer { for listing in listings { close(listing.descriptor) } }
        let listed = listings, chosen = listingOf
        return BoundedConcurrency.blocking(relatives.count) { position in
            let relative = relatives[position]
            guard chosen[position] >= 0 else { return stamped(relative) }
            let listing = listed[chosen[position]]
            // `child/file`: the entry, compared by its bytes (a listed `é` says nothing of
            // an `e` and an accent, which may be a link), and the file's name.
            let inner = relative.utf8.dropFirst(listing.prefix)
            guard let slash = inner.firstIndex(of: UInt8(ascii: "/")), listing.folders.contains(Array(inner[..<slash])),
                  let innerPath = String(inner) else {
                return stamped(relative)
            }
            var status = stat()
            guard fstatat(listing.descriptor, innerPath, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                return errno == ENOENT ? (.missing, nil) : stamped(relative)
            }
            guard status.st_mode & S_IFMT == S_IFREG else { return stamped(relative) }
            return (.file(path: listing.real + "/" + innerPath, size: Int(status.st_size)), FileStamp(status))
        }
    }

    private static func stamped(_ resolution: Resolution) -> (resolution: Resolution, stamp: FileStamp?) {
        guard case let .file(path, _) = resolution else { return (resolution, nil) }
        return (resolution, FileStamp.of(path))
    }

    /// The real path of a folder below the root (nil and `errno` when there is none), as
    /// `realpath(3)` gives it, remembered: its parent's, then one `lstat` of it, which must
    /// be a folder (a symlink is resolved in full). So a data folder's thousand resource
    /// folders cost an `lstat` each, not a `readlink` of every part of every path.
    private func realFolder(_ path: Substring) -> (real: String?, error: Int32) {
        // By bytes: `String` calls `é` and `e` with a combining accent equal, the file system does not.
        let key = Array(path.utf8)
        if let known = folders.known.withLock({ $0[key] }) { return known }
        var parent = realRoot
        var name = path
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let above = realFolder(path[..<slash])
            guard let real = above.real else { return above }
            parent = real
            name = path[path.utf8.index(after: slash)...]
        }
        let found: (real: String?, error: Int32)
        var status = stat()
        if lstat(parent + "/" + name, &status) != 0 {
            found = (nil, errno)
        } else if status.st_mode & S_IFMT == S_IFDIR {
            found = (parent + "/" + name, 0)
        } else if status.st_mode & S_IFMT == S_IFLNK {
            let real = Self.realPath(rootPath + "/" + path)
            found = (real, real == nil ? errno : 0)
        } else {
            found = (nil, ENOTDIR)
        }
        folders.known.withLock { $0[key] = found }
        return found
    }

    /// Why `relative` escapes the folder (its real path is `target`), naming the part that
    /// does: a folder on the way that is a symlink leading out (the link to fix, with where
    /// it leads), else the file itself.
    package func escaping(_ relative: String, target: String) -> InputFolderError {
        var prefix = ""
        for part in relative.split(separator: "/") {
            prefix += prefix.isEmpty ? String(part) : "/" + part
            guard prefix.count < relative.count else { break }
            var status = stat()
            guard lstat(rootPath + "/" + prefix, &status) == 0 else { break }
            if status.st_mode & S_IFMT == S_IFLNK, let real = Self.realPath(rootPath + "/" + prefix), !isInside(real) {
                return InputFolderError(path: rootPath + "/" + prefix, problem: .escapes(target: real, folder: realRoot))
            }
        }
        return InputFolderError(path: rootPath + "/" + relative, problem: .escapes(target: target, folder: realRoot))
    }

    /// Whether a real path is the root or below it.
    private func isInside(_ real: String) -> Bool {
        real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    /// `resolve` by `realpath(3)` of the whole path.
    private func resolveFully(_ full: String) -> Resolution {
        guard let real = Self.realPath(full) else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .notAFile
        }
        guard isInside(real) else { return .escapes(target: real) }
        var status = stat()
        guard stat(real, &status) == 0 else { return .missing }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notAFile }
        return .file(path: real, size: Int(status.st_size))
    }

    /// The bytes of the file at `relative`; nil when there is none. A path that escapes
    /// the folder or names something other than a file throws, naming both.
    package func read(_ relative: String) throws(InputFolderError) -> Data? {
        switch resolve(relative) {
        case .missing:
            return nil
        case let .file(path, _):
            return try read(resolved: path, shownAs: relative)
        case let .escapes(target):
            throw escaping(relative, target: target)
        case .notAFile:
            throw InputFolderError(path: rootPath + "/" + relative, problem: .notAFile)
        case .unsafePath:
            throw InputFolderError(path: relative, problem: .unsafePath)
        }
    }

    /// The bytes of the file ``resolve(_:)`` or ``stamped(_:)`` found at `path` (its real
    /// path), for `relative`; nil when it is gone since. Opened without following a symlink:
    /// one put there after the look is refused, not read.
    package func read(resolved path: String, shownAs relative: String) throws(InputFolderError) -> Data? {
        var shown: String { rootPath + "/" + relative }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return nil
            case ELOOP: throw InputFolderError(path: shown, problem: .notAFile)
            default: throw InputFolderError(path: shown, problem: .unreadable)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw InputFolderError(path: shown, problem: .notAFile)
        }
        // Into memory the `Data` then owns, not zeroed first; a file cut short while read is unreadable.
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        guard WholeFile.read(descriptor, into: buffer) else {
            buffer.deallocate()
            throw InputFolderError(path: shown, problem: .unreadable)
        }
        return Data(bytesNoCopy: buffer.baseAddress!, count: size, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Whether a relative path stays below its root by its text alone: not absolute, no
    /// empty, `.` or `..` component, no NUL or backslash.
    ///
    /// Read byte by byte in one pass: every file a build, fetch or source index looks at
    /// comes through here, and splitting each path into substrings was 3% of a rebuild.
    package static func isPlainRelative(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8 { bytes in
            var componentLength = 0
            var dots = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "/"):
                    // An empty, `.` or `..` component ends here (a leading `/` is an empty one).
                    guard componentLength > 0, dots != componentLength || dots > 2 else { return false }
                    componentLength = 0
                    dots = 0
                    continue
                case 0, UInt8(ascii: "\\"):
                    return false
                case UInt8(ascii: "."):
                    dots += 1
                default:
                    break
                }
                componentLength += 1
            }
            return componentLength > 0 && (dots != componentLength || dots > 2)
        }
    }

    /// `realpath(3)`: the path with every symlink, `.` and `..` resolved; nil (errno set) when it cannot be.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A folder held open while the files in its subfolders are stamped (``InputFolder/stamped(all:)``),
/// with the names its listing calls folders.
private struct ListedFolder: Sendable {
    /// How many files below a folder's subfolders make listing it worth an open and a read
    /// of every entry.
    static let worthIt = 16
    /// How many are held open at once (a data folder has about fifty resources): data that
    /// names ten thousand folders takes the one-path way past these, not ten thousand descriptors.
    static let heldLimit = 128

    let descriptor: Int32
    /// Its real path: nothing on it is a link.
    let real: String
    /// Its relative path's length and the slash after it: what a file's path below it starts with.
    let prefix: Int
    /// Its entries that are folders, by their names' bytes.
    let folders: Set<[UInt8]>

    /// `real` opened and listed with `readdir`; nil when it cannot be.
    init?(real: String, prefix: Int) {
        let descriptor = open(real, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let reading = dup(descriptor)
        guard reading >= 0, let directory = fdopendir(reading) else {
            if reading >= 0 { close(reading) }
            close(descriptor)
            return nil
        }
        var folders: Set<[UInt8]> = []
        while let entry = readdir(directory) {
            guard Int32(entry.pointee.d_type) == Int32(DT_DIR) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { folders.insert(name) }
        }
        closedir(directory)
        self.descriptor = descriptor
        self.real = real
        self.prefix = prefix
        self.folders = folders
    }
}

/// The folders an ``InputFolder`` has resolved, shared by its copies.
private final class ResolvedFolders: Sendable {
    /// By the relative path's bytes.
    let known = Mutex<[[UInt8]: (real: String?, error: Int32)]>([:])
}

/// A path in an input folder that cannot be read as it is.
package struct InputFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Problem: Sendable, Equatable {
        case escapes(target: String, folder: String)
        case notAFile
        case unreadable
        case unsafePath
    }

    package var path: String
    package var problem: Problem

    package init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    package var description: String {
        switch problem {
        case let .escapes(target, folder):
            "\(path) is a symlink leading out of \(folder) (to \(target)); input folders may only link inside themselves. Remove the link or copy the file in."
        case .notAFile:
            "\(path) is not a regular file."
        case .unreadable:
            "\(path) cannot be read (check its permissions)."
        case .unsafePath:
            "\(path) is not a plain relative path inside the folder."
        }
    }
}
