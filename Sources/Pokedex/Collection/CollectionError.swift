/// Why the collection could not be read, checked or saved; the wording lives here.
package enum CollectionError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformed(CollectionFileError)
    case unreadable(String, String)
    case unwritable(String, String)
    case locked(String, lock: String)
    case noBackup(String)
    case rules(RuleViolations)
    case notFound(String, suggestions: [String])
    case ambiguous(String, ids: [String])
    case badImport(String, String)

    package var description: String {
        switch self {
        case .malformed(let error):
            "\(error)\nThe file was left as it is; fix it (or run `pokedex collection --restore-backup`) and try again."
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .unwritable(let path, let reason):
            "cannot write \(path): \(reason); nothing was changed"
        case .locked(let path, let lock):
            "another pokedex command is changing \(path) (it holds \(lock)); try again when it has finished"
        case .noBackup(let path):
            "there is no backup to restore (\(path) does not exist)"
        case .rules(let violations):
            "nothing was saved, because:\n\(violations)"
        case .notFound(let reference, let suggestions):
            "no caught Pokémon has the id or nickname \"\(reference)\""
                + (suggestions.isEmpty ? "; `pokedex collection` lists them" : "; did you mean \(suggestions.map { "\"\($0)\"" }.joined(separator: " or "))?")
        case .ambiguous(let reference, let ids):
            "several caught Pokémon are nicknamed \"\(reference)\"; use an id instead: \(ids.joined(separator: ", "))"
        case .badImport(let file, let reason):
            "cannot import \(file): \(reason). Nothing was changed."
        }
    }
}

/// A problem in the collection file, at a line and column.
package struct CollectionFileError: Error, Sendable, Hashable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String { "\(file):\(line):\(column): \(message)" }
}
