import Foundation
import TestSupport

/// Paths tests share: the package root and fresh temporary folders.
enum TestSupportPaths {
    static var packageRoot: URL { SharedFixtures.packageRoot }

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-site-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
