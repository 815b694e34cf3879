import Foundation
import TemplateEngine
import TestSupport
import Testing

@Suite("Template library")
struct TemplateLibraryTests {
    /// A fresh temporary folder holding `files` (relative path → contents).
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("names templates by relative path and finds partials in partials/")
    func namesAndPartials() throws {
        let root = try folder([
            "layout.mustache": "<body>{{$content}}{{/content}}</body>",
            "detail.mustache": "{{<layout}}{{$content}}{{> card}}{{/content}}{{/layout}}",
            "partials/card.mustache": "<b>{{name}}</b>",
            "notes.txt": "ignored",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try TemplateLibrary(directory: root)
        #expect(library.templates.keys.sorted() == ["detail", "layout", "partials/card"])
        #expect(try library.render("detail", ["name": "Bulbasaur"]) == "<body><b>Bulbasaur</b></body>")
        #expect(try library.render("card", ["name": "Ivysaur"]) == "<b>Ivysaur</b>")
    }

    @Test("a partial's name finds the top-level template first, then the one in partials/; a full path finds its own")
    func partialPrecedence() throws {
        let library = TemplateLibrary(templates: try [
            "page": "[{{> card}}|{{> badge}}|{{> partials/card}}|{{> partials/row}}|{{> row}}|{{> partials/deep}}|{{> missing}}]",
            "card": "top card", "partials/card": "partial card", "partials/badge": "partial badge",
            "partials/partials/row": "nested row", "partials/row": "partial row", "partials/partials/deep": "nested deep",
        ].reduce(into: [String: Template]()) { $0[$1.key] = try Template(source: $1.value, name: $1.key) })
        #expect(try library.render("page", [:]) == "[top card|partial badge|partial card|partial row|partial row|nested deep|]")
        #expect(library.template(named: "badge")?.name == "partials/badge")
        #expect(library.template(named: "partials/badge")?.name == "partials/badge")
        #expect(library.template(named: "partials/partials/row")?.name == "partials/partials/row")
        #expect(library.template(named: "missing") == nil)
        // A copy follows the same rule.
        #expect(try library.copy().render("page", [:]) == "[top card|partial badge|partial card|partial row|partial row|nested deep|]")
    }

    @Test("lets a theme override one partial by name and keeps the rest")
    func themeOverride() throws {
        let root = try folder(["page.mustache": "[{{> card}}|{{> badge}}]", "partials/card.mustache": "default {{name}}",
                               "partials/badge.mustache": "badge"])
        let theme = try folder(["partials/card.mustache": "themed {{name}}"])
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: theme)
        }
        let library = try TemplateLibrary(directory: root, theme: theme)
        #expect(try library.render("page", ["name": "Mew"]) == "[themed Mew|badge]")
    }

    @Test("reports a broken template with its path under its folder and its position when loading")
    func brokenTemplate() throws {
        let root = try folder(["partials/card.mustache": "ok\n{{#types}}"])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try TemplateLibrary(directory: root)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == root.appendingPathComponent("partials/card.mustache").path)
            #expect((error.line, error.column) == (2, 1))
            #expect(error.sourceLine == "{{#types}}")
        }
    }

    @Test("a broken theme override is named by the theme's file, not the default it replaces")
    func brokenOverride() throws {
        let root = try folder(["page.mustache": "[{{name}}]"])
        let theme = try folder(["page.mustache": "line one\n{{#name}}"])
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: theme)
        }
        do {
            _ = try TemplateLibrary(directory: root, theme: theme)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == theme.appendingPathComponent("page.mustache").path)
            #expect((error.line, error.column) == (2, 1))
        }
        // The same override compiles once mended; the default was never the problem.
        try Data("line one\n{{#name}}{{/name}}".utf8).write(to: theme.appendingPathComponent("page.mustache"))
        #expect(try TemplateLibrary(directory: root, theme: theme).render("page", ["name": "Mew"]) == "line one\n")
    }

    @Test("in strict mode reports a typo in a theme with the file and line")
    func strictTypo() throws {
        let root = try folder(["page.mustache": "{{title}}\n{{> card}}", "card.mustache": "\n\n{{nmae}}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try TemplateLibrary(directory: root, strict: true)
        do {
            _ = try library.render("page", ["title": "t", "name": "n"])
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "card.mustache")
            #expect(error.line == 3)
            #expect(error.message.contains("'nmae'"))
        }
    }

    @Test("a link to a template inside the folder is a template by the link's own name; one leading out is left out")
    func links() throws {
        let root = try folder(["page.mustache": "[{{> card}}]", "inner/card.mustache": "inner {{name}}"])
        let outside = try folder(["secret.mustache": "secret"])
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("partials").path, withDestinationPath: "inner")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("card.mustache").path, withDestinationPath: "inner/card.mustache")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("leak.mustache").path,
                                       withDestinationPath: outside.appendingPathComponent("secret.mustache").path)
        let library = try TemplateLibrary(directory: root)
        // `card` by the link, `inner/card` by the file; the linked folder is not walked
        // into, and the link out is not read.
        #expect(library.templates.keys.sorted() == ["card", "inner/card", "page"])
        #expect(try library.render("page", ["name": "Mew"]) == "[inner Mew]")
        // A theme's link overrides by its name too.
        let theme = try folder(["mine/card.mustache": "mine {{name}}"])
        defer { try? FileManager.default.removeItem(at: theme) }
        try manager.createSymbolicLink(atPath: theme.appendingPathComponent("card.mustache").path, withDestinationPath: "mine/card.mustache")
        #expect(try TemplateLibrary(directory: root, theme: theme).render("page", ["name": "Mew"]) == "[mine Mew]")
    }

    @Test("names a missing template and a missing folder")
    func missing() throws {
        let root = try folder(["a.mustache": "a"])
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try TemplateLibrary(directory: root)
        #expect(throws: TemplateError.self) { try library.render("nope", [:]) }
        #expect(throws: TemplateError.self) { try TemplateLibrary(directory: root.appendingPathComponent("absent")) }
    }
}

@Suite("The project's Templates/ folder")
struct ProjectTemplatesTests {
    static let folder = SharedFixtures.packageRoot.appendingPathComponent("Templates", isDirectory: true)
    static let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".").path)

    @Test("every template in Templates/ compiles", .enabled(if: exists, "skipped: no Templates/ folder in this checkout yet"))
    func compiles() throws {
        let library = try TemplateLibrary(directory: Self.folder)
        #expect(!library.templates.isEmpty)
    }
}
