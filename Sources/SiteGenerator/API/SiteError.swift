/// Why a site build failed: what went wrong, where, and what to do.
package struct SiteError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ failure: SiteFailure) {
        description = failure.message
    }
}

/// The failures a build can meet, with their context; the wording lives here.
enum SiteFailure: Error {
    case themeNotFound(searched: [String])
    case template(name: String, underlying: String)
    case unreadable(path: String, underlying: String)
    case unwritable(path: String, underlying: String)
    case notASite(path: String)
    case badStrings(path: String, underlying: String)
    /// No strings file for a language: nothing to say the interface in.
    case unknownLanguage(code: String, searched: [String])
    /// A strings file without some of English's keys, and no `@fallback`.
    case missingStrings(path: String, keys: [String])
    case checkFailed(findings: [String])
    case collision(path: String)
    case badData(String)
    /// `--theme DIR` names a folder that is not there (or not a folder).
    case themeMissing(path: String)

    var message: String {
        switch self {
        case .themeNotFound(let searched):
            return "cannot find the site templates: looked for Templates/ and Public/ in \(searched.joined(separator: ", ")). Run from the project folder or pass --theme DIR."
        case .template(let name, let underlying):
            return "template \(name) failed: \(underlying). Fix the template (or your --theme override of it) and build again."
        case .unreadable(let path, let underlying):
            return "cannot read \(path): \(underlying)."
        case .unwritable(let path, let underlying):
            return "cannot write \(path): \(underlying). Check the folder's permissions and free space."
        case .notASite(let path):
            return "\(path) exists and is not a site this tool built (no .pokedex-manifest.json); refusing to replace it. Choose another --output or remove the folder."
        case let .unknownLanguage(code, searched):
            let looked = searched.isEmpty ? "" : " (looked for \(searched.joined(separator: ", ")))"
            return "no interface words for the language \(code)\(looked). The default theme has en, ja, ko, zh-Hant, zh-Hans, fr, de, es and it; "
                + "for another, add Templates/strings/<tag>.json to a theme (--theme DIR), translated from Templates/strings/en.json; \"@fallback\": \"en\" in it lets English stand in for words it lacks."
        case let .missingStrings(path, keys):
            let shown = keys.prefix(12).joined(separator: ", ") + (keys.count > 12 ? ", … (\(keys.count) in all)" : "")
            return "\(path) lacks \(keys.count) key(s) English has: \(shown). Translate them, or add \"@fallback\": \"en\" to the file to let English stand in (marked lang=\"en\")."
        case .badStrings(let path, let underlying):
            return "the strings table \(path) is not valid: \(underlying). It must be a JSON object of string keys and values."
        case .collision(let path):
            return "two files of the site claim the same path \(path); the data names one page twice (see the catalog's checks). Nothing was replaced."
        case .badData(let message):
            return message
        case .themeMissing(let path):
            return "the theme folder \(path) (--theme) does not exist or is not a folder. Give a folder holding Templates/ and Public/ overrides (see README \"Theming\"), or leave --theme out."
        case .checkFailed(let findings):
            let shown = findings.prefix(20).joined(separator: "\n  ")
            return "the site check found \(findings.count) problem(s); the previous site was kept:\n  \(shown)"
        }
    }
}
