import Foundation

/// One entry of a folder as `readdir` gives it ("." and ".." left out), for the walks over
/// a site's own files (``SiteFiles/record(_:)``, ``StagingFolder/removeUnclaimed()``).
struct FolderEntry {
    /// The name's bytes, as the file system holds them.
    var bytes: [UInt8]
    /// The name as text; nil when its bytes are not UTF-8 (planted by hand: a build makes no
    /// such name). A `String` made of them anyway, its bad bytes replaced, names no file.
    var name: String?
    /// Whether it is a folder, and not a link to one.
    var isFolder: Bool

    /// Every entry of the open folder `directory`. Where the file system does not say what
    /// an entry is, it is asked beside the folder, never through a link; one that cannot be
    /// asked (gone meanwhile) is taken as a file.
    static func all(in directory: OpaquePointer) -> [FolderEntry] {
        var entries: [FolderEntry] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            var kind = Int32(entry.pointee.d_type)
            if kind == Int32(DT_UNKNOWN) {
                var status = stat()
                let asked = fstatat(dirfd(directory), bytes.map { CChar(bitPattern: $0) } + [0], &status, AT_SYMLINK_NOFOLLOW)
                kind = asked == 0 && status.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
            }
            entries.append(FolderEntry(bytes: bytes, name: String(validating: bytes, as: UTF8.self), isFolder: kind == Int32(DT_DIR)))
        }
        return entries
    }
}
