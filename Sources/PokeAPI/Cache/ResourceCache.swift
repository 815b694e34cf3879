import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes cache entries; every write is a temporary file renamed into place.
///
/// A data file is always complete (rename is atomic); its metadata is written after it,
/// so an entry without metadata is still usable, just not revalidatable.
struct ResourceCache: Sendable {
    let layout: CacheLayout

    /// What the cache holds for a sprite.
    enum SpriteState: Equatable {
        case present
        case missing
        case absent
    }

    func contains(_ path: APIResourcePath) -> Bool {
        FileManager.default.fileExists(atPath: layout.file(for: path).path)
    }

    func read(_ path: APIResourcePath) -> Data? {
        FileManager.default.contents(atPath: layout.file(for: path).path)
    }

    func metadata(for path: APIResourcePath) -> CacheMetadata? {
        readMetadata(layout.metadata(for: path))
    }

    func metadata(for sprite: SpritePath) -> CacheMetadata? {
        readMetadata(layout.metadata(for: sprite))
    }

    func state(of sprite: SpritePath) -> SpriteState {
        if FileManager.default.fileExists(atPath: layout.file(for: sprite).path) { return .present }
        return metadata(for: sprite)?.status == 404 ? .missing : .absent
    }

    func store(_ data: Data, at path: APIResourcePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try write(data, to: layout.file(for: path))
        try writeMetadata(metadata, to: layout.metadata(for: path))
    }

    func store(_ data: Data, at sprite: SpritePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try write(data, to: layout.file(for: sprite))
        try writeMetadata(metadata, to: layout.metadata(for: sprite))
    }

    /// Remembers that a sprite is 404 upstream, so the site shows a placeholder.
    func recordMissing(_ sprite: SpritePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try writeMetadata(metadata, to: layout.metadata(for: sprite))
    }

    /// Updates only the fetch date of an entry that answered 304.
    func touch(_ path: APIResourcePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try writeMetadata(metadata, to: layout.metadata(for: path))
    }

    /// A file below `.pokedex/` (upstream lists), written atomically.
    func storeInternal(_ data: Data, name: String) throws(PokeAPIFailure) {
        try write(data, to: internalFile(name))
    }

    func readInternal(_ name: String) -> Data? {
        FileManager.default.contents(atPath: internalFile(name).path)
    }

    /// Writes any file in the cache atomically.
    func write(_ data: Data, to destination: URL) throws(PokeAPIFailure) {
        let manager = FileManager.default
        let temporary = layout.temporaryFolder.appendingPathComponent(UUID().uuidString)
        do {
            try manager.createDirectory(at: layout.temporaryFolder, withIntermediateDirectories: true)
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: temporary)
        } catch {
            try? manager.removeItem(at: temporary)
            throw .unwritable(path: destination.path, reason: error.localizedDescription)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw .unwritable(path: destination.path, reason: reason)
        }
    }

    /// Removes temporary files a killed fetch left behind; call while holding the lock.
    func removeLeftovers() {
        try? FileManager.default.removeItem(at: layout.temporaryFolder)
    }
}

private extension ResourceCache {
    func internalFile(_ name: String) -> URL {
        layout.root.appendingPathComponent(".pokedex/\(name)")
    }

    func readMetadata(_ url: URL) -> CacheMetadata? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try? JSONDecoder().decode(CacheMetadata.self, from: data)
    }

    func writeMetadata(_ metadata: CacheMetadata, to url: URL) throws(PokeAPIFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(metadata) else { throw .unwritable(path: url.path, reason: "metadata") }
        try write(data, to: url)
    }
}
