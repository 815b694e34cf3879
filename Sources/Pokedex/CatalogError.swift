import Foundation
import JSONLinkScan

/// Why a catalog could not be built or loaded, in words a person can act on.
package struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, where, and what to do about it.
    package let description: String

    init(_ issue: CatalogIssue) {
        description = issue.message
    }
}

/// The catalog's internal failures, each carrying the file and JSON path involved.
enum CatalogIssue: Error, Sendable {
    case missingResource(path: String, neededBy: String?)
    case malformedResource(path: String, jsonPath: String, detail: String)
    case unreadable(path: String, detail: String)
    /// Valid JSON holding a value the site cannot use (an id out of range, a duplicate
    /// slug, a file whose id is not its folder's): fetching again would not help.
    case badValue(path: String, jsonPath: String, detail: String)
    /// A path refused for leading out of its folder.
    case confined(detail: String)
    case noSpecies(root: String)
    case emptySelection(selection: String, source: String = "the cache")
    /// A generation no species of the source belongs to.
    case noSuchGeneration(Int, source: String, available: [Int])
    /// A species the source does not hold (the sample's 32, a partial folder).
    case notInSource(name: String, source: String, suggestions: [String], available: [String])
    case sampleMissing
    case sampleMalformed(jsonPath: String, detail: String)

    var message: String {
        switch self {
        case let .missingResource(path, neededBy):
            let why = neededBy.map { " (needed by \($0))" } ?? ""
            return "Missing PokeAPI resource \(path)\(why). Run `pokedex fetch` to complete the cache, or check --cache/--api."
        case let .malformedResource(path, jsonPath, detail):
            return "Malformed PokeAPI resource \(path) at \(jsonPath): \(detail). Delete the file and fetch it again."
        case let .unreadable(path, detail):
            return "Cannot read \(path): \(detail). Check the folder's permissions."
        case let .badValue(path, jsonPath, detail):
            return "Bad data in \(path) at \(jsonPath): \(detail). The file is valid JSON, so fetching it again gives the same; "
                + "the data source holds a value the site cannot use. Fix or remove the file, or use another --api source. Nothing was built."
        case let .confined(detail):
            return "\(detail) Nothing was built."
        case let .noSpecies(root):
            return "No Pokémon species found under \(root)/api/v2/pokemon-species. Point --cache or --api at an api-data folder, or run `pokedex fetch`."
        case let .emptySelection(selection, source):
            return "The selection \(selection) matches no Pokémon species in \(source). Check --generations/--pokemon."
        case let .noSuchGeneration(generation, source, available):
            return "Generation \(generation) is not in \(source): it has generations \(available.map(String.init).joined(separator: ", ")). Check --generations."
        case let .notInSource(name, source, suggestions, available):
            let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: ", "))?"
            let shown = available.prefix(40).joined(separator: ", ") + (available.count > 40 ? ", …" : "")
            return "No species named \"\(name)\" in \(source).\(hint) It holds: \(shown). Build from PokeAPI data (--api FOLDER, or the network) for any other."
        case .sampleMissing:
            return "The bundled sample catalog is missing from the build. Rebuild the package (its resources were not copied)."
        case let .sampleMalformed(jsonPath, detail):
            return "The bundled sample catalog is malformed at \(jsonPath): \(detail). Regenerate it with scripts/make-sample."
        }
    }
}

extension DecodingError {
    /// The JSON path the error happened at ("$.moves[3].move.url") and a short reason.
    func pathAndDetail() -> (path: String, detail: String) {
        let context: Context
        let detail: String
        switch self {
        case let .keyNotFound(key, ctx):
            detail = "missing key \"\(key.stringValue)\""
            return (Self.render(ctx.codingPath + [key]), detail)
        case let .typeMismatch(type, ctx):
            context = ctx
            detail = "expected \(Self.jsonKind(type))"
        case let .valueNotFound(type, ctx):
            context = ctx
            detail = "null where \(Self.jsonKind(type)) is required"
        case let .dataCorrupted(ctx):
            context = ctx
            // Its own sentence ends in a full stop; the message goes on after it.
            detail = ctx.debugDescription.hasSuffix(".") ? String(ctx.debugDescription.dropLast()) : ctx.debugDescription
        @unknown default:
            return ("$", String(describing: self))
        }
        return (Self.render(context.codingPath), detail)
    }

    private static func render(_ path: [any CodingKey]) -> String {
        path.reduce("$") { result, key in
            if let index = key.intValue { return result + "[\(index)]" }
            return result + "." + key.stringValue
        }
    }
}
