import Foundation

/// Turns an `href`/`src` value on a page into the file it points at, without I/O.
enum LinkResolver {
    /// Where a reference goes.
    enum Target: Equatable {
        /// Another site, `mailto:`, `tel:` or inline `data:`: not checked.
        case external
        /// A scheme a published page should not use (`javascript:`, `file:`...).
        case unsafeScheme(String)
        /// Starts with `/`: breaks from `file://` and under a base URL's subfolder.
        case rootRelative
        /// Climbs above the site root.
        case outsideSite
        /// A file in the site (`path` relative to the root) and an optional fragment.
        case file(path: String, fragment: String?)
    }

    static let externalSchemes: Set<String> = ["http", "https", "mailto", "tel", "data"]

    /// Resolves `value` found on the page at `page` (a root-relative path such as `a/b.html`).
    static func resolve(_ value: String, from page: String) -> Target {
        let hasOuterSpace = value.first?.isWhitespace == true || value.last?.isWhitespace == true
        let trimmed = hasOuterSpace ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
        if let scheme = scheme(of: trimmed) {
            return externalSchemes.contains(scheme) ? .external : .unsafeScheme(scheme)
        }
        if trimmed.hasPrefix("//") { return .external }
        var rest = Substring(trimmed)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = percentDecoded(String(rest[rest.index(after: hash)...]))
            rest = rest[..<hash]
        }
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        let path = percentDecoded(String(rest))
        if path.isEmpty { return .file(path: page, fragment: fragment) }
        if path.hasPrefix("/") { return .rootRelative }

        var components = page.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        components.removeLast()
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case ".", "": continue
            case "..":
                guard !components.isEmpty else { return .outsideSite }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        if path.hasSuffix("/") || path == "." || path == ".." || path.hasSuffix("/.") || path.hasSuffix("/..") {
            components.append("index.html")
        }
        return .file(path: components.joined(separator: "/"), fragment: fragment)
    }

    /// `text` with %-escapes decoded, or as it is when it has none or they are invalid.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// The lower-cased scheme if `value` starts with one (`name:` before any `/?#`).
    static func scheme(of value: String) -> String? {
        guard let colon = value.firstIndex(of: ":") else { return nil }
        let candidate = value[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate.lowercased()
    }
}
