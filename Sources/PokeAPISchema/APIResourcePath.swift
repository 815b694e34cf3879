/// Which resource a PokeAPI link points at: `pokemon/25` in `/api/v2/pokemon/25/`.
///
/// Parses relative (`/api/v2/pokemon/25/`) and absolute
/// (`https://pokeapi.co/api/v2/pokemon/25/`) links alike, so data from a dump, the
/// live API or a self-hosted copy addresses the same cache entry. Both parts are
/// checked to be plain slugs, so a path never escapes the cache folder.
package struct APIResourcePath: Hashable, Sendable {
    /// The endpoint: `pokemon`, `pokemon-species`, `evolution-chain`, ...
    package let resource: String
    /// The id or name; nil for the list endpoint itself.
    package let identifier: String?

    /// A path from its parts, or nil when either is not a slug.
    package init?(resource: String, identifier: String? = nil) {
        guard Self.isSlug(resource), identifier.map(Self.isSlug) ?? true else { return nil }
        self.resource = resource
        self.identifier = identifier
    }

    /// The entry with a numeric id.
    package init(resource: String, id: Int) {
        // Only characters that are ASCII letters, digits and hyphens. A name made of those
        // bytes alone passes whole, checked byte by byte: filtering `Character`s was a
        // percent of a catalog's CPU. Any other is filtered by `Character`, which drops an
        // ASCII letter with a combining mark too.
        self.resource = resource.utf8.allSatisfy(Self.isNameByte)
            ? resource : resource.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        self.identifier = String(id)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Parses a link; nil when it holds no `api/v2/<resource>/` part.
    ///
    /// Works on the UTF-8 bytes: a fetch parses every link of every pokemon (tens of thousands).
    package init?(link: String) {
        var link = link
        guard let (resource, identifier) = link.withUTF8(Self.parts(ofLink:)) else { return nil }
        self.init(resource: resource, identifier: identifier)
    }

    /// The resource and identifier after the last `api/v2/` of a link, before any query or
    /// fragment; nil unless there are one or two parts (or `pokemon/<id>/encounters`).
    private static func parts(ofLink bytes: UnsafeBufferPointer<UInt8>) -> (String, String?)? {
        var end = bytes.count
        if let cut = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { end = cut }
        let marker: StaticString = "api/v2/"
        let length = marker.utf8CodeUnitCount
        var start = end - length
        func markerAt(_ start: Int) -> Bool {
            for offset in 0..<length where bytes[start + offset] != marker.utf8Start[offset] { return false }
            return true
        }
        while start >= 0, !markerAt(start) { start -= 1 }
        guard start >= 0 else { return nil }
        // The non-empty parts between slashes; four or more are never a resource.
        var parts: [Range<Int>] = []
        parts.reserveCapacity(3)
        var index = start + length
        while index < end {
            var stop = index
            while stop < end, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
            if stop > index {
                guard parts.count < 3 else { return nil }
                parts.append(index..<stop)
            }
            index = stop + 1
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        switch parts.count {
        case 1: return (text(parts[0]), nil)
        case 2: return (text(parts[0]), text(parts[1]))
        case 3 where text(parts[0]) == "pokemon" && text(parts[2]) == encountersPart: return (encounters, text(parts[1]))
        default: return nil
        }
    }

    /// The numeric id, when the identifier is one.
    package var id: Int? { identifier.flatMap { Int($0) } }

    /// Where a pokemon is met is served below the pokemon (`pokemon/25/encounters/`): this
    /// resource name stands for it, so the rest of the code treats it as any resource.
    package static let encounters = "pokemon-encounters"
    static let encountersPart = "encounters"

    /// Relative to the API base: `pokemon/25/`, or `pokemon/` for the list.
    package var relativePath: String {
        if resource == Self.encounters, let identifier { return "pokemon/\(identifier)/\(Self.encountersPart)/" }
        return identifier.map { "\(resource)/\($0)/" } ?? "\(resource)/"
    }

    /// ``relativePath`` without its closing slash, `pokemon/25`: how the source index names it.
    package var slashlessPath: String { String(relativePath.dropLast()) }

    /// The file below a data folder's root: `api/v2/pokemon/25/index.json`.
    package var filePath: String { "api/v2/" + relativePath + "index.json" }

    /// As api-data dumps write links: `/api/v2/pokemon/25/`.
    package var link: String { "/api/v2/" + relativePath }
}

extension APIResourcePath: Comparable {
    /// Resource first, then numeric ids in numeric order, then names.
    package static func < (lhs: Self, rhs: Self) -> Bool {
        precedes(lhs, lhs.id, rhs, rhs.id)
    }

    /// `lhs < rhs`, given their ids as read: ``sorted(_:)`` reads each once.
    private static func precedes(_ lhs: Self, _ lhsID: Int?, _ rhs: Self, _ rhsID: Int?) -> Bool {
        if lhs.resource != rhs.resource { return lhs.resource < rhs.resource }
        switch (lhsID, rhsID) {
        // Equal ids spelled apart (`1` and `01`) by their spelling, so the order is total.
        case let (left?, right?): return left != right ? left < right : lhs.identifier! < rhs.identifier!
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return (lhs.identifier ?? "") < (rhs.identifier ?? "")
        }
    }
}

extension APIResourcePath {
    /// `paths` in the order of `<`, each id read once: `<` reads both ids at every
    /// comparison, and sorting a cache's 9,000 paths that way was a third of the source
    /// index a fetch makes on its last, serial stretch.
    package static func sorted(_ paths: some Sequence<APIResourcePath>) -> [APIResourcePath] {
        paths.map { (path: $0, id: $0.id) }
            .sorted { precedes($0.path, $0.id, $1.path, $1.id) }
            .map(\.path)
    }
}

extension APIResourcePath: CustomStringConvertible {
    package var description: String { relativePath }
}

private extension APIResourcePath {
    static func isSlug(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 100, bytes.first != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }
}
