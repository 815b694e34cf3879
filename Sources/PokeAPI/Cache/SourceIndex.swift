import Common
import Foundation

/// What a data folder holds for one selection, and what each entry reaches: written by a
/// fetch that finished with nothing missing, so the next build knows the folder is
/// complete and unchanged by `stat`ing its files, without reading any of them.
///
/// The folder keeps its api-data layout (it is a mirror others read); the index sits
/// beside the cache's metadata (`.pokedex/index-<key>.bin`) in the build's own binary
/// format, versioned by ``format``: an index of another version is not read, and the
/// fetch that follows writes a new one. A file changed by hand or by another tool shows
/// in its size, modification time or inode; `--verify` reads everything instead.
package struct SourceIndex: Codable, Sendable, Equatable {
    /// Bumped whenever the fields, what a reach means or how ``Reach/key`` is computed change
    /// (4: the key became a sum of one hash per element).
    static let format = "pokedex-source-index-4"

    /// One resource file: where, its stamp, and what it links to.
    package struct Entry: Codable, Sendable, Equatable {
        /// `pokemon/25` (the resource path, without `api/v2/` and `index.json`).
        package var path: String
        package var stamp: FileStamp
        /// Indices into ``SourceIndex/entries`` of the resources it reaches.
        package var links: [Int]
        /// Indices into ``SourceIndex/media`` of the sprites it reaches.
        package var sprites: [Int]
        /// The name the link to it gave (`pikachu`), where one did.
        package var name: String?
        /// What it links to that the source lacks (`location/48`, `sprites/pokemon/10304.png`):
        /// a fetch that takes this entry's reach from the index must ask for them again, as a
        /// fetch that reads the file does, or the next index would leave them out.
        package var absent: [String] = []
        /// ``Reach/key`` of the file as last read; 0 when unknown (lists).
        package var reachKey: UInt64 = 0
    }

    /// A sprite (later: a cry) present in the folder.
    package struct Media: Codable, Sendable, Equatable {
        /// `sprites/pokemon/25.png`.
        package var path: String
        package var stamp: FileStamp
    }

    /// The real path of the folder the entries are in.
    package var root: String
    /// What the index covers: the selection's key.
    package var selection: String
    package var entries: [Entry]
    package var media: [Media]
    /// Sprites and optional resources the source does not have (recorded 404s, or absent
    /// from a folder): the site shows a placeholder or says the slug in words.
    package var missingMedia: [String]
    package var missingResources: [String]
    /// How many entries (resources, sprites, lists) the fetch that wrote it went through.
    package var items: Int

    /// The file of an entry below the root (its path is a resource path's own, `pokemon/25`
    /// or `pokemon/25/encounters`: the file is `api/v2/<path>/index.json`).
    package func file(of entry: Entry) -> String {
        root + "/api/v2/" + entry.path + "/index.json"
    }

    /// The index as it stands: itself with nothing changed (`changed` 0, every file and
    /// sprite resolved inside the folder, never through a link out of it), or with new stamps
    /// when the only change since it was written is files edited in a way that leaves what
    /// they reach as it was (a text changed by hand): each changed file is read and scanned,
    /// and its ``Reach/key`` must be the one recorded. Nil when a file or sprite is gone or
    /// changed otherwise, a changed file reaches anything else or is not valid JSON, or so
    /// many changed that the crawl is as quick: the crawl decides. So does anything a crawl
    /// would read again that the index has no stamp of, whether or not anything else
    /// changed: something recorded as missing that is there now, or a list
    /// (`api/v2/<resource>/index.json`) changed since `written` (the index's own stamp).
    func restamped(written: FileStamp?, limit: Int = 256) -> (index: SourceIndex, changed: Int)? {
        var updated = self
        var changed = 0
        let folder = InputFolder(root: URL(fileURLWithPath: root, isDirectory: true))
        // Each resource once: entries of one resource mostly follow each other.
        var resources = Set<Substring>()
        var last: Substring = ""
        for entry in entries {
            let resource = entry.path.prefix { $0 != "/" }
            if resource != last { resources.insert(resource); last = resource }
        }
        let lists = resources.sorted().map { "api/v2/" + $0 + "/index.json" }
        // Through the folder, as the crawl reads it: a file now behind a link out of the
        // folder is the crawl's to refuse, whatever its stamp (the build takes an unchanged
        // file's record by this stamp without resolving it again). Ten thousand files, on
        // every core, each one `fstatat` beside its resource's folder (`stamped(all:)`), and
        // in the same pass the sprites and cries (a `stat` of each one's whole path, one
        // core waiting on the other, was a fifth of the check), what the index records as
        // missing and the lists.
        let files = entries.map { "api/v2/" + $0.path + "/index.json" }
        let lackingResources = missingResources.compactMap { Self.resourcePath($0)?.filePath }
        let found = folder.stamped(all: files + media.map(\.path) + lackingResources + missingMedia + lists)
        func stamp(_ position: Int) -> FileStamp? {
            if case (.file, let stamp?) = found[position] { stamp } else { nil }
        }
        // By position: an entry is copied (its five arrays and strings retained) only when changed.
        for position in entries.indices {
            let relative = files[position]
            guard let stamp = stamp(position) else { return nil }
            guard stamp != entries[position].stamp else { continue }
            guard written != nil else { return nil }
            let entry = entries[position]
            changed += 1
            guard changed <= limit, entry.reachKey != 0, let path = Self.resourcePath(entry.path),
                  let data = (try? folder.read(relative)) ?? nil,
                  let reach = try? Reach.links(in: data, at: path, url: file(of: entry)), reach.key == entry.reachKey,
                  FileStamp.of(file(of: entry)) == stamp  // not changed again while read
            else { return nil }
            updated.entries[position].stamp = stamp
        }
        var position = files.count
        for media in media {
            guard stamp(position) == media.stamp else { return nil }
            position += 1
        }
        // Missing then, there now: a file inside the folder. One behind a link out, or a
        // folder in its place, is missing to the crawl as it was (a place the crawl cannot
        // read is recorded missing again, a sprite is refused): taken for there, it sent
        // every rebuild to the crawl.
        for _ in lackingResources + missingMedia {
            if case .file = found[position].resolution { return nil }
            position += 1
        }
        // A list edited since the index was written. With files changed, one of the same
        // time as the index counts too (edits are under way); with none, a list written
        // with the index, as a fetch writes them, is not taken for an edit.
        if let written {
            for offset in lists.indices {
                // A list that is not a file inside the folder is not read as one.
                guard let list = stamp(position + offset) else { continue }
                if list.modified > written.modified || (changed > 0 && list.modified == written.modified) { return nil }
            }
        }
        return changed > 0 ? (updated, changed) : (self, 0)
    }

    /// A key of everything the index says: which files, with which stamps. Two indexes of
    /// the same key describe the same bytes.
    package var contentKey: String {
        var hash = Fingerprint()
        hash.add(Self.format)
        hash.add(root)
        for entry in entries {
            hash.add(entry.path)
            hash.add(Int(entry.stamp.size)); hash.add(Int(entry.stamp.modified)); hash.add(Int(bitPattern: UInt(entry.stamp.inode)))
        }
        for media in media {
            hash.add(media.path)
            hash.add(Int(media.stamp.size)); hash.add(Int(media.stamp.modified)); hash.add(Int(bitPattern: UInt(media.stamp.inode)))
        }
        for path in missingMedia + ["--"] + missingResources { hash.add(path) }
        return hash.hex
    }

    /// The reach of every entry whose file is unchanged, by resource path: what a fetch
    /// may take instead of reading and scanning the file again.
    func knownReach() -> [APIResourcePath: (stamp: FileStamp, reach: Reach, key: UInt64)] {
        var known: [APIResourcePath: (stamp: FileStamp, reach: Reach, key: UInt64)] = [:]
        let paths = entries.map { Self.resourcePath($0.path) }
        for (entry, path) in zip(entries, paths) {
            guard let path else { continue }
            var reach = Reach()
            for index in entry.links where entries.indices.contains(index) {
                if let target = paths[index] { reach.resources[target] = .some(entries[index].name) }
            }
            for index in entry.sprites where media.indices.contains(index) {
                if let sprite = SpritePath(relativePath: media[index].path) { reach.sprites.insert(sprite) }
            }
            for lacking in entry.absent {
                if lacking.hasPrefix("sprites/") || lacking.hasPrefix("cries/") {
                    if let sprite = SpritePath(relativePath: lacking) { reach.sprites.insert(sprite) }
                } else if let target = Self.resourcePath(lacking) {
                    reach.resources[target] = reach.resources[target] ?? .some(nil)
                }
            }
            known[path] = (entry.stamp, reach, entry.reachKey)
        }
        return known
    }

    /// The resource an entry's path names, read as a link is (`pokemon/25/encounters` is
    /// where pokemon 25 is met, not a pokemon called "25/encounters": read that way, a
    /// known entry was scanned with the wrong rules and the places it reaches were lost).
    static func resourcePath(_ text: String) -> APIResourcePath? {
        APIResourcePath(link: "/api/v2/" + text + "/")
    }
}

extension SourceIndex {
    /// Where the index of `root` for `selection` is kept, under `folder` (the cache).
    package static func file(in folder: URL, root: URL, selection: String) -> URL {
        var key = Fingerprint()
        key.add(InputFolder.realPath(root.path) ?? root.standardizedFileURL.path)
        key.add(selection)
        return folder.appendingPathComponent(".pokedex/index-\(key.hex).bin")
    }

    /// The index in `file`, or nil when there is none, it is of another version, or unreadable.
    package static func load(_ file: URL) -> SourceIndex? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return (try? BinaryCoder.decode(SourceIndex.self, from: data, format: format)) ?? nil
    }

    /// Writes the index atomically; a folder that cannot take it only costs a slower next build.
    func write(to file: URL) {
        Self.write(encoded(), to: file)
    }

    /// The bytes ``write(to:)`` writes (nil if it cannot be encoded).
    func encoded() -> Data? {
        try? BinaryCoder.encode(self, format: Self.format)
    }

    /// Writes bytes from ``encoded()``, as ``write(to:)`` does.
    static func write(_ data: Data?, to file: URL) {
        guard let data else { return }
        _ = try? AtomicFile.write(data, to: file.path)
    }
}

/// Field by field, in their `CodingKeys` order: the bytes `Codable` writes (an index of the
/// whole dex holds ten thousand entries, read every build and written after every edit).
extension SourceIndex.Entry: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(path: try reader.string(), stamp: try FileStamp(record: reader), links: try reader.ints(), sprites: try reader.ints(),
                  name: try reader.optional(), absent: try reader.strings(), reachKey: try reader.uint64())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(path)
        stamp.write(record: writer)
        writer.ints(links)
        writer.ints(sprites)
        writer.optional(name)
        writer.strings(absent)
        writer.uint64(reachKey)
    }
}

extension SourceIndex.Media: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(path: try reader.string(), stamp: try FileStamp(record: reader))
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(path)
        stamp.write(record: writer)
    }
}
