import Foundation
import JSONLinkScan

/// Decodes PokeAPI JSON, turning a failure into one that names the URL and JSON path.
enum APIJSON {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, url: String) throws(PokeAPIFailure) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw failure(for: error, url: url)
        } catch {
            throw .invalidJSON(url: url)
        }
    }

    static func failure(for error: DecodingError, url: String) -> PokeAPIFailure {
        switch error {
        case let .typeMismatch(type, context):
            return .decoding(url: url, codingPath: path(context.codingPath), detail: "expected \(DecodingError.jsonKind(type))")
        case let .valueNotFound(type, context):
            return .decoding(url: url, codingPath: path(context.codingPath), detail: "null where \(DecodingError.jsonKind(type)) is required")
        case let .keyNotFound(key, context):
            return .decoding(url: url, codingPath: path(context.codingPath + [key]), detail: "missing field \"\(key.stringValue)\"")
        case .dataCorrupted:
            return .invalidJSON(url: url)
        @unknown default:
            return .invalidJSON(url: url)
        }
    }

    /// A coding path as a JSON path: `moves[3].move.name`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }
}

extension APIJSON {
    /// Encodes as api-data files read: unescaped slashes, stable key order.
    static func encode<T: Encodable>(_ value: T) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return try? encoder.encode(value)
    }
}
