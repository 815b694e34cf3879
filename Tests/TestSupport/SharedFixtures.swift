import Foundation
import Testing

/// Where the workplace's shared test data lives, if it is there.
///
/// Tests read `../shared` at run time and never copy it into the project. The
/// folder can be moved with the `POKEDEX_SHARED` environment variable.
public enum SharedFixtures {
    /// `../shared` relative to the package root, or `POKEDEX_SHARED`.
    public static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["POKEDEX_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }()

    /// The package's own root folder (the one holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    public static var mustacheSpec: URL { root.appendingPathComponent("mustache-spec", isDirectory: true) }
    public static var pokeapiMirror: URL { root.appendingPathComponent("pokeapi-mirror", isDirectory: true) }
    public static var mirrorServer: URL { root.appendingPathComponent("tools/mirror-server") }

    public static var hasMustacheSpec: Bool { exists(mustacheSpec.appendingPathComponent("sections.json")) }
    public static var hasMirror: Bool { exists(pokeapiMirror.appendingPathComponent("api/v2")) }

    /// python3 on the PATH, for the reference scripts under `scripts/`; nil when there is none.
    public static var python3: URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The message a skipped test shows when `../shared` is missing.
    public static func absent(_ what: String) -> Comment {
        Comment(rawValue: "skipped: \(what) not found under \(root.path) (set POKEDEX_SHARED to the shared folder)")
    }

    private static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
}
