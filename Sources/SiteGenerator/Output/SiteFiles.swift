import Common
import Foundation

/// Every file and folder of a site as its build left it, each with its stamp (size,
/// modification time to the nanosecond, inode) and permissions, kept beside the output
/// (`.<name>.files`, as the last site swapped out is kept as `.<name>.previous`): not in
/// the site, whose bytes must be a clean build's, and a stamp is of the machine, not of
/// the inputs.
///
/// It is what tells a site still as it was built from one changed by hand since. A rebuild
/// with nothing changed keeps the site only when every file still has its stamp and no
/// folder holds anything more (``stands(in:)``); one that reuses the last site's pages and
/// search files takes a file only with the stamp the build left it with
/// (``prints()``). Before, an unchanged rebuild asked only whether each page was there:
/// an asset, a search file or a sprite deleted or replaced in the output stayed so, and a
/// page replaced by hand was linked into every later site as it was.
///
/// An edit that keeps a file's size, time, inode and permissions goes unseen, as in the
/// data folder; `--verify` takes nothing from the last site. The record is taken of the
/// staging folder just before the swap (a rename changes only a status change time, which
/// no stamp holds), so an edit made in the live site at any moment after is seen. (On
/// kernels before Linux 6.13, ext4 and tmpfs stamp a folder from a clock that ticks every
/// few milliseconds: a name added to a folder within the tick of the build's own last
/// change there keeps the folder's stamp.)
struct SiteFiles: Sendable, Equatable {
    static let format = "pokedex-site-files-4"

    struct File: Sendable, Equatable {
        /// Its name in its folder: `pikachu.html`.
        var name: String
        var stamp: FileStamp
        /// Its permissions (`st_mode & 0o7777`): a page made unreadable by hand was kept so.
        var mode: UInt32
    }

    struct Folder: Sendable, Equatable {
        /// Relative to the site's root; "" for the root itself.
        var path: String
        /// Its own stamp: a folder's modification time changes whenever an entry is made,
        /// removed or renamed in it, so with the same stamp it holds the same names.
        var stamp: FileStamp
        var mode: UInt32
        /// Its files (not its folders), by name.
        var files: [File] = []
    }

    /// Every folder, by path, the root first.
    var folders: [Folder] = []

    /// Every file, by its path relative to the root, with its stamp and permissions.
    var files: [(path: String, stamp: FileStamp, mode: UInt32)] {
        folders.flatMap { folder in folder.files.map { (folder.path.isEmpty ? $0.name : folder.path + "/" + $0.name, $0.stamp, $0.mode) } }
    }

    /// The file kept for the site at `output`: beside it, as `.<name>.files`.
    static func file(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).files")
    }

    /// What is in the folder at `root` now, walked without following a link; nil when it
    /// cannot be read whole. Its folders are listed first, one after another (names and
    /// kinds, as the listing gives them), then stamped on every core, a folder at a time
    /// (walked and stamped on one thread, the mirror's 4,839 files were 15 ms of a
    /// one-resource rebuild).
    static func record(_ root: String) -> SiteFiles? {
        var listed: [(path: String, names: [String])] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = openFolder(relative.isEmpty ? root : root + "/" + relative) else { return nil }
            let entries = FolderEntry.all(in: directory)
            closedir(directory)
            var names: [String] = []
            for entry in entries {
                // A name that is not UTF-8 (planted by hand: the build makes none) cannot be
                // kept as text: no record, and the next build makes every page anew.
                guard let name = entry.name else { return nil }
                if entry.isFolder {
                    pending.append(relative.isEmpty ? name : relative + "/" + name)
                } else {
                    names.append(name)
                }
            }
            listed.append((relative, names))
        }
        let all = listed
        let folders = BoundedConcurrency.blocking(all.count, run: 1) { position -> Folder? in
            let (relative, names) = all[position]
            guard let directory = openFolder(relative.isEmpty ? root : root + "/" + relative) else { return nil }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            var own = stat()
            guard fstat(descriptor, &own) == 0 else { return nil }
            var folder = Folder(path: relative, stamp: FileStamp(own), mode: Self.mode(own))
            folder.files.reserveCapacity(names.count)
            for name in names.sorted() {
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
                folder.files.append(File(name: name, stamp: FileStamp(status), mode: Self.mode(status)))
            }
            return folder
        }
        var site = SiteFiles()
        for folder in folders {
            guard let folder else { return nil }
            site.folders.append(folder)
        }
        site.folders.sort { $0.path < $1.path }
        return site
    }

    /// Whether the folder at `root` holds exactly these: every folder (a real one, not a
    /// link) with its stamp, so the same names (no entry made, removed or renamed there),
    /// and every file (not followed if a link) with its stamp. Folder by folder on every
    /// core, each file `fstatat` beside its folder, held open: `lstat` of each one's whole
    /// path walked the path again for every file.
    func stands(in root: String) -> Bool {
        let folders = folders
        return !BoundedConcurrency.blocking(folders.count, run: 1) { position -> Bool in
            let folder = folders[position]
            guard let directory = Self.openFolder(folder.path.isEmpty ? root : root + "/" + folder.path) else { return true }
            defer { closedir(directory) }
            let descriptor = dirfd(directory)
            var own = stat()
            guard fstat(descriptor, &own) == 0, FileStamp(own) == folder.stamp, Self.mode(own) == folder.mode else { return true }
            for file in folder.files {
                var status = stat()
                guard fstatat(descriptor, file.name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT != S_IFDIR,
                      FileStamp(status) == file.stamp, Self.mode(status) == file.mode else { return true }
            }
            return false
        }.contains(true)
    }

    /// The real folder at `path` (never through a link), open for listing; nil when it is not one.
    private static func openFolder(_ path: String) -> OpaquePointer? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        return directory
    }

    /// One number per file, of its path and stamp: all a rebuild that reuses files keeps of
    /// this (at ten times the dex, 48,000 paths as a dictionary were 6 MB through the pages).
    func prints() -> Set<UInt64> {
        var prints = Set<UInt64>(minimumCapacity: folders.reduce(0) { $0 + $1.files.count })
        for folder in folders {
            for file in folder.files {
                prints.insert(Self.print(path: folder.path.isEmpty ? file.name : folder.path + "/" + file.name, stamp: file.stamp, mode: file.mode))
            }
        }
        return prints
    }

    static func print(path: String, stamp: FileStamp, mode: UInt32) -> UInt64 {
        var hash = Fingerprint()
        hash.add(path)
        hash.add(Int(stamp.size)); hash.add(Int(stamp.modified)); hash.add(Int(bitPattern: UInt(stamp.inode))); hash.add(Int(mode))
        return hash.value
    }

    /// The permissions in what `stat(2)` said.
    static func mode(_ status: stat) -> UInt32 {
        UInt32(status.st_mode & 0o7777)
    }

    /// The record kept for the site at `output`; nil when there is none, or it is damaged or
    /// of another format.
    static func read(for output: URL) -> SiteFiles? {
        guard let data = try? Data(contentsOf: file(for: output)) else { return nil }
        let read = try? BinaryCoder.reading(data, format: format) { reader -> SiteFiles in
            var site = SiteFiles()
            let folderCount = try reader.count()
            site.folders.reserveCapacity(min(folderCount, 1 << 16))
            for _ in 0..<folderCount {
                var folder = Folder(path: try reader.string(), stamp: try FileStamp(record: reader), mode: UInt32(try reader.int()))
                let fileCount = try reader.count()
                folder.files.reserveCapacity(min(fileCount, 1 << 20))
                for _ in 0..<fileCount {
                    folder.files.append(File(name: try reader.string(), stamp: try FileStamp(record: reader), mode: UInt32(try reader.int())))
                }
                site.folders.append(folder)
            }
            return site
        }
        return read ?? nil
    }

    /// Keeps the record for the site at `output`: written beside the record's place and
    /// renamed over it (a link there is replaced, never written through). A failure only
    /// costs the next build its shortcuts; what failed and why is returned (nil: kept), for
    /// the build to say: without it every rebuild made the whole site again, unexplained.
    @discardableResult
    func write(for output: URL) -> String? {
        let destination = Self.file(for: output)
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        let bytes = BinaryCoder.encodedBytes(record: self, format: Self.format,
                                             capacity: folders.reduce(64) { $0 + $1.path.utf8.count + 32 + $1.files.reduce(0) { $0 + $1.name.utf8.count + 24 } })
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "\(temporary.path) could not be made (\(String(cString: strerror(errno))))" }
        let written = bytes.withUnsafeBytes { WholeFile.write(descriptor, $0) }
        let writeError = errno
        close(descriptor)
        guard written else {
            unlink(temporary.path)
            return "\(temporary.path) could not be written (\(String(cString: strerror(writeError))))"
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            return "it could not take the place of \(destination.path) (\(reason))"
        }
        return nil
    }

    /// Removes the record kept for the site at `output` (a build that could not make one).
    static func remove(for output: URL) {
        unlink(file(for: output).path)
    }

    /// What a build says when it could not keep its site's record (`problem`): the next
    /// build then makes the whole site again.
    static func unkept(for output: URL, _ problem: String) -> String {
        "the site's record (\(file(for: output).path)) was not kept: \(problem); the next build cannot tell what "
            + "is unchanged and makes the whole site again (make the folder beside the output writable, or remove what is in the way)"
    }
}

extension SiteFiles: BinaryWritable {
    func write(record writer: BinaryRecordWriter) {
        writer.count(folders.count)
        for folder in folders {
            writer.string(folder.path)
            folder.stamp.write(record: writer)
            writer.int(Int(folder.mode))
            writer.count(folder.files.count)
            for file in folder.files {
                writer.string(file.name)
                file.stamp.write(record: writer)
                writer.int(Int(file.mode))
            }
        }
    }
}
