import CSystemExtras
import Common
import Foundation
import Synchronization
import SystemPackage

/// A build's folder beside the output, swapped in only when the whole site is ready.
///
/// A failed or killed build leaves the previous site as it was; its staging folder is
/// removed by the next build. Every file written in staging is created new (`O_EXCL`,
/// never following a symlink) unless the recycled site already holds it, byte for byte
/// (below), so one page never overwrites another and nothing written here can land
/// outside the site, whatever the data names.
///
/// The site a swap takes out is kept beside the output (`.<name>.previous`) and is the next
/// build's staging folder (recycled): most of its files are already what goes there (hard
/// links to the very files the new site links), so a rebuild changes only what changed,
/// not the site's thousands of links made again and the old ones removed (a third of a
/// one-resource rebuild's time). An entry is kept only when it is the very file that would
/// be linked there (same device and inode; for a sprite, a link with the inode, size and
/// modification time its lookup read), or, for a file this build writes, when it is a file
/// of the site's own holding exactly those bytes (one name, this user's, the permissions a
/// file made here gets); anything else there is removed before a file is made, and what
/// this build did not put there is removed before the swap.
struct StagingFolder: Sendable {
    static let manifestName = ".pokedex-manifest.json"
    /// The files a build keeps in the site about the site (what it read and made).
    static let bookkeeping = [manifestName, PageInputs.fileName, ReverseTable.fileName, MediaFacts.fileName]

    let output: URL
    let staging: URL
    /// The previous site, when there is one this tool built (its pages can be reused).
    let previous: URL?
    /// The previous site when it is as its build left it, by its record (``kept``): what
    /// that build knew of it (manifest, reads, reverse index) may be taken; nil otherwise.
    var trustedPrevious: URL? { kept == nil ? nil : previous }
    /// Where the previous site waits while a swap that cannot exchange atomically runs.
    let retired: URL
    /// Where the site a swap took out waits to be the next build's staging folder.
    let recycle: URL
    /// Whether staging began as the last site swapped out, not empty.
    let recycled: Bool
    /// `staging.path` and `previous.path`, once: a site's thousands of files are joined to
    /// them as text (a path given here is already checked to be plain and relative), not
    /// through `URL`.
    let stagingPath: String
    let previousPath: String?
    /// What this build put in staging: a path claimed twice is a collision, and in a
    /// recycled folder what is not claimed is removed before the swap.
    private let claims = Claims()
    /// The prints (``SiteFiles/prints()``) of the previous site's files as its build left
    /// them: ``reuse(_:)`` takes only a file that still has its stamp. Nil: none is taken.
    let kept: Set<UInt64>?

    init(output: URL, staging: URL, previous: URL?, retired: URL, recycle: URL? = nil, recycled: Bool = false, kept: Set<UInt64>? = nil) {
        self.output = output
        self.staging = staging
        self.previous = previous
        self.retired = retired
        self.recycle = recycle ?? staging.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).previous")
        self.recycled = recycled
        self.kept = kept
        stagingPath = staging.path
        previousPath = previous?.path
    }

    /// The files and folders a build put in staging.
    final class Claims: Sendable {
        private let state = Mutex<(files: Set<String>, folders: Set<String>)>(([], []))
        /// Held while folders are checked and made in a recycled site, so no caller writes
        /// into a folder another is still replacing.
        let folderMaking = Mutex<Void>(())

        /// Claims `path` for a file: false when this build already put a file or a folder there.
        func file(_ path: String) -> Bool {
            state.withLock { $0.folders.contains(path) ? false : $0.files.insert(path).inserted }
        }
        /// Gives a file's claim back (a link that could not be made, the path then written).
        func release(_ path: String) { state.withLock { _ = $0.files.remove(path) } }
        /// Claims `path` for a folder: true the first time, nil when this build put a file there.
        func folder(_ path: String) -> Bool? {
            state.withLock { $0.files.contains(path) ? nil : $0.folders.insert(path).inserted }
        }
        var all: (files: Set<String>, folders: Set<String>) { state.withLock { $0 } }
    }

    /// Makes the staging folder next to `output` (the last site swapped out, when this tool
    /// kept one; else empty), refusing to replace a folder this tool did not build.
    ///
    /// A site left at the retired path by a swap that was killed midway (only on file
    /// systems without an atomic exchange) is put back first. `trusting`: whether the
    /// previous site's files may be taken as its build left them (not with `--verify`).
    static func prepare(output: URL, trusting: Bool = true) throws(SiteError) -> StagingFolder {
        try prepare(output: output, trusting: trusting, record: trusting ? SiteFiles.read(for: output) : nil)
    }

    /// As ``prepare(output:trusting:)``, with the output's record (``SiteFiles``) as already
    /// read; its prints are checked against the bookkeeping files as they are now.
    static func prepare(output: URL, trusting: Bool, record: SiteFiles?) throws(SiteError) -> StagingFolder {
        let manager = FileManager.default
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging", isDirectory: true)
        let retired = parent.appendingPathComponent(".\(output.lastPathComponent).old", isDirectory: true)
        let recycle = parent.appendingPathComponent(".\(output.lastPathComponent).previous", isDirectory: true)
        if !Self.exists(output.path), Self.exists(retired.path) {
            guard rename(retired.path, output.path) == 0 else {
                throw SiteError(.unwritable(path: output.path, underlying: "the previous site is at \(retired.path) and could not be moved back (\(String(cString: strerror(errno)))); move it to \(output.path) by hand"))
            }
        }
        var previous: URL?
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: output.path, isDirectory: &isFolder) {
            let hasManifest = manager.fileExists(atPath: output.appendingPathComponent(manifestName).path)
            let isEmpty = isFolder.boolValue && ((try? manager.contentsOfDirectory(atPath: output.path))?.isEmpty ?? false)
            guard hasManifest || isEmpty else { throw SiteError(.notASite(path: output.path)) }
            previous = hasManifest ? output : nil
        }
        var recycled = false
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            if Self.exists(staging.path) {
                try manager.removeItem(at: staging)
            }
            // Only a real folder a swap took out (a site this tool built), never through a link.
            // Anything else there is left alone: not a folder this tool built.
            if Self.isFolder(recycle.path), Self.exists(recycle.path + "/" + manifestName), rename(recycle.path, staging.path) == 0 {
                recycled = true
            } else {
                try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            }
        } catch {
            throw SiteError(.unwritable(path: staging.path, underlying: error.localizedDescription))
        }
        var kept = previous != nil && trusting ? record?.prints() : nil
        // What the last build knew of its site is taken only as it left it: its manifest,
        // its pages' reads and its reverse index replaced by another build's copies would
        // have pages taken under fingerprints they were not rendered from.
        if let prints = kept, let previous {
            for name in bookkeeping {
                var status = stat()
                let path = previous.path + "/" + name
                if lstat(path, &status) == 0,
                   !prints.contains(SiteFiles.print(path: name, stamp: FileStamp(status), mode: SiteFiles.mode(status))) {
                    kept = nil
                    break
                }
            }
        }
        return StagingFolder(output: output, staging: staging, previous: previous, retired: retired, recycle: recycle, recycled: recycled, kept: kept)
    }

    /// Creates the folders these relative paths live in.
    func makeFolders(for paths: some Sequence<String>) throws(SiteError) {
        let folders = Set(paths.map(Self.folder(of:)).filter { !$0.isEmpty })
        for folder in folders.sorted() {
            guard InputFolder.isPlainRelative(folder) else {
                throw SiteError(.unwritable(path: folder, underlying: "not a plain relative path inside the site"))
            }
            if recycled {
                try claims.folderMaking.withLock { _ throws(SiteError) in try makeFolder(folder) }
            } else {
                try makeFolder(folder)
            }
        }
    }

    /// The folder `path` is in, as `NSString.deletingLastPathComponent` says it ("en//x" is
    /// in "en", "a/" in ""), found by the last slash when that is all it takes. Not through
    /// `NSString`: for thousands of sprites that was a sixth of linking them, and this
    /// toolchain's Foundation stops the process on a one-letter name ("x").
    static func folder(of path: String) -> String {
        if !path.hasSuffix("/"), !path.contains("//") {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }
        let names = path.split(separator: "/").dropLast()
        return (path.hasPrefix("/") ? "/" : "") + names.joined(separator: "/")
    }

    /// Claims each folder of `folder` from the top, and makes it. In a recycled site, what
    /// is at a folder's path the first time and is not a real folder (a file, or a link,
    /// which a write must never go through) goes; a file this build put there is a collision.
    private func makeFolder(_ folder: String) throws(SiteError) {
        var prefix = ""
        for name in folder.split(separator: "/") {
            prefix += prefix.isEmpty ? String(name) : "/" + name
            guard let first = claims.folder(prefix) else { throw SiteError(.collision(path: prefix)) }
            if first, recycled, Self.exists(stagingPath + "/" + prefix), !Self.isFolder(stagingPath + "/" + prefix) {
                Self.removeTree(stagingPath + "/" + prefix)
            }
        }
        let url = staging.appendingPathComponent(folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw SiteError(.unwritable(path: url.path, underlying: error.localizedDescription))
        }
    }

    /// Writes a new file at a path relative to the site root.
    ///
    /// The file must not exist yet: two pages claiming one path is an error, not a silent
    /// overwrite. No per-file sync: the swap at the end is what makes the site visible,
    /// and a crash before it leaves only the staging folder behind.
    func write(_ data: some ContiguousBytes, to path: String) throws(SiteError) {
        guard InputFolder.isPlainRelative(path) else {
            throw SiteError(.unwritable(path: path, underlying: "not a plain relative path inside the site"))
        }
        guard claims.file(path) else { throw SiteError(.collision(path: path)) }
        try writeClaimed(data, to: path)
    }

    /// ``write(_:to:)`` to a path already claimed and checked.
    private func writeClaimed(_ data: some ContiguousBytes, to path: String) throws(SiteError) {
        let target = stagingPath + "/" + path
        // What a recycled site holds there is kept when it is these very bytes (an emblem,
        // pokedex.json, the search files: each written by every build, most of them the
        // same; removing and making them again was 47 of a one-resource rebuild's 67 new
        // files); else it goes first (never written through: it may be a link to a file of
        // the live site or the cache).
        if recycled {
            if Self.holds(target, data) { return }
            Self.removeTree(target)
        }
        do {
            let file = try FileDescriptor.open(
                FilePath(target), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead]
            )
            try file.closeAfter { _ = try data.withUnsafeBytes { try file.writeAll($0) } }
        } catch Errno.fileExists {
            throw SiteError(.collision(path: path))
        } catch {
            throw SiteError(.unwritable(path: target, underlying: String(describing: error)))
        }
    }

    /// Takes the previous site's file at `path` unchanged; its size, or nil when there is
    /// none (or it is not a plain file this tool wrote, with the stamp its build left it
    /// with: then the page is rendered anew).
    func reuse(_ path: String) -> Int? {
        guard let previousPath, let kept, InputFolder.isPlainRelative(path) else { return nil }
        let source = previousPath + "/" + path
        var status = stat()
        guard lstat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              kept.contains(SiteFiles.print(path: path, stamp: FileStamp(status), mode: SiteFiles.mode(status))) else { return nil }
        return link(source, at: path, size: Int(status.st_size), status: status)
    }

    /// Puts a file already found inside an input folder (`realFile`, symlinks resolved) at
    /// `path` in the site; its size, or nil when it cannot. `stamp`: the file's, when the
    /// caller read it (the entry a recycled site holds is then compared with it, without
    /// another `lstat` of the file: a sprite link costs one walk of its path, not two).
    func place(realFile: String, size: Int, stamp: FileStamp? = nil, at path: String) -> Int? {
        guard InputFolder.isPlainRelative(path) else { return nil }
        return link(realFile, at: path, size: size, status: nil, stamp: stamp)
    }

    /// Puts the finished site in place of the output folder.
    ///
    /// With an old site there, the two are exchanged in one step (`renameat2` with
    /// `RENAME_EXCHANGE` on Linux, `renamex_np` on macOS), so no moment leaves no site at
    /// the output path. Where the file system cannot exchange, the old site is moved
    /// aside to `.<name>.old` first; a kill between the two renames leaves it there, and
    /// the next build moves it back before anything else.
    func swap() throws(SiteError) {
        let manager = FileManager.default
        if Self.exists(retired.path) { try? manager.removeItem(at: retired) }
        if Self.exists(output.path) {
            let result = pokedex_exchange_paths(staging.path, output.path)
            if result == 0 {
                // The old site now sits at the staging path: kept for the next build.
                keepForNextBuild(stagingPath)
                return
            }
            guard result == EINVAL || result == ENOSYS || result == ENOTSUP || result == EXDEV else {
                throw SiteError(.unwritable(path: output.path, underlying: String(cString: strerror(result))))
            }
            guard rename(output.path, retired.path) == 0 else {
                throw SiteError(.unwritable(path: output.path, underlying: String(cString: strerror(errno))))
            }
        }
        guard rename(staging.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw SiteError(.unwritable(path: output.path, underlying: "\(reason); the previous site is at \(retired.path), and the next build puts it back"))
        }
        if Self.exists(retired.path) { keepForNextBuild(retired.path) }
    }

    /// Keeps the site a swap took out as the next build's staging folder; removes anything
    /// else (an output that was a link to a folder is swapped out as the link).
    private func keepForNextBuild(_ path: String) {
        // Only a site this tool built takes the place of one it built, never of a folder of
        // the same name it did not.
        if Self.isFolder(recycle.path), Self.exists(recycle.path + "/" + Self.manifestName) { Self.removeTree(recycle.path) }
        guard Self.isFolder(path), Self.exists(path + "/" + Self.manifestName), !Self.exists(recycle.path),
              rename(path, recycle.path) == 0 else { return Self.removeTree(path) }
    }

    /// In a recycled folder, removes every file and folder this build did not put there
    /// (what the last site had and this one does not); how many. Before the check and the swap.
    @discardableResult
    func removeUnclaimed() -> Int {
        guard recycled else { return 0 }
        let (files, folders) = claims.all
        var removed = 0
        func sweep(_ relative: String) {
            let full = relative.isEmpty ? stagingPath : stagingPath + "/" + relative
            guard let directory = opendir(full) else { return }
            let listed = FolderEntry.all(in: directory)
            closedir(directory)
            var entries: [(name: String, folder: Bool)] = []
            for entry in listed {
                // A name that is not UTF-8 is no path this build claims: it goes by its own
                // bytes (made a `String`, its bad bytes replaced, it named no file, and a
                // file planted so in the output came back in the site after the next change).
                guard let name = entry.name else {
                    let raw = Array(full.utf8) + [UInt8(ascii: "/")] + entry.bytes + [0]
                    _ = raw.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { pokedex_remove_tree($0.baseAddress!) } }
                    removed += 1
                    continue
                }
                entries.append((name, entry.isFolder))
            }
            for (name, isFolder) in entries {
                let path = relative.isEmpty ? name : relative + "/" + name
                if isFolder, folders.contains(path) {
                    sweep(path)
                } else if !(files.contains(path) && !isFolder) {
                    Self.removeTree(stagingPath + "/" + path)
                    removed += 1
                }
            }
        }
        sweep("")
        return removed
    }

    /// Removes a folder of thousands of files (the old site, once swapped out), its top
    /// folders two at a time: most of the work is the file system's, which two cores share.
    /// A symlink (an output that was a link to a folder, now swapped to the staging path) is
    /// removed itself, never what it leads to.
    static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            _ = pokedex_remove_tree(path)
            return
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for (offset, name) in entries.enumerated() where offset % 2 == half {
                _ = pokedex_remove_tree(path + "/" + name)
            }
        }
        if pokedex_remove_tree(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Removes the staging folder after a failure, leaving the output alone.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}

private extension StagingFolder {
    /// Hard-links (else copies) the real file `source` to `path` in staging, creating it
    /// new; its size, or nil when neither works.
    /// In a recycled folder, the entry already there is kept when it is `source` itself
    /// (`status`: the source's, when the caller has it; or its `stamp`, which a link to
    /// it shares: inode, size and modification time to the nanosecond), and removed otherwise.
    func link(_ source: String, at path: String, size: Int, status: stat?, stamp: FileStamp? = nil) -> Int? {
        guard claims.file(path) else { return nil }
        let target = stagingPath + "/" + path
        if recycled {
            var there = stat()
            if lstat(target, &there) == 0 {
                let same: Bool
                if there.st_mode & S_IFMT != S_IFREG {
                    same = false
                } else if let status {
                    same = there.st_ino == status.st_ino && there.st_dev == status.st_dev
                } else if let stamp {
                    // A link (a copy, made where the sprites are on another device, has one
                    // name and is made again, as before).
                    same = there.st_nlink > 1 && FileStamp(there) == stamp
                } else {
                    var wanted = stat()
                    same = lstat(source, &wanted) == 0 && there.st_ino == wanted.st_ino && there.st_dev == wanted.st_dev
                }
                if same { return size }
                Self.removeTree(target)
            }
        }
        if linkat(AT_FDCWD, source, AT_FDCWD, target, 0) == 0 { return size }
        guard errno != EEXIST, let data = FileManager.default.contents(atPath: source), (try? writeClaimed(data, to: path)) != nil else {
            // Not put there: the path is free for the caller to write (a page rendered anew).
            claims.release(path)
            return nil
        }
        return data.count
    }

    /// Whether the entry at `path` is a file of the site's own holding exactly `data`: a
    /// regular file (not a link to one, nor a device that opening would wake), with one name
    /// (not linked to the live site's, the cache's or anything else), this user's, with the
    /// permissions a file made here gets, so keeping it is the same as making it again.
    static func holds(_ path: String, _ data: some ContiguousBytes) -> Bool {
        var entry = stat()
        guard lstat(path, &entry) == 0, Self.isOwnFile(entry) else { return false }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        return data.withUnsafeBytes { wanted in
            guard fstat(descriptor, &status) == 0, status.st_ino == entry.st_ino, status.st_dev == entry.st_dev,
                  Self.isOwnFile(status), Int(status.st_size) == wanted.count else { return false }
            guard !wanted.isEmpty else { return true }
            let there = UnsafeMutableRawBufferPointer.allocate(byteCount: wanted.count, alignment: 8)
            defer { there.deallocate() }
            return WholeFile.read(descriptor, into: there) && memcmp(there.baseAddress!, wanted.baseAddress!, wanted.count) == 0
        }
    }

    /// A regular file with one name, this user's, with the permissions a file made here gets.
    static func isOwnFile(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1 && status.st_uid == geteuid() && status.st_mode & 0o7777 == madeMode
    }

    /// The permissions `writeClaimed` gives a file (`rw-r--r--` less the process's umask),
    /// the umask read from `/proc/self/status`: `umask(2)` only tells it by changing it,
    /// for every thread at once. Where that cannot be read, `rw-r--r--`.
    static let madeMode: mode_t = {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) else { return 0o644 }
        return 0o644 & ~mask
    }()

    /// Whether `path` is a folder itself (not a link to one).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything (a symlink included) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
