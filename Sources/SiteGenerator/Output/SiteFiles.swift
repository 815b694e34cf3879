import Common
import Foundation

/// Every file and folder of a site as its build left it, each file with its stamp (size,
/// modification time to the nanosecond, inode), kept beside the output (`.<name>.files`,
/// with `.<name>.previous`): not in the site, whose bytes must be a clean build's, and a
/// stamp is of the machine, not of the inputs.
///
/// It is what tells a site still as it was built from one changed by hand since. A rebuild
/// with nothing changed keeps the site only when every file still has its stamp and no
/// folder holds anything more (``stands(in:)``); one that reuses the last site's pages and
/// search files takes a file only with the stamp the build left it with
/// (``prints()``). Before, an unchanged rebuild asked only whether each page was there:
/// an asset, a search file or a sprite deleted or replaced in the output stayed so, and a
/// page replaced by hand was linked into every later site as it was.
///
/// An edit that keeps a file's size, time and inode goes unseen, as in the data folder;
/// `--verify` takes nothing from the last site.
struct SiteFiles: Sendable, Equatable {
    static let format = "pokedex-site-files-1"

    struct File: Sendable, Equatable {
        /// Relative to the site's root: `pokemon/pikachu.html`.
        var path: String
        var stamp: FileStamp
    }

    struct Folder: Sendable, Equatable {
        /// Relative to the site's root; "" for the root itself.
        var path: String
        /// How many entries (files and folders) it holds.
        var entries: Int
    }

    var folders: [Folder] = []
    var files: [File] = []

    /// The file kept for the site at `output`: beside it, as `.<name>.files`.
    static func file(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).files")
    }

    /// What is in the folder at `root` now, walked without following a link; nil when it
    /// cannot be read whole.
    static func record(_ root: String) -> SiteFiles? {
        var site = SiteFiles()
        func walk(_ relative: String) -> Bool {
            let full = relative.isEmpty ? root : root + "/" + relative
            let descriptor = open(full, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0, let directory = fdopendir(descriptor) else {
                if descriptor >= 0 { close(descriptor) }
                return false
            }
            defer { closedir(directory) }
            var entries = 0
            var folders: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                entries += 1
                var status = stat()
                guard fstatat(dirfd(directory), name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                let path = relative.isEmpty ? name : relative + "/" + name
                if status.st_mode & S_IFMT == S_IFDIR {
                    folders.append(path)
                } else {
                    site.files.append(File(path: path, stamp: FileStamp(status)))
                }
            }
            site.folders.append(Folder(path: relative, entries: entries))
            return folders.allSatisfy(walk)
        }
        guard walk("") else { return nil }
        site.folders.sort { $0.path < $1.path }
        site.files.sort { $0.path < $1.path }
        return site
    }

    /// Whether the folder at `root` holds exactly these: every folder (a real one, not a
    /// link) with as many entries, every file (not followed if a link) with its stamp.
    /// Asked on every core, by path.
    func stands(in root: String) -> Bool {
        let folders = folders, files = files
        return !BoundedConcurrency.blocking(folders.count + files.count) { position -> Bool in
            if position < folders.count {
                let folder = folders[position]
                return Self.entries(in: folder.path.isEmpty ? root : root + "/" + folder.path) != folder.entries
            }
            let file = files[position - folders.count]
            var status = stat()
            return lstat(root + "/" + file.path, &status) != 0 || status.st_mode & S_IFMT == S_IFDIR || FileStamp(status) != file.stamp
        }.contains(true)
    }

    /// How many entries the real folder at `path` holds; nil when it is not one.
    private static func entries(in path: String) -> Int? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0, let directory = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let dot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !dot { count += 1 }
        }
        return count
    }

    /// One number per file, of its path and stamp: all a rebuild that reuses files keeps of
    /// this (at ten times the dex, 48,000 paths as a dictionary were 6 MB through the pages).
    func prints() -> Set<UInt64> {
        Set(files.map { Self.print(path: $0.path, stamp: $0.stamp) })
    }

    static func print(path: String, stamp: FileStamp) -> UInt64 {
        var hash = Fingerprint()
        hash.add(path)
        hash.add(Int(stamp.size)); hash.add(Int(stamp.modified)); hash.add(Int(bitPattern: UInt(stamp.inode)))
        return hash.value
    }

    /// The record kept for the site at `output`; nil when there is none, or it is damaged or
    /// of another format.
    static func read(for output: URL) -> SiteFiles? {
        guard let data = try? Data(contentsOf: file(for: output)) else { return nil }
        let read = try? BinaryCoder.reading(data, format: format) { reader -> SiteFiles in
            var site = SiteFiles()
            let folderCount = try reader.count()
            site.folders.reserveCapacity(min(folderCount, 1 << 16))
            for _ in 0..<folderCount { site.folders.append(Folder(path: try reader.string(), entries: try reader.int())) }
            let fileCount = try reader.count()
            site.files.reserveCapacity(min(fileCount, 1 << 20))
            for _ in 0..<fileCount { site.files.append(File(path: try reader.string(), stamp: try FileStamp(record: reader))) }
            return site
        }
        return read ?? nil
    }

    /// Keeps the record for the site at `output`: written beside the record's place and
    /// renamed over it (a link there is replaced, never written through). A failure only
    /// costs the next build its shortcuts.
    func write(for output: URL) {
        let destination = Self.file(for: output)
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
        let bytes = BinaryCoder.encodedBytes(record: self, format: Self.format,
                                             capacity: files.reduce(64) { $0 + $1.path.utf8.count + 24 } + folders.count * 32)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { WholeFile.write(descriptor, $0) }
        close(descriptor)
        if !written || rename(temporary.path, destination.path) != 0 { unlink(temporary.path) }
    }

    /// Removes the record kept for the site at `output` (a build that could not make one).
    static func remove(for output: URL) {
        unlink(file(for: output).path)
    }
}

extension SiteFiles: BinaryWritable {
    func write(record writer: BinaryRecordWriter) {
        writer.count(folders.count)
        for folder in folders {
            writer.string(folder.path)
            writer.int(folder.entries)
        }
        writer.count(files.count)
        for file in files {
            writer.string(file.path)
            file.stamp.write(record: writer)
        }
    }
}
