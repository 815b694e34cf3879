import Common
import PokeAPI
import Foundation
import JSONLinkScan

/// Reads PokeAPI resources from an api-data folder (`<root>/api/v2/<kind>/<id>/index.json`).
///
/// Every failure names the file and, for bad JSON, the JSON path. No symlink is followed
/// out of the folder: a data folder is input the user did not write. With a source index
/// (what the fetch found the selection to reach) the ids come from it rather than from
/// listing folders; with a record cache, a file unchanged since the last build is not
/// decoded again.
struct ResourceStore: Sendable {
    let root: URL
    let folder: InputFolder
    let index: SourceIndex?
    let records: RecordCache
    /// The languages long texts are kept in (nil: all).
    let languages: Set<String>?
    /// The stamp of every file the index holds, by its path below the root. The fetch that
    /// handed over the index has just checked each one (one `stat` each, a
    /// restamp or a crawl), so a file whose record is kept is taken without resolving its
    /// path again; a file that has to be decoded is resolved and read as ever.
    private let indexed: [String: FileStamp]
    /// The ids of each resource kind the index holds, ascending: a kind's were found by
    /// asking every one of the index's ten thousand paths whether it starts with it, on
    /// every one of the dozen kinds a catalog lists (2% of a one-resource rebuild).
    private let indexedIDs: [String: [Int]]
    /// Where the files this store reads are noted, for a derived record's inputs
    /// (``derived(_:name:base:also:make:)``); nil notes nothing.
    var reads: ReadTracker?

    init(root: URL, index: SourceIndex? = nil, records: RecordCache = RecordCache(folder: nil), languages: Set<String>? = nil) {
        self.root = root
        folder = InputFolder(root: root)
        self.index = index
        self.records = records
        self.languages = languages
        var indexed: [String: FileStamp] = [:]
        if let index, index.root == folder.realRoot {
            indexed.reserveCapacity(index.entries.count)
            for entry in index.entries { indexed["api/v2/" + entry.path + "/index.json"] = entry.stamp }
        }
        self.indexed = indexed
        var ids: [String: [Int]] = [:]
        for entry in index?.entries ?? [] {
            // `pokemon/25` (not `pokemon/25/encounters`, whose rest is no number).
            guard let slash = entry.path.utf8.firstIndex(of: UInt8(ascii: "/")),
                  let id = Int(entry.path[entry.path.utf8.index(after: slash)...]) else { continue }
            ids[String(entry.path[..<slash]), default: []].append(id)
        }
        indexedIDs = ids.mapValues { $0.sorted() }
    }

    /// The stamp a file has now (nil when it is absent or not a file this store would read):
    /// the source index's, which the fetch has just checked, else the file's own.
    func stamp(_ relative: String) -> FileStamp? {
        if let stamp = indexed[relative] { return stamp }
        return folder.stamped(relative).stamp
    }

    /// The ids a resource may have: PokeAPI's are 1 to about 10,300; room for ten times that and more.
    static let validIDs = 1...9_999_999

    /// The path of the file a resource lives in, as errors name it.
    func file(_ kind: String, _ id: Int) -> String {
        path(Self.relative(kind, id))
    }

    /// The path of a file below the root. Not a `URL`: `appendingPathComponent` asks the
    /// file system whether the result is a folder (a `stat` per resource read), and a built
    /// URL cost more than the read it named.
    private func path(_ relative: String) -> String {
        folder.rootPath + "/" + relative
    }

    /// A resource's file below the root (`api/v2/pokemon/25/encounters/index.json` for encounters).
    static func relative(_ kind: String, _ id: Int) -> String {
        APIResourcePath(resource: kind, id: id).filePath
    }

    /// The folder holding one resource kind.
    func folder(_ kind: String) -> URL {
        root.appendingPathComponent("api/v2/\(kind)", isDirectory: true)
    }

    /// The ids present for a resource kind, ascending (from the folder, not the list endpoint).
    func ids(_ kind: String) throws(CatalogIssue) -> [Int] {
        if index != nil { return indexedIDs[kind] ?? [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder(kind).path)
        } catch {
            if !FileManager.default.fileExists(atPath: folder(kind).path) { return [] }
            throw .unreadable(path: folder(kind).path, detail: error.localizedDescription)
        }
        var ids: [Int] = []
        for name in names {
            guard let id = Int(name) else { continue }
            guard Self.validIDs.contains(id) else {
                throw .badValue(path: folder(kind).appendingPathComponent(name).path, jsonPath: "(folder name)",
                                detail: "\(name) is not an id from \(Self.validIDs.lowerBound) to \(Self.validIDs.upperBound)")
            }
            ids.append(id)
        }
        return ids.sorted()
    }

    /// Whether a resource is present.
    func has(_ kind: String, _ id: Int) -> Bool {
        let relative = Self.relative(kind, id)
        if let stamp = indexed[relative] {
            reads?.note(relative, stamp: stamp)
            return true
        }
        if case let (.file, stamp) = folder.stamped(relative) {
            reads?.note(relative, stamp: stamp)
            return true
        }
        reads?.note(relative, stamp: nil)
        return false
    }

    /// Decodes one resource; `neededBy` names what referred to it, for the error.
    func load<T: Codable & Sendable>(_ type: T.Type, _ kind: String, _ id: Int, neededBy: String? = nil) throws(CatalogIssue) -> T {
        try load(type, kind, id, neededBy: neededBy, found: nil)
    }

    /// `found`: what ``InputFolder/stamped(_:)`` said of the file, when the caller has asked.
    private func load<T: Codable & Sendable>(_ type: T.Type, _ kind: String, _ id: Int, neededBy: String?,
                                             found: (resolution: InputFolder.Resolution, stamp: FileStamp?)?) throws(CatalogIssue) -> T {
        let relative = Self.relative(kind, id)
        if let stamp = indexed[relative], let value = records.kept(type, path: relative, stamp: stamp) {
            reads?.note(relative, record: RecordCache.key(relative, T.self), stamp: stamp)
            return try Self.checked(value, kind, id, file: path(relative))
        }
        // For a plain file one `lstat` resolves the path and stamps the file; the bytes are
        // then read from the real path it checked, not resolved again.
        let (resolution, stamp) = found ?? folder.stamped(relative)
        let real: String
        switch resolution {
        case let .file(path, _): real = path
        case .missing: throw .missingResource(path: path(relative), neededBy: neededBy)
        case let .escapes(target):
            throw .confined(detail: folder.escaping(relative, target: target).description)
        case .notAFile, .unsafePath: throw .unreadable(path: path(relative), detail: "not a regular file")
        }
        reads?.note(relative, record: RecordCache.key(relative, T.self), stamp: stamp)
        let value = try records.record(type, path: relative, stamp: stamp) { () throws(CatalogIssue) in
            let data: Data?
            do throws(InputFolderError) {
                data = try folder.read(resolved: real, shownAs: relative)
            } catch {
                throw .unreadable(path: path(relative), detail: error.description)
            }
            guard let data else { throw .missingResource(path: path(relative), neededBy: neededBy) }
            return try Self.decode(type, from: data, path: path(relative), languages: languages)
        }
        return try Self.checked(value, kind, id, file: path(relative))
    }

    /// The value, unless it claims another id than its file's: two files claiming one id,
    /// or a negative one, would build a silently wrong site.
    private static func checked<T>(_ value: T, _ kind: String, _ id: Int, file: @autoclosure () -> String) throws(CatalogIssue) -> T {
        if let stated = (value as? any IdentifiedResource)?.id, stated != id {
            throw .badValue(path: file(), jsonPath: "$.id", detail: "says \(stated), but the file is \(kind) \(id); each file must hold the resource its folder names")
        }
        return value
    }

    /// Decodes one resource, or nil when the file is absent: as ``has(_:_:)`` then ``load(_:_:_:neededBy:)``, with one look at the file for both.
    func loadIfPresent<T: Codable & Sendable>(_ type: T.Type, _ kind: String, _ id: Int) throws(CatalogIssue) -> T? {
        let relative = Self.relative(kind, id)
        if let stamp = indexed[relative] {
            reads?.note(relative, stamp: stamp)
            return try load(type, kind, id)
        }
        let found = folder.stamped(relative)
        guard case .file = found.resolution else {
            reads?.note(relative, stamp: nil)
            return nil
        }
        reads?.note(relative, stamp: found.stamp)
        return try load(type, kind, id, neededBy: nil, found: found)
    }

    /// Where valid JSON holds a number no decoder takes (one past Int's range), and the
    /// number: Foundation's decoder calls such a file "not valid JSON", which would send
    /// a person to fetch the same bytes again.
    static func unrepresentableNumber(in data: Data) -> (path: String, number: String)? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        func walk(_ value: Any, _ path: String) -> (String, String)? {
            switch value {
            case let number as NSDecimalNumber:
                return (path, number.stringValue)
            case let object as [String: Any]:
                for key in object.keys.sorted() {
                    if let found = walk(object[key] as Any, path + "." + key) { return found }
                }
                return nil
            case let array as [Any]:
                for (index, item) in array.enumerated() {
                    if let found = walk(item, path + "[\(index)]") { return found }
                }
                return nil
            default:
                return nil
            }
        }
        return walk(root, "$")
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String, languages: Set<String>? = nil) throws(CatalogIssue) -> T {
        do {
            var decoder = TapeJSONDecoder()
            if let languages { decoder.userInfo[Wire.languagesKey] = languages }
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            let (jsonPath, detail) = error.pathAndDetail()
            // Valid JSON with a value that cannot be used (an id past Int's range): fetching
            // it again gives the same bytes, so say where the bad value is instead.
            if case .dataCorrupted(let context) = error, !context.codingPath.isEmpty {
                throw .badValue(path: path, jsonPath: jsonPath, detail: detail)
            }
            // So with a value of the wrong kind, a null or a key left out: the file parsed, and
            // the same bytes would come again (a folder read in place cannot be fetched at all).
            switch error {
            case .typeMismatch, .valueNotFound, .keyNotFound: throw .badValue(path: path, jsonPath: jsonPath, detail: detail)
            default: break
            }
            if let (numberPath, number) = Self.unrepresentableNumber(in: data) {
                throw .badValue(path: path, jsonPath: numberPath, detail: "\(number) does not fit a whole number the site can use")
            }
            throw .malformedResource(path: path, jsonPath: jsonPath, detail: detail)
        } catch {
            throw .malformedResource(path: path, jsonPath: "$", detail: error.localizedDescription)
        }
    }
}
