import TemplateEngine
import Testing

@Suite("Template errors")
struct TemplateErrorTests {
    private func compileError(_ source: String, name: String = "page.mustache") -> TemplateError? {
        do {
            _ = try Template(source: source, name: name)
            return nil
        } catch {
            return error
        }
    }

    @Test("points at an unclosed section's open tag")
    func unclosedSection() throws {
        let error = try #require(compileError("<ul>\n  {{#stats}}\n  <li>{{name}}</li>\n</ul>"))
        #expect(error.file == "page.mustache")
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.sourceLine == "  {{#stats}}")
        #expect(error.message.contains("'stats' is never closed"))
        #expect(error.description == """
            page.mustache:2:3: error: section 'stats' is never closed
                  {{#stats}}
                  ^
            help: add {{/stats}} where the section should end
            """)
    }

    @Test("points at a close tag that does not match the open one")
    func mismatchedClose() throws {
        let error = try #require(compileError("{{#moves}}\n{{#types}}x{{/moves}}{{/types}}"))
        #expect(error.line == 2)
        #expect(error.column == 12)
        #expect(error.message.contains("'types' (opened at 2:1)"))
    }

    @Test("points at a close tag that closes nothing")
    func strayClose() throws {
        let error = try #require(compileError("ok\nstill ok {{/nothing}}"))
        #expect((error.line, error.column) == (2, 10))
    }

    @Test("points at a tag that is not terminated on its line")
    func unterminatedTag() throws {
        let error = try #require(compileError("<h1>{{name</h1>\n{{other}}"))
        #expect((error.line, error.column) == (1, 5))
        #expect(error.message.contains("'}}'"))
    }

    @Test("points at a bad set-delimiter tag")
    func badDelimiters() throws {
        let error = try #require(compileError("a\nb {{=<%=}}"))
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message.contains("set-delimiter"))
    }

    @Test("rejects names with spaces and empty tags")
    func badNames() throws {
        #expect(compileError("{{first name}}")?.message.contains("not a valid name") == true)
        #expect(compileError("x {{ }}")?.column == 3)
    }

    @Test("reports a missing name in strict mode with the file and line")
    func strictMissingName() throws {
        let template = try Template(source: "<p>\n  {{pokemon.nmae}}</p>", name: "card.mustache")
        #expect(try template.render(["pokemon": ["name": "Pikachu"]]) == "<p>\n  </p>")
        #expect(throws: TemplateError.self) { try template.render([:], options: RenderOptions(strict: true)) }
        do {
            _ = try template.render(["pokemon": ["name": "Pikachu"]], options: RenderOptions(strict: true))
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "card.mustache")
            #expect((error.line, error.column) == (2, 3))
            #expect(error.message.contains("'pokemon.nmae'"))
        }
    }

    @Test("reports an unknown partial in strict mode and renders it empty otherwise")
    func strictMissingPartial() throws {
        let template = try Template(source: "[{{> nowhere}}]")
        #expect(try template.render([:]) == "[]")
        #expect(throws: TemplateError.self) { try template.render([:], options: RenderOptions(strict: true)) }
    }

    @Test("stops endless partial recursion with an error instead of hanging")
    func recursionBound() throws {
        let loop = try Template(source: "again {{> loop}}", name: "loop")
        do {
            _ = try loop.render([:], partials: ["loop": loop], options: RenderOptions(maxDepth: 20))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("deeper than 20"))
            #expect(error.file == "loop")
        }
    }

    /// Found by the fuzzer: an override of block `a` that holds a block `a` resolves to
    /// itself forever, without any partial to count, and overflowed the stack.
    @Test("stops a block that overrides itself with an error, with its position")
    func selfOverridingBlock() throws {
        let layout = try Template(source: "{{$a}}default{{/a}}", name: "layout")
        let page = try Template(source: "{{<layout}}{{$a}}X{{$a}}Y{{/a}}{{/a}}{{/layout}}", name: "page")
        do {
            _ = try page.render([:], partials: ["layout": layout], options: RenderOptions(maxDepth: 20))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("deeper than 20"))
            #expect(error.message.contains("block a"))
            #expect(error.line == 1)
        }
        // A block that only nests other blocks still renders.
        let nested = try Template(source: "{{<layout}}{{$a}}[{{$b}}B{{/b}}]{{/a}}{{/layout}}", name: "nested")
        #expect(try nested.render([:], partials: ["layout": layout]) == "[B]")
    }
}

@Suite("Template limits")
struct TemplateLimitTests {
    @Test("refuses sections nested thousands deep instead of overflowing the stack")
    func deepNesting() {
        let source = String(repeating: "{{#a}}", count: 5000) + String(repeating: "{{/a}}", count: 5000)
        #expect(throws: TemplateError.self) { try Template(source: source) }
        let fine = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect((try? Template(source: fine).render(["a": true])) == "x")
    }

    @Test("stops a lambda that expands into itself")
    func recursiveLambda() throws {
        let template = try Template(source: "{{#again}}x{{/again}}")
        let again = TemplateValue.lambda(TemplateLambda { "{{#again}}" + $0 + "{{/again}}" })
        #expect(throws: TemplateError.self) { try template.render(["again": again]) }
    }
}
