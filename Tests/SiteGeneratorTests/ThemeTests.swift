import Foundation
import Testing
@testable import SiteGenerator

@Suite("Themes")
struct ThemeTests {
    @Test("overrides templates by name and assets by path, keeping the rest")
    func overrides() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let theme = site.folder.appendingPathComponent("my-theme", isDirectory: true)
        let templates = theme.appendingPathComponent("Templates", isDirectory: true)
        let assets = theme.appendingPathComponent("Public", isDirectory: true)
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        try Data("{{<layout}}{{$main}}<p>Lost? {{t.notFound_home}}</p>{{/main}}{{/layout}}".utf8)
            .write(to: templates.appendingPathComponent("404.mustache"))
        try Data(#"{"notFound_home": "Home, sweet home"}"#.utf8).write(to: templates.appendingPathComponent("strings/en.json"))
        try Data("body { color: teal; }".utf8).write(to: assets.appendingPathComponent("site.css"))
        _ = try await site.build(theme: theme)
        #expect(try site.read("404.html").contains("<p>Lost? Home, sweet home</p>"))
        #expect(try site.read("assets/site.css") == "body { color: teal; }")
        #expect(try site.read("assets/site.js").contains("POKEDEX_INDEX"))
        #expect(try site.read("index.html").contains("<h1>Test Dex</h1>"))
    }

    @Test("rejects a strings table that is not an object of strings")
    func badStrings() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try Data(#"{"nav_home": 3}"#.utf8).write(to: folder.appendingPathComponent("strings/en.json"))
        #expect(throws: SiteError.self) { try SiteStrings(folders: [folder], language: "en") }
    }

    @Test("a strings table that is not JSON is named with the line and column where it stops")
    func stringsNotJSON() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("strings"), withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("strings/en.json")
        // A comma left out at the end of the second line: said where the third line's key starts.
        try Data("{\n  \"nav_home\": \"Home\"\n  \"nav_types\": \"Types\"\n}".utf8).write(to: file)
        do {
            _ = try SiteStrings(folders: [folder], language: "en")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("\(file.path) is not valid: not valid JSON at line 3, column 3"))
            #expect(!error.description.contains("correct format"))
        }
        // Valid JSON, but not an object: said as such, not as JSON that is not valid.
        try Data(#""Home""#.utf8).write(to: file)
        #expect(throws: SiteError.self) { try SiteStrings(folders: [folder], language: "en") }
        do {
            _ = try SiteStrings(folders: [folder], language: "en")
        } catch {
            #expect(error.description.contains("not an object of strings"))
        }
    }
}
