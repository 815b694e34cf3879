import Common
import Foundation

/// Each page's key from the last build (``PageKey``, a hash of its bytes), so a page that
/// comes out the same is taken from the last build instead of written again.
struct BuildManifest: Sendable, Codable, Equatable {
    var version = 2
    var pages: [String: String] = [:]
    /// What the site was built from, when the caller said.
    var key: BuildKey?
    var sprites = 0
    var spritesMissing = 0
    var bytes = 0
    var wroteSitemap = false
    /// What the build refused or could not use (a sprite symlinked out of its folder...).
    var warnings: [String]?
    var search: [SearchFileSize]?
    /// The language folders of a site in several languages (tags); nil for one language at the root.
    var languages: [String]?

    /// The manifest file of a previous site, as bytes (nil when there is none).
    static func data(of site: URL?) -> Data? {
        site.flatMap { try? Data(contentsOf: $0.appendingPathComponent(StagingFolder.manifestName)) }
    }

    /// The manifest file of a previous site, as bytes, with the stamp of the very file they
    /// were read from (nil when there is none, or it is no plain file): a caller that keeps
    /// the bytes can tell later whether the site still holds that file.
    static func stampedData(of site: URL) -> (data: Data, stamp: FileStamp)? {
        let descriptor = open(site.appendingPathComponent(StagingFolder.manifestName).path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let stamp = FileStamp.of(descriptor: descriptor), let data = try? handle.readToEnd() else { return nil }
        return (data, stamp)
    }

    /// The key a manifest records, read without its pages (a manifest names every page;
    /// decoding them all to compare the key was 6 ms of every rebuild that goes on to
    /// build, on the one thread it waits on).
    static func key(in data: Data) -> BuildKey? {
        struct Head: Decodable {
            var version: Int
            var key: BuildKey?
        }
        guard let head = try? JSONDecoder().decode(Head.self, from: data), head.version == 2 else { return nil }
        return head.key
    }

    /// The manifest of a previous site, or an empty one.
    static func read(from site: URL?) -> BuildManifest {
        read(data(of: site))
    }

    /// The manifest in `data`, or an empty one.
    static func read(_ data: Data?) -> BuildManifest {
        guard let data, let manifest = try? JSONDecoder().decode(BuildManifest.self, from: data), manifest.version == 2
        else { return BuildManifest() }
        return manifest
    }

    /// The manifest as sorted, stable JSON.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
