import Foundation
import Testing
@testable import SiteGenerator

/// What a build makes while its data is checked (the theme's prints, the output's manifest)
/// tells an unchanged site as the same made after the check does, and is used only for the
/// theme and output it was made for.
@Suite("Lookahead")
struct LookaheadTests {
    @Test("made before the check, it gives the key and the unchanged answer made after would; another theme's or output's is not used")
    func sameAnswers() async throws {
        let site = try TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let theme = site.folder.appendingPathComponent("theme/Templates/strings", isDirectory: true)
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data(#"{"home_intro": "First words."}"#.utf8).write(to: theme.appendingPathComponent("en.json"))
        let override = site.folder.appendingPathComponent("theme", isDirectory: true)
        let configuration = site.configuration(theme: override)
        let builder = SiteBuilder(configuration: configuration)
        func lookahead(output: URL = configuration.output, override: URL? = override) -> SiteBuilder.Lookahead {
            SiteBuilder.Lookahead(themeRoot: configuration.themeRoot, themeOverride: override, output: output)
        }
        let inputs = BuildKey.Inputs(tool: "t", data: "1", selection: "all", collection: "none")
        let key = builder.key(inputs)
        // Before there is a site: the key is the same, and there is nothing to keep.
        let before = lookahead()
        #expect(builder.key(inputs, theme: builder.theme(in: before)) == key)
        #expect(builder.unchangedSummary(key: key, lookahead: before) == nil)

        let built = try await builder.build(catalog: TestCatalog.make(), key: key)
        let after = lookahead()
        let kept = try #require(builder.unchangedSummary(key: key, lookahead: after))
        #expect(kept.pages == built.pages && kept.pagesRendered == 0)
        #expect(kept.pages == builder.unchangedSummary(key: key)?.pages)
        // Made before the site was built, it says what was there then: nothing.
        #expect(builder.unchangedSummary(key: key, lookahead: before) == nil)
        // Another key is another site.
        #expect(builder.unchangedSummary(key: builder.key(BuildKey.Inputs(tool: "t", data: "2", selection: "all", collection: "none")),
                                         lookahead: after) == nil)

        // A word edited after the lookahead was made: its prints are the old theme's, so the
        // key made from them is the old key; one made now sees the edit.
        try Data(#"{"home_intro": "Second words."}"#.utf8).write(to: theme.appendingPathComponent("en.json"))
        #expect(builder.key(inputs, theme: builder.theme(in: after)) == key)
        #expect(builder.key(inputs, theme: builder.theme(in: lookahead())) == builder.key(inputs))
        #expect(builder.key(inputs) != key)

        // Another theme's prints and another output's manifest are not taken.
        #expect(builder.theme(in: lookahead(override: nil)) == nil)
        let elsewhere = lookahead(output: site.folder.appendingPathComponent("elsewhere", isDirectory: true))
        #expect(builder.theme(in: elsewhere) != nil)
        #expect(builder.unchangedSummary(key: key, lookahead: elsewhere)?.pages == kept.pages, "this output's manifest, read now")

        // A page gone since the lookahead was made: asked after, so the site is built again.
        let page = configuration.output.appendingPathComponent("index.html")
        try FileManager.default.removeItem(at: page)
        #expect(builder.unchangedSummary(key: key, lookahead: after) == nil)
    }

    @Test("a build that goes on takes the lookahead's manifest and record instead of reading them again, only while the site stands as they say")
    func buildTakesWhatItRead() async throws {
        let site = try TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let configuration = site.configuration()
        let builder = SiteBuilder(configuration: configuration)
        func key(_ data: String) -> BuildKey { builder.key(BuildKey.Inputs(tool: "t", data: data, selection: "all", collection: "none")) }
        func lookahead(output: URL = configuration.output, between: () -> Void = {}) -> SiteBuilder.Lookahead {
            SiteBuilder.Lookahead(themeRoot: configuration.themeRoot, themeOverride: nil, output: output, between: between)
        }
        let first = try await builder.build(sites: [.init(catalog: TestCatalog.make())], key: key("1"))
        #expect(first.pagesRendered == first.pages)
        // Read as the site stands: every page is taken from it by the manifest read then.
        let current = lookahead()
        #expect(current.manifest?.pages.count == first.pages && current.files != nil)
        let second = try await builder.build(sites: [.init(catalog: TestCatalog.make())], key: key("2"), lookahead: current)
        #expect(second.pagesRendered == 0, "\(second.pagesRendered) of \(second.pages) rendered")
        // Another build swapping in while the lookahead reads (here: a manifest that keys the
        // home page otherwise, and a record of the site with it): the lookahead never pairs a
        // record with an older manifest, so no page is taken under a key it was not made
        // from. (Paired so, the home page was taken as it was: none rendered.)
        let manifestFile = configuration.output.appendingPathComponent(StagingFolder.manifestName)
        var edited = try #require(current.manifest)
        edited.pages["index.html"] = "changed by hand"
        let editedBytes = try edited.encoded()
        let racing = lookahead(between: {
            try? editedBytes.write(to: manifestFile, options: .atomic)
            SiteFiles.record(configuration.output.path)?.write(for: configuration.output)
        })
        let raced = try await builder.build(sites: [.init(catalog: TestCatalog.make())], key: key("2"), lookahead: racing)
        #expect(raced.pagesRendered > 0, "\(raced.pagesRendered) of \(raced.pages) rendered")
        // Read before the last build: its record no longer says how the site stands (the
        // manifest was written since), so nothing it read is taken, and every page is made.
        let third = try await builder.build(sites: [.init(catalog: TestCatalog.make())], key: key("3"), lookahead: current)
        #expect(third.pagesRendered == third.pages, "\(third.pagesRendered) of \(third.pages) rendered")
        // Made for another output: not taken; this output's, read now, is.
        let elsewhere = lookahead(output: site.folder.appendingPathComponent("elsewhere", isDirectory: true))
        let fourth = try await builder.build(sites: [.init(catalog: TestCatalog.make())], key: key("4"), lookahead: elsewhere)
        #expect(fourth.pagesRendered == 0, "\(fourth.pagesRendered) of \(fourth.pages) rendered")
        // The clean build's bytes, every file (the same sprites: what the build read of them
        // is in its bookkeeping).
        _ = try await SiteBuilder(configuration: site.configuration(output: "clean")).build(sites: [.init(catalog: TestCatalog.make())], key: key("4"))
        let (built, cleanFiles) = (try site.contents(), try site.contents(output: "clean"))
        #expect(built.keys.sorted() == cleanFiles.keys.sorted())
        #expect(built.keys.sorted().filter { built[$0] != cleanFiles[$0] } == [])
    }

    @Test("another build swapping in while the lookahead reads never makes the unchanged answer keep its site")
    func raceKeepsNothing() async throws {
        let site = try TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let configuration = site.configuration()
        let builder = SiteBuilder(configuration: configuration)
        func key(_ data: String) -> BuildKey { builder.key(BuildKey.Inputs(tool: "t", data: data, selection: "all", collection: "none")) }
        _ = try await builder.build(sites: [.init(catalog: TestCatalog.make())], key: key("1"))
        // What another build of other inputs leaves: its manifest (another key) and its record.
        let manifestFile = configuration.output.appendingPathComponent(StagingFolder.manifestName)
        var other = BuildManifest.read(from: configuration.output)
        other.key = key("2")
        let otherBytes = try other.encoded()
        let racing = SiteBuilder.Lookahead(themeRoot: configuration.themeRoot, themeOverride: nil, output: configuration.output, between: {
            try? otherBytes.write(to: manifestFile, options: .atomic)
            SiteFiles.record(configuration.output.path)?.write(for: configuration.output)
        })
        // The site now is the other build's: not the one key 1 made. (Read the other way
        // round, the first manifest and the second record stood together.)
        #expect(builder.unchangedSummary(key: key("1"), lookahead: racing) == nil)
        #expect(builder.unchangedSummary(key: key("2")) != nil, "the other build's site, as it stands")
    }
}
