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
    /// Its real path (symlinks resolved), what every resolved path must lie under.
    package let realRoot: String
    /// The real path of each folder a resolved path went through (nil: none there, with
    /// `errno`): a folder of a thousand sprites is resolved once, not once per sprite. So an
    /// `InputFolder` is for one pass over a folder (one build, one fetch): a folder made or
    /// relinked after it was resolved is seen by the next one.
    private let folders = ResolvedFolders()

    package init(root: URL) {
        self.root = root
        realRoot = Self.realPath(root.path) ?? root.standardizedFileURL.path
    }

    /// Resolves `relative` (a path below the root, `/`-separated) without leaving the folder.
    ///
    /// The file's folder is resolved as `realpath(3)` does (once per folder), and the file
    /// itself is `lstat`ed: a file that is a symlink is resolved in full.
    package func resolve(_ relative: String) -> Resolution {
        guard Self.isPlainRelative(relative) else { return .unsafePath }
        let full = root.path + "/" + relative
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return resolveFully(full) }
        let folderPath = relative[..<slash]
        let folder: (real: String?, error: Int32)
        if let known = folders.known.withLock({ $0[folderPath] }) {
            folder = known
        } else {
            let real = Self.realPath(root.path + "/" + folderPath)
            folder = (real, real == nil ? errno : 0)
            folders.known.withLock { $0[folderPath] = folder }
        }
        guard let realFolder = folder.real else {
            return folder.error == ENOENT || folder.error == ENOTDIR ? .missing : .notAFile
        }
        guard isInside(realFolder) else { return resolveFully(full) }
        let candidate = realFolder + "/" + relative[relative.utf8.index(after: slash)...]
        var status = stat()
        guard lstat(candidate, &status) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .notAFile
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file(path: candidate, size: Int(status.st_size))
        case S_IFLNK: return resolveFully(full)
        default: return .notAFile
        }
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
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputFolderError(path: root.path + "/" + relative, problem: .unreadable)
            }
            return data
        case let .escapes(target):
            throw InputFolderError(path: root.path + "/" + relative, problem: .escapes(target: target, folder: realRoot))
        case .notAFile:
            throw InputFolderError(path: root.path + "/" + relative, problem: .notAFile)
        case .unsafePath:
            throw InputFolderError(path: relative, problem: .unsafePath)
        }
    }

    /// Whether a relative path stays below its root by its text alone: not absolute, no
    /// empty, `.` or `..` component, no NUL or backslash.
    package static func isPlainRelative(_ relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.utf8.contains(0), !relative.utf8.contains(UInt8(ascii: "\\")) else { return false }
        return relative.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }

    /// `realpath(3)`: the path with every symlink, `.` and `..` resolved; nil (errno set) when it cannot be.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The folders an ``InputFolder`` has resolved, shared by its copies.
private final class ResolvedFolders: Sendable {
    let known = Mutex<[Substring: (real: String?, error: Int32)]>([:])
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
