import Foundation

/// What a media file is, judged by its name and by its first bytes: the only files a site
/// copies from a data folder or the cache are images under `sprites/` and sounds under
/// `cries/`.
package enum MediaFile {
    package enum Kind: Sendable, Equatable {
        case image
        case audio
    }

    /// Extensions a sprite may have (PokeAPI's are PNG, a few GIF; artwork PNG, HOME PNG).
    package static let imageExtensions: Set<String> = ["png", "gif", "jpg", "jpeg", "webp"]
    /// Extensions a cry may have (PokeAPI's are Ogg Vorbis).
    package static let audioExtensions: Set<String> = ["ogg"]

    /// The kind a file name's extension promises, or nil for any other (SVG, HTML, JS...).
    /// Read from the name's UTF-8 without Foundation: `NSString.pathExtension` bridged every
    /// sprite link a fetch met (about 2% of a cold fetch's CPU).
    package static func kind(ofName name: String) -> Kind? {
        let utf8 = name.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
        let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
        // No extension without a dot, or with the dot first (a hidden file's name).
        guard let dot = utf8[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start else { return nil }
        let ext = String(decoding: utf8[utf8.index(after: dot)..<end], as: UTF8.self).lowercased()
        if imageExtensions.contains(ext) { return .image }
        if audioExtensions.contains(ext) { return .audio }
        return nil
    }

    /// Whether `head` (at least the first 12 bytes of a file) starts the way a file of
    /// `kind` does: PNG, GIF, JPEG or WebP for images, Ogg for sounds.
    package static func matches(_ head: some Collection<UInt8>, kind: Kind) -> Bool {
        let bytes = Array(head.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        switch kind {
        case .image:
            return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                || starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
                || starts([0xFF, 0xD8, 0xFF])
                || (bytes.count >= 12 && starts(Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8))
        case .audio:
            return starts(Array("OggS".utf8))
        }
    }

    /// Reads the first bytes of the file at `path` (an already resolved real path) and
    /// checks them against `kind`; false when it cannot be read.
    package static func fileMatches(_ path: String, kind: Kind) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 12) else { return false }
        return matches(head, kind: kind)
    }
}
