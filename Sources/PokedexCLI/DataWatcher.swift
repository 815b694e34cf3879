import Common
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells `pokedex serve` when a file in the data folder may have changed, without looking
/// at the files: the kernel's notices (inotify) on every folder in it, hidden ones and
/// symlinks aside.
///
/// A look at the data is a `stat` of every file (the build's own check): on the whole mirror
/// 77 ms of CPU, a tenth of a core when made every second while nothing changes. With
/// notices it is made only after something in the folder changed. Where there are none (not
/// Linux, or the folders past the system's limit of watches), ``notified`` is false and
/// serve looks every `--data-poll` instead.
final class DataWatcher {
    /// Whether the kernel tells of changes; otherwise ``changed()`` always says no.
    private(set) var notified = false
    /// Why there are no notices, when there are none.
    private(set) var reason: String?
    /// Whether serve has said it looks every `--data-poll` instead.
    var fallbackSaid = false
    private var descriptor: Int32 = -1
    /// Each watch's folder, so a folder made inside it is watched in turn.
    private var folders: [Int32: String] = [:]
    /// The data folder, its links resolved (a symlinked `--api` folder is watched where it is).
    private let root: String

    init(root: URL) {
        self.root = InputFolder.realPath(root.path) ?? root.path
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            reason = "the system gives no file notices (\(String(cString: strerror(errno))))"
            return
        }
        if let failure = watch(tree: self.root) ?? (folders.isEmpty ? "\(self.root) could not be watched" : nil) {
            give(up: failure)
            return
        }
        notified = true
        #else
        reason = "file notices are only asked of Linux"
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// No notices from now on: serve looks every `--data-poll` instead, and says why.
    private func give(up failure: String) {
        reason = failure
        notified = false
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        folders = [:]
    }

    /// How many folders are watched.
    var count: Int { folders.count }

    /// Whether anything in the folder changed since the last call: the notices waiting are
    /// read, never waited for. A folder made meanwhile is watched from now on (what was
    /// written into it before counts as a change: its making did).
    func changed() -> Bool {
        #if os(Linux)
        guard descriptor >= 0 else { return false }
        var any = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= length {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(length, offset + header + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Notices were lost, a folder's making perhaps among them: every folder
                    // is walked again (one already watched keeps its watch).
                    any = true
                    if let failure = self.watch(tree: root) { give(up: failure); return true }
                    continue
                }
                if mask & UInt32(IN_IGNORED) != 0 {
                    let gone = folders[watch]
                    folders[watch] = nil
                    // The data folder itself removed or replaced: nothing below it tells anymore.
                    if gone == root { give(up: "\(root) was removed or replaced"); return true }
                    continue
                }
                // The tool's own files (`.pokedex/`, a fetch's temporary files, its lock) are
                // not data: a build writing its records there is no change.
                guard !name.hasPrefix(".") else { continue }
                any = true
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[watch],
                   let failure = self.watch(tree: parent + "/" + name) {
                    // Past the system's limit: the data is looked at every `--data-poll` instead.
                    give(up: failure)
                    return true
                }
            }
        }
        return any
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// Watches `path` and every folder below it that is neither hidden nor a symlink; why it
    /// could not, or nil.
    private func watch(tree path: String) -> String? {
        // A save ends with its file closed or renamed into place: no notice per `write`,
        // which a fetch's big files made by the thousand (and which could fill the queue).
        let events = IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
        let added = inotify_add_watch(descriptor, path, UInt32(events | IN_ONLYDIR | IN_DONT_FOLLOW))
        guard added >= 0 else {
            let code = errno
            if code == ENOSPC {
                return "the data has more folders than the system's limit of file notices (fs.inotify.max_user_watches)"
            }
            // A folder gone or unreadable since it was listed: nothing to watch there.
            return code == ENOENT || code == EACCES || code == ENOTDIR ? nil : "\(path): \(String(cString: strerror(code)))"
        }
        folders[added] = path
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let child = path + "/" + name
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isFolder = lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            guard isFolder else { continue }
            if let failure = watch(tree: child) { return failure }
        }
        return nil
    }
    #endif
}
