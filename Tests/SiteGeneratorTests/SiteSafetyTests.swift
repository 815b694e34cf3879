import CSystemExtras
import Foundation
import Testing
import TestSupport
@testable import SiteGenerator

/// What the output stage promises whatever the data says: pages under a policy that
/// forbids inline code, files created new, and a swap that never leaves no site.
@Suite("Site output safety")
struct SiteSafetyTests {
    @Test("every page carries a Content-Security-Policy and needs no inline style or script")
    func contentSecurityPolicy() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build(collection: SiteCollection(caught: [.init(pokemon: "pikachu", nickname: "Sparky", level: 12)]))
        let pages = try site.contents().filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 10)
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self';"#), "\(path)")
            #expect(!html.contains(" style="), "\(path) has an inline style")
            #expect(html.range(of: #"<script>"#) == nil, "\(path) has an inline script")
            #expect(html.range(of: #" on[a-z]+="#, options: .regularExpression) == nil, "\(path) has an event handler attribute")
        }
        let sizes = try site.read("assets/sizes.css")
        #expect(sizes.contains(".w-100 { width: 100%; }"), "stat bars are sized by class")
    }

    @Test("a theme file linked out of the theme is left out and said, on the build and on the unchanged rebuild after it; one linked inside is used")
    func themeLinksOut() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let manager = FileManager.default
        let theme = site.folder.appendingPathComponent("theme", isDirectory: true)
        try manager.createDirectory(at: theme.appendingPathComponent("Public"), withIntermediateDirectories: true)
        try manager.createDirectory(at: theme.appendingPathComponent("Templates/mine"), withIntermediateDirectories: true)
        let secret = site.folder.appendingPathComponent("secret.css")
        try Data("body { background: url(secret) }".utf8).write(to: secret)
        try manager.createSymbolicLink(at: theme.appendingPathComponent("Public/leak.css"), withDestinationURL: secret)
        try manager.createSymbolicLink(at: theme.appendingPathComponent("Templates/about.mustache"), withDestinationURL: secret)
        try Data("{{<layout}}{{$main}}<p>MINE</p>{{/main}}{{/layout}}".utf8).write(to: theme.appendingPathComponent("Templates/mine/home.mustache"))
        try manager.createSymbolicLink(atPath: theme.appendingPathComponent("Templates/home.mustache").path, withDestinationPath: "mine/home.mustache")
        let builder = SiteBuilder(configuration: site.configuration(theme: theme))
        let key = builder.key(BuildKey.Inputs(tool: "t", data: "1", selection: "all", collection: "none"))
        let built = try await builder.build(catalog: TestCatalog.make(), key: key)
        let output = site.folder.appendingPathComponent("site")
        let said = built.warnings.filter { $0.contains("refused the theme file") }
        #expect(said.count == 2, "\(built.warnings)")
        #expect(said.contains { $0.contains("Public/leak.css") && $0.contains("(to \(secret.resolvingSymlinksInPath().path))") })
        #expect(said.contains { $0.contains("Templates/about.mustache") })
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("assets/leak.css").path))
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8).contains("<p>MINE</p>"), "the link inside is used")
        let kept = try #require(builder.unchangedSummary(key: key))
        #expect(kept.warnings == built.warnings, "said again when the site is kept")

        // A theme with no Templates/ folder holds its Public/: a link there is said once, as
        // an asset; a link that is neither template, strings nor asset is not said.
        let flat = site.folder.appendingPathComponent("flat", isDirectory: true)
        try manager.createDirectory(at: flat.appendingPathComponent("Public"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(at: flat.appendingPathComponent("Public/leak.css"), withDestinationURL: secret)
        try manager.createSymbolicLink(at: flat.appendingPathComponent("notes.txt"), withDestinationURL: secret)
        let flatBuilt = try await SiteBuilder(configuration: site.configuration(output: "flat-site", theme: flat)).build(catalog: TestCatalog.make(), key: key)
        let flatSaid = flatBuilt.warnings.filter { $0.contains("refused the theme file") }
        #expect(flatSaid.count == 1 && flatSaid.first?.contains("Public/leak.css") == true
                && flatSaid.first?.contains("leading out of \(flat.appendingPathComponent("Public").resolvingSymlinksInPath().path)") == true, "\(flatSaid)")
    }

    @Test("a path's folder is what NSString says it is, double and trailing slashes included")
    func folderOfPath() {
        for path in ["sprites/pokemon/25.png", "a/b/c/d.png", "index.html", "", "/", "/x", "en//x", "en/", "a//b/c", "//a//b//",
                     "/abs/x", "a/./b", "é/e\u{301}/f.png", "assets/sizes.css"] {
            #expect(StagingFolder.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
        // One letter: this toolchain's `NSString` stops the process there.
        #expect(StagingFolder.folder(of: "x") == "" && StagingFolder.folder(of: "x/") == "" && StagingFolder.folder(of: "a/x") == "a")
    }

    @Test("a file in staging is created new: a second write to the same path is refused")
    func exclusiveWrites() throws {
        let folder = try TemporaryFolder()
        let staging = try StagingFolder.prepare(output: folder.url.appendingPathComponent("site"))
        try staging.makeFolders(for: ["pokemon/a.html"])
        try staging.write(Data("one".utf8), to: "pokemon/a.html")
        #expect(throws: SiteError.self) { try staging.write(Data("two".utf8), to: "pokemon/a.html") }
        #expect(try String(contentsOf: staging.staging.appendingPathComponent("pokemon/a.html"), encoding: .utf8) == "one")
        // A symlink planted in staging is not followed.
        let victim = folder.url.appendingPathComponent("victim.txt")
        try Data("victim".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: staging.staging.appendingPathComponent("pokedex.json"), withDestinationURL: victim)
        #expect(throws: SiteError.self) { try staging.write(Data("index".utf8), to: "pokedex.json") }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
        #expect(throws: SiteError.self) { try staging.write(Data("x".utf8), to: "../escape.html") }
    }

    @Test("in the last site kept for updating, a path is still a file or a folder, never both; a kept folder of that name the tool did not build is left alone")
    func recycledClaims() async throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        let kept = folder.url.appendingPathComponent(".site.previous")
        try manager.createDirectory(at: kept.appendingPathComponent("d/e"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: kept.appendingPathComponent(StagingFolder.manifestName))
        try Data("old".utf8).write(to: kept.appendingPathComponent("d/e/old.html"))
        let staging = try StagingFolder.prepare(output: folder.url.appendingPathComponent("site"))
        #expect(staging.recycled)
        try staging.makeFolders(for: ["d/e/page.html"])
        try staging.write(Data("new".utf8), to: "d/e/page.html")
        #expect(throws: SiteError.self) { try staging.write(Data("x".utf8), to: "d/e") }
        try staging.write(Data("file".utf8), to: "f.html")
        #expect(throws: SiteError.self) { try staging.makeFolders(for: ["f.html/g.html"]) }
        #expect(try String(contentsOf: staging.staging.appendingPathComponent("f.html"), encoding: .utf8) == "file")
        #expect(staging.removeUnclaimed() == 2, "the old manifest and the old page")
        #expect(!manager.fileExists(atPath: staging.staging.appendingPathComponent("d/e/old.html").path))
        #expect(try String(contentsOf: staging.staging.appendingPathComponent("d/e/page.html"), encoding: .utf8) == "new")
        staging.discard()

        // A folder of that name with no manifest is not the tool's: never used, never removed.
        let site = try TestSite()
        defer { site.remove() }
        let foreign = site.folder.appendingPathComponent(".site.previous")
        try manager.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("notes.txt"))
        _ = try await site.build()
        _ = try await site.build(baseURL: "https://example.test/")
        _ = try await site.build()
        #expect(try manager.contentsOfDirectory(atPath: foreign.path) == ["notes.txt"])
        #expect(try site.read("index.html").contains("Test Dex"))
    }

    @Test("the kernel swaps two folders in one step")
    func exchange() throws {
        let folder = try TemporaryFolder()
        let first = folder.url.appendingPathComponent("a")
        let second = folder.url.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try Data("in a".utf8).write(to: first.appendingPathComponent("file"))
        try Data("in b".utf8).write(to: second.appendingPathComponent("file"))
        let result = pokedex_exchange_paths(first.path, second.path)
        try #require(result == 0, "renameat2(RENAME_EXCHANGE) is not available here (errno \(result))")
        #expect(try String(contentsOf: first.appendingPathComponent("file"), encoding: .utf8) == "in b")
        #expect(try String(contentsOf: second.appendingPathComponent("file"), encoding: .utf8) == "in a")
    }

    @Test("removing the old site removes its links, never what they lead to")
    func removeTreeStaysInside() throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        let outside = folder.url.appendingPathComponent("outside")
        let old = folder.url.appendingPathComponent("old")
        try manager.createDirectory(at: outside.appendingPathComponent("kept"), withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: outside.appendingPathComponent("kept/file"))
        for path in ["pokemon/a/b", "sprites/pokemon", "empty"] {
            try manager.createDirectory(at: old.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        for path in ["index.html", "pokemon/a/b/page.html", "sprites/pokemon/25.png"] {
            try Data(path.utf8).write(to: old.appendingPathComponent(path))
        }
        try manager.createSymbolicLink(at: old.appendingPathComponent("pokemon/out"), withDestinationURL: outside)
        try manager.createSymbolicLink(at: old.appendingPathComponent("file-out"), withDestinationURL: outside.appendingPathComponent("kept/file"))
        StagingFolder.removeTree(old.path)
        #expect(!manager.fileExists(atPath: old.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("kept/file"), encoding: .utf8) == "outside")
        // An output that was a link to a folder is swapped out as the link: the link goes, not the folder.
        let link = folder.url.appendingPathComponent("linked-site")
        try manager.createSymbolicLink(at: link, withDestinationURL: outside)
        StagingFolder.removeTree(link.path)
        #expect((try? manager.destinationOfSymbolicLink(atPath: link.path)) == nil, "the link is removed")
        #expect(try String(contentsOf: outside.appendingPathComponent("kept/file"), encoding: .utf8) == "outside", "what it led to is not")
        #expect(pokedex_remove_tree(folder.url.appendingPathComponent("never-there").path) == 0)
    }

    @Test("a rebuild exchanges the sites, leaving beside the output only the last site, for the next build to update")
    func swapLeavesNothing() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        _ = try await site.build(baseURL: "https://example.test/dex/")
        #expect(try site.read("sitemap.xml").contains("https://example.test/dex/"))
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.folder.path)
        #expect(!beside.contains(".site.staging"))
        #expect(!beside.contains(".site.old"))
        #expect(beside.contains(".site.previous"))
    }

    @Test("a site left aside by a swap killed midway is put back by the next build")
    func recoversRetiredSite() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        // What a kill between the fallback's two renames leaves: no site, the old one aside.
        let output = site.folder.appendingPathComponent("site")
        let retired = site.folder.appendingPathComponent(".site.old")
        try FileManager.default.moveItem(at: output, to: retired)
        let staging = try StagingFolder.prepare(output: output)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path), "put back before anything else")
        #expect(staging.previous != nil, "and its pages can be reused")
        #expect(!FileManager.default.fileExists(atPath: retired.path))
        staging.discard()
    }
}
