import Common
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Fingerprint {
    /// The resource kinds a catalog is built from.
    static let catalogKinds = [
        "pokemon-species", "pokemon", "pokemon-form", "evolution-chain", "type",
        "move", "ability", "item", "stat", "version", "version-group", "growth-rate",
        "location", "region",
    ]

    /// Hashes the name, size and modification time of every resource a catalog may read.
    ///
    /// Stats each file rather than reading it, with `stat(2)` directly: Foundation's
    /// resource values cost ten times as much per file.
    static func ofResources(in store: ResourceStore) throws(CatalogIssue) -> Fingerprint {
        var fingerprint = Fingerprint()
        for kind in catalogKinds {
            fingerprint.add(kind)
            let folder = store.folder(kind).path
            for id in try store.ids(kind) {
                guard let (size, seconds, nanoseconds) = fileStatus("\(folder)/\(id)/index.json") else { continue }
                fingerprint.add("\(id) \(size) \(seconds).\(nanoseconds)")
            }
        }
        return fingerprint
    }

    private static func fileStatus(_ path: String) -> (size: Int64, seconds: Int, nanoseconds: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return (Int64(info.st_size), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #else
        return (Int64(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #endif
    }
}
