import Foundation

/// A stable 64-bit FNV-1a hash, the same in every process (unlike `Hasher`).
struct Fingerprint: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x0000_0100_0000_01b3
    }

    /// Sixteen hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Fingerprint {
    /// The resource kinds a catalog is built from.
    static let catalogKinds = [
        "pokemon-species", "pokemon", "pokemon-form", "evolution-chain", "type",
        "move", "ability", "item", "stat", "version", "version-group",
    ]

    /// Hashes the name, size and modification time of every resource a catalog may read.
    ///
    /// Stats each file rather than reading it: a few thousand `stat` calls take milliseconds.
    static func ofResources(in store: ResourceStore) throws(CatalogIssue) -> Fingerprint {
        var fingerprint = Fingerprint()
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        for kind in catalogKinds {
            fingerprint.add(kind)
            for id in try store.ids(kind) {
                let file = store.file(kind, id)
                guard let values = try? file.resourceValues(forKeys: keys) else { continue }
                let size = values.fileSize ?? -1
                let time = values.contentModificationDate?.timeIntervalSince1970 ?? 0
                fingerprint.add("\(id) \(size) \(time)")
            }
        }
        return fingerprint
    }
}
