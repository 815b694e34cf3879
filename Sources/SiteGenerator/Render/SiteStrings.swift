import Foundation

/// The interface's own words, from `Templates/strings/<language>.json`, falling back to English.
struct SiteStrings: Sendable {
    private(set) var table: [String: String]

    init(table: [String: String]) {
        self.table = table
    }

    /// Loads English, then lays the chosen language (and a theme's tables) over it.
    init(folders: [URL], language: String) throws(SiteError) {
        var table: [String: String] = [:]
        let codes = language == "en" ? ["en"] : ["en", language]
        for code in codes {
            for folder in folders {
                let file = folder.appendingPathComponent("strings/\(code).json")
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                table.merge(try Self.read(file)) { _, new in new }
            }
        }
        self.table = table
    }

    /// The word for a key; the key itself when the table lacks it, so a gap shows rather than hides.
    subscript(_ key: String) -> String {
        table[key] ?? key
    }

    /// The word for a key with `{name}` placeholders filled in.
    func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    private static func read(_ file: URL) throws(SiteError) -> [String: String] {
        do {
            let data = try Data(contentsOf: file)
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: String] else {
                throw SiteError(.badStrings(path: file.path, underlying: "not an object of strings"))
            }
            return object
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(.badStrings(path: file.path, underlying: error.localizedDescription))
        }
    }
}
