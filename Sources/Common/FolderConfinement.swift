import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks that folders a writer is about to write into lie inside its root, so a symlinked
/// folder in a cache (an api-data clone used as one, say) never sends a write elsewhere.
///
/// Each folder is checked once: a real directory costs one `lstat` (its parent having been
/// checked), a symlinked one a `realpath`, and one made here (``escape(ofMaking:)``) none.
package final class FolderConfinement: Sendable {
    package let root: String
    private let realRoot: String
    /// `root` and `realRoot` with a slash: what a path inside begins with.
    private let rootPrefix: String
    private let realRootPrefix: String
    /// Folders known to lie inside: checked, or made here.
    private let checked = PlainLock<Set<String>>([])

    package init(root: URL) {
        self.root = root.standardizedFileURL.path
        realRoot = InputFolder.realPath(root.path) ?? root.standardizedFileURL.path
        rootPrefix = self.root.hasSuffix("/") ? self.root : self.root + "/"
        realRootPrefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
    }

    /// Nil when `folder` (absolute, below the root, existing or not) stays inside the
    /// root; else the place it leads to.
    package func escape(of folder: String) -> String? {
        let path = Self.trimmed(folder)
        if path == root || path == realRoot { return nil }
        guard path.hasPrefix(rootPrefix) || path.hasPrefix(realRootPrefix) else { return path }
        if checked.withLock({ $0.contains(path) }) { return nil }
        var status = stat()
        if lstat(path, &status) != 0 {
            // Not there yet: whoever creates it creates a real folder inside its parent.
            return errno == ENOENT ? escape(of: parentFolder(of: path)) : path
        }
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let real = InputFolder.realPath(path) else { return path }
            guard real == realRoot || real.hasPrefix(realRootPrefix) else { return real }
        } else if let outside = escape(of: parentFolder(of: path)) {
            return outside
        }
        checked.withLock { _ = $0.insert(path) }
        return nil
    }

    /// As ``escape(of:)``, making `folder` first when it is missing and its parent lies
    /// inside: nil when it now exists (or may yet be made) inside the root, else the place it
    /// leads to. A folder `mkdir` made in a checked parent is a real folder inside, so it
    /// needs no look. A cold fetch makes a folder per resource: this is one `mkdir` where a
    /// failed `lstat`, a failed open and a `mkdir` were.
    package func escape(ofMaking folder: String) -> String? {
        let path = Self.trimmed(folder)
        guard path != root, path != realRoot, path.hasPrefix(rootPrefix) || path.hasPrefix(realRootPrefix) else {
            return escape(of: path)
        }
        if checked.withLock({ $0.contains(path) }) { return nil }
        if escape(of: parentFolder(of: path)) == nil, mkdir(path, 0o755) == 0 {
            checked.withLock { _ = $0.insert(path) }
            return nil
        }
        // There already (or its parent is missing too): looked at as any other.
        return escape(of: path)
    }

    private static func trimmed(_ folder: String) -> String {
        var path = folder
        while path.hasSuffix("/"), path.count > 1 { path.removeLast() }
        return path
    }
}
