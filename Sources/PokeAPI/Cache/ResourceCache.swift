import Common
import Foundation

/// Reads and writes cache entries; every write is a temporary file renamed into place.
///
/// A data file is always complete (rename is atomic); its metadata is recorded after it,
/// so an entry without metadata is still usable, just not revalidatable.
struct ResourceCache: Sendable {
    let layout: CacheLayout
    let journal: MetadataJournal
    /// Every write lands inside the cache folder, whatever symlinks its folders hold.
    let confinement: FolderConfinement

    /// Set when the folder is read in place (a data folder the build only reads): every
    /// read is confined to it, since it may hold symlinks leading out.
    let inPlace: InputFolder?
    /// The folder as the build reads it, for stamps: a file behind a link out of it has none.
    let folder: InputFolder

    init(layout: CacheLayout, inPlace: Bool = false) {
        self.layout = layout
        self.journal = MetadataJournal(layout: layout)
        self.confinement = FolderConfinement(root: layout.root)
        folder = InputFolder(root: layout.root)
        self.inPlace = inPlace ? folder : nil
    }

    /// The stamp of a resource's file, resolved inside the folder (nil: none there, or it
    /// leads out). The index's entries are taken by it without reading the file, and the
    /// build then takes each one's record by it: so no record stands for a file a clean
    /// build would refuse.
    func stamp(of path: APIResourcePath) -> FileStamp? {
        guard case (.file, let stamp?) = folder.stamped(layout.relativePath(for: path)) else { return nil }
        return stamp
    }

    /// The stamp of a sprite's or cry's file, resolved inside the folder as ``stamp(of:)-(APIResourcePath)``
    /// resolves a resource's: one behind a link out of it has none, so the index never keeps
    /// a sprite a clean build would refuse as present.
    func stamp(of sprite: SpritePath) -> FileStamp? {
        guard case (.file, let stamp?) = folder.stamped(sprite.relativePath) else { return nil }
        return stamp
    }

    /// `path` (a file in the cache) once its folder is known to lie inside the cache; for a
    /// file to be written, the folder is made if it is missing (``FolderConfinement/escape(ofMaking:)``).
    func confined(_ path: String, writing: Bool = true) throws(PokeAPIFailure) -> String {
        let folder = parentFolder(of: path)
        if let outside = writing ? confinement.escape(ofMaking: folder) : confinement.escape(of: folder) {
            throw .escapesCache(path: path, target: outside)
        }
        return path
    }

    /// What the cache holds for a sprite.
    enum SpriteState: Equatable {
        case present
        case missing
        case absent
    }

    func contains(_ path: APIResourcePath) -> Bool {
        FileManager.default.fileExists(atPath: layout.path(for: path))
    }

    func read(_ path: APIResourcePath) -> Data? {
        if let inPlace { return (try? inPlace.read(layout.relativePath(for: path))) ?? nil }
        return AtomicFile.read(layout.path(for: path))
    }

    /// Why a file of a folder read in place cannot be read (a symlink out), if it cannot.
    func refusal(_ path: APIResourcePath) -> String? {
        guard let inPlace else { return nil }
        do {
            _ = try inPlace.read(layout.relativePath(for: path))
            return nil
        } catch {
            return error.description
        }
    }

    func metadata(for path: APIResourcePath) -> CacheMetadata? {
        journal.record(for: layout.relativePath(for: path))
    }

    func metadata(for sprite: SpritePath) -> CacheMetadata? {
        journal.record(for: sprite.relativePath)
    }

    /// `lookingOnDisk` false takes the file as absent without a look (a run into a cache
    /// that held nothing); what the journal remembers still counts.
    func state(of sprite: SpritePath, lookingOnDisk: Bool = true) -> SpriteState {
        if let inPlace {
            if case .file = inPlace.resolve(sprite.relativePath) { return .present }
            return .missing
        }
        if lookingOnDisk, FileManager.default.fileExists(atPath: layout.path(for: sprite)) { return .present }
        return metadata(for: sprite)?.status == 404 ? .missing : .absent
    }

    /// Stores a resource and returns the stored file's stamp (see ``AtomicFile/write(_:to:)``).
    @discardableResult
    func store(_ data: Data, at path: APIResourcePath, metadata: CacheMetadata) throws(PokeAPIFailure) -> FileStamp? {
        let stamp = try AtomicFile.write(data, to: confined(layout.path(for: path)))
        try journal.set(metadata, for: layout.relativePath(for: path))
        return stamp
    }

    func store(_ data: Data, at sprite: SpritePath, metadata: CacheMetadata) throws(PokeAPIFailure) -> FileStamp? {
        let stamp = try AtomicFile.write(data, to: confined(layout.path(for: sprite)))
        try journal.set(metadata, for: sprite.relativePath)
        return stamp
    }

    /// Remembers that a sprite is 404 upstream, so the site shows a placeholder.
    func recordMissing(_ sprite: SpritePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try journal.set(metadata, for: sprite.relativePath)
    }

    /// Remembers that an optional resource is 404 upstream.
    func recordMissing(_ path: APIResourcePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try journal.set(metadata, for: layout.relativePath(for: path))
    }

    /// Deletes a resource upstream no longer has.
    func remove(_ path: APIResourcePath) throws(PokeAPIFailure) {
        guard unlink(try confined(layout.path(for: path), writing: false)) == 0 || errno == ENOENT else {
            throw .unwritable(path: layout.path(for: path), reason: String(cString: strerror(errno)))
        }
    }

    /// Whether an earlier fetch found the resource missing upstream.
    func isRecordedMissing(_ path: APIResourcePath) -> Bool {
        metadata(for: path)?.status == 404
    }

    /// Updates only the fetch date of an entry that answered 304.
    func touch(_ path: APIResourcePath, metadata: CacheMetadata) throws(PokeAPIFailure) {
        try journal.set(metadata, for: layout.relativePath(for: path))
    }

    /// A file below `.pokedex/` (upstream lists), written atomically.
    func storeInternal(_ data: Data, name: String) throws(PokeAPIFailure) {
        try AtomicFile.write(data, to: confined(internalFile(name).path))
    }

    func readInternal(_ name: String) -> Data? {
        FileManager.default.contents(atPath: internalFile(name).path)
    }

    /// Starts a run that writes: if the last one was killed, removes the temporary files
    /// it left, then marks this one as running. Call while holding the lock.
    func beginRun() throws(PokeAPIFailure) {
        let marker = try confined(layout.runningMarker.path)
        if FileManager.default.fileExists(atPath: marker) { removeTemporaryFiles() }
        try? FileManager.default.removeItem(at: layout.root.appendingPathComponent(".pokedex/tmp"))
        try AtomicFile.write(Data(), to: marker)
    }

    /// Whether the cache holds no entry: nothing in its folder but the run's bookkeeping
    /// (`.pokedex/`). Asked under the lock, as a run begins.
    func holdsNoEntries() -> Bool {
        guard inPlace == nil, let names = try? FileManager.default.contentsOfDirectory(atPath: layout.root.path) else { return false }
        return names.allSatisfy { $0 == ".pokedex" }
    }

    /// Ends a run: folds the metadata log into its snapshot and clears the running mark.
    func endRun() throws(PokeAPIFailure) {
        try journal.compact()
        try? FileManager.default.removeItem(at: layout.runningMarker)
    }
}

private extension ResourceCache {
    func internalFile(_ name: String) -> URL {
        layout.root.appendingPathComponent(".pokedex/\(name)")
    }

    /// Walks the cache for `.partial` files; only after a run that did not end.
    func removeTemporaryFiles() {
        let base = layout.root.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return }
        while let relative = walker.nextObject() as? String {
            if AtomicFile.isTemporary((relative as NSString).lastPathComponent) {
                try? FileManager.default.removeItem(atPath: base + "/" + relative)
            }
        }
    }
}
