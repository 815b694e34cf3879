import Foundation

/// A build's folder beside the output, swapped in only when the whole site is ready.
///
/// A failed or killed build leaves the previous site as it was; its staging folder is
/// removed by the next build.
struct StagingFolder: Sendable {
    static let manifestName = ".pokedex-manifest.json"

    let output: URL
    let staging: URL
    /// The previous site, when there is one this tool built (its pages can be reused).
    let previous: URL?

    /// Makes an empty staging folder next to `output`, refusing to replace a folder this tool did not build.
    static func prepare(output: URL) throws(SiteError) -> StagingFolder {
        let manager = FileManager.default
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging", isDirectory: true)
        var previous: URL?
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: output.path, isDirectory: &isFolder) {
            let hasManifest = manager.fileExists(atPath: output.appendingPathComponent(manifestName).path)
            let isEmpty = isFolder.boolValue && ((try? manager.contentsOfDirectory(atPath: output.path))?.isEmpty ?? false)
            guard hasManifest || isEmpty else { throw SiteError(.notASite(path: output.path)) }
            previous = hasManifest ? output : nil
        }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            if manager.fileExists(atPath: staging.path) {
                try manager.removeItem(at: staging)
            }
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw SiteError(.unwritable(path: staging.path, underlying: error.localizedDescription))
        }
        return StagingFolder(output: output, staging: staging, previous: previous)
    }

    /// Creates the folders these relative paths live in.
    func makeFolders(for paths: some Sequence<String>) throws(SiteError) {
        let folders = Set(paths.map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty })
        for folder in folders.sorted() {
            let url = staging.appendingPathComponent(folder, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw SiteError(.unwritable(path: url.path, underlying: error.localizedDescription))
            }
        }
    }

    /// Writes a file at a path relative to the site root.
    ///
    /// Plain POSIX calls: no per-file sync, since the swap at the end is what makes the
    /// site visible, and a crash before it leaves only the staging folder behind.
    func write(_ data: Data, to path: String) throws(SiteError) {
        let target = staging.appendingPathComponent(path).path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SiteError(.unwritable(path: target, underlying: String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        let failed = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed {
            throw SiteError(.unwritable(path: target, underlying: String(cString: strerror(errno))))
        }
    }

    /// Takes the previous site's file at `path` unchanged; its size, or nil when there is none.
    func reuse(_ path: String) -> Int? {
        guard let previous else { return nil }
        return place(previous.appendingPathComponent(path), at: path)
    }

    /// Puts a file at `path`: a hard link when the file system allows, else a copy; returns its size.
    func place(_ source: URL, at path: String) -> Int? {
        let target = staging.appendingPathComponent(path)
        var status = stat()
        guard stat(source.path, &status) == 0 else { return nil }
        // Follow a symlinked cache file: a link to the link would dangle in the site.
        if linkat(AT_FDCWD, source.path, AT_FDCWD, target.path, AT_SYMLINK_FOLLOW) == 0 { return Int(status.st_size) }
        return (try? FileManager.default.copyItem(at: source, to: target)) != nil ? Int(status.st_size) : nil
    }

    /// Puts the finished site in place of the output folder.
    func swap() throws(SiteError) {
        let manager = FileManager.default
        let retired = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).old", isDirectory: true)
        do {
            if manager.fileExists(atPath: retired.path) { try manager.removeItem(at: retired) }
            if manager.fileExists(atPath: output.path) { try manager.moveItem(at: output, to: retired) }
            try manager.moveItem(at: staging, to: output)
            if manager.fileExists(atPath: retired.path) { try manager.removeItem(at: retired) }
        } catch {
            throw SiteError(.unwritable(path: output.path, underlying: error.localizedDescription))
        }
    }

    /// Removes the staging folder after a failure, leaving the output alone.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
