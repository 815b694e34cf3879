import Foundation

/// What a person marked on the site in their browser, as its export button saves it.
///
/// ```json
/// {"format": "pokedex-choices", "version": 1,
///  "captured": ["pikachu"], "released": ["eevee"],
///  "favorites": ["mew"], "unfavorited": ["onix"]}
/// ```
/// `released` and `unfavorited` name species the built site showed as captured or
/// favorite that the person turned off in the browser.
package struct BrowserChoices: Sendable, Hashable, Codable {
    package static let format = "pokedex-choices"

    package var format: String
    package var version: Int
    package var captured: [String]
    package var released: [String]
    package var favorites: [String]
    package var unfavorited: [String]

    package init(captured: [String] = [], released: [String] = [], favorites: [String] = [], unfavorited: [String] = []) {
        format = Self.format
        version = 1
        self.captured = captured
        self.released = released
        self.favorites = favorites
        self.unfavorited = unfavorited
    }

    enum CodingKeys: String, CodingKey {
        case format, version, captured, released, favorites, unfavorited
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        captured = try container.decodeIfPresent([String].self, forKey: .captured) ?? []
        released = try container.decodeIfPresent([String].self, forKey: .released) ?? []
        favorites = try container.decodeIfPresent([String].self, forKey: .favorites) ?? []
        unfavorited = try container.decodeIfPresent([String].self, forKey: .unfavorited) ?? []
    }

    /// Reads an export file; the error says what is wrong and where.
    package static func read(_ data: Data, file: String) throws(CollectionError) -> BrowserChoices {
        let choices: BrowserChoices
        do {
            choices = try JSONDecoder().decode(BrowserChoices.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw .badImport(file, "it has no \"\(key.stringValue)\"; is it a file saved by the site's Export button?")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            throw .badImport(file, "\(path.isEmpty ? "the file" : "$" + path) has the wrong type: \(context.debugDescription)")
        } catch {
            throw .badImport(file, "it is not JSON saved by the site's Export button (\(Self.position(of: error, in: data)))")
        }
        guard choices.format == format else {
            throw .badImport(file, "its format is \"\(choices.format)\", expected \"\(format)\"")
        }
        guard choices.version == 1 else {
            throw .badImport(file, "it is version \(choices.version) of the export; this pokedex reads version 1")
        }
        return choices
    }

    /// "line L, column C" for a JSON syntax error, from the offset Foundation reports.
    private static func position(of error: any Error, in data: Data) -> String {
        // JSONDecoder does not say where; JSONSerialization names the character offset.
        var text = "\(error)"
        do { _ = try JSONSerialization.jsonObject(with: data) } catch { text = "\(error)" }
        guard let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count)) else { return "invalid JSON" }
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return "invalid JSON at line \(line), column \(column)"
    }
}
