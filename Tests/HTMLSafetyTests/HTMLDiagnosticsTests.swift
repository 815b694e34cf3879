@testable import HTMLSafety
import Testing

@Suite("libxml2's HTML parser, reached through the C target")
struct HTMLDiagnosticsTests {
    @Test("A well-formed page has no issues")
    func cleanPage() {
        let html = "<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>Hi</p></body></html>\n"
        #expect(HTMLDiagnostics.issues(in: html).isEmpty)
    }

    @Test("An unknown tag is reported on the line it sits on")
    func reportsLine() throws {
        let html = "<!DOCTYPE html>\n<html><body>\n<p>one</p>\n<blink>two</blink>\n</body></html>\n"
        let issues = HTMLDiagnostics.problems(in: html)
        let issue = try #require(issues.first)
        #expect(issue.line == 4)
        #expect(issue.message.contains("blink"))
        #expect(issue.subject == "blink")
    }

    @Test("A stray end tag is an error with its line")
    func strayEndTag() throws {
        let html = "<!DOCTYPE html>\n<html><body>\n\n</span>\n</body></html>\n"
        let issue = try #require(HTMLDiagnostics.problems(in: html).first)
        #expect(issue.line == 4)
        #expect(issue.severity != .warning)
    }

    @Test("HTML5, SVG and custom elements are not problems, though libxml2 does not know them")
    func html5IsAccepted() {
        let html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>t</title></head>
        <body><header><nav><a href="a.html">a</a></nav></header>
        <main><section><article><figure><picture><source srcset="a.png"><img src="a.png" alt=""></picture>
        <figcaption>c</figcaption></figure><details><summary>s</summary><p><mark>m</mark> <time datetime="2024">t</time></p></details>
        <svg viewBox="0 0 10 10" aria-hidden="true"><g><path d="M0 0L10 10"/><circle cx="5" cy="5" r="2"/></g></svg>
        <template id="row"><p>row</p></template><poke-card>x</poke-card></article></section></main>
        <footer>f</footer></body></html>
        """
        #expect(HTMLDiagnostics.issues(in: html).isEmpty == false, "libxml2 2.9 should still call these unknown")
        #expect(HTMLDiagnostics.problems(in: html).isEmpty)
    }

    @Test("Nodes carry the line they start on")
    func nodeLines() throws {
        let tree = HTMLTree(html: "<!DOCTYPE html>\n<html><body>\n\n<p id=\"x\">a</p>\n</body></html>")
        var lines: [String: Int] = [:]
        tree.forEachElement { lines[$0.name] = $0.line }
        #expect(lines["p"] == 4)
    }

    @Test("Parses on many tasks at once keep their errors apart")
    func concurrentParsesKeepTheirOwnErrors() async {
        let results = await withTaskGroup(of: (Int, [Int]).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let padding = String(repeating: "<p>x</p>\n", count: index)
                    let html = "<!DOCTYPE html>\n<html><body>\n" + padding + "</span>\n</body></html>\n"
                    for _ in 0..<20 { _ = HTMLDiagnostics.problems(in: html) }
                    return (index, HTMLDiagnostics.problems(in: html).map(\.line))
                }
            }
            var collected: [(Int, [Int])] = []
            for await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 64)
        for (index, lines) in results {
            #expect(lines == [index + 3], "page \(index) got another page's errors: \(lines)")
        }
    }
}
