import Foundation

/// Finds relative links and images in a built site that point at nothing.
public enum SiteLinkCheck {
    /// One sentence per broken `href` or `src`: which page, which target.
    public static func brokenLinks(in site: URL) -> [String] {
        var findings: [String] = []
        let files = Theme.files(under: site)
        let existing = Set(files.map(\.relative))
        for file in files where file.relative.hasSuffix(".html") {
            guard let html = try? String(contentsOf: file.url, encoding: .utf8) else {
                findings.append("\(file.relative): cannot be read as UTF-8")
                continue
            }
            let folder = (file.relative as NSString).deletingLastPathComponent
            for target in targets(in: html) {
                guard let resolved = resolve(target, from: folder) else { continue }
                if !existing.contains(resolved) {
                    findings.append("\(file.relative): \(target) points at nothing")
                }
            }
        }
        return findings
    }

    /// The values of every `href="..."` and `src="..."` attribute.
    static func targets(in html: String) -> [String] {
        var found: [String] = []
        for attribute in [" href=\"", " src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                found.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return found
    }

    /// The site-relative path a link points at; nil for links elsewhere or within the page.
    static func resolve(_ target: String, from folder: String) -> String? {
        if target.isEmpty || target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("data:") {
            return nil
        }
        let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        if path.isEmpty { return nil }
        var parts = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        if path.hasPrefix("/") { return "/" + path }  // absolute paths never resolve under a sub-path
        for part in path.split(separator: "/") {
            if part == ".." {
                if parts.isEmpty { return "../" + path }
                parts.removeLast()
            } else if part != "." {
                parts.append(String(part))
            }
        }
        var joined = parts.joined(separator: "/")
        if path.hasSuffix("/") { joined += "/index.html" }
        return joined
    }
}
