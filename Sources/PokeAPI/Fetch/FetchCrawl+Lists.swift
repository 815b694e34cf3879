import Common
import Foundation

extension FetchCrawl {
    /// Writes `api/v2/<resource>/index.json` for every resource touched, listing what the cache
    /// holds; nothing offline or for a folder read in place.
    ///
    /// Like the api-data subsets, a cache's lists name only its own entries, so it stays a
    /// valid local source. Entries from earlier runs are kept; unchanged lists are not rewritten.
    func writeLists() throws {
        guard !configuration.offline, !configuration.inPlace else { return }
        let cache = session.cache
        for (resource, paths) in presentEntries where resource != APIResourcePath.encounters {
            guard let listPath = APIResourcePath(resource: resource) else { continue }
            let existing = cache.read(listPath).flatMap { try? JSONDecoder().decode(Wire.ResourceList.self, from: $0) }
            var entries: [APIResourcePath: String?] = [:]
            for entry in existing?.results ?? [] {
                if let path = entry.path, path.identifier != nil, cache.contains(path) { entries[path] = .some(entry.name) }
            }
            for path in paths where entries[path] == nil || entries[path] == .some(nil) {
                entries[path] = .some(met[path] ?? nil)
            }
            let results = APIResourcePath.sorted(entries.keys).map { Wire.ResourceList.Entry(name: entries[$0] ?? nil, url: $0.link) }
            let list = Wire.ResourceList(count: results.count, next: nil, previous: nil, results: results)
            guard list != existing, let data = APIJSON.encode(list) else { continue }
            // Through the confinement check, as every entry: a symlinked resource folder
            // read from never sends the list out of the cache.
            try AtomicFile.write(data, to: cache.confined(cache.layout.file(for: listPath).path))
        }
    }
}

extension FetchCrawl {
    /// The source index of what this run leaves in the folder: every present entry with its
    /// stamp and reach, the sprites, and what the source lacks. None when a file is behind a
    /// link out of the folder: the build then resolves every file, and says which.
    func index(root: String) -> SourceIndex? {
        let layout = session.cache.layout
        let paths = APIResourcePath.sorted(present.keys)
        // Each present sprite's stamp: stored by this run, from its descriptor; found cached,
        // resolved through the folder, as the next check resolves it. One behind a link out
        // (or gone since) has none and is kept as missing, as a data folder's crawl finds it
        // and a build refuses it: recorded with a stamp the next check cannot match, it sent
        // every rebuild to the crawl; left out, its link mended would go unseen.
        var stamps: [SpritePath: FileStamp] = [:]
        var lackingSprites = missingSprites
        for (sprite, stored) in presentSprites {
            if let stamp = stored ?? session.cache.stamp(of: sprite) { stamps[sprite] = stamp } else { lackingSprites.insert(sprite) }
        }
        let stamped = stamps.sorted { $0.key < $1.key }
        let sprites = stamped.map(\.key)
        let media = stamped.map { SourceIndex.Media(path: $0.key.relativePath, stamp: $0.value) }
        let position = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        let spritePosition = Dictionary(uniqueKeysWithValues: sprites.enumerated().map { ($1, $0) })
        var entries: [SourceIndex.Entry] = []
        entries.reserveCapacity(paths.count)
        for path in paths {
            guard let resource = present[path] else { continue }
            // A file this run stored or found unchanged has its stamp already, from its
            // descriptor: a cold fetch stats nothing here (it was a third of this loop).
            let stamp: FileStamp
            if let known = resource.stamp {
                stamp = known
            } else {
                let (resolution, found) = session.cache.folder.stamped(layout.relativePath(for: path))
                if case .escapes = resolution { return nil }
                guard let found else { continue }
                stamp = found
            }
            let reach = resource.reach
            // One lookup per link: it is either in the index or absent from the source.
            var links: [Int] = [], absent: [String] = []
            links.reserveCapacity(reach.resources.count)
            for link in reach.resources.keys {
                if let at = position[link] { links.append(at) } else { absent.append(link.slashlessPath) }
            }
            var sprites: [Int] = []
            for set in [reach.sprites, reach.artwork, reach.home] {
                for sprite in set {
                    if let at = spritePosition[sprite] { sprites.append(at) } else if lackingSprites.contains(sprite) { absent.append(sprite.relativePath) }
                }
            }
            entries.append(SourceIndex.Entry(
                path: path.slashlessPath, stamp: stamp,
                links: links.sorted(), sprites: Self.sortedOnce(sprites),
                name: met[path] ?? nil, absent: Self.sortedOnce(absent), reachKey: resource.reachKey
            ))
        }
        return SourceIndex(
            root: root, selection: configuration.indexKey, entries: entries, media: media,
            missingMedia: lackingSprites.map(\.relativePath).sorted(),
            missingResources: missingResources.map { $0.relativePath }.sorted(),
            items: done
        )
    }

    /// Sorted, each value once (a sprite can be both a sprite and artwork).
    static func sortedOnce<Element: Comparable>(_ values: [Element]) -> [Element] {
        var sorted = values.sorted()
        var kept = 0
        for index in sorted.indices where kept == 0 || sorted[index] != sorted[kept - 1] {
            sorted.swapAt(kept, index)
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}
