import Foundation
import Pokedex
@testable import SiteGenerator

/// Builds the test catalog into temporary folders, with a fake sprites root.
struct TestSite {
    let folder: URL
    let sprites: URL

    init() throws {
        folder = try TestSupportPaths.temporaryFolder()
        sprites = folder.appendingPathComponent("cache", isDirectory: true)
        // Every sprite but the Alolan Raichu's, so the placeholder shows once; all 68x56 box sprites.
        for pokemon in TestCatalog.make().pokemon.values {
            for (_, path) in pokemon.sprites.byKey where !path.contains("10100") {
                try writeSprite(path, width: 68, height: 56)
            }
        }
    }

    /// Writes a PNG header of this size (the rest is not an image: nothing decodes it) at `path` under the sprites root.
    func writeSprite(_ path: String, width: Int, height: Int) throws {
        let url = sprites.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (Self.pngHeader(width: width, height: height) + Data("png \(path)".utf8)).write(to: url)
    }

    /// The 24 bytes a PNG starts with: signature, then the IHDR chunk's length, type, width and height.
    static func pngHeader(width: Int, height: Int) -> Data {
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height))
    }

    func configuration(output: String = "site", baseURL: String? = nil, theme: URL? = nil) -> SiteConfiguration {
        SiteConfiguration(
            title: "Test Dex", output: folder.appendingPathComponent(output, isDirectory: true),
            themeRoot: TestSupportPaths.packageRoot, themeOverride: theme, spritesRoot: sprites,
            baseURL: baseURL, pageSize: 5, concurrency: 2
        )
    }

    func build(
        output: String = "site", baseURL: String? = nil, theme: URL? = nil,
        collection: SiteCollection = .empty, check: SiteCheck? = nil, catalog: Catalog = TestCatalog.make()
    ) async throws -> BuildSummary {
        try await SiteBuilder(configuration: configuration(output: output, baseURL: baseURL, theme: theme))
            .build(catalog: catalog, collection: collection, check: check)
    }

    func read(_ path: String, output: String = "site") throws -> String {
        try String(contentsOf: folder.appendingPathComponent(output).appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file of a built site with its bytes, by relative path.
    func contents(output: String = "site") throws -> [String: Data] {
        var files: [String: Data] = [:]
        for file in Theme.files(under: folder.appendingPathComponent(output)) {
            files[file.relative] = try Data(contentsOf: file.url)
        }
        return files
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
