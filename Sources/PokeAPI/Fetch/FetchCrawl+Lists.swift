import Common
import Foundation

extension FetchCrawl {
    /// Writes `api/v2/<resource>/index.json` for every resource touched, listing what the cache holds.
    ///
    /// Like the api-data subsets, a cache's lists name only its own entries, so it stays a
    /// valid local source. Entries from earlier runs are kept; unchanged lists are not rewritten.
    func writeLists() throws {
        let cache = session.cache
        for (resource, paths) in presentEntries where resource != APIResourcePath.encounters {
            guard let listPath = APIResourcePath(resource: resource) else { continue }
            let existing = cache.read(listPath).flatMap { try? JSONDecoder().decode(Wire.ResourceList.self, from: $0) }
            var entries: [APIResourcePath: String?] = [:]
            for entry in existing?.results ?? [] {
                if let path = entry.path, path.identifier != nil, cache.contains(path) { entries[path] = .some(entry.name) }
            }
            for path in paths where entries[path] == nil || entries[path] == .some(nil) {
                entries[path] = .some(knownNames[path])
            }
            let results = entries.keys.sorted().map { Wire.ResourceList.Entry(name: entries[$0] ?? nil, url: $0.link) }
            let list = Wire.ResourceList(count: results.count, next: nil, previous: nil, results: results)
            guard list != existing, let data = APIJSON.encode(list) else { continue }
            try AtomicFile.write(data, to: cache.layout.file(for: listPath).path)
        }
    }
}

extension FetchCrawl {
    /// The source index of what this run leaves in the folder: every present entry with its
    /// stamp and reach, the sprites, and what the source lacks. None when a file is behind a
    /// link out of the folder: the build then resolves every file, and says which.
    func index(root: String) -> SourceIndex? {
        let layout = session.cache.layout
        let paths = reaches.keys.sorted()
        let sprites = presentSprites.sorted()
        let position = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        let spritePosition = Dictionary(uniqueKeysWithValues: sprites.enumerated().map { ($1, $0) })
        var entries: [SourceIndex.Entry] = []
        var media: [SourceIndex.Media] = []
        for path in paths {
            let (resolution, stamp) = session.cache.folder.stamped(layout.relativePath(for: path))
            if case .escapes = resolution { return nil }
            guard let stamp else { continue }
            let reach = reaches[path] ?? Reach()
            let media = reach.sprites.union(reach.artwork).union(reach.home)
            let absent = reach.resources.keys.filter { position[$0] == nil }.map { $0.relativePath.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
                + media.filter { spritePosition[$0] == nil && missingSprites.contains($0) }.map(\.relativePath)
            entries.append(SourceIndex.Entry(
                path: path.relativePath.trimmingCharacters(in: CharacterSet(charactersIn: "/")), stamp: stamp,
                links: reach.resources.keys.compactMap { position[$0] }.sorted(),
                sprites: media.compactMap { spritePosition[$0] }.sorted(),
                name: knownNames[path], absent: absent.sorted(), reachKey: reachKeys[path] ?? 0
            ))
        }
        for sprite in sprites {
            guard let stamp = FileStamp.of(layout.path(for: sprite)) else { continue }
            media.append(SourceIndex.Media(path: sprite.relativePath, stamp: stamp))
        }
        return SourceIndex(
            root: root, selection: configuration.indexKey, entries: entries, media: media,
            missingMedia: missingSprites.map(\.relativePath).sorted(),
            missingResources: missingResources.map { $0.relativePath }.sorted(),
            items: done
        )
    }
}
