import Foundation

/// Edits a species file of a data folder as a person does, for tests that watch what a
/// build or `serve` makes of it.
public enum SpeciesEdit {
    /// Replaces every English flavor text in the species file at `file` with `text`:
    /// written into the same file (the same inode), as an editor that saves in place does,
    /// or (`inPlace` false) as a new file renamed over the old one, as most editors save.
    public static func rewriteEnglishEntries(_ file: URL, _ text: String, inPlace: Bool = true) throws {
        guard var object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
              let entries = object["flavor_text_entries"] as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(file.path) has no flavor_text_entries"])
        }
        object["flavor_text_entries"] = entries.map { entry -> [String: Any] in
            var entry = entry
            if (entry["language"] as? [String: Any])?["name"] as? String == "en" { entry["flavor_text"] = text }
            return entry
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        if inPlace {
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: data)
            try handle.close()
        } else {
            let saved = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".saving")
            try data.write(to: saved)
            guard rename(saved.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }
}
